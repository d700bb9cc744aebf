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
- ``nmcs`` and ``nrpa``: ``workers`` (default 1; for nmcs independent searches
  run at once, in worker processes but the first, the best kept; for nrpa see
  ``parallel``); ``colours`` (1-9; default 1 for nmcs, 5 for nrpa): a timed
  search first races the ``colours`` colours with the most tiles as the tabu
  colour, one search each within an equal slice of the time (a race of n
  colours: 1/(n+1) each), then keeps to the colour of the best game (1: always
  the colour with the most tiles); ``margin`` (0-1300; default none for nmcs,
  3 for nrpa): of those colours, race only the ones with at most that many
  tiles fewer than the colour with the most (0: only a tie); ``race``
  (default ``equal`` for nmcs, ``halving`` for nrpa): ``equal``, one search per
  colour, each 1/(n+1) of the time; ``halving``, rounds that give every colour
  still racing an equal part of the round's time and keep the better half
  (each colour's best search before any colour's second), until one is left;
  ``starts`` (1-8, default 1 for nmcs, 2 for nrpa): searches of each raced
  colour that race as well, each from nothing (with one colour and
  ``starts=2``, two searches of it race);
- ``nmcs``: ``level`` (1-5, default 2), ``policy`` of the playouts (``random``,
  ``tabu`` or ``selective``, default ``tabu``), ``iterations`` (complete searches;
  with ``time`` a cap);
- ``nrpa``: ``level`` (1-5, default 4), ``iterations`` (per level, default 100),
  ``policy`` (``random``, ``tabu``, ``selective``, ``soft`` or ``mixed``, default
  ``mixed``; ``soft``: as ``selective``, but the tabu colour's groups that
  are not the whole colour are drawn rarely instead of never; ``mixed``: a
  colour's race entries alternate ``selective`` and ``soft``), ``bias`` (with
  ``soft`` or ``mixed``: how much rarer, as a lower weight, 0-30, default 8),
  ``parallel`` (how ``workers`` share the search: ``policy``, the default, one
  search on ``workers`` threads adapting one policy; ``root``, independent
  searches in processes, the best kept), ``restart`` (``resume``, the
  default: a raced search that its slice stopped goes on where it stopped
  when it runs again, otherwise as ``best``; ``best``: a search after the race
  whose tabu colour is that of the best game so far begins from that game, as
  the next iteration of a level above would; ``fresh``: every search of a time
  budget begins from an all-zero policy; the race's own searches always begin
  from an all-zero policy), ``codes`` (what the policy's
  move codes name: ``tiles``, the default, the tiles a group is made of wherever
  they have fallen to; ``cells``, the cells it covers);
- ``beam``: ``width`` (1 to 32768, default 16), ``evaluation`` (``colours``,
  ``groups`` or ``mixed``, default ``groups``).

Without ``time``, giving ``iterations`` (nmcs, nrpa) or ``width`` (beam) makes the
budget a fixed amount of work instead (nmcs: that many complete searches; nrpa:
one complete search; beam: one pass of that width), and the game depends on the
seed alone. Otherwise the budget is ``time``. The algorithms and their budgets
are described in docs/search.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from samegame.bots.search.engine import (
    DEFAULT_BIAS,
    MAX_BIAS,
    MAX_WIDTH,
    Algorithm,
    Clock,
    Codes,
    Evaluation,
    Parallel,
    Policy,
    RaceKind,
    Restart,
    SearchResult,
    SearchSpec,
    search,
)
from samegame.core.board import MAX_HEIGHT, Board
from samegame.core.coords import MAX_COLUMNS, Cell
from samegame.core.quoting import shown
from samegame.core.rng import StableRandom
from samegame.plugin.bot_api import BotOptionError, GameView, check_options, int_option
from samegame.plugin.contributions import BotFactory

DEFAULT_SECONDS = 10.0
MAX_SECONDS = 7 * 24 * 3600.0
MAX_WORKERS = 64
MAX_COLOURS = 9
MAX_MARGIN = MAX_COLUMNS * MAX_HEIGHT
MAX_STARTS = 8

E = TypeVar("E", Policy, Evaluation, Clock, Parallel, Restart, RaceKind, Codes)


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
            result = search(self.spec, board, view.rules, view.score, rng.next64())
            self.results.append(result)
            self._plan = result.moves
            self._next = 0
        cell = self._plan[self._next]
        self._next += 1
        group = board.group_at(cell)
        self._expected = board.remove(group) if group is not None else None
        return cell


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


def _budget(options: Mapping[str, str], fixed_key: str) -> float | None:
    """The time budget: ``time`` if given; none when only ``fixed_key`` is given."""
    seconds = seconds_option(options, "time")
    if seconds is None and fixed_key not in options:
        return DEFAULT_SECONDS
    return seconds


def _workers(options: Mapping[str, str]) -> int:
    return int_option(options, "workers", 1, 1, MAX_WORKERS)


def _colours(options: Mapping[str, str], default: int) -> int:
    return int_option(options, "colours", default, 1, MAX_COLOURS)


def _margin(options: Mapping[str, str], default: int | None) -> int | None:
    if "margin" not in options:
        return default
    return int_option(options, "margin", 0, 0, MAX_MARGIN)


def _starts(options: Mapping[str, str], default: int) -> int:
    return int_option(options, "starts", default, 1, MAX_STARTS)


def _race(options: Mapping[str, str], default: RaceKind) -> RaceKind:
    return choice_option(options, "race", tuple(RaceKind), default)


