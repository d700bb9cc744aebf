"""Running a search: ``search`` gives the best complete game a spec finds.

A spec (``NmcsSpec``, ``NrpaSpec``, ``BeamSpec``; ``samegame.bots.search.spec``)
says which algorithm runs with which parameters and budget; ``search`` runs it
from a position and returns the best complete game found (``SearchResult``).
Each worker's searches are a ``Job`` (``samegame.bots.search.job``); the compiled
loops live in ``samegame.kernel.search`` and are imported only when a search
runs, so importing this module loads neither numba nor numpy.

``NmcsSpec.workers > 1`` runs that many independent searches at once (root
parallelisation): worker 0 in this process with the given seed, the others in
worker processes (``worker_pool``) with seeds derived from it and the worker
number; the best score wins (the lowest worker number on ties). NRPA's
``workers`` are threads of one search sharing its policy
(``samegame.kernel.search.shared_nrpa``), lane ``i`` seeded like worker ``i``.
Either way a fixed budget's result is reproducible.

A wall-clock budget starts when ``search`` is called, so compiling or loading the
kernels and starting worker processes are inside it; a worker process that has
not reported ``GRACE`` seconds after the deadline is left out. ``interrupt()``
stops every running search at once (``stop_flags``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, TimeoutError
from dataclasses import dataclass

from samegame.bots.search.job import Job, Outcome, prepare, run_job, worker_seed
from samegame.bots.search.spec import Algorithm, Clock, SearchSpec
from samegame.bots.search.stop_flags import interrupt, interrupted, resume
from samegame.bots.search.worker_pool import worker_pool
from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.rules import Rules

__all__ = [
    "GRACE",
    "Algorithm",
    "SearchResult",
    "interrupt",
    "interrupted",
    "prepare",
    "resume",
    "search",
]

GRACE = 0.25
"""Seconds after a wall-clock deadline that a worker process's result is waited
for (each worker stops at the deadline itself; this covers sending the result)."""


@dataclass(frozen=True)
class SearchResult:
    """The best game found: its settled score (with the points scored before the
    search) and moves (canonical anchors), plus what it cost: playouts (NMCS,
    NRPA) or positions expanded (beam) and complete or stopped searches, both
    summed over the workers; wall seconds; CPU seconds summed over the workers,
    and the part of those spent in worker processes (not in this one)."""

    score: int
    moves: tuple[Cell, ...]
    playouts: int
    runs: int
    seconds: float
    cpu_seconds: float
    helper_cpu_seconds: float


def search(
    spec: SearchSpec,
    board: Board,
    rules: Rules,
    base: int,
    seed: int,
    warm: Sequence[Cell] = (),
) -> SearchResult:
    """The best game from ``board`` under ``rules`` that ``spec`` finds, with
    ``base`` points already scored (so the settled score is the game's final
    score). ``seed`` decides every random choice of worker 0. ``warm`` (NRPA
    on one lane: a whole game from ``board``, any cell of each group) is a game
    the search begins from (``Job.warm``): its top level holds it and its policy
    is adapted towards it once, so the search goes on from it and never returns
    a worse game, when each of its moves is one the playouts' filter allows
    (``samegame.kernel.policy``; always with ``PlayoutPolicy.RANDOM``); else the
    search begins from nothing."""
    # The budget starts now: loading the kernels and starting worker processes
    # are part of it, so a search with any number of workers ends at its deadline.
    started = time.time()
    from samegame.kernel.kernel_rules import KernelRules
    from samegame.kernel.state import cell_index, index_cell, to_kernel

    deadline = cpu_seconds = None
    if spec.seconds is not None:
        if spec.budget.clock is Clock.WALL:
            deadline = started + spec.seconds
        else:
            cpu_seconds = spec.seconds
    prepare(spec.algorithm, spec.lanes)
    # Under a wall-clock budget worker processes that are still starting are not
    # waited for: they join the search when ready, and one not done by the
    # deadline is left out.
    pool = worker_pool(spec.processes - 1, deadline is None) if spec.processes > 1 else None
    krules = KernelRules.from_rules(rules, board.width, board.height)
    state = to_kernel(board)
    anchors = _anchors(board, warm, cell_index)
    jobs = [
        Job(
            spec,
            state,
            krules,
            base,
            seed if i == 0 else worker_seed(seed, i),
            deadline,
            cpu_seconds,
            anchors if i == 0 else (),
        )
        for i in range(spec.processes)
    ]
    futures: list[Future[Outcome]] = []
    if pool is not None:
        futures = [pool.submit(run_job, job) for job in jobs[1:]]
    outcomes = [run_job(jobs[0])]
    for future in futures:
        if deadline is None:
            outcomes.append(future.result())
            continue
        try:
            outcomes.append(future.result(max(0.0, deadline + GRACE - time.time())))
        except TimeoutError:
            future.cancel()
    best = outcomes[0]
    for outcome in outcomes[1:]:
        if outcome.score > best.score:
            best = outcome
    return SearchResult(
        best.score,
        tuple(index_cell(board.height, anchor) for anchor in best.anchors),
        sum(outcome.playouts for outcome in outcomes),
        sum(outcome.runs for outcome in outcomes),
        time.time() - started,
        sum(outcome.cpu_seconds for outcome in outcomes),
        sum(outcome.cpu_seconds for outcome in outcomes[1:]),
    )


def _anchors(
    board: Board, line: Sequence[Cell], cell_index: Callable[[int, int, int], int]
) -> tuple[int, ...]:
    """The state indices of the anchors of ``line``'s groups played from ``board``
    (the kernel's moves); ValueError when a move is not a group."""
    anchors = []
    for cell in line:
        group = board.group_at(cell)
        if group is None:
            raise ValueError(f"the game to begin from has no group at {cell}")
        anchors.append(cell_index(board.height, group.anchor.col, group.anchor.row))
        board = board.remove(group)
    return tuple(anchors)
