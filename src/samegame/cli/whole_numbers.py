"""Whole numbers on the command line: ASCII digits 0-9 only, within a range.

Typer reads an ``int`` option the way Python does, so ``1_000``, ``+5`` and `` 5``
would pass for numbers. Every whole-number option reads its value with
``whole_number(low, high)`` instead (``typer.Option(..., parser=...)``): a value is
accepted exactly when it is one or more ASCII digits and, read in base 10, lies
from ``low`` to ``high``. Its errors are pydantic's kinds of error (``int_parsing``,
``greater_than_equal``, ``less_than_equal``) with the same context, so they are
reported in words as the option parser's own are (exit 2).

>>> read = whole_number(1, 50)
>>> read("12"), read(7)
(12, 7)
>>> read("+5")
Traceback (most recent call last):
...
pydantic_core._pydantic_core.PydanticCustomError: Input should be a whole number written in digits 0-9
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pydantic_core import PydanticCustomError

from samegame.core.limits import SQLITE_MAX_INTEGER

__all__ = ["whole_number"]

_WRITTEN = re.compile(r"[0-9]+|-[1-9][0-9]*")
"""ASCII digits, or a minus sign and digits that do not start with 0: a negative
number reaches the range check (``low``, or the command's own check, which says
what is allowed); ``+5``, ``1_000``, `` 5``, ``-0`` and Unicode digits never do."""


def whole_number(low: int | None = 0, high: int = SQLITE_MAX_INTEGER) -> Callable[[object], int]:
    """A parser for a whole-number option from ``low`` to ``high``. With ``low``
    None a negative number is given to the command, whose own check refuses it
    in its own words."""
    most_digits = len(str(high))

    def parse(value: object) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value  # a default, given in code
        else:
            text = str(value)
            if not _WRITTEN.fullmatch(text):
                raise PydanticCustomError(
                    "int_parsing", "Input should be a whole number written in digits 0-9"
                )
            if len(text.lstrip("-0")) > most_digits:  # far from the range: never converted
                kind, words, bound = (
                    ("greater_than_equal", "greater than or equal to {ge}", {"ge": low or 0})
                    if text.startswith("-")
                    else ("less_than_equal", "less than or equal to {le}", {"le": high})
                )
                raise PydanticCustomError(kind, f"Input should be {words}", bound)
            number = int(text, 10)
        if low is not None and number < low:
            raise PydanticCustomError(
                "greater_than_equal", "Input should be greater than or equal to {ge}", {"ge": low}
            )
        if number > high:
            raise PydanticCustomError(
                "less_than_equal", "Input should be less than or equal to {le}", {"le": high}
            )
        return number

    return parse
