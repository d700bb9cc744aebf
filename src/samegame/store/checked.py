"""The one way a stored value is read back: every column of every row the store
reads goes through ``Fields``, which checks its type, its range and its size, and
raises ``DamagedValueError`` (a ValueError naming the column) for anything else.
The parts of the store turn that into their damaged-data errors
(``DamagedGameError``, ``DamagedSettingError``), so a row edited or damaged by
something else is reported as damaged, never as a crash.

What is read is bounded before Python sees it: ``capped_columns`` selects every
text or blob value longer than ``MAX_STORED_TEXT`` characters cut to one character
more, so a row holding megabytes costs no more to refuse than one at the cap; a
JSON value is refused when it is nested deeper than ``MAX_JSON_DEPTH`` (counted in
one pass over the text, before it is parsed).

>>> text_depth('{"a": [1, [2, "[[["]]}')
3
>>> Fields({"moves": '["A1", 5]'}, "game").json("moves")
['A1', 5]
>>> Fields({"width": "8"}, "game").whole("width", 1, 26)
Traceback (most recent call last):
...
samegame.store.checked.DamagedValueError: width is '8', not a whole number
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable
from datetime import datetime
from enum import StrEnum
from typing import Any, Protocol, TypeVar, cast

from samegame.core.coords import Cell, CoordinateError, format_cell, parse_cell
from samegame.core.quoting import shown
from samegame.store.models import JSONValue

__all__ = [
    "MAX_JSON_DEPTH",
    "MAX_STORED_TEXT",
    "DamagedValueError",
    "Fields",
    "Row",
    "capped_columns",
    "text_depth",
]

MAX_STORED_TEXT = 65_536
"""The most characters a stored text value may hold. The longest a game writes is
its move list: at most 26 x 50 = 1,300 cells of at most 7 characters each."""

MAX_JSON_DEPTH = 32
"""The deepest a stored JSON value may be nested (settings are two levels deep)."""

_E = TypeVar("_E", bound=StrEnum)

_WORDS = {"redo": "undone moves", "reasons": "practice reasons", "assistance": "help used"}
"""What messages call the columns whose names say less."""


class Row(Protocol):
    """A row as sqlite3 gives it, or any mapping from column name to value."""

    def __getitem__(self, key: str, /) -> Any: ...


class DamagedValueError(ValueError):
    """A stored value that does not read back as what its column holds. The
    message is one line: the column, then what is wrong with its value."""


def capped_columns(columns: Iterable[str]) -> str:
    """The SELECT list of ``columns`` with every value longer than
    ``MAX_STORED_TEXT`` cut to ``MAX_STORED_TEXT + 1`` characters (bytes for a
    blob) by SQLite, so no more than that is ever read into Python; numbers are
    never that long and come back as they are.

    >>> capped_columns(["id"])
    'CASE WHEN length(id) > 65536 THEN substr(id, 1, 65537) ELSE id END AS id'
    """
    limit = MAX_STORED_TEXT
    return ", ".join(
        f"CASE WHEN length({name}) > {limit} THEN substr({name}, 1, {limit + 1}) "
        f"ELSE {name} END AS {name}"
        for name in columns
    )


def text_depth(text: str) -> int:
    """How deeply the arrays and objects of a JSON text nest (brackets inside
    strings do not count); one pass, no parsing."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON holds")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is too large a number")
    return value


def _value_words(value: object) -> str:
    """A stored value as a message shows it: short, escaped."""
    if isinstance(value, str):
        return f"'{shown(value[:40])}'" + ("..." if len(value) > 40 else "")
    if isinstance(value, bytes):
        return f"{len(value)} bytes of binary data"
    if value is None:
        return "empty (NULL)"
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else "a huge number"
    return text[:60]


