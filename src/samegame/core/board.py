"""Board: an immutable SameGame position, its groups, and the removal of a group.

Representation: one Python int bitboard per colour. Cell ``(col, row)`` is bit
``col * height + row`` (column-major, bottom row first), so a column is a run of
``height`` bits, gravity is a per-column compaction and closing an empty column is
a shift of whole runs. The canonical tile of a group (the lowest tile of its
leftmost column) is therefore its lowest set bit.

Invariants checked on construction: planes are disjoint and inside the board; in
every column the tiles sit on the bottom with no gap (no floating tile); no empty
column stands left of a non-empty one.

>>> from samegame.core.textboard import read_board
>>> board = read_board('''
... R B .
... R B B
... ''')
>>> [(g.size, str(g.anchor)) for g in board.groups()]
[(2, 'A1'), (3, 'B1')]
>>> after = board.remove(board.group_at(Cell(0, 0)))
>>> after.width, after.tile_count(), after.cell(Cell(0, 0))
(3, 3, 1)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from samegame.core.coords import MAX_COLUMNS, Cell, check_cell, column_letter, format_cell
from samegame.core.palette import MAX_COLOURS

MAX_HEIGHT = 50


class BoardError(ValueError):
    """An impossible position: the message says which cell or column is wrong."""


@dataclass(frozen=True, slots=True)
class Group:
    """A maximal side-connected set of same-coloured tiles.

    ``mask`` is a bitboard in the layout of the board it came from; ``anchor`` is the
    canonical tile, the lowest tile of the leftmost column.
    """

    colour: int
    mask: int
    size: int
    anchor: Cell


@dataclass(frozen=True, slots=True)
class Fall:
    """One tile that fell: column (before any shift), old row, new row, colour."""

    col: int
    from_row: int
    to_row: int
    colour: int


@dataclass(frozen=True, slots=True)
class Shift:
    """A column that moved left to close an emptied column: old and new index."""

    from_col: int
    to_col: int


@dataclass(frozen=True, slots=True)
class Removal:
    """Everything a removal did, in the coordinates of the board before it."""

    before: Board
    after: Board
    group: Group
    falls: tuple[Fall, ...]
    shifts: tuple[Shift, ...]
    emptied_columns: tuple[int, ...]


class Board:
    """An immutable position. Construct with ``Board(width, height, planes)`` or the
    helpers ``from_columns``/``empty``; read text with ``samegame.core.textboard``.

    ``planes[c]`` is the bitboard of colour ``c``; trailing empty planes are dropped,
    so two boards are equal exactly when they show the same tiles.
    """

    __slots__ = ("_hash", "_not_bottom", "_not_top", "_occupied", "height", "planes", "width")

    width: int
    height: int
    planes: tuple[int, ...]
    _occupied: int
    _hash: int
    _not_bottom: int
    _not_top: int

    def __init__(self, width: int, height: int, planes: Sequence[int]) -> None:
        if not 1 <= width <= MAX_COLUMNS:
            raise BoardError(f"a board has 1 to {MAX_COLUMNS} columns, not {width}")
        if not 1 <= height <= MAX_HEIGHT:
            raise BoardError(f"a board has 1 to {MAX_HEIGHT} rows, not {height}")
        if len(planes) > MAX_COLOURS and any(planes[MAX_COLOURS:]):
            raise BoardError(f"a board has at most {MAX_COLOURS} colours")
        full = (1 << (width * height)) - 1
        seen = 0
        for colour, plane in enumerate(planes):
            if plane < 0 or plane & ~full:
                raise BoardError(f"colour {colour} has tiles outside the board")
            if plane & seen:
                raise BoardError("two colours share a cell")
            seen |= plane
        _check_gravity(seen, width, height)
        self._init(width, height, tuple(planes), seen)

    def _init(self, width: int, height: int, planes: tuple[int, ...], occupied: int) -> None:
        while planes and not planes[-1]:
            planes = planes[:-1]
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "height", height)
        object.__setattr__(self, "planes", planes)
        object.__setattr__(self, "_occupied", occupied)
        object.__setattr__(self, "_hash", hash((width, height, planes)))
        not_bottom, not_top = _edge_masks(width, height)
        object.__setattr__(self, "_not_bottom", not_bottom)
        object.__setattr__(self, "_not_top", not_top)

    @classmethod
    def _trusted(cls, width: int, height: int, planes: tuple[int, ...], occupied: int) -> Board:
        board = cls.__new__(cls)
        board._init(width, height, planes, occupied)
        return board

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Board is immutable")

    def __reduce__(self) -> tuple[type[Board], tuple[int, int, tuple[int, ...]]]:
        """A board pickles as its constructor's arguments, so it crosses processes
        (a plugin's board made in a bounded child) and is checked again on arrival.

        >>> import pickle
        >>> board = Board.from_columns([[0, 1], [1]], 3, 2)
        >>> pickle.loads(pickle.dumps(board)) == board
        True
        """
        return (Board, (self.width, self.height, self.planes))

    @classmethod
    def empty(cls, width: int, height: int) -> Board:
        """A board with no tiles."""
        return cls(width, height, ())

    @classmethod
    def from_columns(cls, columns: Sequence[Sequence[int]], width: int, height: int) -> Board:
        """Build from columns listed left to right, each bottom tile first.

        >>> Board.from_columns([[0, 1], [1]], 3, 2).tile_count()
        3
        """
        if len(columns) > width:
            raise BoardError(f"{len(columns)} columns do not fit in width {width}")
        planes = [0] * MAX_COLOURS
        for col, column in enumerate(columns):
            if len(column) > height:
                raise BoardError(f"column {col + 1} has {len(column)} tiles, height is {height}")
            for row, colour in enumerate(column):
                if not 0 <= colour < MAX_COLOURS:
                    raise BoardError(f"colour {colour} is not in the palette")
                planes[colour] |= 1 << (col * height + row)
        return cls(width, height, planes)

    def recoloured(self, order: Sequence[int]) -> Board:
        """The same tiles with colour i replaced by ``order[i]`` (a permutation of
        the palette's indices, ``palette.palette_order``): groups, moves and scores
        are unchanged.

        >>> Board.from_columns([[0, 1]], 1, 2).recoloured([0, 3, 1, 2]).columns()
        [[0, 3]]
        """
        if sorted(order) != list(range(len(order))) or len(order) < len(self.planes):
            raise BoardError(f"{list(order)} is not an order of the palette's colours")
        planes = [0] * MAX_COLOURS
        for colour, plane in enumerate(self.planes):
            planes[order[colour]] = plane
        return Board(self.width, self.height, planes)

    # -- reading -----------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.width, self.height, self.planes) == (other.width, other.height, other.planes)

    def __hash__(self) -> int:
        return self._hash

    def __copy__(self) -> Board:
        return self  # immutable: a copy is the same board

    def __deepcopy__(self, memo: dict[int, object]) -> Board:
        return self

    def __repr__(self) -> str:
        from samegame.core.textboard import write_board

        return f"<Board {self.width}x{self.height} {write_board(self).replace(chr(10), '/')}>"

    @property
    def occupied(self) -> int:
        """Bitboard of every tile."""
        return self._occupied

    def bit(self, cell: Cell) -> int:
        """The single-bit mask of a cell (checked against the board's extent)."""
        check_cell(cell, self.width, self.height)
        return 1 << (cell.col * self.height + cell.row)

    def cell_of_bit(self, index: int) -> Cell:
        """The cell of bit number ``index``."""
        col, row = divmod(index, self.height)
        return Cell(col, row)

    def cell(self, cell: Cell) -> int | None:
        """The colour at a cell, or None when it is empty."""
        bit = self.bit(cell)
        for colour, plane in enumerate(self.planes):
            if plane & bit:
                return colour
        return None

    def cells(self, mask: int) -> list[Cell]:
        """The cells of a mask, in canonical order (column by column, bottom up)."""
        out = []
        while mask:
            low = mask & -mask
            out.append(self.cell_of_bit(low.bit_length() - 1))
            mask ^= low
        return out

    def tile_count(self) -> int:
        """Number of tiles on the board."""
        return self._occupied.bit_count()

    def is_empty(self) -> bool:
        return self._occupied == 0

    def colour_counts(self) -> dict[int, int]:
        """Tiles per colour present, by colour index."""
        return {c: p.bit_count() for c, p in enumerate(self.planes) if p}

    def column_height(self, col: int) -> int:
        column = (self._occupied >> (col * self.height)) & ((1 << self.height) - 1)
        return column.bit_length()

    def column_count(self) -> int:
        """Number of non-empty columns (they are always the leftmost ones)."""
        return -(-self._occupied.bit_length() // self.height)

    def columns(self) -> list[list[int]]:
        """Non-empty columns left to right, each listed bottom tile first."""
        out = []
        for col in range(self.column_count()):
            column = []
            for row in range(self.column_height(col)):
                colour = self.cell(Cell(col, row))
                assert colour is not None
                column.append(colour)
            out.append(column)
        return out

    # -- groups ------------------------------------------------------------------

    def _grow(self, seed: int, plane: int) -> int:
        height = self.height
        not_bottom, not_top = self._not_bottom, self._not_top
        group = seed
        while True:
            grown = (
                group
                | ((group << 1) & not_bottom)
                | ((group >> 1) & not_top)
                | (group >> height)
                | (group << height)
            ) & plane
            if grown == group:
                return group
            group = grown

    def _group(self, colour: int, mask: int) -> Group:
        low = mask & -mask
        return Group(colour, mask, mask.bit_count(), self.cell_of_bit(low.bit_length() - 1))

    def group_at(self, cell: Cell) -> Group | None:
        """The maximal group containing a cell (any size, even 1), or None if empty."""
        bit = self.bit(cell)
        for colour, plane in enumerate(self.planes):
            if plane & bit:
                return self._group(colour, self._grow(bit, plane))
        return None

    def iter_groups(self, min_size: int = 2) -> Iterator[Group]:
        """Every maximal group of at least ``min_size`` tiles, by colour then anchor."""
        height = self.height
        for colour, plane in enumerate(self.planes):
            rest = plane
            if min_size >= 2:  # only tiles with a same-coloured neighbour can start one
                rest &= (
                    ((plane << 1) & self._not_bottom)
                    | ((plane >> 1) & self._not_top)
                    | (plane >> height)
                    | (plane << height)
                )
            while rest:
                group = self._grow(rest & -rest, plane)
                rest &= ~group
                if group.bit_count() >= min_size:
                    yield self._group(colour, group)

    def groups(self, min_size: int = 2) -> list[Group]:
        """Every legal group, sorted by anchor (column, then row)."""
        return sorted(self.iter_groups(min_size), key=lambda g: g.anchor)

    def has_move(self, min_size: int = 2) -> bool:
        """True when at least one group of ``min_size`` tiles or more exists."""
        if min_size <= 1:
            return not self.is_empty()
        if min_size == 2:
            for plane in self.planes:
                if plane & (plane << 1) & self._not_bottom or plane & (plane << self.height):
                    return True
            return False
        return next(self.iter_groups(min_size), None) is not None

    # -- removal -----------------------------------------------------------------

    def remove(self, group: Group) -> Board:
        """The board after removing a group: tiles fall, empty columns close left.

        The group must be one of this board's maximal groups (``group_at`` or
        ``groups``); anything else raises BoardError."""
        self._check_group(group)
        return self._compact(group.mask)[0]

    def remove_detailed(self, group: Group) -> Removal:
        """Remove a group and report every tile that fell and column that moved."""
        self._check_group(group)
        after, shifts, emptied = self._compact(group.mask)
        return Removal(self, after, group, self._falls(group.mask), shifts, emptied)

    def _check_group(self, group: Group) -> None:
        mask = group.mask
        plane = self.planes[group.colour] if 0 <= group.colour < len(self.planes) else 0
        if not mask or mask & ~plane or self._grow(mask & -mask, plane) != mask:
            raise BoardError("that is not a whole group of this board")
        if group != self._group(group.colour, mask):
            raise BoardError("the group's size or anchor does not match its tiles")

    def _compact(self, mask: int) -> tuple[Board, tuple[Shift, ...], tuple[int, ...]]:
        """Remove ``mask``: within each column the tiles above every removed run shift
        down by the run's length; emptied columns are dropped and the rest close left.

        Only the columns from the first to the last that ``mask`` touches are
        compacted one by one: those to their left stay as they are, and those to
        their right (all occupied: empty columns are always the rightmost) move
        left together by the number of columns emptied."""
        height = self.height
        column_mask = (1 << height) - 1
        planes = self.planes
        first = ((mask & -mask).bit_length() - 1) // height
        last = (mask.bit_length() - 1) // height
        unchanged = (1 << (first * height)) - 1
        new_planes = [plane & unchanged for plane in planes]
        shifts: list[Shift] = []
        emptied: list[int] = []
        target = first
        for col in range(first, last + 1):
            offset = col * height
            removed = (mask >> offset) & column_mask
            occupied = (self._occupied >> offset) & column_mask
            if removed == occupied:
                emptied.append(col)
                continue
            if target != col:
                shifts.append(Shift(col, target))
            dest_offset = target * height
            runs = _runs(removed)
            for colour, plane in enumerate(planes):
                bits = (plane >> offset) & column_mask & ~removed
                if not bits:
                    continue
                for start, length in runs:
                    low = (1 << start) - 1
                    bits = (bits & low) | ((bits >> length) & ~low)
                new_planes[colour] |= bits << dest_offset
            target += 1
        rest = last + 1
        rest_offset = rest * height
        if self._occupied >> rest_offset:
            if target != rest:
                shifts.extend(
                    Shift(col, col - rest + target) for col in range(rest, self.column_count())
                )
            for colour, plane in enumerate(planes):
                new_planes[colour] |= (plane >> rest_offset) << (target * height)
        occupied_after = 0
        for plane in new_planes:
            occupied_after |= plane
        after = Board._trusted(self.width, height, tuple(new_planes), occupied_after)
        return after, tuple(shifts), tuple(emptied)

    def _falls(self, mask: int) -> tuple[Fall, ...]:
        """Every tile that falls when ``mask`` goes, in column order, bottom up."""
        height = self.height
        column_mask = (1 << height) - 1
        falls: list[Fall] = []
        for col in range(self.column_count()):
            removed = (mask >> (col * height)) & column_mask
            if not removed:
                continue
            occupied = (self._occupied >> (col * height)) & column_mask
            lowest = (removed & -removed).bit_length() - 1
            for row in range(lowest + 1, occupied.bit_length()):
                if removed >> row & 1:
                    continue
                below = (removed & ((1 << row) - 1)).bit_count()
                colour = self.cell(Cell(col, row))
                assert colour is not None
                falls.append(Fall(col, row, row - below, colour))
        return tuple(falls)


def _runs(bits: int) -> list[tuple[int, int]]:
    """The runs of set bits as (start, length), highest run first."""
    runs: list[tuple[int, int]] = []
    while bits:
        start = (bits & -bits).bit_length() - 1
        length = ((bits >> start) ^ ((bits >> start) + 1)).bit_length() - 1
        runs.append((start, length))
        bits &= ~(((1 << length) - 1) << start)
    runs.reverse()
    return runs


def _edge_masks(width: int, height: int) -> tuple[int, int]:
    """Masks of every cell except the bottom row, and except the top row."""
    key = (width, height)
    cached = _EDGE_CACHE.get(key)
    if cached is None:
        bottom = top = 0
        for col in range(width):
            bottom |= 1 << (col * height)
            top |= 1 << (col * height + height - 1)
        full = (1 << (width * height)) - 1
        cached = (full & ~bottom, full & ~top)
        _EDGE_CACHE[key] = cached
    return cached


_EDGE_CACHE: dict[tuple[int, int], tuple[int, int]] = {}


def _check_gravity(occupied: int, width: int, height: int) -> None:
    column_mask = (1 << height) - 1
    seen_empty_column = None
    for col in range(width):
        column = (occupied >> (col * height)) & column_mask
        if column & (column + 1):
            gap = (~column & (column + 1)).bit_length() - 1
            raise BoardError(
                f"a tile floats above the empty cell {format_cell(Cell(col, gap))}; "
                "tiles must rest on the bottom or on another tile"
            )
        if not column:
            seen_empty_column = col if seen_empty_column is None else seen_empty_column
        elif seen_empty_column is not None:
            raise BoardError(
                f"column {column_letter(seen_empty_column)} is empty but column "
                f"{column_letter(col)} is not; empty columns close to the left"
            )
