# mypy: allow-untyped-defs
"""Group finding on a kernel state (see ``state.py`` for the layout).

Flood fill with an explicit stack on the flat array; neighbours are ``i +- 1`` and
``i +- stride`` thanks to the sentinels. Columns are scanned left to right, each
bottom up, so the first tile met of a group is its canonical anchor (the lowest
tile of its leftmost column) and groups come out sorted by anchor, as
``Board.groups`` sorts them.

Scratch arrays (int32, the state's length) are passed in by the caller and never
allocated here.
"""

from __future__ import annotations

import numpy as np
from numba import njit

SEEN = np.uint8(0x80)
UNSEEN = np.uint8(0x7F)
ONE = np.uint64(1)


@njit(cache=True, nogil=True)
def legal_groups(grid, height, min_group, stack, anchors, sizes):
    """Fill ``anchors``/``sizes`` with every group of at least ``min_group`` tiles, in
    anchor order; return how many. ``stack`` is uint32 scratch, ``anchors`` and
    ``sizes`` int32, all of the state's length.

    Visited tiles are marked in the grid itself (bit 7, which no colour uses) and
    unmarked before returning, so no visited array is cleared or compared. A tile
    met by the scan is unvisited only if no earlier tile of its group was met, so
    only its upper and right neighbours can share its group: when neither has its
    colour it is a single tile and needs no fill. Indices are unsigned, which
    spares numba's negative-index wraparound on every access (25% faster).
    """
    step = np.uint64(height + 1)
    count = 0
    base = step
    while grid[base] != 0:
        i = base
        colour = grid[i]
        while colour != 0:
            if colour < SEEN:
                if grid[i + ONE] != colour and grid[i + step] != colour:
                    if min_group <= 1:
                        anchors[count] = i
                        sizes[count] = 1
                        count += 1
                else:
                    marked = colour | SEEN
                    grid[i] = marked
                    stack[0] = i
                    top = 1
                    size = 0
                    while top > 0:
                        top -= 1
                        j = np.uint64(stack[top])
                        size += 1
                        k = j - ONE
                        if grid[k] == colour:
                            grid[k] = marked
                            stack[top] = k
                            top += 1
                        k = j + ONE
                        if grid[k] == colour:
                            grid[k] = marked
                            stack[top] = k
                            top += 1
                        k = j - step
                        if grid[k] == colour:
                            grid[k] = marked
                            stack[top] = k
                            top += 1
                        k = j + step
                        if grid[k] == colour:
                            grid[k] = marked
                            stack[top] = k
                            top += 1
                    if size >= min_group:
                        anchors[count] = i
                        sizes[count] = size
                        count += 1
            i += ONE
            colour = grid[i]
        base += step
    x = step
    while x < base:
        grid[x] &= UNSEEN
        x += ONE
    return count


@njit(cache=True, nogil=True)
def label_groups(grid, height, labels, stack, anchors, sizes):
    """Label every group (any size, singletons too): ``labels[i]`` is the group
    number of cell ``i`` (-1 for empty and sentinel slots); ``anchors``/``sizes``
    get each group's anchor and size, in anchor order. Returns the group count."""
    step = height + 1
    for x in range(labels.shape[0]):
        labels[x] = -1
    count = 0
    base = step
    while grid[base] != 0:
        i = base
        while grid[i] != 0:
            if labels[i] < 0:
                colour = grid[i]
                labels[i] = count
                stack[0] = i
                top = 1
                size = 0
                while top > 0:
                    top -= 1
                    j = stack[top]
                    size += 1
                    for k in (j - 1, j + 1, j - step, j + step):
                        if grid[k] == colour and labels[k] < 0:
                            labels[k] = count
                            stack[top] = k
                            top += 1
                anchors[count] = i
                sizes[count] = size
                count += 1
            i += 1
        base += step
    return count


@njit(cache=True, nogil=True)
def count_tiles(grid, height):
    """Number of tiles on the board."""
    step = height + 1
    total = 0
    base = step
    while grid[base] != 0:
        i = base
        while grid[i] != 0:
            i += 1
        total += i - base
        base += step
    return total
