"""Workers of a search: NRPA sharing one policy on threads
(``samegame.kernel.search.shared_nrpa``) and the budget promise of root workers.

- With one lane the shared-policy driver is NRPA itself: the same moves, score
  and playouts as the compiled ``nrpa`` from the same generator, at every level
  (so the driver's levels are exactly ``nrpa_level``'s).
- With several lanes the result depends on the lanes' generators only.
- A wall-clock budget starts when ``search`` is called: loading the kernels and
  starting worker processes are inside it (a fake clock stands for a slow
  start-up; no test here measures time), and a worker process that has not
  reported by the deadline is not waited for.
"""

from __future__ import annotations

import types
from concurrent.futures import Future
from typing import Any

import numpy as np
import pytest

from samegame.benchmark.positions import standard_positions
from samegame.bots.search import engine, one_search, race
from samegame.bots.search.spec import Algorithm, Budget, NmcsSpec, NrpaSpec, PlayoutPolicy
from samegame.core.board import Board
from samegame.core.formulas import BASIC, LEFTOVER_SQUARED, PAIRS
from samegame.core.rng import StableRandom, derive_seed
from samegame.core.rules import Rules

STANDARD = Rules(BASIC, clear_bonus=1000)


def _random_board(seed: int) -> Board:
    rng = StableRandom(derive_seed("test-search-parallel", seed))
    columns = [[rng.below(4) for _ in range(7)] for _ in range(8)]
    return Board.from_columns(columns, 8, 7)


def _kernel_args(board: Board, rules: Rules) -> tuple[Any, Any, Any, Any, int]:
    from samegame.kernel.kernel_rules import KernelRules
    from samegame.kernel.state import to_kernel

    state = to_kernel(board)
    keys = one_search.cell_keys(state.shape[0])
    mask = np.uint64((1 << one_search.TABLE_BITS) - 1)
    krules = KernelRules.from_rules(rules, board.width, board.height)
    return state, krules, keys, mask, race.tabu_colour(state)


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    engine.prepare(Algorithm.NRPA)


@pytest.mark.parametrize(
    ("level", "iterations", "board", "rules", "base", "seed"),
    [
        (1, 25, "standard-1", STANDARD, 0, 1),
        (2, 8, "standard-1", STANDARD, 0, 2),
        (3, 4, "random", Rules(PAIRS, penalty=LEFTOVER_SQUARED), 7, 3),
        (4, 3, "random", STANDARD, 0, 4),
        (5, 2, "random", Rules(BASIC, min_group=3), 0, 5),
    ],
)
@pytest.mark.parametrize("kind", [2, 3])
def test_one_lane_is_nrpa(
    level: int,
    iterations: int,
    board: str,
    rules: Rules,
    base: int,
    seed: int,
    kind: int,
) -> None:
    """Selective playouts (kind 2) and soft ones (kind 3, a mild bias)."""
    from samegame.kernel.search.nrpa import nrpa
    from samegame.kernel.search.shared_nrpa import shared_nrpa
    from samegame.kernel.splitmix import seed_state

    chosen = standard_positions()[0] if board == "standard-1" else _random_board(seed)
    state, krules, keys, mask, tabu = _kernel_args(chosen, rules)
    outs = [np.empty(state.shape[0], dtype=np.int32) for _ in range(2)]
    controls = [np.zeros(2, dtype=np.int64) for _ in range(2)]
    args = (keys, mask, kind, tabu, level, iterations, 1.0)
    none = np.empty(0, dtype=np.int32)
    ids = np.empty(state.shape[0], dtype=np.uint16)
    soft = float(np.exp(-2.0))
    score, made = nrpa(
        state, krules, base, seed_state(seed), *args, controls[0], outs[0], none, ids, soft
    )
    shared = shared_nrpa(
        state,
        krules,
        base,
        [seed_state(seed)],
        *args,
        [controls[1]],
        outs[1],
        none,
        soft,
    )
    assert shared == (score, made)
    assert list(outs[1][:made]) == list(outs[0][:made])
    assert controls[1][1] == controls[0][1] > 0


def test_two_lanes_depend_on_their_generators_only() -> None:
    board = standard_positions()[1]
    spec = NrpaSpec(level=3, iterations=5, policy=PlayoutPolicy.SELECTIVE, workers=2)
    results = [engine.search(spec, board, STANDARD, 0, 21) for _ in range(3)]
    assert len({(r.score, r.moves, r.playouts) for r in results}) == 1
    # 5 iterations at the split level (3), in rounds of two calls of 25 playouts.
    assert results[0].playouts == 5 * 5 * 5
    other = engine.search(spec, board, STANDARD, 0, 22)
    assert (other.score, other.moves) != (results[0].score, results[0].moves)


class _Clock:
    """A fake ``time`` module whose wall clock jumps when the kernels are loaded."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.process_time = engine.time.process_time

    def time(self) -> float:
        return self.now


def test_start_up_is_inside_a_wall_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = _Clock()
    monkeypatch.setattr(engine, "time", clock)

    def slow_prepare(algorithm: Algorithm, lanes: int = 1) -> None:
        clock.now += 100.0  # a start-up longer than the budget

    monkeypatch.setattr(engine, "prepare", slow_prepare)
    spec = NrpaSpec(level=2, iterations=10, budget=Budget(50.0))
    result = engine.search(spec, standard_positions()[0], STANDARD, 0, 1)
    # The deadline had passed before the search began: it stopped after its first
    # playout, with a whole game.
    assert result.runs == 1
    assert result.playouts == 1
    assert result.score > 0


class _NeverDone(Future[Any]):
    def result(self, timeout: float | None = None) -> Any:
        if timeout is None:
            raise AssertionError("a wall-clock search waited for a worker without a timeout")
        raise TimeoutError


def test_a_wall_budget_does_not_wait_for_a_late_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = _Clock()
    monkeypatch.setattr(engine, "time", clock)
    waits: list[bool] = []

    def late_pool(size: int, wait: bool) -> Any:
        waits.append(wait)
        clock.now += 100.0  # the worker processes are still starting
        return types.SimpleNamespace(submit=lambda *args: _NeverDone())

    monkeypatch.setattr(engine, "worker_pool", late_pool)
    spec = NmcsSpec(level=1, budget=Budget(10.0), runs=None, workers=2)
    result = engine.search(spec, standard_positions()[0], STANDARD, 0, 1)
    assert waits == [False]
    assert result.runs == 1  # worker 0 alone, stopped at once
    assert result.helper_cpu_seconds == 0
