"""The review's clearing pass (``samegame.review.clearing``, issue 44): a move is
not charged with giving up the clear when a search aimed at clearing finds a
line that clears after it, and every value the review reports is at least every
line it found from its position or a later one (replayed).

The oracles are the exact solver of the whole board (the position after the
move can be cleared) and the lines the review holds, replayed by ``follow``."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from review_cases import RULE_SETS, played_games

from samegame.core.board import Board
from samegame.core.coords import Cell, parse_cell
from samegame.core.textboard import read_board
from samegame.review import ReviewBudget, review_game
from samegame.review.clearing import clearing_rules, clearing_value
from samegame.review.exact import ExactSolver
from samegame.review.reasons import ReasonKind
from samegame.review.review import Review
from samegame.review.values import follow, played_line

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
