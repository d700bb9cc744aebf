"""One worker's searches: restarts within its budget, or its fixed work.

A ``Job`` is what a worker (this process, or a worker process of a root-parallel
search) runs: ``run_job`` runs searches one after another from the job's
position (``one_search.run_one``), each continuing the worker's random stream,
and keeps the best game of all (``Outcome``).

- A time budget (``StopTimer``): NMCS and NRPA run complete searches until the
  time is up; the running search is stopped at the deadline and returns the
  best whole game it holds. NRPA's first searches race the tabu colours
  (``ColourRace``), each within a slice of the budget; a search that its slice
  stopped goes on where it stopped when its entry runs again, and after the race
  a search of the best game's colour and filter begins from that game (its top
  level holds it, and its policy is adapted towards it once; see
  ``samegame.kernel.search.nrpa.warm_start``). Beam search runs passes of
  doubling width from its ``width`` (up to ``MAX_WIDTH``); at the deadline the
  running pass narrows to its best position and finishes it.
- A fixed budget: ``NmcsSpec.runs`` complete searches, one NRPA search or one
  beam pass, so the result depends on the seed alone.

``Job.warm`` (a game given by the caller, as anchors) is where the worker's first
NRPA search begins (as a search after the race begins from the race's best
game), so that search never returns a worse game than the one given, when the
game is one of its playout filter's (``warm_start``); bots give none.

A CPU budget is per worker: the lanes of one NRPA search are threads of this
process, whose CPU time counts them all, so N lanes stop at N times the budget.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from samegame.bots.search import one_search, readiness, stop_flags
from samegame.bots.search.race import ColourRace, entry_kind, tabu_order
from samegame.bots.search.spec import (
    MAX_WIDTH,
    Algorithm,
    BeamSpec,
    NmcsSpec,
    NrpaSpec,
    SearchSpec,
)
from samegame.bots.search.stop_timer import StopTimer
from samegame.core.board import Board
from samegame.core.rng import derive_seed
from samegame.core.rules import Rules
from samegame.core.stops import held

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from samegame.kernel.kernel_rules import KernelRules


@dataclass(frozen=True)
class Job:
    """The searches of one worker: picklable, so it crosses process boundaries."""

    spec: SearchSpec
    state: npt.NDArray[np.uint8]
    rules: KernelRules
    base: int
    seed: int
    deadline: float | None  # time.time() at which to stop
    cpu_seconds: float | None  # or: CPU seconds of the worker's process
    warm: tuple[int, ...] = ()  # NRPA: a game (anchors) the first search begins from


@dataclass(frozen=True)
class Outcome:
    """A worker's best game (settled score, moves as state indices) and what it
    cost: playouts (or positions expanded), searches, CPU seconds."""

    score: int
    anchors: tuple[int, ...]
    playouts: int
    runs: int
    cpu_seconds: float


def worker_seed(seed: int, worker: int) -> int:
    """The seed of worker (or lane) ``worker >= 1`` of a search seeded ``seed``."""
    return derive_seed("search-worker", seed, worker)


def run_job(job: Job) -> Outcome:
    """Run one worker's searches (module docstring)."""
    import numpy as np

    from samegame.kernel.splitmix import seed_state

    cpu = time.process_time()
    spec = job.spec
    # One control per lane (thread) of the search: [0] is the stop flag, set in all
    # of them together; [1] counts that lane's playouts.
    controls = [np.zeros(2, dtype=np.int64) for _ in range(spec.lanes)]
    stop_flags.register(controls)
    cpu_budget = None if job.cpu_seconds is None else job.cpu_seconds * spec.lanes
    timer = StopTimer(controls, job.deadline, cpu_budget)
    rngs = [seed_state(job.seed)] + [
        seed_state(worker_seed(job.seed, i)) for i in range(1, spec.lanes)
    ]
    control = controls[0]
    # The best game: score, moves, tabu colour and playout filter.
    best: tuple[int, npt.NDArray[np.int32], int, int] | None = None
    # NRPA's searches stopped at the end of their slice, by race entry.
    paused: dict[int, Any] = {}
    runs = 0
    width = spec.width if isinstance(spec, BeamSpec) else 1
    race = ColourRace(
        tabu_order(job.state, spec), spec.starts if isinstance(spec, NrpaSpec) else 1, timer
    )
    try:
        while True:
            entry, tabu, share = race.next()
            kind = entry_kind(spec, entry)
            warm = None
            tree = paused.pop(entry, None)
            # The race's searches begin from nothing (or go on where they
            # stopped): each entry is a search of its own, so a colour's second
            # entry looks elsewhere than its first. Only NRPA's searches after
            # the race begin from the best game of their colour and filter.
            after_race = share is None
            if isinstance(spec, NrpaSpec) and after_race and best is not None:
                warm = best[1] if best[2:] == (tabu, kind) else None
            elif isinstance(spec, NrpaSpec) and runs == 0 and tree is None and job.warm:
                warm = np.array(job.warm, dtype=np.int32)
            if share is not None:
                timer.begin_slice(share)
            score, moves, stopped = one_search.run_one(
                job, rngs, controls, width, tabu, kind, warm, tree
            )
            if stopped is not None:
                paused[entry] = stopped
            runs += 1
            if best is None or score > best[0]:
                best = (score, moves, tabu, kind)
            race.report(entry, score)
            if share is not None and not timer.end_slice():
                break
            if control[0] or (spec.searches is not None and runs >= spec.searches):
                break
            if isinstance(spec, BeamSpec):
                if timer.unlimited or width >= MAX_WIDTH:
                    break
                width = min(2 * width, MAX_WIDTH)
            elif not timer.unlimited and timer.spent():
                break
    finally:
        timer.close()
        stop_flags.unregister(controls)
    assert best is not None
    return Outcome(
        best[0],
        tuple(int(a) for a in best[1]),
        sum(int(lane[1]) for lane in controls),
        runs,
        time.process_time() - cpu,
    )


