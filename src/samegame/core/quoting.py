"""How input is shown back in a message: control characters escaped, length capped.

An error that echoes what was typed or read must neither pass a NUL, an escape
sequence or a bidirectional override on to the terminal nor print a 5,000-digit
line back.

>>> shown("A\\x00B")
'A\\\\x00B'
>>> shown("9" * 100)
'999999999999999999999999999999999999999999999999... (100 characters)'
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


__all__ = ["MAX_SHOWN", "shown"]
