# mypy: allow-untyped-defs
"""Removing a group from a kernel state in place: tiles fall, empty columns close.

The group is flood-filled from any of its tiles by the scan's own fill
(``groups.fill``), its cells set to ``GONE`` (a value no colour uses, so the fill
never re-enters them and a column still ends at its first 0). Only the columns
the group touches are compacted, bottom up; then, if a column emptied, the
columns to its right move left by whole strides.
Indices are unsigned (no negative-index wraparound code on each access).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from samegame.kernel.groups import fill

GONE = np.uint8(255)
ONE = np.uint64(1)
ZERO = np.uint64(0)


@njit(cache=True, nogil=True)
def remove_group(grid, height, cell, stack, ids=None):
    """Remove the group containing state index ``cell``, which must hold a tile;
    return its size. ``stack`` is uint32 scratch of the state's length.

    Removes any group, even a single tile: the caller checks the rules' minimum
    group size (and that ``cell`` is not empty: an empty cell is not checked).

    ``ids`` (uint16, the state's length; optional) holds an identity for each
    cell's tile and moves with the tiles: after the removal ``ids[i]`` is the
    identity of the tile now at ``i`` (what is left in empty cells is
    meaningless). A playout that starts with ``ids[i] = i`` therefore knows,
    at every move, where each tile stood at its start.
    """
    step = np.uint64(height + 1)
    size, _, first, last = fill(grid, np.uint64(cell), step, GONE, stack, None, None, 0)
    # The group's columns are contiguous (it is side-connected): first..last.
    first_col = first // step
    last_col = last // step
    emptied = False
    col = first_col
    while col <= last_col:
        base = col * step
        r = base
        while grid[r] != GONE:
            r += ONE
        w = r
        r += ONE
        value = grid[r]
        while value != 0:
            if value != GONE:
                grid[w] = value
                if ids is not None:
                    ids[w] = ids[r]
                w += ONE
            r += ONE
            value = grid[r]
        while w < r:
            r -= ONE
            grid[r] = 0
        if grid[base] == 0:
            emptied = True
        col += ONE
    if emptied:
        dst = first_col * step
        src = dst
        end = (last_col + ONE) * step
        while True:
            if grid[src] == 0:
                if src >= end:
                    break
                src += step
                continue
            if dst != src:
                x = ZERO
                while x < step:
                    grid[dst + x] = grid[src + x]
                    if ids is not None:
                        ids[dst + x] = ids[src + x]
                    x += ONE
            dst += step
            src += step
        while dst < src:
            grid[dst] = 0
            dst += ONE
    return size
