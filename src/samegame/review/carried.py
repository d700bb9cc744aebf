"""A line found from one position carried over to the position after another
move: the same groups, by their tiles, where they have fallen to.

A search may find a good line from a position that begins with another move
than the one played, and miss every good line from the position after the move
played, though the line found often still works there: the move played took
tiles the line did not need, and the line's groups are still whole. So, to value
the position after the move, ``carried_line`` plays the line's groups in its
order wherever their tiles have fallen to, leaves out those whose tiles no
longer make exactly a group (the move played took some, or joined them to
others), and ends the game by taking the largest group left each time. The
result is a whole legal line from that position; what it reaches is replayed
(``values.follow``), so it is only ever a line found, never a claim.

>>> from samegame.core.formulas import BASIC
>>> from samegame.core.rules import Rules
>>> from samegame.core.textboard import read_board
>>> board = read_board("RRGG\\nBBGR")
>>> played = board.group_at(Cell(0, 0))  # the blues, where the line took the greens first
>>> [str(cell) for cell in carried_line(board, Rules(BASIC), (Cell(2, 0), Cell(0, 0)), played)]
['C1', 'A1']

The greens are carried over, the blues are gone, and the reds left end the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from samegame.core.board import Board, Group
from samegame.core.coords import Cell
from samegame.core.rules import Rules

__all__ = ["carried_line"]

Columns = list[list[Cell]]
"""The tiles of a board, column by column from the left and bottom up, each
named by the cell it stood in on the board the line is from."""


def _columns(board: Board) -> Columns:
    return [
        [Cell(col, row) for row in range(board.column_height(col))] for col in range(board.width)
    ]


def _without(columns: Columns, gone: set[Cell]) -> Columns:
    """The tiles left once ``gone`` are taken: each column falls, empty columns close up."""
    kept = [[tile for tile in column if tile not in gone] for column in columns]
    return [column for column in kept if column]


def _where(columns: Columns) -> dict[Cell, Cell]:
    """Where each tile (named as in ``Columns``) stands now."""
    return {
        tile: Cell(col, row)
        for col, column in enumerate(columns)
        for row, tile in enumerate(column)
    }


def carried_line(
    before: Board, rules: Rules, line: Sequence[Cell], played: Group
) -> tuple[Cell, ...]:
    """A whole line from ``before.remove(played)`` made of ``line`` (a whole line
    from ``before``, any cell of each group): each of its groups whose tiles are
    exactly a group after ``played`` and the moves carried so far, in its order,
    then the largest group left (the first by anchor on a tie) until the game
    ends. Group anchors."""
    theirs, their_columns = before, _columns(before)
    taken = set(before.cells(played.mask))
    ours, our_columns = before.remove(played), _without(their_columns, taken)
    moves: list[Cell] = []
    for cell in line:
        group = theirs.group_at(cell)
        if group is None or group.size < rules.min_group:
            raise ValueError(f"{cell} is not a move of the line's position")
        tiles = {their_columns[c.col][c.row] for c in theirs.cells(group.mask)}
        theirs, their_columns = theirs.remove(group), _without(their_columns, tiles)
        where = _where(our_columns)
        if not tiles <= where.keys():
            continue
        cells = {where[tile] for tile in tiles}
        ours_group = ours.group_at(next(iter(cells)))
        if ours_group is None or ours_group.size < rules.min_group:
            continue
        if set(ours.cells(ours_group.mask)) != cells:
            continue
        moves.append(ours_group.anchor)
        ours, our_columns = ours.remove(ours_group), _without(our_columns, tiles)
    while groups := ours.groups(rules.min_group):
        largest = max(groups, key=lambda group: group.size)
        moves.append(largest.anchor)
        ours = ours.remove(largest)
    return tuple(moves)
