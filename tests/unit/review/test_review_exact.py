"""The exact solver against a brute-force enumeration of every line (an
independent reference), its optimal lines, its bounds, and that what it answers
never depends on what it was asked before."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from review_cases import RULE_SETS, all_endings, brute_best, rule_names, tiny_boards

from samegame.core.board import Board
from samegame.review.exact import ExactSolver
from samegame.review.values import follow
from strategies import NaiveBoard, to_board


@given(nb=tiny_boards(), name=rule_names, base=st.integers(-30, 30))
def test_the_best_total_is_the_best_of_every_line(nb: NaiveBoard, name: str, base: int) -> None:
    rules = RULE_SETS[name]
    solver = ExactSolver(rules)
    assert solver.best_total(to_board(nb), base) == brute_best(nb, rules, base)


@given(nb=tiny_boards(), name=rule_names)
def test_the_outcomes_are_the_best_cleared_and_uncleared_lines(nb: NaiveBoard, name: str) -> None:
    rules = RULE_SETS[name]
    endings = all_endings(nb, rules)
    cleared = [p + rules.clear_bonus for p, left in endings if left == 0]
    uncleared = [rules.settle(p, left).final for p, left in endings if left]
    if rules.penalty.floor is not None:  # the outcomes are before any floor
        uncleared = [p - rules.settle(0, left).penalty for p, left in endings if left]
    found = ExactSolver(rules).outcomes(to_board(nb))
    assert found is not None
    assert found.cleared == (max(cleared) if cleared else None)
    assert found.uncleared == (max(uncleared) if uncleared else None)


@given(nb=tiny_boards(), name=rule_names, base=st.integers(-30, 30))
def test_the_best_line_reaches_the_best_total(nb: NaiveBoard, name: str, base: int) -> None:
    rules = RULE_SETS[name]
    board = to_board(nb)
    solved = ExactSolver(rules).best_line(board, base)
    assert solved is not None
    total, line = solved
    assert follow(board, rules, base, line)[0] == total == brute_best(nb, rules, base)


@given(nb=tiny_boards(), name=rule_names, order=st.permutations(range(6)))
def test_a_recoloured_board_has_the_same_outcomes(
    nb: NaiveBoard, name: str, order: list[int]
) -> None:
    rules = RULE_SETS[name]
    board = to_board(nb)
    solver = ExactSolver(rules)
    assert solver.outcomes(board.recoloured(order)) == ExactSolver(rules).outcomes(board)


def test_a_board_above_the_tile_bound_is_refused_before_any_work() -> None:
    board = Board.from_columns([[0, 1, 0]] * 4, 4, 3)
    solver = ExactSolver(RULE_SETS["basic"], max_tiles=11)
    assert solver.outcomes(board) is None
    assert solver.best_line(board, 0) is None
    assert solver.positions == 0
    assert ExactSolver(RULE_SETS["basic"], max_tiles=12).outcomes(board) is not None


@pytest.mark.parametrize(("tiles", "positions"), [(-1, 10), (201, 10), (30, 0)])
def test_bounds_out_of_range_are_refused(tiles: int, positions: int) -> None:
    with pytest.raises(ValueError, match="an exact solver takes 0 to 200 tiles"):
        ExactSolver(RULE_SETS["basic"], tiles, positions)


def test_a_search_above_the_position_bound_is_refused_and_its_table_emptied() -> None:
    board = Board.from_columns([[0, 0, 1], [1, 1, 0], [0, 1, 1], [1, 0, 0]], 4, 3)
    rules = RULE_SETS["basic"]
    needed = ExactSolver(rules)
    assert needed.outcomes(board) is not None
    assert needed.positions > 2
    small = ExactSolver(rules, max_positions=needed.positions - 1)
    assert small.outcomes(board) is None
    assert small.positions == 0
    assert ExactSolver(rules, max_positions=needed.positions).outcomes(board) is not None


@given(first=tiny_boards(), second=tiny_boards(), name=rule_names)
def test_an_answer_never_depends_on_what_was_asked_before(
    first: NaiveBoard, second: NaiveBoard, name: str
) -> None:
    """With a tight position bound, whether a board is solved is the same on a
    solver that solved another board before as on a fresh one."""
    rules = RULE_SETS[name]
    board = to_board(second)
    fresh = ExactSolver(rules, max_positions=8).outcomes(board)
    used = ExactSolver(rules, max_positions=8)
    used.outcomes(to_board(first))
    assert used.outcomes(board) == fresh
