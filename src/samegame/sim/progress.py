"""Progress of a long run on standard error: a few plain lines, or a live bar.

Plain (the default, and the only form a screen reader or a log file sees): one line
each time another tenth of the work is done, so at most ten lines in all:
``Played 100 of 1000 games (10 percent).`` Live (only when the caller has checked
that the stream is a terminal and accessible mode is off): one line rewritten with
carriage returns, at most five times a second, ended by a newline on ``close``.
The words are the catalogue's (``research.progress.*``) in the language of ``tr``
(English when none is given).

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
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from samegame.i18n import Translator

BAR_WIDTH = 20
LIVE_INTERVAL = 0.2  # seconds between live updates


class Progress:
    """Called with the number of units done; ``total`` is at least 1. The units are
    ``noun``: ``games`` or ``boards``."""

    def __init__(
        self,
        total: int,
        stream: TextIO,
        *,
        noun: str = "games",
        live: bool = False,
        tr: Translator | None = None,
    ) -> None:
        from samegame.i18n import translator

        self.total = total
        self.stream = stream
        self.noun = noun
        self.live = live
        self.tr = translator("en") if tr is None else tr
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
            key = "research.progress.boards" if self.noun == "boards" else "research.progress.games"
            words = self.tr(key, done=done, total=self.total, percent=self._percent(done))
            self.stream.write(f"{words}\n")
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
        key = (
            "research.progress.boards.live"
            if self.noun == "boards"
            else "research.progress.games.live"
        )
        words = self.tr(key, done=done, total=self.total, percent=self._percent(done))
        self.stream.write(f"\r[{bar}] {words}")
        self.stream.flush()
        self._drawn = True
