"""Replay: play a list of moves on a board and report each move and the result.

The JSON shape (``ReplayResult.to_dict``) is the fixed replay contract of docs/formats.md;
game records extend it. Moves are written as the group's canonical tile.

>>> from samegame.core.formulas import BASIC
>>> from samegame.core.rules import Rules
>>> from samegame.core.textboard import read_board
>>> result = replay(read_board("RRB\\nRBB"), Rules(BASIC, clear_bonus=1000), ["a2", "B1"])
>>> result.to_dict()["moves"]
[{'move': 'A1', 'tiles': 3, 'points': 1}, {'move': 'A1', 'tiles': 3, 'points': 1}]
>>> result.to_dict()["score"], result.cleared
(1002, True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from samegame.core.board import Board
from samegame.core.coords import Cell, CoordinateError, format_cell, parse_cell
from samegame.core.game import Game, MoveRejected
from samegame.core.quoting import shown
from samegame.core.rules import Rules


class ReplayError(ValueError):
    """A move that cannot be played: its 1-based number, its text and why."""

    def __init__(self, number: int, move: str, reason: str) -> None:
        super().__init__(f"move {number} ({shown(move)}): {reason}")
        self.number = number
        self.move = move
        self.reason = reason


@dataclass(frozen=True)
class ReplayedMove:
    """One move as played: the group's canonical tile, colour, size and points."""

    move: Cell
    colour: int
    tiles: int
    points: int


@dataclass(frozen=True)
class ReplayResult:
    """Each move, and the board's state after the last one (settled if finished)."""

    moves: tuple[ReplayedMove, ...]
    bonus: int
    penalty: int
    score: int
    remaining: int
    cleared: bool
    finished: bool
    final_board: Board

    def to_dict(self) -> dict[str, object]:
        return {
            "moves": [
                {"move": format_cell(m.move), "tiles": m.tiles, "points": m.points}
                for m in self.moves
            ],
            "bonus": self.bonus,
            "penalty": self.penalty,
            "score": self.score,
            "remaining": self.remaining,
            "cleared": self.cleared,
            "finished": self.finished,
        }


# One move of a move list: a long form ("column 3 row 5", "row 5, col C"), a
# letter and a number apart ("c 5"), or any run without spaces and commas ("C5",
# "5c"; anything else is left for parse_cell to refuse).
_COLUMN_WORD = r"col(?:umn)?\s*[0-9a-z]+"
_ROW_WORD = r"row\s*[0-9]+"
_MOVE = re.compile(
    rf"{_COLUMN_WORD}\s*,?\s*{_ROW_WORD}|{_ROW_WORD}\s*,?\s*{_COLUMN_WORD}"
    r"|[a-z]\s+[0-9]+(?![0-9a-z])|[^\s,]+",
    re.IGNORECASE,
)


def split_moves(text: str) -> list[str]:
    """Moves separated by spaces or commas, in every spelling ``parse_cell`` reads.

    >>> split_moves("C1 d4,e5")
    ['C1', 'd4', 'e5']
    >>> split_moves("column 3 row 5, c 2 row 1 col B")
    ['column 3 row 5', 'c 2', 'row 1 col B']
    """
    return _MOVE.findall(text)


def replay(board: Board, rules: Rules, moves: Iterable[str | Cell]) -> ReplayResult:
    """Play ``moves`` in order; raise ReplayError at the first one that cannot be played.

    A finished game's score is settled (bonus, penalty, floor); an unfinished one
    reports the points so far with no bonus or penalty.
    """
    game = Game(board, rules)
    played: list[ReplayedMove] = []
    for number, move in enumerate(moves, start=1):
        text = move if isinstance(move, str) else format_cell(move)
        if game.finished:
            raise ReplayError(number, text, "the game is already over; no group is left")
        try:
            cell = parse_cell(move) if isinstance(move, str) else move
            preview = game.preview(cell)
        except (CoordinateError, MoveRejected) as error:
            raise ReplayError(number, text, str(error)) from None
        game.play(cell)
        group = preview.group
        played.append(ReplayedMove(group.anchor, group.colour, group.size, preview.points))
    result = game.result()
    remaining = game.board.tile_count()
    if result is None:
        return ReplayResult(tuple(played), 0, 0, game.score, remaining, False, False, game.board)
    return ReplayResult(
        tuple(played),
        result.bonus,
        result.penalty,
        result.score,
        result.remaining,
        result.cleared,
        True,
        game.board,
    )
