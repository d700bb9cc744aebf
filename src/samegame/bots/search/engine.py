"""Running a search: budgets, restarts, the stop timer and root-parallel workers.

A ``SearchSpec`` says which algorithm runs with which parameters and budget; a
``search`` call runs it from a position and returns the best complete game found
(``SearchResult``). The compiled loops live in ``samegame.kernel.search``; this
module imports them (and numpy) only when a search runs, so importing it loads
neither numba nor numpy.

Budgets (see docs/search.md):

- ``seconds`` (a time budget): NMCS and NRPA run complete searches one after
  another, each continuing the worker's random stream, until the time is up; the running search is
  stopped at the deadline (a timer thread sets a flag that the compiled loops
  read after every playout) and returns the best whole game it holds. Beam search
  runs passes of doubling width from ``width`` (up to ``MAX_WIDTH``); at the
  deadline the running pass narrows to its best position and finishes it. The
  best result of all is kept. The restarts' tabu colours follow ``tabu_order``
  (``colours``, ``margin``): the first searches race the colours with the most
  tiles, each within a slice of the budget (``_Budget``'s slices; ``_Race``
  says which colour runs in which slice: one equal slice each, or rounds of
  successive halving), then the searches keep to the colour of the best game
  so far. With ``restart`` ``resume`` an NRPA search that its slice stopped
  goes on where it stopped when its colour runs again.
- no ``seconds``: a fixed amount of work, so the result depends on the seed
  alone: ``runs`` complete NMCS or NRPA searches, or one beam pass of ``width``.

``workers > 1`` with ``parallel`` ``root`` runs that many independent searches at
once (root parallelisation): worker 0 in this process with the given seed, the
others in worker processes with seeds derived from it and the worker number; the
best score wins (the lowest worker number on ties). With ``parallel`` ``policy``
(NRPA) it runs one search on that many threads sharing one policy
(``samegame.kernel.search.shared_nrpa``), lane ``i`` seeded like worker ``i``.
Either way a fixed budget's result is reproducible.

A wall-clock budget starts when ``search`` is called, so compiling or loading the
kernels and starting worker processes are inside it; a worker process that has
not reported ``GRACE`` seconds after the deadline is left out. A CPU budget is
per worker (threads of one search share the process's CPU time: N lanes stop at
N times the budget).
"""

from __future__ import annotations

import atexit
import functools
import math
import multiprocessing
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor, TimeoutError
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.rng import StableRandom, derive_seed
from samegame.core.rules import Rules

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from samegame.kernel.kernel_rules import KernelRules

TABLE_BITS = 17
"""NRPA's policy table has ``2**TABLE_BITS`` weights per level."""

ALPHA = 1.0
"""NRPA's learning rate (Rosin 2011)."""

GRACE = 0.25
"""Seconds after a wall-clock deadline that a worker process's result is waited
for (each worker stops at the deadline itself; this covers sending the result)."""

MAX_WIDTH = 32768
"""The widest beam (memory grows with the width: about 2 KB per unit on 15x15)."""

# Soft playouts (docs/search.md, "Issue 10, tenth round"): a group of the tabu
# colour that is not the whole colour has its weight lowered by DEFAULT_BIAS,
# a factor of about 1/3000; MAX_BIAS makes it about 10^-13, never in practice.
DEFAULT_BIAS = 8.0
MAX_BIAS = 30.0


class Algorithm(StrEnum):
    NMCS = "nmcs"
    NRPA = "nrpa"
    BEAM = "beam"


class Clock(StrEnum):
    """What a time budget counts: wall-clock seconds, or CPU seconds of the search's
    process (steadier on a shared machine; each worker gets the budget)."""

    WALL = "wall"
    CPU = "cpu"


class Policy(StrEnum):
    """Playout policies (candidate filters of ``samegame.kernel.policy``). ``soft``
    (NRPA): as ``selective``, but the tabu colour's groups that are not the whole
    colour are drawn with a bias (``SearchSpec.bias``) instead of never;
    ``mixed`` (NRPA): a colour's race entries alternate ``selective`` and
    ``soft``, the first ``selective`` (with one entry per colour, ``selective``
    only)."""

    RANDOM = "random"
    TABU = "tabu"
    SELECTIVE = "selective"
    SOFT = "soft"
    MIXED = "mixed"


