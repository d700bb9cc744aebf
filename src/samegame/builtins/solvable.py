"""Guaranteed-clearable boards: the ``solvable`` board type.

Contract: ``SOLVABLE.generate(spec, number)`` returns a full board (``spec.width``
columns by ``spec.height`` rows, every cell filled with a colour ``0`` to
``spec.colours - 1``; every colour appears unless the board holds too few groups)
and a certificate: for each move the anchor (lowest tile of the leftmost column) of
the group to remove, such that removing the groups in order empties the board and
every group has at least two tiles. A spec and number give the same board on every
platform, forever: every random choice is drawn from
``stable_random(SOLVABLE, spec, number)`` and nothing depends on set or hash order.
A 1x1 board cannot be cleared and raises BoardSpecError.

Three or more colours: reverse construction (``_Builder``). Play a game backwards:
starting from the empty board, insert one small group (two to four tiles) at a time:

- a vertical run into a column at any height (tiles at and above it move up);
- a shape over two adjacent columns (domino, L, S or square), each part at any height
  where the two parts still touch;
- a horizontal run over three or four adjacent columns at one row;
- one or two new columns standing on the bottom (later columns move right).

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

Two colours: reverse construction needs an insertion whose whole border has the
other colour, which a filling two-colour board rarely offers (it then takes seconds
to minutes; Simon Tatham's generator, built the same way, requires three colours).
Random two-colour boards, on the other hand, are nearly all clearable from about
4x4 up, so the board is drawn uniformly at random and a depth-first search
(smallest groups first, at most ``SEARCH_NODES`` removals) finds the clearing moves;
a board it cannot clear is replaced by the next draw.

>>> from samegame.core.numbering import make_board
>>> from samegame.core.textboard import write_board
>>> made = make_board(SOLVABLE, BoardSpec(4, 3, 3), 5)
>>> print(write_board(made.board), end="")
GBRG
RBRG
RGBB
>>> [str(cell) for cell in made.certificate]
['D2', 'B2', 'A1', 'C2', 'A1', 'A1']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from samegame.core.board import Board, Group
from samegame.core.coords import Cell
from samegame.core.numbering import BoardSpecError, stable_random
from samegame.core.rng import StableRandom
from samegame.plugin.contributions import BoardGenerator, BoardSpec, GeneratedBoard

MAX_GROUP = 4
"""Most tiles inserted in one step."""

MAX_MERGED = 12
"""Most tiles in a group grown by joining an insertion to the previous group."""

SAMPLES_PER_TARGET = 24
"""Random candidates tried at a column before trying all of its candidates."""

LOOKAROUND = 2
"""Columns on each side of an insertion that must still take a group afterwards."""

RETREATS_PER_START = 10
"""Undo rounds allowed before construction starts again from the empty board."""

MAX_STARTS = 100
"""Fresh starts (reverse construction) or draws (two colours) before giving up."""

SEARCH_NODES = 1000
"""Removals the two-colour search may try on one drawn board."""

_HOLE = -1
"""Colour of freshly inserted tiles until their colour is chosen."""

_NEW = -1
"""The insertion target that stands for new columns."""

Run = tuple[int, int, int]
"""Part of an insertion in one column: column index after insertion, first row, length."""


@dataclass(frozen=True, slots=True)
class _Insertion:
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


@dataclass(frozen=True, slots=True)
class _Move:
    """An insertion as made: its colour, whether it joined the previous move's group
    (``extends``), and every tile of its group just after the insertion."""

    insertion: _Insertion
    colour: int
    extends: bool
    group: tuple[Cell, ...]


class _Builder:
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

    def build(self) -> GeneratedBoard:
        """Fill the board; start again from empty when the search gets stuck."""
        for _ in range(MAX_STARTS):
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
        """Places to insert, best first: new columns (``_NEW``) while any are missing,
        then the columns with free cells, emptiest first, ties in random order."""
        cols = [col for col in range(len(self.columns)) if self._free(col)]
        self.rng.shuffle(cols)
        cols.sort(key=self._free, reverse=True)
        return ([_NEW] if len(self.columns) < self.width else []) + cols

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

    def _try(self, insertion: _Insertion) -> bool:
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

    def _choose_move(self, insertion: _Insertion) -> _Move | None:
        """A new group of a colour no neighbour has (unused colours preferred), else
        an extension of the previous group, else None."""
        seen = self._colours_beside(insertion)
        allowed = [colour for colour in range(self.colours) if not seen >> colour & 1]
        if allowed:
            unused = [colour for colour in allowed if not self.counts[colour]]
            colour = self.rng.choice(unused or allowed)
            return _Move(insertion, colour, False, tuple(insertion.cells()))
        return self._extension(insertion)

    def _extension(self, insertion: _Insertion) -> _Move | None:
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

    def _colours_beside(self, insertion: _Insertion) -> int:
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

    def _place(self, insertion: _Insertion) -> None:
        for col, row, length in insertion.runs:
            tiles = [_HOLE] * length
            if insertion.new_columns:
                self.columns.insert(col, tiles)
            else:
                self.columns[col][row:row] = tiles

    def _take_out(self, insertion: _Insertion) -> None:
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

    def _neighbourhood_can_grow(self, insertion: _Insertion) -> bool:
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

    # -- candidates ----------------------------------------------------------------

    def _free(self, col: int) -> int:
        return self.height - len(self.columns[col])

    def _sample(self, target: int) -> _Insertion | None:
        """One random candidate touching the target (unchecked), or None on a miss:
        a vertical run (4 in 8), a two-column shape (3 in 8) or a row (1 in 8)."""
        if target == _NEW:
            return self._sample_new()
        pick = self.rng.below(8)
        if pick < 4:
            return self._sample_vertical(target)
        if pick < 7:
            return self._sample_pair(target)
        return self._sample_row(target)

    def _sample_vertical(self, col: int) -> _Insertion | None:
        """A run of 2 to 4 tiles at a random height of the column."""
        free = self._free(col)
        if free < 2:
            return None
        length = 2 + self.rng.below(min(MAX_GROUP, free) - 1)
        row = self.rng.below(len(self.columns[col]) + 1)
        return _Insertion(((col, row, length),), False)

    def _sample_pair(self, col: int) -> _Insertion | None:
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
        return _Insertion(runs, False)

    def _sample_row(self, col: int) -> _Insertion | None:
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

    def _sample_new(self) -> _Insertion:
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

    def _candidates(self, target: int) -> list[_Insertion]:
        """Every insertion touching the target, in a fixed order, unchecked."""
        if target == _NEW:
            return [
                _new_columns(position, shape)
                for shape in self._new_column_shapes()
                for position in range(len(self.columns) + 1)
            ]
        col = target
        size = len(self.columns[col])
        candidates = [
            _Insertion(((col, row, length),), False)
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

    def _pair_candidates(self, first: int) -> list[_Insertion]:
        """Every two-column shape over columns ``first`` and ``first + 1``."""
        sizes = len(self.columns[first]), len(self.columns[first + 1])
        return [
            _Insertion(((first, row, left), (first + 1, other, right)), False)
            for left, right in _pair_lengths(self._free(first), self._free(first + 1))
            for row in range(sizes[0] + 1)
            for other in _touching_rows(row, left, right, sizes[1])
        ]


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


def _row(first: int, span: int, row: int) -> _Insertion:
    return _Insertion(tuple((col, row, 1) for col in range(first, first + span)), False)


def _new_columns(position: int, heights: tuple[int, ...]) -> _Insertion:
    runs = tuple((position + offset, 0, height) for offset, height in enumerate(heights))
    return _Insertion(runs, True)


# -- two colours: random board, depth-first search ----------------------------------


def _two_colour_board(spec: BoardSpec, rng: StableRandom) -> GeneratedBoard:
    """The first uniformly drawn board that the search clears, with its moves."""
    for _ in range(MAX_STARTS):
        planes = [0] * spec.colours
        for index in range(spec.width * spec.height):
            planes[rng.below(spec.colours)] |= 1 << index
        board = Board(spec.width, spec.height, planes)
        moves = _clearing_moves(board, SEARCH_NODES)
        if moves is not None:
            return GeneratedBoard(board, moves)
    raise BoardSpecError(
        f"no clearable {spec.width}x{spec.height} board with {spec.colours} colours "
        "was found; choose another board number or size"
    )


def _clearing_moves(board: Board, budget: int) -> tuple[Cell, ...] | None:
    """Anchors of groups whose removal in order empties the board, found by a
    depth-first search trying smaller groups first; None when the search fails or
    has tried ``budget`` removals."""
    boards = [board]
    options = [_options(board)]
    path: list[Cell] = []
    while options:
        if boards[-1].is_empty():
            return tuple(path)
        group = next(options[-1], None)
        if group is None:
            options.pop()
            boards.pop()
            if path:
                path.pop()
            continue
        budget -= 1
        if budget < 0:
            return None
        after = boards[-1].remove(group)
        path.append(group.anchor)
        boards.append(after)
        options.append(_options(after))
    return None


def _options(board: Board) -> Iterator[Group]:
    """The groups worth removing, smallest first; none when a colour has a single
    tile left (it can never be removed)."""
    if 1 in board.colour_counts().values():
        return iter(())
    return iter(sorted(board.iter_groups(), key=lambda group: group.size))


def _generate(spec: BoardSpec, number: int) -> GeneratedBoard:
    """The board of a number: full, clearable, with its certificate."""
    if spec.width * spec.height < 2:
        raise BoardSpecError("a 1x1 board cannot be cleared; choose at least 2 columns or 2 rows")
    rng = stable_random(SOLVABLE, spec, number)
    if spec.colours == 2:
        return _two_colour_board(spec, rng)
    return _Builder(spec, rng).build()


SOLVABLE = BoardGenerator(
    "solvable",
    1,
    _generate,
    "always clearable, with a certificate (built backwards from the empty board)",
    guarantees_clear=True,
    min_colours=2,
)
