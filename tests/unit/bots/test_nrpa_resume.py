"""NRPA stopped and resumed (``nrpa_run``; the colour race's searches go on this way).

Differential: a search stopped after any numbers of playouts and resumed each
time on its tree gives exactly what the search run without a stop gives: the
same best score, the same moves and the same number of playouts, for every
level, candidate filter and several rule sets. A playout budget
(``control[2]``) stops a search after exactly that many playouts.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import search_boards
from samegame.bots.search import engine, job, one_search, race
from samegame.bots.search.spec import Algorithm
from samegame.core.formulas import BASIC, LEFTOVER_SQUARED, PAIRS, SUM
from samegame.core.rules import Rules

RULES = [
    Rules(BASIC, clear_bonus=1000),
    Rules(PAIRS, penalty=LEFTOVER_SQUARED),
    Rules(SUM, min_group=1),
]

random_board = functools.partial(search_boards.random_board, "test-nrpa-resume")


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    engine.prepare(Algorithm.NRPA)


def _setup(seed: int, rules: Rules) -> tuple[Any, Any, Any, Any]:
    from samegame.kernel.kernel_rules import KernelRules
    from samegame.kernel.state import to_kernel

    board = random_board(seed, 7, 6, 3)
    state = to_kernel(board)
    keys = one_search.cell_keys(state.shape[0])
    mask = np.uint64((1 << one_search.TABLE_BITS) - 1)
    return state, KernelRules.from_rules(rules, board.width, board.height), keys, mask


def _ids(state: Any) -> Any:
    """The search's tile identities, as the bots give them (move codes by tiles)."""
    return np.empty(state.shape[0], dtype=np.uint16)


def _fresh_tree(state: Any, krules: Any, level: int, mask: Any, soft: bool = False) -> Any:
    from samegame.kernel.groups import count_tiles
    from samegame.kernel.search.nrpa import new_tree

    return new_tree(
        state.shape[0], count_tiles(state, krules.height), krules.min_group, level, mask, soft
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    level=st.integers(1, 3),
    kind=st.sampled_from([0, 1, 2, 3]),
    rules=st.sampled_from(range(len(RULES))),
    steps=st.lists(st.integers(1, 30), min_size=1, max_size=12),
)
def test_a_search_stopped_and_resumed_is_the_search_never_stopped(
    seed: int, level: int, kind: int, rules: int, steps: list[int]
) -> None:
    from samegame.kernel.search.nrpa import nrpa, nrpa_run
    from samegame.kernel.splitmix import seed_state

    state, krules, keys, mask = _setup(seed, RULES[rules])
    tabu = race.tabu_colour(state) if kind else 0
    iterations = 5
    none = np.empty(0, dtype=np.int32)
    out = np.empty(state.shape[0], dtype=np.int32)
    control = np.zeros(2, dtype=np.int64)
    args = (keys, mask, kind, tabu, level, iterations, 1.0)
    ids = _ids(state)
    soft = float(np.exp(-2.0))  # kind 3, soft playouts: a mild bias
    score, made = nrpa(state, krules, 0, seed_state(seed), *args, control, out, none, ids, soft)
    expected = (score, list(out[:made]), int(control[1]))

    tree = _fresh_tree(state, krules, level, mask, kind == 3)
    rng = seed_state(seed)
    stops = np.zeros(3, dtype=np.int64)
    again = np.empty(state.shape[0], dtype=np.int32)
    pauses = 0
    for step in [*steps, 10**9]:
        stops[0] = 0
        stops[2] = stops[1] + step
        score, made, paused = nrpa_run(
            tree, state, krules, 0, rng, *args, stops, again, none, ids, soft
        )
        if not paused:
            break
        pauses += 1
    assert not paused
    assert (score, list(again[:made]), int(stops[1])) == expected
    # Every budget that ran out before the search's end (or at its last playout,
    # whose adaptation was left) paused it.
    assert pauses == sum(1 for k in range(len(steps)) if sum(steps[: k + 1]) <= expected[2])


