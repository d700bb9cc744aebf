"""The judge of a practice answer on a reviewed position: the one function that
says whether a move played instead of a reviewed one is better, and the search's
choice (``hint``), for the terminal's practice (``samegame review --practice``,
``samegame.repl.review_practice``) and the web page's (``samegame.web.page_reviews``)
alike, in the same words.

Contracts: a cell names its group, judged at once and never removed: the final
score the game reaches from there against what the played move reached. A
comparison is said as proven only when the exact solver settled it
(``samegame.repl.review_words.CLAIMS``); an answer is valued by the review's own
search with a seed drawn from the review's, the move and the group's anchor, so
the same answer is judged the same. A cell off the board, on an empty cell or on
a tile too small a group is told it names no group. Nothing is saved.
"""

from __future__ import annotations

from typing import Any

from samegame.core.board import Board, Group
from samegame.core.coords import Cell, format_cell
from samegame.core.rng import derive_seed
from samegame.core.rules import Rules
from samegame.i18n import Translator
from samegame.repl.review_words import ReviewWords
from samegame.review.review import Review, ReviewedMove
from samegame.review.values import PlayedLine, ReviewBudget, value_position

__all__ = ["PracticeJudge"]


class PracticeJudge:
    """Judges answers on the positions of one reviewed game (see the module)."""

    def __init__(
        self,
        tr: Translator,
        review: Review,
        played: PlayedLine,
        rules: Rules,
        budget: ReviewBudget,
        seed: int,
    ) -> None:
        self.tr = tr
        self.words = ReviewWords(tr)
        self.review = review
        self.played = played
        self.rules = rules
        self.budget = budget
        self.seed = seed

    def hint(self, board: Board, move: ReviewedMove) -> list[str]:
        """The search's choice on the position before ``move``: its preferred move."""
        preferred = board.group_at(move.preferred)
        assert preferred is not None
        return [
            self.tr("review.practice.hint", group=self.words.group(board, preferred, self.rules))
        ]

    def judge(self, board: Board, move: ReviewedMove, cell: Cell) -> tuple[list[str], bool]:
        """The words for an answer and whether it beats the played move."""
        said, better = self.judgement(board, move, cell)
        return [self.tr(judged, **values) for judged, values in said], better

    def judgement(
        self, board: Board, move: ReviewedMove, cell: Cell
    ) -> tuple[list[tuple[str, dict[str, Any]]], bool]:
        """The sentences (catalogue keys and their values) for an answer, and
        whether it beats the played move. A comparison is said as proven only when
        the exact solver settled it (``samegame.repl.review_words.CLAIMS``): the
        answer better when the position after the move played is exact, no better
        when the answer's own value is; else as what the search found."""
        words = self.words
        try:
            group = board.group_at(cell)
        except ValueError:  # off the board
            group = None
        if group is None or group.size < self.rules.min_group:
            return [("review.practice.not_a_group", {"cell": format_cell(cell)})], False
        played_total = move.preferred_total - move.loss
        if group.mask & board.bit(move.played):
            key = "review.practice.same" if move.after_exact else "review.practice.same.found"
            return [(key, {"total": played_total})], False
        if group.mask & board.bit(move.preferred):
            total, exact = move.preferred_total, move.exact
        else:
            total, exact = self.value_of(board, move, group)
        answer = ("review.practice.answer", {"group": words.group(board, group, self.rules)})
        more, fewer = words.points(total - played_total), words.points(played_total - total)
        if total > played_total and total >= move.preferred_total:
            key = (
                "review.practice.better.best"
                if move.after_exact
                else "review.practice.better.best.found"
            )
            return [answer, (key, {"total": total, "more": more})], True
        if total > played_total:
            key = "review.practice.better" if move.after_exact else "review.practice.better.found"
            return [answer, (key, {"total": total, "more": more})], True
        if total == played_total:
            key = (
                "review.practice.equal"
                if exact and move.after_exact
                else "review.practice.equal.found"
            )
            return [answer, (key, {"total": total})], False
        key = "review.practice.worse" if exact else "review.practice.worse.found"
        return [answer, (key, {"total": total, "fewer": fewer})], False

    def value_of(self, board: Board, move: ReviewedMove, group: Group) -> tuple[int, bool]:
        """The best final score found after removing ``group`` from the position
        before ``move``, by the review's search (its seed drawn from the review's
        and the group's anchor, so the same answer is judged the same), and whether
        it is exact."""
        base = self.played.bases[move.index] + self.rules.points(group.size)
        seed = derive_seed(
            "review-practice", self.seed, move.index, group.anchor.col, group.anchor.row
        )
        found = value_position(board.remove(group), self.rules, base, self.budget, seed)
        return found.total, found.exact
