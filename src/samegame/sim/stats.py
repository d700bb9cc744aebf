"""Streaming statistics over game records, exact and in bounded memory.

- ``Moments``: count, exact integer sum and sum of squares, lowest and highest.
  Mean and sample standard deviation (n - 1 in the denominator) are computed from
  the exact integers, so they match ``statistics.mean`` and ``statistics.stdev``
  to the last bit of rounding; the standard deviation of one value is undefined
  (None), and so is a confidence interval.
- ``Histogram``: a count per distinct score (dict score -> count). The exact median
  is found by walking the sorted scores; memory grows with the number of distinct
  scores, never with the number of games. Scores are integers within a board's
  possible range (for 15x15 and the basic formula, from about -50,000 with a
  penalty to 50,729), so a run holds at most that many counts, in practice a few
  hundred to a few thousand.
- ``Summary``: both over final scores, plus boards cleared, tiles left and moves.

>>> summary = Summary()
>>> for score in (3, 1, 4, 1, 5):
...     summary.add({"score": score, "cleared": score > 4, "remaining": 2, "moves": [{}]})
>>> summary.scores.mean(), summary.median(), summary.clear_rate()
(2.8, 3, 0.2)
"""

from __future__ import annotations

import importlib
import math
import warnings
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from samegame.i18n.plain_english import english as _english

if TYPE_CHECKING:
    from samegame.i18n import Translator

Z95 = 1.96  # the normal approximation's two-sided 95 percent quantile


@dataclass
class Moments:
    """Running count, sum and sum of squares of integers; lowest and highest."""

    count: int = 0
    total: int = 0
    squares: int = 0
    low: int | None = None
    high: int | None = None

    def add(self, value: int) -> None:
        self.count += 1
        self.total += value
        self.squares += value * value
        self.low = value if self.low is None else min(self.low, value)
        self.high = value if self.high is None else max(self.high, value)

    def mean(self) -> float | None:
        return self.total / self.count if self.count else None

    def stdev(self) -> float | None:
        """The sample standard deviation; None under two values."""
        n = self.count
        if n < 2:
            return None
        return math.sqrt((n * self.squares - self.total * self.total) / (n * (n - 1)))

    def interval95(self) -> tuple[float, float] | None:
        """The mean's 95 percent confidence interval, mean +- 1.96 sd / sqrt(n)
        (normal approximation); None under two values."""
        mean, sd = self.mean(), self.stdev()
        if mean is None or sd is None:
            return None
        half = Z95 * sd / math.sqrt(self.count)
        return mean - half, mean + half


@dataclass
class Histogram:
    """How many times each integer occurred."""

    counts: dict[int, int] = field(default_factory=dict)

    def add(self, value: int) -> None:
        self.counts[value] = self.counts.get(value, 0) + 1

    def median(self) -> float | None:
        """The middle value; for an even count the mean of the two middle values
        (as ``statistics.median``). None when empty."""
        n = sum(self.counts.values())
        if n == 0:
            return None
        wanted = ((n - 1) // 2, n // 2)  # 0-based positions of the middle values
        found: list[int] = []
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            while len(found) < 2 and wanted[len(found)] < seen:
                found.append(value)
            if len(found) == 2:
                break
        low, high = found
        return low if low == high else (low + high) / 2


@dataclass
class Summary:
    """Statistics of finished games, fed one record at a time."""

    scores: Moments = field(default_factory=Moments)
    histogram: Histogram = field(default_factory=Histogram)
    cleared: int = 0
    tiles_left: int = 0
    moves: int = 0

    @property
    def games(self) -> int:
        return self.scores.count

    def add(self, record: dict[str, Any]) -> None:
        """Count a record's final score, clear, tiles left and moves."""
        score = int(record["score"])
        self.scores.add(score)
        self.histogram.add(score)
        self.cleared += bool(record["cleared"])
        self.tiles_left += int(record["remaining"])
        self.moves += len(record["moves"])

    def median(self) -> float | None:
        return self.histogram.median()

    def clear_rate(self) -> float | None:
        return self.cleared / self.games if self.games else None

    def mean_tiles_left(self) -> float | None:
        return self.tiles_left / self.games if self.games else None

    def moves_per_game(self) -> float | None:
        return self.moves / self.games if self.games else None

    def to_dict(self) -> dict[str, Any]:
        """The statistics as JSON-ready values (None where no game finished)."""
        return {
            "games": self.games,
            "mean": self.scores.mean(),
            "median": self.median(),
            "stdev": self.scores.stdev(),
            "min": self.scores.low,
            "max": self.scores.high,
            "cleared": self.cleared,
            "clear_rate": self.clear_rate(),
            "mean_tiles_left": self.mean_tiles_left(),
            "moves_per_game": self.moves_per_game(),
        }

    def describe(self, tr: Translator | None = None) -> list[str]:
        """The statistics in sentences, one per line, in the language of ``tr``
        (English when none is given)."""
        tr = _english(tr)
        n = self.games
        if n == 0:
            return [tr("research.summary.none")]
        sd = self.scores.stdev()
        spread = "" if sd is None else tr("research.summary.spread", stdev=f"{sd:.1f}")
        return [
            tr(
                "research.summary.scores",
                mean=f"{self.scores.mean():.1f}",
                median=number(self.median()),
                spread=spread,
                low=self.scores.low,
                high=self.scores.high,
            ),
            tr(
                "research.summary.cleared",
                count=n,
                cleared=self.cleared,
                percent=percent(self.cleared, n),
            ),
            tr(
                "research.summary.average",
                tiles=f"{self.mean_tiles_left():.1f}",
                moves=f"{self.moves_per_game():.1f}",
            ),
        ]


def number(value: float | None) -> str:
    """A whole number without decimals, anything else with one."""
    if value is None:
        return "none"
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}" if whole else "0.0"


_MOVED_NAMES = {"english": "samegame.i18n.plain_english", "plural": "samegame.i18n.plain_english"}


def __getattr__(name: str) -> object:
    """``english`` and ``plural`` moved to ``samegame.i18n.plain_english``: importing
    them from here still works in 0.2.0, with a DeprecationWarning (gone in 0.3.0)."""
    home = _MOVED_NAMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(
        f"{__name__}.{name} moved to {home}; import it from there (it goes from here in 0.3.0)",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(importlib.import_module(home), name)
