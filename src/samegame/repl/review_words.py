"""A game's review in words (``samegame review``): the summary and the accuracy
first, then each costly move, what was played, what the search preferred and
why, then how to ask for the rest (A45), in the player's language, built from the words every announcement uses
(``samegame.repl.wording``).

Which moves are told: by default every move labelled an inaccuracy or worse and
the three that cost the most, in the order they were played; ``every`` tells
each move; ``worst`` lists are told costliest first (``costliest``).

Every sentence says only what is known (issue 44): ``CLAIMS`` classifies each
sentence of a review and its practice. A ``PROVEN`` sentence is chosen only when
the exact solver settled what it says, or it says what a line that was found and
replayed reaches; a ``FOUND`` sentence says what the search found ("no better line
found", "as far as the search found") and is chosen whenever the claim is not
proven; a ``FACT`` is read off the boards (a group split, a colour stranded);
``PLAIN`` says nothing about the game's values (names, progress, commands).
tests/unit/review/test_review_claims.py holds each proven sentence to the exact
solver."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

from samegame.core.coords import Cell, format_cell
from samegame.core.rules import Rules
from samegame.repl.wording import Wording
from samegame.review.accuracy import accuracy_proven, game_accuracy, shown_percent
from samegame.review.labels import MoveLabel
from samegame.review.reasons import MoveReason, ReasonKind
from samegame.review.review import Review, ReviewedMove, ToldMove
from samegame.review.values import PlayedLine

__all__ = [
    "CLAIMS",
    "COSTLIEST_NAMED",
    "TOLD_FROM",
    "Claim",
    "ReviewWords",
    "ToldMove",
    "loss_key",
    "preferred_key",
    "told_moves",
]

COSTLIEST_NAMED = 3
"""How many of the costliest moves the summary names."""

HINT_LINE = 6
"""How many moves of the better line are said where the hint's move lost points."""

TOLD_FROM = (MoveLabel.INACCURACY, MoveLabel.MISTAKE, MoveLabel.BLUNDER)
"""The labels whose moves a review tells by default."""


class Claim(StrEnum):
    """What a sentence of a review rests on (see the module)."""

    PROVEN = "proven"
    FOUND = "found"
    FACT = "fact"
    PLAIN = "plain"


