# mypy: allow-untyped-defs
"""Playouts: at every move list the legal groups, let the policy choose, remove.

``playout`` is the one playout of the kernel: the uniform random playouts of
``random_playouts`` and the search bots' playouts (tabu, selective, NRPA's
weighted ones) are all this function with another ``PolicyTables`` (``policy.py``).
Under the uniform policy over every group the choice is ``below(rng, count)``
over the legal groups in anchor order, the same draw ``StableRandom.below``
makes, so a playout equals the Python-core game that plays
``game.legal_groups()[rng.below(len(groups))]`` from the same seed.

Scratch arrays are allocated once per call of ``random_playouts``, never inside
the move loop. The groups are listed afresh after every move: relisting only the
columns a removal can have changed (those right of the groups touching the
column left of it) was measured slower, because those columns are on average 70%
of the tiles and keeping the per-tile labels that it needs costs more than the
30% it saves (see docs/kernel.md).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

from samegame.kernel.groups import count_colours, count_tiles, legal_groups
from samegame.kernel.kernel_rules import settle
from samegame.kernel.policy import ALL, draw, factor, select_candidates, uniform_policy
from samegame.kernel.remove import remove_group
from samegame.kernel.scratch import new_scratch
from samegame.kernel.splitmix import below


class Record(NamedTuple):
    """What a playout keeps, one argument of compiled code. The anchors played go to
    ``moves`` (int32) while it has room. When ``codes`` (int64) is not empty, step
    ``t``'s candidate codes go to ``codes[offsets[t]:offsets[t + 1]]`` and the
    position of the one played among them to ``chosen[t]`` (``offsets`` and
    ``chosen`` int64): what NRPA's adaptation needs, so it never replays a game.
    When ``factors`` (float64) is not empty too, each candidate's ``SOFT`` factor
    goes there beside its code (``policy.factor``)."""

    moves: npt.NDArray[np.int32]
    codes: npt.NDArray[np.int64]
    offsets: npt.NDArray[np.int64]
    chosen: npt.NDArray[np.int64]
    factors: npt.NDArray[np.float64]


@njit(cache=True, nogil=True)
def reset_ids(ids):
    """Give the tile in every cell its start position as identity (``ids[i] = i``;
    nothing when ``ids`` is None): the start of a playout whose codes are by tiles
    (``policy.PolicyTables.ids``)."""
    if ids is not None:
        for x in range(ids.shape[0]):
            ids[x] = x


@njit(cache=True, nogil=True)
def moves_record(moves):
    """A record that keeps the anchors played in ``moves`` and nothing else."""
    none = np.empty(0, dtype=np.int64)
    return Record(moves, none, none, none, np.empty(0, dtype=np.float64))


@njit(cache=True, nogil=True)
def playout(grid, rules, rng, policy, counts, scratch, record):
    """Play ``grid`` out in place under ``policy``; return (points scored, moves
    made, tiles removed). The points are not settled: call ``settle`` with the
    tiles left. ``counts[c]`` (int64) holds the tiles of colour ``c`` and is kept
    up to date; ``scratch`` is a ``Scratch`` of the state's length.

    Each step lists the legal groups (with their move codes when the policy has
    keys), keeps the policy's candidates and draws one. The uniform policy over
    every group, recording moves only, takes the shortest path: one draw among
    the legal groups, no candidate list."""
    # Fields are read into locals once: a field read in the loop would cost a
    # reference count update each time.
    height, min_group, points = rules.height, rules.min_group, rules.points
    stack, anchors, sizes = scratch.stack, scratch.anchors, scratch.sizes
    codes, cand = scratch.codes, scratch.cand
    keys, mask, ids = policy.keys, policy.mask, policy.ids
    tabu, low = policy.tabu, policy.soft
    played, rec_codes, offsets, chosen = record.moves, record.codes, record.offsets, record.chosen
    factors = record.factors
    reset_ids(ids)
    recording = rec_codes.shape[0] > 0
    weighing = recording and factors.shape[0] > 0
    plain = policy.kind == ALL and policy.exps.shape[0] == 0 and not recording
    room = played.shape[0]
    score = np.int64(0)
    made = 0
    removed = 0
    offset = 0
    if recording:
        offsets[0] = 0
    while True:
        count = legal_groups(
            grid, height, min_group, stack, anchors, sizes, keys, mask, codes, None, ids
        )
        if count == 0:
            break
        if plain:
            g = below(rng, count)
        else:
            n = select_candidates(count, grid, policy, counts, scratch)
            pick = draw(n, grid, counts, policy, rng, scratch)
            if recording:
                for c in range(n):
                    rec_codes[offset + c] = codes[cand[c]]
                if weighing:
                    whole = counts[tabu]
                    for c in range(n):
                        g = cand[c]
                        factors[offset + c] = factor(grid[anchors[g]], sizes[g], tabu, whole, low)
                chosen[made] = pick
                offset += n
                offsets[made + 1] = offset
            g = cand[pick]
        anchor = anchors[g]
        size = sizes[g]
        counts[grid[anchor]] -= size
        if made < room:
            played[made] = anchor
        remove_group(grid, height, anchor, stack, ids)
        score += points[size]
        removed += size
        made += 1
    return score, made, removed


@njit(cache=True, nogil=True)
def replay(grid, rules, policy, counts, scratch, record, moves):
    """Play the game ``moves`` (anchors, state indices) on ``grid`` in place under
    ``policy``'s candidate filter, recording as ``playout`` records (``record``
    must keep codes); return (points scored, moves made, tiles removed). A move
    that is not one of the policy's candidates there (or not a group at all)
    ends the game early. The record of a playout's own moves is the playout's
    record (tested), so NRPA can adapt towards a game it found earlier."""
    height, min_group, points = rules.height, rules.min_group, rules.points
    stack, anchors, sizes = scratch.stack, scratch.anchors, scratch.sizes
    codes, cand = scratch.codes, scratch.cand
    keys, mask, ids = policy.keys, policy.mask, policy.ids
    tabu, low = policy.tabu, policy.soft
    played, rec_codes, offsets, chosen = record.moves, record.codes, record.offsets, record.chosen
    factors = record.factors
    reset_ids(ids)
    score = np.int64(0)
    made = 0
    removed = 0
    offset = 0
    offsets[0] = 0
    for t in range(moves.shape[0]):
        count = legal_groups(
            grid, height, min_group, stack, anchors, sizes, keys, mask, codes, None, ids
        )
        n = select_candidates(count, grid, policy, counts, scratch)
        pick = -1
        for c in range(n):
            if anchors[cand[c]] == moves[t]:
                pick = c
                break
        if pick < 0:
            break
        for c in range(n):
            rec_codes[offset + c] = codes[cand[c]]
        if factors.shape[0] > 0:
            whole = counts[tabu]
            for c in range(n):
                g = cand[c]
                factors[offset + c] = factor(grid[anchors[g]], sizes[g], tabu, whole, low)
        chosen[made] = pick
        offset += n
        offsets[made + 1] = offset
        g = cand[pick]
        anchor = anchors[g]
        size = sizes[g]
        counts[grid[anchor]] -= size
        played[made] = anchor
        remove_group(grid, height, anchor, stack, ids)
        score += points[size]
        removed += size
        made += 1
    return score, made, removed


@njit(cache=True, nogil=True)
def random_playouts(state, rules, rng, count, best):
    """``count`` uniform random playouts from ``state`` (left unchanged); returns the
    settled scores (int64), the move counts (int32) and the index of the best
    playout (the first of the highest score; -1 when ``count`` is 0). ``rng`` (one
    uint64) advances.

    When ``best`` (int32) is not empty it must hold ``state``'s length; the moves
    (anchors, state indices) of the best playout are written there, so a search
    keeps its best sequence. One entry point for both uses keeps the compile short.
    """
    n = state.shape[0]
    grid = np.empty(n, dtype=np.uint8)
    scratch = new_scratch(n)
    record = moves_record(np.empty(n if best.shape[0] > 0 else 0, dtype=np.int32))
    policy = uniform_policy(ALL, 0)
    root_counts = count_colours(state)
    counts = np.empty(root_counts.shape[0], dtype=np.int64)
    scores = np.empty(count, dtype=np.int64)
    moves = np.empty(count, dtype=np.int32)
    tiles = count_tiles(state, rules.height)
    top = -1
    for p in range(count):
        for x in range(n):
            grid[x] = state[x]
        for c in range(counts.shape[0]):
            counts[c] = root_counts[c]
        score, made, removed = playout(grid, rules, rng, policy, counts, scratch, record)
        final = settle(score, tiles - removed, rules)
        scores[p] = final
        moves[p] = made
        if top < 0 or final > scores[top]:
            top = p
            for x in range(min(made, record.moves.shape[0])):
                best[x] = record.moves[x]
    return scores, moves, top
