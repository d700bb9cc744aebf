"""The store's errors: one line each, saying what to do."""

from __future__ import annotations

from pathlib import Path

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
        super().__init__(
            f"saved game {game_id} in {path} is damaged ({problem}); it is left as it is: "
            "play another game (samegame play --fresh or --game ID), or move the "
            f"database away or set {paths.HOME_VAR} to start afresh"
        )
        self.game_id = game_id
