"""The insertions the ``solvable`` generator builds a board from, backwards: one
small group (two to four tiles) at a time,

- a vertical run into a column at any height (tiles at and above it move up);
- a shape over two adjacent columns (domino, L, S or square), each part at any
  height where the two parts still touch;
- a horizontal run over three or four adjacent columns at one row;
- one or two new columns standing on the bottom (later columns move right);

and the places one may go on the board under construction: random samples, then
every candidate touching a column (``InsertionCandidates``).
"""

from __future__ import annotations

from dataclasses import dataclass

from samegame.core.coords import Cell
from samegame.core.rng import StableRandom

__all__ = ["MAX_GROUP", "NEW_COLUMNS", "Insertion", "InsertionCandidates", "Run"]

MAX_GROUP = 4
"""Most tiles inserted in one step."""

NEW_COLUMNS = -1
"""The insertion target that stands for new columns."""

Run = tuple[int, int, int]
"""Part of an insertion in one column: column index after insertion, first row, length."""


@dataclass(frozen=True, slots=True)
class Insertion:
    """Tiles to insert: runs in adjacent columns, left to right, touching.

    With ``new_columns`` every run is a new column standing on the bottom; otherwise
    every run goes into an existing column, pushing its tiles from the run's row up.
    """

    runs: tuple[Run, ...]
    new_columns: bool

    @property
    def size(self) -> int:
        return sum(length for _, _, length in self.runs)

    def cells(self) -> list[Cell]:
        """The inserted tiles, in the board after insertion."""
        return [Cell(col, row + i) for col, row, length in self.runs for i in range(length)]

    def moved(self, cell: Cell) -> Cell:
        """Where a tile of the board before insertion stands after it."""
        col, row = cell
        if self.new_columns:
            return Cell(col + len(self.runs), row) if col >= self.runs[0][0] else cell
        for run_col, run_row, length in self.runs:
            if run_col == col and row >= run_row:
                return Cell(col, row + length)
        return cell


