"""The judge of a practice answer on a reviewed position: the one function that
says whether a move played instead of a reviewed one is better, and the search's
choice (``hint``), for the terminal's practice (``samegame review --practice``,
``samegame.repl.review_practice``) and the web page's (``samegame.web.page_reviews``)
alike, in the same words.

Contracts: a cell names its group, judged at once and never removed: the final
score the game reaches from there against what the played move reached. A
comparison is said as proven only when the exact solver settled it
(``samegame.repl.review_words.CLAIMS``); an answer is valued on the review's own
values (``samegame.review.judging``: the exact solver where it settles the
position after the answer, the lines the review holds through it, and a search
seeded by the review's seed, the move and the group's anchor, so the same answer
is judged the same). A cell off the board, on an empty cell or on
a tile too small a group is told it names no group. Nothing is saved.
"""

from __future__ import annotations

from typing import Any

from samegame.core.board import Board
from samegame.core.coords import Cell, format_cell
from samegame.core.rules import Rules
from samegame.i18n import Translator
from samegame.repl.review_words import ReviewWords
from samegame.review.judging import AnswerJudge, AnswerVerdict
from samegame.review.review import Review, ReviewedMove
from samegame.review.values import PlayedLine, ReviewBudget

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
        self.rules = rules
        self.answers = AnswerJudge(review, played, rules, budget, seed)

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
        whether it beats the played move, on the review's consistent values
        (``samegame.review.judging``). A comparison is said as proven only when
        the exact solver settled it (``samegame.repl.review_words.CLAIMS``): the
        answer better when the position after the move played is exact, as good or
        worse when both positions are; else as what the search found. The points
        more or fewer are the difference of the two totals."""
        try:
            group = board.group_at(cell)
        except ValueError:  # off the board
            group = None
        if group is None or group.size < self.rules.min_group:
            return [("review.practice.not_a_group", {"cell": format_cell(cell)})], False
        judged = self.answers.judge(move.index, group)
        if judged.verdict is AnswerVerdict.SAME:
            key = "review.practice.same" if judged.proven else "review.practice.same.found"
            return [(key, {"total": judged.played_total})], False
        answer = ("review.practice.answer", {"group": self.words.group(board, group, self.rules)})
        total = judged.total
        if judged.verdict is AnswerVerdict.BETTER:
            key = "review.practice.better" + (".best" if judged.best else "")
            key += "" if judged.proven else ".found"
            return [answer, (key, {"total": total, "more": self.words.points(judged.more)})], True
        if judged.verdict is AnswerVerdict.EQUAL:
            key = "review.practice.equal" if judged.proven else "review.practice.equal.found"
            return [answer, (key, {"total": total})], False
        key = "review.practice.worse" if judged.proven else "review.practice.worse.found"
        return [answer, (key, {"total": total, "fewer": self.words.points(-judged.more)})], False
