"""A review's numbers as JSON (``samegame review --format json``): the summary,
then every move reviewed with its loss, label, the move preferred, its line and
why the played move cost points. docs/review.md describes each key.

>>> from samegame.core.formulas import BASIC
>>> from samegame.core.rules import Rules
>>> from samegame.core.textboard import read_board
>>> from samegame.review.review import review_game
>>> review = review_game(read_board("RBR\\nRBB"), Rules(BASIC), [Cell(0, 0), Cell(1, 0)], seed=1)
>>> report = review_report(review)
>>> report["best_total"], report["score"], report["lost"], report["costliest"]
(2, 1, 1, [1])
>>> {key: report["moves"][0][key] for key in ("move", "played", "loss", "label", "preferred")}
{'move': 1, 'played': 'A1', 'loss': 1, 'label': 'blunder', 'preferred': 'B1'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from samegame.core.coords import Cell, format_cell
from samegame.core.palette import PALETTE
from samegame.review.accuracy import accuracy_proven, game_accuracy, move_accuracy, percent
from samegame.review.alternatives import Alternative
from samegame.review.labels import loss_share
from samegame.review.reasons import MoveReason
from samegame.review.review import Review, ReviewedMove

__all__ = ["alternatives_report", "move_report", "review_report", "series_report"]


def _cells(cells: tuple[Cell, ...]) -> list[str]:
    return [format_cell(cell) for cell in sorted(cells)]


def _reason(reason: MoveReason) -> dict[str, Any]:
    return {
        "kind": reason.kind.value,
        "colour": None if reason.colour is None else PALETTE[reason.colour].name,
        "cells": _cells(reason.cells),
        "parts": reason.parts,
        "tiles": reason.tiles,
        "bonus": reason.bonus,
        "points": reason.points,
        "proven": reason.proven,
        "part": reason.part,
        "part_proven": reason.part_proven,
    }


def move_report(move: ReviewedMove, best_total: int) -> dict[str, Any]:
    """One move's numbers; ``move`` counts from 1, ``share`` is the loss as a
    share of the best total from the start, a fraction rounded to 4 places."""
    return {
        "move": move.index + 1,
        "played": format_cell(move.played),
        "played_cells": _cells(move.played_group),
        "points": move.points,
        "value_before": move.value_before,
        "value_after": move.value_after,
        "loss": move.loss,
        "share": round(float(loss_share(move.loss, best_total)), 4),
        "label": move.label.value,
        "preferred": format_cell(move.preferred),
        "preferred_cells": _cells(move.preferred_group),
        "preferred_total": move.preferred_total,
        "preferred_line": [format_cell(cell) for cell in move.preferred_line],
        "exact": move.exact,
        "after_exact": move.after_exact,
        "hinted": move.hinted,
        "reason": _reason(move.reason),
        "accuracy": percent(move_accuracy(move)),
    }


def series_report(review: Review) -> list[dict[str, Any]]:
    """The evaluation over the game: the best final score known from the start
    (``move`` 0) and after each move reviewed, whether it is exact, and the
    move's label (None at the start)."""
    start = {"move": 0, "total": review.best_total, "exact": False, "label": None}
    if review.moves:
        start["exact"] = review.moves[0].exact
    return [start] + [
        {
            "move": move.index + 1,
            "played": format_cell(move.played),
            "points": move.points,
            "total": move.preferred_total - move.loss,
            "exact": move.after_exact,
            "label": move.label.value,
        }
        for move in review.moves
    ]


def alternatives_report(found: Sequence[Alternative]) -> list[dict[str, Any]]:
    """A position's best moves (``samegame.review.alternatives``), best first."""
    return [
        {
            "move": format_cell(alternative.anchor),
            "cells": _cells(alternative.cells),
            "total": alternative.total,
            "exact": alternative.exact,
            "played": alternative.played,
        }
        for alternative in found
    ]


def review_report(
    review: Review, alternatives: Mapping[int, Sequence[Alternative]] | None = None
) -> dict[str, Any]:
    """The review's numbers (see the module); ``costliest`` lists move numbers,
    the largest loss first; ``accuracy`` the game's accuracy in percent (None
    without a move), ``series`` the evaluation over the game; with
    ``alternatives`` (by move index), those moves carry their best moves."""
    accuracy = game_accuracy(review)
    moves = [move_report(move, review.best_total) for move in review.moves]
    for index, found in (alternatives or {}).items():
        moves[index]["alternatives"] = alternatives_report(found)
    return {
        "total_moves": review.total_moves,
        "reviewed": review.reviewed,
        "complete": review.complete,
        "finished": review.finished,
        "score": review.score,
        "reviewed_score": review.reviewed_score,
        "best_total": review.best_total,
        "end_total": review.end_total,
        "lost": review.lost,
        "rechecked": review.rechecked,
        "searched_again": sorted({position for position, _ in review.extra}),
        "seed": review.seed,
        "budget": asdict(review.budget),
        "costliest": [move.index + 1 for move in review.costliest],
        "accuracy": None if accuracy is None else percent(accuracy),
        "accuracy_proven": accuracy_proven(review),
        "series": series_report(review),
        "moves": moves,
    }
