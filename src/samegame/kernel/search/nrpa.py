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
``samegame.kernel.policy``: colour and cells of the group, hashed). Playouts restricted by the
tabu-colour or selective filters (Cazenave 2016) apply the same filter when
adapting, so the update is the gradient of the probability of the sequence as it
was drawn. Each playout records its steps' candidate codes, so adaptation is a
pass over stored codes: no board is replayed. All arrays are allocated once per
call of ``nrpa``; the search loops allocate nothing.

The search stops early when ``control[0]`` becomes non-zero (a timer thread sets
it; the functions release the GIL): every level then returns the best complete
sequence it has. ``control[1]`` counts the playouts; a third entry
``control[2]``, when there is one, stops the search once ``control[1]`` reaches
it (a budget of playouts). A stopped search can be resumed (``nrpa_run``).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

from samegame.kernel.groups import count_colours, count_tiles
from samegame.kernel.kernel_rules import settle
from samegame.kernel.playout import Record, playout, replay
from samegame.kernel.policy import SOFT, PolicyTables
from samegame.kernel.scratch import new_scratch

LOWEST = -(2**62)


class Root(NamedTuple):
    """The position a search starts from: the state, its tiles per colour, the
    points scored before it and its tile count."""

    state: npt.NDArray[np.uint8]
    counts: npt.NDArray[np.int64]
    score: int
    tiles: int


class Tree(NamedTuple):
    """NRPA's rows, one per level (one argument of compiled code). ``weights[l]``
    is level ``l``'s policy and ``exps[l]`` ``exp`` of each weight. Record slots
    (rows of ``moves``, ``codes``, ``offsets``, ``chosen``, ``lengths``): slot 0 is
    the playout being played (``playing``, a ``Record`` of it), slot ``l`` the best
    sequence of the running level-``l`` call with its candidate codes. ``grid`` and
    ``counts`` are the playout's board and tiles per colour; ``ex``/``z`` and
    ``seen``/``tick`` are ``adapt``'s scratch; ``start[l]`` is the best score
    the next call at level ``l`` begins with (``LOWEST``: none), and ``at[l]``
    the iteration at which it resumes a paused call (-1: it begins afresh; see
    ``nrpa_level``). ``factors[l]`` holds the ``SOFT`` factor of each code of
    slot ``l`` (no columns when the playouts are not ``SOFT``)."""

    weights: npt.NDArray[np.float64]
    exps: npt.NDArray[np.float64]
    moves: npt.NDArray[np.int32]
    codes: npt.NDArray[np.int64]
    offsets: npt.NDArray[np.int64]
    chosen: npt.NDArray[np.int64]
    lengths: npt.NDArray[np.int64]
    playing: Record
    grid: npt.NDArray[np.uint8]
    counts: npt.NDArray[np.int64]
    ex: npt.NDArray[np.float64]
    z: npt.NDArray[np.float64]
    seen: npt.NDArray[np.int64]
    tick: npt.NDArray[np.int64]
    start: npt.NDArray[np.int64]
    at: npt.NDArray[np.int64]
    factors: npt.NDArray[np.float64]


@njit(cache=True, nogil=True)
def adapt(weights, exps, alpha, codes, offsets, chosen, steps, ex, z, seen, tick, factors):
    """Rosin's ``Adapt`` of ``weights`` towards a recorded sequence of ``steps``
    steps: step ``t``'s candidate codes are ``codes[offsets[t]:offsets[t + 1]]``
    and the move played is candidate ``chosen[t]``. Every probability is taken
    from the weights before the update; ``exps`` holds ``exp`` of every weight
    and is brought up to date for the weights changed. Scratch: ``ex`` float64 of
    ``codes``' length, ``z`` float64 of at least ``steps``; ``seen`` int64 of the
    table's size and ``tick`` one int64, kept between calls: a code met in several
    steps (a group that stands through several moves) gets its ``exp`` computed
    once, from its final weight. Steps with one candidate carry no information
    (their update cancels out) and are skipped. When ``factors`` (float64, of
    ``codes``' length) is not empty, each candidate's probability is its
    ``exp`` times its factor, normalised: the probabilities ``SOFT`` playouts
    draw with, so the update is the gradient of the sequence's probability
    (Generalized NRPA)."""
    weighed = factors.shape[0] > 0
    for t in range(steps):
        a = offsets[t]
        b = offsets[t + 1]
        if b - a < 2:
            continue
        total = 0.0
        for k in range(a, b):
            e = exps[codes[k]] * factors[k] if weighed else exps[codes[k]]
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
    tick[0] += 1
    now = tick[0]
    for t in range(steps):
        a = offsets[t]
        b = offsets[t + 1]
        if b - a < 2:
            continue
        for k in range(a, b):
            code = codes[k]
            if seen[code] != now:
                seen[code] = now
                exps[code] = math.exp(weights[code])


