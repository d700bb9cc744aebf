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

from dataclasses import asdict
from typing import Any

from samegame.core.coords import Cell, format_cell
from samegame.core.palette import PALETTE
from samegame.review.labels import loss_share
from samegame.review.reasons import MoveReason
from samegame.review.review import Review, ReviewedMove

__all__ = ["move_report", "review_report"]


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
    }


def review_report(review: Review) -> dict[str, Any]:
    """The review's numbers (see the module); ``costliest`` lists move numbers,
    the largest loss first."""
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
        "moves": [move_report(move, review.best_total) for move in review.moves],
    }
