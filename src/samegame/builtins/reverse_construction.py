"""The ``solvable`` generator's reverse construction, for three or more colours: play
a game backwards, starting from the empty board and inserting one small group at
a time (``samegame.builtins.insertions``).

The colour is drawn among those that no tile orthogonally adjacent to the inserted
tiles has (colours not used yet first), so they form a maximal group and removing
it restores exactly the board before the insertion. When no colour fits, the tiles
may instead join the group inserted just before, if the two make one maximal group
of its colour (removing the union then restores the board before that group). The
certificate is the groups in reverse order of insertion.

To stay out of dead ends each step tries the emptiest columns first (new columns
first while any are missing), so columns fill evenly and no column is left short
between full ones; per column it samples a few random candidates, then tries all of
them in random order. A candidate is refused when it leaves a free cell no group can
fill (a stretch of adjacent columns with exactly one free cell between them, or one
missing column on a one-row board) or a column within two of it that no vertical run
or domino can enter any more. When nothing fits, the last insertions are undone
(twice as many each time the search fails to get further); after a few such retreats
construction starts again from the empty board.
"""

from __future__ import annotations

from dataclasses import dataclass

from samegame.builtins.insertions import (
    MAX_GROUP,
    NEW_COLUMNS,
    Insertion,
    InsertionCandidates,
)
from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.numbering import BoardSpecError
from samegame.core.rng import StableRandom
from samegame.plugin.contributions import BoardSpec, GeneratedBoard

__all__ = ["ReverseBuilder"]

MAX_MERGED = 12
"""Most tiles in a group grown by joining an insertion to the previous group."""

SAMPLES_PER_TARGET = 24
"""Random candidates tried at a column before trying all of its candidates."""

LOOKAROUND = 2
"""Columns on each side of an insertion that must still take a group afterwards."""

RETREATS_PER_START = 10
"""Undo rounds allowed before construction starts again from the empty board."""

_HOLE = -1
"""Colour of freshly inserted tiles until their colour is chosen."""


@dataclass(frozen=True, slots=True)
class _Move:
    """An insertion as made: its colour, whether it joined the previous move's group
    (``extends``), and every tile of its group just after the insertion."""

    insertion: Insertion
    colour: int
    extends: bool
    group: tuple[Cell, ...]


