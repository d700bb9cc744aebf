# mypy: allow-untyped-defs
"""Playout policies: which legal groups a playout may play, and how it draws one.

**Candidate filters** (``select_candidates``), the playout policies of the
SameGame literature, applied to the legal groups of a position:

- ``ALL``: every legal group;
- ``TABU``: the tabu colour (fixed for a search; the engine chooses it, by default
  the colour with the most tiles at its root) is not played unless all its remaining tiles form that one group;
  when that leaves nothing, every legal group;
- ``SELECTIVE``: as ``TABU``, and also no group whose removal leaves exactly one
  tile of its colour (that tile could never be removed, so the board could not
  be cleared); when that leaves nothing, the ``TABU`` candidates.
- ``SOFT``: as ``SELECTIVE`` for the other colours, but the tabu colour's groups
  stay candidates: those that are not the whole colour are drawn with their
  weight times ``policy.soft`` (a factor below 1, ``exp(-bias)``: Generalized
  NRPA's bias, Cazenave 2020), so a playout plays them rarely and NRPA can learn
  the few that pay. The factor of each candidate (``factor``) is recorded with
  its code, and adaptation takes the same biased probabilities.

**The draw** (``draw``): uniform among the candidates (``below``, as
``StableRandom.below``), or, when the policy has weights, with probability
proportional to ``exps[code]`` (NRPA's Gibbs policy: ``exp(weight)`` is kept
beside each weight so that playouts compute no exponential).

``select_candidates`` and ``draw`` are inlined into the playout
(``inline="always"``): called, each passed the policy and scratch bundles (some
seventy machine words) at every move, and NRPA was 10% slower.

**Move codes.** A weighted policy needs a code per move: the group's colour and
the exact set of cells it covers, hashed (one random 64-bit key per state index,
``keys``) and folded to ``mask + 1`` slots (see ``groups.legal_groups``). A policy
without ``keys`` has no codes and its scan computes none. With ``ids`` (codes by
*tiles*) the cells are those the group's tiles stood in at the start of the
playout: the playout tracks each tile as it falls and shifts, so the same tiles
removed together are the same move whatever was removed before them, where a code
by cells changes as soon as one tile below or left of the group has gone.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

from samegame.kernel.splitmix import below, next64

ALL = 0
TABU = 1
SELECTIVE = 2
SOFT = 3

UNIT = 1.0 / 9007199254740992.0  # 2**-53
S11 = np.uint64(11)


class PolicyTables(NamedTuple):
    """A playout policy's tables, one argument of compiled code: the filter
    ``kind`` (``ALL``, ``TABU``, ``SELECTIVE``, ``SOFT``) with its ``tabu`` colour
    as stored in the grid (1-9; 0: none); the move-code ``keys`` (uint64, the
    state's length; None: no codes) and ``mask`` (uint64 ``2**k - 1``); ``exps``
    (float64, indexed by code; empty: a uniform draw); ``ids`` (uint16, the
    state's length; None: codes by cells): the playout's tile identities, with
    which a move code hashes the group's tiles as they stood at the playout's
    start instead of the cells they cover now (see "Move codes" above); ``soft``:
    the factor of ``SOFT`` (1.0 otherwise)."""

    kind: int
    tabu: int
    keys: npt.NDArray[np.uint64] | None
    mask: np.uint64
    exps: npt.NDArray[np.float64]
    ids: npt.NDArray[np.uint16] | None = None
    soft: float = 1.0


@njit(cache=True, nogil=True)
def uniform_policy(kind, tabu):
    """The policy that draws uniformly among the candidates of ``kind``."""
    return PolicyTables(kind, tabu, None, np.uint64(0), np.empty(0, dtype=np.float64), None, 1.0)


@njit(cache=True, nogil=True, inline="always")
def selective_keeps(colour, size, tabu, counts):
    """Whether ``SELECTIVE`` keeps a group of ``colour`` and ``size``: of the
    tabu colour only the whole colour, of any other colour a group that does not
    leave exactly one tile of it (``counts[c]``: the tiles of colour ``c``)."""
    if colour == tabu:
        return size == counts[tabu]
    return counts[colour] - size != 1


@njit(cache=True, nogil=True, inline="always")
def select_candidates(count, grid, policy, counts, scratch):
    """Write into ``scratch.cand`` the indices (into ``scratch.anchors``/``sizes``)
    of the groups ``policy`` may play, in anchor order; return how many (at least
    one when ``count`` is). ``counts[c]`` is the tiles of colour ``c`` left."""
    anchors, sizes, cand = scratch.anchors, scratch.sizes, scratch.cand
    kind, tabu = policy.kind, policy.tabu
    if kind == SOFT and tabu > 0:
        # SELECTIVE's candidates (all groups when it has none), and with them
        # every group of the tabu colour, which ``factor`` weighs down.
        strict = False
        for g in range(count):
            if selective_keeps(grid[anchors[g]], sizes[g], tabu, counts):
                strict = True
                break
        n = 0
        for g in range(count):
            colour = grid[anchors[g]]
            if colour == tabu or not strict or selective_keeps(colour, sizes[g], tabu, counts):
                cand[n] = g
                n += 1
        return n
    if kind != ALL and tabu > 0:
        whole = counts[tabu]
        n = 0
        if kind == SELECTIVE:
            for g in range(count):
                if selective_keeps(grid[anchors[g]], sizes[g], tabu, counts):
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


@njit(cache=True, nogil=True, inline="always")
def factor(colour, size, tabu, whole, soft):
    """The factor by which ``SOFT`` scales the weight of a group of ``colour``
    and ``size`` when the ``tabu`` colour has ``whole`` tiles left: ``soft``
    (``policy.soft``) for a group of the tabu colour that is not the whole
    colour, else 1. Scalars only: callers read the policy's and the scratch's
    fields into locals once, outside their loops over candidates (a field read
    inside such a loop updates a reference count each time, and made soft
    playouts three times as slow as selective ones)."""
    if colour == tabu and size != whole:
        return soft
    return 1.0


@njit(cache=True, nogil=True)
def uniform(rng):
    """A uniform float in [0, 1) with 53 random bits (as ``StableRandom.random``)."""
    return np.float64(next64(rng) >> S11) * UNIT


@njit(cache=True, nogil=True, inline="always")
def draw(n, grid, counts, policy, rng, scratch):
    """The position (0 .. n-1) of the candidate drawn among the first ``n`` of
    ``scratch.cand``: uniformly, or by the policy's weights (for ``SOFT`` each
    times its ``factor``; ``grid`` and ``counts`` are the position's)."""
    exps = policy.exps
    soft = policy.kind == SOFT
    if exps.shape[0] == 0 and not soft:
        return below(rng, n)
    codes, cand, probs = scratch.codes, scratch.cand, scratch.probs
    total = 0.0
    if soft:
        weighted = exps.shape[0] > 0
        anchors, sizes = scratch.anchors, scratch.sizes
        tabu, low = policy.tabu, policy.soft
        whole = counts[tabu]
        for c in range(n):
            g = cand[c]
            weight = exps[codes[g]] if weighted else 1.0
            total += weight * factor(grid[anchors[g]], sizes[g], tabu, whole, low)
            probs[c] = total
    else:
        for c in range(n):
            total += exps[codes[cand[c]]]
            probs[c] = total
    r = uniform(rng) * total
    for c in range(n - 1):
        if r < probs[c]:
            return c
    return n - 1
