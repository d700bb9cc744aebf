"""Properties of a review on small random boards and random legal lines: no loss
is negative, the losses add up to the best total less the end total, ``best``
exactly when nothing was lost, the exact values within the exact bound, a found
line credited to the positions it passes, determinism, and a stopped review."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
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
from samegame.review.review import Review, position_seed, recheck
from samegame.review.values import (
    PositionValue,
    SettledPosition,
    follow,
    played_line,
    settle_line,
    value_position,
)

SEARCH_ONLY = ReviewBudget(level=1, iterations=4, exact_tiles=0, warm_level=1, warm_iterations=4)
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
    the moves that followed it lost nothing, whatever the later first searches
    find (no search again: one from a known line may find more than this one)."""
    board = standard_positions()[2]
    rules = RULE_SETS["basic"]
    budget = ReviewBudget(level=1, iterations=3, exact_tiles=0, warm_iterations=0, recheck=0)
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
    settled = settle_line(played, found, rules)
    assert [position.total for position in settled[:3]] == [best, best, best]
    assert settled[3].total < best
    assert [position.played_is_preferred for position in settled[:3]] == [True, True, False]
    assert settled[2].line == line[2:]


def test_the_same_seed_gives_the_same_review() -> None:
    board = standard_positions()[0]
    rules = RULE_SETS["basic"]
    moves = list(search(NrpaSpec(level=1, iterations=2), board, rules, 0, 1).moves[:8])
    # The searches for a clear too, small: at the default budget they cost a 15x15
    # position about two seconds each.
    budget = ReviewBudget(
        level=1, iterations=6, warm_level=1, warm_iterations=6, clear_width=64, clear_iterations=2
    )
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


def _known_lines(review: Review) -> list[tuple[int, tuple[Cell, ...]]]:
    """Every line the review knows, with the position it is from: what each
    position's search found, and each move's preferred line."""
    lines = [(i, value.line) for i, value in enumerate(review.values)]
    return lines + [(move.index, move.preferred_line) for move in review.moves]


@settings(max_examples=60)
@given(played=played_games())
def test_values_agree_with_every_line_found_and_are_replayed_lines(played: Played) -> None:
    """Issue 44, item 3: a line found from one position that reaches the board of
    a later one (by the played moves or in another order) is a line from that
    position, so the later value is at least its rest; a value is never less than
    a later one (the played moves lead there); every value is a replayed line."""
    board, name, moves = played
    rules = RULE_SETS[name]
    review = review_game(board, rules, moves, SEARCH_ONLY, seed=3)
    if not review.moves:
        return
    line = played_line(board, rules, moves)
    totals = [move.preferred_total for move in review.moves] + [review.end_total]
    for move in review.moves:
        i = move.index
        assert move.value_before >= move.points + move.value_after
        replayed = follow(line.boards[i], rules, line.bases[i], move.preferred_line)
        assert replayed[0] == move.preferred_total, "a value is a line replayed"
    where = {position: j for j, position in enumerate(line.boards)}
    for start, known in _known_lines(review):
        position = line.boards[start]
        for step, cell in enumerate(known):
            group = position.group_at(cell)
            assert group is not None
            position = position.remove(group)
            later = where.get(position)
            if later is not None and later > start:
                rest = follow(position, rules, line.bases[later], known[step + 1 :])[0]
                assert totals[later] >= rest, (start, later, rest, totals)


def _losses(settled: tuple[SettledPosition, ...]) -> list[SimpleNamespace]:
    return [
        SimpleNamespace(loss=before.total - after.total)
        for before, after in itertools.pairwise(settled)
    ]


def _commuting_best_line(rules: Rules) -> tuple[Board, int, tuple[Cell, ...], int]:
    """A small board whose exact best line has two moves in a row that can be
    played the other way round to the same board, and where."""
    import random

    rng = random.Random(44)
    while True:
        text = "\n".join("".join(rng.choice("RGB") for _ in range(4)) for _ in range(3))
        board = read_board(text)
        solved = ExactSolver(rules).best_line(board, 0)
        assert solved is not None
        best, line = solved
        position = board
        for k in range(len(line) - 2):
            first, second = position.group_at(line[k]), position.group_at(line[k + 1])
            assert first is not None
            after_first = position.remove(first)
            second = after_first.group_at(line[k + 1])
            assert second is not None
            swapped_first = position.group_at(line[k + 1])
            if swapped_first is not None and swapped_first.mask == second.mask:
                swapped = position.remove(swapped_first)
                again = swapped.group_at(line[k])
                if (
                    again is not None
                    and again.size >= rules.min_group
                    and swapped.remove(again) == after_first.remove(second)
                ):
                    return board, best, line, k
            position = after_first


def test_a_line_found_earlier_in_another_order_lifts_the_later_positions() -> None:
    """The best line plays X then Y; the player plays Y then X (the same board
    after both) and then leaves the line. The searches from the later positions
    find worse lines: the moves up to the board the best line passes lost
    nothing, however they were ordered."""
    rules = RULE_SETS["basic"]
    board, best, line, k = _commuting_best_line(rules)
    moves = [*line[:k], line[k + 1], line[k]]
    played = played_line(board, rules, moves)
    found = [PositionValue(best, line, True, False, True)]
    for i in range(1, len(moves) + 1):
        weak = _last_group_line(played.boards[i], rules)
        total, clears = follow(played.boards[i], rules, played.bases[i], weak)
        found.append(PositionValue(total, tuple(weak), clears, False, None))
    assert any(value.total < best for value in found[1 : k + 3]), "the later searches miss it"
    settled = settle_line(played, found, rules)
    assert [position.total for position in settled[: k + 3]] == [best] * (k + 3)
    assert [move.loss for move in _losses(settled)][: k + 2] == [0] * (k + 2)


