"""The store's errors: one line each, saying what to do; and the errors of a file
that cannot be used (damaged, newer, failing in SQLite), worded once."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from samegame.i18n.said import Said
from samegame.store import paths

# -- errors ------------------------------------------------------------------------


class StoreError(Exception):
    """The store cannot do what was asked. ``str()`` is one line that ends with
    what to do."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.splitlines()))


class NotFoundError(StoreError):
    """No game or challenge has the id asked for."""


class StatusError(StoreError):
    """The game's or challenge's status does not allow the change asked for."""


class ConflictError(StoreError):
    """The game was changed by another samegame since this one last read or saved
    it (its revision moved on); nothing was written."""

    def __init__(self, game_id: int, message: str) -> None:
        super().__init__(message)
        self.game_id = game_id


class DamagedGameError(StoreError):
    """A saved game's row cannot be read back as a game (edited or damaged by
    something else); it is left exactly as it is."""

    def __init__(self, game_id: int, problem: str, path: Path) -> None:
        said = Said.of(
            "error.store.damaged_game",
            game=game_id,
            path=path,
            problem=problem,
            variable=paths.HOME_VAR,
        )
        super().__init__(said.english())
        self.said = said
        self.game_id = game_id


class DamagedChallengeError(StoreError):
    """A saved challenge's row cannot be read back (edited or damaged by something
    else); it is left exactly as it is."""

    def __init__(self, challenge_id: int, problem: str, path: Path) -> None:
        super().__init__(
            f"saved challenge {challenge_id} in {path} is damaged ({problem}); it is left as "
            "it is: play another preset, or move the database away or set "
            f"{paths.HOME_VAR} to start afresh"
        )
        self.challenge_id = challenge_id


class DamagedSettingError(StoreError):
    """A saved setting whose value cannot be read back (not JSON text within the
    caps); it is left exactly as it is, and is never overwritten."""

    def __init__(self, key: str, problem: str, path: Path) -> None:
        super().__init__(
            f"saved setting '{key}' in {path} is damaged ({problem}); it is left as it is: "
            f'remove it to start the settings afresh (sqlite3 "{path}" "DELETE FROM '
            f"settings WHERE key = '{key}'\") or set {paths.HOME_VAR} to another folder"
        )
        self.key = key


def damaged_file(path: Path) -> StoreError:
    """A file that is not a samegame database, or is damaged."""
    return Said.of("error.store.damaged", path=path, variable=paths.HOME_VAR).error(StoreError)


def newer_file(path: Path, version: int, readable: int) -> StoreError:
    """A file of database format ``version``, newer than the ``readable`` one."""
    said = Said.of(
        "error.store.newer",
        path=path,
        version=version,
        readable=readable,
        variable=paths.HOME_VAR,
    )
    return said.error(StoreError)


def is_busy(error: sqlite3.Error) -> bool:
    """True when another connection held the file (SQLITE_BUSY or SQLITE_LOCKED)."""
    return getattr(error, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))


def sqlite_failure(path: Path, doing: str, error: sqlite3.Error) -> StoreError:
    """SQLite failed while ``doing`` (open, set up, save to, read) the file."""
    if is_busy(error):
        advice = "another samegame kept it busy; try again"
    else:
        advice = (
            "check that the folder is writable and has space, "
            f"or set {paths.HOME_VAR} to another folder"
        )
    return StoreError(f"could not {doing} {path}: {error}; {advice}")
