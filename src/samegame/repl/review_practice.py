"""Practice on your own mistakes (``samegame review --practice``): the player is
put on the position before each costly move of a reviewed game, in turn, and
asked for a better move; each answer is judged on the review's own values
(``samegame.repl.practice_judge``, ``samegame.review.judging``).

Contracts: a cell names its group, which is judged at once (nothing is removed,
no confirmation): the final score the game reaches from there against what the
played move reached. The played move, or one no better, asks for another try;
``hint`` tells the search's choice, once per position, and the position counts
as found with a hint; ``skip`` goes to the next position; ``repeat`` (or ``last``)
says the position again, and any other word is told it is not a cell, never judged
(A40); the queries of the line interface (``board``, ``row 5``, ``groups red``
...) answer at every step; ``quit`` or the end of input leaves. Nothing is saved: the game's result, its
scores and its kept review are left as they were.
"""

from __future__ import annotations

from dataclasses import dataclass

from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.game import Game
from samegame.core.quoting import shown
from samegame.core.rules import Rules
from samegame.repl.commands import Kind
from samegame.repl.practice_judge import PracticeJudge
from samegame.repl.review_words import TOLD_FROM, ReviewWords
from samegame.repl.tutorial.voice import Left, Voice
from samegame.review.review import Review, ReviewedMove
from samegame.review.values import PlayedLine, ReviewBudget

__all__ = ["PracticeResult", "ReviewPractice", "practice_moves"]

SKIP_WORDS = ("skip", "s")


def practice_moves(review: Review) -> list[ReviewedMove]:
    """The moves practised, in the order played: every move labelled an
    inaccuracy or worse, or, when there is none, the costliest move (if any move
    lost points)."""
    chosen = [move for move in review.moves if move.label in TOLD_FROM]
    if not chosen and review.costliest:
        chosen = [review.costliest[0]]
    return chosen


@dataclass
class PracticeResult:
    """How the practice went: positions given, better moves found (with a hint
    among them), positions skipped; ``left`` when the player quit before the end."""

    positions: int
    found: int = 0
    hinted: int = 0
    skipped: int = 0
    left: bool = False


class ReviewPractice:
    """The practice of one reviewed game (see the module)."""

    def __init__(
        self,
        voice: Voice,
        review: Review,
        played: PlayedLine,
        rules: Rules,
        budget: ReviewBudget,
        seed: int,
    ) -> None:
        self.voice = voice
        self.tr = voice.tr
        self.words = ReviewWords(voice.tr)
        self.review = review
        self.played = played
        self.rules = rules
        self.judging = PracticeJudge(voice.tr, review, played, rules, budget, seed)

    def run(self) -> PracticeResult:
        """Every position in turn; Left is taken here and said."""
        moves = practice_moves(self.review)
        result = PracticeResult(len(moves))
        if not moves:
            self.voice.say(self.tr("review.practice.none"))
            return result
        self.voice.say(self.tr("review.practice.intro", count=len(moves)))
        try:
            for number, move in enumerate(moves, 1):
                self.position(number, len(moves), move, result)
        except Left:
            result.left = True
        self.voice.say(
            self.tr(
                "review.practice.done",
                count=result.positions,
                found=result.found,
                hinted=result.hinted,
            )
        )
        return result

    def position(self, number: int, count: int, move: ReviewedMove, result: PracticeResult) -> None:
        """One position: said, then answers until a better move, or ``skip``."""
        voice, tr, words = self.voice, self.tr, self.words
        board = self.played.boards[move.index]
        played = board.group_at(move.played)
        assert played is not None
        position = [
            tr(
                "review.practice.position",
                number=number,
                count=count,
                move=move.index + 1,
                score=self.played.bases[move.index],
            ),
            tr(
                "review.practice.played" if move.loss_proven else "review.practice.played.found",
                group=words.group(board, played, self.rules),
                label=tr(f"review.label.{move.label.value}"),
                lost=words.points(move.loss),
            ),
            *voice.board(board),
            tr("review.practice.ask"),
        ]
        voice.say("", *position)
        game = Game(board, self.rules)
        hinted = False
        while True:
            text = voice.read()
            if not text:
                continue
            if text.lower() in SKIP_WORDS:
                result.skipped += 1
                return
            command = voice.command(text)
            told = voice.query(command, game)
            if told is not None:
                voice.say(*told)
                continue
            if command is not None and command.kind is Kind.HINT:
                hinted = True
                voice.say(*self.hint(board, move))
                continue
            if command is not None and command.kind in (Kind.SELECT, Kind.CELL):
                assert command.cell is not None
                lines, better = self.judge(board, move, command.cell)
                voice.say(*lines)
                if better:
                    result.found += 1
                    result.hinted += hinted
                    return
                continue
            if command is not None and command.kind is Kind.HELP:
                voice.say(tr("review.practice.help"))
                continue
            if command is not None and command.kind is Kind.LAST:  # repeat: the position again
                voice.say(*position)
                continue
            voice.say(tr("review.practice.unknown", text=shown(text)))

    def hint(self, board: Board, move: ReviewedMove) -> list[str]:
        """The search's choice (``PracticeJudge.hint``)."""
        return self.judging.hint(board, move)

    def judge(self, board: Board, move: ReviewedMove, cell: Cell) -> tuple[list[str], bool]:
        """The words for an answer and whether it beats the played move
        (``PracticeJudge.judge``)."""
        return self.judging.judge(board, move, cell)
