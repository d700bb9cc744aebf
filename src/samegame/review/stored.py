"""A review as it is kept: what the search found from each position, not the
words or the losses, which are derived again from the game when it is read.

The kept form is a JSON object: ``format`` (``samegame-review/4``), ``seed``,
``budget`` (the ``ReviewBudget`` fields) and ``values``, one per position
valued, first to last: ``total`` (the final score the line found reaches),
``line`` (its moves, cell names, to the end of the game), ``clears``,
``exact`` and ``can_clear`` (true, false or null); ``extra``, the searches made
again once every position was valued (``samegame.review.review.recheck``: from
the best lines known, the lines carried over and the searches for a clear), in
the order made, each a value with its ``position``; and ``rechecked``, whether
they are all made. A kept review of format 1 (before the searches again began
from the best line known), 2 (before the clearing pass, whose budget has no
``clear_*`` fields and whose ``extra`` holds no search for a clear) or 3
(before the search for the points a clear leaves kept the clear: its
``extra`` holds, after a clear found, a search under the game's rules) is not
read: the review is made again and replaces it. Reading it back checks what
can be checked without searching again, and refuses a kept review that fails
(``StoredReviewError``):

- every line is replayed from its position and must reach its total (a line that
  does not reach what it claims cannot make a move look worse than it was);
- every value marked exact is solved again by the exact solver of the review's
  budget and must be what it finds (a position the budget could not solve exactly
  cannot be marked exact);
- the values are consistent along the game: a line from a later position, after
  the played moves, is a line from every earlier one, so an exact value is at
  least every later total, and a position said not to clear has no later line
  that clears.

A value that the search found is not searched again (that is the review's whole
cost): an edit that puts a worse legal line in its place, with its true total, is
not detected.

>>> from samegame.core.formulas import BASIC
>>> from samegame.core.rules import Rules
>>> from samegame.core.textboard import read_board
>>> from samegame.review.review import review_game
>>> board, rules, moves = read_board("RBR\\nRBB"), Rules(BASIC), [Cell(0, 0), Cell(1, 0)]
>>> review = review_game(board, rules, moves, seed=1)
>>> kept = stored_review(review)
>>> kept["values"][0]
{'total': 2, 'line': ['B1', 'A1'], 'clears': True, 'exact': True, 'can_clear': True}
>>> review_from_stored(kept, board, rules, moves) == review
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, fields
from typing import Any

from samegame.core.board import Board
from samegame.core.coords import Cell, CoordinateError, format_cell, parse_cell
from samegame.core.limits import SQLITE_MAX_INTEGER
from samegame.core.rules import Rules
from samegame.review.review import Review, review_of
from samegame.review.values import (
    PositionValue,
    ReviewBudget,
    exact_value,
    follow,
    played_line,
)

__all__ = ["REVIEW_FORMAT", "StoredReviewError", "review_from_stored", "stored_review"]

REVIEW_FORMAT = "samegame-review/4"


class StoredReviewError(ValueError):
    """A kept review that is not one of this game: its words say what is wrong."""


def _kept_value(value: PositionValue) -> dict[str, Any]:
    return {
        "total": value.total,
        "line": [format_cell(cell) for cell in value.line],
        "clears": value.clears,
        "exact": value.exact,
        "can_clear": value.can_clear,
    }


def stored_review(review: Review) -> dict[str, Any]:
    """The kept form of ``review`` (see the module)."""
    return {
        "format": REVIEW_FORMAT,
        "seed": review.seed,
        "budget": asdict(review.budget),
        "values": [_kept_value(value) for value in review.values],
        "extra": [{"position": position, **_kept_value(value)} for position, value in review.extra],
        "rechecked": review.rechecked,
    }


def review_from_stored(
    kept: object,
    board: Board,
    rules: Rules,
    moves: Sequence[Cell],
    asked: tuple[ReviewBudget, int] | None = None,
) -> Review:
    """The review a kept form describes, for ``moves`` played from ``board`` under
    ``rules``; StoredReviewError when it is not a kept review of that game (a
    wrong shape, more values than positions, a line that is not legal from its
    position or does not reach its total, a value that does not check: see the
    module). With ``asked`` (a budget and a seed), a kept review of another budget
    or seed is refused before any of its values is checked: the exact solver then
    works within the budget asked for, never within one read from the store."""
    if not isinstance(kept, Mapping) or kept.get("format") != REVIEW_FORMAT:
        raise StoredReviewError(f"not a {REVIEW_FORMAT} object")
    seed = _whole(kept.get("seed"), "seed")
    budget = _budget(kept.get("budget"))
    if asked is not None and (budget, seed) != asked:
        raise StoredReviewError("kept with another budget or seed")
    values = kept.get("values")
    if not isinstance(values, list):
        raise StoredReviewError("values is not a list")
    try:
        played = played_line(board, rules, moves)
    except ValueError as error:
        raise StoredReviewError(f"the game's moves cannot be played: {error}") from None
    if len(values) > len(played.boards):
        raise StoredReviewError(
            f"{len(values)} values for a game of {len(played.boards)} positions"
        )
    found = [
        _value(entry, played.boards[index], rules, played.bases[index], index)
        for index, entry in enumerate(values)
    ]
    _check_exact(found, played.boards, played.bases, rules, budget)
    _check_along_the_game(found)
    extra = _extra(kept.get("extra", []), played.boards, played.bases, rules, len(found))
    rechecked = _flag(kept.get("rechecked", False), "rechecked")
    if (extra or rechecked) and len(found) < len(played.boards):
        raise StoredReviewError("searches made again before every position was valued")
    return review_of(played, rules, moves, found, budget, seed, extra, rechecked=bool(rechecked))


def _extra(
    entries: object, boards: Sequence[Board], bases: Sequence[int], rules: Rules, valued: int
) -> list[tuple[int, PositionValue]]:
    """The lines of the searches made again: each of a position valued, replayed
    to its total, and never exact (an exact position is not searched again)."""
    if not isinstance(entries, list):
        raise StoredReviewError("extra is not a list")
    extra = []
    for number, entry in enumerate(entries, 1):
        position = entry.get("position") if isinstance(entry, Mapping) else None
        if isinstance(position, bool) or not isinstance(position, int):
            raise StoredReviewError(f"extra {number}: position is not a whole number")
        if not 0 <= position < valued:
            raise StoredReviewError(f"extra {number}: no position {position} was valued")
        value = _value(entry, boards[position], rules, bases[position], position)
        if value.exact or value.can_clear is False:
            raise StoredReviewError(f"extra {number}: a search made again is never exact")
        extra.append((position, value))
    return extra


def _check_exact(
    found: Sequence[PositionValue],
    boards: Sequence[Board],
    bases: Sequence[int],
    rules: Rules,
    budget: ReviewBudget,
) -> None:
    """Every value marked exact is the exact solver's value of its position."""
    solver = budget.solver(rules)
    for index, value in enumerate(found):
        if not value.exact:
            continue
        again = exact_value(boards[index], rules, bases[index], budget, solver)
        if again is None:
            raise StoredReviewError(
                f"value {index + 1} is marked exact, but its position is beyond the "
                "exact solver of the review's budget"
            )
        if again != value:
            raise StoredReviewError(
                f"value {index + 1} is marked exact, but the exact solver finds "
                f"{again.total}, not what is kept"
            )