# Searches that compile every kernel an algorithm's searches call: NRPA on one
# lane, and on threads sharing a policy only for searches that use them.
_TINY: dict[Algorithm, tuple[SearchSpec, ...]] = {
    Algorithm.NMCS: (NmcsSpec(level=1),),
    Algorithm.NRPA: (NrpaSpec(level=1, iterations=1),),
    Algorithm.BEAM: (BeamSpec(width=1),),
}
_SHARED = NrpaSpec(level=4, iterations=1, workers=2)
_prepared: set[tuple[Algorithm, bool]] = set()


def prepared(algorithm: Algorithm, lanes: int = 1) -> bool:
    """Whether ``prepare(algorithm, lanes)`` was done in this process."""
    return (algorithm, lanes > 1) in _prepared


def prepare(algorithm: Algorithm, lanes: int = 1) -> None:
    """Compile (or load from numba's cache) the kernels of an algorithm's searches
    on ``lanes`` threads, on a tiny board, so that no time budget pays for it; then
    mark the kind ready with numba's index files of its code (``readiness``): NRPA's
    one lane too, when threads were prepared.

    A request to stop while this runs is held to its end (``core.stops.held``):
    numba loads and compiles through ctypes callbacks, where an exception raised
    by a signal handler is printed ("Exception ignored on calling ctypes callback
    function") and lost, and the stop with it. A second request still ends the
    process at once (``samegame.cli.interrupts``)."""
    if prepared(algorithm, lanes):
        return
    with held():
        _prepare(algorithm, lanes)


def _prepare(algorithm: Algorithm, lanes: int) -> None:
    from samegame.core.formulas import BASIC
    from samegame.kernel.kernel_rules import KernelRules
    from samegame.kernel.state import to_kernel

    board = Board.from_columns([[0, 0, 1], [1, 1, 0]], 3, 3)
    rules = KernelRules.from_rules(Rules(BASIC), 3, 3)
    shared = lanes > 1 and algorithm is Algorithm.NRPA
    for spec in _TINY[algorithm]:
        run_job(Job(spec, to_kernel(board), rules, 0, 0, None, None))
    _prepared.add((algorithm, False))
    readiness.mark_ready(readiness.variant(algorithm), _cached_files())
    if shared:
        run_job(Job(_SHARED, to_kernel(board), rules, 0, 0, None, None))
        _prepared.add((algorithm, True))
        readiness.mark_ready(readiness.variant(algorithm, lanes), _cached_files())
    _prepared.add((algorithm, lanes > 1))


def _cached_files() -> list[tuple[str, str]]:
    """numba's index file and the source of every kernel function compiled or
    loaded in this process so far (after a load: the searches' entry points, whose
    cached code holds what they call)."""
    from numba.core.dispatcher import Dispatcher

    found: set[tuple[str, str]] = set()
    for name, module in list(sys.modules.items()):
        if not name.startswith("samegame.kernel"):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, Dispatcher) and value.signatures:
                cache_file = getattr(getattr(value, "_cache", None), "_cache_file", None)
                index = getattr(cache_file, "_index_path", None)
                if isinstance(index, str):
                    found.add((index, value.py_func.__code__.co_filename))
    return sorted(found)
