"""Which tiles a line scores its points with: a line followed tile by tile.

``follow_tiles(board, rules, base, line)`` plays ``line`` from ``board`` and
keeps, for every tile of ``board`` (named by its cell on ``board``, whatever
falls and column shifts do to it later), the move of the line that removed it.
A move's points are shared evenly by the tiles it removes, so a tile removed in
a group of ``n`` scores ``points(n) / n`` and a tile never removed scores 0; the
tiles' shares add up to the line's points, and ``settlement`` (the bonus, less a
penalty, with the floor, as the rules settle the game with ``base`` points
before) makes up the rest of the final score. This is how a review says how
much of a loss a reason accounts for (``samegame.review.reasons``): the share
of some tiles in one line against their share in another.

>>> from samegame.core.formulas import BASIC
>>> from samegame.core.rules import Rules
>>> from samegame.core.textboard import read_board
>>> board = read_board("RB\\nRR")
>>> line = follow_tiles(board, Rules(BASIC), 0, [Cell(0, 0)])
>>> line.final, line.settlement, line.clears, line.sizes
(1, 0, False, (3,))
>>> sorted(str(cell) for cell in line.removed_by(0))
['A1', 'A2', 'B1']
>>> line.share(line.removed_by(0))
Fraction(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from samegame.core.board import Board
from samegame.core.coords import Cell, format_cell
from samegame.core.rules import Rules

__all__ = ["TiledLine", "follow_tiles"]


@dataclass(frozen=True)
class TiledLine:
    """A line followed tile by tile: ``removed_in`` maps each tile removed (its
    cell on the board the line starts from) to the index of the move that
    removed it; ``sizes`` and ``points`` are each move's group size and points;
    ``final`` the game's settled score along the line, ``settlement`` what the
    end added to the points scored (``final - base - sum(points)``), and
    ``clears`` whether it clears the board."""

    removed_in: Mapping[Cell, int]
    sizes: tuple[int, ...]
    points: tuple[int, ...]
    final: int
    settlement: int
    clears: bool

    def share(self, tiles: Iterable[Cell]) -> Fraction:
        """The points the line scores with ``tiles``: each tile's even share of
        the points of the move that removed it (0 for a tile never removed)."""
        total = Fraction(0)
        for tile in tiles:
            move = self.removed_in.get(tile)
            if move is not None:
                total += Fraction(self.points[move], self.sizes[move])
        return total

    def removed_by(self, move: int) -> frozenset[Cell]:
        """The tiles move ``move`` of the line removes."""
        return frozenset(tile for tile, index in self.removed_in.items() if index == move)


def follow_tiles(board: Board, rules: Rules, base: int, line: Sequence[Cell]) -> TiledLine:
    """Play ``line`` from ``board`` with ``base`` points before, following every
    tile (see the module). ValueError for a move that is not a group of the
    rules' minimum size; the line need not reach the end of the game (the
    settlement is then of the tiles it leaves)."""
    # Each column bottom first, each tile named by its cell on the first board.
    columns = [
        [Cell(col, row) for row in range(board.column_height(col))]
        for col in range(board.column_count())
    ]
    removed_in: dict[Cell, int] = {}
    sizes: list[int] = []
    points: list[int] = []
    for index, cell in enumerate(line):
        group = board.group_at(cell) if 0 <= cell.col < board.width else None
        if group is None or group.size < rules.min_group:
            raise ValueError(f"{format_cell(cell)} is not a move of this line's position")
        gone = {(c.col, c.row) for c in board.cells(group.mask)}
        kept = []
        for col, tiles in enumerate(columns):
            left = []
            for row, tile in enumerate(tiles):
                if (col, row) in gone:
                    removed_in[tile] = index
                else:
                    left.append(tile)
            if left:
                kept.append(left)
        columns = kept
        sizes.append(group.size)
        points.append(rules.points(group.size))
        board = board.remove(group)
    scored = base + sum(points)
    final = rules.settle(scored, board.tile_count()).final
    return TiledLine(
        removed_in, tuple(sizes), tuple(points), final, final - scored, board.is_empty()
    )
