"""The rule parts a preset picks by name and a plugin may supply: scoring formulas,
end-of-board penalties and board generators, as frozen records.

They live in the core because the rules (``samegame.core.rules``) and board
numbering (``samegame.core.numbering``) use them; ``samegame.plugin`` exports them
beside the other contribution records. The plugin host fills in ``source`` (the
distribution or module that registered a record) so that a name clash can name
both sides.

>>> basic = ScoringFormula("basic", lambda n: (n - 2) ** 2, "(n-2)^2")
>>> basic.points(5)
9
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from samegame.core.board import Board
    from samegame.core.coords import Cell


@dataclass(frozen=True)
class ScoringFormula:
    """Points for removing a group of ``n`` tiles. ``points`` must be pure."""

    name: str
    points: Callable[[int], int]
    description: str
    source: str = ""


@dataclass(frozen=True)
class Penalty:
    """Points taken off at the end of a board that was not cleared.

    ``amount(remaining_tiles, formula_points)`` gives the deduction; when ``floor`` is
    not None the board's final score never goes below it.
    """

    name: str
    amount: Callable[[int, Callable[[int], int]], int]
    description: str
    floor: int | None = None
    source: str = ""


@dataclass(frozen=True)
class BoardSpec:
    """What a generator is asked for: columns, rows, colour count."""

    width: int
    height: int
    colours: int


@dataclass(frozen=True)
class GeneratedBoard:
    """A generated board; ``certificate`` is a clearing sequence when one is promised."""

    board: Board
    certificate: tuple[Cell, ...] | None = None


@dataclass(frozen=True)
class BoardGenerator:
    """Makes the board for a board number. ``version`` is part of the board's seed:
    bump it whenever the boards a number gives would change.

    ``guarantees_clear`` means every board comes with a certificate that the
    framework replays before the board is offered.

    ``impossible``, optional, answers for a spec before any board is asked for:
    the reason in words (one phrase saying what to choose instead) when the
    generator can never make a board of that spec, None when it can. The preset
    reader asks it for every size and stage of a preset, so a preset cannot offer
    a size that never gives a board. A generator with one also refuses those
    specs in ``generate`` (``BoardSpecError`` with the same words).
    """

    name: str
    version: int
    generate: Callable[[BoardSpec, int], GeneratedBoard]
    description: str
    guarantees_clear: bool = False
    min_colours: int = 1
    source: str = ""
    impossible: Callable[[BoardSpec], str | None] | None = None
