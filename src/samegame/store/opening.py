"""The checks made when the database is opened: what a file holds (its facts), read
as one moment's, and the verdict on them: new, ours (perhaps of format 1), or
refused as damaged, foreign or newer before anything is written.

The facts are read inside one transaction. Read one statement at a time, they
could mix two moments of a file that another samegame is creating (its format
version from before its schema was committed, its tables from after) and so call
a good new database damaged.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import NamedTuple

from samegame.store import paths
from samegame.store.errors import StoreError, damaged_file, newer_file, sqlite_failure
from samegame.store.schema import (
    ADDED_TABLES,
    APPLICATION_ID,
    BUSY_TIMEOUT_SECONDS,
    SCHEMA_VERSION,
    TABLES,
    Column,
    expected_columns,
    table_columns,
    upgraded_columns,
)


class Facts(NamedTuple):
    """What the opening checks read from a database file."""

    check: tuple[str, ...]
    version: int
    application_id: int
    objects: int
    columns: dict[str, tuple[Column, ...]]

    def tables_fit(self) -> bool:
        """Every table has every column of its format as the schema declares it
        (type, NOT NULL, primary key); a column more is allowed when an insert
        can leave it out (it may be NULL or has a default)."""
        for table in TABLES:
            if self.version < ADDED_TABLES.get(table, 0):
                if self.columns.get(table):
                    return False  # a table of a later format in an older file
                continue
            found = {column.name: column for column in self.columns.get(table, ())}
            wanted = expected_columns()[table]
            if table == "games" and self.version == 1:
                wanted = tuple(c for c in wanted if c.name not in upgraded_columns())
            for column in wanted:
                have = found.pop(column.name, None)
                if have is None or (have.type, have.not_null, have.primary_key) != (
                    column.type,
                    column.not_null,
                    column.primary_key,
                ):
                    return False
            if any(extra.not_null and extra.default is None for extra in found.values()):
                return False
        return True

    @property
    def is_old(self) -> bool:
        """A samegame database of an older format, to be upgraded."""
        return self.version < SCHEMA_VERSION


def read_facts(connection: sqlite3.Connection, *, quick_check: bool) -> Facts:
    """The facts of the database, all of one moment: the caller holds a transaction
    (``BEGIN`` or ``BEGIN IMMEDIATE``) around this call."""
    assert connection.in_transaction, "facts are read inside one transaction"
    check: tuple[str, ...] = ("ok",)
    if quick_check:
        check = tuple(str(row[0]) for row in connection.execute("PRAGMA quick_check"))
    version = int(connection.execute("PRAGMA user_version").fetchone()[0])
    application_id = int(connection.execute("PRAGMA application_id").fetchone()[0])
    objects = int(connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0])
    columns = {table: table_columns(connection, table) for table in TABLES}
    return Facts(check, version, application_id, objects, columns)


def is_new(path: Path, facts: Facts) -> bool:
    """True for a new database (empty: no tables, no format), False for a samegame
    database this version reads; StoreError for anything else: damaged (a table or
    column of its format missing or declared otherwise), foreign or newer."""
    if facts.check != ("ok",):
        raise damaged_file(path)
    if facts.objects == 0 and facts.version == 0 and facts.application_id == 0:
        return True
    if facts.application_id != APPLICATION_ID or facts.version < 1:
        raise damaged_file(path)
    if facts.version > SCHEMA_VERSION:
        raise newer_file(path, facts.version, SCHEMA_VERSION)
    if not facts.tables_fit():
        raise damaged_file(path)
    return False


def _is_damage(error: sqlite3.Error) -> bool:
    name = getattr(error, "sqlite_errorname", "")
    return name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT"))


def check_existing(path: Path) -> None:
    """Judge an existing file through a read-only connection, so that a damaged,
    foreign or newer file is never written to (StoreError). A file that another
    samegame is creating reads as it was before its schema was committed: new."""
    uri = f"{path.resolve().as_uri()}?mode=ro"
    try:
        with closing(
            sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
        ) as connection:
            connection.execute("BEGIN")
            facts = read_facts(connection, quick_check=True)
            connection.execute("ROLLBACK")
    except sqlite3.Error as error:
        failure = damaged_file(path) if _is_damage(error) else sqlite_failure(path, "open", error)
        raise failure from None
    is_new(path, facts)


def make_folder(folder: Path) -> None:
    """Create the database's folder (StoreError saying what to do when it cannot)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(
            f"cannot create the folder {folder}: {error.strerror}; "
            f"set {paths.HOME_VAR} to a writable folder"
        ) from None
