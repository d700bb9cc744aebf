"""samegame: exact SameGame rules, presets, plugins, an accessible line interface
and bots.

>>> from samegame import Game, Rules, read_board
>>> from samegame.builtins.scoring import BASIC
>>> game = Game(read_board("RR\\nBB"), Rules(BASIC))
>>> len(game.legal_groups())
2
"""

from __future__ import annotations

from samegame.board import Board, BoardError, Fall, Group, Removal, Shift
from samegame.coords import Cell, CoordinateError, format_cell, parse_cell
from samegame.game import Game, GameResult, Move, MoveRejected, Preview, Rejection
from samegame.rules import Rules, SelectionMode, Settlement, UndoPolicy
from samegame.textboard import TextBoardError, read_board, read_boards, write_board

__version__ = "0.1.0"

__all__ = [
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
    "Preview",
    "Rejection",
    "Removal",
    "Rules",
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
    "write_board",
]
