# mypy: allow-untyped-defs
"""Uniform random playouts: at every move list every legal group, pick one uniformly.

The choice is ``below(rng, count)`` over the legal groups in anchor order, the same
draw ``StableRandom.below`` makes, so a playout equals the Python-core game that
plays ``game.legal_groups()[rng.below(len(groups))]`` from the same seed.

Scratch arrays are allocated once per call, never inside the move loop. The groups
are listed afresh after every move: relisting only the columns a removal can have
changed (those right of the groups touching the column left of it) was measured
slower, because those columns are on average 70% of the tiles and keeping the
per-tile labels that it needs costs more than the 30% it saves (see docs/kernel.md).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from samegame.kernel.groups import count_tiles, legal_groups
from samegame.kernel.remove import remove_group
from samegame.kernel.rng import below
from samegame.kernel.rules import settle


@njit(cache=True, nogil=True)
def playout(grid, height, min_group, points, rng, stack, anchors, sizes, record):
    """Play ``grid`` out in place with uniform random moves.

    Returns (points scored, moves made, tiles removed). The anchors played are
    written to ``record`` while it has room (pass an empty array to keep none).
    ``stack`` (uint32), ``anchors`` and ``sizes`` (int32) are scratch of the
    state's length.
    """
    score = np.int64(0)
    moves = 0
    removed = 0
    while True:
        count = legal_groups(grid, height, min_group, stack, anchors, sizes)
        if count == 0:
            break
        pick = below(rng, count)
        anchor = anchors[pick]
        if moves < record.shape[0]:
            record[moves] = anchor
        remove_group(grid, height, anchor, stack)
        size = sizes[pick]
        score += points[size]
        removed += size
        moves += 1
    return score, moves, removed


@njit(cache=True, nogil=True)
def random_playouts(
    state, height, min_group, points, penalty, clear_bonus, has_floor, floor, rng, count, best
):
    """``count`` playouts from ``state`` (left unchanged); returns the settled scores
    (int64), the move counts (int32) and the index of the best playout (the first
    of the highest score; -1 when ``count`` is 0). ``rng`` (one uint64) advances.

    When ``best`` (int32) is not empty it must hold ``state``'s length; the moves
    (anchors, state indices) of the best playout are written there, so a search
    keeps its best sequence. One entry point for both uses keeps the compile short.
    """
    n = state.shape[0]
    grid = np.empty(n, dtype=np.uint8)
    stack = np.empty(n, dtype=np.uint32)
    anchors = np.empty(n, dtype=np.int32)
    sizes = np.empty(n, dtype=np.int32)
    record = np.empty(n if best.shape[0] > 0 else 0, dtype=np.int32)
    scores = np.empty(count, dtype=np.int64)
    moves = np.empty(count, dtype=np.int32)
    tiles = count_tiles(state, height)
    top = -1
    for p in range(count):
        for x in range(n):
            grid[x] = state[x]
        score, made, removed = playout(
            grid, height, min_group, points, rng, stack, anchors, sizes, record
        )
        final = settle(score, tiles - removed, clear_bonus, penalty, has_floor, floor)
        scores[p] = final
        moves[p] = made
        if top < 0 or final > scores[top]:
            top = p
            for x in range(min(made, record.shape[0])):
                best[x] = record[x]
    return scores, moves, top