CLAIMS: Mapping[str, Claim] = {
    # what is reviewed, the work, its progress and its end
    "review.of.game": Claim.PLAIN,
    "review.of.game.file": Claim.PLAIN,
    "review.of.record": Claim.PLAIN,
    "review.start": Claim.PLAIN,
    "review.start.many": Claim.PLAIN,
    "review.again": Claim.PLAIN,
    "review.progress": Claim.PLAIN,
    "review.progress.games": Claim.PLAIN,
    "review.progress.again": Claim.PLAIN,
    "review.progress.checking": Claim.PLAIN,
    "review.kept": Claim.PLAIN,
    "review.kept.partial": Claim.PLAIN,
    "review.stopped": Claim.PLAIN,
    "review.stopped.games": Claim.PLAIN,
    "review.word.interrupted": Claim.PLAIN,
    "review.word.terminated": Claim.PLAIN,
    "review.head": Claim.PLAIN,
    "review.empty": Claim.PLAIN,
    "review.partial": Claim.PLAIN,
    "review.summary.stopped.none": Claim.PLAIN,
    "review.move.number": Claim.PLAIN,
    "review.move.in_record": Claim.PLAIN,
    "review.move.head": Claim.PLAIN,
    "review.move.head.in_record": Claim.PLAIN,
    "review.played": Claim.PLAIN,
    "review.label.best": Claim.PLAIN,
    "review.label.good": Claim.PLAIN,
    "review.label.inaccuracy": Claim.PLAIN,
    "review.label.mistake": Claim.PLAIN,
    "review.label.blunder": Claim.PLAIN,
    "review.count.best": Claim.PLAIN,
    "review.count.good": Claim.PLAIN,
    "review.count.inaccuracy": Claim.PLAIN,
    "review.count.mistake": Claim.PLAIN,
    "review.count.blunder": Claim.PLAIN,
    "review.practice.intro": Claim.PLAIN,
    "review.practice.position": Claim.PLAIN,
    "review.practice.ask": Claim.PLAIN,
    "review.practice.help": Claim.PLAIN,
    "review.practice.unknown": Claim.PLAIN,
    "review.practice.hint": Claim.PLAIN,
    "review.practice.not_a_group": Claim.PLAIN,
    "review.practice.answer": Claim.PLAIN,
    "review.practice.done": Claim.PLAIN,
    # the labels counted: each label is defined on the losses as said per move
    "review.counts": Claim.PLAIN,
    # what is not told and how to ask for it; the parts of lists; the export's
    # record lines (a move, its points and the score: read off the game)
    "review.rest": Claim.PLAIN,
    "review.alternative": Claim.PLAIN,
    "review.alternative.played": Claim.PLAIN,
    "review.graph.head": Claim.PLAIN,
    "review.graph.chart": Claim.PLAIN,
    "review.line.head": Claim.PLAIN,
    "review.line.step": Claim.PLAIN,
    "review.export.move": Claim.PLAIN,
    "review.export.done": Claim.PLAIN,
    # the accuracy: proven when every loss of a complete review is exact (each
    # stake too: the value before a move whose loss is proven is exact)
    "review.accuracy": Claim.PROVEN,
    "review.accuracy.found": Claim.FOUND,
    # a position's best moves: proven when the position is exact (then so is
    # every position after one of its moves, and each total is the true best)
    "review.alternatives": Claim.PROVEN,
    "review.alternatives.found": Claim.FOUND,
    # the best total after each move: proven when the move's loss is (the
    # position after it exact); at the start when the first position is exact
    "review.graph.start": Claim.PROVEN,
    "review.graph.start.found": Claim.FOUND,
    "review.graph.move": Claim.PROVEN,
    "review.graph.move.found": Claim.FOUND,
    # the line preferred: what it reaches is replayed; "the most any line can"
    # when the position before the move is exact
    "review.line.end": Claim.PROVEN,
    "review.line.end.found": Claim.FOUND,
    # the score played, and the best line the search found from the start (a
    # replayed line: it reaches that much; never said to be the most)
    "review.summary.finished": Claim.FOUND,
    "review.summary.unfinished": Claim.FOUND,
    "review.summary.stopped.finished": Claim.FOUND,
    "review.summary.stopped.unfinished": Claim.FOUND,
    "review.costliest.none": Claim.FOUND,
    "review.practice.none": Claim.FOUND,
    # the moves that cost the most: proven when every loss of the review is exact
    "review.costliest": Claim.PROVEN,
    "review.costliest.found": Claim.FOUND,
    # a move's loss: exact before and after; at least, exact after; else found
    "review.move": Claim.PROVEN,
    "review.move.at_least": Claim.PROVEN,
    "review.move.found": Claim.FOUND,
    "review.move.best": Claim.PROVEN,
    "review.move.best.found": Claim.FOUND,
    "review.practice.played": Claim.PROVEN,
    "review.practice.played.found": Claim.FOUND,
    # the better move: "Better" when the position after the move played is exact
    # (the line shown, replayed, beats every line from there), "the most any line
    # can" when the position before it is exact; else the search's preference
    "review.preferred": Claim.PROVEN,
    "review.preferred.named": Claim.PROVEN,
    "review.preferred.exact": Claim.PROVEN,
    "review.preferred.exact.named": Claim.PROVEN,
    "review.preferred.found": Claim.FOUND,
    "review.preferred.found.named": Claim.FOUND,
    "review.preferred.found.exact": Claim.FOUND,
    "review.preferred.found.exact.named": Claim.FOUND,
    # the hint's move: a fact of the board; where it lost points, the better line
    # and why the hint missed it (it looks two moves ahead)
    "review.hint.best": Claim.FACT,
    "review.hint.shorter": Claim.PROVEN,
    "review.hint.shorter.found": Claim.FOUND,
    # why
    "review.reason.split-group": Claim.FACT,
    "review.reason.shift-split": Claim.FACT,
    "review.reason.took-early": Claim.FACT,
    "review.reason.missed-group": Claim.FACT,
    "review.reason.stranded-colour": Claim.FACT,
    "review.reason.gave-up-clear.bonus": Claim.PROVEN,
    "review.reason.gave-up-clear": Claim.PROVEN,
    "review.reason.gave-up-clear.found.bonus": Claim.FOUND,
    "review.reason.gave-up-clear.found": Claim.FOUND,
    # the part of the loss a reason accounts for: the tiles' share (or the clear's
    # settlement) in the preferred line less in the played line, both replayed;
    # proven when both positions are exact (both lines are best lines)
    "review.reason.part": Claim.PROVEN,
    "review.reason.part.found": Claim.FOUND,
    "review.reason.part.all": Claim.PROVEN,
    "review.reason.part.all.found": Claim.FOUND,
    # the practice's judgement of an answer
    "review.practice.same": Claim.PROVEN,
    "review.practice.same.found": Claim.FOUND,
    "review.practice.better": Claim.PROVEN,
    "review.practice.better.best": Claim.PROVEN,
    "review.practice.better.found": Claim.FOUND,
    "review.practice.better.best.found": Claim.FOUND,
    "review.practice.equal": Claim.PROVEN,
    "review.practice.equal.found": Claim.FOUND,
    "review.practice.worse": Claim.PROVEN,
    "review.practice.worse.found": Claim.FOUND,
}
"""Every sentence of a review and its practice, and what it rests on."""