@njit(cache=True, nogil=True)
def adapt_level(tree, level, alpha):
    """``adapt`` level ``level``'s policy of ``tree`` towards the sequence in its
    record slot ``level``."""
    adapt(
        tree.weights[level],
        tree.exps[level],
        alpha,
        tree.codes[level],
        tree.offsets[level],
        tree.chosen[level],
        tree.lengths[level],
        tree.ex,
        tree.z,
        tree.seen,
        tree.tick,
        tree.factors[level],
    )


@njit(cache=True, nogil=True)
def copy_slot(src, s, dst, d):
    """Copy the recorded sequence of slot ``s`` of tree ``src`` to slot ``d`` of
    tree ``dst`` (trees of the same board; ``src`` and ``dst`` may be one tree)."""
    steps = src.lengths[s]
    for t in range(steps):
        dst.moves[d, t] = src.moves[s, t]
        dst.chosen[d, t] = src.chosen[s, t]
    for t in range(steps + 1):
        dst.offsets[d, t] = src.offsets[s, t]
    for k in range(src.offsets[s, steps]):
        dst.codes[d, k] = src.codes[s, k]
    if dst.factors.shape[1] > 0:
        for k in range(src.offsets[s, steps]):
            dst.factors[d, k] = src.factors[s, k]
    dst.lengths[d] = steps


@njit(cache=True, nogil=True)
def nrpa_level(level, iterations, alpha, root, rules, rng, policy, tree, scratch, control):
    """One NRPA call at ``level >= 1`` from ``root`` (a ``Root``), with this level's
    policy in ``tree.weights[level]`` (set by the caller, with ``exp`` of each
    weight in ``tree.exps[level]``); returns the best settled score and leaves the
    best sequence in record slot ``level`` of ``tree``. Playouts draw by
    ``policy``, whose weights are ``tree.exps[1]``. Scores are settled with the
    points scored before the root, exactly as the game will settle them.
    The call begins with ``tree.start[level]`` as its best score (the sequence
    in record slot ``level`` is then that game; see ``warm_start``) and sets it
    back to ``LOWEST``, so only the first call at a level begins from a game.

    **Pause and resume.** A stop (``control[0]``) ends the call after its next
    playout, before that iteration's adaptation; every level then leaves its
    best score in ``tree.start`` and the iteration it was in in ``tree.at``
    (otherwise -1). A later call on the same tree resumes there: the level-1 call
    makes the adaptation it skipped, the levels above re-enter their running
    child without resetting its policy, and the search goes on exactly as if it
    had never stopped: the same draws, the same best game (tested)."""
    best = tree.start[level]
    tree.start[level] = LOWEST
    first = tree.at[level]
    tree.at[level] = -1
    resuming = first >= 0
    state, grid, counts = root.state, tree.grid, tree.counts
    n = state.shape[0]
    i = first if resuming else 0
    while i < iterations:
        if level == 1:
            # Resuming, this iteration's playout was played before the pause; only
            # its adaptation is left.
            if not resuming:
                for x in range(n):
                    grid[x] = state[x]
                for c in range(counts.shape[0]):
                    counts[c] = root.counts[c]
                score, made, removed = playout(
                    grid, rules, rng, policy, counts, scratch, tree.playing
                )
                tree.lengths[0] = made
                final = settle(root.score + score, root.tiles - removed, rules)
                control[1] += 1
                if control.shape[0] > 2 and control[1] >= control[2]:
                    control[0] = 1
                if final >= best:
                    best = final
                    # Slots as int64, not literals: one compiled copy_slot for all.
                    copy_slot(tree, np.int64(0), tree, np.int64(1))
            stop = control[0] != 0
        else:
            if not resuming:
                below = tree.weights[level - 1]
                here = tree.weights[level]
                below_exps = tree.exps[level - 1]
                here_exps = tree.exps[level]
                for x in range(here.shape[0]):
                    below[x] = here[x]
                    below_exps[x] = here_exps[x]
            final = nrpa_level(
                level - 1, iterations, alpha, root, rules, rng, policy, tree, scratch, control
            )
            if final >= best:
                best = final
                copy_slot(tree, level - 1, tree, level)
            # A level stops when the call below it stopped (not when a stop comes
            # after that call ended: the next playout sees it), so every level
            # of a paused search is inside its running iteration.
            stop = tree.at[level - 1] >= 0
        resuming = False
        if stop:
            tree.start[level] = best
            tree.at[level] = i
            break
        adapt_level(tree, level, alpha)
        i += 1
    return best


@njit(cache=True, nogil=True)
def warm_start(level, alpha, root, rules, policy, tree, scratch, moves):
    """Put the game ``moves`` (anchors, state indices; a whole game from
    ``root`` played under ``policy``'s candidate filter) in record slot ``level``
    of ``tree`` with its candidate codes, and adapt level ``level``'s policy
    towards it once, as NRPA adapts towards a best sequence; its settled score
    becomes ``tree.start[level]``, the best score the next ``nrpa_level`` call
    at ``level`` begins with. Nothing changes when ``moves`` is empty, or when
    one of its moves is not a candidate of the filter where it is played (the
    game is not one the search could play: it is not begun from)."""
    if moves.shape[0] == 0:
        return
    grid, counts = tree.grid, tree.counts
    for x in range(root.state.shape[0]):
        grid[x] = root.state[x]
    for c in range(counts.shape[0]):
        counts[c] = root.counts[c]
    score, made, removed = replay(grid, rules, policy, counts, scratch, tree.playing, moves)
    tree.lengths[0] = made
    if made < moves.shape[0]:
        return
    copy_slot(tree, np.int64(0), tree, level)
    adapt_level(tree, level, alpha)
    tree.start[level] = settle(root.score + score, root.tiles - removed, rules)


