"""The judgement of a practice answer (``samegame review --practice``): another
move typed at the position before a reviewed move, against the move played, on
the review's own consistent values (issue 44).

Contracts, for the position ``s_i`` before move ``i`` and an answer (a group of
``s_i``):

- **The move played** is worth the review's ``T(s_{i+1})``: its ``value_after``
  plus its points plus the points before it (``ReviewedMove.preferred_total -
  loss``), exact when the review's ``after_exact`` is; when it is not, the exact
  solver is tried on the position after it as on an answer's (the same bound of
  ``ANSWER_EXACT_TILES``), and its true value, when it settles it, is the
  played move's (the review's, a search's, can only be lower). An answer that is
  the move played (any cell of its group) is judged ``SAME`` with that total.
- **The answer** is worth the best of: the exact solver's value of the position
  after it, when it settles it within the budget's bound of positions on a
  position of at most ``ANSWER_EXACT_TILES`` tiles (or the budget's own tile
  bound when larger; none when the budget has no exact solver): then it is
  exact and nothing else is needed; every line the review holds
  (``Review.values`` and ``Review.extra``, from ``s_i`` or an earlier
  position) that passes through the position after the answer, its rest replayed from there with the answer's
  points; for the preferred move, the review's preferred total (exact when the
  position before is); and, for any other answer, one search of the review's
  search again (``ReviewBudget.warm``: as hard as the review's last search of a
  position, not its small first one) seeded by the review's seed, the move's index and the answer's anchor
  (so the same answer is judged the same). Every total is that of a line
  replayed from the position after the answer, so it is a bound from below of
  the answer's true value, and the true one when ``exact``.
- **The verdict** compares the two totals: ``BETTER`` when the answer's is
  higher (proven when the position after the move played is exact: the line
  replayed beats every line from there), ``EQUAL`` when they are the same
  (proven when both are exact), ``WORSE`` when lower (proven when both are
  exact too: the answer's alone proves it no better, but the points fewer are
  said against the move played, whose value must then be the true one).
  ``more`` is always the answer's total less the played total, the two totals
  the words state.

>>> from samegame.core.formulas import BASIC
>>> from samegame.core.rules import Rules
>>> from samegame.core.textboard import read_board
>>> from samegame.review.review import review_game
>>> from samegame.review.values import ReviewBudget, played_line
>>> rules = Rules(BASIC, clear_bonus=100)
>>> board, moves = read_board("RBR\\nRBB"), [Cell(0, 0), Cell(1, 0)]
>>> review = review_game(board, rules, moves, ReviewBudget(), seed=1)
>>> judge = AnswerJudge(review, played_line(board, rules, moves), rules, review.budget, 1)
>>> verdict = judge.judge(0, board.group_at(Cell(1, 0)))
>>> verdict.verdict.value, verdict.total, verdict.played_total, verdict.more, verdict.proven
('better', 102, 1, 101, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from samegame.core.board import Board, Group
from samegame.core.coords import Cell
from samegame.core.rng import derive_seed
from samegame.core.rules import Rules
from samegame.review.exact import ExactSolver
from samegame.review.review import Review, ReviewedMove
from samegame.review.values import (
    PlayedLine,
    PositionValue,
    ReviewBudget,
    exact_value,
    follow,
    value_position,
)

ANSWER_EXACT_TILES = 40
"""The largest position after an answer tried by the exact solver (within the
budget's bound of positions), above the review's 30: an answer is judged once, a
position at a time, so it can take the exact solver's work where the review,
valuing every position of a game, cannot; on 6x6 boards the search alone
misses the clear of positions of 31 to 34 tiles (benchmarks/results/review.md,
"Practice verdicts")."""

__all__ = [
    "ANSWER_EXACT_TILES",
    "AnswerJudge",
    "AnswerValue",
    "AnswerVerdict",
    "Judgement",
    "answer_seed",
]


class AnswerVerdict(StrEnum):
    """How an answer compares with the move played."""

    SAME = "same"
    BETTER = "better"
    EQUAL = "equal"
    WORSE = "worse"


@dataclass(frozen=True)
class AnswerValue:
    """The best line known from the position after an answer: its total (the
    game's final score), its moves from there, and whether it is exact."""

    total: int
    line: tuple[Cell, ...]
    exact: bool


@dataclass(frozen=True)
class Judgement:
    """An answer judged (see the module): the verdict, the answer's total (the
    played total for ``SAME``), the played move's total, whether the verdict is
    proven, and whether the answer reaches the review's preferred total."""

    verdict: AnswerVerdict
    total: int
    played_total: int
    proven: bool
    best: bool

    @property
    def more(self) -> int:
        """The answer's total less the played move's: the difference of the two
        totals stated."""
        return self.total - self.played_total


def answer_seed(seed: int, index: int, anchor: Cell) -> int:
    """The seed of the search of an answer at the position before move ``index``."""
    return derive_seed("review-practice", seed, index, anchor.col, anchor.row)


class AnswerJudge:
    """Judges answers at the positions before the moves of ``review`` (whose line
    is ``played``), with the review's ``budget`` and ``seed`` (see the module). The lines
    the review holds through the positions after each answer are gathered once a
    position."""

    def __init__(
        self,
        review: Review,
        played: PlayedLine,
        rules: Rules,
        budget: ReviewBudget,
        seed: int,
    ) -> None:
        self.review = review
        self.played = played
        self.rules = rules
        self.budget = budget
        self.seed = seed
        self.solver: ExactSolver | None = self.budget.solver(rules)
        tiles = max(budget.exact_tiles, ANSWER_EXACT_TILES) if budget.exact_tiles else 0
        self.answer_budget = replace(budget, exact_tiles=tiles)
        self.answer_solver: ExactSolver | None = self.answer_budget.solver(rules)
        # An answer is searched as hard as the review searched its positions last
        # (the search again), not with the small first search.
        self.search_budget = budget.warm if budget.warm_iterations else budget
        self._through: dict[int, dict[Board, list[tuple[Cell, ...]]]] = {}
        self._played: dict[int, tuple[int, bool]] = {}

    def judge(self, index: int, group: Group) -> Judgement:
        """The judgement of ``group`` (a group of the position before move
        ``index``) against the move played there."""
        move = self.review.moves[index]
        board = self.played.boards[index]
        played_total, played_exact = self.played_value(move)
        if group.mask & board.bit(move.played):
            return Judgement(AnswerVerdict.SAME, played_total, played_total, played_exact, False)
        value = self.answer_value(move, group)
        best = value.total >= move.preferred_total
        if value.total > played_total:
            return Judgement(AnswerVerdict.BETTER, value.total, played_total, played_exact, best)
        if value.total == played_total:
            proven = value.exact and played_exact
            return Judgement(AnswerVerdict.EQUAL, value.total, played_total, proven, best)
        # "N fewer than the move played" needs the played move's true value too.
        proven = value.exact and played_exact
        return Judgement(AnswerVerdict.WORSE, value.total, played_total, proven, best)

    def played_value(self, move: ReviewedMove) -> tuple[int, bool]:
        """The total the move played reaches and whether it is exact (see the
        module): the review's, or the exact solver's when the review's is a
        search's and the position after the move is within the answers' bound."""
        known = self._played.get(move.index)
        if known is not None:
            return known
        total, exact = move.preferred_total - move.loss, move.after_exact
        if not exact:
            after, base = self.played.boards[move.index + 1], self.played.bases[move.index + 1]
            settled = exact_value(after, self.rules, base, self.answer_budget, self.answer_solver)
            if settled is not None:
                total, exact = max(total, settled.total), True
        self._played[move.index] = (total, exact)
        return total, exact

    def answer_value(self, move: ReviewedMove, group: Group) -> AnswerValue:
        """The best line known after ``group`` at the position before ``move``
        (see the module)."""
        index = move.index
        board = self.played.boards[index]
        after = board.remove(group)
        base = self.played.bases[index] + self.rules.points(group.size)
        settled = exact_value(after, self.rules, base, self.answer_budget, self.answer_solver)
        if settled is not None:
            return AnswerValue(settled.total, settled.line, True)
        known: list[AnswerValue] = []
        for rest in self._lines_through(index).get(after, ()):
            total = follow(after, self.rules, base, rest)[0]
            known.append(AnswerValue(total, rest, False))
        if group.mask & board.bit(move.preferred):
            line = move.preferred_line[1:]
            known.append(AnswerValue(move.preferred_total, line, move.exact))
        else:
            seed = answer_seed(self.seed, index, group.anchor)
            found = value_position(after, self.rules, base, self.search_budget, seed, self.solver)
            known.append(AnswerValue(found.total, found.line, found.exact))
        # The highest total; of equal ones an exact one (it says more).
        return max(known, key=lambda value: (value.total, value.exact))

    def _lines_through(self, index: int) -> dict[Board, list[tuple[Cell, ...]]]:
        """For each position one move after ``s_index``, the rests of the lines
        the review holds (from ``s_index`` or an earlier position) that pass
        through it."""
        through = self._through.get(index)
        if through is not None:
            return through
        start = self.played.boards[index]
        tiles = start.tile_count()
        afters = {start.remove(group) for group in start.groups(self.rules.min_group)}
        through = {}
        lines: list[tuple[int, PositionValue]] = [
            *enumerate(self.review.values),
            *self.review.extra,
        ]
        for position, value in lines:
            if position > index:
                continue
            board = self.played.boards[position]
            for step, cell in enumerate(value.line):
                if board.tile_count() < tiles:
                    break
                group = board.group_at(cell)
                assert group is not None, "a line the review holds is legal from its position"
                board = board.remove(group)
                if board in afters:
                    through.setdefault(board, []).append(value.line[step + 1 :])
        self._through[index] = through
        return through