class InsertionCandidates:
    """Insertions touching a place of the board under construction (``columns``,
    bottom first, at most ``width`` of at most ``height`` tiles), drawn from
    ``rng`` or all of them in a fixed order; the reverse builder's part that
    proposes, unchecked."""

    width: int
    height: int
    columns: list[list[int]]
    rng: StableRandom

    def _free(self, col: int) -> int:
        return self.height - len(self.columns[col])

    def _sample(self, target: int) -> Insertion | None:
        """One random candidate touching the target (unchecked), or None on a miss:
        a vertical run (4 in 8), a two-column shape (3 in 8) or a row (1 in 8)."""
        if target == NEW_COLUMNS:
            return self._sample_new()
        pick = self.rng.below(8)
        if pick < 4:
            return self._sample_vertical(target)
        if pick < 7:
            return self._sample_pair(target)
        return self._sample_row(target)

    def _sample_vertical(self, col: int) -> Insertion | None:
        """A run of 2 to 4 tiles at a random height of the column."""
        free = self._free(col)
        if free < 2:
            return None
        length = 2 + self.rng.below(min(MAX_GROUP, free) - 1)
        row = self.rng.below(len(self.columns[col]) + 1)
        return Insertion(((col, row, length),), False)

    def _sample_pair(self, col: int) -> Insertion | None:
        """A 2 to 4 tile shape over the column and a neighbour, its parts touching."""
        first = col - self.rng.below(2)
        if first < 0 or first + 1 >= len(self.columns):
            return None
        shapes = _pair_lengths(self._free(first), self._free(first + 1))
        if not shapes:
            return None
        left, right = self.rng.choice(shapes)
        row = self.rng.below(len(self.columns[first]) + 1)
        rows = _touching_rows(row, left, right, len(self.columns[first + 1]))
        if not rows:
            return None
        runs = ((first, row, left), (first + 1, self.rng.choice(rows), right))
        return Insertion(runs, False)

    def _sample_row(self, col: int) -> Insertion | None:
        """One tile at the same random row in each of three or four adjacent columns."""
        span = 3 + self.rng.below(2)
        first = col - self.rng.below(span)
        top = self._row_top(first, span)
        if top is None:
            return None
        return _row(first, span, self.rng.below(top + 1))

    def _row_top(self, first: int, span: int) -> int | None:
        """The highest row a horizontal run over columns ``first`` to
        ``first + span - 1`` can take, or None when one is missing or full."""
        if first < 0 or first + span > len(self.columns):
            return None
        cols = range(first, first + span)
        if not all(self._free(col) for col in cols):
            return None
        return min(len(self.columns[col]) for col in cols)

    def _sample_new(self) -> Insertion:
        """One or two new columns standing on the bottom, at a random position."""
        shape = self.rng.choice(self._new_column_shapes())
        position = self.rng.below(len(self.columns) + 1)
        return _new_columns(position, shape)

    def _new_column_shapes(self) -> list[tuple[int, ...]]:
        """Heights of new columns that make one group: one column of 2 to 4 tiles or
        two of 1 or 2; on a one-row board, 2 to 4 columns of one tile."""
        missing = self.width - len(self.columns)
        if self.height == 1:
            return [(1,) * span for span in range(2, min(MAX_GROUP, missing) + 1)]
        shapes: list[tuple[int, ...]] = [
            (length,) for length in range(2, min(MAX_GROUP, self.height) + 1)
        ]
        if missing >= 2:
            shapes += [(left, right) for left in (1, 2) for right in (1, 2)]
        return shapes

    def _candidates(self, target: int) -> list[Insertion]:
        """Every insertion touching the target, in a fixed order, unchecked."""
        if target == NEW_COLUMNS:
            return [
                _new_columns(position, shape)
                for shape in self._new_column_shapes()
                for position in range(len(self.columns) + 1)
            ]
        col = target
        size = len(self.columns[col])
        candidates = [
            Insertion(((col, row, length),), False)
            for length in range(2, min(MAX_GROUP, self._free(col)) + 1)
            for row in range(size + 1)
        ]
        for first in (col - 1, col):
            if first >= 0 and first + 1 < len(self.columns):
                candidates += self._pair_candidates(first)
        for span in (3, 4):
            for first in range(col - span + 1, col + 1):
                top = self._row_top(first, span)
                if top is not None:
                    candidates += [_row(first, span, row) for row in range(top + 1)]
        return candidates

    def _pair_candidates(self, first: int) -> list[Insertion]:
        """Every two-column shape over columns ``first`` and ``first + 1``."""
        sizes = len(self.columns[first]), len(self.columns[first + 1])
        return [
            Insertion(((first, row, left), (first + 1, other, right)), False)
            for left, right in _pair_lengths(self._free(first), self._free(first + 1))
            for row in range(sizes[0] + 1)
            for other in _touching_rows(row, left, right, sizes[1])
        ]


def _pair_lengths(left_free: int, right_free: int) -> list[tuple[int, int]]:
    """Run lengths (left, right) of a two-column group that fit the free cells."""
    return [
        (left, right)
        for left in range(1, min(left_free, MAX_GROUP - 1) + 1)
        for right in range(1, min(right_free, MAX_GROUP - left) + 1)
    ]


def _touching_rows(row: int, left: int, right: int, right_size: int) -> list[int]:
    """First rows for the right run that touch a left run of ``left`` tiles at ``row``.

    Both runs are in rows after insertion; the right run may start anywhere from the
    bottom to the top of its column (``right_size`` tiles before insertion).
    """
    return list(range(max(0, row - right + 1), min(right_size, row + left - 1) + 1))


def _row(first: int, span: int, row: int) -> Insertion:
    return Insertion(tuple((col, row, 1) for col in range(first, first + span)), False)


def _new_columns(position: int, heights: tuple[int, ...]) -> Insertion:
    runs = tuple((position + offset, 0, height) for offset, height in enumerate(heights))
    return Insertion(runs, True)