class Parallel(StrEnum):
    """How NRPA's workers share a search: ``policy``, one search whose split level's
    iterations run on ``workers`` threads adapting one policy
    (``samegame.kernel.search.shared_nrpa``); ``root``, independent searches in
    worker processes, the best kept."""

    POLICY = "policy"
    ROOT = "root"


class Restart(StrEnum):
    """How NRPA's searches after the colour race of a time budget begin:
    ``fresh``, from an all-zero policy; ``best``, from the best game so far of
    their tabu colour (the top level holds it and its policy is adapted towards
    it once, see ``samegame.kernel.search.nrpa.warm_start``); ``resume``, as
    ``best``, except that a search stopped at the end of its race slice goes on
    where it stopped, in the race's later rounds and after it
    (``samegame.kernel.search.nrpa.nrpa_run``, and
    ``samegame.kernel.search.shared_nrpa.SharedSearch`` for lanes). The race's
    own searches begin from an all-zero policy whatever ``restart`` says."""

    FRESH = "fresh"
    BEST = "best"
    RESUME = "resume"


class RaceKind(StrEnum):
    """How a colour race shares its part of the budget (see ``_Race``): ``equal``
    slices, one search per colour; ``halving``, rounds that keep the better
    half of the colours."""

    EQUAL = "equal"
    HALVING = "halving"


class Codes(StrEnum):
    """What NRPA's move codes name (``samegame.kernel.policy``): ``cells``, the
    cells a group covers now; ``tiles``, the tiles it is made of, wherever they
    have fallen to since the playout began."""

    CELLS = "cells"
    TILES = "tiles"


class Evaluation(StrEnum):
    """Beam search evaluations (see ``samegame.kernel.search.beam``)."""

    COLOURS = "colours"
    GROUPS = "groups"
    MIXED = "mixed"


# The kernel's filter kinds (``samegame.kernel.policy``'s ALL, TABU, SELECTIVE,
# SOFT), written out so that making a bot loads no numba; a test checks them.
_POLICY_KIND = {Policy.RANDOM: 0, Policy.TABU: 1, Policy.SELECTIVE: 2, Policy.SOFT: 3}
SOFT_KIND = _POLICY_KIND[Policy.SOFT]
_EVALUATION_KIND = {Evaluation.COLOURS: 0, Evaluation.GROUPS: 1, Evaluation.MIXED: 2}


