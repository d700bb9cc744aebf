"""NRPA's tabu-colour screen (``nrpa:screen=N``, issue 10).

Before its main searches NRPA tries every colour on the board as the tabu colour
with one short search each, and the main searches use the colour whose search
scored best. Checked here: the colours' order, which searches the screen runs and
with which colour the main search then runs (a spy on the engine's one search
call), that the best game of all is kept, that a fixed budget is reproducible
(one lane and two), that a spent budget or an interrupt ends the screen, and the
option's default and errors. Boards are small and budgets fixed work, except the
spent-budget checks (a fake clock).
"""

from __future__ import annotations

from typing import Any

import pytest

from samegame.board import Board
from samegame.bots import BotOptionError
from samegame.bots.benchmark import standard_positions
from samegame.bots.search import engine
from samegame.bots.search.bot import DEFAULT_SCREEN, nrpa_spec
from samegame.bots.search.engine import Algorithm, Parallel, Policy, SearchSpec
from samegame.builtins.scoring import BASIC
from samegame.rng import StableRandom, derive_seed
from samegame.rules import Rules

STANDARD = Rules(BASIC, clear_bonus=1000)


def random_board(seed: int, width: int, height: int, colours: int) -> Board:
    rng = StableRandom(derive_seed("test-search-screen", seed))
    columns = [[rng.below(colours) for _ in range(height)] for _ in range(width)]
    return Board.from_columns(columns, width, height)


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    engine.prepare(Algorithm.NRPA)


def test_colours_are_ordered_by_tiles_then_colour() -> None:
    # Columns bottom up; a board's colours 0-3 are stored in the state as 1-4:
    # stored 3 and 4 have three tiles each, stored 1 two, stored 2 one.
    board = Board.from_columns([[2, 2, 2], [0, 0, 3], [3, 3, 1]], 3, 3)
    state = engine_state(board)
    assert engine.colours_by_tiles(state) == [3, 4, 1, 2]
    assert engine.tabu_colour(state) == 3
    empty = engine_state(Board.from_columns([], 2, 2))
    assert engine.colours_by_tiles(empty) == []
    assert engine.tabu_colour(empty) == 0


def engine_state(board: Board) -> Any:
    from samegame.kernel.state import to_kernel

    return to_kernel(board)


class _Spy:
    """Wraps the engine's one search call and notes each call's level,
    iterations, tabu colour and score."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[int, int, int, int]] = []
        original = engine._run_once

        def spy(job: Any, spec: SearchSpec, rngs: Any, controls: Any, width: int, tabu: int) -> Any:
            score, moves = original(job, spec, rngs, controls, width, tabu)
            self.calls.append((spec.level, spec.iterations, tabu, score))
            return score, moves

        monkeypatch.setattr(engine, "_run_once", spy)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_screen_tries_each_colour_then_searches_with_the_best(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    board = random_board(seed, 8, 8, 4)
    spy = _Spy(monkeypatch)
    spec = SearchSpec(Algorithm.NRPA, level=3, iterations=6, policy=Policy.SELECTIVE, screen=4)
    result = engine.search(spec, board, STANDARD, 0, seed)
    colours = engine.colours_by_tiles(engine_state(board))
    screened, main = spy.calls[: len(colours)], spy.calls[len(colours) :]
    # One search per colour, in order, a level lower, with the screen's iterations.
    assert [(level, iterations, tabu) for level, iterations, tabu, _ in screened] == [
        (2, 4, colour) for colour in colours
    ]
    # The main search (one: a fixed budget) uses the colour that scored best,
    # the earlier on a tie.
    scores = [score for *_, score in screened]
    assert len(main) == 1
    assert main[0][:3] == (3, 6, colours[scores.index(max(scores))])
    # The best game of all is kept, and every search is counted.
    assert result.score == max(score for *_, score in spy.calls)
    assert result.runs == len(colours) + 1


def test_the_screen_is_never_longer_than_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    spy = _Spy(monkeypatch)
    spec = SearchSpec(Algorithm.NRPA, level=2, iterations=3, policy=Policy.TABU, screen=50)
    engine.search(spec, random_board(4, 6, 6, 3), STANDARD, 0, 5)
    assert {iterations for level, iterations, *_ in spy.calls if level == 1} == {3}


def test_no_screen_without_a_tabu_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    spy = _Spy(monkeypatch)
    spec = SearchSpec(Algorithm.NRPA, level=2, iterations=3, policy=Policy.RANDOM, screen=5)
    engine.search(spec, random_board(5, 6, 6, 3), STANDARD, 0, 5)
    assert [(level, tabu) for level, _, tabu, _ in spy.calls] == [(2, 0)]


def test_screen_zero_is_the_search_of_the_most_tiles() -> None:
    board = random_board(6, 8, 8, 4)
    plain = SearchSpec(
        Algorithm.NRPA, level=2, iterations=8, policy=Policy.SELECTIVE, parallel=Parallel.POLICY
    )
    zero = nrpa_spec({"level": "2", "iterations": "8", "screen": "0"})
    assert zero == plain
    a = engine.search(plain, board, STANDARD, 0, 9)
    b = engine.search(zero, board, STANDARD, 0, 9)
    assert (a.score, a.moves, a.playouts) == (b.score, b.moves, b.playouts)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_screened_fixed_budget_is_reproducible(workers: int) -> None:
    board = random_board(7, 9, 8, 5)
    spec = nrpa_spec({"level": "3", "iterations": "4", "screen": "3", "workers": str(workers)})
    assert spec.screen == 3
    results = [engine.search(spec, board, STANDARD, 0, 31) for _ in range(2)]
    assert (results[0].score, results[0].moves, results[0].playouts) == (
        results[1].score,
        results[1].moves,
        results[1].playouts,
    )


class _Clock:
    """A fake ``time`` module: the wall clock moves only when told to."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.process_time = engine.time.process_time

    def time(self) -> float:
        return self.now


