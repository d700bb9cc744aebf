"""Two samegames creating the database at the same moment: whatever point the other
one's schema is committed at, this one opens a good database, never calls it
damaged, and the two make one schema."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from samegame.store import APPLICATION_ID, DB_NAME, SCHEMA_VERSION, Store
from samegame.store.schema import SCHEMA

FACT_STATEMENTS = 6
"""More statements than the opening check reads facts with, so that every gap
between two of them is tried."""


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "data" / DB_NAME
    path.parent.mkdir()
    return path


@pytest.fixture
def other(db: Path) -> Iterator[sqlite3.Connection]:
    """The other samegame: it has made the file and switched it to WAL, as its
    opening does first, and has not made the schema yet."""
    with closing(sqlite3.connect(db, isolation_level=None, check_same_thread=False)) as connection:
        connection.execute("PRAGMA journal_mode = WAL")
        yield connection


def create_schema(connection: sqlite3.Connection) -> None:
    connection.execute("BEGIN IMMEDIATE")
    for statement in SCHEMA:
        connection.execute(statement)
    connection.execute("COMMIT")


def meddling_checks(
    monkeypatch: pytest.MonkeyPatch, before_statement: int, meanwhile: Callable[[], None]
) -> list[str]:
    """Run ``meanwhile`` just before statement ``before_statement`` (from 1, not
    counting BEGIN) of every read-only connection the store opens to check a file;
    returns the statements those connections ran."""
    ran: list[str] = []
    real_connect = sqlite3.connect

    class Meddling(sqlite3.Connection):
        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
            if sql != "BEGIN":
                ran.append(sql)
                if len(ran) == before_statement:
                    meanwhile()
            return super().execute(sql, *args)

    def connect(database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        if kwargs.get("uri") and "mode=ro" in str(database):
            kwargs["factory"] = Meddling
        return real_connect(database, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", connect)
    return ran


def assert_one_good_schema(db: Path) -> None:
    with closing(sqlite3.connect(db)) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert raw.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        tables = raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        assert sorted(name for (name,) in tables) == ["challenges", "games", "reviews", "settings"]


@pytest.mark.parametrize("before_statement", range(1, FACT_STATEMENTS + 1))
def test_a_schema_committed_during_the_opening_check_is_not_damage(
    db: Path, other: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch, before_statement: int
) -> None:
    """Read one statement at a time, the facts mixed the empty file's format
    version with the other's new tables, and a good database was refused as
    damaged ("is not a samegame database or is damaged")."""
    ran = meddling_checks(monkeypatch, before_statement, lambda: create_schema(other))
    with Store(db) as store:
        store.set_setting("k", 1)
        assert store.get_setting("k") == 1
    assert ran, "the existing file was checked through a read-only connection"
    assert_one_good_schema(db)


def test_a_schema_being_made_in_an_open_transaction_opens_as_new(
    db: Path, other: sqlite3.Connection
) -> None:
    """The other samegame holds its schema half-made in an open transaction: the
    file reads as new, and this one waits for the write lock, sees the other's
    schema and uses it."""
    other.execute("BEGIN IMMEDIATE")
    for statement in SCHEMA[:2]:
        other.execute(statement)

    def finish() -> None:
        time.sleep(0.3)
        for statement in SCHEMA[2:]:
            other.execute(statement)
        other.execute("COMMIT")

    finishing = threading.Thread(target=finish)
    finishing.start()
    try:
        with Store(db) as store:
            store.set_setting("k", 1)
    finally:
        finishing.join()
    assert_one_good_schema(db)


def test_an_empty_file_made_by_another_opens_as_new(db: Path) -> None:
    db.touch()
    with Store(db) as store:
        assert store.settings() == {}
    assert_one_good_schema(db)
