"""A review's shape, made from the values of its positions: each move's loss,
label, preferred move and reason (``ReviewedMove``), the whole review
(``Review``), and ``review_of``, which makes one from the values found and the
lines searched again (``samegame.review.review`` finds them).

>>> from samegame.core.formulas import BASIC
>>> from samegame.core.rules import Rules
>>> from samegame.core.textboard import read_board
>>> from samegame.review.values import ReviewBudget, played_line, value_position
>>> rules, board, moves = Rules(BASIC), read_board("RBR\\nRBB"), [Cell(0, 0), Cell(1, 0)]
>>> played = played_line(board, rules, moves)
>>> found = [
...     value_position(b, rules, base, ReviewBudget(), 1)
...     for b, base in zip(played.boards, played.bases, strict=True)
... ]
>>> review = review_of(played, rules, moves, found, ReviewBudget(), 1)
>>> [(str(m.played), m.loss, m.label.value) for m in review.moves]
[('A1', 1, 'blunder'), ('B1', 0, 'best')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from samegame.core.board import Board, Group
from samegame.core.coords import Cell
from samegame.core.game import lookahead_hint
from samegame.core.rules import Rules
from samegame.review.labels import MoveLabel, label_for
from samegame.review.reasons import NO_REASON, MoveReason, move_reason
from samegame.review.values import (
    PlayedLine,
    PositionValue,
    ReviewBudget,
    SettledPosition,
    settle_line,
)

__all__ = ["Review", "ReviewedMove", "ToldMove", "review_of"]


@dataclass(frozen=True)
class ReviewedMove:
    """One move of a review. ``index`` counts from 0; ``played`` is the cell given
    and ``played_group`` its group's cells; ``value_before`` and ``value_after``
    are ``V`` of the positions before and after it (future points, settlement
    included), so ``loss = value_before - points - value_after``. ``preferred``
    is the first move of the best line found (the played move's anchor when the
    played line is at least as good), ``preferred_group`` its cells and
    ``preferred_value`` that line's value (``value_before``), ``preferred_total``
    the game's final score along it (``T`` before the move); ``preferred_line``
    the whole line, to the end of the game. ``exact``: ``value_before`` is the
    exact solver's; ``after_exact``: ``value_after`` is. What the loss proves
    (``loss_proven``): both exact, the loss is the true one; the value after
    exact, the true loss is at least ``loss`` (the line before is real, the
    value after the most any line reaches); else it is only what the search
    found, since a better line after the move may exist. ``hinted``: the move is
    the one the built-in hint gives on its position (``lookahead_hint``, a
    look-ahead of two moves), so a player who took the hint is told so."""

    index: int
    played: Cell
    played_group: tuple[Cell, ...]
    points: int
    value_before: int
    value_after: int
    loss: int
    label: MoveLabel
    preferred: Cell
    preferred_group: tuple[Cell, ...]
    preferred_value: int
    preferred_total: int
    preferred_line: tuple[Cell, ...]
    exact: bool
    reason: MoveReason
    after_exact: bool = False
    hinted: bool = False

    @property
    def loss_proven(self) -> bool:
        """Whether ``loss`` is the true loss, every line considered."""
        return self.exact and self.after_exact


@dataclass(frozen=True)
class ToldMove:
    """A move to tell: the move, the board before it and the rules, and the record
    it is of (its number from 1) when several records are reviewed together."""

    move: ReviewedMove
    board: Board
    rules: Rules
    record: int | None = None


@dataclass(frozen=True)
class Review:
    """A game's review: its moves (the first ``reviewed`` of ``total_moves``),
    ``best_total`` (``V`` of the first position, the best final score found),
    ``score`` (the final score when the line ends the game, else the points of
    the moves played), ``finished``, ``reviewed_score`` (the points scored by
    the moves reviewed: where a stopped review stands; ``score`` before the
    settlement when it is complete), and ``costliest``: the moves that lost
    points, the largest loss first (then by index). When the review is complete
    the losses add up to ``lost = best_total - end_total``, where ``end_total`` is
    the final score of a finished game, or the best found from where an
    unfinished line stopped. ``values``: what was found from each position
    valued, as ``value_position`` gave it (what a saved review keeps:
    ``samegame.review.stored``); ``extra``: the lines of the searches made again
    from the best lines known and the lines carried over (``(position, value)``,
    in the order ``recheck`` gives them), and ``rechecked`` whether they are all
    made (a complete review is rechecked before it is told)."""

    moves: tuple[ReviewedMove, ...]
    total_moves: int
    best_total: int
    end_total: int
    score: int
    finished: bool
    costliest: tuple[ReviewedMove, ...]
    budget: ReviewBudget
    seed: int
    values: tuple[PositionValue, ...] = ()
    reviewed_score: int = 0
    extra: tuple[tuple[int, PositionValue], ...] = ()
    rechecked: bool = False

    @property
    def reviewed(self) -> int:
        """How many moves were reviewed (all of them unless the review stopped)."""
        return len(self.moves)

    @property
    def complete(self) -> bool:
        return self.reviewed == self.total_moves

    @property
    def lost(self) -> int:
        """The points lost by the moves reviewed: the sum of their losses."""
        return sum(move.loss for move in self.moves)


def review_of(
    played: PlayedLine,
    rules: Rules,
    moves: Sequence[Cell],
    found: Sequence[PositionValue],
    budget: ReviewBudget,
    seed: int,
    extra: Sequence[tuple[int, PositionValue]] = (),
    *,
    rechecked: bool = False,
) -> Review:
    """The review of ``moves`` (whose positions are ``played``) from the values
    ``found`` of its first positions, first to last (as ``value_position`` gives
    them, computed here or elsewhere), and the ``extra`` lines of searches made
    again (``recheck``): the moves up to the last position valued are reviewed."""
    if len(found) > len(played.boards):
        raise ValueError(f"{len(found)} values for {len(played.boards)} positions")
    if not found:
        return Review((), len(moves), 0, 0, 0, played.finished, (), budget, seed, ())
    settled = settle_line(played, found, rules, extra)
    best_total = settled[0].total
    reviewed = tuple(
        _reviewed_move(played, settled, i, rules, best_total, moves[i])
        for i in range(len(settled) - 1)
    )
    end = len(played.groups)
    score = rules.settle(played.bases[end], played.boards[end].tile_count()).final
    costliest = tuple(sorted((m for m in reviewed if m.loss > 0), key=lambda m: (-m.loss, m.index)))
    return Review(
        reviewed,
        len(moves),
        best_total,
        settled[-1].total,
        score if played.finished else played.bases[end],
        played.finished,
        costliest,
        budget,
        seed,
        tuple(found),
        played.bases[len(found) - 1],
        tuple(extra),
        rechecked,
    )


def _reviewed_move(
    played: PlayedLine,
    settled: Sequence[SettledPosition],
    i: int,
    rules: Rules,
    best_total: int,
    cell: Cell,
) -> ReviewedMove:
    before, after = settled[i], settled[i + 1]
    board, group = played.boards[i], played.groups[i]
    loss = before.total - after.total
    preferred_group = board.group_at(before.line[0]) if before.line else group
    assert preferred_group is not None
    if loss > 0:
        reason = move_reason(
            board,
            group,
            rules,
            base=played.bases[i],
            preferred=before.line,
            after_line=after.line,
            exact=before.exact and after.exact,
            after_can_clear=after.can_clear,
        )
        assert reason.loss in (0, loss), "a reason's lines reach the totals of the move's loss"
    else:
        reason = NO_REASON
    return ReviewedMove(
        i,
        cell,
        tuple(board.cells(group.mask)),
        played.points[i],
        before.value,
        after.value,
        loss,
        label_for(loss, best_total),
        preferred_group.anchor,
        tuple(board.cells(preferred_group.mask)),
        before.value,
        before.total,
        before.line,
        before.exact,
        reason,
        after.exact,
        _is_hint(board, group, rules),
    )


def _is_hint(board: Board, group: Group, rules: Rules) -> bool:
    hint = lookahead_hint(board, rules)
    return hint is not None and hint.mask == group.mask
