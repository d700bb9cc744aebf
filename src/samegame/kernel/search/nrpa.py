# mypy: allow-untyped-defs
"""Nested Rollout Policy Adaptation (Rosin 2011) in numba.

``NRPA(level, policy)``: at level 0, one playout drawn from the policy; at level
``l >= 1``, ``iterations`` times: run ``NRPA(l - 1)`` from a copy of this level's
policy, keep its sequence if it scores at least as well as the best so far, and
adapt this level's policy towards the best sequence. Adaptation (Rosin's
``Adapt``): along the best sequence, for each step with candidates ``m`` and the
move played ``b``, ``w[b] += alpha`` and ``w[m] -= alpha * p(m)`` with ``p`` the
policy's probabilities before the update (``exp(w)`` normalised over the step's
candidates).

The policy is a fixed-size table of weights indexed by move code (see
``moves.py``: colour and cells of the group, hashed). Playouts restricted by the
tabu-colour or selective filters (Cazenave 2016) apply the same filter when
adapting, so the update is the gradient of the probability of the sequence as it
was drawn. Each playout records its steps' candidate codes, so adaptation is a
pass over stored codes: no board is replayed. All arrays are allocated once per
call of ``nrpa``; the search loops allocate nothing.

The search stops early when ``control[0]`` becomes non-zero (a timer thread sets
it; the functions release the GIL): every level then returns the best complete
sequence it has. ``control[1]`` counts the playouts.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from samegame.kernel.groups import count_tiles
from samegame.kernel.rules import settle
from samegame.kernel.search.moves import policy_playout

LOWEST = -(2**62)


@njit(cache=True, nogil=True)
def adapt(weights, exps, alpha, codes, offsets, chosen, steps, ex, z):
    """Rosin's ``Adapt`` of ``weights`` towards a recorded sequence of ``steps``
    steps: step ``t``'s candidate codes are ``codes[offsets[t]:offsets[t + 1]]``
    and the move played is candidate ``chosen[t]``. Every probability is taken
    from the weights before the update; ``exps`` holds ``exp`` of every weight
    and is brought up to date for the weights changed. Scratch: ``ex`` float64 of
    ``codes``' length, ``z`` float64 of at least ``steps``. Steps with one
    candidate carry no information (their update cancels out) and are skipped."""
    for t in range(steps):
        a = offsets[t]
        b = offsets[t + 1]
        if b - a < 2:
            continue
        total = 0.0
        for k in range(a, b):
            e = exps[codes[k]]
            ex[k] = e
            total += e
        z[t] = total
    for t in range(steps):
        a = offsets[t]
        b = offsets[t + 1]
        if b - a < 2:
            continue
        weights[codes[a + chosen[t]]] += alpha
        f = alpha / z[t]
        for k in range(a, b):
            weights[codes[k]] -= f * ex[k]
    for t in range(steps):
        a = offsets[t]
        b = offsets[t + 1]
        if b - a < 2:
            continue
        for k in range(a, b):
            code = codes[k]
            exps[code] = math.exp(weights[code])


@njit(cache=True, nogil=True)
def _copy_record(rec_moves, rec_codes, rec_offsets, rec_chosen, rec_len, src, dst):
    """Copy the recorded sequence of slot ``src`` to slot ``dst``."""
    steps = rec_len[src]
    for t in range(steps):
        rec_moves[dst, t] = rec_moves[src, t]
        rec_chosen[dst, t] = rec_chosen[src, t]
    for t in range(steps + 1):
        rec_offsets[dst, t] = rec_offsets[src, t]
    for k in range(rec_offsets[src, steps]):
        rec_codes[dst, k] = rec_codes[src, k]
    rec_len[dst] = steps


@njit(cache=True, nogil=True)
def nrpa_level(
    level,
    iterations,
    alpha,
    root,
    root_counts,
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
    mask,
    kind,
    tabu,
    weights,
    exps,
    rec_moves,
    rec_codes,
    rec_offsets,
    rec_chosen,
    rec_len,
    grid,
    counts,
    stack,
    anchors,
    sizes,
    codes,
    cand,
    probs,
    ex,
    z,
    control,
):
    """One NRPA call at ``level >= 1`` from ``root``, with this level's policy in
    ``weights[level]`` (set by the caller, with ``exp`` of each weight in
    ``exps[level]``); returns the best settled score and
    leaves the best sequence in record slot ``level``.

    Record slots (rows of the ``rec_*`` arrays): slot 0 is the playout being
    played; slot ``l`` the best sequence of the running level-``l`` call, with its
    candidate codes for adaptation. ``base`` is the points already scored before
    ``root`` and ``tiles`` the tiles on it, so scores are settled exactly as the
    game will settle them."""
    best = LOWEST
    n = root.shape[0]
    for _ in range(iterations):
        if level == 1:
            for x in range(n):
                grid[x] = root[x]
            for c in range(root_counts.shape[0]):
                counts[c] = root_counts[c]
            score, made, removed = policy_playout(
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
                exps[1],
                stack,
                anchors,
                sizes,
                codes,
                cand,
                probs,
                rec_moves[0],
                rec_codes[0],
                rec_offsets[0],
                rec_chosen[0],
            )
            rec_len[0] = made
            final = settle(base + score, tiles - removed, clear_bonus, penalty, has_floor, floor)
            control[1] += 1
        else:
            below = weights[level - 1]
            here = weights[level]
            below_exps = exps[level - 1]
            here_exps = exps[level]
            for x in range(here.shape[0]):
                below[x] = here[x]
                below_exps[x] = here_exps[x]
            final = nrpa_level(
                level - 1,
                iterations,
                alpha,
                root,
                root_counts,
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
                mask,
                kind,
                tabu,
                weights,
                exps,
                rec_moves,
                rec_codes,
                rec_offsets,
                rec_chosen,
                rec_len,
                grid,
                counts,
                stack,
                anchors,
                sizes,
                codes,
                cand,
                probs,
                ex,
                z,
                control,
            )
        if final >= best:
            best = final
            _copy_record(rec_moves, rec_codes, rec_offsets, rec_chosen, rec_len, level - 1, level)
        if control[0] != 0:
            break
        adapt(
            weights[level],
            exps[level],
            alpha,
            rec_codes[level],
            rec_offsets[level],
            rec_chosen[level],
            rec_len[level],
            ex,
            z,
        )
    return best


@njit(cache=True, nogil=True)
def nrpa(
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
    mask,
    kind,
    tabu,
    level,
    iterations,
    alpha,
    control,
    best_moves,
):
    """NRPA at ``level >= 1`` with ``iterations`` per level from ``state`` (left
    unchanged), starting from an all-zero policy; returns (best settled score,
    number of moves) and writes the best sequence's anchors to ``best_moves``
    (int32, the state's length). ``base`` is the points scored before ``state``;
    ``tabu`` the tabu colour as stored in the grid (0: none); ``kind`` the
    candidate filter of ``moves.py``; ``mask + 1`` the policy table's size."""
    n = state.shape[0]
    tiles = count_tiles(state, height)
    group = max(min_group, 1)
    steps = tiles // group + 1
    room = steps * (tiles // group + 1)
    root_counts = np.zeros(16, dtype=np.int64)
    for x in range(n):
        root_counts[state[x]] += 1
    root_counts[0] = 0
    weights = np.zeros((level + 1, np.int64(mask) + 1), dtype=np.float64)
    exps = np.ones((level + 1, np.int64(mask) + 1), dtype=np.float64)
    rec_moves = np.empty((level + 1, steps), dtype=np.int32)
    rec_codes = np.empty((level + 1, room), dtype=np.int64)
    rec_offsets = np.zeros((level + 1, steps + 1), dtype=np.int64)
    rec_chosen = np.empty((level + 1, steps), dtype=np.int64)
    rec_len = np.zeros(level + 1, dtype=np.int64)
    grid = np.empty(n, dtype=np.uint8)
    counts = np.empty(16, dtype=np.int64)
    stack = np.empty(n, dtype=np.uint32)
    anchors = np.empty(n, dtype=np.int32)
    sizes = np.empty(n, dtype=np.int32)
    codes = np.empty(n, dtype=np.int64)
    cand = np.empty(n, dtype=np.int32)
    probs = np.empty(n, dtype=np.float64)
    ex = np.empty(room, dtype=np.float64)
    z = np.empty(steps, dtype=np.float64)
    best = nrpa_level(
        level,
        iterations,
        alpha,
        state,
        root_counts,
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
        mask,
        kind,
        tabu,
        weights,
        exps,
        rec_moves,
        rec_codes,
        rec_offsets,
        rec_chosen,
        rec_len,
        grid,
        counts,
        stack,
        anchors,
        sizes,
        codes,
        cand,
        probs,
        ex,
        z,
        control,
    )
    made = rec_len[level]
    for t in range(made):
        best_moves[t] = rec_moves[level, t]
    return best, made
