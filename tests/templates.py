"""A catalogue template as a regular expression, to read a said line back to the
sentence it came from (the review's claims and the A45 transcript tests)."""

from __future__ import annotations

import re


def template_pattern(template: str) -> re.Pattern[str]:
    """``template`` with each ``{name}`` a named group (a name used again must
    match the same text), everything else literal, anchored at both ends.

    >>> template_pattern("{n} of {n}, {m}").match("2 of 2, x").group("m")
    'x'
    """
    parts, seen = [], set()
    for piece in re.split(r"(\{\w+\})", template):
        name = piece[1:-1] if piece.startswith("{") and piece.endswith("}") else None
        if name is None:
            parts.append(re.escape(piece))
        elif name in seen:
            parts.append(f"(?P={name})")
        else:
            seen.add(name)
            parts.append(f"(?P<{name}>.+?)")
    return re.compile("^" + "".join(parts) + "$")
