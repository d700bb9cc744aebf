"""Bounds on what enters samegame: numbers, digit strings and input files.

Every number that comes from outside (a preset, a command-line option, a typed
line, a plugin's result) is bounded where it enters, so that nothing later (the
rules core, SQLite, JSON) meets a number it cannot hold:

- ``MAX_POINTS``: the most points one value may be worth (a group's points, a clear
  bonus, a penalty, a penalty floor's size). A board has at most 26 x 50 = 1,300
  tiles and so at most 1,300 moves, and 1,301 x 10**15 stays far below SQLite's
  largest INTEGER, so every total fits the store.
- ``SQLITE_MAX_INTEGER``: the largest integer SQLite stores (saved game ids,
  ``--limit``).
- ``MAX_DIGITS``: digit strings (rows, columns, sizes) are read only when they have
  at most this many ASCII digits 0-9; anything longer is refused before ``int()``.
- ``MAX_FILE_BYTES``: board and preset files are read up to 1 MB; a longer file
  (``/dev/zero`` included) is refused after reading at most one byte more.
- ``MAX_RECORD_LINE_BYTES``: one line of a record file (JSON lines) is read up to
  1 MB.

>>> parse_digits("12"), parse_digits("\\u00b2"), parse_digits("9" * 5000)
(12, None, None)
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import BinaryIO

MAX_POINTS = 10**15
SQLITE_MAX_INTEGER = 2**63 - 1
MAX_DIGITS = 6
MAX_FILE_BYTES = 1_000_000
MAX_RECORD_LINE_BYTES = 1_000_000
ASCII_DIGITS = frozenset("0123456789")


class InputTooLargeError(ValueError):
    """An input file or stream longer than its cap; the message names both."""


def is_ascii_digits(text: str, max_digits: int = MAX_DIGITS) -> bool:
    """True for 1 to ``max_digits`` ASCII digits 0-9 (``str.isdigit`` also accepts
    ``²`` and other Unicode digits, which ``int`` then refuses or misreads)."""
    return 0 < len(text) <= max_digits and all(ch in ASCII_DIGITS for ch in text)


def parse_digits(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """The value of 1 to ``max_digits`` ASCII digits, else None."""
    return int(text) if is_ascii_digits(text, max_digits) else None


def check_points(value: object) -> int:
    """``value`` when it is a whole number from 0 to MAX_POINTS (not a bool); else
    ValueError saying what is allowed."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"points must be a whole number, not {type(value).__name__}")
    if not 0 <= value <= MAX_POINTS:
        raise ValueError(f"points must be 0 to {MAX_POINTS:,}, not {_short(value)}")
    return value


def _short(value: int) -> str:
    text = str(value) if abs(value) < 10**30 else f"a number of {len(str(abs(value)))} digits"
    return text


def read_capped(stream: BinaryIO, name: str, cap: int = MAX_FILE_BYTES) -> bytes:
    """At most ``cap`` bytes of a stream; InputTooLargeError if there are more
    (after reading ``cap + 1`` bytes, so endless streams end quickly)."""
    data = stream.read(cap + 1)
    if len(data) > cap:
        raise InputTooLargeError(
            f"{name} is larger than {cap:,} bytes, the most samegame reads from one file"
        )
    return data


def read_file_capped(path: str, cap: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a file (``-`` is standard input), at most ``cap``; OSError if it
    cannot be opened, InputTooLargeError if it is longer."""
    if path == "-":
        binary = getattr(sys.stdin, "buffer", None)
        if binary is not None:
            return read_capped(binary, "standard input", cap)
        text = sys.stdin.read(cap + 1)  # a text stream standing in for stdin (tests)
        if len(text) > cap:
            raise InputTooLargeError(f"standard input is larger than {cap:,} characters")
        return text.encode("utf-8")
    with Path(path).open("rb") as stream:
        return read_capped(stream, path, cap)


__all__ = [
    "MAX_DIGITS",
    "MAX_FILE_BYTES",
    "MAX_POINTS",
    "MAX_RECORD_LINE_BYTES",
    "SQLITE_MAX_INTEGER",
    "InputTooLargeError",
    "check_points",
    "is_ascii_digits",
    "parse_digits",
    "read_capped",
    "read_file_capped",
]
