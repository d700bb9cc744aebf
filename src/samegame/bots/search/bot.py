"""The search bots ``nmcs``, ``nrpa`` and ``beam``: options, and play by a searched plan.

A search bot searches when it is first asked for a move, within its budget, and
then plays the best game it found move by move. Whenever the position it is asked
about is not the one its plan expects (a player's own moves, an undo, a hint asked
on another position) it searches again from that position, with the same budget.
In a game played by the bot alone that is one search per game, so ``time`` is
the time per game. The search's seed is the next word of the generator the bot is
given, so a game's seed decides every random choice.

Options (``--bot nrpa:level=3,time=60``):

- every search bot: ``time`` (seconds per search, a decimal; default 10) and
  ``clock`` (``wall``, the default, or ``cpu``: count the CPU seconds of the
  search's process instead, for steady measurements on a busy machine);
- ``nmcs``: ``level`` (1-5, default 2), ``policy`` of the playouts (``random``,
  ``tabu`` or ``selective``, default ``tabu``), ``iterations`` (complete searches;
  with ``time`` a cap), ``workers`` (default 1: independent searches run at
  once, in worker processes but the first, the best kept);
- ``nrpa``: ``level`` (1-5, default 4), ``iterations`` (per level, default 100),
  ``policy`` (``random``, ``tabu``, ``selective``, ``soft`` or ``mixed``, default
  ``mixed``), ``starts`` (1-8, default 2: searches of each colour in the colour
  race of a time budget), ``workers`` (default 1: threads of one search adapting
  one policy);
- ``beam``: ``width`` (1 to 32768, default 16), ``evaluation`` (``colours``,
  ``groups`` or ``mixed``, default ``groups``).

Without ``time``, giving ``iterations`` (nmcs, nrpa) or ``width`` (beam) makes the
budget a fixed amount of work instead (nmcs: that many complete searches; nrpa:
one complete search; beam: one pass of that width), and the game depends on the
seed alone. Otherwise the budget is ``time``. The algorithms and their budgets
are described in docs/search.md.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from samegame.bots.search.spec import (
    MAX_WIDTH,
    NMCS_POLICIES,
    BeamSpec,
    Budget,
    Clock,
    Evaluation,
    NmcsSpec,
    NrpaSpec,
    PlayoutPolicy,
    SearchSpec,
)
from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.quoting import shown
from samegame.core.rng import StableRandom
from samegame.plugin.bot_api import BotOptionError, GameView, check_options, int_option
from samegame.plugin.contributions import BotFactory

if TYPE_CHECKING:
    from samegame.bots.search.engine import SearchResult

DEFAULT_SECONDS = 10.0
MAX_SECONDS = 7 * 24 * 3600.0
MAX_WORKERS = 64
MAX_STARTS = 8

E = TypeVar("E", PlayoutPolicy, Evaluation, Clock)


class SearchBot:
    """Plays the best game its search found; searches again when the position is
    not the one its plan expects. ``results`` holds every search's result."""

    def __init__(self, spec: SearchSpec) -> None:
        self.spec = spec
        self.results: list[SearchResult] = []
        self._plan: tuple[Cell, ...] = ()
        self._next = 0
        self._expected: Board | None = None

    def choose(self, view: GameView, rng: StableRandom) -> Cell:
        board = view.board
        if self._next >= len(self._plan) or board != self._expected:
            # The engine (and its workers) loads with the first search, not with the
            # plugin host: every command registers the bots, few of them search.
            from samegame.bots.search.engine import search

            result = search(self.spec, board, view.rules, view.score, rng.next64())
            self.results.append(result)
            self._plan = result.moves
            self._next = 0
        cell = self._plan[self._next]
        self._next += 1
        group = board.group_at(cell)
        self._expected = board.remove(group) if group is not None else None
        return cell


ANNOUNCE_AFTER = 1.0
"""Preparing not known to compile that still runs after this many seconds is said
then (A37: no silent wait of more than a second)."""