class Fields:
    """The checked columns of one row (a ``sqlite3.Row`` or any mapping from
    column name to value); ``what`` names the row in messages. Every reader
    raises DamagedValueError for a value that is not what it should be."""

    def __init__(self, row: Row, what: str) -> None:
        self.row = row
        self.what = what

    def damaged(self, column: str, problem: str) -> DamagedValueError:
        return DamagedValueError(f"{_WORDS.get(column, column)} {problem}")

    def raw(self, column: str) -> object:
        """The value as stored; a missing column is damage."""
        try:
            return self.row[column]
        except (IndexError, KeyError):
            raise self.damaged(column, "is missing from the table") from None

    # -- text ----------------------------------------------------------------------

    def text(self, column: str) -> str:
        """Text of at most MAX_STORED_TEXT characters."""
        value = self.raw(column)
        if not isinstance(value, str):
            raise self.damaged(column, f"is {_value_words(value)}, not text")
        if len(value) > MAX_STORED_TEXT:
            raise self.damaged(column, f"is longer than {MAX_STORED_TEXT:,} characters")
        return value

    def choice(self, column: str, kind: type[_E]) -> _E:
        """One of an enumeration's values."""
        value = self.text(column)
        try:
            return kind(value)
        except ValueError:
            words = ", ".join(member.value for member in kind)
            raise self.damaged(column, f"is {_value_words(value)}, not one of {words}") from None

    def moment(self, column: str) -> datetime:
        """An ISO 8601 time with its UTC offset, as rows keep them."""
        value = self.text(column)
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            moment = None
        if moment is None or moment.tzinfo is None:
            raise self.damaged(column, f"is {_value_words(value)}, not a time")
        return moment

    def optional_moment(self, column: str) -> datetime | None:
        return None if self.raw(column) is None else self.moment(column)

    # -- numbers -------------------------------------------------------------------

    def whole(self, column: str, low: int, high: int) -> int:
        """An integer from ``low`` to ``high`` (stored as an integer, not text)."""
        value = self.raw(column)
        if type(value) is not int:
            raise self.damaged(column, f"is {_value_words(value)}, not a whole number")
        if not low <= value <= high:
            raise self.damaged(column, f"is {_value_words(value)}, not {low} to {high}")
        return value

    def optional_whole(self, column: str, low: int, high: int) -> int | None:
        return None if self.raw(column) is None else self.whole(column, low, high)

    def flag(self, column: str) -> bool:
        """0 or 1."""
        return bool(self.whole(column, 0, 1))

    # -- JSON ----------------------------------------------------------------------

    def json(self, column: str) -> JSONValue:
        """A JSON text, nested at most MAX_JSON_DEPTH deep (checked before parsing),
        with no NaN or infinity and no number too long to read."""
        text = self.text(column)
        if text_depth(text) > MAX_JSON_DEPTH:
            raise self.damaged(column, f"is nested more than {MAX_JSON_DEPTH} deep")
        try:
            value = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
        except (ValueError, RecursionError) as error:
            problem = str(error).splitlines()[0][:80] if str(error) else "not JSON"
            raise self.damaged(column, f"is not JSON ({problem})") from None
        return cast(JSONValue, value)

    def words(self, column: str) -> tuple[str, ...]:
        """A JSON array of strings."""
        value = self.json(column)
        if not isinstance(value, list) or not all(isinstance(word, str) for word in value):
            raise self.damaged(column, "are not a list of words")
        return tuple(cast(list[str], value))

    def cells(self, column: str, width: int, height: int) -> tuple[Cell, ...]:
        """A JSON array of at most ``width * height`` cells written like ``C5``
        (their canonical names), each on a ``width`` x ``height`` board; counted
        before any cell is read."""
        value = self.json(column)
        if not isinstance(value, list) or not all(isinstance(text, str) for text in value):
            raise self.damaged(column, "are not a list of cells")
        texts = cast(list[str], value)
        if len(texts) > width * height:
            raise self.damaged(
                column, f"hold {len(texts):,} cells, more than a {width}x{height} board has tiles"
            )
        return tuple(self._cell(column, text, width, height) for text in texts)

    def _cell(self, column: str, text: str, width: int, height: int) -> Cell:
        try:
            cell = parse_cell(text)
            canonical = format_cell(cell) == text
        except CoordinateError:
            canonical = False
        if not canonical:
            raise self.damaged(column, f"hold {_value_words(text)}, not a cell written like C5")
        if not (cell.col < width and cell.row < height):
            raise self.damaged(column, f"hold {text}, outside the {width}x{height} board")
        return cell

    def checked(self, column: str, check: Callable[[str], object]) -> str:
        """Text that ``check`` accepts (ValueError otherwise)."""
        text = self.text(column)
        try:
            check(text)
        except ValueError as error:
            raise self.damaged(column, f"is {_value_words(text)}: {error}") from None
        return text
