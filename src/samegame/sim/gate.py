"""Gates for CI: conditions on a comparison that fail the job when not met.

- ``better A,B``: bot A beats bot B with 95 percent confidence: the whole 95
  percent interval of the paired per-board difference A - B is above 0 (the
  interval ``compare`` reports; with fewer than two boards there is none, so the
  gate fails);
- ``mean BOT=SCORE``: the bot's mean final score is SCORE or more.

>>> from samegame.sim.compare import Comparison
>>> comparison = Comparison(["random", "tabu"])
>>> for low, high in [(10, 30), (12, 25), (9, 31)]:
...     comparison.add_board([{"score": low, "cleared": False}, {"score": high, "cleared": False}])
>>> gates = [parse_better("tabu,random"), parse_mean("random=10"), parse_mean("tabu=30")]
>>> for gate in gates:
...     print(gate.judge(comparison).sentence)
tabu beats random by 18.3 points per board (95 percent interval 13.0 to 23.7), above 0: passed.
random has mean score 10.3, at least 10 wanted: passed.
tabu has mean score 28.7, at least 30 wanted: failed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from samegame.sim.compare import Comparison, split_bots


class GateError(ValueError):
    """A gate that cannot be read, or names a bot that is not compared."""


@dataclass(frozen=True)
class GateResult:
    passed: bool
    sentence: str

    def to_dict(self) -> dict[str, object]:
        return {"passed": self.passed, "sentence": self.sentence}


@dataclass(frozen=True)
class Gate:
    """``better`` (bot beats other) or ``mean`` (bot's mean reaches score)."""

    kind: str
    bot: str
    other: str = ""
    score: float = 0.0

    def bots(self) -> list[str]:
        return [self.bot, self.other] if self.kind == "better" else [self.bot]

    def judge(self, comparison: Comparison) -> GateResult:
        if self.kind == "better":
            differences = comparison.paired(self.bot, self.other)
            interval = differences.interval95()
            head = (
                f"{self.bot} beats {self.other} by {differences.mean() or 0.0:.1f} points per board"
            )
            if interval is None:
                return GateResult(False, f"{head} (no interval from one board): failed.")
            passed = interval[0] > 0
            return GateResult(
                passed,
                f"{head} (95 percent interval {interval[0]:.1f} to {interval[1]:.1f}), "
                f"above 0: {'passed' if passed else 'failed'}.",
            )
        tally = next(t for t in comparison.tallies if t.bot == self.bot)
        mean = tally.scores.mean()
        passed = mean is not None and mean >= self.score
        return GateResult(
            passed,
            f"{self.bot} has mean score {mean or 0.0:.1f}, at least {self.score:g} wanted: "
            f"{'passed' if passed else 'failed'}.",
        )


def parse_better(text: str) -> Gate:
    """``A,B`` (each a bot spec; options may hold commas)."""
    bots = split_bots(text)
    if len(bots) != 2 or bots[0] == bots[1]:
        raise GateError(f"--require-better takes two different bots, A,B, not {text!r}")
    return Gate("better", bots[0], bots[1])


def parse_mean(text: str) -> Gate:
    """``BOT=SCORE`` (the last ``=`` separates the score)."""
    bot, equals, score = text.rpartition("=")
    try:
        value = float(score)
    except ValueError:
        value = math.nan
    if not equals or not bot.strip() or not math.isfinite(value):
        raise GateError(f"--require-mean takes BOT=SCORE, for example tabu=250, not {text!r}")
    return Gate("mean", bot.strip(), score=value)