@dataclass(frozen=True)
class Preparing:
    """What preparing the search is doing, to be said (A41: only what is true).
    ``first_use``: numba compiles, as its cache holds none of the kernel's code (said
    at once), with ``seconds``, how long that took on this machine when it was last
    measured (None: never). Otherwise a load from the cache that takes more than
    ``ANNOUNCE_AFTER`` seconds, or, with ``loading`` False, a wait that may be
    either (numba's cache holds the kernel's code, but no mark says it is this
    kind's)."""

    first_use: bool
    seconds: float | None = None
    loading: bool = False


def prepare_search(spec: SearchSpec, announce: Callable[[Preparing], None]) -> None:
    """Compile (or load from numba's disk cache) what searches of ``spec`` run, so
    that no time budget pays for it. When numba's cache shows that this means
    compiling (``readiness``), ``announce`` is called at once, before numba is even
    imported, and the time it takes is kept for the next first use; otherwise only
    if it still runs after ``ANNOUNCE_AFTER`` seconds, then (from another thread).
    Nothing is said for what this process prepared already."""
    prepare_searches((spec,), announce)


def prepare_searches(specs: Sequence[SearchSpec], announce: Callable[[Preparing], None]) -> None:
    """``prepare_search`` for every search of ``specs`` as one preparation: one
    line at most is said for all of them (a first use, when any of them compiles,
    with the seconds they took together last time; else after ``ANNOUNCE_AFTER``
    seconds of them all), so a command that runs two kinds of search (a review:
    its own and the search for a clear) does not say it twice."""
    from samegame.bots.search import readiness
    from samegame.bots.search.job import prepare, prepared

    kinds = dict.fromkeys((spec.algorithm, spec.lanes) for spec in specs)
    todo = [(algorithm, lanes) for algorithm, lanes in kinds if not prepared(algorithm, lanes)]
    if not todo:
        return
    found = {kind: readiness.readiness(readiness.variant(*kind)) for kind in todo}
    compiling = [kind for kind in todo if found[kind] is readiness.Readiness.COMPILES]
    if compiling:
        # The seconds of last time are said only when every kind that compiles
        # has them: a sum of some would promise too little.
        seconds = [readiness.compile_seconds(readiness.variant(*kind)) for kind in compiling]
        known = None if None in seconds else sum(value for value in seconds if value is not None)
        announce(Preparing(first_use=True, seconds=known))
        for kind in todo:
            started = time.monotonic()
            prepare(*kind)
            if kind in compiling:
                readiness.note_compile_seconds(readiness.variant(*kind), time.monotonic() - started)
        return
    loading = all(found[kind] is readiness.Readiness.CACHED for kind in todo)
    late = threading.Timer(ANNOUNCE_AFTER, announce, (Preparing(False, loading=loading),))
    late.daemon = True
    late.start()
    try:
        for kind in todo:
            prepare(*kind)
    finally:
        late.cancel()


def seconds_option(options: Mapping[str, str], key: str) -> float | None:
    """A positive number of seconds (a decimal), or None when not given."""
    text = options.get(key)
    if text is None:
        return None
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 < value <= MAX_SECONDS:
        raise BotOptionError(
            f"bot option {key} must be a number of seconds above 0 and at most "
            f"{MAX_SECONDS:.0f}, not '{shown(text)}'"
        )
    return value


def choice_option(options: Mapping[str, str], key: str, allowed: tuple[E, ...], default: E) -> E:
    """One of ``allowed`` by name; BotOptionError naming them otherwise."""
    text = options.get(key)
    if text is None:
        return default
    for value in allowed:
        if value.value == text.lower():
            return value
    names = ", ".join(value.value for value in allowed)
    raise BotOptionError(f"bot option {key} must be one of {names}, not '{shown(text)}'")


