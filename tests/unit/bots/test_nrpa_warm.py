"""NRPA begun from a game found before (the searches after the colour race).

``playout.replay`` records a given game as a playout records the game it draws
(differential: a playout's own moves, replayed, give its record exactly, for
every candidate filter and several rule sets); ``nrpa`` and the shared-policy
driver begun from a game never return a worse one and agree with each other
with one lane; an empty game changes nothing (the fixed-work pins cover that).
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pytest

import search_boards
from samegame.benchmark.positions import standard_positions
from samegame.bots.search import engine, one_search, race
from samegame.bots.search.spec import Algorithm
from samegame.core.board import Board
from samegame.core.formulas import BASIC, LEFTOVER_SQUARED, PAIRS, SUM
from samegame.core.rules import Rules

STANDARD = Rules(BASIC, clear_bonus=1000)
RULES = [STANDARD, Rules(PAIRS, penalty=LEFTOVER_SQUARED), Rules(SUM, min_group=1)]


random_board = functools.partial(search_boards.random_board, "test-nrpa-warm")


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    engine.prepare(Algorithm.NRPA)


def _codes(state: Any) -> tuple[Any, float]:
    """``nrpa``'s last two arguments as the bots give them: the tile identities
    (move codes by tiles) and the factor of soft playouts."""
    return np.empty(state.shape[0], dtype=np.uint16), 1.0


def kernel_args(board: Board, rules: Rules) -> tuple[Any, Any, Any, Any, int]:
    from samegame.kernel.kernel_rules import KernelRules
    from samegame.kernel.state import to_kernel

    state = to_kernel(board)
    keys = one_search.cell_keys(state.shape[0])
    mask = np.uint64((1 << one_search.TABLE_BITS) - 1)
    return state, KernelRules.from_rules(rules, board.width, board.height), keys, mask, 0


@pytest.mark.parametrize("kind", [0, 1, 2, 3])
@pytest.mark.parametrize("rules", RULES, ids=["standard", "pairs-leftover", "sum-min1"])
def test_replaying_a_playout_gives_its_record(kind: int, rules: Rules) -> None:
    """Every filter, soft playouts (kind 3, their factors recorded) too."""
    from samegame.kernel.groups import count_colours
    from samegame.kernel.playout import Record, playout, replay
    from samegame.kernel.policy import PolicyTables
    from samegame.kernel.scratch import new_scratch
    from samegame.kernel.splitmix import seed_state

    for seed in range(8):
        board = random_board(seed)
        state, krules, keys, mask, _ = kernel_args(board, rules)
        n = state.shape[0]
        tabu = race.tabu_colour(state) if kind else 0
        exps = np.exp(np.random.default_rng(seed).normal(size=int(mask) + 1))
        # A mild bias, so that soft playouts do play the tabu colour early.
        policy = PolicyTables(kind, tabu, keys, mask, exps, None, float(np.exp(-1.0)))
        records = [
            Record(
                np.zeros(n, dtype=np.int32),
                np.zeros(n * n, dtype=np.int64),
                np.zeros(n + 1, dtype=np.int64),
                np.zeros(n, dtype=np.int64),
                np.zeros(n * n if kind == 3 else 0, dtype=np.float64),
            )
            for _ in range(2)
        ]
        grid = state.copy()
        drawn = playout(
            grid, krules, seed_state(seed), policy, count_colours(state), new_scratch(n), records[0]
        )
        made = drawn[1]
        grid2 = state.copy()
        counts = count_colours(state)
        again = replay(
            grid2, krules, policy, counts, new_scratch(n), records[1], records[0].moves[:made]
        )
        assert again == drawn
        assert np.array_equal(grid2, grid)
        steps = made + 1
        width = records[0].offsets[made]
        for field in ("moves", "chosen"):
            assert np.array_equal(
                getattr(records[1], field)[:made], getattr(records[0], field)[:made]
            )
        assert np.array_equal(records[1].offsets[:steps], records[0].offsets[:steps])
        assert np.array_equal(records[1].codes[:width], records[0].codes[:width])
        assert np.array_equal(records[1].factors[:width], records[0].factors[:width])
        if kind == 3:
            assert set(records[0].factors[:width].tolist()) <= {1.0, float(np.exp(-1.0))}


def test_a_move_that_is_no_candidate_ends_the_replay() -> None:
    from samegame.kernel.groups import count_colours
    from samegame.kernel.playout import Record, replay
    from samegame.kernel.policy import PolicyTables
    from samegame.kernel.scratch import new_scratch

    board = random_board(3)
    state, krules, keys, mask, _ = kernel_args(board, STANDARD)
    n = state.shape[0]
    record = Record(
        np.zeros(n, dtype=np.int32),
        np.zeros(n * n, dtype=np.int64),
        np.zeros(n + 1, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros(0, dtype=np.float64),
    )
    policy = PolicyTables(0, 0, keys, mask, np.ones(int(mask) + 1))
    empty_cell = np.array([state.shape[0] - 1], dtype=np.int32)  # a sentinel, never a group
    result = replay(
        state.copy(), krules, policy, count_colours(state), new_scratch(n), record, empty_cell
    )
    assert result == (0, 0, 0)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_nrpa_begun_from_a_game_never_returns_a_worse_one(level: int) -> None:
    from samegame.kernel.search.nrpa import nrpa
    from samegame.kernel.search.shared_nrpa import shared_nrpa
    from samegame.kernel.splitmix import seed_state

    none = np.empty(0, dtype=np.int32)
    for seed in range(4):
        board = standard_positions()[seed] if level == 1 else random_board(seed + 20)
        state, krules, keys, mask, _ = kernel_args(board, STANDARD)
        tabu = race.tabu_colour(state)
        args = (keys, mask, 2, tabu, level, 4, 1.0)
        codes = _codes(state)
        out = np.empty(state.shape[0], dtype=np.int32)
        # A good game: the best of a larger search.
        big = (keys, mask, 2, tabu, level, 12, 1.0)
        good, made = nrpa(
            state, krules, 0, seed_state(seed), *big, np.zeros(2, np.int64), out, none, *codes
        )
        warm = out[:made].copy()
        outs = [np.empty(state.shape[0], dtype=np.int32) for _ in range(2)]
        controls = [np.zeros(2, dtype=np.int64) for _ in range(2)]
        score, length = nrpa(
            state, krules, 0, seed_state(seed + 100), *args, controls[0], outs[0], warm, *codes
        )
        assert score >= good
        shared = shared_nrpa(
            state, krules, 0, [seed_state(seed + 100)], *args, [controls[1]], outs[1], warm, 1.0
        )
        assert shared == (score, length)
        assert list(outs[1][:length]) == list(outs[0][:length])
        assert controls[1][1] == controls[0][1]


def test_a_warm_start_changes_the_search() -> None:
    from samegame.kernel.search.nrpa import nrpa
    from samegame.kernel.splitmix import seed_state

    board = standard_positions()[2]
    state, krules, keys, mask, _ = kernel_args(board, STANDARD)
    tabu = race.tabu_colour(state)
    none = np.empty(0, dtype=np.int32)
    out = np.empty(state.shape[0], dtype=np.int32)
    args = (keys, mask, 2, tabu, 2, 10, 1.0)
    codes = _codes(state)
    good, made = nrpa(
        state, krules, 0, seed_state(1), *args, np.zeros(2, np.int64), out, none, *codes
    )
    warm = out[:made].copy()
    runs = []
    for start in (none, warm):
        result = np.empty(state.shape[0], dtype=np.int32)
        score, length = nrpa(
            state, krules, 0, seed_state(2), *args, np.zeros(2, np.int64), result, start, *codes
        )
        runs.append((score, list(result[:length])))
    # The same generator, begun from nothing and from the game: different
    # searches, and the second keeps at least the game.
    assert runs[0] != runs[1]
    assert runs[1][0] >= good


def test_a_game_the_filter_could_not_play_is_not_begun_from() -> None:
    """A game of random playouts given to a selective search (a group of the
    tabu colour taken before the whole colour): the search is the one begun from
    nothing, not one begun from the part of the game before that move (which
    would end in a game cut short, and a policy adapted towards it)."""
    from samegame.kernel.groups import count_colours
    from samegame.kernel.playout import Record, replay
    from samegame.kernel.policy import PolicyTables
    from samegame.kernel.scratch import new_scratch
    from samegame.kernel.search.nrpa import nrpa
    from samegame.kernel.splitmix import seed_state

    board = standard_positions()[2]
    state, krules, keys, mask, _ = kernel_args(board, STANDARD)
    tabu = race.tabu_colour(state)
    none = np.empty(0, dtype=np.int32)
    out = np.empty(state.shape[0], dtype=np.int32)
    codes = _codes(state)
    _, made = nrpa(state, krules, 0, seed_state(1), keys, mask, 0, 0, 1, 3, 1.0,
                   np.zeros(2, np.int64), out, none, *codes)  # fmt: skip
    game = out[:made].copy()
    n = state.shape[0]
    size = (board.tile_count() // 2 + 1) ** 2  # room for every step's candidates
    record = Record(
        np.empty(n, np.int32), np.empty(size, np.int64), np.empty(n + 1, np.int64),
        np.empty(n, np.int64), np.empty(0, np.float64),
    )  # fmt: skip
    policy = PolicyTables(2, tabu, keys, mask, np.ones(int(mask) + 1), None, 1.0)
    grid = state.copy()
    replayed = replay(grid, krules, policy, count_colours(state), new_scratch(n), record, game)
    assert replayed[1] < made, "the game is not one of selective playouts"
    runs = []
    for start in (none, game):
        result = np.empty(n, dtype=np.int32)
        score, length = nrpa(
            state, krules, 0, seed_state(2), keys, mask, 2, tabu, 1, 3, 1.0,
            np.zeros(2, np.int64), result, start, *codes,
        )  # fmt: skip
        runs.append((score, list(result[:length])))
    assert runs[0] == runs[1]
