# mypy: allow-untyped-defs
"""Beam search over positions in numba, with an evaluation that values what is
still to come.

Depth by depth (one move per depth), every legal move of every position in the
beam is valued, the candidates are sorted by value (stable: ties keep parent and
anchor order, so the search is deterministic) and the best ``width`` distinct
positions (a Zobrist hash of the whole board drops transpositions) form the next
beam. A position with no legal group is settled and kept as a result if it beats
the best so far; the best finished game is returned with its moves, found by
following each kept position's parent back to the root.

Evaluations of a child position (``score`` = points so far, the rules' own
``points`` table, so any formula works):

- ``COLOURS``: ``score + sum over colours c of points(tiles of c)``: what the
  board would still give if every colour came off as one group, an optimistic
  bound that rewards keeping colours together and taking the small ones first;
  O(colours) per child, no board is built;
- ``GROUPS``: ``score + sum over the child's groups g of points(size of g)``: the
  potential of the groups already formed; the child is built and scanned;
- ``MIXED``: the mean of the two potentials, plus ``score``.

A cleared board is valued exactly (``score + clear_bonus``).

When ``control[0]`` becomes non-zero (a timer thread sets it) the beam narrows to
width 1: the best position so far is finished greedily by the evaluation, so a
result is always a whole game.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from samegame.kernel.groups import count_colours, count_tiles, legal_groups
from samegame.kernel.kernel_rules import settle
from samegame.kernel.remove import remove_group

COLOURS = 0
GROUPS = 1
MIXED = 2

LOWEST = -(2**62)
COLOUR_MIX = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True, nogil=True)
def position_hash(grid, height, keys):
    """Zobrist hash of a position: XOR over tiles of ``keys[i] * colour``-mixed."""
    step = height + 1
    h = np.uint64(0)
    base = step
    while grid[base] != 0:
        i = base
        while grid[i] != 0:
            h ^= keys[i] * (np.uint64(grid[i]) * COLOUR_MIX | np.uint64(1))
            i += 1
        base += step
    return h


@njit(cache=True, nogil=True)
def colour_potential(counts, points, min_group):
    """Sum over colours of the points of one group holding all its tiles."""
    total = np.int64(0)
    for c in range(1, counts.shape[0]):
        if counts[c] >= min_group:
            total += points[counts[c]]
    return total


@njit(cache=True, nogil=True)
def beam(state, rules, base, keys, width, evaluation, control, best_moves):
    """Beam search of ``width`` from ``state`` (left unchanged) under ``rules`` (a
    ``KernelRules``) valued by ``evaluation`` (``COLOURS``, ``GROUPS`` or
    ``MIXED``); returns (best settled score, number of moves) and writes the best
    game's anchors to ``best_moves`` (int32, the state's length). ``base`` is the
    points scored before ``state``; ``keys`` the position hash's keys.
    ``control[1]`` counts the positions expanded."""
    height, min_group, points = rules.height, rules.min_group, rules.points
    clear_bonus = rules.clear_bonus
    n = state.shape[0]
    tiles = count_tiles(state, height)
    group = max(min_group, 1)
    depths = tiles // group + 2
    most = tiles // group + 1
    cur = np.empty((width, n), dtype=np.uint8)
    nxt = np.empty((width, n), dtype=np.uint8)
    cur_score = np.empty(width, dtype=np.int64)
    nxt_score = np.empty(width, dtype=np.int64)
    cur_tiles = np.empty(width, dtype=np.int64)
    nxt_tiles = np.empty(width, dtype=np.int64)
    cur_counts = np.zeros((width, 16), dtype=np.int64)
    nxt_counts = np.zeros((width, 16), dtype=np.int64)
    parent = np.zeros((depths, width), dtype=np.int32)
    played = np.zeros((depths, width), dtype=np.int32)
    cand_parent = np.empty(width * most, dtype=np.int32)
    cand_move = np.empty(width * most, dtype=np.int32)
    cand_value = np.empty(width * most, dtype=np.float64)
    slots = 1
    while slots < 4 * width:
        slots *= 2
    seen_key = np.zeros(slots, dtype=np.uint64)
    seen_gen = np.zeros(slots, dtype=np.int64)
    slot_mask = np.uint64(slots - 1)
    stack = np.empty(n, dtype=np.uint32)
    # Room for a position's groups and, after them, one child's.
    anchors = np.empty(2 * n, dtype=np.int32)
    sizes = np.empty(2 * n, dtype=np.int32)
    child = np.empty(n, dtype=np.uint8)
    for x in range(n):
        cur[0, x] = state[x]
    root_counts = count_colours(state)
    for c in range(16):
        cur_counts[0, c] = root_counts[c]
    cur_score[0] = base
    cur_tiles[0] = tiles
    count = 1
    depth = 0
    best = LOWEST
    best_depth = 0
    best_slot = 0
    while count > 0:
        found = 0
        for s in range(count):
            here = cur[s]
            groups = legal_groups(here, height, min_group, stack, anchors, sizes)
            control[1] += 1
            if groups == 0:
                final = settle(cur_score[s], cur_tiles[s], rules)
                if final > best:
                    best = final
                    best_depth = depth
                    best_slot = s
                continue
            pot = colour_potential(cur_counts[s], points, min_group)
            for g in range(groups):
                anchor = anchors[g]
                size = sizes[g]
                colour = here[anchor]
                score = cur_score[s] + points[size]
                if cur_tiles[s] == size:
                    value = np.float64(score + clear_bonus)
                else:
                    left = cur_counts[s, colour]
                    colours = pot
                    if left >= min_group:
                        colours -= points[left]
                    if left - size >= min_group:
                        colours += points[left - size]
                    if evaluation == COLOURS:
                        value = np.float64(score + colours)
                    else:
                        for x in range(n):
                            child[x] = here[x]
                        remove_group(child, height, anchor, stack)
                        more = legal_groups(
                            child, height, min_group, stack, anchors[groups:], sizes[groups:]
                        )
                        formed = np.int64(0)
                        for k in range(more):
                            formed += points[sizes[groups + k]]
                        if evaluation == GROUPS:
                            value = np.float64(score + formed)
                        else:
                            value = score + 0.5 * np.float64(colours + formed)
                cand_parent[found] = s
                cand_move[found] = anchor
                cand_value[found] = -value
                found += 1
        if found == 0:
            break
        order = np.argsort(cand_value[:found], kind="mergesort")
        limit = width if control[0] == 0 else 1
        kept = 0
        for idx in order:
            if kept == limit:
                break
            p = cand_parent[idx]
            anchor = cand_move[idx]
            target = nxt[kept]
            source = cur[p]
            for x in range(n):
                target[x] = source[x]
            colour = target[anchor]
            size = remove_group(target, height, anchor, stack)
            h = position_hash(target, height, keys)
            slot = h & slot_mask
            duplicate = False
            while seen_gen[slot] == depth + 1:
                if seen_key[slot] == h:
                    duplicate = True
                    break
                slot = (slot + np.uint64(1)) & slot_mask
            if duplicate:
                continue
            seen_gen[slot] = depth + 1
            seen_key[slot] = h
            nxt_score[kept] = cur_score[p] + points[size]
            nxt_tiles[kept] = cur_tiles[p] - size
            for c in range(16):
                nxt_counts[kept, c] = cur_counts[p, c]
            nxt_counts[kept, colour] -= size
            parent[depth + 1, kept] = p
            played[depth + 1, kept] = anchor
            kept += 1
        cur, nxt = nxt, cur
        cur_score, nxt_score = nxt_score, cur_score
        cur_tiles, nxt_tiles = nxt_tiles, cur_tiles
        cur_counts, nxt_counts = nxt_counts, cur_counts
        count = kept
        depth += 1
    slot = best_slot
    for d in range(best_depth, 0, -1):
        best_moves[d - 1] = played[d, slot]
        slot = parent[d, slot]
    return best, best_depth
