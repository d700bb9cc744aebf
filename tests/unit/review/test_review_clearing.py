"""The review's clearing pass (``samegame.review.clearing``, issue 44): a move is
not charged with giving up the clear when a search aimed at clearing finds a
line that clears after it, and every value the review reports is at least every
line it found from its position or a later one (replayed).

The oracles are the exact solver of the whole board (the position after the
move can be cleared) and the lines the review holds, replayed by ``follow``."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from review_cases import RULE_SETS, played_games, rule_names, tiny_boards

from samegame.core.board import Board
from samegame.core.coords import Cell, parse_cell
from samegame.core.textboard import read_board
from samegame.review import ReviewBudget, review_game
from samegame.review.clearing import (
    clear_first_rules,
    clearing_rules,
    clearing_value,
    kept_clear_value,
)
from samegame.review.exact import ExactSolver
from samegame.review.reasons import ReasonKind
from samegame.review.review import Review
from samegame.review.values import follow, played_line
from strategies import NaiveBoard, to_board

RULES = RULE_SETS["basic"]
"""(n-2)^2 and 1000 for a clear."""

WEAK = ReviewBudget(
    level=1,
    iterations=1,
    exact_tiles=0,
    warm_iterations=0,
    recheck=0,
    clear_width=16,
    clear_iterations=2,
)
"""One playout a position, no exact solver, no search again: the review's normal
search misses clears, the clearing pass (a beam of 16) is what is tested."""

NO_PASS = replace(WEAK, clear_positions=0)

BOARD = read_board("BRGGBG\nBRBGRG\nGGGRGG\nRBBRRR\nRBGGBR")
MOVES = [parse_cell(text) for text in ["C5", "E3", "B1", "D2", "E1", "B1", "A1", "A2"]]
"""A random player's game on a 6x5 board: after move 5 (12 tiles left), the
review's normal search with this seed finds no line that clears."""

CHARGED = 4
"""The index of that move."""


def _gave_up(review: Review) -> list[int]:
    return [m.index for m in review.moves if m.reason.kind is ReasonKind.GAVE_UP_CLEAR]


def test_the_clearing_pass_lifts_a_clear_given_up_that_was_not() -> None:
    """Without the pass the move is charged with the clear; the exact solver says
    the board after it can be cleared; with the pass the charge is gone, and a
    line the review holds from there (or later) clears, replayed."""
    before = review_game(BOARD, RULES, MOVES, NO_PASS, seed=0)
    assert CHARGED in _gave_up(before), "the case no longer tests the pass"
    charged = before.moves[CHARGED]
    assert not charged.reason.proven
    played = played_line(BOARD, RULES, MOVES)
    after_board = played.boards[CHARGED + 1]
    outcomes = ExactSolver(RULES, 64, 10**6).outcomes(after_board)
    assert outcomes is not None
    assert outcomes.cleared is not None

    review = review_game(BOARD, RULES, MOVES, WEAK, seed=0)
    assert CHARGED not in _gave_up(review)
    move = review.moves[CHARGED]
    assert move.loss < charged.loss
    clearing = [
        (position, value)
        for position, value in review.extra
        if position > CHARGED
        and follow(played.boards[position], RULES, played.bases[position], value.line)[1]
    ]
    assert clearing, "no line that clears after the move is held"
    after_total = move.value_after + played.bases[CHARGED + 1]
    for position, value in clearing:
        total = follow(played.boards[position], RULES, played.bases[position], value.line)[0]
        assert after_total >= total


def _lines_from(review: Review) -> list[tuple[int, tuple[Cell, ...]]]:
    """Every line the review found, with its position."""
    found = [(index, value.line) for index, value in enumerate(review.values)]
    return [*found, *((position, value.line) for position, value in review.extra)]


@settings(max_examples=40, deadline=None)
@given(played_games(max_width=6, max_height=5, max_colours=3))
def test_every_value_is_at_least_every_line_found_from_its_position_or_later(
    game: tuple[Board, str, list[Cell]],
) -> None:
    """T(s_i), the total the review reports at position i, is at least the total
    of every line it found from s_k, k >= i, replayed from s_k with the points
    scored before it (a line from a later position, after the played moves, is a
    line from every earlier one), the lines of the clearing pass included."""
    board, name, moves = game
    rules = RULE_SETS[name]
    review = review_game(board, rules, moves, WEAK, seed=3)
    played = played_line(board, rules, moves)
    totals = [m.value_before + played.bases[m.index] for m in review.moves]
    totals.append(review.end_total)
    assert len(totals) == len(review.values)
    for position, line in _lines_from(review):
        reached, _ = follow(played.boards[position], rules, played.bases[position], line)
        for index in range(position + 1):
            assert totals[index] >= reached, (index, position)


def test_no_search_for_a_clear_when_the_rules_give_nothing_for_it() -> None:
    """Under rules with no clear bonus and no penalty the pass searches nothing:
    the searches kept are those of a review without it."""
    rules = RULE_SETS["no-bonus"]
    with_pass = review_game(BOARD, rules, MOVES, WEAK, seed=0)
    without = review_game(BOARD, rules, MOVES, NO_PASS, seed=0)
    assert with_pass.extra == without.extra


