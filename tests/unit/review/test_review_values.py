"""Properties of a review on small random boards and random legal lines: no loss
is negative, the losses add up to the best total less the end total, ``best``
exactly when nothing was lost, the exact values within the exact bound, a found
line credited to the positions it passes, determinism, and a stopped review."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from review_cases import RULE_SETS, played_games

from samegame.benchmark.positions import standard_positions
from samegame.bots.search.engine import search
from samegame.bots.search.spec import NrpaSpec
from samegame.core.board import Board
from samegame.core.coords import Cell, parse_cell
from samegame.core.game import Game
from samegame.core.rules import Rules
from samegame.core.textboard import read_board
from samegame.review import MoveLabel, ReviewBudget, review_game
from samegame.review.exact import ExactSolver
from samegame.review.review import Review, position_seed
from samegame.review.values import (
    PositionValue,
    follow,
    played_line,
    settle_line,
    value_position,
)

SEARCH_ONLY = ReviewBudget(level=1, iterations=4, exact_tiles=0)
"""A small search and no exact solver: values are bounds from below."""

EXACT = ReviewBudget(level=1, iterations=1)
"""Every position of a small board within the exact solver's bounds."""

Played = tuple[Board, str, list[Cell]]


def check_consistent(review: Review, board: Board, rules: Rules, moves: list[Cell]) -> None:
    """What every review holds, however good its search."""
    line = played_line(board, rules, moves)
    assert review.reviewed == len(moves) == review.total_moves
    for move in review.moves:
        assert move.loss >= 0
        assert move.loss == move.value_before - move.points - move.value_after
        assert (move.label is MoveLabel.BEST) == (move.loss == 0)
        assert move.preferred in move.preferred_group
        assert move.played in move.played_group
        assert (move.loss == 0) == (move.preferred in move.played_group)
        assert move.preferred_value == move.value_before
        assert move.points == line.points[move.index]
    assert review.lost == review.best_total - review.end_total
    assert review.finished == line.finished
    if line.finished:
        game = Game(board, rules)
        for cell in moves:
            game.play(cell)
        result = game.result()
        assert result is not None
        assert review.score == review.end_total == result.score


@settings(max_examples=30)
@given(played=played_games())
def test_a_search_only_review_is_consistent(played: Played) -> None:
    board, name, moves = played
    rules = RULE_SETS[name]
    check_consistent(review_game(board, rules, moves, SEARCH_ONLY, seed=3), board, rules, moves)


@given(played=played_games())
def test_within_the_exact_bound_every_value_is_the_exact_one(played: Played) -> None:
    board, name, moves = played
    rules = RULE_SETS[name]
    review = review_game(board, rules, moves, EXACT, seed=3)
    check_consistent(review, board, rules, moves)
    line = played_line(board, rules, moves)
    for move in review.moves:
        i = move.index
        for position, value in ((i, move.value_before), (i + 1, move.value_after)):
            best = ExactSolver(rules).best_total(line.boards[position], line.bases[position])
            assert best is not None
            assert value == best - line.bases[position]
        assert move.exact
    if review.moves:
        assert review.best_total == ExactSolver(rules).best_total(board, 0)


def test_a_found_line_followed_by_the_player_is_credited_to_the_moves_that_follow_it() -> None:
    """The player plays the first search's line for a few moves, then leaves it:
    the moves that followed it lost nothing, whatever the later searches find."""
    board = standard_positions()[2]
    rules = RULE_SETS["basic"]
    budget = ReviewBudget(level=1, iterations=3, exact_tiles=0)
    first = value_position(board, rules, 0, budget, position_seed(9, 0))
    followed = 12
    line = played_line(board, rules, first.line[:followed])
    groups = line.boards[-1].groups(rules.min_group)
    other = next(g for g in groups if first.line[followed] not in line.boards[-1].cells(g.mask))
    moves = [*first.line[:followed], other.anchor]
    review = review_game(board, rules, moves, budget, seed=9)
    assert review.best_total >= first.total
    assert [move.loss for move in review.moves[:followed]] == [0] * followed


