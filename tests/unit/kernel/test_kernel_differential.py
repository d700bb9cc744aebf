"""The fast kernel against the rules core (Board, Game, Rules), case by case.

Every test compares the kernel with the Python core on the same board, rules and
moves: the legal groups (colour, anchor, size, cells, in anchor order), the board
after each removal (through ``from_kernel`` and Board equality), the points of each
move, and the settled result. Boards are hypothesis-generated (1x1 to 15x15, 1 to 9
colours, full, ragged and partly empty), rules mix every formula and penalty with
min_group 1-4; then the 20 standard positions are played out move by move.

The kernel is compiled (or loaded from numba's cache) once per session by the
``kernel`` fixture, which prints how long that took.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from locations import TESTS
from samegame.core.board import Board, Group
from samegame.core.coords import Cell
from samegame.core.formulas import BASIC, LEFTOVER_FORMULA, LEFTOVER_SQUARED, PAIRS, SUM
from samegame.core.game import Game
from samegame.core.rng import StableRandom, derive_seed
from samegame.core.rules import NO_PENALTY, Rules
from samegame.core.textboard import read_boards
from samegame.plugin.contributions import Penalty, ScoringFormula

if TYPE_CHECKING:  # the kernel itself is imported by the fixture, to time it
    from samegame.kernel.kernel_rules import KernelRules

GroupKey = tuple[int, Cell, int, tuple[Cell, ...]]

STANDARD = TESTS / "data" / "standard-20.txt"

CUSTOM = ScoringFormula("custom", lambda n: 3 * n * n - 7 * n + 1, "3n^2-7n+1 (a test lambda)")
CUBE_FLOORED = Penalty(
    "cube-floored", lambda remaining, points: remaining**3 + points(remaining), "test", floor=-50
)
FLOATY = ScoringFormula("floaty", lambda n: n**1.5 / 3, "a float formula (Rules.points truncates)")
FORMULAS = [BASIC, PAIRS, SUM, CUSTOM, FLOATY]
PENALTIES = [NO_PENALTY, LEFTOVER_SQUARED, LEFTOVER_FORMULA, CUBE_FLOORED]


@pytest.fixture(scope="module")
def kernel(request: pytest.FixtureRequest) -> ModuleType:
    """``samegame.kernel.facade``, with every compiled function run once."""
    start = time.perf_counter()
    from samegame.kernel import facade

    board = Board.from_columns([[0, 0, 1], [1, 1]], 3, 3)
    rules = facade.KernelRules.from_rules(Rules(BASIC, clear_bonus=5), 3, 3)
    state = facade.to_kernel(board)
    facade.legal_groups(state, rules)
    facade.play(state, rules, Cell(0, 0))
    facade.random_playouts(state, rules, 2, 1)
    facade.recorded_playout(state, rules, 1)
    facade.best_playout(state, rules, 2, 1)
    facade.tile_count(state, rules)
    facade.settle(3, 2, rules)
    from samegame.kernel.splitmix import below, next64, seed_state

    next64(seed_state(1))
    below(seed_state(1), 3)
    seconds = time.perf_counter() - start
    capture = request.config.pluginmanager.getplugin("capturemanager")
    reporter = request.config.pluginmanager.getplugin("terminalreporter")
    if capture is not None and reporter is not None:
        with capture.global_and_fixture_disabled():
            reporter.write_line(f"\nkernel import + compile/cache load: {seconds:.2f} s")
    return facade


# -- strategies ---------------------------------------------------------------------


@st.composite
def boards(draw: st.DrawFn, max_width: int = 15, max_height: int = 15) -> Board:
    """Gravity-valid boards: full, ragged, or with empty columns on the right."""
    width = draw(st.integers(1, max_width))
    height = draw(st.integers(1, max_height))
    colours = draw(st.integers(1, 9))
    shape = draw(st.sampled_from(["full", "ragged", "partial"]))
    used = width if shape != "partial" else draw(st.integers(0, width))
    columns = []
    for _ in range(used):
        size = height if shape == "full" else draw(st.integers(1, height))
        columns.append(draw(st.lists(st.integers(0, colours - 1), min_size=size, max_size=size)))
    return Board.from_columns(columns, width, height)


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    return Rules(
        draw(st.sampled_from(FORMULAS)),
        clear_bonus=draw(st.sampled_from([0, 1, 1000])),
        penalty=draw(st.sampled_from(PENALTIES)),
        min_group=draw(st.integers(1, 4)),
    )


# -- helpers ------------------------------------------------------------------------


def core_groups(game: Game) -> list[GroupKey]:
    board = game.board
    return [(g.colour, g.anchor, g.size, tuple(board.cells(g.mask))) for g in game.legal_groups()]


def kernel_groups(kernel: ModuleType, state: np.ndarray, rules: KernelRules) -> list[GroupKey]:
    return [(g.colour, g.anchor, g.size, g.cells) for g in kernel.legal_groups(state, rules)]


def fast_groups(state: np.ndarray, table: KernelRules) -> list[tuple[Cell, int]]:
    """Anchors and sizes from the compiled scan that playouts use (not the API's)."""
    from samegame.kernel.groups import legal_groups
    from samegame.kernel.state import index_cell

    before = state.copy()
    stack = np.empty(state.shape[0], dtype=np.uint32)
    anchors, sizes = (np.empty(state.shape[0], dtype=np.int32) for _ in range(2))
    count = legal_groups(state, table.height, table.min_group, stack, anchors, sizes)
    assert np.array_equal(state, before)  # the visit marks are all cleared
    return [(index_cell(table.height, int(anchors[g])), int(sizes[g])) for g in range(count)]


def reference_playout(board: Board, rules: Rules, seed: int) -> tuple[int, list[Cell]]:
    """The Python-core uniform playout: ``groups[rng.below(len(groups))]`` each move."""
    game = Game(board, rules)
    rng = StableRandom(seed)
    moves = []
    while True:
        groups = game.legal_groups()
        if not groups:
            break
        group: Group = groups[rng.below(len(groups))]
        moves.append(group.anchor)
        game.play(group.anchor)
    result = game.result()
    assert result is not None
    return result.score, moves


def standard_positions() -> list[Board]:
    """The 20 standard positions (tests/data's copy)."""
    return read_boards(STANDARD.read_text())


# -- state conversion ---------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=300)
@given(boards())
def test_state_round_trip(kernel: ModuleType, board: Board) -> None:
    state = kernel.to_kernel(board)
    assert state.dtype == np.uint8
    assert kernel.from_kernel(state, board.width, board.height) == board
    rules = kernel.KernelRules.from_rules(Rules(BASIC), board.width, board.height)
    assert kernel.tile_count(state, rules) == board.tile_count()
    for col in range(board.width):
        for row in range(board.height):
            colour = board.cell(Cell(col, row))
            index = (col + 1) * (board.height + 1) + row
            assert state[index] == (0 if colour is None else colour + 1)


def test_from_kernel_rejects_broken_states(kernel: ModuleType) -> None:
    board = Board.from_columns([[0, 1], [2]], 3, 2)
    state = kernel.to_kernel(board)
    sentinel = state.copy()
    sentinel[5] = 1  # the slot above column A's top row (row 3 of a 2-row board)
    with pytest.raises(ValueError, match="sentinel"):
        kernel.from_kernel(sentinel, 3, 2)
    floating = state.copy()
    floating[(2 + 1) * 3 + 1] = 1  # column C, row 2, over an empty row 1
    with pytest.raises(ValueError, match="floats"):
        kernel.from_kernel(floating, 3, 2)
    with pytest.raises(ValueError, match="uint8 array of 16 cells"):
        kernel.from_kernel(state, 2, 3)
    colour = state.copy()
    colour[3] = 10
    with pytest.raises(ValueError, match="colour"):
        kernel.from_kernel(colour, 3, 2)
    gap = state.copy()
    gap[(1 + 1) * 3], gap[(2 + 1) * 3] = 0, 3  # column B emptied, column C not
    with pytest.raises(ValueError, match="empty column"):
        kernel.from_kernel(gap, 3, 2)
    rules = kernel.KernelRules.from_rules(Rules(BASIC), 3, 2)
    for broken in (sentinel, floating, colour, gap):
        with pytest.raises(ValueError, match=r"sentinel|floats|colour|empty column"):
            kernel.legal_groups(broken, rules)  # the API checks before the kernel runs


# -- rules tables -------------------------------------------------------------------


@settings(max_examples=200)
@given(rule_sets(), st.integers(1, 15), st.integers(1, 15), st.integers(-(10**6), 10**6))
def test_rules_tables_and_settle(
    kernel: ModuleType, rules: Rules, width: int, height: int, score: int
) -> None:
    table = kernel.KernelRules.from_rules(rules, width, height)
    cells = width * height
    assert table.points.dtype == np.int64
    assert table.points.shape == (cells + 1,)
    for n in range(max(rules.min_group, 1), cells + 1):
        assert table.points[n] == rules.points(n)
    for remaining in range(cells + 1):
        assert kernel.settle(score, remaining, table) == rules.settle(score, remaining).final


def test_rules_too_large_for_int64(kernel: ModuleType) -> None:
    huge = ScoringFormula("huge", lambda n: 10**n, "10^n")
    with pytest.raises(OverflowError):
        kernel.KernelRules.from_rules(Rules(huge), 15, 15)


# -- random generator ---------------------------------------------------------------


@settings(max_examples=200)
@given(
    st.integers(0, 2**64 - 1),
    st.lists(
        st.one_of(
            st.integers(1, 50), st.integers(1, 2**63 - 1), st.sampled_from([1, 2, 2**62 + 1])
        ),
        min_size=1,
        max_size=20,
    ),
)
def test_rng_matches_stable_random(kernel: ModuleType, seed: int, bounds: list[int]) -> None:
    from samegame.kernel.splitmix import below, next64, seed_state

    state = seed_state(seed)
    reference = StableRandom(seed)
    for n in bounds:
        assert int(next64(state)) == reference.next64()
        assert int(below(state, n)) == reference.below(n)


# -- groups, removal, points, result: move by move ------------------------------------


def play_both(kernel: ModuleType, board: Board, rules: Rules, choose: Callable[[int], int]) -> int:
    """Play one game in the core and in the kernel side by side; return moves made.

    ``choose(k)`` picks an index below ``k``: first the group, then which of its
    tiles to name (any tile of a group is a valid move).
    """
    table = kernel.KernelRules.from_rules(rules, board.width, board.height)
    game = Game(board, rules)
    state = kernel.to_kernel(board)
    score = 0
    moves = 0
    while True:
        expected = core_groups(game)
        assert kernel_groups(kernel, state, table) == expected
        assert fast_groups(state, table) == [(g[1], g[2]) for g in expected]
        if not expected:
            break
        _colour, _anchor, size, cells = expected[choose(len(expected))]
        cell = cells[choose(size)]
        before = state
        kept = state.copy()
        state, points = kernel.play(state, table, cell)
        assert np.array_equal(before, kept)  # play() leaves its input alone
        game.play(cell)
        assert kernel.from_kernel(state, board.width, board.height) == game.board
        assert points == game.moves[-1].points
        score += points
        moves += 1
    result = game.result()
    assert result is not None
    assert game.score == score
    remaining = kernel.tile_count(state, table)
    assert remaining == result.remaining
    assert kernel.settle(score, remaining, table) == result.score
    return moves


@pytest.mark.slow
@settings(max_examples=800, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), rule_sets(), st.lists(st.integers(0, 2**32), max_size=40))
def test_kernel_equals_core_move_by_move(
    kernel: ModuleType, board: Board, rules: Rules, choices: list[int]
) -> None:
    draws = iter(choices)

    def choose(k: int) -> int:
        return next(draws, 0) % k

    play_both(kernel, board, rules, choose)


