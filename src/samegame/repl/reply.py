"""What one line of the player produced, for the read-announce loop."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Reply"]


@dataclass
class Reply:
    """What one line produced: lines to say, whether the session ends, whether the
    board should be drawn for a sighted player."""

    lines: list[str] = field(default_factory=list)
    quit: bool = False
    changed: bool = False
    alert: bool = False
    interrupted: bool = False  # Ctrl-C stopped long work: say the lines, then leave (130)
