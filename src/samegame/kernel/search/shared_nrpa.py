# mypy: allow-untyped-defs
"""NRPA on several threads that share one policy (parallel NRPA).

Root parallelism (independent searches, the best kept) gains almost nothing for
NRPA: each search must learn its policy alone. Here ``lanes`` threads work on
*one* search instead. The levels from the top down to the split level
``min(level, SPLIT_LEVEL)`` run in this module's Python driver exactly as
``nrpa_level`` runs them; the split level's ``iterations`` calls of the level
below are dealt out in rounds of ``lanes``: every call of a round starts from the
split level's policy as it stands, each lane runs it in compiled code on its own
thread (the compiled functions release the GIL), and then the results are taken
in lane order, each exactly as one sequential iteration takes it (kept when it
scores at least the best, then one adaptation of the split level's policy
towards the best). So every level does its full number of iterations and
adaptations; the only difference from sequential NRPA is that the calls of one
round do not see each other's adaptations.

Contracts:

- with one lane this *is* NRPA: the same random draws, the same result as
  ``nrpa.nrpa`` with the same generator (tested);
- the result depends only on the lanes' generators (lane ``i`` draws from
  ``rngs[i]`` only, results are merged in lane order), never on thread timing, so
  a fixed budget is reproducible;
- a stop (``control[0]`` of every lane's control, set together) ends the running
  calls after their current playout; every level then returns the best whole
  game it holds. ``control[1]`` of lane ``i`` counts lane ``i``'s playouts.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from numba import njit

from samegame.kernel.groups import count_colours, count_tiles
from samegame.kernel.policy import Policy
from samegame.kernel.scratch import new_scratch
from samegame.kernel.search.nrpa import (
    LOWEST,
    Root,
    adapt_level,
    copy_slot,
    new_tree,
    nrpa_level,
    warm_start,
)

SPLIT_LEVEL = 3
"""The level whose iterations are shared out (or the top level, if lower). At
level 3 a call of the level below is about 10^4 playouts (half a second on one
core), so a round's dispatch costs nothing measurable."""


@njit(cache=True, nogil=True)
def lane_call(level, iterations, alpha, root, rules, rng, policy, tree, scratch, control, w, e):
    """Set ``tree``'s level-``level`` policy to weights ``w`` (with ``exp`` of each
    in ``e``) and run ``nrpa_level`` there; return its best settled score (its
    sequence is left in record slot ``level`` of ``tree``). Every call begins
    afresh: what a stopped call left for a resume is cleared."""
    tree.at[:] = -1
    tree.start[:] = LOWEST
    here = tree.weights[level]
    here_exps = tree.exps[level]
    for x in range(here.shape[0]):
        here[x] = w[x]
        here_exps[x] = e[x]
    return nrpa_level(level, iterations, alpha, root, rules, rng, policy, tree, scratch, control)


@njit(cache=True, nogil=True)
def copy_policy(tree, src, dst):
    """Level ``dst``'s policy becomes a copy of level ``src``'s."""
    tree.weights[dst, :] = tree.weights[src, :]
    tree.exps[dst, :] = tree.exps[src, :]


_threads: ThreadPoolExecutor | None = None
_thread_count = 0


def _pool(size: int) -> ThreadPoolExecutor:
    global _threads, _thread_count
    if _threads is None or _thread_count < size:
        if _threads is not None:
            _threads.shutdown()
        _threads = ThreadPoolExecutor(size, thread_name_prefix="nrpa-lane")
        _thread_count = size
    return _threads