@pytest.mark.slow
@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), rule_sets(), st.integers(0, 2**64 - 1))
def test_recorded_playout_equals_core_playout(
    kernel: ModuleType, board: Board, rules: Rules, seed: int
) -> None:
    table = kernel.KernelRules.from_rules(rules, board.width, board.height)
    playout = kernel.recorded_playout(board, table, seed)
    score, moves = reference_playout(board, rules, seed)
    assert list(playout.moves) == moves
    assert playout.score == score


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(boards(max_width=8, max_height=8), rule_sets(), st.integers(0, 2**64 - 1))
def test_batch_playouts_continue_one_stream(
    kernel: ModuleType, board: Board, rules: Rules, seed: int
) -> None:
    from samegame.kernel.splitmix import seed_state

    table = kernel.KernelRules.from_rules(rules, board.width, board.height)
    batch = kernel.random_playouts(board, table, 4, seed)
    assert batch.scores.dtype == np.int64
    stream = seed_state(seed)
    singles = [kernel.recorded_playout(board, table, stream) for _ in range(4)]
    assert batch.scores.tolist() == [p.score for p in singles]
    assert batch.moves.tolist() == [len(p.moves) for p in singles]
    # The best of the same four keeps the first highest score and its moves, and
    # those moves replay in the core to that score.
    best = kernel.best_playout(board, table, 4, seed)
    first_best = max(singles, key=lambda p: p.score)
    assert best == first_best
    game = Game(board, rules)
    for cell in best.moves:
        game.play(cell)
    result = game.result()
    assert result is not None
    assert result.score == best.score


