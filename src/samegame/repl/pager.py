"""Long answers said a page at a time (A26)."""

from __future__ import annotations

from samegame.i18n import Translator

__all__ = ["PAGE_LINES", "Pager"]

# A long answer stops after this many lines and says how many more ``more`` gives.
PAGE_LINES = 10


class Pager:
    """A long answer said ``PAGE_LINES`` lines at a time (A26), for play and the
    tutorial alike: ``page`` says the first lines and how many more there are,
    ``more`` the next ones."""

    def __init__(self) -> None:
        self.rest: list[str] = []

    def page(self, lines: list[str], tr: Translator) -> list[str]:
        if len(lines) <= PAGE_LINES:
            self.rest = []
            return lines
        self.rest = lines[PAGE_LINES:]
        return [*lines[:PAGE_LINES], tr("more.left", count=len(self.rest))]

    def more(self, tr: Translator) -> list[str]:
        return self.page(self.rest, tr) if self.rest else [tr("more.nothing")]

    def clear(self) -> None:
        self.rest = []
