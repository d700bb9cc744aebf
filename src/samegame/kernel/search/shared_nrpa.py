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
- a stop (``control[0]`` of the lanes' controls, set together) ends the running
  calls after their next playout and pauses the search: every level keeps where
  it was (as ``nrpa.nrpa_level`` does, with the round in progress at the split
  level: the results of its calls that had ended, and the lanes' paused calls),
  and ``best_game`` gives the best whole game found so far, the paused calls'
  included. ``run`` again resumes the search exactly where it stopped, so a
  stop and a resume change nothing in it (tested). ``control[1]`` of lane ``i``
  counts lane ``i``'s playouts;
- every lane's move codes name the groups' tiles, as ``nrpa.nrpa``'s do (each
  lane has its own identities array, ``ids``).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
from numba import njit

from samegame.kernel.groups import count_colours, count_tiles
from samegame.kernel.policy import SOFT, PolicyTables
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
def lane_call(
    level, iterations, alpha, root, rules, rng, policy, tree, scratch, control, w, e, resume
):
    """Set ``tree``'s level-``level`` policy to weights ``w`` (with ``exp`` of each
    in ``e``) and run ``nrpa_level`` there; return its best settled score (its
    sequence is left in record slot ``level`` of ``tree``). With ``resume`` the
    call stopped before on ``tree`` goes on instead (``w`` and ``e`` unused)."""
    if not resume:
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


class SharedSearch:
    """One shared-policy search (see the module docstring): ``run`` runs it, or
    resumes it after a stop paused it; ``best_game`` gives its best game."""

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
        soft: float,
    ) -> None:
        n = state.shape[0]
        weighed = int(kind) == SOFT
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
        self.tree = new_tree(n, tiles, rules.min_group, level, mask, weighed)
        self.lanes = []
        for rng, control in zip(rngs, controls, strict=True):
            tree = new_tree(n, tiles, rules.min_group, self.sub, mask, weighed)
            ids = np.empty(n, dtype=np.uint16)
            policy = PolicyTables(int(kind), int(tabu), keys, mask, tree.exps[1], ids, float(soft))
            self.lanes.append((rng, control, tree, policy, new_scratch(n)))
        self.pool = _pool(len(self.lanes) - 1) if len(self.lanes) > 1 else None
        # The split level's round in progress when the search paused: each lane's
        # result, None for a call that the stop paused.
        self.round: list[int | None] | None = None
        self.best = LOWEST
        _, _, _, policy, scratch = self.lanes[0]
        warm_start(level, alpha, self.root, rules, policy, self.tree, scratch, warm)

    def run(self) -> int:
        """Run the search, or resume it when it paused; return its best score
        (its game in record slot ``level`` of ``tree``)."""
        self.best = self._run_level(self.level)
        return self.best

    def paused(self) -> bool:
        """Whether a stop paused the search before its end."""
        return bool(self.tree.at[self.level] >= 0)

    def best_game(self, best_moves: Any) -> tuple[int, int]:
        """The best game found so far (score, number of moves, its anchors written
        to ``best_moves``): the search's result when it ended; when it paused,
        the best of the levels' and the paused round's games."""
        tree, level = self.tree, self.level
        best = int(tree.start[level]) if self.paused() else int(self.best)
        source, slot = tree, level
        if self.round is not None:
            # A round may have fewer calls than lanes (the last of a level).
            calls = zip(self.lanes[: len(self.round)], self.round, strict=True)
            for (_, _, lane_tree, _, _), final in calls:
                score = int(lane_tree.start[self.sub]) if final is None else final
                if score > best:
                    best, source, slot = score, lane_tree, self.sub
        made = int(source.lengths[slot])
        best_moves[:made] = source.moves[slot, :made]
        return best, made

    def _begin(self, level: int) -> tuple[int, int]:
        """The best score a call at ``level`` begins with, as ``nrpa_level``
        takes it (``tree.start[level]``, then ``LOWEST`` for later calls), and the
        iteration it resumes at (-1: none)."""
        best = int(self.tree.start[level])
        self.tree.start[level] = LOWEST
        first = int(self.tree.at[level])
        self.tree.at[level] = -1
        return best, first

    def _pause(self, level: int, best: int, at: int) -> int:
        self.tree.start[level] = best
        self.tree.at[level] = at
        return best

    def _run_level(self, level: int) -> int:
        if level == self.split:
            return self._shared(level)
        tree = self.tree
        best, first = self._begin(level)
        resuming = first >= 0
        i = first if resuming else 0
        while i < self.iterations:
            if not resuming:
                copy_policy(tree, level, level - 1)
            resuming = False
            final = self._run_level(level - 1)
            if final >= best:
                best = final
                copy_slot(tree, level - 1, tree, level)
            if tree.at[level - 1] >= 0:
                return self._pause(level, best, i)
            self._adapt(level)
            i += 1
        return best

    def _adapt(self, level: int) -> None:
        adapt_level(self.tree, level, self.alpha)

    def _call(self, lane: int, level: int, resume: bool) -> int:
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
                resume,
            )
        )

    def _shared(self, level: int) -> int:
        best, done = self._begin(level)
        done = max(done, 0)
        while done < self.iterations:
            k = min(len(self.lanes), self.iterations - done)
            # A resumed round runs only its paused calls; a new round, k calls.
            finals: list[int | None] = [None] * k if self.round is None else self.round
            runs = [i for i in range(k) if finals[i] is None]
            resume = self.round is not None
            futures = {}
            if self.pool is not None:
                futures = {i: self.pool.submit(self._call, i, level, resume) for i in runs[1:]}
            if runs:
                finals[runs[0]] = self._call(runs[0], level, resume)
            for i, future in futures.items():
                finals[i] = future.result()
            self.round = None
            stopped = [i for i in range(k) if self.lanes[i][2].at[self.sub] >= 0]
            if stopped:
                for i in stopped:
                    finals[i] = None
                self.round = finals
                return self._pause(level, best, done)
            for i, final in enumerate(finals):
                assert final is not None
                done += 1
                if final >= best:
                    best = final
                    copy_slot(self.lanes[i][2], self.sub, self.tree, level)
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
    soft: float,
) -> tuple[int, int]:
    """NRPA at ``level`` with ``iterations`` per level from ``state`` on
    ``len(rngs)`` threads sharing the policy (module docstring); the arguments are
    ``nrpa.nrpa``'s, with one generator and one control array per lane (and no
    ``ids``: each lane makes its own), and ``soft`` the factor of ``SOFT``
    playouts. Returns
    (best settled score, number of moves) and writes the best sequence's anchors
    to ``best_moves``."""
    driver = SharedSearch(
        state,
        rules,
        base,
        rngs,
        keys,
        mask,
        kind,
        tabu,
        level,
        iterations,
        alpha,
        controls,
        warm,
        soft,
    )
    driver.run()
    return driver.best_game(best_moves)
