"""The connection: opening (with the format checks and the upgrade), transactions, and the row lookups every part of the store shares."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Self, cast

from samegame.store.errors import NotFoundError, StoreError
from samegame.store.schema import (
    _SCHEMA,
    _UPGRADE_TO_2,
    BUSY_TIMEOUT_SECONDS,
    _check_existing,
    _failure,
    _is_new,
    _is_old,
    _make_folder,
    _read_facts,
    default_path,
)


class _Busy(StoreError):
    """Set-up found the file held by another process (tried again, then raised)."""


class Database:
    """The samegame database connection. Opening creates the folder and the schema if needed,
    checks an existing file read-only first (quick_check, format version) and
    raises StoreError for a damaged, foreign or newer file, leaving it untouched.
    Every write is one ``BEGIN IMMEDIATE`` transaction; see docs/store.md."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = default_path() if path is None else Path(path)
        _make_folder(self.path.parent)
        if self.path.exists():
            _check_existing(self.path)
        self._connection = self._connect()

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
            raise _failure(self.path, "open", error) from None
        connection.row_factory = sqlite3.Row
        try:
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = FULL")
            connection.execute("PRAGMA foreign_keys = ON")
            self._ensure_schema(connection)
        except sqlite3.Error as error:
            connection.close()
            failure = _failure(self.path, "set up", error)
            if getattr(error, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
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
            facts = _read_facts(connection, quick_check=False)
            if _is_new(self.path, facts):
                for statement in _SCHEMA:
                    connection.execute(statement)
            elif _is_old(facts):
                for statement in _UPGRADE_TO_2:
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
        self._connection.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    # -- transactions --------------------------------------------------------------

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One short write transaction: the write lock is taken at BEGIN (waiting up
        to the busy timeout), so it never has to be upgraded mid-way; any error
        rolls back and sqlite errors become StoreError."""
        connection = self._connection
        try:
            connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise _failure(self.path, "save to", error) from None
        try:
            yield connection
            connection.execute("COMMIT")
        except sqlite3.Error as error:
            self._rollback()
            raise _failure(self.path, "save to", error) from None
        except BaseException:
            self._rollback()
            raise

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """A read transaction: one consistent snapshot; writers are not blocked."""
        connection = self._connection
        try:
            connection.execute("BEGIN")
            try:
                yield connection
            finally:
                self._rollback()
        except sqlite3.Error as error:
            raise _failure(self.path, "read", error) from None

    def _rollback(self) -> None:
        if self._connection.in_transaction:
            self._connection.execute("ROLLBACK")

    # -- games ---------------------------------------------------------------------

    def _challenge_row(self, db: sqlite3.Connection, challenge_id: int) -> sqlite3.Row:
        row = db.execute("SELECT * FROM challenges WHERE id = ?", (challenge_id,)).fetchone()
        if row is None:
            raise NotFoundError(f"there is no saved challenge {challenge_id}; start a new one")
        return cast(sqlite3.Row, row)
