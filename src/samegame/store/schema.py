"""The database file's name and format: where it lives, its schema and format
version, the upgrade from format 1, and the SQL the parts of the store share.
docs/store.md gives the schema in words."""

from __future__ import annotations

from pathlib import Path

from samegame.store import paths

DB_NAME = "samegame.sqlite3"
SCHEMA_VERSION = 2
APPLICATION_ID = int.from_bytes(b"SAME", "big")
BUSY_TIMEOUT_SECONDS = 5.0

# -- schema ------------------------------------------------------------------------

_STATUS_CHECK = "CHECK (status IN ('unfinished', 'finished', 'abandoned'))"

SCHEMA = (
    f"""CREATE TABLE challenges (
        id INTEGER PRIMARY KEY,
        preset TEXT NOT NULL,
        status TEXT NOT NULL {_STATUS_CHECK},
        created TEXT NOT NULL,
        updated TEXT NOT NULL,
        finished TEXT
    )""",
    f"""CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        created TEXT NOT NULL,
        updated TEXT NOT NULL,
        finished TEXT,
        preset TEXT NOT NULL,
        category TEXT NOT NULL,
        formula TEXT NOT NULL,
        clear_bonus INTEGER NOT NULL,
        penalty TEXT NOT NULL,
        min_group INTEGER NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        colours INTEGER NOT NULL,
        board_type TEXT NOT NULL,
        board_number INTEGER,
        board TEXT NOT NULL,
        challenge_id INTEGER REFERENCES challenges (id),
        stage INTEGER,
        moves TEXT NOT NULL,
        redo TEXT NOT NULL,
        practice INTEGER NOT NULL CHECK (practice IN (0, 1)),
        reasons TEXT NOT NULL,
        status TEXT NOT NULL {_STATUS_CHECK},
        points INTEGER,
        bonus INTEGER,
        penalty_points INTEGER,
        score INTEGER,
        remaining INTEGER,
        move_count INTEGER,
        cleared INTEGER,
        assistance TEXT NOT NULL DEFAULT '[]',
        revision INTEGER NOT NULL DEFAULT 0,
        CHECK ((status = 'finished') = (score IS NOT NULL)),
        CHECK ((challenge_id IS NULL) = (stage IS NULL))
    )""",
    "CREATE INDEX games_by_status ON games (status, preset, category, updated)",
    "CREATE INDEX games_by_board ON games (category, board_number)",
    """CREATE UNIQUE INDEX one_live_game_per_stage ON games (challenge_id, stage)
        WHERE challenge_id IS NOT NULL AND status != 'abandoned'""",
    "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    f"PRAGMA application_id = {APPLICATION_ID}",
    f"PRAGMA user_version = {SCHEMA_VERSION}",
)

# From format 1: the help used, and a revision per game row.
UPGRADE_TO_2 = (
    "ALTER TABLE games ADD COLUMN assistance TEXT NOT NULL DEFAULT '[]'",
    "ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0",
    "PRAGMA user_version = 2",
)

GAME_COLUMNS = (
    "created, updated, preset, category, formula, clear_bonus, penalty, min_group, width, "
    "height, colours, board_type, board_number, board, challenge_id, stage, moves, redo, "
    "practice, reasons, status"
)

# Finished challenges with their derived total and practice flag.
CHALLENGE_TOTALS = """
    SELECT c.id, c.preset, c.finished, SUM(g.score) AS total, MAX(g.practice) AS practice
    FROM challenges AS c JOIN games AS g ON g.challenge_id = c.id AND g.status = 'finished'
    WHERE c.status = 'finished'
    GROUP BY c.id
"""


def default_path() -> Path:
    """The database of the current user (or of ``$SAMEGAME_HOME``)."""
    return paths.data_dir() / DB_NAME
