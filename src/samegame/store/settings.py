"""The player's settings: string keys and JSON values.

A value is read through ``rows.setting_value`` (JSON text within the caps of
``checked``); one that is not is a ``DamagedSettingError`` and is left as it is:
reading it says so (commands then use the defaults, with a warning) and saving
over it is refused, so nothing the player had is ever lost silently."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

from samegame.store.database import Database, regular_database_or_error
from samegame.store.errors import DamagedSettingError, sqlite_failure
from samegame.store.models import JSONValue
from samegame.store.opening import check_existing
from samegame.store.rows import DamagedValueError, selected, setting_value
from samegame.store.schema import BUSY_TIMEOUT_SECONDS, default_path


class SettingStore:
    """The player's settings in a database: string keys, JSON values."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def get_setting(self, key: str, default: JSONValue = None) -> JSONValue:
        """The saved value of a setting, or ``default`` when it was never set;
        DamagedSettingError when its saved value does not read back."""
        with self.database.reading() as db:
            return _value(db, key, default, self.database.path)

    def set_setting(self, key: str, value: JSONValue) -> None:
        """Save a setting; the value comes back as JSON gives it (tuples as lists).
        TypeError or ValueError for a value JSON cannot hold (NaN included);
        DamagedSettingError, with nothing written, when the saved value it would
        replace is damaged."""
        text = json.dumps(value, allow_nan=False, sort_keys=True)
        with self.database.writing() as db:
            _value(db, key, None, self.database.path)
            db.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (key, text))

    def settings(self) -> dict[str, JSONValue]:
        """Every saved setting (DamagedSettingError for the first damaged one)."""
        with self.database.reading() as db:
            keys = [row[0] for row in db.execute(f"{selected('settings', ('key',))} ORDER BY key")]
            found: dict[str, JSONValue] = {}
            for key in keys:
                if not isinstance(key, str):
                    raise DamagedSettingError(
                        str(key)[:40], "its key is not text", self.database.path
                    )
                found[key] = _value(db, key, None, self.database.path)
        return found


def _value(db: sqlite3.Connection, key: str, default: JSONValue, path: Path) -> JSONValue:
    try:
        present, value = setting_value(db, key)
    except DamagedValueError as error:
        raise DamagedSettingError(key, str(error), path) from None
    return value if present else default


def read_setting_only(key: str, default: JSONValue = None, path: Path | None = None) -> JSONValue:
    """A saved setting, read without writing anything: no folder or database is
    created, and an existing file is checked and read through a read-only
    connection (for commands that save nothing, such as the tutorial). ``default``
    when there is no database or the setting was never set; DamagedSettingError
    for a value that does not read back, StoreError for a file that is not a
    regular file, damaged, foreign, newer or cannot be read."""
    path = default_path() if path is None else Path(path)
    regular_database_or_error(path)
    if not path.exists():
        return default
    check_existing(path)
    uri = f"{path.resolve().as_uri()}?mode=ro"
    try:
        with closing(sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_SECONDS)) as db:
            db.row_factory = sqlite3.Row
            return _value(db, key, default, path)
    except sqlite3.Error as error:
        raise sqlite_failure(path, "read", error) from None