def _random_game(seed: int, rules: Rules) -> tuple[Board, list[Cell]]:
    import random

    rng = random.Random(seed)
    board = read_board("\n".join("".join(rng.choice("RGB") for _ in range(6)) for _ in range(5)))
    moves, position = [], board
    while groups := position.groups(rules.min_group):
        group = rng.choice(groups)
        moves.append(group.anchor)
        position = position.remove(group)
    return board, moves


def test_every_searched_position_is_searched_again_from_a_known_line_and_never_lowered() -> None:
    """Once every position is valued, each one the exact solver did not settle is
    searched again, last to first, from the best line known through it; then
    the positions around the costly moves are searched more, and the lines
    carried over added; no value is below what the first searches alone give."""
    rules = RULE_SETS["basic"]
    small = {"level": 1, "iterations": 2, "exact_tiles": 0, "warm_level": 1}
    budget = ReviewBudget(**small, warm_iterations=3, recheck_positions=40)
    labelled = 0
    for seed in range(6):
        board, moves = _random_game(seed, rules)
        review = review_game(board, rules, moves, budget, seed)
        assert review.rechecked
        searched = [i for i, value in enumerate(review.values) if not value.exact]
        assert [position for position, _ in review.extra[: len(searched)]] == searched[::-1]
        more = {position for position, _ in review.extra[len(searched) :]}
        costly = [m for m in review.moves if m.label not in (MoveLabel.BEST, MoveLabel.GOOD)]
        labelled += len(costly)
        if costly:
            assert more, "the positions around a costly move are searched more"
        plain = review_game(
            board, rules, moves, ReviewBudget(**small, warm_iterations=0, recheck=0), seed
        )
        assert plain.values == review.values, "the first searches are the same"
        assert review.best_total >= plain.best_total
        for warm, cold in zip(review.moves, plain.moves, strict=True):
            assert warm.preferred_total >= cold.preferred_total
    assert labelled > 0


@settings(max_examples=40, deadline=None)
@given(played=played_games(), selective=st.booleans(), seed=st.integers(0, 2**32))
def test_a_search_begun_from_a_line_never_finds_less_than_it(
    played: Played, selective: bool, seed: int
) -> None:
    """A search of one playout begun from the best line of the board (the exact
    solver's): its value is that line's total, the most any line reaches, and a
    whole line replayed to it; with selective playouts the best line is often
    not one the search could play (a tabu colour's group taken early), and
    still."""
    board, name, _ = played
    rules = RULE_SETS[name]
    solved = ExactSolver(rules).best_line(board, 0)
    assert solved is not None
    best, warm = solved
    budget = ReviewBudget(level=1, iterations=1, exact_tiles=0, tabu_above=0 if selective else 99)
    value = value_position(board, rules, 0, budget, seed, warm=warm)
    assert value.total == best
    assert follow(board, rules, 0, value.line) == (value.total, value.clears)


@settings(max_examples=30, deadline=None)
@given(played=played_games())
def test_searched_again_every_value_is_a_line_no_better_than_the_exact_one(played: Played) -> None:
    """With the searches from known lines, every value is still a bound from
    below: at most the exact solver's, and a move is worse than best only when
    the line preferred (replayed) reaches more than the move played can."""
    board, name, moves = played
    rules = RULE_SETS[name]
    review = review_game(board, rules, moves, SEARCH_ONLY, seed=5)
    check_consistent(review, board, rules, moves)
    line = played_line(board, rules, moves)
    solver = ExactSolver(rules)
    for move in review.moves:
        i = move.index
        for position, value in ((i, move.value_before), (i + 1, move.value_after)):
            best = solver.best_total(line.boards[position], line.bases[position])
            assert best is not None
            assert value <= best - line.bases[position]
        if move.loss > 0:
            exact_after = solver.best_total(line.boards[i + 1], line.bases[i + 1])
            assert exact_after is not None
            replayed = follow(line.boards[i], rules, line.bases[i], move.preferred_line)[0]
            assert replayed == move.preferred_total
            assert move.preferred_total - move.loss <= exact_after


def test_searches_again_stopped_go_on_from_what_was_kept_to_the_same_review() -> None:
    """``recheck`` stopped after some searches and asked again with what it gave
    so far: it searches only the rest, and gives what one run gives."""
    rules = RULE_SETS["basic"]
    budget = ReviewBudget(
        level=1, iterations=2, exact_tiles=0, warm_level=1, warm_iterations=3, recheck_positions=40
    )
    board, moves = _random_game(4, rules)
    found = review_game(board, rules, moves, budget, 4).values
    played = played_line(board, rules, moves)
    args = (played, rules, moves, found, budget, 4)
    whole = recheck(*args)
    assert whole is not None
    assert len(whole) > len(found) > 3
    for cut in (1, len(found) // 2, len(whole) - 1):
        saved: list[tuple[tuple[int, PositionValue], ...]] = []

        def stop(saved: Sequence[object] = saved, cut: int = cut) -> bool:
            return len(saved) >= cut

        assert recheck(*args, stop, None, (), saved.append) is None
        assert saved[-1] == whole[:cut]
        more: list[tuple[tuple[int, PositionValue], ...]] = []
        assert recheck(*args, None, None, saved[-1], more.append) == whole
        assert len(more) == len(whole) - cut, "what was kept is not searched again"
