"""Rules as tables, so any formula or penalty (built-in or plugin) runs in the kernel.

``Rules.points(n)`` and ``Rules.settle(score, remaining)`` are Python callables that
numba cannot call. But on a ``width`` x ``height`` board a group has at most
``width * height`` tiles, and ``settle`` depends on the score only through the
penalty floor: ``final = score - amount(remaining)``, raised to ``floor`` when the
penalty has one, or ``score + clear_bonus`` when nothing is left. So the kernel
takes the points of every group size and the penalty of every tile count as int64
tables, built once by calling the Python rules, and settles exactly as
``Rules.settle`` does.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

from samegame.core.board import MAX_HEIGHT
from samegame.core.coords import MAX_COLUMNS
from samegame.core.rules import Rules

Table = npt.NDArray[np.int64]

_INT64_MAX = (1 << 63) - 1


class KernelRules(NamedTuple):
    """A rule set tabulated for one board size; also the rules bundle that compiled
    code takes as one argument (a named tuple is a numba value: no allocation,
    fields read as fast as separate arguments, and cacheable).

    ``points[n]`` is ``rules.points(n)`` for ``n`` in ``0 .. width*height``;
    ``penalty[r]`` is the penalty with ``r`` tiles left (``penalty[0]`` is 0: a
    cleared board earns ``clear_bonus`` instead); ``has_floor``/``floor`` are the
    penalty's floor. Scores stay far inside int64: ``from_rules`` checks that no
    game on this board can overflow.
    """

    width: int
    height: int
    min_group: int
    points: Table
    penalty: Table
    clear_bonus: int
    has_floor: bool
    floor: int

    @classmethod
    def from_rules(cls, rules: Rules, width: int, height: int) -> KernelRules:
        """Tabulate ``rules`` for ``width`` x ``height`` boards."""
        if not (1 <= width <= MAX_COLUMNS and 1 <= height <= MAX_HEIGHT):
            raise ValueError(
                f"boards are 1 to {MAX_COLUMNS} columns by 1 to {MAX_HEIGHT} rows, "
                f"not {width}x{height}"
            )
        cells = width * height
        points = [_points_at(rules, n) for n in range(cells + 1)]
        penalty = [0] + [rules.settle(0, r).penalty for r in range(1, cells + 1)]
        floor = rules.penalty.floor
        # A game makes at most `cells` moves; keep every partial sum inside int64.
        bound = _INT64_MAX // (cells + 2)
        values = [*points, *penalty, rules.clear_bonus, floor or 0]
        if any(abs(v) > bound for v in values):
            raise OverflowError(
                "these rules give scores too large for the kernel's 64-bit integers; "
                "use the Python core (samegame.Game) for them"
            )
        return cls(
            width=width,
            height=height,
            min_group=rules.min_group,
            points=np.array(points, dtype=np.int64),
            penalty=np.array(penalty, dtype=np.int64),
            clear_bonus=rules.clear_bonus,
            has_floor=floor is not None,
            floor=0 if floor is None else floor,
        )


def _points_at(rules: Rules, n: int) -> int:
    if n < rules.min_group:
        # Never scored (no legal group is this small); a formula may not even be
        # defined there (1/n, log n), so do not ask it.
        try:
            return rules.points(n)
        except (ArithmeticError, ValueError):
            return 0
    return rules.points(n)


@njit(cache=True, nogil=True)
def settle(score: int, remaining: int, rules: KernelRules) -> int:
    """The final score of a board that ended with ``remaining`` tiles, as
    ``Rules.settle(score, remaining).final`` computes it."""
    if remaining == 0:
        return score + rules.clear_bonus
    final = score - int(rules.penalty[remaining])
    if rules.has_floor and final < rules.floor:
        final = rules.floor
    return final
