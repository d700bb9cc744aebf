"""Events a Game emits, in order, for the announcer and for observer plugins.

A move emits GroupRemoved, then TilesFell (if any tile fell), then ColumnsShifted
(if any column moved), then GameOver when no legal group is left. Coordinates in
TilesFell and ColumnsShifted are those of the board before the move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from samegame.core.board import Fall, Shift
    from samegame.core.coords import Cell
    from samegame.core.game import GameResult


@dataclass(frozen=True)
class GroupRemoved:
    """A group left the board: where, how many, points, and the score after it."""

    move_number: int
    colour: int
    anchor: Cell
    cells: tuple[Cell, ...]
    tiles: int
    points: int
    score: int


@dataclass(frozen=True)
class TilesFell:
    """Tiles that fell within their columns."""

    falls: tuple[Fall, ...]


@dataclass(frozen=True)
class ColumnsShifted:
    """Columns emptied by the move and the columns that moved left to close them."""

    emptied: tuple[int, ...]
    shifts: tuple[Shift, ...]


@dataclass(frozen=True)
class GameOver:
    """No legal group is left: the settled result."""

    result: GameResult


@dataclass(frozen=True)
class MoveUndone:
    """The last move was taken back; ``score`` is the score after undoing."""

    move_number: int
    anchor: Cell
    tiles: int
    score: int


@dataclass(frozen=True)
class MoveRedone:
    """An undone move was played again (its GroupRemoved etc. follow)."""

    move_number: int


@dataclass(frozen=True)
class GameRestarted:
    """The board went back to its starting position."""


@dataclass(frozen=True)
class PracticeMarked:
    """The game now counts as practice (undo, hint, replay or restart), with why."""

    reason: str


Event = (
    GroupRemoved
    | TilesFell
    | ColumnsShifted
    | GameOver
    | MoveUndone
    | MoveRedone
    | GameRestarted
    | PracticeMarked
)