def test_a_spent_budget_ends_the_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = _Clock()
    monkeypatch.setattr(engine, "time", clock)
    spy = _Spy(monkeypatch)
    original = engine._run_once

    def slow(*args: Any) -> Any:
        out = original(*args)
        clock.now += 100.0  # the first screened search outlasts the whole budget
        return out

    monkeypatch.setattr(engine, "_run_once", slow)
    spy_calls = spy.calls
    spec = SearchSpec(Algorithm.NRPA, level=3, iterations=50, seconds=50.0, runs=None, screen=30)
    result = engine.search(spec, standard_positions()[0], STANDARD, 0, 1)
    # The screen stopped after its first colour and no main search began: the
    # screened search's whole game is the result.
    assert len(spy_calls) == 1
    assert result.runs == 1
    assert result.score == spy_calls[0][3] > 0


def test_an_interrupt_ends_the_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    spy = _Spy(monkeypatch)
    original = engine._run_once

    def interrupting(*args: Any) -> Any:
        out = original(*args)
        engine.interrupt()
        return out

    monkeypatch.setattr(engine, "_run_once", interrupting)
    try:
        spec = SearchSpec(Algorithm.NRPA, level=4, iterations=100, screen=30)
        result = engine.search(spec, standard_positions()[1], STANDARD, 0, 2)
    finally:
        engine.resume()
    # One screened colour (30^3 playouts at level 3), then no main search: a whole
    # game, instead of the 10^8 playouts the fixed budget asks for.
    assert len(spy.calls) == 1
    assert result.playouts == 30**3
    assert result.score == spy.calls[0][3] > 0
    assert not engine._controls


def test_each_screened_search_gets_its_share_of_a_time_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shares: list[tuple[float | None, float | None]] = []
    budget = engine._Budget

    class Recording(budget):  # type: ignore[misc, valid-type]
        def __init__(self, controls: Any, deadline: Any, cpu_seconds: Any) -> None:
            shares.append((deadline, cpu_seconds))
            super().__init__(controls, deadline, cpu_seconds)

    monkeypatch.setattr(engine, "_Budget", Recording)
    board = random_board(8, 6, 6, 3)
    spec = nrpa_spec({"level": "2", "iterations": "5", "time": "0.6", "clock": "cpu"})
    engine.search(spec, board, STANDARD, 0, 3)
    colours = len(engine.colours_by_tiles(engine_state(board)))
    # The search's own budget, then one per screened colour: at most half the
    # budget shared among the colours.
    assert shares[0] == (None, 0.6)
    screened = shares[1:]
    assert len(screened) == colours
    for deadline, cpu_seconds in screened:
        assert deadline is None
        assert cpu_seconds is not None
        assert cpu_seconds <= engine.SCREEN_SHARE * 0.6 / colours + 1e-9


def test_the_option_and_its_errors() -> None:
    assert nrpa_spec({}).screen == DEFAULT_SCREEN > 0
    assert nrpa_spec({"screen": "0"}).screen == 0
    with pytest.raises(BotOptionError, match="screen must be a whole number from 0 to 100000"):
        nrpa_spec({"screen": "-1"})
    with pytest.raises(BotOptionError, match="screen"):
        nrpa_spec({"screen": "many"})
    with pytest.raises(ValueError, match="only NRPA screens"):
        SearchSpec(Algorithm.NMCS, level=1, screen=3)
    with pytest.raises(ValueError, match="at least 0"):
        SearchSpec(Algorithm.NRPA, level=1, screen=-1)
    assert SearchSpec(Algorithm.NRPA, workers=2, parallel=Parallel.POLICY, screen=2).lanes == 2
