"""Reviews under the settlement of several presets (bonus, penalty, floor), and
the reasons a costly move is given."""

from __future__ import annotations

import functools
from collections import Counter

import pytest
from hypothesis import example, given, settings
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
    NaiveBoard,
    anchor_of,
    naive,
    naive_boards,
    naive_group,
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
    before = board.group_at(parse_cell("B1"))
    assert before is not None
    reason = move_reason(board, before, rules, best_clears=True, after_can_clear=False)
    assert reason.kind is not ReasonKind.GAVE_UP_CLEAR


def _basic(n: int) -> int:
    return (n - 2) ** 2 if n >= 2 else 0


@settings(max_examples=200)
@given(nb=naive_boards(max_width=5, max_height=4, max_colours=3), pick=st.integers(0, 50))
@example(nb=naive(2, 3, [[0, 0, 1], [2, 2, 1]]), pick=0)  # a pair split in two: no cost
@example(nb=naive(2, 3, [[0, 0, 1], [2, 1, 1]]), pick=0)  # three split in one and two
def test_a_split_group_is_the_one_whose_parts_lose_the_most_points(
    nb: NaiveBoard, pick: int
) -> None:
    """Against the naive reference: every tile carries a name through the
    removal, each group before is looked for among the groups after, and its
    parts there are scored as they lie."""
    rules = RULE_SETS["no-bonus"]  # (n-2)^2 and no clear at stake: a split or nothing
    groups = sorted(naive_groups(nb, rules.min_group), key=anchor_of)
    if not groups:
        return
    removed = groups[pick % len(groups)]
    names = [
        [col * 100 + row for row in range(len(column))] for col, column in enumerate(nb.columns)
    ]
    named_after = naive_remove(naive(nb.width, nb.height, names), removed)
    after = naive_remove(nb, removed)
    where = {
        name: (c, r)
        for c, column in enumerate(named_after.columns)
        for r, name in enumerate(column)
    }
    costs = {}
    for group in groups:
        if group == removed:
            continue
        parts = Counter(min(naive_group(after, where[c * 100 + r])) for c, r in group)
        if len(parts) > 1:
            costs[group] = _basic(len(group)) - sum(map(_basic, parts.values()))
    worst = max(costs.values(), default=0)
    board = to_board(nb)
    played = board.group_at(Cell(*anchor_of(removed)))
    assert played is not None
    reason = move_reason(board, played, rules, best_clears=False, after_can_clear=None)
    if worst > 0:
        assert reason.kind is ReasonKind.SPLIT_GROUP
        assert reason.points == worst
        largest = max(len(group) for group, cost in costs.items() if cost == worst)
        assert len(reason.cells) == largest
        assert reason.parts > 1
    else:
        assert reason.kind is ReasonKind.NONE