def _last_group_line(board: Board, rules: Rules) -> list[Cell]:
    """A weak line: the last group by anchor, every move."""
    line = []
    while groups := board.groups(rules.min_group):
        line.append(groups[-1].anchor)
        board = board.remove(groups[-1])
    return line


def test_a_line_found_earlier_is_credited_to_the_positions_it_passes() -> None:
    """The line found at the first position is followed for two moves, then
    left; the lines found from the later positions are worse. The first two
    moves lost nothing (the first line runs through their positions), the third
    lost it all."""
    board = read_board("GGBB\nRRGG\nRRBB")
    rules = RULE_SETS["basic"]
    solved = ExactSolver(rules).best_line(board, 0)
    assert solved is not None
    best, line = solved
    moves = [*line[:2], parse_cell("A1")]
    played = played_line(board, rules, moves)
    assert not played.groups[2].mask & played.boards[2].bit(line[2])
    found = [PositionValue(best, line, True, False, True)]
    for i in range(1, len(moves) + 1):
        weak = _last_group_line(played.boards[i], rules)
        total, clears = follow(played.boards[i], rules, played.bases[i], weak)
        assert total < best
        found.append(PositionValue(total, tuple(weak), clears, False, None))
    settled = settle_line(played, found)
    assert [position.total for position in settled[:3]] == [best, best, best]
    assert settled[3].total < best
    assert [position.played_is_preferred for position in settled[:3]] == [True, True, False]
    assert settled[2].line == line[2:]


def test_the_same_seed_gives_the_same_review() -> None:
    board = standard_positions()[0]
    rules = RULE_SETS["basic"]
    moves = list(search(NrpaSpec(level=1, iterations=2), board, rules, 0, 1).moves[:8])
    budget = ReviewBudget(level=1, iterations=6)
    assert review_game(board, rules, moves, budget, 5) == review_game(
        board, rules, moves, budget, 5
    )


def test_a_stopped_review_keeps_the_moves_before_the_last_position_valued() -> None:
    board = Board.from_columns([[0, 1, 0], [1, 1, 0], [2, 0, 2], [2, 1, 0]], 4, 3)
    rules = RULE_SETS["basic"]
    moves = [Cell(1, 1), Cell(0, 0), Cell(0, 0)]
    calls: list[tuple[int, int]] = []
    stopped = review_game(
        board,
        rules,
        moves,
        EXACT,
        progress=lambda done, total: calls.append((done, total)),
        stop=lambda: len(calls) == 3,
    )
    assert calls == [(1, 4), (2, 4), (3, 4)]
    assert stopped.reviewed == 2
    assert not stopped.complete
    assert stopped.total_moves == 3
    whole = review_game(board, rules, moves, EXACT)
    assert whole.complete
    assert stopped.moves == whole.moves[:2]
    assert review_game(board, rules, moves, EXACT, stop=lambda: True).reviewed == 0


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ([Cell(0, 0), Cell(5, 0)], r"move 2 \(F1\)"),
        ([Cell(2, 0)], r"move 1 \(C1\) is not a group of 2 or more tiles"),
        ([Cell(0, 2)], r"move 1 \(A3\) is not a group"),
    ],
)
def test_a_move_that_cannot_be_played_is_named(moves: list[Cell], message: str) -> None:
    board = Board.from_columns([[0, 0], [1, 1], [0]], 3, 3)
    with pytest.raises(ValueError, match=message):
        review_game(board, RULE_SETS["basic"], moves, EXACT)


@pytest.mark.parametrize(
    "numbers",
    [
        {"level": 0},
        {"iterations": 0},
        {"exact_tiles": -1},
        {"exact_tiles": 201},
        {"exact_positions": 0},
    ],
)
def test_a_budget_out_of_bounds_is_refused(numbers: dict[str, int]) -> None:
    with pytest.raises(ValueError, match="a review's"):
        ReviewBudget(**numbers)
