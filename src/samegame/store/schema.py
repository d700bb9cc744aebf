"""The database file: where it lives, its schema and format version, the upgrade from format 1, and the checks that refuse a damaged, foreign or newer file before anything is written."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from samegame.store import paths
from samegame.store.errors import StoreError

DB_NAME = "samegame.sqlite3"
SCHEMA_VERSION = 2
APPLICATION_ID = int.from_bytes(b"SAME", "big")
BUSY_TIMEOUT_SECONDS = 5.0

# -- schema ------------------------------------------------------------------------

_STATUS_CHECK = "CHECK (status IN ('unfinished', 'finished', 'abandoned'))"

_SCHEMA = (
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
_UPGRADE_TO_2 = (
    "ALTER TABLE games ADD COLUMN assistance TEXT NOT NULL DEFAULT '[]'",
    "ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0",
    "PRAGMA user_version = 2",
)

_GAME_COLUMNS = (
    "created, updated, preset, category, formula, clear_bonus, penalty, min_group, width, "
    "height, colours, board_type, board_number, board, challenge_id, stage, moves, redo, "
    "practice, reasons, status"
)

# Finished challenges with their derived total and practice flag.
_CHALLENGE_TOTALS = """
    SELECT c.id, c.preset, c.finished, SUM(g.score) AS total, MAX(g.practice) AS practice
    FROM challenges AS c JOIN games AS g ON g.challenge_id = c.id AND g.status = 'finished'
    WHERE c.status = 'finished'
    GROUP BY c.id
"""


class _Facts(NamedTuple):
    """What the opening checks read from a database file."""

    check: tuple[str, ...]
    version: int
    application_id: int
    objects: int


def default_path() -> Path:
    """The database of the current user (or of ``$SAMEGAME_HOME``)."""
    return paths.data_dir() / DB_NAME


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _damaged(path: Path) -> StoreError:
    return StoreError(
        f"{path} is not a samegame database or is damaged; move it away (a new one is "
        f"then started) or set {paths.HOME_VAR} to another folder"
    )


def _newer(path: Path, version: int) -> StoreError:
    return StoreError(
        f"{path} was written by a newer samegame (database format {version}, this version "
        f"reads format {SCHEMA_VERSION}); upgrade samegame or set {paths.HOME_VAR} to "
        "another folder"
    )


def _failure(path: Path, doing: str, error: sqlite3.Error) -> StoreError:
    if getattr(error, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        advice = "another samegame kept it busy; try again"
    else:
        advice = (
            "check that the folder is writable and has space, "
            f"or set {paths.HOME_VAR} to another folder"
        )
    return StoreError(f"could not {doing} {path}: {error}; {advice}")


def _is_damage(error: sqlite3.Error) -> bool:
    name = getattr(error, "sqlite_errorname", "")
    return name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT"))


def _read_facts(connection: sqlite3.Connection, *, quick_check: bool) -> _Facts:
    check: tuple[str, ...] = ("ok",)
    if quick_check:
        check = tuple(str(row[0]) for row in connection.execute("PRAGMA quick_check"))
    version = int(connection.execute("PRAGMA user_version").fetchone()[0])
    application_id = int(connection.execute("PRAGMA application_id").fetchone()[0])
    objects = int(connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0])
    return _Facts(check, version, application_id, objects)


def _is_new(path: Path, facts: _Facts) -> bool:
    """True for a new (empty) database, False for a samegame database of this
    format; StoreError for anything else: damaged, foreign or newer."""
    if facts.check != ("ok",):
        raise _damaged(path)
    if facts.objects == 0 and facts.version == 0 and facts.application_id == 0:
        return True
    if facts.application_id != APPLICATION_ID or facts.version < 1:
        raise _damaged(path)
    if facts.version > SCHEMA_VERSION:
        raise _newer(path, facts.version)
    return False


def _check_existing(path: Path) -> None:
    """Judge an existing file through a read-only connection, so that a damaged,
    foreign or newer file is never written to."""
    uri = f"{path.resolve().as_uri()}?mode=ro"
    try:
        with closing(sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_SECONDS)) as connection:
            facts = _read_facts(connection, quick_check=True)
    except sqlite3.Error as error:
        raise (_damaged(path) if _is_damage(error) else _failure(path, "open", error)) from None
    _is_new(path, facts)


def _make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(
            f"cannot create the folder {folder}: {error.strerror}; "
            f"set {paths.HOME_VAR} to a writable folder"
        ) from None


def _is_old(facts: _Facts) -> bool:
    return facts.version < SCHEMA_VERSION
