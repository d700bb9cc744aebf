"""Restarts that race several tabu colours (``colours=K``, ``margin=M``).

Under a time budget NMCS and NRPA run complete searches one after another. With
``colours=K`` the first ``K`` of them use, as the tabu colour, the ``K`` colours
with the most tiles in turn (with ``margin=M`` only those with at most ``M``
tiles fewer than the most), each within an equal slice of the budget; every
later one uses the colour of the best game so far. Checked here through a spy on
the engine's one search call: the colours' order, the colour each restart uses,
that a race gives each colour its slice and stops at an interrupt, that the best
game of all is kept, that the default (one colour) is the search of old, that a
fixed budget (one search) uses the first colour only, and the options' errors.
"""

from __future__ import annotations

import functools
import time
from typing import Any, cast

import pytest

import search_boards
from samegame.bots import BotOptionError
from samegame.bots.search import engine
from samegame.bots.search.bot import nmcs_spec, nrpa_spec
from samegame.bots.search.engine import Algorithm, Policy, Restart, SearchSpec
from samegame.core.board import Board
from samegame.core.formulas import BASIC
from samegame.core.rules import Rules
from samegame.kernel.state import to_kernel

STANDARD = Rules(BASIC, clear_bonus=1000)


random_board = functools.partial(search_boards.random_board, "test-search-colours")


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    engine.prepare(Algorithm.NRPA)
    engine.prepare(Algorithm.NMCS)


def test_colours_are_ordered_by_tiles_then_colour() -> None:
    # Columns bottom up; a board's colours 0-3 are stored in the state as 1-4:
    # stored 3 and 4 have three tiles each, stored 1 two, stored 2 one.
    state = to_kernel(Board.from_columns([[2, 2, 2], [0, 0, 3], [3, 3, 1]], 3, 3))
    assert engine.colours_by_tiles(state) == [3, 4, 1, 2]
    assert engine.tabu_colour(state) == 3
    nrpa = SearchSpec(Algorithm.NRPA, level=1, colours=3)
    assert engine.tabu_order(state, nrpa) == [3, 4, 1]
    assert engine.tabu_order(state, SearchSpec(Algorithm.NRPA, level=1, colours=9)) == [3, 4, 1, 2]
    random = SearchSpec(Algorithm.NRPA, level=1, policy=Policy.RANDOM, colours=3)
    assert engine.tabu_order(state, random) == [0]
    empty = to_kernel(Board.from_columns([], 2, 2))
    assert engine.colours_by_tiles(empty) == []
    assert engine.tabu_colour(empty) == 0
    assert engine.tabu_order(empty, nrpa) == [0]


