"""Registers the built-in end-of-board penalties (``samegame.core.formulas``):
``none``, ``leftover-squared`` and ``leftover-formula``.

>>> [penalty.name for penalty in samegame_penalties()]
['none', 'leftover-squared', 'leftover-formula']
"""

from __future__ import annotations

from samegame.core.formulas import LEFTOVER_FORMULA, LEFTOVER_SQUARED, NO_PENALTY, PENALTIES
from samegame.plugin.contributions import Penalty
from samegame.plugin.hookspecs import hookimpl

__all__ = ["LEFTOVER_FORMULA", "LEFTOVER_SQUARED", "NO_PENALTY", "samegame_penalties"]


@hookimpl
def samegame_penalties() -> list[Penalty]:
    return list(PENALTIES)
