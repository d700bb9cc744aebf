"""Cell coordinates: ``"C5"`` <-> ``Cell(column, row)``.

Columns are letters A, B, C ... from the left; rows are numbers 1, 2, 3 ... from
the bottom. Internally both are 0-based: ``Cell(0, 0)`` is ``A1``, the bottom-left
cell.

>>> parse_cell("C5")
Cell(col=2, row=4)
>>> format_cell(Cell(2, 4))
'C5'
>>> parse_cell("column 3 row 5") == parse_cell("5c") == parse_cell(" c 5 ")
True
"""

from __future__ import annotations

import re
from typing import NamedTuple

from samegame.core.limits import MAX_DIGITS, parse_digits
from samegame.core.quoting import shown

MAX_COLUMNS = 26
COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Cell(NamedTuple):
    """A cell: 0-based column from the left, 0-based row from the bottom."""

    col: int
    row: int

    def __str__(self) -> str:
        return format_cell(self)


class CoordinateError(ValueError):
    """Text that is not a cell coordinate; the message says what is accepted."""


def column_letter(col: int) -> str:
    """The letter of a 0-based column: ``column_letter(0) == 'A'``."""
    if not 0 <= col < MAX_COLUMNS:
        raise CoordinateError(f"column {col + 1} is outside A to Z")
    return COLUMN_LETTERS[col]


def format_cell(cell: Cell | tuple[int, int]) -> str:
    """Write a cell as letter and row number, for example ``C5``."""
    col, row = cell
    if row < 0:
        raise CoordinateError(f"row {row + 1} is below row 1")
    return f"{column_letter(col)}{row + 1}"


# Numbers are 1 to MAX_DIGITS ASCII digits ([0-9], never \d, which takes any
# Unicode digit): a longer run is not a cell, and int() never sees it.
_N = rf"[0-9]{{1,{MAX_DIGITS}}}"
_LETTER_FIRST = re.compile(rf"^([a-z])\s*({_N})$")
_NUMBER_FIRST = re.compile(rf"^({_N})\s*([a-z])$")
# "col 3", "column c", "col3": a letter after the word needs a space before it.
_COLUMN = rf"(?:column|col)(?:\s+({_N}|[a-z])|({_N}))"
_WORDS = re.compile(rf"^{_COLUMN}\s*,?\s*row\s*({_N})$")
_WORDS_ROW_FIRST = re.compile(rf"^row\s*({_N})\s*,?\s*{_COLUMN}$")

SPELLING_EXAMPLES = ("C5", "c5", "c 5", "5c", "column 3 row 5", "column C row 5")
ACCEPTED_SPELLINGS = "C5, c5, 'c 5', 5c, 'column 3 row 5', 'column C row 5' or 'row 5 column C'"


def _column_index(token: str) -> int:
    number = parse_digits(token)
    if number is not None:
        return number - 1
    return COLUMN_LETTERS.index(token.upper())


def parse_cell(text: str) -> Cell:
    """Read a cell in any accepted spelling; raise CoordinateError otherwise.

    Bounds are not checked here (see ``check_cell``): ``Z99`` parses.
    """
    cleaned = " ".join(text.strip().lower().split())
    for pattern, col_groups, row_group in (
        (_LETTER_FIRST, (1,), 2),
        (_NUMBER_FIRST, (2,), 1),
        (_WORDS, (1, 2), 3),
        (_WORDS_ROW_FIRST, (2, 3), 1),
    ):
        match = pattern.match(cleaned)
        if match:
            column = next(match.group(g) for g in col_groups if match.group(g))
            col = _column_index(column)
            row = int(match.group(row_group)) - 1  # at most MAX_DIGITS ASCII digits
            if col < 0 or row < 0:
                break
            return Cell(col, row)
    raise CoordinateError(
        f"'{shown(text.strip())}' is not a cell; write it as {ACCEPTED_SPELLINGS} "
        f"(rows and columns in digits 0 to 9)"
    )


def check_cell(cell: Cell, width: int, height: int) -> None:
    """Raise CoordinateError naming the board's extent when a cell lies outside it."""
    if not (0 <= cell.col < width and 0 <= cell.row < height):
        last = format_cell(Cell(width - 1, height - 1))
        raise CoordinateError(
            f"{format_cell(cell)} is outside the board; the columns are A, B and so on to "
            f"{last[0]}, the rows 1 to {height}"
        )