def _seconds(options: Mapping[str, str], fixed_key: str) -> float | None:
    """The time budget: ``time`` if given; none (fixed work) when only
    ``fixed_key`` is given; DEFAULT_SECONDS otherwise."""
    seconds = seconds_option(options, "time")
    if seconds is None and fixed_key not in options:
        return DEFAULT_SECONDS
    return seconds


def _clock(options: Mapping[str, str]) -> Clock:
    return choice_option(options, "clock", tuple(Clock), Clock.WALL)


def _workers(options: Mapping[str, str]) -> int:
    return int_option(options, "workers", 1, 1, MAX_WORKERS)


NMCS_OPTIONS = ("level", "policy", "iterations", "time", "clock", "workers")
NRPA_OPTIONS = ("level", "iterations", "policy", "time", "clock", "workers", "starts")
BEAM_OPTIONS = ("width", "evaluation", "time", "clock")


def nmcs_spec(options: Mapping[str, str]) -> NmcsSpec:
    """The search of ``nmcs`` options; BotOptionError on a bad one."""
    check_options(options, NMCS_OPTIONS, "nmcs")
    seconds = _seconds(options, "iterations")
    runs = int_option(options, "iterations", 1, 1, 1_000_000) if "iterations" in options else None
    level = int_option(options, "level", 2, 1, 5)
    policy = choice_option(options, "policy", NMCS_POLICIES, PlayoutPolicy.TABU)
    budget = Budget(seconds, _clock(options))
    return NmcsSpec(budget=budget, level=level, policy=policy, runs=runs, workers=_workers(options))


def nrpa_spec(options: Mapping[str, str]) -> NrpaSpec:
    """The search of ``nrpa`` options; BotOptionError on a bad one."""
    check_options(options, NRPA_OPTIONS, "nrpa")
    seconds = _seconds(options, "iterations")
    level = int_option(options, "level", 4, 1, 5)
    iterations = int_option(options, "iterations", 100, 1, 100_000)
    policy = choice_option(options, "policy", tuple(PlayoutPolicy), PlayoutPolicy.MIXED)
    return NrpaSpec(
        budget=Budget(seconds, _clock(options)),
        level=level,
        iterations=iterations,
        policy=policy,
        workers=_workers(options),
        starts=int_option(options, "starts", 2, 1, MAX_STARTS),
    )


def beam_spec(options: Mapping[str, str]) -> BeamSpec:
    """The search of ``beam`` options; BotOptionError on a bad one."""
    check_options(options, BEAM_OPTIONS, "beam")
    width = int_option(options, "width", 16, 1, MAX_WIDTH)
    evaluation = choice_option(options, "evaluation", tuple(Evaluation), Evaluation.GROUPS)
    budget = Budget(_seconds(options, "width"), _clock(options))
    return BeamSpec(budget=budget, width=width, evaluation=evaluation)


def _create_nmcs(options: Mapping[str, str]) -> SearchBot:
    return SearchBot(nmcs_spec(options))


def _create_nrpa(options: Mapping[str, str]) -> SearchBot:
    return SearchBot(nrpa_spec(options))


def _create_beam(options: Mapping[str, str]) -> SearchBot:
    return SearchBot(beam_spec(options))


NMCS = BotFactory(
    "nmcs",
    _create_nmcs,
    "Nested Monte-Carlo Search with memorisation (time, level, policy, iterations, workers)",
    options=NMCS_OPTIONS,
)
NRPA = BotFactory(
    "nrpa",
    _create_nrpa,
    "Nested Rollout Policy Adaptation with tabu, selective or soft playouts "
    "(time, level, iterations, policy, workers, starts)",
    options=NRPA_OPTIONS,
)
BEAM = BotFactory(
    "beam",
    _create_beam,
    "beam search valuing group potential (time, width, evaluation)",
    options=BEAM_OPTIONS,
)
SEARCH_BOTS = (NMCS, NRPA, BEAM)
