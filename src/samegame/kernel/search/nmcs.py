# mypy: allow-untyped-defs
"""Nested Monte-Carlo Search with memorisation (Cazenave 2009) in numba.

``NMCS(level, position)``: until the game ends, try every legal move ``m`` of the
current position and evaluate it by ``NMCS(level - 1)`` from the position after
``m`` (at level 1: one playout); whenever an evaluation beats the best complete
sequence known, that sequence (the moves already played, ``m``, and the lower
level's sequence) becomes the best; then play the next move of the best sequence,
which need not be the move judged best at this step (memorisation: a good line
found earlier is never lost). Returns the best sequence and its settled score.

The levels above 1 try every legal group; playouts draw uniformly among the
candidates of a filter of ``moves.py`` (``ALL`` or the tabu colour).

The search stops early when ``control[0]`` becomes non-zero (a timer thread sets
it; the functions release the GIL): each level then returns the best complete
sequence it holds, so the result is always a whole game. ``control[1]`` counts
the playouts.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from samegame.kernel.groups import count_tiles, legal_groups
from samegame.kernel.remove import remove_group
from samegame.kernel.rules import settle
from samegame.kernel.search.moves import policy_playout

LOWEST = -(2**62)


@njit(cache=True, nogil=True)
def nmcs_level(
    level,
    start,
    start_counts,
    score,
    tiles,
    height,
    min_group,
    points,
    penalty,
    clear_bonus,
    has_floor,
    floor,
    rng,
    keys,
    kind,
    tabu,
    positions,
    children,
    level_counts,
    child_counts,
    level_moves,
    seqs,
    seq_len,
    stack,
    anchors,
    sizes,
    codes,
    cand,
    probs,
    no_weights,
    no_codes,
    no_steps,
    control,
):
    """NMCS at ``level >= 1`` from ``start`` (``score``: points so far, ``tiles``:
    tiles on it, ``start_counts``: tiles per colour); returns the best settled
    score and leaves the best sequence in ``seqs[level, :seq_len[level]]``.

    Per-level rows: ``positions``/``children`` (the position being played and the
    one being evaluated), ``level_counts``/``child_counts`` (their tiles per
    colour), ``level_moves`` (the legal groups of the current position, which the
    lower levels' scans would overwrite in ``anchors``)."""
    n = start.shape[0]
    here = positions[level]
    child = children[level]
    counts = level_counts[level]
    ccounts = child_counts[level]
    moves = level_moves[level]
    seq = seqs[level]
    for x in range(n):
        here[x] = start[x]
    for c in range(counts.shape[0]):
        counts[c] = start_counts[c]
    best = LOWEST
    length = 0
    played = 0
    mask = np.uint64(0)
    while True:
        count = legal_groups(here, height, min_group, stack, anchors, sizes)
        if count == 0:
            if best == LOWEST:
                best = settle(score, tiles, clear_bonus, penalty, has_floor, floor)
                length = played
            break
        for g in range(count):
            moves[g] = anchors[g]
        for g in range(count):
            move = moves[g]
            for x in range(n):
                child[x] = here[x]
            for c in range(counts.shape[0]):
                ccounts[c] = counts[c]
            colour = child[move]
            size = remove_group(child, height, move, stack)
            ccounts[colour] -= size
            after = score + points[size]
            left = tiles - size
            if level == 1:
                tail = seqs[0]
                gained, made, removed = policy_playout(
                    child,
                    height,
                    min_group,
                    points,
                    rng,
                    keys,
                    mask,
                    kind,
                    tabu,
                    ccounts,
                    no_weights,
                    stack,
                    anchors,
                    sizes,
                    codes,
                    cand,
                    probs,
                    tail,
                    no_codes,
                    no_steps,
                    no_steps,
                )
                final = settle(
                    after + gained, left - removed, clear_bonus, penalty, has_floor, floor
                )
                control[1] += 1
            else:
                final = nmcs_level(
                    level - 1,
                    child,
                    ccounts,
                    after,
                    left,
                    height,
                    min_group,
                    points,
                    penalty,
                    clear_bonus,
                    has_floor,
                    floor,
                    rng,
                    keys,
                    kind,
                    tabu,
                    positions,
                    children,
                    level_counts,
                    child_counts,
                    level_moves,
                    seqs,
                    seq_len,
                    stack,
                    anchors,
                    sizes,
                    codes,
                    cand,
                    probs,
                    no_weights,
                    no_codes,
                    no_steps,
                    control,
                )
                tail = seqs[level - 1]
                made = seq_len[level - 1]
            if final > best:
                best = final
                seq[played] = move
                for t in range(made):
                    seq[played + 1 + t] = tail[t]
                length = played + 1 + made
            if control[0] != 0:
                seq_len[level] = length
                return best
        move = seq[played]
        colour = here[move]
        size = remove_group(here, height, move, stack)
        counts[colour] -= size
        score += points[size]
        tiles -= size
        played += 1
    seq_len[level] = length
    return best


@njit(cache=True, nogil=True)
def nmcs(
    state,
    height,
    min_group,
    points,
    penalty,
    clear_bonus,
    has_floor,
    floor,
    base,
    rng,
    keys,
    kind,
    tabu,
    level,
    control,
    best_moves,
):
    """NMCS at ``level >= 1`` from ``state`` (left unchanged); returns (best settled
    score, number of moves) and writes the best sequence's anchors to
    ``best_moves`` (int32, the state's length). ``base`` is the points scored
    before ``state``; ``kind``/``tabu`` the playouts' filter (see ``moves.py``)."""
    n = state.shape[0]
    tiles = count_tiles(state, height)
    counts = np.zeros(16, dtype=np.int64)
    for x in range(n):
        counts[state[x]] += 1
    counts[0] = 0
    positions = np.empty((level + 1, n), dtype=np.uint8)
    children = np.empty((level + 1, n), dtype=np.uint8)
    level_counts = np.empty((level + 1, 16), dtype=np.int64)
    child_counts = np.empty((level + 1, 16), dtype=np.int64)
    level_moves = np.empty((level + 1, n), dtype=np.int32)
    seqs = np.empty((level + 1, n), dtype=np.int32)
    seq_len = np.zeros(level + 1, dtype=np.int64)
    stack = np.empty(n, dtype=np.uint32)
    anchors = np.empty(n, dtype=np.int32)
    sizes = np.empty(n, dtype=np.int32)
    codes = np.empty(n, dtype=np.int64)
    cand = np.empty(n, dtype=np.int32)
    probs = np.empty(n, dtype=np.float64)
    best = nmcs_level(
        level,
        state,
        counts,
        base,
        tiles,
        height,
        min_group,
        points,
        penalty,
        clear_bonus,
        has_floor,
        floor,
        rng,
        keys,
        kind,
        tabu,
        positions,
        children,
        level_counts,
        child_counts,
        level_moves,
        seqs,
        seq_len,
        stack,
        anchors,
        sizes,
        codes,
        cand,
        probs,
        np.empty(0, dtype=np.float64),
        np.empty(0, dtype=np.int64),
        np.empty(0, dtype=np.int64),
        control,
    )
    made = seq_len[level]
    for t in range(made):
        best_moves[t] = seqs[level, t]
    return best, made