def _check_along_the_game(found: Sequence[PositionValue]) -> None:
    """No exact value below a later total, and no "cannot clear" before a later
    line that clears (a later line is a line from every earlier position)."""
    best_later: int | None = None
    clears_later = False
    for index in reversed(range(len(found))):
        value = found[index]
        if value.exact and best_later is not None and value.total < best_later:
            raise StoredReviewError(
                f"value {index + 1} is marked exact at {value.total}, but a later "
                f"position's line reaches {best_later}"
            )
        if value.can_clear is False and clears_later:
            raise StoredReviewError(
                f"value {index + 1} says no line clears, but a later position's line clears"
            )
        best_later = value.total if best_later is None else max(best_later, value.total)
        clears_later = clears_later or value.clears


def _whole(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StoredReviewError(f"{name} is not a whole number")
    if not 0 <= value <= SQLITE_MAX_INTEGER:
        raise StoredReviewError(f"{name} is out of range")
    return value


def _budget(value: object) -> ReviewBudget:
    names = [field.name for field in fields(ReviewBudget)]
    if not isinstance(value, Mapping) or sorted(value) != sorted(names):
        raise StoredReviewError(f"budget is not an object of {', '.join(names)}")
    try:
        return ReviewBudget(**{name: _whole(value[name], name) for name in names})
    except ValueError as error:
        raise StoredReviewError(f"budget: {error}") from None


def _flag(value: object, name: str, *, unknown: bool = False) -> bool | None:
    if value is None and unknown:
        return None
    if not isinstance(value, bool):
        raise StoredReviewError(f"{name} is not true or false")
    return value


def _value(entry: object, board: Board, rules: Rules, base: int, index: int) -> PositionValue:
    where = f"value {index + 1}"
    if not isinstance(entry, Mapping):
        raise StoredReviewError(f"{where} is not an object")
    line = entry.get("line")
    if not isinstance(line, list) or len(line) > board.tile_count():
        raise StoredReviewError(f"{where}: line is not a list of at most one move a tile")
    try:
        cells = tuple(parse_cell(text) for text in line if isinstance(text, str))
    except CoordinateError as error:
        raise StoredReviewError(f"{where}: {error}") from None
    if len(cells) != len(line):
        raise StoredReviewError(f"{where}: line holds something other than cell names")
    try:
        total, clears = follow(board, rules, base, cells)
    except ValueError as error:
        raise StoredReviewError(f"{where}: {error}") from None
    if entry.get("total") != total or entry.get("clears") is not clears:
        raise StoredReviewError(f"{where}: the line reaches {total}, not what is kept")
    exact = _flag(entry.get("exact"), f"{where}: exact")
    can_clear = _flag(entry.get("can_clear"), f"{where}: can_clear", unknown=True)
    if clears and can_clear is not True:
        raise StoredReviewError(f"{where}: a line that clears, but can_clear is not true")
    if can_clear is False and exact is not True:
        raise StoredReviewError(f"{where}: no line clears, said without an exact value")
    assert exact is not None
    return PositionValue(total, cells, clears, exact, can_clear)