class _Driver:
    """One shared-policy search (see the module docstring)."""

    def __init__(
        self,
        state: Any,
        rules: Any,
        base: int,
        rngs: list[Any],
        keys: Any,
        mask: Any,
        kind: int,
        tabu: int,
        level: int,
        iterations: int,
        alpha: float,
        controls: list[Any],
        warm: Any,
    ) -> None:
        n = state.shape[0]
        tiles = count_tiles(state, rules.height)
        self.level, self.iterations, self.alpha = level, iterations, alpha
        self.split = min(level, SPLIT_LEVEL)
        # The lanes run the split level's children: level split - 1, or (split
        # level 1) single playouts, as level-1 calls of one iteration.
        self.sub = max(self.split - 1, 1)
        self.sub_iterations = iterations if self.split >= 2 else 1
        self.rules = rules
        self.controls = controls
        self.root = Root(state, count_colours(state), int(base), int(tiles))
        self.tree = new_tree(n, tiles, rules.min_group, level, mask)
        self.lanes = []
        for rng, control in zip(rngs, controls, strict=True):
            tree = new_tree(n, tiles, rules.min_group, self.sub, mask)
            policy = Policy(int(kind), int(tabu), keys, mask, tree.exps[1])
            self.lanes.append((rng, control, tree, policy, new_scratch(n)))
        self.pool = _pool(len(self.lanes) - 1) if len(self.lanes) > 1 else None
        _, _, _, policy, scratch = self.lanes[0]
        warm_start(level, alpha, self.root, rules, policy, self.tree, scratch, warm)

    def stopped(self) -> bool:
        return bool(self.controls[0][0])

    def run(self) -> int:
        return self._level(self.level)

    def _begin(self, level: int) -> int:
        """The best score a call at ``level`` begins with, as ``nrpa_level``
        takes it: ``tree.start[level]``, then ``LOWEST`` for later calls."""
        best = int(self.tree.start[level])
        self.tree.start[level] = LOWEST
        return best

    def _level(self, level: int) -> int:
        if level == self.split:
            return self._shared(level)
        tree = self.tree
        best = self._begin(level)
        for _ in range(self.iterations):
            copy_policy(tree, level, level - 1)
            final = self._level(level - 1)
            if final >= best:
                best = final
                copy_slot(tree, level - 1, tree, level)
            if self.stopped():
                break
            self._adapt(level)
        return best

    def _adapt(self, level: int) -> None:
        adapt_level(self.tree, level, self.alpha)

    def _call(self, lane: int, level: int) -> int:
        rng, control, tree, policy, scratch = self.lanes[lane]
        w, e = self.tree.weights[level], self.tree.exps[level]
        return int(
            lane_call(
                self.sub,
                self.sub_iterations,
                self.alpha,
                self.root,
                self.rules,
                rng,
                policy,
                tree,
                scratch,
                control,
                w,
                e,
            )
        )

    def _shared(self, level: int) -> int:
        best = self._begin(level)
        done = 0
        while done < self.iterations:
            k = min(len(self.lanes), self.iterations - done)
            futures = []
            if self.pool is not None:
                futures = [self.pool.submit(self._call, i, level) for i in range(1, k)]
            finals = [self._call(0, level)] + [future.result() for future in futures]
            for i, final in enumerate(finals):
                done += 1
                if final >= best:
                    best = final
                    copy_slot(self.lanes[i][2], self.sub, self.tree, level)
                if self.stopped():
                    return best
                self._adapt(level)
        return best


def shared_nrpa(
    state: Any,
    rules: Any,
    base: int,
    rngs: list[Any],
    keys: Any,
    mask: Any,
    kind: int,
    tabu: int,
    level: int,
    iterations: int,
    alpha: float,
    controls: list[Any],
    best_moves: Any,
    warm: Any,
) -> tuple[int, int]:
    """NRPA at ``level`` with ``iterations`` per level from ``state`` on
    ``len(rngs)`` threads sharing the policy (module docstring); the arguments are
    ``nrpa.nrpa``'s, with one generator and one control array per lane. Returns
    (best settled score, number of moves) and writes the best sequence's anchors
    to ``best_moves``."""
    driver = _Driver(
        state, rules, base, rngs, keys, mask, kind, tabu, level, iterations, alpha, controls, warm
    )
    best = driver.run()
    made = int(driver.tree.lengths[level])
    best_moves[:made] = driver.tree.moves[level, :made]
    return int(best), made
