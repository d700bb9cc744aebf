"""Progress of a long run on standard error: a few plain lines, or a live bar.

Plain (the default, and the only form a screen reader or a log file sees): one line
each time another tenth of the work is done, so at most ten lines in all:
``Played 100 of 1000 games (10 percent).`` Live (only when the caller has checked
that the stream is a terminal and accessible mode is off): one line rewritten with
carriage returns, at most five times a second, ended by a newline on ``close``.

>>> import io
>>> stream = io.StringIO()
>>> progress = Progress(5, stream)
>>> for done in range(1, 6):
...     progress(done)
>>> print(stream.getvalue(), end="")
Played 1 of 5 games (20 percent).
Played 2 of 5 games (40 percent).
Played 3 of 5 games (60 percent).
Played 4 of 5 games (80 percent).
Played 5 of 5 games (100 percent).
"""

from __future__ import annotations

import time
from typing import TextIO

BAR_WIDTH = 20
LIVE_INTERVAL = 0.2  # seconds between live updates


class Progress:
    """Called with the number of units done; ``total`` is at least 1."""

    def __init__(
        self, total: int, stream: TextIO, *, noun: str = "games", live: bool = False
    ) -> None:
        self.total = total
        self.stream = stream
        self.noun = noun
        self.live = live
        self._tenths = 0
        self._shown_at = 0.0
        self._drawn = False

    def __call__(self, done: int) -> None:
        if self.live:
            self._draw(done)
            return
        tenths = done * 10 // self.total
        if tenths > self._tenths:
            self._tenths = tenths
            self.stream.write(
                f"Played {done} of {self.total} {self.noun} ({self._percent(done)} percent).\n"
            )
            self.stream.flush()

    def close(self) -> None:
        """End the live line, if one was drawn."""
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn = False

    def _percent(self, done: int) -> int:
        return done * 100 // self.total

    def _draw(self, done: int) -> None:
        now = time.monotonic()
        if done < self.total and now - self._shown_at < LIVE_INTERVAL:
            return
        self._shown_at = now
        filled = done * BAR_WIDTH // self.total
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        self.stream.write(
            f"\r[{bar}] {done} of {self.total} {self.noun}, {self._percent(done)} percent"
        )
        self.stream.flush()
        self._drawn = True
