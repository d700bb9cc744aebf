"""The connection: opening (with the format checks, the schema of a new file and the
upgrade of an old one) and the transactions every part of the store works in."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from samegame.core.regular_files import NotRegularFileError, regular_file_or_error
from samegame.store import paths
from samegame.store.errors import StoreError, is_busy, sqlite_failure
from samegame.store.opening import check_existing, is_new, make_folder, read_facts
from samegame.store.schema import BUSY_TIMEOUT_SECONDS, SCHEMA, default_path, upgrade_from


def wal_files(path: Path) -> tuple[Path, ...]:
    """The files SQLite keeps beside a database: its write-ahead log, shared
    memory and rollback journal."""
    return tuple(path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", "-journal"))


def regular_database_or_error(path: Path) -> None:
    """StoreError when the database, or a file SQLite keeps beside it, is a named
    pipe, device, directory or socket: opening one would wait for ever or fail
    without saying why."""
    try:
        for each in (path, *wal_files(path)):
            regular_file_or_error(each, "the database")
    except NotRegularFileError as error:
        raise StoreError(
            f"{error}; move it away or set {paths.HOME_VAR} to another folder"
        ) from None


class _Busy(StoreError):
    """Set-up found the file held by another process (tried again, then raised)."""


class Database:
    """One connection to the samegame database. Opening creates the folder and the
    schema if needed, checks an existing file read-only first (quick_check, format
    version) and raises StoreError for a damaged, foreign or newer file, leaving it
    untouched. Every write is one ``BEGIN IMMEDIATE`` transaction (``writing``),
    every read one snapshot (``reading``); see docs/store.md. For one thread."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = default_path() if path is None else Path(path)
        make_folder(self.path.parent)
        regular_database_or_error(self.path)
        if self.path.exists():
            check_existing(self.path)
        self.connection = self._connect()

    def _connect(self) -> sqlite3.Connection:
        """Open and set up, trying again while another samegame holds the file:
        switching a new file to WAL can report "locked" at once, without waiting
        for the busy timeout, when two processes create it together."""
        deadline = time.monotonic() + BUSY_TIMEOUT_SECONDS
        while True:
            try:
                return self._connect_once()
            except _Busy:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def _connect_once(self) -> sqlite3.Connection:
        try:
            connection = sqlite3.connect(
                self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None
            )
        except sqlite3.Error as error:
            raise sqlite_failure(self.path, "open", error) from None
        connection.row_factory = sqlite3.Row
        try:
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = FULL")
            connection.execute("PRAGMA foreign_keys = ON")
            self._ensure_schema(connection)
        except sqlite3.Error as error:
            connection.close()
            failure = sqlite_failure(self.path, "set up", error)
            if is_busy(error):
                raise _Busy(str(failure)) from None
            raise failure from None
        except StoreError:
            connection.close()
            raise
        return connection

    def _ensure_schema(self, connection: sqlite3.Connection) -> None:
        """Create the schema in a new database; re-check the format inside the
        write transaction (another process may have created the file meanwhile).
        Taking the write lock here also proves the file is writable."""
        connection.execute("BEGIN IMMEDIATE")
        try:
            facts = read_facts(connection, quick_check=False)
            if is_new(self.path, facts):
                for statement in SCHEMA:
                    connection.execute(statement)
            elif facts.is_old:
                for statement in upgrade_from(facts.version):
                    connection.execute(statement)
            else:
                # A real write, so that a read-only file or folder is reported now,
                # when the store is opened, not at the first move.
                connection.execute(f"PRAGMA user_version = {facts.version}")
            connection.execute("COMMIT")
        finally:
            if connection.in_transaction:
                connection.execute("ROLLBACK")

    def close(self) -> None:
        """Close the connection (idempotent); the last one out checkpoints the WAL."""
        self.connection.close()

    @contextmanager
    def writing(self) -> Iterator[sqlite3.Connection]:
        """One short write transaction: the write lock is taken at BEGIN (waiting up
        to the busy timeout), so it never has to be upgraded mid-way; any error
        rolls back and sqlite errors become StoreError."""
        connection = self.connection
        try:
            connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise sqlite_failure(self.path, "save to", error) from None
        try:
            yield connection
            connection.execute("COMMIT")
        except sqlite3.Error as error:
            self._rollback()
            raise sqlite_failure(self.path, "save to", error) from None
        except BaseException:
            self._rollback()
            raise

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """A read transaction: one consistent snapshot; writers are not blocked."""
        connection = self.connection
        try:
            connection.execute("BEGIN")
            try:
                yield connection
            finally:
                self._rollback()
        except sqlite3.Error as error:
            raise sqlite_failure(self.path, "read", error) from None

    def _rollback(self) -> None:
        if self.connection.in_transaction:
            self.connection.execute("ROLLBACK")
