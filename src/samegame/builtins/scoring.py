"""Built-in scoring formulas: basic (n-2)^2, pairs (n-1)^2, sum n(n+1)/2.

>>> [BASIC.points(n) for n in (2, 3, 5)], PAIRS.points(3), SUM.points(4)
([0, 1, 9], 4, 10)
"""

from __future__ import annotations

from samegame.contributions import ScoringFormula
from samegame.hookspecs import hookimpl

BASIC = ScoringFormula("basic", lambda n: (n - 2) ** 2, "n minus 2, squared, points for n tiles")
PAIRS = ScoringFormula("pairs", lambda n: (n - 1) ** 2, "n minus 1, squared, points for n tiles")
SUM = ScoringFormula(
    "sum", lambda n: n * (n + 1) // 2, "n times n plus 1, halved, points for n tiles"
)


@hookimpl
def samegame_scoring_formulas() -> list[ScoringFormula]:
    return [BASIC, PAIRS, SUM]