@njit(cache=True, nogil=True)
def new_tree(n, tiles, min_group, level, mask, soft=False):
    """A ``Tree`` for NRPA at ``level`` on states of length ``n`` with ``tiles``
    tiles under groups of at least ``min_group``; weights all zero, ``exps`` one,
    ``mask + 1`` weights per level; with ``soft``, room for the factors of
    ``SOFT`` playouts."""
    group = max(min_group, 1)
    steps = tiles // group + 1
    room = steps * (tiles // group + 1)
    size = np.int64(mask) + 1
    moves = np.empty((level + 1, steps), dtype=np.int32)
    codes = np.empty((level + 1, room), dtype=np.int64)
    offsets = np.zeros((level + 1, steps + 1), dtype=np.int64)
    chosen = np.empty((level + 1, steps), dtype=np.int64)
    factors = np.empty((level + 1, room if soft else 0), dtype=np.float64)
    return Tree(
        np.zeros((level + 1, size), dtype=np.float64),
        np.ones((level + 1, size), dtype=np.float64),
        moves,
        codes,
        offsets,
        chosen,
        np.zeros(level + 1, dtype=np.int64),
        Record(moves[0], codes[0], offsets[0], chosen[0], factors[0]),
        np.empty(n, dtype=np.uint8),
        np.empty(16, dtype=np.int64),
        np.empty(room, dtype=np.float64),
        np.empty(steps, dtype=np.float64),
        np.zeros(size, dtype=np.int64),
        np.zeros(1, dtype=np.int64),
        np.full(level + 1, LOWEST, dtype=np.int64),
        np.full(level + 1, -1, dtype=np.int64),
        factors,
    )


def nrpa(
    state,
    rules,
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
    warm,
    ids,
    soft,
):
    """NRPA at ``level >= 1`` with ``iterations`` per level from ``state`` (left
    unchanged) under ``rules`` (a ``KernelRules``), starting from an all-zero
    policy; returns (best settled score, number of moves) and writes the best
    sequence's anchors to ``best_moves`` (int32, the state's length). ``base`` is
    the points scored before ``state``; ``kind``/``tabu`` the candidate filter of
    ``samegame.kernel.policy`` (``tabu`` as stored in the grid, 0: none); ``keys``
    and ``mask`` the move codes (``mask + 1`` is the policy table's size).
    ``warm`` (int32 anchors; empty: none) is a game found before under the same
    filter: the top level starts with it as its best sequence and its policy
    adapted once towards it (``warm_start``), so the search continues from that
    game as a level above would, and never returns a worse one. ``ids`` (uint16,
    the state's length) is the search's scratch that lets the move codes name the
    groups' tiles (``policy.PolicyTables.ids``). ``soft`` is the factor of the
    ``SOFT`` filter (``policy.PolicyTables.soft``), a float.

    A Python function, not a kernel of its own: it makes a fresh tree and runs
    ``nrpa_run`` on it, so that numba compiles the search once, for the types the
    bots pass (an ``ids`` array and a float ``soft``)."""
    tiles = count_tiles(state, rules.height)
    tree = new_tree(state.shape[0], tiles, rules.min_group, level, mask, kind == SOFT)
    best, made, _ = nrpa_run(
        tree,
        state,
        rules,
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
        warm,
        ids,
        soft,
    )
    return best, made


@njit(cache=True, nogil=True)
def nrpa_run(
    tree,
    state,
    rules,
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
    warm,
    ids,
    soft,
):
    """``nrpa`` on a tree of the caller's (``new_tree`` for ``state``, ``level``
    and ``mask``, with room for factors when ``kind`` is ``SOFT``), so that a
    stopped search can go on: returns (best settled score, number of moves,
    paused), ``paused`` true when a stop ended the search
    before its last iteration. Called again on a paused tree with the same other
    arguments (and ``control[0]`` cleared), it resumes the search where it
    stopped (``warm`` is then ignored); the stop and resume change nothing in the
    search (see ``nrpa_level``). On a fresh tree it is ``nrpa``."""
    n = state.shape[0]
    root = Root(state, count_colours(state), base, count_tiles(state, rules.height))
    policy = PolicyTables(kind, tabu, keys, mask, tree.exps[1], ids, soft)
    scratch = new_scratch(n)
    if tree.at[level] < 0:
        warm_start(level, alpha, root, rules, policy, tree, scratch, warm)
    best = nrpa_level(level, iterations, alpha, root, rules, rng, policy, tree, scratch, control)
    made = tree.lengths[level]
    for t in range(made):
        best_moves[t] = tree.moves[level, t]
    return best, made, tree.at[level] >= 0