def loss_key(move: ReviewedMove) -> str:
    """The sentence of a move's loss (or of a move that lost nothing): the true
    loss when both positions are exact, at least the loss when the position after
    it is, else what the search found."""
    if move.loss == 0:
        return "review.move.best" if move.loss_proven else "review.move.best.found"
    if move.loss_proven:
        return "review.move"
    return "review.move.at_least" if move.after_exact else "review.move.found"


def told_moves(review: Review, played: PlayedLine, rules: Rules, *, every: bool) -> list[ToldMove]:
    """The moves a review tells (see the module), in the order they were played."""
    named = {move.index for move in review.costliest[:COSTLIEST_NAMED]}
    return [
        ToldMove(move, played.boards[move.index], rules)
        for move in review.moves
        if every or move.label in TOLD_FROM or move.index in named
    ]


def preferred_key(move: ReviewedMove) -> str:
    """The sentence of the move preferred to one that lost points: "Better" only
    when the position after the move played is exact (the line shown beats every
    line from there), "the most any line can" when the position before it is;
    ".named" when the place names every cell of the group already."""
    named = len(move.preferred_group) <= 2
    if move.after_exact and move.exact:
        return "review.preferred.exact.named" if named else "review.preferred.exact"
    if move.after_exact:
        return "review.preferred.named" if named else "review.preferred"
    if move.exact:
        return "review.preferred.found.exact.named" if named else "review.preferred.found.exact"
    return "review.preferred.found.named" if named else "review.preferred.found"


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
        lines.append(self.accuracy(review))
        counts = [
            self.tr(f"review.count.{label.value}", count=count)
            for label in MoveLabel
            if (count := sum(move.label is label for move in review.moves))
        ]
        lines.append(self.tr("review.counts", counts=self.join(counts)))
        costliest = review.costliest[:COSTLIEST_NAMED]
        if costliest:
            names = [self.tr("review.move.number", number=m.index + 1) for m in costliest]
            proven = review.complete and all(m.loss_proven for m in review.moves)
            key = "review.costliest" if proven else "review.costliest.found"
            lines.append(self.tr(key, count=len(costliest), moves=self.join(names)))
        else:
            lines.append(self.tr("review.costliest.none"))
        if not review.complete:
            lines.append(self.tr("review.partial", done=review.reviewed, total=review.total_moves))
        return lines

    def accuracy(self, review: Review) -> str:
        """The game's accuracy (``samegame.review.accuracy``), as proven only when
        every loss is; the review has at least one move."""
        share = game_accuracy(review)
        assert share is not None, "the accuracy of a review with moves"
        key = "review.accuracy" if accuracy_proven(review) else "review.accuracy.found"
        return self.tr(key, percent=shown_percent(share), count=review.reviewed)

    def rest(self, review: Review, told: int) -> list[str]:
        """What is not told and how to ask for it (A45: the rest on request)."""
        untold = review.reviewed - told
        return [self.tr("review.rest", count=untold)] if untold > 0 else []

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
            lines = [
                self.tr(loss_key(move), move=head),
                self.tr("review.played", group=described),
            ]
            if move.hinted:
                lines.append(self.tr("review.hint.best"))
            return lines
        lines = [
            self.tr(
                loss_key(move),
                move=head,
                label=self.tr(f"review.label.{move.label.value}"),
                lost=self.points(move.loss),
            ),
            self.tr("review.played", group=described),
        ]
        preferred = board.group_at(move.preferred)
        assert preferred is not None, "a preferred move is a group of its position"
        cells = [format_cell(cell) for cell in sorted(move.preferred_group)]
        lines.append(
            self.tr(
                preferred_key(move),
                group=self.group(board, preferred, rules),
                cells=self.join(cells),
                total=move.preferred_total,
            )
        )
        lines += self.reason(move.reason)
        if move.hinted:
            # The hint looks two moves ahead; the better line shown comes from a
            # search to the end of the game: said with its first moves.
            shown_line = self.join([format_cell(cell) for cell in move.preferred_line[:HINT_LINE]])
            key = "review.hint.shorter" if move.after_exact else "review.hint.shorter.found"
            lines.append(self.tr(key, line=shown_line, more=self.points(move.loss)))
        return lines

    def reason(self, reason: MoveReason) -> list[str]:
        """Why a move cost points, then how much of the loss that accounts for
        (``samegame.review.reasons``); nothing when the boards cannot say."""
        why = self._why(reason)
        if why is None:
            return []
        if reason.part == reason.loss:
            key = "review.reason.part.all" if reason.part_proven else "review.reason.part.all.found"
        else:
            key = "review.reason.part" if reason.part_proven else "review.reason.part.found"
        return [why, self.tr(key, part=reason.part, lost=self.points(reason.loss))]

    def _why(self, reason: MoveReason) -> str | None:
        if reason.kind is ReasonKind.SPLIT_GROUP:
            assert reason.colour is not None
            return self.tr(
                "review.reason.split-group",
                tiles=self.tiles(reason.colour, len(reason.cells)),
                place=self.place(reason.cells, _anchor(reason.cells)),
                parts=reason.parts,
            )
        if reason.kind is ReasonKind.SHIFT_SPLIT:
            assert reason.colour is not None
            return self.tr(
                "review.reason.shift-split",
                tiles=self.tiles(reason.colour, len(reason.cells)),
                place=self.place(reason.cells, _anchor(reason.cells)),
            )
        if reason.kind is ReasonKind.MISSED_GROUP:
            assert reason.colour is not None
            return self.tr(
                "review.reason.missed-group",
                tiles=self.tiles(reason.colour, len(reason.cells)),
                place=self.place(reason.cells, _anchor(reason.cells)),
            )
        if reason.kind is ReasonKind.TOOK_EARLY:
            assert reason.colour is not None
            return self.tr(
                "review.reason.took-early",
                played=self.tiles(reason.colour, reason.tiles),
                tiles=self.tiles(reason.colour, len(reason.cells)),
                place=self.place(reason.cells, _anchor(reason.cells)),
            )
        if reason.kind is ReasonKind.STRANDED_COLOUR:
            assert reason.colour is not None
            return self.tr(
                "review.reason.stranded-colour", tiles=self.tiles(reason.colour, reason.tiles)
            )
        if reason.kind is ReasonKind.GAVE_UP_CLEAR:
            if reason.bonus > 0:
                key = (
                    "review.reason.gave-up-clear.bonus"
                    if reason.proven
                    else "review.reason.gave-up-clear.found.bonus"
                )
                return self.tr(key, bonus=self.points(reason.bonus))
            return self.tr(
                "review.reason.gave-up-clear"
                if reason.proven
                else "review.reason.gave-up-clear.found"
            )
        return None