@dataclass(frozen=True)
class SearchSpec:
    """What to search with. ``level``/``policy`` for NMCS and NRPA,
    ``iterations`` for NRPA (per level), ``width``/``evaluation`` for beam search.
    ``seconds`` is the time budget of one search (None: a fixed budget of ``runs``
    complete searches, or one beam pass) counted by ``clock``; ``runs`` also caps the searches of a
    timed NMCS or NRPA (None: no cap). ``workers`` is the number of searches run at
    once (independent ones, or, for NRPA with ``parallel`` ``policy``, threads of
    one search sharing its policy: ``lanes``). ``colours`` (NMCS and NRPA with the
    tabu or selective policy): the first searches of a timed search race the
    first ``colours`` colours of ``colours_by_tiles`` as the tabu colour, each
    within slices of the budget (``race``: one equal slice each, ``1 / (n + 1)``
    of the budget for ``n`` colours, or rounds of successive halving), and the
    searches after them keep to the colour of the best game so far (1: always
    the colour with the most tiles);
    ``margin`` (None: no limit) leaves out of the race every colour with more
    than that many tiles fewer than the colour with the most (0: race only the
    colours tied for the most). A cap ``runs`` caps the race, and when no search
    can follow it, the race's searches share the whole budget. A fixed budget
    of several NMCS searches goes through the same colours, without slices.
    ``starts``: searches of each raced colour, which race too (``_Race``'s
    entries; every search of the race begins from nothing, and with
    ``restart`` ``resume`` one that its slice stopped goes on where it stopped).
    ``restart`` (NRPA): how the searches after the race begin (``Restart``).
    ``codes`` (NRPA): what a move code names (``Codes``).
    ``bias`` (NRPA with the ``soft`` or ``mixed`` policy): how much less likely a
    soft playout draws a group of the tabu colour that is not the whole colour,
    as a lower weight (a factor ``exp(-bias)``)."""

    algorithm: Algorithm
    level: int = 1
    iterations: int = 100
    policy: Policy = Policy.TABU
    width: int = 1
    evaluation: Evaluation = Evaluation.GROUPS
    seconds: float | None = None
    clock: Clock = Clock.WALL
    runs: int | None = 1
    workers: int = 1
    parallel: Parallel = Parallel.ROOT
    colours: int = 1
    margin: int | None = None
    restart: Restart = Restart.FRESH
    race: RaceKind = RaceKind.EQUAL
    starts: int = 1
    codes: Codes = Codes.CELLS
    bias: float = DEFAULT_BIAS

    def __post_init__(self) -> None:
        counts = (self.level, self.iterations, self.width, self.workers, self.starts)
        if min(*counts, self.runs or 1) < 1:
            raise ValueError(f"a search's counts are at least 1: {self}")
        if self.colours < 1:
            raise ValueError(f"a search tries at least 1 tabu colour: {self}")
        if self.margin is not None and self.margin < 0:
            raise ValueError(f"a colour margin is at least 0 tiles: {self}")
        if self.colours > 1 and self.algorithm is Algorithm.BEAM:
            raise ValueError("beam search has no tabu colour")
        if self.restart is not Restart.FRESH and self.algorithm is not Algorithm.NRPA:
            raise ValueError("only NRPA restarts from its best game")
        if self.width > MAX_WIDTH:
            raise ValueError(f"the beam is at most {MAX_WIDTH} wide, not {self.width}")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"a time budget is positive, not {self.seconds}")
        if self.seconds is None and self.runs is None and self.algorithm is not Algorithm.BEAM:
            raise ValueError("an NMCS or NRPA search needs a time budget or a number of runs")
        if self.parallel is Parallel.POLICY and self.algorithm is not Algorithm.NRPA:
            raise ValueError("only NRPA shares a policy between workers")
        if self.codes is not Codes.CELLS and self.algorithm is not Algorithm.NRPA:
            raise ValueError("only NRPA has move codes")
        if self.policy in (Policy.SOFT, Policy.MIXED) and self.algorithm is not Algorithm.NRPA:
            raise ValueError("only NRPA has soft playouts")
        if not 0.0 <= self.bias <= MAX_BIAS:
            raise ValueError(f"a soft playout's bias is 0 to {MAX_BIAS:g}, not {self.bias}")

    @property
    def lanes(self) -> int:
        """Threads of one search (NRPA sharing its policy); 1 otherwise."""
        return self.workers if self.parallel is Parallel.POLICY else 1

    @property
    def processes(self) -> int:
        """Independent searches (root parallelism), this process's included."""
        return 1 if self.parallel is Parallel.POLICY else self.workers


@dataclass(frozen=True)
class SearchResult:
    """The best game found: its settled score (with the points scored before the
    search) and moves (canonical anchors), plus what it cost: playouts (NMCS,
    NRPA) or positions expanded (beam), complete or stopped searches, wall
    seconds, CPU seconds summed over the workers, and the part of those spent in
    worker processes (not in this one)."""

    score: int
    moves: tuple[Cell, ...]
    playouts: int
    runs: int
    seconds: float
    cpu_seconds: float
    helper_cpu_seconds: float


@dataclass(frozen=True)
class _Job:
    """A search for one worker: picklable, so it crosses process boundaries."""

    spec: SearchSpec
    state: npt.NDArray[np.uint8]
    rules: KernelRules
    base: int
    seed: int
    deadline: float | None  # time.time() at which to stop
    cpu_seconds: float | None  # or: CPU seconds of the worker's process


@dataclass(frozen=True)
class _Outcome:
    score: int
    anchors: tuple[int, ...]
    playouts: int
    runs: int
    cpu_seconds: float


