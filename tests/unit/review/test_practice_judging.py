"""The practice's judgement of an answer (``samegame review --practice``) on the
review's own values (issue 44), held to independent oracles: the exact solver
of the whole board, and the lines the review holds, replayed here.

Every answer of every practice position of random games on small boards is
judged as the practice judges it (``PracticeJudge.judgement``: the sentence and
its numbers).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.formulas import BASIC
from samegame.core.rng import StableRandom
from samegame.core.rules import Rules
from samegame.i18n import translator
from samegame.repl.practice_judge import PracticeJudge
from samegame.repl.review_practice import practice_moves
from samegame.repl.review_words import CLAIMS, Claim, ReviewWords
from samegame.review import ReviewBudget, review_game
from samegame.review.exact import ExactSolver
from samegame.review.judging import ANSWER_EXACT_TILES
from samegame.review.review import Review, ReviewedMove
from samegame.review.values import PlayedLine, follow, played_line

RULES = Rules(BASIC, clear_bonus=1000)
TR = translator("en")
WORDS = ReviewWords(TR)


def random_game(seed: int, width: int, height: int, colours: int) -> tuple[Board, list[Cell]]:
    """A random board and a game of random legal moves on it."""
    rng = StableRandom(seed)
    columns = [[rng.below(colours) for _ in range(height)] for _ in range(width)]
    board = Board.from_columns(columns, width, height)
    moves, position = [], board
    while groups := position.groups(RULES.min_group):
        group = groups[rng.below(len(groups))]
        moves.append(group.anchor)
        position = position.remove(group)
    return board, moves


def reviewed(
    seed: int, size: tuple[int, int], colours: int, budget: ReviewBudget
) -> tuple[Review, PlayedLine, PracticeJudge]:
    board, moves = random_game(seed, *size, colours)
    review = review_game(board, RULES, moves, budget, seed)
    played = played_line(board, RULES, moves)
    practice = PracticeJudge(TR, review, played, RULES, budget, seed)
    return review, played, practice


def verdict(practice: PracticeJudge, board: Board, move: ReviewedMove, cell: Cell) -> Any:
    """The verdict's catalogue key and values."""
    said, _ = practice.judgement(board, move, cell)
    return said[-1]


EXACT_BUDGET = ReviewBudget(level=1, iterations=3, exact_tiles=12, warm_level=1, warm_iterations=3)
"""A weak search, and the review's exact solver on positions of 12 tiles or fewer."""


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), colours=st.sampled_from([2, 3]))
@example(seed=70, colours=2)  # the preferred move judged by its found total, not exactly
@example(seed=280, colours=3)
@example(seed=99, colours=2)  # "N fewer than the move played" proven on a found played value
@example(seed=99, colours=3)
def test_no_wrong_verdict_where_the_exact_solver_settles_the_answer(
    seed: int, colours: int
) -> None:
    """Every answer of every practice position, against the exact solver of the
    whole board: the answer's total and the move played's are their true bests
    (the practice's exact solver settles every position of these boards, beyond
    the review's own bound of 12 tiles), so every verdict is proven and true,
    and the points more or fewer said are the true difference."""
    review, played, practice = reviewed(seed, (5, 4), colours, EXACT_BUDGET)
    assert ANSWER_EXACT_TILES >= 20
    oracle = ExactSolver(RULES, 20, 10**7)
    for move in practice_moves(review):
        i = move.index
        position = played.boards[i]
        true_played = oracle.best_total(played.boards[i + 1], played.bases[i + 1])
        for group in position.groups(RULES.min_group):
            key, values = verdict(practice, position, move, group.anchor)
            base = played.bases[i] + RULES.points(group.size)
            after = position.remove(group)
            true_answer = oracle.best_total(after, base)
            assert true_played is not None
            assert true_answer is not None
            total = values["total"]
            if key.startswith("review.practice.same"):
                assert (key, total) == ("review.practice.same", true_played)
                continue
            if "more" in values:
                assert values["more"] == WORDS.points(total - true_played), (key, values)
            if "fewer" in values:
                assert values["fewer"] == WORDS.points(true_played - total), (key, values)
            truth = (
                "better"
                if true_answer > true_played
                else "equal"
                if true_answer == true_played
                else "worse"
            )
            kind = key.split(".")[2]
            if CLAIMS[key] is Claim.PROVEN:
                assert kind == truth, (key, values, true_answer, true_played)
                assert total <= true_answer
                # The points more or fewer said against the move played are true.
                if "fewer" in values:
                    assert values["fewer"] == WORDS.points(true_played - total), (key, values)
                if "more" in values:
                    assert values["more"] == WORDS.points(total - true_played), (key, values)
            # Every position of 20 tiles is settled within the budget's bound of
            # positions: the answer is judged exactly (up to ANSWER_EXACT_TILES,
            # beyond the review's 12).
            assert total == true_answer, (key, values, true_answer)
            assert CLAIMS[key] is Claim.PROVEN, key
            assert kind == truth, (key, values, true_answer, true_played)


WEAK_BUDGET = ReviewBudget(level=1, iterations=1, exact_tiles=0, recheck=0, warm_iterations=0)
"""The search alone, a playout a search: the answer's own search often misses
what the review found."""


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32))
@example(seed=39)  # an answer judged by its own search alone, below a line the review held
@example(seed=37)
@example(seed=63)
def test_an_answer_is_worth_every_line_the_review_holds_through_its_position(seed: int) -> None:
    """A line the review found from the position before the move, or from an
    earlier one, that passes through the position after an answer is a line
    after the answer: its rest, replayed here from there, reaches at most the
    answer's total said, and an answer it shows beats the move played is said
    better."""
    review, played, practice = reviewed(seed, (6, 5), 3, WEAK_BUDGET)
    for move in practice_moves(review):
        i = move.index
        position = played.boards[i]
        tiles = position.tile_count()
        said_played = move.preferred_total - move.loss
        answers = {
            position.remove(group): group
            for group in position.groups(RULES.min_group)
            if not group.mask & position.bit(move.played)
        }
        for start in range(i + 1):
            line = review.values[start].line
            line_board = played.boards[start]
            for step, cell in enumerate(line):
                if line_board.tile_count() < tiles:
                    break
                line_group = line_board.group_at(cell)
                assert line_group is not None
                line_board = line_board.remove(line_group)
                group = answers.get(line_board)
                if group is None:
                    continue
                base = played.bases[i] + RULES.points(group.size)
                reached = follow(line_board, RULES, base, line[step + 1 :])[0]
                key, values = verdict(practice, position, move, group.anchor)
                assert values["total"] >= reached, (key, values, reached)
                if reached > said_played:
                    assert key.startswith("review.practice.better"), (key, reached, said_played)
