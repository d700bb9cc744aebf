"""The player's settings: string keys and JSON values; a damaged value reads as never set."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import cast

from samegame.store.database import Database
from samegame.store.errors import sqlite_failure
from samegame.store.models import JSONValue
from samegame.store.opening import check_existing
from samegame.store.schema import BUSY_TIMEOUT_SECONDS, default_path


class SettingStore:
    """The player's settings in a database: string keys, JSON values."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def get_setting(self, key: str, default: JSONValue = None) -> JSONValue:
        """The saved value of a setting, or ``default`` when it was never set or its
        saved text is not JSON (damaged)."""
        with self.database.reading() as db:
            row = db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        if row is None:
            return default
        try:
            return cast(JSONValue, json.loads(row["value"]))
        except (ValueError, TypeError):
            return default  # a damaged value reads as never set; the next save replaces it

    def set_setting(self, key: str, value: JSONValue) -> None:
        """Save a setting; the value comes back as JSON gives it (tuples as lists).
        TypeError or ValueError for a value JSON cannot hold (NaN included)."""
        text = json.dumps(value, allow_nan=False, sort_keys=True)
        with self.database.writing() as db:
            db.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (key, text))

    def settings(self) -> dict[str, JSONValue]:
        """Every saved setting."""
        with self.database.reading() as db:
            rows = db.execute("SELECT key, value FROM settings ORDER BY key").fetchall()
        found: dict[str, JSONValue] = {}
        for row in rows:
            try:
                found[row["key"]] = cast(JSONValue, json.loads(row["value"]))
            except (ValueError, TypeError):
                continue  # damaged: reads as never set, as in get_setting
        return found


def read_setting_only(key: str, default: JSONValue = None, path: Path | None = None) -> JSONValue:
    """A saved setting, read without writing anything: no folder or database is
    created, and an existing file is checked and read through a read-only
    connection (for commands that save nothing, such as the tutorial). ``default``
    when there is no database, the setting was never set or its value is damaged;
    StoreError for a file that is damaged, foreign, newer or cannot be read."""
    path = default_path() if path is None else Path(path)
    if not path.exists():
        return default
    check_existing(path)
    uri = f"{path.resolve().as_uri()}?mode=ro"
    try:
        with closing(sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_SECONDS)) as db:
            row = db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
    except sqlite3.Error as error:
        raise sqlite_failure(path, "read", error) from None
    if row is None:
        return default
    try:
        return cast(JSONValue, json.loads(row[0]))
    except (ValueError, TypeError):
        return default