def search(spec: SearchSpec, board: Board, rules: Rules, base: int, seed: int) -> SearchResult:
    """The best game from ``board`` under ``rules`` that ``spec`` finds, with
    ``base`` points already scored (so the settled score is the game's final
    score). ``seed`` decides every random choice of worker 0."""
    # The budget starts now: loading the kernels and starting worker processes
    # are part of it, so a search with any number of workers ends at its deadline.
    started = time.time()
    from samegame.kernel.kernel_rules import KernelRules
    from samegame.kernel.state import index_cell, to_kernel

    deadline = cpu_seconds = None
    if spec.seconds is not None:
        if spec.clock is Clock.WALL:
            deadline = started + spec.seconds
        else:
            cpu_seconds = spec.seconds
    prepare(spec.algorithm)
    # Under a wall-clock budget worker processes that are still starting are not
    # waited for: they join the search when ready, and one not done by the
    # deadline is left out.
    pool = _pool(spec.processes - 1, deadline is None) if spec.processes > 1 else None
    krules = KernelRules.from_rules(rules, board.width, board.height)
    state = to_kernel(board)
    jobs = [
        _Job(
            spec,
            state,
            krules,
            base,
            seed if i == 0 else worker_seed(seed, i),
            deadline,
            cpu_seconds,
        )
        for i in range(spec.processes)
    ]
    futures: list[Future[_Outcome]] = []
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
        sum(o.playouts for o in outcomes),
        sum(o.runs for o in outcomes),
        time.time() - started,
        sum(o.cpu_seconds for o in outcomes),
        sum(o.cpu_seconds for o in outcomes[1:]),
    )


# Searches running in this process: ``interrupt()`` stops them all. The compiled
# loops read ``control[0]`` after every playout, so a search stops at once and
# returns the best whole game it holds.
_controls: dict[int, Any] = {}
_interrupted = threading.Event()
_lock = threading.Lock()


def interrupt() -> None:
    """Stop every search of this process now (safe from any thread): each returns
    the best game found so far, and searches started later stop after one run.
    ``resume()`` allows full searches again."""
    with _lock:
        _interrupted.set()
        for control in _controls.values():
            control[0] = 1


def resume() -> None:
    """Searches use their whole budget again after ``interrupt()``."""
    _interrupted.clear()


def interrupted() -> bool:
    return _interrupted.is_set()


def worker_seed(seed: int, worker: int) -> int:
    """The seed of worker ``worker >= 1`` of a root-parallel search."""
    return derive_seed("search-worker", seed, worker)


@functools.cache
def cell_keys(size: int) -> npt.NDArray[np.uint64]:
    """Random 64-bit keys, one per state index, for move codes and position hashes
    (fixed: the same for every search on boards of this state size)."""
    import numpy as np

    rng = StableRandom(derive_seed("search-keys", size))
    return np.array([rng.next64() for _ in range(size)], dtype=np.uint64)


def _tiles_per_colour(state: npt.NDArray[np.uint8]) -> dict[int, int]:
    """The tiles of each colour on the board (as stored in the state, 1-9)."""
    import numpy as np

    counts = np.bincount(state, minlength=16)[1:10]
    return {c + 1: int(counts[c]) for c in range(counts.shape[0]) if counts[c] > 0}


def colours_by_tiles(state: npt.NDArray[np.uint8]) -> list[int]:
    """The colours on the board (as stored in the state, 1-9), most tiles first,
    the lower colour first on a tie."""
    counts = _tiles_per_colour(state)
    return sorted(counts, key=lambda colour: (-counts[colour], colour))


def tabu_colour(state: npt.NDArray[np.uint8]) -> int:
    """The colour (as stored in the state, 1-9) with the most tiles; the lowest
    such colour on a tie; 0 on an empty board."""
    colours = colours_by_tiles(state)
    return colours[0] if colours else 0


def tabu_order(state: npt.NDArray[np.uint8], spec: SearchSpec) -> list[int]:
    """The tabu colours that a worker's first searches race, one search each:
    the first ``spec.colours`` colours of ``colours_by_tiles``, and with a
    ``spec.margin`` only those with at most that many tiles fewer than the
    colour with the most (0, no tabu colour, for the random policy, beam search
    or an empty board)."""
    if spec.policy is Policy.RANDOM or spec.algorithm is Algorithm.BEAM:
        return [0]
    counts = _tiles_per_colour(state)
    order = colours_by_tiles(state)[: spec.colours]
    if spec.margin is not None and order:
        order = [c for c in order if counts[c] >= counts[order[0]] - spec.margin]
    return order or [0]


