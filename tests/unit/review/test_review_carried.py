"""A line found before a move, carried over to the position after it
(``samegame.review.carried``): always a whole legal line from there; the whole
rest of the line when the move played is the line's own first move; and, in a
review, a line carried over lifts the position after a move whose search missed
what the line before it found."""

from __future__ import annotations

import random

from hypothesis import given, settings
from review_cases import RULE_SETS, played_games

from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.textboard import read_board
from samegame.review import ReviewBudget
from samegame.review.carried import carried_line
from samegame.review.exact import ExactSolver
from samegame.review.review import recheck, review_of
from samegame.review.values import PositionValue, follow, played_line

Played = tuple[Board, str, list[Cell]]


@settings(max_examples=60, deadline=None)
@given(played=played_games())
def test_a_carried_line_is_a_whole_line_and_keeps_a_line_that_began_with_the_move(
    played: Played,
) -> None:
    board, name, moves = played
    rules = RULE_SETS[name]
    line = played_line(board, rules, moves)
    if not moves or not line.finished:
        return
    whole = tuple(group.anchor for group in line.groups)
    for group in board.groups(rules.min_group):
        after = board.remove(group)
        carried = carried_line(board, rules, whole, group)
        follow(after, rules, rules.points(group.size), carried)  # whole and legal
    first = line.groups[0]
    carried = carried_line(board, rules, whole, first)
    reached = follow(line.boards[1], rules, line.bases[1], carried)
    assert reached == follow(line.boards[1], rules, line.bases[1], whole[1:])


def _weak_line(board: Board, min_group: int) -> tuple[Cell, ...]:
    line = []
    while groups := board.groups(min_group):
        line.append(groups[-1].anchor)
        board = board.remove(groups[-1])
    return tuple(line)


def test_a_line_carried_over_lifts_the_position_after_the_move() -> None:
    """The best line of the board is known before the first move, which plays
    another group; after it only weak lines are known. The lines carried over
    (no search: no search again in the budget) lift the position after the move
    where the best line, carried, reaches more; each is a line replayed."""
    rules = RULE_SETS["basic"]
    budget = ReviewBudget(level=1, iterations=1, exact_tiles=0, warm_iterations=0, recheck=0)
    rng = random.Random(11)
    lifted = 0
    for _ in range(12):
        board = read_board(
            "\n".join("".join(rng.choice("RGB") for _ in range(5)) for _ in range(4))
        )
        solved = ExactSolver(rules).best_line(board, 0)
        assert solved is not None
        best, line = solved
        others = [g for g in board.groups(rules.min_group) if g != board.group_at(line[0])]
        if not others:
            continue
        first = others[-1].anchor
        rest = _weak_line(board.remove(others[-1]), rules.min_group)
        moves = [first, *rest]
        played = played_line(board, rules, moves)
        found = [PositionValue(best, line, follow(board, rules, 0, line)[1], False, None)]
        for i in range(1, len(played.boards)):
            weak = _weak_line(played.boards[i], rules.min_group)
            total, clears = follow(played.boards[i], rules, played.bases[i], weak)
            found.append(PositionValue(total, weak, clears, False, None))
        extra = recheck(played, rules, moves, found, budget, 0)
        assert extra is not None
        for position, value in extra:
            board_at, base = played.boards[position], played.bases[position]
            assert follow(board_at, rules, base, value.line) == (value.total, value.clears)
        plain = review_of(played, rules, moves, found, budget, 0)
        review = review_of(played, rules, moves, found, budget, 0, extra)
        before, after = plain.moves[0], review.moves[0]
        assert after.value_after >= before.value_after
        lifted += after.value_after > before.value_after
    assert lifted > 0
