"""Reviews under the settlement of several presets (bonus, penalty, floor), and
the reasons a costly move is given."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from review_cases import RULE_SETS

from samegame.core.board import Board
from samegame.core.coords import Cell, parse_cell
from samegame.core.rules import Rules
from samegame.core.textboard import read_board
from samegame.plugin.host import get_host
from samegame.presets import find_preset
from samegame.review import MoveLabel, ReasonKind, ReviewBudget, review_game
from samegame.review.exact import ExactSolver
from samegame.review.reasons import move_reason
from strategies import (
    anchor_of,
    naive_boards,
    naive_groups,
    naive_remove,
    to_board,
)

PRESETS = ("basic", "relaxed", "jsgames", "no-bonus")
EXACT = ReviewBudget(level=1, iterations=1)


@functools.cache
def preset_rules(name: str) -> Rules:
    return find_preset(name, get_host()).rules


@st.composite
def preset_games(draw: st.DrawFn) -> tuple[str, Board, list[Cell]]:
    """A preset, a small board and a random legal line to the end of the game."""
    name = draw(st.sampled_from(PRESETS))
    start = draw(naive_boards(max_width=4, max_height=3, max_colours=3))
    nb, moves = start, []
    while groups := sorted(naive_groups(nb, preset_rules(name).min_group), key=anchor_of):
        group = draw(st.sampled_from(groups))
        moves.append(Cell(*anchor_of(group)))
        nb = naive_remove(nb, group)
    return name, to_board(start), moves


@settings(max_examples=60)
@given(game=preset_games())
def test_under_each_preset_the_losses_add_up_to_the_best_less_the_final_score(
    game: tuple[str, Board, list[Cell]],
) -> None:
    name, board, moves = game
    rules = preset_rules(name)
    review = review_game(board, rules, moves, EXACT)
    assert review.finished
    assert review.best_total == ExactSolver(rules).best_total(board, 0)
    assert sum(move.loss for move in review.moves) == review.best_total - review.score
    assert all(move.loss >= 0 for move in review.moves)


def test_in_a_game_the_floor_decides_no_move_loses_and_values_are_on_totals() -> None:
    """Under relaxed rules every line of this board ends below 0 and is raised to
    the floor: the 9 points of the first move are given back at the end."""
    board = read_board("RGRY\nGGYB\nGGBG")
    rules = preset_rules("relaxed")
    moves = [parse_cell("A1")]
    review = review_game(board, rules, moves, EXACT)
    assert review.finished
    assert (review.best_total, review.score) == (0, 0)
    [move] = review.moves
    assert (move.points, move.value_before, move.value_after, move.loss) == (9, 0, -9, 0)
    assert move.label is MoveLabel.BEST


def test_without_a_floor_the_best_total_may_be_negative() -> None:
    board = read_board("BGB\nRBR\nGGR")
    rules = preset_rules("jsgames")
    best = ExactSolver(rules).best_total(board, 0)
    assert best is not None
    assert best < 0
    for first in (parse_cell("A1"), parse_cell("C1")):
        review = review_game(board, rules, [first], EXACT)
        assert review.best_total == best
        assert sum(move.loss for move in review.moves) == best - review.end_total


@pytest.mark.parametrize(
    ("name", "bonus"), [("basic", 1000), ("relaxed", 1000), ("jsgames", 1000), ("no-bonus", 0)]
)
def test_a_clear_is_worth_the_presets_bonus(name: str, bonus: int) -> None:
    """Two tiles of one colour: the only line clears and scores the bonus."""
    board = Board.from_columns([[0, 0]], 1, 2)
    review = review_game(board, preset_rules(name), [Cell(0, 0)], EXACT)
    assert (review.best_total, review.score) == (bonus, bonus)


def test_leaving_one_tile_of_a_colour_strands_it() -> None:
    board = Board.from_columns([[0, 0], [1, 1], [0]], 3, 2)
    review = review_game(board, RULE_SETS["basic"], [Cell(0, 0), Cell(0, 0)], EXACT)
    first = review.moves[0]
    assert (first.loss, first.label) == (1001, MoveLabel.BLUNDER)
    assert first.preferred_group == (Cell(1, 0), Cell(1, 1))
    assert first.reason.kind is ReasonKind.STRANDED_COLOUR
    assert (first.reason.colour, first.reason.tiles, first.reason.cells) == (0, 1, (Cell(1, 0),))


def test_a_move_after_which_no_line_clears_gives_up_the_clear() -> None:
    board = read_board("GGB\nBRR")
    review = review_game(board, RULE_SETS["basic"], [parse_cell("B1")], EXACT)
    [move] = review.moves
    assert move.loss > 0
    assert move.reason.kind is ReasonKind.GAVE_UP_CLEAR
    assert move.reason.bonus == 1000


def test_without_a_bonus_or_penalty_the_clear_is_no_reason() -> None:
    board = read_board("GGB\nBRR")
    rules = RULE_SETS["no-bonus"]
    played = board.group_at(parse_cell("B1"))
    assert played is not None
    solved = ExactSolver(RULE_SETS["basic"]).best_line(board, 0)
    assert solved is not None
    assert solved[0] >= 1000, "a line that clears"
    after = ExactSolver(rules).best_line(board.remove(played), 0)
    assert after is not None
    reason = move_reason(
        board,
        played,
        rules,
        base=0,
        preferred=solved[1],
        after_line=after[1],
        exact=True,
        after_can_clear=False,
    )
    assert reason.kind is not ReasonKind.GAVE_UP_CLEAR
