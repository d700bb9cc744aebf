"""Shared hypothesis strategies and a tiny naive SameGame reference for the tests.

The reference works on plain lists of columns (left to right, each bottom tile
first) and a BFS flood fill; it shares no code with ``samegame.core.board``, so the tests
compare the bitboard core with an independent implementation, never with itself.
Boards are turned into ``Board`` objects by computing the documented bit layout
(cell ``(col, row)`` is bit ``col * height + row``) here, not with ``from_columns``.
"""

from __future__ import annotations

import hashlib
from collections import deque
from dataclasses import dataclass

from hypothesis import strategies as st

from samegame.core.board import Board

Columns = list[list[int]]
CellT = tuple[int, int]


@dataclass(frozen=True)
class NaiveBoard:
    """A board as the naive reference sees it."""

    width: int
    height: int
    columns: tuple[tuple[int, ...], ...]

    def colour(self, col: int, row: int) -> int | None:
        if 0 <= col < len(self.columns) and 0 <= row < len(self.columns[col]):
            return self.columns[col][row]
        return None

    def tiles(self) -> list[CellT]:
        return [(c, r) for c, column in enumerate(self.columns) for r in range(len(column))]

    def tile_count(self) -> int:
        return sum(len(column) for column in self.columns)


def naive(width: int, height: int, columns: Columns) -> NaiveBoard:
    return NaiveBoard(width, height, tuple(tuple(column) for column in columns))


def to_board(nb: NaiveBoard) -> Board:
    """Build a Board by computing the documented bit layout by hand."""
    planes: dict[int, int] = {}
    for col, column in enumerate(nb.columns):
        for row, colour in enumerate(column):
            planes[colour] = planes.get(colour, 0) | (1 << (col * nb.height + row))
    size = max(planes, default=-1) + 1
    return Board(nb.width, nb.height, [planes.get(c, 0) for c in range(size)])


def board_to_naive(board: Board) -> NaiveBoard:
    """Read a Board cell by cell through its planes (not through ``columns()``)."""
    columns: Columns = []
    for col in range(board.width):
        column = []
        for row in range(board.height):
            bit = 1 << (col * board.height + row)
            colours = [c for c, plane in enumerate(board.planes) if plane & bit]
            assert len(colours) <= 1
            if not colours:
                break
            column.append(colours[0])
        if not column:
            break
        columns.append(column)
    return naive(board.width, board.height, columns)


def neighbours(cell: CellT) -> list[CellT]:
    c, r = cell
    return [(c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)]


def naive_group(nb: NaiveBoard, start: CellT) -> frozenset[CellT]:
    """BFS flood fill of the same-coloured side-connected tiles from ``start``."""
    colour = nb.colour(*start)
    assert colour is not None
    seen = {start}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for nxt in neighbours(cell):
            if nxt not in seen and nb.colour(*nxt) == colour:
                seen.add(nxt)
                queue.append(nxt)
    return frozenset(seen)


def naive_groups(nb: NaiveBoard, min_size: int = 1) -> list[frozenset[CellT]]:
    """Every maximal group of at least ``min_size`` tiles."""
    done: set[CellT] = set()
    out = []
    for cell in nb.tiles():
        if cell in done:
            continue
        group = naive_group(nb, cell)
        done |= group
        if len(group) >= min_size:
            out.append(group)
    return out


def naive_remove(nb: NaiveBoard, cells: frozenset[CellT]) -> NaiveBoard:
    """Remove cells; the rest fall in their columns; empty columns close left."""
    columns = []
    for c, column in enumerate(nb.columns):
        kept = [colour for r, colour in enumerate(column) if (c, r) not in cells]
        if kept:
            columns.append(kept)
    return naive(nb.width, nb.height, columns)


def anchor_of(cells: frozenset[CellT]) -> CellT:
    """The canonical tile: lowest tile of the leftmost column."""
    return min(cells)


@st.composite
def naive_boards(
    draw: st.DrawFn,
    max_width: int = 12,
    max_height: int = 12,
    max_colours: int = 6,
) -> NaiveBoard:
    """Random valid boards: gravity respected, non-empty columns leftmost."""
    width = draw(st.integers(1, max_width))
    height = draw(st.integers(1, max_height))
    colours = draw(st.integers(1, max_colours))
    full = draw(st.booleans())
    used = width if full else draw(st.integers(0, width))
    columns = []
    for _ in range(used):
        size = height if full else draw(st.integers(1, height))
        columns.append(draw(st.lists(st.integers(0, colours - 1), min_size=size, max_size=size)))
    return naive(width, height, columns)


def boards(**kwargs: int) -> st.SearchStrategy[Board]:
    return naive_boards(**kwargs).map(to_board)


def naive_report(
    nb: NaiveBoard, cells: frozenset[CellT]
) -> tuple[list[tuple[int, int, int, int]], list[tuple[int, int]], list[int]]:
    """What removing ``cells`` does, in the coordinates of the board before it:
    falls ``(col, from_row, to_row, colour)``, shifts ``(from_col, to_col)`` and the
    emptied columns, each sorted by column (then row)."""
    falls = []
    shifts = []
    emptied = []
    target = 0
    for c, column in enumerate(nb.columns):
        new_row = 0
        for r, colour in enumerate(column):
            if (c, r) in cells:
                continue
            if new_row != r:
                falls.append((c, r, new_row, colour))
            new_row += 1
        if new_row == 0:
            emptied.append(c)
            continue
        if target != c:
            shifts.append((c, target))
        target += 1
    return falls, shifts, emptied


# -- an independent SplitMix64 and seed derivation (see samegame.core.rng's documentation) --

M64 = 2**64


class ReferenceSplitMix64:
    """Straight from the reference C code, with explicit modulo-2**64 arithmetic."""

    def __init__(self, seed: int) -> None:
        self.x = seed % M64

    def next(self) -> int:
        self.x = (self.x + 0x9E3779B97F4A7C15) % M64
        z = self.x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % M64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        # reject the words in the incomplete last block [n * (2**64 // n), 2**64)
        while True:
            word = self.next()
            if word < n * (M64 // n):
                return word % n


def reference_seed(*parts: object) -> int:
    """First 8 bytes, big-endian, of SHA-256 over the parts joined by '|'."""
    digest = hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()
    return int(digest[:16], 16)
