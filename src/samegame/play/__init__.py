"""The application layer of ``samegame play``: a game's whole life (new, resume,
restart, undo after the end, practice, hints, challenge stages, results) over the
rules core and the store. The line interface only parses and announces.

- ``table``: what is played (``Table``) and ``PlayError``;
- ``match``: ``Match``, the one owner of a game's life;
- ``challenge``: a challenge's stages, the part of the match that keeps its place;
- ``reports``: what the match tells the interface (``Opening``, ``Change``,
  ``Finish``, ``StageEnd``);
- ``startup``: ``start_play``, the options of ``samegame play`` checked and played
  in a line interface; ``choices`` checks a preset, board, renderer and language
  (for every command); ``hint_bot`` the ``--hint-bot`` and its long work.
"""

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from samegame.play.match import RANDOM_BOARD_NUMBERS, Match
    from samegame.play.reports import Change, Finish, Opening, StageEnd
    from samegame.play.table import PlayError, Table

_HOMES = {
    "RANDOM_BOARD_NUMBERS": "samegame.play.match",
    "Match": "samegame.play.match",
    "Change": "samegame.play.reports",
    "Finish": "samegame.play.reports",
    "Opening": "samegame.play.reports",
    "StageEnd": "samegame.play.reports",
    "PlayError": "samegame.play.table",
    "Table": "samegame.play.table",
}


def __getattr__(name: str) -> object:
    """The exported names load their modules when first used, so that a command
    that needs only ``samegame.play.choices`` (every command checks its preset
    there) does not load the match."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


__all__ = [
    "RANDOM_BOARD_NUMBERS",
    "Change",
    "Finish",
    "Match",
    "Opening",
    "PlayError",
    "StageEnd",
    "Table",
]