class _Spy:
    """Wraps the engine's one search call, noting each call's tabu colour and
    score; after ``limit`` calls it interrupts the search (a stand-in for a time
    budget that is spent then)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
        self.calls: list[tuple[int, int]] = []
        # Each call's playout filter (the kernel's kind).
        self.kinds: list[int] = []
        self.warm: list[list[int] | None] = []
        # Whether each call resumed a search stopped before (``restart=resume``).
        self.resumed: list[bool] = []
        # Each call's (CPU, wall) seconds.
        self.seconds: list[tuple[float, float]] = []
        original = engine._run_once

        def spy(
            job: Any,
            spec: SearchSpec,
            rngs: Any,
            controls: Any,
            width: int,
            tabu: int,
            kind: int,
            warm: Any = None,
            tree: Any = None,
        ) -> Any:
            cpu, wall = time.process_time(), time.time()
            score, moves, stopped = original(
                job, spec, rngs, controls, width, tabu, kind, warm, tree
            )
            self.kinds.append(kind)
            self.seconds.append((time.process_time() - cpu, time.time() - wall))
            self.calls.append((tabu, score))
            self.warm.append(None if warm is None else list(warm))
            self.resumed.append(tree is not None)
            if len(self.calls) >= limit:
                engine.interrupt()
            return score, moves, stopped

        monkeypatch.setattr(engine, "_run_once", spy)


@pytest.fixture
def resumed() -> Any:
    yield
    engine.resume()


@pytest.mark.parametrize("algorithm", ["nrpa", "nmcs"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_restarts_try_the_colours_then_keep_to_the_best(
    monkeypatch: pytest.MonkeyPatch, resumed: Any, algorithm: str, seed: int
) -> None:
    board = random_board(seed, 8, 8, 4)
    spy = _Spy(monkeypatch, limit=7)
    options = {"time": "600", "starts": "1", "colours": "3", "margin": "1300", "race": "equal"}
    options["level"] = "1" if algorithm == "nmcs" else "2"
    if algorithm == "nrpa":
        options["iterations"] = "4"
    spec = nrpa_spec(options) if algorithm == "nrpa" else nmcs_spec(options)
    result = engine.search(spec, board, STANDARD, 0, seed)
    order = engine.colours_by_tiles(to_kernel(board))[:3]
    tabus = [tabu for tabu, _ in spy.calls]
    assert len(tabus) == 7
    assert tabus[:3] == order
    # Every later restart uses the colour of the best game before it.
    for k in range(3, 7):
        best = max(range(k), key=lambda i: (spy.calls[i][1], -i))
        assert tabus[k] == spy.calls[best][0]
    assert result.score == max(score for _, score in spy.calls)
    assert result.runs == 7


def test_one_colour_is_always_the_most_tiles(monkeypatch: pytest.MonkeyPatch, resumed: Any) -> None:
    board = random_board(4, 8, 8, 4)
    spy = _Spy(monkeypatch, limit=4)
    engine.search(
        nrpa_spec({"time": "600", "starts": "1", "level": "1", "iterations": "5", "colours": "1"}),
        board,
        STANDARD,
        0,
        4,
    )
    assert [tabu for tabu, _ in spy.calls] == [engine.tabu_colour(to_kernel(board))] * 4


def test_a_fixed_budget_is_one_search_with_the_first_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = random_board(5, 8, 8, 4)
    spy = _Spy(monkeypatch, limit=100)
    spec = nrpa_spec({"level": "2", "iterations": "5", "colours": "4"})
    first = engine.search(spec, board, STANDARD, 0, 5)
    plain = engine.search(nrpa_spec({"level": "2", "iterations": "5"}), board, STANDARD, 0, 5)
    assert [tabu for tabu, _ in spy.calls] == [engine.tabu_colour(to_kernel(board))] * 2
    assert (first.score, first.moves, first.playouts) == (plain.score, plain.moves, plain.playouts)


def test_the_option_and_its_errors() -> None:
    # nrpa races five colours by default, nmcs keeps to one.
    assert nrpa_spec({}).colours == 5
    assert nmcs_spec({}).colours == 1
    assert nrpa_spec({"colours": "5"}).colours == 5
    for bad in ("0", "10", "many"):
        with pytest.raises(BotOptionError, match="colours must be a whole number from 1 to 9"):
            nrpa_spec({"colours": bad})
    with pytest.raises(ValueError, match="beam search has no tabu colour"):
        SearchSpec(Algorithm.BEAM, colours=2)
    with pytest.raises(ValueError, match="at least 1 tabu colour"):
        SearchSpec(Algorithm.NRPA, level=1, colours=0)


def test_restart_best_begins_from_the_best_game_of_its_colour(
    monkeypatch: pytest.MonkeyPatch, resumed: Any
) -> None:
    board = random_board(6, 8, 8, 4)
    spy = _Spy(monkeypatch, limit=6)
    options = {
        "time": "600",
        "starts": "1",
        "level": "2",
        "iterations": "3",
        "colours": "2",
        "margin": "1300",
    }
    result = engine.search(nrpa_spec(options), board, STANDARD, 0, 6)
    # The two colours' first searches begin from nothing; every later one from
    # the best game so far, which is of its colour, and never ends below it.
    assert spy.warm[:2] == [None, None]
    best = max(range(2), key=lambda i: (spy.calls[i][1], -i))
    for k in range(2, 6):
        assert spy.warm[k] is not None
        assert spy.calls[k][1] >= spy.calls[best][1]
        if spy.calls[k][1] > spy.calls[best][1]:
            best = k
    assert result.score == max(score for _, score in spy.calls)


def test_restart_fresh_never_passes_a_game(monkeypatch: pytest.MonkeyPatch, resumed: Any) -> None:
    spy = _Spy(monkeypatch, limit=4)
    options = {
        "time": "600",
        "starts": "1",
        "level": "1",
        "iterations": "5",
        "colours": "2",
        "restart": "fresh",
        "margin": "1300",
    }
    engine.search(nrpa_spec(options), random_board(7, 8, 8, 4), STANDARD, 0, 7)
    assert spy.warm == [None] * 4


@pytest.mark.parametrize(("clock", "workers"), [("cpu", "1"), ("wall", "1"), ("wall", "2")])
def test_restart_resume_goes_on_with_the_winning_colours_search(
    monkeypatch: pytest.MonkeyPatch, clock: str, workers: str
) -> None:
    # Level-5 searches never end by themselves in a second: each colour's search
    # is stopped at the end of its slice, and the winner's goes on after the race
    # (with two workers, a search on two threads sharing its policy).
    board = random_board(8, 10, 10, 4)
    spy = _Spy(monkeypatch, limit=100)
    options = {
        "time": "0.9",
        "starts": "1",
        "workers": workers,
        "clock": clock,
        "level": "5",
        "colours": "2",
        "margin": "1300",
        "restart": "resume",
    }
    result = engine.search(nrpa_spec(options), board, STANDARD, 0, 8)
    assert spy.resumed == [False, False, True]
    best = max(range(2), key=lambda i: (spy.calls[i][1], -i))
    assert spy.calls[2][0] == spy.calls[best][0]
    assert spy.calls[2][1] >= spy.calls[best][1]
    assert result.score == max(score for _, score in spy.calls)
    # With ``best`` the winner's search begins again from its best game instead.
    spy = _Spy(monkeypatch, limit=100)
    engine.search(nrpa_spec({**options, "restart": "best"}), board, STANDARD, 0, 8)
    assert spy.resumed == [False, False, False]
    assert spy.warm[2] is not None


def test_restart_resume_restarts_a_search_that_ended_from_its_best_game(
    monkeypatch: pytest.MonkeyPatch, resumed: Any
) -> None:
    # Searches short enough to end by themselves leave nothing to resume: the
    # later ones begin from the best game, as with ``best``.
    board = random_board(6, 8, 8, 4)
    spy = _Spy(monkeypatch, limit=6)
    options = {
        "time": "600",
        "starts": "1",
        "level": "2",
        "iterations": "3",
        "colours": "2",
        "margin": "1300",
        "restart": "resume",
    }
    engine.search(nrpa_spec(options), board, STANDARD, 0, 6)
    assert spy.resumed == [False] * 6
    assert spy.warm[:2] == [None, None]
    assert all(warm is not None for warm in spy.warm[2:])


@pytest.mark.parametrize("restart", ["resume", "best"])
def test_a_halving_race_keeps_the_better_half_each_round(
    monkeypatch: pytest.MonkeyPatch, restart: str
) -> None:
    # Four colours of level-5 searches, which never end by themselves here:
    # a round of four, a round of the better two, then the best one for the rest.
    board = random_board(11, 10, 10, 5)
    spy = _Spy(monkeypatch, limit=100)
    options = {
        "time": "1.2",
        "starts": "1",
        "clock": "cpu",
        "level": "5",
        "colours": "4",
        "margin": "1300",
        "race": "halving",
        "restart": restart,
    }
    result = engine.search(nrpa_spec(options), board, STANDARD, 0, 11)
    order = engine.colours_by_tiles(to_kernel(board))[:4]
    tabus = [tabu for tabu, _ in spy.calls]
    assert len(tabus) == 7
    assert tabus[:4] == order
    first = dict(spy.calls[:4])
    better = sorted(order, key=lambda c: (-first[c], order.index(c)))[:2]
    assert tabus[4:6] == better
    # Then the colour of the best game so far (the first found on a tie).
    top = max(range(6), key=lambda i: (spy.calls[i][1], -i))
    assert tabus[6] == spy.calls[top][0]
    assert spy.resumed == [False] * 4 + [restart == "resume"] * 3
    assert result.score == max(score for _, score in spy.calls)
    # Round shares: 1.2 / (2 rounds + the rest) / 4 colours = 0.1 s each, then
    # about 0.8 / 2 / 2 = 0.2 s each, then the rest (about 0.4 s).
    used = [cpu for cpu, _ in spy.seconds]
    assert max(used[:4]) < 0.16
    assert min(used[4:6]) > 0.14
    assert used[6] > 0.3


def test_starts_race_several_searches_of_one_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    # One colour (margin 0 on a board without a tie), three searches of it: a
    # round of three, a round of the better two, then the best one, each going
    # on where its slice stopped it.
    board = random_board(12, 10, 10, 4)
    state = to_kernel(board)
    counts = engine._tiles_per_colour(state)
    assert sorted(counts.values())[-1] > sorted(counts.values())[-2]
    spy = _Spy(monkeypatch, limit=100)
    options = {"time": "0.9", "clock": "cpu", "level": "5", "margin": "0", "starts": "3"}
    result = engine.search(nrpa_spec(options), board, STANDARD, 0, 12)
    assert [tabu for tabu, _ in spy.calls] == [engine.tabu_colour(state)] * 6
    assert spy.resumed == [False] * 3 + [True] * 3
    assert result.score == max(score for _, score in spy.calls)


@pytest.mark.parametrize("restart", ["best", "resume"])
def test_every_search_of_the_race_begins_from_nothing(
    monkeypatch: pytest.MonkeyPatch, restart: str
) -> None:
    # One colour, two entries of level-5 searches (which never end here): the
    # second entry is a search of its own, not one begun from the first's best
    # game, though that game is of its colour; after the race, the winner's
    # search goes on (resume) or begins from the best game (best).
    board = random_board(12, 10, 10, 4)
    spy = _Spy(monkeypatch, limit=100)
    options = {"time": "0.6", "clock": "cpu", "level": "5", "margin": "0", "restart": restart}
    result = engine.search(nrpa_spec(options), board, STANDARD, 0, 12)
    assert len(spy.calls) == 3
    assert spy.warm[:2] == [None, None]
    assert spy.resumed == [False, False, restart == "resume"]
    if restart == "best":
        assert spy.warm[2] is not None
    assert result.score == max(score for _, score in spy.calls)


class _Budget:
    """A budget that always has a minute left, for driving a race by hand."""

    unlimited = False

    def left(self) -> float:
        return 60.0


def _play_round(race: Any, scores: dict[int, int]) -> list[int]:
    """Run one round of ``race``: each entry it gives reports its score."""
    entries = []
    for _ in range(len(race.racing)):
        entry, _, share = race.next()
        assert share is not None
        entries.append(entry)
        race.report(entry, scores[entry])
    return entries


def test_halving_keeps_each_colours_best_entry_before_any_second() -> None:
    # Three colours, two entries each (0-1 colour 3, 2-3 colour 1, 4-5 colour 2).
    # Colour 3 leads the first round with both entries; the round keeps three,
    # one of each colour, the best entry of each.
    spec = nrpa_spec({"time": "60", "starts": "2"})
    race = engine._Race([3, 1, 2], spec, cast(Any, _Budget()))
    scores = {0: 2300, 1: 2310, 2: 2000, 3: 2100, 4: 1900, 5: 1950}
    assert _play_round(race, scores) == [0, 1, 2, 3, 4, 5]
    assert race.racing == [1, 3, 5]
    scores |= {1: 2320, 3: 2900, 5: 2000}
    assert _play_round(race, scores) == [1, 3, 5]
    assert race.racing == [3, 1]
    assert _play_round(race, scores) == [3, 1]
    assert race.racing == [3]
    assert race.next() == (3, 1, None)


def test_halving_fills_a_round_with_second_entries_after_every_colour() -> None:
    # Two colours, three entries each: the three kept are both colours' best
    # entries and then the best second entry, whatever its colour.
    spec = nrpa_spec({"time": "60", "starts": "3"})
    race = engine._Race([4, 2], spec, cast(Any, _Budget()))
    scores = {0: 2500, 1: 2400, 2: 2450, 3: 1000, 4: 1100, 5: 1050}
    _play_round(race, scores)
    assert race.racing == [0, 2, 4]
    # One colour, two entries: the better one stays (nothing to keep apart).
    race = engine._Race([4], nrpa_spec({"time": "60"}), cast(Any, _Budget()))
    _play_round(race, {0: 10, 1: 20})
    assert race.racing == [1]


def test_the_starts_option() -> None:
    # nrpa races two searches of each colour by default, nmcs one.
    assert nrpa_spec({}).starts == 2
    assert nmcs_spec({}).starts == 1
    assert nmcs_spec({"starts": "8"}).starts == 8
    for bad in ("0", "9", "two"):
        with pytest.raises(BotOptionError, match="starts must be a whole number from 1 to 8"):
            nrpa_spec({"starts": bad})
    with pytest.raises(ValueError, match="counts are at least 1"):
        SearchSpec(Algorithm.NRPA, level=1, starts=0)


def test_the_race_option() -> None:
    # nrpa races by halving by default, nmcs (one colour by default) in equal slices.
    assert nrpa_spec({}).race is engine.RaceKind.HALVING
    assert nmcs_spec({}).race is engine.RaceKind.EQUAL
    assert nmcs_spec({"race": "halving"}).race is engine.RaceKind.HALVING
    assert nrpa_spec({"race": "equal"}).race is engine.RaceKind.EQUAL
    with pytest.raises(BotOptionError, match="race must be one of equal, halving"):
        nrpa_spec({"race": "sprint"})


def test_restart_option_errors() -> None:
    assert nrpa_spec({}).restart is Restart.RESUME
    assert nrpa_spec({"restart": "best"}).restart is Restart.BEST
    assert nrpa_spec({"restart": "fresh"}).restart is Restart.FRESH
    assert nrpa_spec({"restart": "resume"}).restart is Restart.RESUME
    with pytest.raises(BotOptionError, match="restart must be one of fresh, best, resume"):
        nrpa_spec({"restart": "sideways"})
    with pytest.raises(BotOptionError, match="bot nmcs has no option restart"):
        nmcs_spec({"restart": "best"})
    with pytest.raises(ValueError, match="only NRPA restarts from its best game"):
        SearchSpec(Algorithm.NMCS, level=1, restart=Restart.BEST)


def test_a_margin_races_only_the_colours_near_the_most() -> None:
    # Stored colours: 1 has four tiles, 2 and 3 three each, 4 one.
    board = Board.from_columns([[0, 0, 0, 0], [1, 1, 1, 3], [2, 2, 2]], 3, 4)
    state = to_kernel(board)
    assert engine.colours_by_tiles(state) == [1, 2, 3, 4]

    def order(colours: int, margin: int | None) -> list[int]:
        spec = SearchSpec(Algorithm.NRPA, level=1, colours=colours, margin=margin)
        return engine.tabu_order(state, spec)

    assert order(9, None) == [1, 2, 3, 4]
    assert order(9, 0) == [1]
    assert order(9, 1) == [1, 2, 3]
    assert order(2, 1) == [1, 2]
    assert order(9, 3) == [1, 2, 3, 4]
    tied = to_kernel(Board.from_columns([[0, 1], [1, 0], [2, 2]], 3, 2))
    spec = SearchSpec(Algorithm.NMCS, level=1, colours=5, margin=0)
    assert engine.tabu_order(tied, spec) == [1, 2, 3]


@pytest.mark.parametrize("clock", ["cpu", "wall"])
def test_a_race_gives_each_colour_a_slice_of_the_budget(
    monkeypatch: pytest.MonkeyPatch, clock: str
) -> None:
    # A level-5 search never ends by itself within a second, so without slices
    # the first colour's search would take the whole budget: one search.
    board = random_board(8, 10, 10, 4)
    spy = _Spy(monkeypatch, limit=100)
    options = {
        "time": "0.9",
        "starts": "1",
        "clock": clock,
        "level": "5",
        "colours": "2",
        "margin": "1300",
        "race": "equal",
    }
    result = engine.search(nrpa_spec(options), board, STANDARD, 0, 8)
    order = engine.colours_by_tiles(to_kernel(board))[:2]
    tabus = [tabu for tabu, _ in spy.calls]
    assert len(tabus) == 3
    assert tabus[:2] == order
    best = max(range(2), key=lambda i: (spy.calls[i][1], -i))
    assert tabus[2] == spy.calls[best][0]
    assert spy.warm[2] is not None
    assert spy.calls[2][1] >= spy.calls[best][1]
    assert result.score == max(score for _, score in spy.calls)
    assert result.runs == 3
    # Each search has its slice (0.3 s), the last one too: a slice left behind
    # by the race would stop it at once.
    used = [cpu if clock == "cpu" else wall for cpu, wall in spy.seconds]
    assert min(used) > 0.15


def test_a_cap_on_the_searches_caps_the_race(monkeypatch: pytest.MonkeyPatch) -> None:
    # Two NMCS searches at most, two colours: no search follows the race, so the
    # two share the whole budget instead of leaving a third of it unused.
    board = random_board(10, 10, 10, 4)
    spy = _Spy(monkeypatch, limit=100)
    options = {"time": "0.8", "clock": "cpu", "level": "5", "iterations": "2", "colours": "3"}
    result = engine.search(nmcs_spec(options), board, STANDARD, 0, 10)
    assert [tabu for tabu, _ in spy.calls] == engine.colours_by_tiles(to_kernel(board))[:2]
    assert sum(cpu for cpu, _ in spy.seconds) > 0.7
    assert result.runs == 2


def test_an_interrupt_during_a_race_stops_every_search(
    monkeypatch: pytest.MonkeyPatch, resumed: Any
) -> None:
    # Without the interrupt, four searches: three colours' slices and the rest.
    spy = _Spy(monkeypatch, limit=1)
    options = {
        "time": "2",
        "starts": "1",
        "clock": "cpu",
        "level": "5",
        "colours": "3",
        "margin": "1300",
    }
    result = engine.search(nrpa_spec(options), random_board(9, 10, 10, 4), STANDARD, 0, 9)
    assert len(spy.calls) == 1
    assert result.runs == 1


def test_the_margin_option_and_its_errors() -> None:
    assert nrpa_spec({}).margin == 3
    assert nmcs_spec({}).margin is None
    assert nrpa_spec({"margin": "0"}).margin == 0
    assert nmcs_spec({"margin": "12"}).margin == 12
    for bad in ("-1", "1301", "few"):
        with pytest.raises(BotOptionError, match="margin must be a whole number from 0 to 1300"):
            nrpa_spec({"margin": bad})
    with pytest.raises(ValueError, match="a colour margin is at least 0 tiles"):
        SearchSpec(Algorithm.NRPA, level=1, margin=-1)


def test_mixed_entries_alternate_selective_and_soft(
    monkeypatch: pytest.MonkeyPatch, resumed: Any
) -> None:
    board = random_board(7, 8, 8, 4)
    spy = _Spy(monkeypatch, limit=6)
    options = {"time": "600", "starts": "2", "colours": "2", "margin": "1300"}
    options |= {"race": "equal", "level": "2", "iterations": "3", "policy": "mixed"}
    result = engine.search(nrpa_spec(options), board, STANDARD, 0, 7)
    order = engine.colours_by_tiles(to_kernel(board))[:2]
    # Each colour's two entries: selective (2), then soft (3).
    assert [tabu for tabu, _ in spy.calls[:4]] == [order[0], order[0], order[1], order[1]]
    assert spy.kinds[:4] == [2, 3, 2, 3]
    # After the race the best entry goes on with its own filter, from its game
    # only when the game was found with that filter.
    best = max(range(4), key=lambda i: (spy.calls[i][1], -i))
    assert spy.kinds[4:] == [spy.kinds[best]] * 2
    assert spy.warm[4] is not None
    assert result.score == max(score for _, score in spy.calls)


def test_soft_playouts_with_the_largest_bias_are_selective_ones() -> None:
    """A bias of 30 (a factor of 10^-13) draws a tabu group that is not the
    whole colour practically never: a level-1 search makes the same game."""
    for seed in range(3):
        board = random_board(seed, 8, 8, 4)
        games = [
            engine.search(
                SearchSpec(Algorithm.NRPA, level=1, iterations=40, policy=policy, bias=30.0),
                board,
                STANDARD,
                0,
                seed,
            )
            for policy in (Policy.SELECTIVE, Policy.SOFT)
        ]
        assert (games[0].score, games[0].moves) == (games[1].score, games[1].moves)


def test_soft_playouts_play_the_tabu_colour_early_with_a_small_bias() -> None:
    """With a bias of 0 the tabu colour is no longer kept back: over a few
    games some group of it comes off while other tiles of it are left."""
    import numpy as np

    from samegame.kernel.groups import count_colours
    from samegame.kernel.kernel_rules import KernelRules
    from samegame.kernel.playout import moves_record, playout
    from samegame.kernel.policy import SOFT
    from samegame.kernel.policy import Policy as KernelPolicy
    from samegame.kernel.scratch import new_scratch
    from samegame.kernel.splitmix import seed_state
    from samegame.kernel.state import index_cell

    early = {0.0: 0, 30.0: 0}
    for bias in early:
        for seed in range(10):
            board = random_board(seed, 8, 8, 4)
            state = to_kernel(board)
            tabu = engine.tabu_colour(state)
            rules = KernelRules.from_rules(STANDARD, board.width, board.height)
            policy = KernelPolicy(
                SOFT, tabu, None, np.uint64(0), np.empty(0), None, float(np.exp(-bias))
            )
            grid, counts = state.copy(), count_colours(state)
            record = moves_record(np.empty(state.shape[0], dtype=np.int32))
            made = playout(
                grid, rules, seed_state(seed), policy, counts, new_scratch(state.shape[0]), record
            )[1]
            # Replay the moves: did a group of the tabu colour (stored as colour
            # + 1) come off while more of its tiles were left and another
            # colour had a group (so it was not the only kind of move left)?
            left = board
            for anchor in record.moves[:made]:
                group = left.group_at(index_cell(board.height, int(anchor)))
                assert group is not None
                colour = group.colour
                split = colour == tabu - 1 and group.size < left.colour_counts()[colour]
                if split and any(other.colour != colour for other in left.groups()):
                    early[bias] += 1
                    break
                left = left.remove(group)
    assert early[30.0] == 0
    assert early[0.0] >= 5


def test_engine_policy_kinds_are_the_kernels_filter_kinds() -> None:
    """The engine writes the kernel's filter kinds out (making a bot loads no
    numba); they must stay the kernel's own numbers."""
    from samegame.kernel import policy as kernel_policy

    assert engine._POLICY_KIND == {
        Policy.RANDOM: kernel_policy.ALL,
        Policy.TABU: kernel_policy.TABU,
        Policy.SELECTIVE: kernel_policy.SELECTIVE,
        Policy.SOFT: kernel_policy.SOFT,
    }
    assert engine.SOFT_KIND == kernel_policy.SOFT
