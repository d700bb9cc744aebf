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
candidates of a filter of ``samegame.kernel.policy`` (``ALL``, ``TABU`` or
``SELECTIVE``), with no move codes.

The search stops early when ``control[0]`` becomes non-zero (a timer thread sets
it; the functions release the GIL): each level then returns the best complete
sequence it holds, so the result is always a whole game. ``control[1]`` counts
the playouts.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

from samegame.kernel.groups import count_colours, count_tiles, legal_groups
from samegame.kernel.kernel_rules import settle
from samegame.kernel.playout import Record, moves_record, playout
from samegame.kernel.policy import uniform_policy
from samegame.kernel.remove import remove_group
from samegame.kernel.scratch import new_scratch

LOWEST = -(2**62)


class Levels(NamedTuple):
    """NMCS's rows, one per level (one argument of compiled code): ``positions`` and
    ``children`` (the position being played and the one being evaluated),
    ``counts``/``child_counts`` (their tiles per colour), ``moves`` (the legal
    groups of the current position, which the lower levels' scans would overwrite
    in the scratch), ``seqs``/``lengths`` (each level's best sequence; row 0 is the
    playouts'), and ``tail``: the playouts' record (their moves into ``seqs[0]``)."""

    positions: npt.NDArray[np.uint8]
    children: npt.NDArray[np.uint8]
    counts: npt.NDArray[np.int64]
    child_counts: npt.NDArray[np.int64]
    moves: npt.NDArray[np.int32]
    seqs: npt.NDArray[np.int32]
    lengths: npt.NDArray[np.int64]
    tail: Record


@njit(cache=True, nogil=True)
def nmcs_level(
    level, start, start_counts, score, tiles, rules, rng, policy, rows, scratch, control
):
    """NMCS at ``level >= 1`` from ``start`` (``score``: points so far, ``tiles``:
    tiles on it, ``start_counts``: tiles per colour); returns the best settled
    score and leaves the best sequence in ``rows.seqs[level, :rows.lengths[level]]``
    (``rows``: ``Levels``). Playouts follow ``policy``."""
    n = start.shape[0]
    height, min_group, points = rules.height, rules.min_group, rules.points
    stack, anchors = scratch.stack, scratch.anchors
    here = rows.positions[level]
    child = rows.children[level]
    counts = rows.counts[level]
    ccounts = rows.child_counts[level]
    moves = rows.moves[level]
    seq = rows.seqs[level]
    for x in range(n):
        here[x] = start[x]
    for c in range(counts.shape[0]):
        counts[c] = start_counts[c]
    best = LOWEST
    length = 0
    played = 0
    while True:
        count = legal_groups(here, height, min_group, stack, anchors, scratch.sizes)
        if count == 0:
            if best == LOWEST:
                best = settle(score, tiles, rules)
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
                tail = rows.seqs[0]
                gained, made, removed = playout(
                    child, rules, rng, policy, ccounts, scratch, rows.tail
                )
                final = settle(after + gained, left - removed, rules)
                control[1] += 1
            else:
                final = nmcs_level(
                    level - 1,
                    child,
                    ccounts,
                    after,
                    left,
                    rules,
                    rng,
                    policy,
                    rows,
                    scratch,
                    control,
                )
                tail = rows.seqs[level - 1]
                made = rows.lengths[level - 1]
            if final > best:
                best = final
                seq[played] = move
                for t in range(made):
                    seq[played + 1 + t] = tail[t]
                length = played + 1 + made
            if control[0] != 0:
                rows.lengths[level] = length
                return best
        move = seq[played]
        colour = here[move]
        size = remove_group(here, height, move, stack)
        counts[colour] -= size
        score += points[size]
        tiles -= size
        played += 1
    rows.lengths[level] = length
    return best


@njit(cache=True, nogil=True)
def nmcs(state, rules, base, rng, kind, tabu, level, control, best_moves):
    """NMCS at ``level >= 1`` from ``state`` (left unchanged) under ``rules`` (a
    ``KernelRules``); returns (best settled score, number of moves) and writes the
    best sequence's anchors to ``best_moves`` (int32, the state's length). ``base``
    is the points scored before ``state``; ``kind``/``tabu`` the playouts' filter
    (see ``samegame.kernel.policy``)."""
    n = state.shape[0]
    seqs = np.empty((level + 1, n), dtype=np.int32)
    rows = Levels(
        np.empty((level + 1, n), dtype=np.uint8),
        np.empty((level + 1, n), dtype=np.uint8),
        np.empty((level + 1, 16), dtype=np.int64),
        np.empty((level + 1, 16), dtype=np.int64),
        np.empty((level + 1, n), dtype=np.int32),
        seqs,
        np.zeros(level + 1, dtype=np.int64),
        moves_record(seqs[0]),
    )
    best = nmcs_level(
        level,
        state,
        count_colours(state),
        base,
        count_tiles(state, rules.height),
        rules,
        rng,
        uniform_policy(kind, tabu),
        rows,
        new_scratch(n),
        control,
    )
    made = rows.lengths[level]
    for t in range(made):
        best_moves[t] = seqs[level, t]
    return best, made