def test_play_rejects_illegal_moves(kernel: ModuleType) -> None:
    board = Board.from_columns([[0, 0, 1], [1]], 3, 3)
    table = kernel.KernelRules.from_rules(Rules(BASIC, min_group=2), 3, 3)
    state = kernel.to_kernel(board)
    with pytest.raises(ValueError, match="group of 1"):
        kernel.play(state, table, Cell(0, 2))
    with pytest.raises(ValueError, match="empty"):
        kernel.play(state, table, Cell(2, 0))
    with pytest.raises(ValueError, match="outside"):
        kernel.play(state, table, Cell(3, 0))
    assert kernel.from_kernel(state, 3, 3) == board  # unchanged by the failures


# -- the 20 standard positions --------------------------------------------------------


@pytest.mark.parametrize("position", range(20))
def test_standard_positions(kernel: ModuleType, position: int) -> None:
    board = standard_positions()[position]
    rules = Rules(BASIC, clear_bonus=1000)
    table = kernel.KernelRules.from_rules(rules, 15, 15)
    seed = derive_seed("kernel-differential", position)
    # One game move by move through the API ...
    rng = StableRandom(seed)
    assert play_both(kernel, board, rules, rng.below) > 0
    # ... and two compiled playouts against the core's own uniform playout.
    for game in range(2):
        game_seed = derive_seed("kernel-differential", position, game)
        playout = kernel.recorded_playout(board, table, game_seed)
        score, moves = reference_playout(board, rules, game_seed)
        assert list(playout.moves) == moves
        assert playout.score == score
