"""samegame: exact SameGame rules, presets, plugins, an accessible line interface
and bots.

This module is the library's public face: boards, cells, rules, games, the
built-in scoring formulas and penalties, and replays. ``samegame.plugin`` is the
face for plugin authors. docs/api.md lists both.

>>> from samegame import BASIC, Game, Rules, read_board
>>> game = Game(read_board("RR\\nBB"), Rules(BASIC))
>>> len(game.legal_groups())
2
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from samegame._moved import install as _install_moved_modules

if TYPE_CHECKING:
    from samegame.core.board import Board, BoardError, Fall, Group, Removal, Shift
    from samegame.core.coords import Cell, CoordinateError, format_cell, parse_cell
    from samegame.core.formulas import (
        BASIC,
        LEFTOVER_FORMULA,
        LEFTOVER_SQUARED,
        NO_PENALTY,
        PAIRS,
        SUM,
    )
    from samegame.core.game import Game, GameResult, Move, MoveRejected, Preview, Rejection
    from samegame.core.replay import ReplayError, ReplayResult, replay
    from samegame.core.rule_parts import Penalty, ScoringFormula
    from samegame.core.rules import Rules, SelectionMode, Settlement, UndoPolicy
    from samegame.core.textboard import TextBoardError, read_board, read_boards, write_board

__version__ = "0.1.0"

_HOMES = {
    "samegame.core.board": ("Board", "BoardError", "Fall", "Group", "Removal", "Shift"),
    "samegame.core.coords": ("Cell", "CoordinateError", "format_cell", "parse_cell"),
    "samegame.core.formulas": (
        "BASIC",
        "LEFTOVER_FORMULA",
        "LEFTOVER_SQUARED",
        "NO_PENALTY",
        "PAIRS",
        "SUM",
    ),
    "samegame.core.game": ("Game", "GameResult", "Move", "MoveRejected", "Preview", "Rejection"),
    "samegame.core.replay": ("ReplayError", "ReplayResult", "replay"),
    "samegame.core.rule_parts": ("Penalty", "ScoringFormula"),
    "samegame.core.rules": ("Rules", "SelectionMode", "Settlement", "UndoPolicy"),
    "samegame.core.textboard": ("TextBoardError", "read_board", "read_boards", "write_board"),
}
"""Each public name's module. A name is imported when first used, so that
importing ``samegame`` (which the ``samegame`` command does before anything else)
loads none of the rules core: the command line takes Ctrl-C and SIGTERM before it
loads anything more (``samegame.cli.main``)."""

_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> object:
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME_OF})


_install_moved_modules()

__all__ = [
    "BASIC",
    "LEFTOVER_FORMULA",
    "LEFTOVER_SQUARED",
    "NO_PENALTY",
    "PAIRS",
    "SUM",
    "Board",
    "BoardError",
    "Cell",
    "CoordinateError",
    "Fall",
    "Game",
    "GameResult",
    "Group",
    "Move",
    "MoveRejected",
    "Penalty",
    "Preview",
    "Rejection",
    "Removal",
    "ReplayError",
    "ReplayResult",
    "Rules",
    "ScoringFormula",
    "SelectionMode",
    "Settlement",
    "Shift",
    "TextBoardError",
    "UndoPolicy",
    "__version__",
    "format_cell",
    "parse_cell",
    "read_board",
    "read_boards",
    "replay",
    "write_board",
]
