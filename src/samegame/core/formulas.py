"""The built-in scoring formulas and end-of-board penalties.

Formulas: ``basic`` (n-2)^2, ``pairs`` (n-1)^2, ``sum`` n(n+1)/2 points for a group
of n tiles. Penalties: ``none``; ``leftover-squared``, max(0, remaining - 2)^2 taken
off with the board's score floored at 0; ``leftover-formula``, the rules' own
formula applied to the tiles left, taken off with no floor (js-games SameGame).
They are registered by ``samegame.builtins`` like any plugin's, and exported from
``samegame`` so that a library user can make rules without the plugin host.

>>> [BASIC.points(n) for n in (2, 3, 5)], PAIRS.points(3), SUM.points(4)
([0, 1, 9], 4, 10)
>>> LEFTOVER_SQUARED.amount(12, lambda n: 0), LEFTOVER_SQUARED.floor
(100, 0)
>>> LEFTOVER_FORMULA.amount(5, lambda n: (n - 1) ** 2)
16
"""

from __future__ import annotations

from samegame.core.rule_parts import Penalty, ScoringFormula

BASIC = ScoringFormula("basic", lambda n: (n - 2) ** 2, "n minus 2, squared, points for n tiles")
PAIRS = ScoringFormula("pairs", lambda n: (n - 1) ** 2, "n minus 1, squared, points for n tiles")
SUM = ScoringFormula(
    "sum", lambda n: n * (n + 1) // 2, "n times n plus 1, halved, points for n tiles"
)
FORMULAS = (BASIC, PAIRS, SUM)

NO_PENALTY = Penalty("none", lambda remaining, points: 0, "no penalty for tiles left")
LEFTOVER_SQUARED = Penalty(
    "leftover-squared",
    lambda remaining, points: max(0, remaining - 2) ** 2,
    "tiles left minus 2, squared, taken off, the board score never below 0",
    floor=0,
)
LEFTOVER_FORMULA = Penalty(
    "leftover-formula",
    lambda remaining, points: int(points(remaining)),
    "the scoring formula of the tiles left taken off, no floor",
)
PENALTIES = (NO_PENALTY, LEFTOVER_SQUARED, LEFTOVER_FORMULA)