def entry_kind(spec: SearchSpec, entry: int) -> int:
    """The playout filter (``samegame.kernel.policy``'s kind) of race entry
    ``entry``: the spec's policy, or with ``mixed`` ``selective`` and ``soft`` in
    turn through each colour's entries (``_Race`` numbers a colour's
    ``starts`` entries one after another).

    >>> spec = SearchSpec(Algorithm.NRPA, policy=Policy.MIXED, starts=2, runs=None, seconds=1)
    >>> [entry_kind(spec, e) for e in range(4)]
    [2, 3, 2, 3]
    """
    if spec.policy is Policy.MIXED:
        return SOFT_KIND if entry % spec.starts % 2 == 1 else _POLICY_KIND[Policy.SELECTIVE]
    return _POLICY_KIND[spec.policy]


def run_job(job: _Job) -> _Outcome:
    """Run one worker's searches: restarts within the time budget, or the fixed
    number of complete searches (see the module docstring)."""
    import numpy as np

    from samegame.kernel.splitmix import seed_state

    cpu = time.process_time()
    spec = job.spec
    # One control per lane (thread) of the search: [0] is the stop flag, set in all
    # of them together; [1] counts that lane's playouts.
    controls = [np.zeros(2, dtype=np.int64) for _ in range(spec.lanes)]
    with _lock:
        for control in controls:
            _controls[id(control)] = control
            if _interrupted.is_set():
                control[0] = 1
    # A CPU budget is per worker: lanes are threads of this process, whose CPU
    # time counts them all.
    cpu_budget = None if job.cpu_seconds is None else job.cpu_seconds * spec.lanes
    budget = _Budget(controls, job.deadline, cpu_budget)
    rngs = [seed_state(job.seed)] + [
        seed_state(worker_seed(job.seed, i)) for i in range(1, spec.lanes)
    ]
    control = controls[0]
    # The best game: score, moves, tabu colour and playout filter.
    best: tuple[int, npt.NDArray[np.int32], int, int] | None = None
    # The searches stopped at the end of their slice, by race entry (``resume``).
    paused: dict[int, Any] = {}
    runs = 0
    width = spec.width
    race = _Race(tabu_order(job.state, spec), spec, budget)
    try:
        while True:
            entry, tabu, share = race.next()
            kind = entry_kind(spec, entry)
            warm = None
            tree = paused.pop(entry, None)
            # The race's searches begin from nothing (or go on where they
            # stopped): each entry is a search of its own, so a colour's second
            # entry looks elsewhere than its first. Only the searches after the
            # race begin from the best game of their colour.
            after_race = share is None
            if spec.restart is not Restart.FRESH and after_race and best is not None:
                warm = best[1] if best[2:] == (tabu, kind) else None
            if share is not None:
                budget.begin_slice(share)
            score, moves, stopped = _run_once(
                job, spec, rngs, controls, width, tabu, kind, warm, tree
            )
            if stopped is not None and spec.restart is Restart.RESUME:
                paused[entry] = stopped
            runs += 1
            if best is None or score > best[0]:
                best = (score, moves, tabu, kind)
            race.report(entry, score)
            if share is not None and not budget.end_slice():
                break
            if control[0] or (spec.runs is not None and runs >= spec.runs):
                break
            if spec.algorithm is Algorithm.BEAM:
                if budget.unlimited or width >= MAX_WIDTH:
                    break
                width = min(2 * width, MAX_WIDTH)
            elif not budget.unlimited and budget.spent():
                break
    finally:
        budget.close()
        with _lock:
            for lane in controls:
                _controls.pop(id(lane), None)
    assert best is not None
    return _Outcome(
        best[0],
        tuple(int(a) for a in best[1]),
        sum(int(lane[1]) for lane in controls),
        runs,
        time.process_time() - cpu,
    )


