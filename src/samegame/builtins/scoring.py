"""Registers the built-in scoring formulas (``samegame.core.formulas``): basic
(n-2)^2, pairs (n-1)^2, sum n(n+1)/2.

>>> [BASIC.points(n) for n in (2, 3, 5)], PAIRS.points(3), SUM.points(4)
([0, 1, 9], 4, 10)
"""

from __future__ import annotations

from samegame.core.formulas import BASIC, FORMULAS, PAIRS, SUM
from samegame.plugin.contributions import ScoringFormula
from samegame.plugin.hookspecs import hookimpl

__all__ = ["BASIC", "PAIRS", "SUM", "samegame_scoring_formulas"]


@hookimpl
def samegame_scoring_formulas() -> list[ScoringFormula]:
    return list(FORMULAS)
