# mypy: allow-untyped-defs
"""Moves with codes, the playout policies' candidate filters, and policy playouts.

Shared by the NMCS, NRPA and beam kernels (``nmcs.py``, ``nrpa.py``, ``beam.py``).

**Move codes.** A move (a legal group) is coded by its colour and the exact set of
cells it covers: the XOR of one random 64-bit key per cell (``keys``, indexed by
state index) mixed with the colour, then folded to ``mask + 1`` slots (a power of
two) of a weight table. The same group, standing in the same place in two
positions, has the same code; a group that fell or shifted, or grew by a tile, has
another. ``list_moves`` computes the codes during the group scan (one XOR per
tile), so coding costs next to nothing.

**Candidate filters** (``select_candidates``), the playout policies of the
SameGame literature, applied to the legal groups of a position:

- ``ALL``: every legal group;
- ``TABU``: the tabu colour (fixed for a search: the colour with the most tiles
  at its root) is not played unless all its remaining tiles form that one group;
  when that leaves nothing, every legal group;
- ``SELECTIVE``: as ``TABU``, and also no group whose removal leaves exactly one
  tile of its colour (that tile could never be removed, so the board could not
  be cleared); when that leaves nothing, the ``TABU`` candidates.

**Policy playouts** (``policy_playout``) draw among the candidates uniformly
(an empty table) or with probability proportional to ``exp_weights[code]``
(NRPA's Gibbs policy, ``exp(weight)`` kept beside each weight so that playouts
compute no exponential), and can record, for each step, the codes of all
candidates and which one was played: what NRPA's adaptation needs, so it never
replays a sequence.

All state arrays follow ``samegame.kernel.state``; scratch is passed in.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from samegame.kernel.remove import remove_group
from samegame.kernel.rng import below, next64

ALL = 0
TABU = 1
SELECTIVE = 2

SEEN = np.uint8(0x80)
UNSEEN = np.uint8(0x7F)
ONE = np.uint64(1)
COLOUR_MIX = np.uint64(0x9E3779B97F4A7C15)
FOLD = np.uint64(29)
UNIT = 1.0 / 9007199254740992.0  # 2**-53
S11 = np.uint64(11)


@njit(cache=True, nogil=True)
def list_moves(grid, height, min_group, stack, anchors, sizes, codes, keys, mask):
    """Fill ``anchors``/``sizes``/``codes`` with every group of at least ``min_group``
    tiles, in anchor order (as ``samegame.kernel.groups.legal_groups``); return how
    many. ``codes`` (int64) get each group's table slot (see the module docstring):
    ``keys`` is uint64 of the state's length, ``mask`` a uint64 ``2**k - 1``.

    The scan is the kernel's: visited tiles are marked in the grid (bit 7) and
    unmarked at the end; a tile whose upper and right neighbours differ is a
    singleton and needs no fill."""
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
                        h = keys[i] ^ (np.uint64(colour) * COLOUR_MIX)
                        anchors[count] = i
                        sizes[count] = 1
                        codes[count] = np.int64((h ^ (h >> FOLD)) & mask)
                        count += 1
                else:
                    marked = colour | SEEN
                    grid[i] = marked
                    stack[0] = i
                    top = 1
                    size = 0
                    h = np.uint64(colour) * COLOUR_MIX
                    while top > 0:
                        top -= 1
                        j = np.uint64(stack[top])
                        size += 1
                        h ^= keys[j]
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
                        codes[count] = np.int64((h ^ (h >> FOLD)) & mask)
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
def select_candidates(count, anchors, sizes, grid, kind, tabu, counts, cand):
    """Write into ``cand`` the indices (into ``anchors``/``sizes``) of the groups the
    policy ``kind`` may play, in anchor order; return how many (at least one when
    ``count`` is). ``tabu`` is the tabu colour as stored in the grid (1-9; 0: none)
    and ``counts[c]`` the tiles of colour ``c`` left on the board."""
    if kind != ALL and tabu > 0:
        whole = counts[tabu]
        n = 0
        if kind == SELECTIVE:
            for g in range(count):
                colour = grid[anchors[g]]
                if colour == tabu:
                    if sizes[g] == whole:
                        cand[n] = g
                        n += 1
                elif counts[colour] - sizes[g] != 1:
                    cand[n] = g
                    n += 1
            if n > 0:
                return n
        for g in range(count):
            if grid[anchors[g]] != tabu or sizes[g] == whole:
                cand[n] = g
                n += 1
        if n > 0:
            return n
    for g in range(count):
        cand[g] = g
    return count


@njit(cache=True, nogil=True)
def uniform(rng):
    """A uniform float in [0, 1) with 53 random bits (as ``StableRandom.random``)."""
    return np.float64(next64(rng) >> S11) * UNIT


@njit(cache=True, nogil=True)
def policy_playout(
    grid,
    height,
    min_group,
    points,
    rng,
    keys,
    mask,
    kind,
    tabu,
    counts,
    exp_weights,
    stack,
    anchors,
    sizes,
    codes,
    cand,
    probs,
    moves,
    rec_codes,
    rec_offsets,
    rec_chosen,
):
    """Play ``grid`` out in place under a policy; return (points scored, moves made,
    tiles removed).

    Each step lists the legal groups with their codes, keeps the candidates of
    ``kind`` (see ``select_candidates``; ``counts`` is updated as tiles go) and
    draws one: uniformly when ``exp_weights`` is empty, else with probability
    proportional to ``exp_weights[code]``. The anchors played go to ``moves``
    (room for every move is the caller's business). When ``rec_codes`` is not
    empty, step ``t``'s candidate codes go to ``rec_codes[rec_offsets[t]:
    rec_offsets[t + 1]]`` and the position of the one played among them to
    ``rec_chosen[t]``.

    Scratch of the state's length: ``stack`` (uint32), ``anchors``/``sizes``
    (int32), ``codes`` (int64), ``cand`` (int32), ``probs`` (float64).
    """
    weighted = exp_weights.shape[0] > 0
    recording = rec_codes.shape[0] > 0
    score = np.int64(0)
    made = 0
    removed = 0
    offset = 0
    if recording:
        rec_offsets[0] = 0
    while True:
        count = list_moves(grid, height, min_group, stack, anchors, sizes, codes, keys, mask)
        if count == 0:
            break
        n = select_candidates(count, anchors, sizes, grid, kind, tabu, counts, cand)
        if weighted:
            total = 0.0
            for c in range(n):
                total += exp_weights[codes[cand[c]]]
                probs[c] = total
            r = uniform(rng) * total
            pick = n - 1
            for c in range(n - 1):
                if r < probs[c]:
                    pick = c
                    break
        else:
            pick = below(rng, n)
        if recording:
            for c in range(n):
                rec_codes[offset + c] = codes[cand[c]]
            rec_chosen[made] = pick
            offset += n
            rec_offsets[made + 1] = offset
        g = cand[pick]
        anchor = anchors[g]
        size = sizes[g]
        counts[grid[anchor]] -= size
        moves[made] = anchor
        remove_group(grid, height, anchor, stack)
        score += points[size]
        removed += size
        made += 1
    return score, made, removed
