"""Built-in end-of-board penalties.

- ``none``: nothing is taken off.
- ``leftover-squared``: max(0, remaining - 2)^2 taken off, the score floored at 0.
- ``leftover-formula``: the rules' own formula applied to the tiles left is taken
  off, with no floor (js-games SameGame).

>>> LEFTOVER_SQUARED.amount(12, lambda n: 0), LEFTOVER_SQUARED.floor
(100, 0)
>>> LEFTOVER_FORMULA.amount(5, lambda n: (n - 1) ** 2)
16
"""

from __future__ import annotations

from samegame.contributions import Penalty
from samegame.hookspecs import hookimpl
from samegame.rules import NO_PENALTY

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


@hookimpl
def samegame_penalties() -> list[Penalty]:
    return [NO_PENALTY, LEFTOVER_SQUARED, LEFTOVER_FORMULA]