def test_a_playout_budget_stops_after_exactly_that_many_playouts() -> None:
    from samegame.kernel.search.nrpa import nrpa_run
    from samegame.kernel.splitmix import seed_state

    state, krules, keys, mask = _setup(1, RULES[0])
    tabu = race.tabu_colour(state)
    out = np.empty(state.shape[0], dtype=np.int32)
    none = np.empty(0, dtype=np.int32)
    for budget in (1, 7, 40):
        tree = _fresh_tree(state, krules, 3, mask)
        control = np.array([0, 0, budget], dtype=np.int64)
        score, made, paused = nrpa_run(
            tree,
            state,
            krules,
            0,
            seed_state(1),
            keys,
            mask,
            2,
            tabu,
            3,
            10,
            1.0,
            control,
            out,
            none,
            _ids(state),
            1.0,
        )
        assert paused
        assert control[1] == budget
        assert control[0] == 1
        assert made > 0
        assert score > 0


def test_a_resumed_search_ignores_a_game_to_begin_from() -> None:
    # ``warm`` only begins a fresh search; a paused one already holds its best game.
    from samegame.kernel.search.nrpa import nrpa_run
    from samegame.kernel.splitmix import seed_state

    state, krules, keys, mask = _setup(2, RULES[0])
    tabu = race.tabu_colour(state)
    out = np.empty(state.shape[0], dtype=np.int32)
    none = np.empty(0, dtype=np.int32)
    results = []
    for give_game in (False, True):
        tree = _fresh_tree(state, krules, 2, mask)
        rng = seed_state(2)
        control = np.array([0, 0, 9], dtype=np.int64)
        args = (keys, mask, 2, tabu, 2, 6, 1.0)
        nrpa_run(tree, state, krules, 0, rng, *args, control, out, none, _ids(state), 1.0)
        control[0], control[2] = 0, 10**9
        game = out[:3].copy() if give_game else none
        score, made, paused = nrpa_run(
            tree, state, krules, 0, rng, *args, control, out, game, _ids(state), 1.0
        )
        assert not paused
        results.append((score, list(out[:made]), int(control[1])))
    assert results[0] == results[1]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    level=st.integers(1, 4),
    lanes=st.integers(1, 3),
    steps=st.lists(
        st.tuples(st.integers(1, 40), st.integers(1, 40), st.integers(1, 40)),
        min_size=1,
        max_size=10,
    ),
)
def test_a_shared_search_stopped_and_resumed_is_the_search_never_stopped(
    seed: int, level: int, lanes: int, steps: list[tuple[int, int, int]]
) -> None:
    # Each lane has its own playout budget, so the lanes stop at different points
    # of a round (some of its calls paused, others over), as threads do.
    from samegame.kernel.search.shared_nrpa import SharedSearch, shared_nrpa
    from samegame.kernel.splitmix import seed_state

    state, krules, keys, mask = _setup(seed, RULES[0])
    tabu = race.tabu_colour(state)
    args = (keys, mask, 2, tabu, level, 3, 1.0)
    none = np.empty(0, dtype=np.int32)

    def generators() -> list[Any]:
        return [seed_state(job.worker_seed(seed, i) if i else seed) for i in range(lanes)]

    out = np.empty(state.shape[0], dtype=np.int32)
    controls = [np.zeros(2, dtype=np.int64) for _ in range(lanes)]
    score, made = shared_nrpa(state, krules, 0, generators(), *args, controls, out, none, 1.0)
    expected = (score, list(out[:made]), [int(c[1]) for c in controls])

    budgets = [np.zeros(3, dtype=np.int64) for _ in range(lanes)]
    search = SharedSearch(state, krules, 0, generators(), *args, budgets, none, 1.0)
    again = np.empty(state.shape[0], dtype=np.int32)
    for step in [*steps, (10**9,) * 3]:
        for lane, budget in enumerate(budgets):
            budget[0] = 0
            budget[2] = budget[1] + step[lane]
        search.run()
        held, length = search.best_game(again)
        assert length > 0
        if not search.paused():
            break
        # What a paused search holds is a whole game it found, never better than
        # the search's result.
        assert held <= expected[0]
    assert not search.paused()
    assert (held, list(again[:length]), [int(b[1]) for b in budgets]) == expected