# nrpa's colour race by default (docs/search.md, "Issue 10, fifth round" and
# "sixth round"): the colours with at most NRPA_MARGIN tiles fewer than the most
# race by successive halving, each as two independent searches, and each search
# goes on where its slice stopped it.
NRPA_COLOURS = 5
NRPA_MARGIN = 3
NRPA_RACE = RaceKind.HALVING
NRPA_RESTART = Restart.RESUME
NRPA_STARTS = 2
# Move codes name the tiles of a group, not the cells it covers (docs/search.md,
# "Issue 10, seventh round").
NRPA_CODES = Codes.TILES
# A colour's race entries alternate selective and soft playouts (docs/search.md,
# "Issue 10, sixteenth round": +1.2% on the standard 20, +1.0% on fresh boards).
NRPA_POLICY = Policy.MIXED
NMCS_POLICIES = (Policy.RANDOM, Policy.TABU, Policy.SELECTIVE)


NMCS_OPTIONS = (
    "level",
    "policy",
    "iterations",
    "time",
    "clock",
    "workers",
    "colours",
    "margin",
    "race",
    "starts",
)
NRPA_OPTIONS = (
    "level",
    "iterations",
    "policy",
    "time",
    "clock",
    "workers",
    "parallel",
    "colours",
    "margin",
    "race",
    "starts",
    "restart",
    "codes",
    "bias",
)
BEAM_OPTIONS = ("width", "evaluation", "time", "clock")


def _bias(options: Mapping[str, str]) -> float:
    """``bias`` (a decimal, 0 to MAX_BIAS; only with ``policy`` ``soft`` or
    ``mixed``, where it matters)."""
    text = options.get("bias")
    if text is None:
        return DEFAULT_BIAS
    if options.get("policy", NRPA_POLICY.value).lower() not in (Policy.SOFT, Policy.MIXED):
        raise BotOptionError("bot option bias needs policy=soft or policy=mixed")
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= MAX_BIAS:
        raise BotOptionError(
            f"bot option bias must be a number from 0 to {MAX_BIAS:g}, not '{shown(text)}'"
        )
    return value


def _clock(options: Mapping[str, str]) -> Clock:
    return choice_option(options, "clock", tuple(Clock), Clock.WALL)


def nmcs_spec(options: Mapping[str, str]) -> SearchSpec:
    """The search of ``nmcs`` options; BotOptionError on a bad one."""
    check_options(options, NMCS_OPTIONS, "nmcs")
    seconds = _budget(options, "iterations")
    runs = int_option(options, "iterations", 1, 1, 1_000_000) if "iterations" in options else None
    return SearchSpec(
        Algorithm.NMCS,
        level=int_option(options, "level", 2, 1, 5),
        policy=choice_option(options, "policy", NMCS_POLICIES, Policy.TABU),
        seconds=seconds,
        clock=_clock(options),
        runs=runs,
        workers=_workers(options),
        colours=_colours(options, 1),
        margin=_margin(options, None),
        race=_race(options, RaceKind.EQUAL),
        starts=_starts(options, 1),
    )


def nrpa_spec(options: Mapping[str, str]) -> SearchSpec:
    """The search of ``nrpa`` options; BotOptionError on a bad one."""
    check_options(options, NRPA_OPTIONS, "nrpa")
    seconds = _budget(options, "iterations")
    return SearchSpec(
        Algorithm.NRPA,
        level=int_option(options, "level", 4, 1, 5),
        iterations=int_option(options, "iterations", 100, 1, 100_000),
        policy=choice_option(options, "policy", tuple(Policy), NRPA_POLICY),
        bias=_bias(options),
        seconds=seconds,
        clock=_clock(options),
        runs=1 if seconds is None else None,
        workers=_workers(options),
        parallel=choice_option(options, "parallel", tuple(Parallel), Parallel.POLICY),
        colours=_colours(options, NRPA_COLOURS),
        margin=_margin(options, NRPA_MARGIN),
        race=_race(options, NRPA_RACE),
        starts=_starts(options, NRPA_STARTS),
        restart=choice_option(options, "restart", tuple(Restart), NRPA_RESTART),
        codes=choice_option(options, "codes", tuple(Codes), NRPA_CODES),
    )


def beam_spec(options: Mapping[str, str]) -> SearchSpec:
    """The search of ``beam`` options; BotOptionError on a bad one."""
    check_options(options, BEAM_OPTIONS, "beam")
    return SearchSpec(
        Algorithm.BEAM,
        width=int_option(options, "width", 16, 1, MAX_WIDTH),
        evaluation=choice_option(options, "evaluation", tuple(Evaluation), Evaluation.GROUPS),
        seconds=_budget(options, "width"),
        clock=_clock(options),
        runs=None,
    )


def _create_nmcs(options: Mapping[str, str]) -> SearchBot:
    return SearchBot(nmcs_spec(options))


def _create_nrpa(options: Mapping[str, str]) -> SearchBot:
    return SearchBot(nrpa_spec(options))


def _create_beam(options: Mapping[str, str]) -> SearchBot:
    return SearchBot(beam_spec(options))


NMCS = BotFactory(
    "nmcs",
    _create_nmcs,
    "Nested Monte-Carlo Search with memorisation "
    "(time, level, policy, iterations, workers, colours, margin, race, starts)",
    options=NMCS_OPTIONS,
)
NRPA = BotFactory(
    "nrpa",
    _create_nrpa,
    "Nested Rollout Policy Adaptation with tabu, selective or soft playouts "
    "(time, level, iterations, policy, workers, parallel, colours, margin, race, starts, "
    "restart, codes, bias)",
    options=NRPA_OPTIONS,
)
BEAM = BotFactory(
    "beam",
    _create_beam,
    "beam search valuing group potential (time, width, evaluation)",
    options=BEAM_OPTIONS,
)
SEARCH_BOTS = (NMCS, NRPA, BEAM)
