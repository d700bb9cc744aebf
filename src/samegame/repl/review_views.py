"""The rest of a review, on request (A45), in words: the game move by move
(``--graph``: one line per move, for a screen reader and a braille display, and a
chart for the eye), a position's best moves (``--alternatives``), the line
preferred before a move (``--line N``) and the annotated record (``--export``).

Every sentence is classified in ``samegame.repl.review_words.CLAIMS``; each view
says only values the review already holds (the best moves excepted:
``samegame.review.alternatives`` values the positions after each move).
"""

from __future__ import annotations

from collections.abc import Sequence

from samegame.core.coords import format_cell
from samegame.core.rules import Rules
from samegame.repl.review_words import ReviewWords
from samegame.review.alternatives import SHOWN_ALTERNATIVES, Alternative
from samegame.review.review import Review, ReviewedMove
from samegame.review.values import PlayedLine

__all__ = [
    "CHART_BLOCKS",
    "alternative_lines",
    "chart_line",
    "export_text",
    "graph_lines",
    "line_lines",
    "sparkline",
]

CHART_BLOCKS = "▁▂▃▄▅▆▇█"
"""The eight heights of the chart, lowest first."""


def total_after(move: ReviewedMove) -> int:
    """The best final score known after ``move``: ``T(s_{i+1})``."""
    return move.preferred_total - move.loss


def graph_lines(words: ReviewWords, review: Review) -> list[str]:
    """The game move by move: a head, the start, then one line per move reviewed
    (its label, the move, its points and the best total known after it), each
    said as proven only where the exact solver settled it."""
    lines = [words.tr("review.graph.head")]
    if not review.moves:
        return lines
    start_exact = review.moves[0].exact
    key = "review.graph.start" if start_exact else "review.graph.start.found"
    lines.append(words.tr(key, total=review.best_total))
    for move in review.moves:
        key = "review.graph.move" if move.loss_proven else "review.graph.move.found"
        lines.append(
            words.tr(
                key,
                number=move.index + 1,
                label=words.tr(f"review.label.{move.label.value}"),
                cell=format_cell(move.played),
                points=words.points(move.points),
                total=total_after(move),
            )
        )
    return lines


def sparkline(values: Sequence[int]) -> str:
    """One block a value, from the lowest (``▁``) to the highest (``█``); all
    the highest when they are equal.

    >>> sparkline([10, 10, 5, 0])
    '██▄▁'
    """
    if not values:
        return ""
    low, high = min(values), max(values)
    top = len(CHART_BLOCKS) - 1
    if high == low:
        return CHART_BLOCKS[top] * len(values)
    return "".join(CHART_BLOCKS[(value - low) * top // (high - low)] for value in values)


def chart_line(words: ReviewWords, review: Review) -> str | None:
    """The chart of the best total from the start and after each move, for a
    sighted terminal (never in accessible mode, never off a terminal: the text
    lines say the same); None without a move."""
    if not review.moves:
        return None
    values = [review.best_total, *(total_after(move) for move in review.moves)]
    return words.tr(
        "review.graph.chart", high=max(values), low=min(values), chart=sparkline(values)
    )


def alternative_lines(
    words: ReviewWords, move: ReviewedMove, found: Sequence[Alternative]
) -> list[str]:
    """A position's best moves, at most ``SHOWN_ALTERNATIVES``, one line each: as
    the most any line after each reaches only when the position is exact."""
    shown = list(found[:SHOWN_ALTERNATIVES])
    if not shown:
        return []
    proven = move.exact and all(alternative.exact for alternative in found)
    key = "review.alternatives" if proven else "review.alternatives.found"
    lines = [words.tr(key, count=len(shown))]
    for rank, alternative in enumerate(shown, 1):
        lines.append(
            words.tr(
                "review.alternative.played" if alternative.played else "review.alternative",
                rank=rank,
                cell=format_cell(alternative.anchor),
                tiles=words.tiles(alternative.colour, len(alternative.cells)),
                total=alternative.total,
            )
        )
    return lines


def line_lines(
    words: ReviewWords, move: ReviewedMove, played: PlayedLine, rules: Rules
) -> list[str]:
    """The line preferred before ``move``, one line a move with the score after
    it, then what it reaches: the most any line can only when the position is
    exact."""
    board, score = played.boards[move.index], played.bases[move.index]
    lines = [
        words.tr(
            "review.line.head",
            number=move.index + 1,
            count=len(move.preferred_line),
            score=score,
        )
    ]
    for step, cell in enumerate(move.preferred_line):
        group = board.group_at(cell)
        assert group is not None, "a preferred line is legal from its position"
        score += rules.points(group.size)
        lines.append(
            words.tr(
                "review.line.step",
                number=move.index + 1 + step,
                group=words.group(board, group, rules),
                score=score,
            )
        )
        board = board.remove(group)
    key = "review.line.end" if move.exact else "review.line.end.found"
    lines.append(words.tr(key, total=move.preferred_total))
    return lines


def export_text(
    words: ReviewWords,
    summary: Sequence[str],
    review: Review,
    played: PlayedLine,
    comments: Sequence[Sequence[str]],
) -> str:
    """The annotated record as text: the summary, then each move reviewed on a
    line of its own (number, move, points, the score after it) with the review's
    words for it below, indented."""
    lines = list(summary)
    for move, comment in zip(review.moves, comments, strict=True):
        lines.append("")
        lines.append(
            words.tr(
                "review.export.move",
                number=move.index + 1,
                cell=format_cell(move.played),
                points=words.points(move.points),
                score=played.bases[move.index + 1],
            )
        )
        lines.extend(f"    {line}" for line in comment)
    return "\n".join(lines) + "\n"
