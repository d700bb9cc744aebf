"""How input is shown back in a message: control characters escaped, length capped.

An error that echoes what was typed or read must neither pass a NUL, an escape
sequence or a bidirectional override on to the terminal nor print a 5,000-digit
line back.

>>> shown("A\\x00B")
'A\\\\x00B'
>>> shown("9" * 100)
'999999999999999999999999999999999999999999999999... (100 characters)'

The last printer of a line of a message (``printable_line``) escapes by the same
rules whatever the line holds, a line break included, and caps the line, so a
value that reached a message without ``shown`` still cannot reach the terminal
raw or whole.
"""

from __future__ import annotations

import unicodedata

MAX_SHOWN = 48


def _escape(ch: str) -> str:
    if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
        code = ord(ch)
        return (
            f"\\x{code:02x}"
            if code < 0x100
            else f"\\u{code:04x}"
            if code < 0x10000
            else f"\\U{code:08x}"
        )
    return ch


def shown(text: str, limit: int = MAX_SHOWN) -> str:
    """``text`` with control and format characters written as ``\\x00``/``\\u200b``,
    cut to ``limit`` characters with its full length named."""
    head = text[:limit]
    escaped = "".join(_escape(ch) for ch in head)
    if len(text) > limit:
        return f"{escaped}... ({len(text):,} characters)"
    return escaped


MAX_LINE = 2000


def printable_line(text: str, limit: int = MAX_LINE) -> str:
    """``text`` as one line a terminal shows as it is: every control and format
    character escaped as ``shown`` does (a line break too), at most ``limit``
    characters of the escaped text, then the length of ``text`` named.
    Text that is already printable comes back unchanged.

    >>> printable_line("Error: no preset named '\\x1b]0;owned\\x07'\\u202e")
    "Error: no preset named '\\\\x1b]0;owned\\\\x07'\\\\u202e"
    >>> printable_line("a" * 30, limit=10)
    'aaaaaaaaaa... (30 characters)'
    """
    pieces: list[str] = []
    length = 0
    for ch in text:
        piece = _escape(ch)
        if length + len(piece) > limit:
            return "".join(pieces) + f"... ({len(text):,} characters)"
        pieces.append(piece)
        length += len(piece)
    return "".join(pieces)


MAX_LISTED = 5


def shown_list(items: list[str], limit: int = MAX_LISTED, each: int = 40) -> str:
    """Names read from input, each ``shown`` (escaped, cut to ``each`` characters)
    and quoted, at most ``limit`` of them and then how many more.

    >>> shown_list(["note", "a\\nb"])
    "'note', 'a\\\\x0ab'"
    >>> shown_list([f"k{n}" for n in range(1000)], limit=2)
    "'k0', 'k1' and 998 more"
    """
    listed = ", ".join(f"'{shown(item, each)}'" for item in items[:limit])
    rest = len(items) - limit
    return f"{listed} and {rest:,} more" if rest > 0 else listed


__all__ = ["MAX_LINE", "MAX_LISTED", "MAX_SHOWN", "printable_line", "shown", "shown_list"]
