"""Limited repetitions (``nrpa:repeats=R``; ``nrpa_level``'s ``repeats``).

A level's call ends once ``R`` of its iterations have found again the best
score they began with. On a board with only one game every playout scores the
same, so the count is exact: a level-1 call plays ``R + 1`` playouts (the first
sets the best, ``R`` repeat it) and a level-``L`` call ``(R + 1)^L``; without a
limit, ``iterations^L``. A better score sets the count back to zero, so on a
board with many games a limited search plays more than the minimum and fewer
than the full count. The stop-and-resume and one-lane differentials with a
limit are in test_nrpa_resume.py and test_search_parallel.py.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import search_boards
from samegame.board import Board
from samegame.bots.search import engine
from samegame.bots.search.engine import Algorithm
from samegame.builtins.scoring import BASIC
from samegame.rules import Rules

RULES = Rules(BASIC, clear_bonus=1000)


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    engine.prepare(Algorithm.NRPA)


def _run(board: Board, level: int, iterations: int, repeats: int, lanes: int = 0) -> int:
    """Playouts of one fixed-work search (``lanes`` > 0: the shared driver)."""
    from samegame.kernel.rng import seed_state
    from samegame.kernel.rules import KernelRules
    from samegame.kernel.search.nrpa import nrpa
    from samegame.kernel.search.shared_nrpa import shared_nrpa
    from samegame.kernel.state import to_kernel

    state = to_kernel(board)
    krules = KernelRules.from_rules(RULES, board.width, board.height)
    keys = engine.cell_keys(state.shape[0])
    mask = np.uint64((1 << engine.TABLE_BITS) - 1)
    args: tuple[Any, ...] = (keys, mask, 2, engine.tabu_colour(state), level, iterations, 1.0)
    out = np.empty(state.shape[0], dtype=np.int32)
    none = np.empty(0, dtype=np.int32)
    if lanes:
        controls = [np.zeros(2, dtype=np.int64) for _ in range(lanes)]
        rngs = [seed_state(engine.worker_seed(7, i) if i else 7) for i in range(lanes)]
        shared_nrpa(state, krules, 0, rngs, *args, controls, out, none, False, 1.0, repeats)
        return sum(int(c[1]) for c in controls)
    control = np.zeros(2, dtype=np.int64)
    nrpa(state, krules, 0, seed_state(7), *args, control, out, none, None, 1.0, repeats)
    return int(control[1])


ONE_GAME = Board.from_columns([[0, 0]], 3, 3)


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("repeats", [1, 2, 4])
def test_a_level_with_one_game_stops_after_its_repeats(level: int, repeats: int) -> None:
    assert _run(ONE_GAME, level, 10, repeats) == (repeats + 1) ** level


@pytest.mark.parametrize("level", [1, 2, 3])
def test_without_a_limit_every_iteration_runs(level: int) -> None:
    assert _run(ONE_GAME, level, 10, 0) == 10**level


def test_the_shared_driver_counts_as_nrpa_does() -> None:
    # Level 4 splits at level 3: the driver's levels 4 and 3 count, the lanes
    # the levels below. One lane: exactly NRPA.
    assert _run(ONE_GAME, 4, 10, 2, lanes=1) == 3**4
    # Two lanes take whole rounds at the split level: its count reaches 2 after
    # the second round (results 1-4: best, repeat, repeat, repeat).
    assert _run(ONE_GAME, 4, 10, 2, lanes=2) == 3 * 4 * 3**2


def test_better_scores_set_the_count_back() -> None:
    board = search_boards.random_board("test-nrpa-repeats", 1, 8, 8, 3)
    limited = _run(board, 2, 30, 1)
    assert 2 * 2 < limited < 30 * 30
