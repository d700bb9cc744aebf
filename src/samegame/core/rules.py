"""Rules: how a game is scored and what the player may do.

A Rules object is assembled from plugin records (formula, penalty) by a preset; the
core never looks a name up itself.

>>> from samegame.core.formulas import BASIC
>>> from samegame.core.formulas import LEFTOVER_SQUARED
>>> rules = Rules(BASIC, clear_bonus=1000, penalty=LEFTOVER_SQUARED)
>>> rules.points(5)
9
>>> rules.settle(score=40, remaining=0)
Settlement(bonus=1000, penalty=0, final=1040)
>>> rules.settle(score=40, remaining=12)
Settlement(bonus=0, penalty=100, final=0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from samegame.core.formulas import NO_PENALTY
from samegame.core.limits import MAX_POINTS
from samegame.core.rule_parts import Penalty, ScoringFormula
from samegame.core.variant import RuleVariant


class UndoPolicy(StrEnum):
    """Whether undo is allowed, allowed but marks the game as practice, or disabled."""

    ALLOWED = "allowed"
    PRACTICE = "practice"
    DISABLED = "disabled"


class SelectionMode(StrEnum):
    """Select a group then confirm it, or remove it with one click."""

    CONFIRM = "confirm"
    ONE_CLICK = "one-click"


class Settlement(NamedTuple):
    """The end of a board: bonus won, penalty taken, final score."""

    bonus: int
    penalty: int
    final: int


@dataclass(frozen=True)
class Rules:
    """A rule set. ``min_group`` is the smallest removable group (2 by default).
    ``hint_is_practice`` and ``replay_is_practice`` say whether a hint, and playing a
    board again (a restart after moves, another attempt after the end, a board
    number finished before), make a game practice."""

    formula: ScoringFormula
    clear_bonus: int = 0
    penalty: Penalty = NO_PENALTY
    min_group: int = 2
    undo: UndoPolicy = UndoPolicy.ALLOWED
    selection: SelectionMode = SelectionMode.CONFIRM
    hint_is_practice: bool = True
    replay_is_practice: bool = False

    def __post_init__(self) -> None:
        # Game compares policies by identity: store the enum members, never bare
        # strings (ValueError for an unknown policy name).
        object.__setattr__(self, "undo", UndoPolicy(self.undo))
        object.__setattr__(self, "selection", SelectionMode(self.selection))
        if self.min_group < 1:
            raise ValueError(f"the minimum group size is at least 1, not {self.min_group}")
        if self.clear_bonus < 0:
            raise ValueError(f"the clear bonus cannot be negative ({self.clear_bonus})")
        if self.clear_bonus > MAX_POINTS:
            raise ValueError(
                f"the clear bonus must be at most {MAX_POINTS}, not {self.clear_bonus}"
            )

    def points(self, tiles: int) -> int:
        """Points for removing a group of ``tiles`` tiles."""
        return int(self.formula.points(tiles))

    def settle(self, score: int, remaining: int) -> Settlement:
        """Bonus, penalty and final score of a board that ended with ``remaining`` tiles."""
        if remaining == 0:
            return Settlement(self.clear_bonus, 0, score + self.clear_bonus)
        penalty = int(self.penalty.amount(remaining, self.formula.points))
        final = score - penalty
        if self.penalty.floor is not None:
            final = max(final, self.penalty.floor)
        return Settlement(0, penalty, final)

    @property
    def variant(self) -> RuleVariant:
        """The parts of the rules that decide a score, by name (for the simulator,
        records and best scores)."""
        return RuleVariant(self.formula.name, self.clear_bonus, self.penalty.name, self.min_group)

    def scoring_key(self) -> dict[str, object]:
        """The parts of the rules that decide a score: ``variant.to_dict()``."""
        return dict(self.variant.to_dict())

    @classmethod
    def from_variant(
        cls,
        variant: RuleVariant,
        formula: Callable[[str], ScoringFormula],
        penalty: Callable[[str], Penalty],
    ) -> Rules:
        """The rules of a variant, its names looked up by ``formula`` and ``penalty``
        (a plugin host's ``host.formula`` and ``host.penalty``, whose errors pass
        through); the other parts are the defaults. ValueError for impossible
        numbers."""
        return cls(
            formula(variant.formula),
            clear_bonus=variant.clear_bonus,
            penalty=penalty(variant.penalty),
            min_group=variant.min_group,
        )
