"""Kernel state: a padded, column-major ``uint8`` grid, and conversion from/to Board.

Layout for a board of ``width`` x ``height`` (``stride = height + 1``)::

    index(col, row) = (col + 1) * stride + row      0 <= col < width, 0 <= row < height

A cell holds ``colour + 1`` (1 to 9), or 0 when empty. Every other slot is a sentinel that
always holds 0: the whole column left of column A (indices ``0 .. stride-1``), the
slot above the top row of every column (``row == height``, which is also the slot
just below row 0 of the next column) and the whole column right of the last one.
So the four neighbours of any cell are ``i - 1``, ``i + 1``, ``i - stride`` and
``i + stride`` with no bounds checks, a column ends at its first 0 (gravity: no
gaps), and the board ends at the first column whose bottom slot is 0 (empty
columns close to the left). The array alone is the position; width and height
travel beside it (``KernelRules`` carries them).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.palette import MAX_COLOURS

State = npt.NDArray[np.uint8]

EMPTY = 0


def state_size(width: int, height: int) -> int:
    """Length of the state array of a ``width`` x ``height`` board."""
    return (width + 2) * (height + 1)


def cell_index(height: int, col: int, row: int) -> int:
    """Index of a cell in the state array."""
    return (col + 1) * (height + 1) + row


def index_cell(height: int, index: int) -> Cell:
    """The cell of a state index (the inverse of ``cell_index``)."""
    col, row = divmod(index, height + 1)
    return Cell(col - 1, row)


def to_kernel(board: Board) -> State:
    """The kernel state of a Board."""
    width, height = board.width, board.height
    cells = width * height
    grid = np.zeros((width + 2, height + 1), dtype=np.uint8)
    inner = grid[1 : width + 1, :height]
    for colour, plane in enumerate(board.planes):
        if plane:
            raw = np.frombuffer(plane.to_bytes((cells + 7) // 8, "little"), dtype=np.uint8)
            bits = np.unpackbits(raw, count=cells, bitorder="little").reshape(width, height)
            inner[bits.astype(bool)] = colour + 1
    return grid.reshape(-1)


def check_state(state: State, width: int, height: int) -> None:
    """Raise ``ValueError`` unless ``state`` is a valid ``width`` x ``height`` position:
    uint8 of the right length, sentinels empty, colours in the palette, no tile
    floating over an empty cell, no empty column left of a non-empty one. The
    compiled functions trust their input (a non-empty sentinel would let a scan run
    off the array), so everything that takes a state from outside checks it first."""
    size = state_size(width, height)
    if state.dtype != np.uint8 or state.shape != (size,):
        raise ValueError(
            f"a {width}x{height} kernel state is a uint8 array of {size} cells, "
            f"not {state.dtype} of shape {state.shape}"
        )
    grid = state.reshape(width + 2, height + 1)
    if grid[0].any() or grid[width + 1].any() or grid[:, height].any():
        raise ValueError("a sentinel slot of the kernel state is not empty")
    inner = grid[1 : width + 1, :height]
    if int(inner.max(initial=0)) > MAX_COLOURS:
        raise ValueError(f"a kernel cell holds 0 (empty) or a colour 1 to {MAX_COLOURS}")
    occupied = inner != 0
    if (occupied[:, 1:] > occupied[:, :-1]).any():
        raise ValueError("a tile floats above an empty cell")
    if (occupied[1:, 0] > occupied[:-1, 0]).any():
        raise ValueError("an empty column stands left of a non-empty one")


def from_kernel(state: State, width: int, height: int) -> Board:
    """The Board of a kernel state; raises ``ValueError`` when the array is not a
    valid position of that size (see ``check_state``)."""
    check_state(state, width, height)
    inner = state.reshape(width + 2, height + 1)[1 : width + 1, :height]
    planes = []
    for value in range(1, int(inner.max(initial=0)) + 1):
        packed = np.packbits(inner == value, bitorder="little")
        planes.append(int.from_bytes(packed.tobytes(), "little"))
    return Board(width, height, planes)
