# mypy: allow-untyped-defs
"""Group finding on a kernel state (see ``state.py`` for the layout): the kernel's
one flood fill (``fill``) and the one scan built on it (``legal_groups``).

Flood fill with an explicit stack on the flat array; neighbours are ``i +- 1`` and
``i +- stride`` thanks to the sentinels. Columns are scanned left to right, each
bottom up, so the first tile met of a group is its canonical anchor (the lowest
tile of its leftmost column) and groups come out sorted by anchor, as
``Board.groups`` sorts them.

Options that only some callers need are arguments that are either an array or
``None``: numba compiles one version per argument type and prunes the branches
of a ``None`` argument, so the playout's scan carries no trace of move codes or
cell lists. Scratch arrays are passed in by the caller and never allocated here.
"""

from __future__ import annotations

import numpy as np
from numba import njit

SEEN = np.uint8(0x80)
UNSEEN = np.uint8(0x7F)
ONE = np.uint64(1)
COLOUR_MIX = np.uint64(0x9E3779B97F4A7C15)
FOLD = np.uint64(29)


@njit(cache=True, nogil=True, inline="always")
def fill(grid, start, step, mark, stack, keys, cells, offset, ids=None):
    """Flood-fill the group of the tile at ``start``, setting each of its cells to
    ``mark`` (a value no colour uses, so no cell is entered twice); return (size,
    move hash, smallest index, largest index).

    The hash is the colour mixed with the XOR of ``keys[i]`` over the group's cells
    when ``keys`` (uint64, the state's length) is given, else 0; with ``ids``
    (uint16, the state's length: the identity of the tile in each cell, see
    ``remove.remove_group``) it XORs ``keys[ids[i]]`` instead, so the hash names
    the group's tiles wherever they have fallen to, not the cells they cover. When ``cells`` is
    given the group's indices are written to ``cells[offset:offset + size]`` (in
    fill order). ``step`` is the stride (uint64), ``stack`` uint32 scratch.

    Inlined by numba into its callers (``inline="always"``): as a called function
    it cost the playout 7% (LLVM did not inline it), and inlined, the unused
    bounds and hash of a caller are optimised away."""
    colour = grid[start]
    grid[start] = mark
    stack[0] = start
    top = 1
    size = 0
    first = start
    last = start
    h = np.uint64(0)
    if keys is not None:
        h = np.uint64(colour) * COLOUR_MIX
    while top > 0:
        top -= 1
        j = np.uint64(stack[top])
        if keys is not None:
            if ids is not None:
                h ^= keys[ids[j]]
            else:
                h ^= keys[j]
        if cells is not None:
            cells[offset + size] = j
        size += 1
        if j > last:
            last = j
        elif j < first:
            first = j
        k = j - ONE
        if grid[k] == colour:
            grid[k] = mark
            stack[top] = k
            top += 1
        k = j + ONE
        if grid[k] == colour:
            grid[k] = mark
            stack[top] = k
            top += 1
        k = j - step
        if grid[k] == colour:
            grid[k] = mark
            stack[top] = k
            top += 1
        k = j + step
        if grid[k] == colour:
            grid[k] = mark
            stack[top] = k
            top += 1
    return size, h, first, last


@njit(cache=True, nogil=True)
def legal_groups(
    grid,
    height,
    min_group,
    stack,
    anchors,
    sizes,
    keys=None,
    mask=ONE,
    codes=None,
    cells=None,
    ids=None,
):
    """Fill ``anchors``/``sizes`` with every group of at least ``min_group`` tiles, in
    anchor order; return how many. ``stack`` is uint32 scratch, ``anchors`` and
    ``sizes`` int32, all of the state's length.

    With ``keys`` (uint64, the state's length) each group's move code goes to
    ``codes`` (int64): its hash (see ``fill``) folded to a slot ``0 .. mask``
    (``mask`` a uint64 ``2**k - 1``). With ``cells`` (int32, the state's length) the
    listed groups' cells are written there one group after another, in fill order.
    With ``ids`` (uint16, the state's length) the codes hash the groups' tile
    identities instead of their cells (see ``fill``).

    Visited tiles are marked in the grid itself (bit 7, which no colour uses) and
    unmarked before returning, so no visited array is cleared or compared. A tile
    met by the scan is unvisited only if no earlier tile of its group was met, so
    only its upper and right neighbours can share its group: when neither has its
    colour it is a single tile and needs no fill. Indices are unsigned, which
    spares numba's negative-index wraparound on every access (25% faster).
    """
    step = np.uint64(height + 1)
    count = 0
    offset = 0
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
                        if keys is not None:
                            k = keys[ids[i]] if ids is not None else keys[i]
                            h = k ^ (np.uint64(colour) * COLOUR_MIX)
                            codes[count] = np.int64((h ^ (h >> FOLD)) & mask)
                        if cells is not None:
                            cells[offset] = i
                            offset += 1
                        count += 1
                else:
                    size, h, _, _ = fill(
                        grid, i, step, colour | SEEN, stack, keys, cells, offset, ids
                    )
                    if size >= min_group:
                        anchors[count] = i
                        sizes[count] = size
                        if keys is not None:
                            codes[count] = np.int64((h ^ (h >> FOLD)) & mask)
                        if cells is not None:
                            offset += size
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


@njit(cache=True, nogil=True)
def count_colours(grid):
    """Tiles per colour: element ``c`` of the result (int64, 16 long) counts the
    cells holding ``c`` (1-9); element 0 is 0."""
    counts = np.zeros(16, dtype=np.int64)
    for x in range(grid.shape[0]):
        counts[grid[x]] += 1
    counts[0] = 0
    return counts