def test_a_line_found_for_a_clear_is_replayed_under_the_games_rules() -> None:
    """``clearing_value`` gives its line's total under the game's rules (not the
    clearing rules it searched under), and clears only when the line does."""
    for rules in (RULES, RULE_SETS["relaxed"], RULE_SETS["sum-threes"]):
        board = read_board("RRGGB\nBBGRB\nRGGRR")
        value = clearing_value(board, rules, 7, WEAK, seed=1)
        assert (value.total, value.clears) == follow(board, rules, 7, value.line)
        assert not value.exact
        assert value.can_clear is (True if value.clears else None)
        assert clearing_rules(rules).min_group == rules.min_group


KEEP_RULES = RULE_SETS["pairs-floor"]
"""Pairs scoring, 20 for a clear: a board's best line need not clear."""

KEEP_BOARD = read_board("BBBRBB\nGRRRGR\nGBBBRG\nGBRRRG\nRBGRGG")
"""Under ``KEEP_RULES`` its best line reaches 135 and leaves tiles; the best
line that clears reaches 133 (the exact solver); the search for a clear of
``KEEP_BUDGET`` finds one that reaches less, and a search from that line under
the game's rules comes back with a line that does not clear."""

KEEP_BUDGET = replace(WEAK, warm_level=1, warm_iterations=8)


def test_the_search_for_points_after_a_clear_keeps_the_clear() -> None:
    """From a clearing line that reaches less than the best line, the search for
    the points a clear leaves (``kept_clear_value``) comes back with a line that
    clears, replayed under the game's rules, reaching the most any clearing line
    reaches (the exact solver's), not with the best line that gives the clear up."""
    outcomes = ExactSolver(KEEP_RULES, 64, 10**6).outcomes(KEEP_BOARD)
    assert outcomes is not None
    assert outcomes.cleared is not None
    assert outcomes.total(0, KEEP_RULES) > outcomes.cleared, "the best line clears: no case"
    found = clearing_value(KEEP_BOARD, KEEP_RULES, 0, KEEP_BUDGET, seed=1)
    assert found.clears
    assert found.total < outcomes.cleared, "the case no longer tests the search"
    kept = kept_clear_value(KEEP_BOARD, KEEP_RULES, 0, KEEP_BUDGET, 2, found.line)
    assert kept.clears
    assert kept.can_clear
    assert not kept.exact
    assert follow(KEEP_BOARD, KEEP_RULES, 0, kept.line) == (kept.total, True)
    assert kept.total == outcomes.cleared


@settings(max_examples=60, deadline=None)
@given(tiny_boards(max_width=4, max_height=4), rule_names, st.integers(0, 50))
def test_under_clear_first_rules_the_best_line_is_the_best_clearing_one(
    nb: NaiveBoard, name: str, base: int
) -> None:
    """Under ``clear_first_rules`` the exact solver's best line clears exactly
    when some line clears under the game's rules, and then, replayed under the
    game's rules, reaches the most a clearing line reaches (the exact solver of
    the game's rules)."""
    rules = RULE_SETS[name]
    board = to_board(nb)
    outcomes = ExactSolver(rules, 64, 10**6).outcomes(board)
    aimed = ExactSolver(clear_first_rules(rules, board.tile_count()), 64, 10**6)
    solved = aimed.best_line(board, base)
    assert outcomes is not None
    assert solved is not None
    total, clears = follow(board, rules, base, solved[1])
    assert clears == (outcomes.cleared is not None)
    if outcomes.cleared is not None:
        assert total == base + outcomes.cleared


def test_the_review_holds_the_best_clearing_line_after_a_clear_found() -> None:
    """A random player's game on a 6x5 board under ``KEEP_RULES``: from the
    position after its first move the best line leaves tiles, and the clearing
    pass finds a clear there that reaches less. The review then holds a line
    from that position that clears and reaches the most a clearing line reaches
    (the exact solver's), replayed; the review's search under the game's rules,
    which went on from the clear before, held only a clear 38 points short."""
    board = read_board("GBGBRG\nRBBRGR\nBGGGRR\nBGBGGR\nBRBRRR")
    moves = [parse_cell(text) for text in ["B4", "D1", "A1", "A1", "A1", "B3", "A1", "A1"]]
    played = played_line(board, KEEP_RULES, moves)
    position, base = 1, played.bases[1]
    outcomes = ExactSolver(KEEP_RULES, 64, 10**6).outcomes(played.boards[position])
    assert outcomes is not None
    assert outcomes.cleared is not None
    assert outcomes.total(base, KEEP_RULES) > base + outcomes.cleared, "no case: the best clears"
    review = review_game(board, KEEP_RULES, moves, KEEP_BUDGET, seed=0)
    clearing = [
        follow(played.boards[position], KEEP_RULES, base, value.line)
        for at, value in review.extra
        if at == position and value.clears
    ]
    assert all(clears for _, clears in clearing)
    assert max(total for total, _ in clearing) == base + outcomes.cleared
