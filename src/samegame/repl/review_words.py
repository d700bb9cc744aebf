"""A game's review in words (``samegame review``): the summary first, then each
costly move, what was played, what the search preferred and why, in the
player's language, built from the words every announcement uses
(``samegame.repl.wording``).

Which moves are told: by default every move labelled an inaccuracy or worse and
the three that cost the most, in the order they were played; ``every`` tells
each move; ``worst`` lists are told costliest first (``costliest``)."""

from __future__ import annotations

from collections.abc import Sequence

from samegame.core.coords import Cell, format_cell
from samegame.core.rules import Rules
from samegame.repl.wording import Wording
from samegame.review.labels import MoveLabel
from samegame.review.reasons import MoveReason, ReasonKind
from samegame.review.review import Review, ToldMove
from samegame.review.values import PlayedLine

__all__ = ["COSTLIEST_NAMED", "TOLD_FROM", "ReviewWords", "ToldMove", "told_moves"]

COSTLIEST_NAMED = 3
"""How many of the costliest moves the summary names."""

TOLD_FROM = (MoveLabel.INACCURACY, MoveLabel.MISTAKE, MoveLabel.BLUNDER)
"""The labels whose moves a review tells by default."""


def told_moves(review: Review, played: PlayedLine, rules: Rules, *, every: bool) -> list[ToldMove]:
    """The moves a review tells (see the module), in the order they were played."""
    named = {move.index for move in review.costliest[:COSTLIEST_NAMED]}
    return [
        ToldMove(move, played.boards[move.index], rules)
        for move in review.moves
        if every or move.label in TOLD_FROM or move.index in named
    ]


def _anchor(cells: Sequence[Cell]) -> Cell:
    """The anchor of a group's cells: the lowest tile of its leftmost column."""
    return min(cells, key=lambda cell: (cell.col, cell.row))


class ReviewWords(Wording):
    """The sentences of a review, in the player's language."""

    def summary(self, review: Review, what: str) -> list[str]:
        """The head, the score against the best found, the labels counted, the
        costliest moves named, and how much was reviewed when not all."""
        lines = [self.tr("review.head", what=what)]
        if not review.moves:
            key = "review.empty" if review.complete else "review.summary.stopped.none"
            lines.append(self.tr(key))
            return lines
        if not review.complete:
            # Where the review stopped, with the points scored by then: the
            # game's own end is said apart, never as the score of the moves told.
            key = (
                "review.summary.stopped.finished"
                if review.finished
                else "review.summary.stopped.unfinished"
            )
            lines.append(
                self.tr(
                    key,
                    score=review.reviewed_score,
                    count=review.reviewed,
                    total=review.total_moves,
                    final=review.score,
                    best=review.best_total,
                )
            )
        elif review.finished:
            lines.append(
                self.tr("review.summary.finished", score=review.score, best=review.best_total)
            )
        else:
            lines.append(
                self.tr(
                    "review.summary.unfinished",
                    score=review.score,
                    count=review.reviewed,
                    best=review.best_total,
                )
            )
        counts = [
            self.tr(f"review.count.{label.value}", count=count)
            for label in MoveLabel
            if (count := sum(move.label is label for move in review.moves))
        ]
        lines.append(self.tr("review.counts", counts=self.join(counts)))
        costliest = review.costliest[:COSTLIEST_NAMED]
        if costliest:
            names = [self.tr("review.move.number", number=m.index + 1) for m in costliest]
            lines.append(self.tr("review.costliest", count=len(costliest), moves=self.join(names)))
        else:
            lines.append(self.tr("review.costliest.none"))
        if not review.complete:
            lines.append(self.tr("review.partial", done=review.reviewed, total=review.total_moves))
        return lines

    def move(self, told: ToldMove) -> list[str]:
        """A move's lines: its label and loss, what was played, and for a move
        that lost points what was preferred and why."""
        move, board, rules = told.move, told.board, told.rules
        if told.record is None:
            head = self.tr("review.move.head", number=move.index + 1)
        else:
            head = self.tr("review.move.head.in_record", index=told.record, number=move.index + 1)
        played = board.group_at(move.played)
        assert played is not None, "a reviewed move is a group of its position"
        described = self.group(board, played, rules)
        if move.loss == 0:
            return [
                self.tr("review.move.best", move=head),
                self.tr("review.played", group=described),
            ]
        lines = [
            self.tr(
                "review.move",
                move=head,
                label=self.tr(f"review.label.{move.label.value}"),
                lost=self.points(move.loss),
            ),
            self.tr("review.played", group=described),
        ]
        preferred = board.group_at(move.preferred)
        assert preferred is not None, "a preferred move is a group of its position"
        cells = [format_cell(cell) for cell in sorted(move.preferred_group)]
        if len(cells) <= 2:  # the place names them already
            key = "review.preferred.exact.named" if move.exact else "review.preferred.named"
        else:
            key = "review.preferred.exact" if move.exact else "review.preferred"
        lines.append(
            self.tr(
                key,
                group=self.group(board, preferred, rules),
                cells=self.join(cells),
                total=move.preferred_total,
            )
        )
        reason = self.reason(move.reason)
        if reason is not None:
            lines.append(reason)
        return lines

    def reason(self, reason: MoveReason) -> str | None:
        """Why a move cost points, in one sentence; None when the boards cannot say."""
        if reason.kind is ReasonKind.SPLIT_GROUP:
            assert reason.colour is not None
            return self.tr(
                "review.reason.split-group",
                tiles=self.tiles(reason.colour, len(reason.cells)),
                place=self.place(reason.cells, _anchor(reason.cells)),
                parts=reason.parts,
                points=self.points(reason.points),
            )
        if reason.kind is ReasonKind.STRANDED_COLOUR:
            assert reason.colour is not None
            return self.tr(
                "review.reason.stranded-colour", tiles=self.tiles(reason.colour, reason.tiles)
            )
        if reason.kind is ReasonKind.GAVE_UP_CLEAR:
            if reason.bonus > 0:
                return self.tr("review.reason.gave-up-clear.bonus", bonus=self.points(reason.bonus))
            return self.tr("review.reason.gave-up-clear")
        return None
