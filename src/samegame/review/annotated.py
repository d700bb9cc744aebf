"""The annotated record of a reviewed game as JSON lines (``samegame review
--export FILE.jsonl``): the game with the review's comment on each move, a format
that reads back (docs/review.md, "The annotated record").

The first line is the head: ``format`` (``samegame-annotated/1``), ``language``,
``what`` (the game, in words), ``board`` (its rows, top row first, in the board
text format), ``rules`` (``formula``, ``clear_bonus``, ``penalty``,
``min_group``), ``total_moves``, ``reviewed``, ``finished``, ``score``,
``best_total``, ``accuracy`` (percent, or null) and ``accuracy_proven``, and
``summary`` (the review's summary, one sentence an item). Then one line a move
reviewed, in order: ``move`` (from 1), ``played`` (the cell), ``cells`` (its
group), ``points``, ``score`` (after it), ``label``, ``loss``, ``total_after``
(the best final score known after it), ``exact_after``, ``accuracy`` (the move's,
percent) and ``comment`` (the review's words for the move, one sentence an
item).

``read_annotated`` reads it back and checks it: the head's format, one line a
move in order, and every move a group of its position (replayed from the board)
scoring the points and the score written.

>>> from samegame.core.coords import Cell
>>> from samegame.core.formulas import BASIC
>>> from samegame.core.rules import Rules
>>> from samegame.core.textboard import read_board
>>> from samegame.core.variant import RuleVariant
>>> from samegame.review.review import review_game
>>> board, rules = read_board("RBR\\nRBB"), Rules(BASIC)
>>> review = review_game(board, rules, [Cell(0, 0), Cell(1, 0)], seed=1)
>>> head = {"language": "en", "what": "a game", "summary": ["A review."]}
>>> text = annotated_text(review, board, RuleVariant("basic", 0, "none", 2), head, [["A."], ["B."]])
>>> again = read_annotated(text, rules)
>>> [(move["played"], move["comment"]) for move in again.moves]
[('A1', ['A.']), ('B1', ['B.'])]
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from samegame.core.board import Board, BoardError
from samegame.core.coords import CoordinateError, format_cell, parse_cell
from samegame.core.rules import Rules
from samegame.core.textboard import TextBoardError, read_board, write_board
from samegame.core.variant import RuleVariant
from samegame.review.accuracy import accuracy_proven, game_accuracy, move_accuracy, percent
from samegame.review.review import Review

__all__ = ["ANNOTATED_FORMAT", "Annotated", "AnnotatedError", "annotated_text", "read_annotated"]

ANNOTATED_FORMAT = "samegame-annotated/1"


class AnnotatedError(ValueError):
    """An annotated record that cannot be read back: its words say why."""


@dataclass(frozen=True)
class Annotated:
    """An annotated record read back: its head, the board, and its moves."""

    head: dict[str, Any]
    board: Board
    moves: tuple[dict[str, Any], ...]


def annotated_text(
    review: Review,
    board: Board,
    variant: RuleVariant,
    head: Mapping[str, Any],
    comments: Sequence[Sequence[str]],
) -> str:
    """The annotated record (see the module): ``head`` gives ``language``,
    ``what`` and ``summary``; ``comments`` the words for each move reviewed."""
    accuracy = game_accuracy(review)
    first = {
        "format": ANNOTATED_FORMAT,
        "language": head["language"],
        "what": head["what"],
        "board": write_board(board).splitlines(),
        "rules": variant.to_dict(),
        "total_moves": review.total_moves,
        "reviewed": review.reviewed,
        "finished": review.finished,
        "score": review.score,
        "best_total": review.best_total,
        "accuracy": None if accuracy is None else percent(accuracy),
        "accuracy_proven": accuracy_proven(review),
        "summary": list(head["summary"]),
    }
    lines = [json.dumps(first, ensure_ascii=False)]
    score = 0
    for move, comment in zip(review.moves, comments, strict=True):
        score += move.points
        entry = {
            "move": move.index + 1,
            "played": format_cell(move.played),
            "cells": [format_cell(cell) for cell in sorted(move.played_group)],
            "points": move.points,
            "score": score,
            "label": move.label.value,
            "loss": move.loss,
            "total_after": move.preferred_total - move.loss,
            "exact_after": move.after_exact,
            "accuracy": percent(move_accuracy(move)),
            "comment": list(comment),
        }
        lines.append(json.dumps(entry, ensure_ascii=False))
    return "\n".join(lines) + "\n"


def read_annotated(text: str, rules: Rules) -> Annotated:
    """An annotated record read back and checked (see the module) under ``rules``
    (``Rules.from_variant`` of its head's ``rules``); AnnotatedError when it is
    not one."""
    rows = [line for line in text.splitlines() if line.strip()]
    if not rows:
        raise AnnotatedError("an empty file")
    try:
        parsed = [json.loads(row) for row in rows]
    except json.JSONDecodeError as error:
        raise AnnotatedError(f"line {error.lineno}: not JSON") from None
    head, moves = parsed[0], parsed[1:]
    if not isinstance(head, dict) or head.get("format") != ANNOTATED_FORMAT:
        raise AnnotatedError(f"the first line is not a {ANNOTATED_FORMAT} head")
    try:
        board = read_board("\n".join(head["board"]), tiles_required=True)
    except (KeyError, TypeError, TextBoardError, BoardError) as error:
        raise AnnotatedError(f"the head's board: {error}") from None
    position, score = board, 0
    for number, entry in enumerate(moves, 1):
        if not isinstance(entry, dict) or entry.get("move") != number:
            raise AnnotatedError(f"line {number + 1} is not move {number}")
        try:
            group = position.group_at(parse_cell(str(entry.get("played"))))
        except (CoordinateError, ValueError):
            group = None
        if group is None or group.size < rules.min_group:
            raise AnnotatedError(f"move {number} is not a group of its position")
        score += rules.points(group.size)
        if entry.get("points") != rules.points(group.size) or entry.get("score") != score:
            raise AnnotatedError(f"move {number} does not score what is written")
        comment = entry.get("comment")
        if not isinstance(comment, list) or not all(isinstance(line, str) for line in comment):
            raise AnnotatedError(f"move {number}: its comment is not a list of sentences")
        position = position.remove(group)
    return Annotated(head, board, tuple(moves))