class ReverseBuilder(InsertionCandidates):
    """The reverse construction for one spec, drawing from one stream."""

    def __init__(self, spec: BoardSpec, rng: StableRandom) -> None:
        self.width = spec.width
        self.height = spec.height
        self.colours = spec.colours
        self.rng = rng
        self.columns: list[list[int]] = []
        self.moves: list[_Move] = []
        self.counts = [0] * spec.colours
        self.filled = 0

    # -- the whole construction ----------------------------------------------------

    def build(self, starts: int) -> GeneratedBoard:
        """Fill the board; start again from empty when the search gets stuck, at
        most ``starts`` times."""
        for _ in range(starts):
            if self._fill():
                board = Board.from_columns(self.columns, self.width, self.height)
                return GeneratedBoard(board, self._certificate())
            while self.moves:
                self._undo()
        raise BoardSpecError(
            f"no clearable {self.width}x{self.height} board with {self.colours} colours "
            "was found; choose another board number or size"
        )

    def _certificate(self) -> tuple[Cell, ...]:
        """The anchor of each group, last inserted first: its lowest tile in its
        leftmost column, in the board just after the group's last insertion."""
        moves = self.moves
        anchors = [
            min(move.group)
            for index, move in enumerate(moves)
            if index + 1 == len(moves) or not moves[index + 1].extends
        ]
        return tuple(reversed(anchors))

    def _fill(self) -> bool:
        """Insert until the board is full; False after too many retreats."""
        total = self.width * self.height
        best = 0
        retreat = 1
        retreats = 0
        while self.filled < total:
            if self._step():
                if self.filled > best:
                    best, retreat = self.filled, 1
                continue
            retreats += 1
            if retreats > RETREATS_PER_START or not self.moves:
                return False
            for _ in range(min(retreat, len(self.moves))):
                self._undo()
            retreat *= 2
        return True

    def _step(self) -> bool:
        """Make one insertion, trying the most wanted places first."""
        return any(self._insert_at(target) for target in self._targets())

    def _targets(self) -> list[int]:
        """Places to insert, best first: new columns (``NEW_COLUMNS``) while any are missing,
        then the columns with free cells, emptiest first, ties in random order."""
        cols = [col for col in range(len(self.columns)) if self._free(col)]
        self.rng.shuffle(cols)
        cols.sort(key=self._free, reverse=True)
        return ([NEW_COLUMNS] if len(self.columns) < self.width else []) + cols

    def _insert_at(self, target: int) -> bool:
        """Insert tiles touching the target: sampled candidates, then all of them."""
        for _ in range(SAMPLES_PER_TARGET):
            insertion = self._sample(target)
            if insertion is not None and self._try(insertion):
                return True
        candidates = self._candidates(target)
        self.rng.shuffle(candidates)
        return any(self._try(insertion) for insertion in candidates)

    # -- one insertion -------------------------------------------------------------

    def _try(self, insertion: Insertion) -> bool:
        """Make the insertion unless no colour fits, it strands a free cell or it
        blocks a nearby column; on refusal the board is left as it was."""
        self._place(insertion)
        if not self._strands_a_cell():
            move = self._choose_move(insertion)
            if move is not None:
                self._paint(move)
                if self._neighbourhood_can_grow(insertion):
                    return True
                self._undo()
                return False
        self._take_out(insertion)
        return False

    def _choose_move(self, insertion: Insertion) -> _Move | None:
        """A new group of a colour no neighbour has (unused colours preferred), else
        an extension of the previous group, else None."""
        seen = self._colours_beside(insertion)
        allowed = [colour for colour in range(self.colours) if not seen >> colour & 1]
        if allowed:
            unused = [colour for colour in allowed if not self.counts[colour]]
            colour = self.rng.choice(unused or allowed)
            return _Move(insertion, colour, False, tuple(insertion.cells()))
        return self._extension(insertion)

    def _extension(self, insertion: Insertion) -> _Move | None:
        """The insertion joined to the previous group, when together they make one
        maximal group of its colour of at most MAX_MERGED tiles; else None."""
        if not self.moves:
            return None
        last = self.moves[-1]
        earlier = [insertion.moved(cell) for cell in last.group]
        if len(earlier) + insertion.size > MAX_MERGED:
            return None
        cells = insertion.cells()
        members = frozenset(earlier + cells)
        # the new tiles' border first: it rules out most candidates
        for part in (cells, earlier):
            if self._colours_around(part, members) >> last.colour & 1:
                return None
        if not _connected(members):
            return None
        return _Move(insertion, last.colour, True, tuple(earlier + cells))

    def _colours_beside(self, insertion: Insertion) -> int:
        """Bit mask of the colours next to the inserted (not yet coloured) tiles."""
        columns = self.columns
        seen = 0
        for col, row, length in insertion.runs:
            column = columns[col]
            if row > 0:
                seen |= 1 << column[row - 1]
            if row + length < len(column):
                seen |= 1 << column[row + length]
            for side in (col - 1, col + 1):
                if 0 <= side < len(columns):
                    for tile in columns[side][row : row + length]:
                        if tile != _HOLE:
                            seen |= 1 << tile
        return seen

    def _colours_around(self, cells: list[Cell], members: frozenset[Cell]) -> int:
        """Bit mask of the colours next to the cells, outside ``members`` (tiles not
        yet coloured are members)."""
        columns = self.columns
        seen = 0
        for col, row in cells:
            for side, level in ((col, row - 1), (col, row + 1), (col - 1, row), (col + 1, row)):
                if (
                    0 <= side < len(columns)
                    and 0 <= level < len(columns[side])
                    and (side, level) not in members
                ):
                    seen |= 1 << columns[side][level]
        return seen

    def _place(self, insertion: Insertion) -> None:
        for col, row, length in insertion.runs:
            tiles = [_HOLE] * length
            if insertion.new_columns:
                self.columns.insert(col, tiles)
            else:
                self.columns[col][row:row] = tiles

    def _take_out(self, insertion: Insertion) -> None:
        runs = insertion.runs
        if insertion.new_columns:
            del self.columns[runs[0][0] : runs[-1][0] + 1]
            return
        for col, row, length in runs:
            del self.columns[col][row : row + length]

    def _paint(self, move: _Move) -> None:
        for col, row, length in move.insertion.runs:
            self.columns[col][row : row + length] = [move.colour] * length
        self.moves.append(move)
        self.counts[move.colour] += move.insertion.size
        self.filled += move.insertion.size

    def _undo(self) -> None:
        move = self.moves.pop()
        self.counts[move.colour] -= move.insertion.size
        self.filled -= move.insertion.size
        self._take_out(move.insertion)

    # -- dead-end checks -----------------------------------------------------------

    def _strands_a_cell(self) -> bool:
        """True when some free cell can no longer be filled by any insertion: a
        stretch of adjacent non-full columns with one free cell between them, or on
        a one-row board a single missing column."""
        if self.height == 1:
            return self.width - len(self.columns) == 1
        stretch = 0
        for column in self.columns:
            free = self.height - len(column)
            if free:
                stretch += free
            elif stretch == 1:
                return True
            else:
                stretch = 0
        return stretch == 1

    def _neighbourhood_can_grow(self, insertion: Insertion) -> bool:
        """True when every column within LOOKAROUND of the insertion can still take
        a vertical run or a domino of some colour."""
        first = max(0, insertion.runs[0][0] - LOOKAROUND)
        last = min(len(self.columns), insertion.runs[-1][0] + LOOKAROUND + 1)
        return all(self._column_can_grow(col) for col in range(first, last))

    def _column_can_grow(self, col: int) -> bool:
        """True when the column is full or some vertical run or horizontal domino of
        a colour no neighbour has fits into it."""
        columns = self.columns
        column = columns[col]
        size = len(column)
        free = self.height - size
        if not free:
            return True
        everything = (1 << self.colours) - 1
        left = columns[col - 1] if col > 0 else []
        right = columns[col + 1] if col + 1 < len(columns) else []
        for length in range(2, min(MAX_GROUP, free) + 1):
            for row in range(size + 1):
                seen = 0
                if row:
                    seen |= 1 << column[row - 1]
                if row < size:
                    seen |= 1 << column[row]
                for tile in left[row : row + length]:
                    seen |= 1 << tile
                for tile in right[row : row + length]:
                    seen |= 1 << tile
                if seen != everything:
                    return True
        return any(
            0 <= other < len(columns) and self._free(other) and self._domino_fits(min(col, other))
            for other in (col - 1, col + 1)
        )

    def _domino_fits(self, col: int) -> bool:
        """True when a horizontal domino of some colour fits at some row into
        columns ``col`` and ``col + 1``."""
        columns = self.columns
        pair = columns[col], columns[col + 1]
        outer_left = columns[col - 1] if col > 0 else []
        outer_right = columns[col + 2] if col + 2 < len(columns) else []
        everything = (1 << self.colours) - 1
        for row in range(min(len(pair[0]), len(pair[1])) + 1):
            seen = 0
            for column in pair:
                if row:
                    seen |= 1 << column[row - 1]
                if row < len(column):
                    seen |= 1 << column[row]
            for column in (outer_left, outer_right):
                if row < len(column):
                    seen |= 1 << column[row]
            if seen != everything:
                return True
        return False


def _connected(cells: frozenset[Cell]) -> bool:
    """True when the cells form one side-connected set."""
    start = min(cells)
    reached = {start}
    frontier = [start]
    while frontier:
        col, row = frontier.pop()
        for cell in (
            Cell(col, row - 1),
            Cell(col, row + 1),
            Cell(col - 1, row),
            Cell(col + 1, row),
        ):
            if cell in cells and cell not in reached:
                reached.add(cell)
                frontier.append(cell)
    return len(reached) == len(cells)
