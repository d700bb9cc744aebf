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
>>> gates = [parse_better("tabu,random"), parse_better("random,tabu"), parse_mean("tabu=30")]
>>> for gate in gates:
...     print(gate.judge(comparison).sentence)
tabu scored 18.3 points per board more than random (95 percent interval 13.0 to 23.7), above 0 with 95 percent confidence: passed.
random scored 18.3 points per board less than tabu (95 percent interval -23.7 to -13.0); the gate asks for more: failed.
tabu has mean score 28.7; the gate asks for 30 or more: failed.
>>> print(not_met([gate.judge(comparison) for gate in gates]))
2 of 3 gates not met: random scored 18.3 points per board less than tabu (95 percent interval -23.7 to -13.0); the gate asks for more. tabu has mean score 28.7; the gate asks for 30 or more.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import reduce

from samegame.i18n.said import Said
from samegame.sim.compare import Comparison, split_bots


class GateError(ValueError):
    """A gate that cannot be read, or names a bot that is not compared."""


@dataclass(frozen=True)
class GateResult:
    """Whether a gate was met, and why in plain words (``said``, in any language;
    ``reason`` is its English: what was measured and, for a failed gate, what it
    asks for); ``sentence`` is the reason with the verdict (``: passed.`` or
    ``: failed.``)."""

    passed: bool
    said: Said

    @property
    def reason(self) -> str:
        return self.said.english()

    @property
    def verdict(self) -> Said:
        """The reason with the verdict, in any language."""
        key = "research.gate.passed" if self.passed else "research.gate.failed"
        return Said.of(key, reason=self.said)

    @property
    def sentence(self) -> str:
        return self.verdict.english()

    def to_dict(self) -> dict[str, object]:
        return {"passed": self.passed, "sentence": self.sentence}


def not_met(results: list[GateResult]) -> Said | None:
    """The one line that says every gate not met, in plain words; None when every
    gate was met."""
    failed = [result.said for result in results if not result.passed]
    if not failed:
        return None
    reasons = reduce(
        lambda head, last: Said.of("research.gate.reasons", head=head, last=last), failed
    )
    return Said.of("research.gate.not_met", failed=len(failed), count=len(results), reasons=reasons)


def _more_or_less(bot: str, other: str, mean: float) -> Said:
    if round(mean, 1) == 0:
        return Said.of("research.gate.same", bot=bot, other=other)
    key = "research.gate.more" if mean > 0 else "research.gate.less"
    return Said.of(key, bot=bot, other=other, points=f"{abs(mean):.1f}")


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
        """Whether the comparison meets the gate, in plain words."""
        if self.kind == "better":
            differences = comparison.paired(self.bot, self.other)
            interval = differences.interval95()
            mean = differences.mean() or 0.0
            head = _more_or_less(self.bot, self.other, mean)
            if interval is None:
                return GateResult(False, Said.of("research.gate.one_board", head=head))
            low, high = interval
            within = Said.of(
                "research.gate.within", head=head, low=f"{low:.1f}", high=f"{high:.1f}"
            )
            if low > 0:
                return GateResult(True, Said.of("research.gate.sure", within=within))
            if mean <= 0:
                return GateResult(False, Said.of("research.gate.wants_more", within=within))
            return GateResult(False, Said.of("research.gate.unsure", within=within))
        tally = next(t for t in comparison.tallies if t.bot == self.bot)
        scored = tally.scores.mean()
        wanted = f"{self.score:g}"
        if scored is not None and scored >= self.score:
            met = Said.of(
                "research.gate.mean.met", bot=self.bot, mean=f"{scored:.1f}", score=wanted
            )
            return GateResult(True, met)
        unmet = Said.of(
            "research.gate.mean.unmet", bot=self.bot, mean=f"{scored or 0.0:.1f}", score=wanted
        )
        return GateResult(False, unmet)


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