class _Race:
    """Which search of a worker runs next, with which tabu colour and slice (see
    ``SearchSpec``). The race's entries are the colours of ``order``, each
    ``spec.starts`` times (several searches of one colour), colour by colour.

    A timed search races the entries first, each search within a slice of the
    budget; then every search goes on with the entry of the best game so far,
    with no slice (the rest of the budget). A cap on the searches (``spec.runs``)
    caps the race; when no search can follow the race, its searches share the
    whole budget. ``equal`` slices: one search per entry, each ``1 / (n + 1)``
    of the budget. ``halving`` (successive halving): rounds in which every entry
    still in the race has an equal part of the round's share of the budget,
    after which the better half (rounded up, by the best score of each entry so
    far, the earlier entry on a tie, and each colour's best entry before any
    colour's second) stays in; the rounds and the searches after
    them have equal shares of what is left (a race with a cap on its searches is
    in equal slices). A fixed budget (several NMCS searches) goes through the
    entries one search each, without slices."""

    def __init__(self, order: list[int], spec: SearchSpec, budget: _Budget) -> None:
        self.colours = [colour for colour in order for _ in range(spec.starts)]
        entries = len(self.colours)
        size = entries if spec.runs is None else min(entries, spec.runs)
        self.sliced = size >= 2 and not budget.unlimited
        self.halving = self.sliced and spec.race is RaceKind.HALVING and spec.runs is None
        self.budget = budget
        self.after = spec.runs is None or spec.runs > size
        self.racing = list(range(size))
        self.pending = list(range(entries))
        self.best: dict[int, int] = {}
        self.top = 0
        self.top_score: int | None = None
        self.share = budget.left() / (size + self.after) if self.sliced else 0.0
        if self.halving:
            self._round()

    def _round(self) -> None:
        rounds = math.ceil(math.log2(len(self.racing)))
        self.share = self.budget.left() / (rounds + self.after) / len(self.racing)
        self.pending = list(self.racing)

    def next(self) -> tuple[int, int, float | None]:
        """The next search's entry, tabu colour and slice (None: no slice)."""
        if self.pending:
            entry = self.pending.pop(0)
            return entry, self.colours[entry], self.share if self.sliced else None
        return self.top, self.colours[self.top], None

    def report(self, entry: int, score: int) -> None:
        """The best score of the search of ``entry`` that ``next`` gave."""
        if entry not in self.best or score > self.best[entry]:
            self.best[entry] = score
        if self.top_score is None or score > self.top_score:
            self.top, self.top_score = entry, score
        if self.halving and not self.pending and len(self.racing) > 1:
            self.racing = self._better_half()
            if len(self.racing) > 1:
                self._round()

    def _better_half(self) -> list[int]:
        """The entries that stay in after a round, best first: half of them
        (rounded up), by the best score of each entry so far (the earlier entry
        on a tie), each colour's best entry before any colour's second. The
        tabu colour decides most of a game's score, so a colour's entries score
        alike: a colour that leads early would otherwise fill the next round
        with its own entries and put out colours whose games clear the board
        only later (standard position 1)."""
        ranked = sorted(self.racing, key=lambda e: (-self.best[e], e))
        leaders: dict[int, int] = {}
        for entry in ranked:
            leaders.setdefault(self.colours[entry], entry)
        first = list(leaders.values())
        kept = set((first + [e for e in ranked if e not in first])[: (len(ranked) + 1) // 2])
        return [entry for entry in ranked if entry in kept]


class _Budget:
    """Sets ``control[0]`` of every one of ``controls`` from a thread when the time
    budget is spent: at a wall clock ``deadline`` (``time.time()``), or after
    ``cpu_seconds`` of this process's CPU time. Neither: unlimited. The thread
    polls every ``CPU_POLL`` seconds on the CPU clock, and during a slice.

    A *slice* (``begin_slice``) stops the running search earlier, after a part of
    the budget; ``end_slice`` then lets the next search run, unless the whole
    budget is spent or the searches were interrupted meanwhile. Once the budget
    is spent it stays spent, whatever the wall clock does afterwards."""

    CPU_POLL = 0.005

    def __init__(
        self,
        controls: list[npt.NDArray[np.int64]],
        deadline: float | None,
        cpu_seconds: float | None,
    ) -> None:
        self.controls = controls
        self.deadline = deadline
        self.cpu_limit = None if cpu_seconds is None else time.process_time() + cpu_seconds
        self.unlimited = deadline is None and cpu_seconds is None
        self._expired = False
        # The end of the running slice on this budget's clock (None: no slice),
        # and the lock that orders the watcher's stops against ``end_slice``.
        self._slice_end: float | None = None
        self._slice_lock = threading.Lock()
        self._wake = threading.Event()
        self._closed = False
        self._thread = None
        if not self.unlimited and self.spent():
            # Spent before the search began (a start-up longer than the budget):
            # stop it after its first playout, with no race against the thread.
            for control in controls:
                control[0] = 1
        elif not self.unlimited:
            self._thread = threading.Thread(target=self._watch, daemon=True)
            self._thread.start()

    def _now(self) -> float:
        return time.process_time() if self.cpu_limit is not None else time.time()

    def left(self) -> float:
        """Seconds of the budget left on its clock (infinite when unlimited)."""
        if self.cpu_limit is not None:
            return self.cpu_limit - time.process_time()
        if self.deadline is not None:
            return self.deadline - time.time()
        return float("inf")

    def spent(self) -> bool:
        if not self._expired:
            wall = self.deadline is not None and time.time() >= self.deadline
            cpu = self.cpu_limit is not None and time.process_time() >= self.cpu_limit
            self._expired = wall or cpu
        return self._expired

    def begin_slice(self, seconds: float) -> None:
        """Stop the search that runs next after ``seconds`` on the budget's clock
        (or at the budget's end, if that comes first)."""
        with self._slice_lock:
            self._slice_end = self._now() + seconds
        self._wake.set()

    def end_slice(self) -> bool:
        """Clear the slice and its stop; False (the stop kept) when the whole
        budget is spent or the searches were interrupted."""
        with self._slice_lock, _lock:
            self._slice_end = None
            if self.spent() or _interrupted.is_set():
                for control in self.controls:
                    control[0] = 1
                return False
            for control in self.controls:
                control[0] = 0
            return True

    def _watch(self) -> None:
        while True:
            with self._slice_lock:
                if self._closed:
                    return
                if self.spent():
                    break
                end = self._slice_end
                if end is not None and self._now() >= end:
                    for control in self.controls:
                        control[0] = 1
                    end = None
                if self.cpu_limit is not None:
                    wait = self.CPU_POLL
                else:
                    assert self.deadline is not None
                    until = self.deadline if end is None else min(self.deadline, end)
                    wait = max(0.0, until - time.time())
            if self._wake.wait(wait):
                self._wake.clear()
        for control in self.controls:
            control[0] = 1

    def close(self) -> None:
        with self._slice_lock:
            self._closed = True
        self._wake.set()
        if self._thread is not None:
            self._thread.join()


def _run_once(
    job: _Job,
    spec: SearchSpec,
    rngs: list[npt.NDArray[np.uint64]],
    controls: list[npt.NDArray[np.int64]],
    width: int,
    tabu: int,
    kind: int,
    warm: npt.NDArray[np.int32] | None = None,
    tree: Any = None,
) -> tuple[int, npt.NDArray[np.int32], Any]:
    """One search of ``spec`` from the job's position, its playouts filtered by
    ``kind`` (``entry_kind``) around the ``tabu`` colour; returns its best score and
    moves, and for an NRPA search that a stop ended early what it needs to go on
    (its tree, see ``nrpa_run``, or its ``SharedSearch``), which resumes the
    search when passed back as ``tree`` (``warm`` is then ignored)."""
    import numpy as np

    from samegame.kernel.groups import count_tiles
    from samegame.kernel.search.beam import beam
    from samegame.kernel.search.nmcs import nmcs
    from samegame.kernel.search.nrpa import new_tree, nrpa_run
    from samegame.kernel.search.shared_nrpa import SharedSearch

    rng, control = rngs[0], controls[0]

    state, rules = job.state, job.rules
    out = np.empty(state.shape[0], dtype=np.int32)
    keys = cell_keys(state.shape[0])
    soft = math.exp(-spec.bias)
    result: Any
    stopped = None
    mask = np.uint64((1 << TABLE_BITS) - 1)
    games = np.empty(0, dtype=np.int32) if warm is None else warm
    if spec.algorithm is Algorithm.NRPA and spec.lanes > 1:
        # One search whose threads share one policy.
        if tree is None:
            tree = SharedSearch(
                state,
                rules,
                job.base,
                rngs,
                keys,
                mask,
                kind,
                tabu,
                spec.level,
                spec.iterations,
                ALPHA,
                controls,
                games,
                spec.codes is Codes.TILES,
                soft,
            )
        tree.run()
        result = tree.best_game(out)
        stopped = tree if tree.paused() else None
    elif spec.algorithm is Algorithm.NRPA:
        if tree is None:
            tiles = count_tiles(state, rules.height)
            tree = new_tree(
                state.shape[0], tiles, rules.min_group, spec.level, mask, kind == SOFT_KIND
            )
        result = nrpa_run(
            tree,
            state,
            rules,
            job.base,
            rng,
            keys,
            mask,
            kind,
            tabu,
            spec.level,
            spec.iterations,
            ALPHA,
            control,
            out,
            games,
            np.empty(state.shape[0], dtype=np.uint16) if spec.codes is Codes.TILES else None,
            soft,
        )
        stopped = tree if result[2] else None
    elif spec.algorithm is Algorithm.NMCS:
        result = nmcs(state, rules, job.base, rng, kind, tabu, spec.level, control, out)
    else:
        evaluation = _EVALUATION_KIND[spec.evaluation]
        result = beam(state, rules, job.base, keys, width, evaluation, control, out)
    score, made = int(result[0]), int(result[1])
    return score, out[:made].copy(), stopped


_prepared: set[Algorithm] = set()


def prepare(algorithm: Algorithm) -> None:
    """Compile (or load from numba's cache) an algorithm's kernels, on a tiny board,
    so that no time budget pays for it."""
    if algorithm in _prepared:
        return
    from samegame.core.formulas import BASIC
    from samegame.kernel.kernel_rules import KernelRules
    from samegame.kernel.state import to_kernel

    board = Board.from_columns([[0, 0, 1], [1, 1, 0]], 3, 3)
    spec = SearchSpec(algorithm, level=1, iterations=1, runs=1)
    rules = KernelRules.from_rules(Rules(BASIC), 3, 3)
    job = _Job(spec, to_kernel(board), rules, 0, 0, None, None)
    run_job(job)
    if algorithm is Algorithm.NRPA:
        # The job above compiled the one-lane search by cells.
        tiles = SearchSpec(algorithm, level=1, iterations=1, runs=1, codes=Codes.TILES)
        run_job(_Job(tiles, to_kernel(board), rules, 0, 0, None, None))
        for codes in Codes:
            shared = SearchSpec(
                algorithm, level=4, iterations=1, workers=2, parallel=Parallel.POLICY, codes=codes
            )
            run_job(_Job(shared, to_kernel(board), rules, 0, 0, None, None))
    _prepared.add(algorithm)


_workers: ProcessPoolExecutor | None = None
_worker_count = 0


def _pool(size: int, wait: bool) -> ProcessPoolExecutor:
    """A process pool of at least ``size`` workers, kept for later searches. Worker
    processes start with 'spawn' (nothing is inherited from this process) and
    compile or load every kernel before their first task; with ``wait`` this
    returns only when all of them are ready (a fixed budget waits for every
    worker anyway), otherwise at once (a wall-clock budget runs meanwhile)."""
    global _workers, _worker_count
    if _workers is None or _worker_count < size:
        if _workers is not None:
            _workers.shutdown()
        context = multiprocessing.get_context("spawn")
        _workers = ProcessPoolExecutor(size, mp_context=context, initializer=_warm_worker)
        _worker_count = size
        ready = [_workers.submit(_ready) for _ in range(size)]
        if wait:
            for started in ready:
                started.result()
    return _workers


def _ready() -> None:
    """A task that only waits for a worker process to be up (and warmed up)."""


def _warm_worker() -> None:
    for algorithm in Algorithm:
        prepare(algorithm)


@atexit.register
def _close_pool() -> None:
    if _workers is not None:
        _workers.shutdown(cancel_futures=True)
