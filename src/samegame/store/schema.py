"""The database file's name and format: where it lives, its schema and format
version, the upgrade from format 1, and the SQL the parts of the store share.
docs/store.md gives the schema in words."""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from functools import cache
from pathlib import Path
from typing import NamedTuple

from samegame.store import paths

DB_NAME = "samegame.sqlite3"
SCHEMA_VERSION = 3
APPLICATION_ID = int.from_bytes(b"SAME", "big")
BUSY_TIMEOUT_SECONDS = 5.0

# -- schema ------------------------------------------------------------------------

_STATUS_CHECK = "CHECK (status IN ('unfinished', 'finished', 'abandoned'))"

# A game's review as it is kept (samegame.review.stored), with the moves it is of.
REVIEWS_TABLE = """CREATE TABLE reviews (
        game_id INTEGER PRIMARY KEY REFERENCES games (id),
        moves TEXT NOT NULL,
        complete INTEGER NOT NULL CHECK (complete IN (0, 1)),
        review TEXT NOT NULL,
        updated TEXT NOT NULL
    )"""

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
    REVIEWS_TABLE,
    f"PRAGMA application_id = {APPLICATION_ID}",
    f"PRAGMA user_version = {SCHEMA_VERSION}",
)

# From format 1: the help used, and a revision per game row.
UPGRADE_TO_2 = (
    "ALTER TABLE games ADD COLUMN assistance TEXT NOT NULL DEFAULT '[]'",
    "ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0",
    "PRAGMA user_version = 2",
)

# From format 2: the table of kept reviews.
UPGRADE_TO_3 = (REVIEWS_TABLE, "PRAGMA user_version = 3")


def upgrade_from(version: int) -> tuple[str, ...]:
    """The statements that bring a file of format ``version`` (1 or more, below
    ``SCHEMA_VERSION``) to the current format, in order."""
    steps = {1: UPGRADE_TO_2, 2: UPGRADE_TO_3}
    return tuple(s for step in range(version, SCHEMA_VERSION) for s in steps[step])


GAME_COLUMNS = (
    "created, updated, preset, category, formula, clear_bonus, penalty, min_group, width, "
    "height, colours, board_type, board_number, board, challenge_id, stage, moves, redo, "
    "practice, reasons, status"
)


class Column(NamedTuple):
    """A column as ``PRAGMA table_info`` describes it, without its position."""

    name: str
    type: str
    not_null: bool
    default: object
    primary_key: int


TABLES = ("challenges", "games", "settings", "reviews")

ADDED_TABLES = {"reviews": 3}
"""Tables a file of an older format may lack, and the format that added each."""


@cache
def expected_columns() -> dict[str, tuple[Column, ...]]:
    """The columns of every table of a format ``SCHEMA_VERSION`` file, in order:
    read from a database made with ``SCHEMA`` in memory, so the schema is written
    once."""
    with closing(sqlite3.connect(":memory:")) as db:
        for statement in SCHEMA:
            db.execute(statement)
        return {table: table_columns(db, table) for table in TABLES}


def table_columns(db: sqlite3.Connection, table: str) -> tuple[Column, ...]:
    """The columns of a table of ``db`` (none when there is no such table)."""
    rows = db.execute(f"PRAGMA table_info({table})").fetchall()
    return tuple(
        Column(str(row[1]), str(row[2]).upper(), bool(row[3]), row[4], int(row[5])) for row in rows
    )


def upgraded_columns() -> frozenset[str]:
    """The game columns a format 1 file lacks (those ``UPGRADE_TO_2`` adds)."""
    return frozenset(re.findall(r"ADD COLUMN (\w+)", " ".join(UPGRADE_TO_2)))


def column_names(table: str) -> tuple[str, ...]:
    """The names of a table's columns, in order."""
    return tuple(column.name for column in expected_columns()[table])


def default_path() -> Path:
    """The database of the current user (or of ``$SAMEGAME_HOME``)."""
    return paths.data_dir() / DB_NAME
