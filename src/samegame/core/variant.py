"""A rule set's variant: the four rule parameters that decide a score, by name, and
the category of scores that can be compared.

``RuleVariant`` is what the simulator sends to its workers, what a game record
keeps as its ``rules`` object, what the store saves with a game and what a best-score
table is for (with the board's size, colours and type: a ``Category``). The live
rules (``samegame.core.rules.Rules``, with formula objects) give theirs as
``Rules.variant``; names become objects again through a plugin host
(``Rules.from_variant``).

>>> variant = RuleVariant("basic", 1000, "none", 2)
>>> variant.to_dict()
{'formula': 'basic', 'clear_bonus': 1000, 'penalty': 'none', 'min_group': 2}
>>> RuleVariant.from_dict(variant.to_dict()) == variant
True
>>> variant.category_key(8, 10, 4, "solvable")
'8x10/4/basic/1000/none/2/solvable'
>>> Category.parse("8x10/4/basic/1000/none/2/solvable").variant == variant
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeGuard

_NUMBER = re.compile(r"0|-?[1-9][0-9]*")


@dataclass(frozen=True)
class RuleVariant:
    """The rule parameters that decide a score: the scoring formula's name, the
    bonus for clearing the board, the penalty's name and the smallest removable
    group. Two games of the same variant on boards of the same category have
    comparable scores."""

    formula: str
    clear_bonus: int
    penalty: str
    min_group: int

    def to_dict(self) -> dict[str, str | int]:
        """The ``rules`` object of a game record, keys in this order: formula,
        clear_bonus, penalty, min_group."""
        return {
            "formula": self.formula,
            "clear_bonus": self.clear_bonus,
            "penalty": self.penalty,
            "min_group": self.min_group,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> RuleVariant:
        """The variant of a ``rules`` object: exactly the four keys, the names
        strings and the numbers integers (not booleans); ValueError otherwise.
        ``from_dict(v.to_dict()) == v`` and ``to_dict`` gives back such an object."""
        if set(data) != {"formula", "clear_bonus", "penalty", "min_group"}:
            raise ValueError(
                "rules need exactly formula, clear_bonus, penalty and min_group, "
                f"not {', '.join(sorted(map(str, data)))}"
            )
        formula, penalty = data["formula"], data["penalty"]
        clear_bonus, min_group = data["clear_bonus"], data["min_group"]
        if (
            isinstance(formula, str)
            and isinstance(penalty, str)
            and _is_int(clear_bonus)
            and _is_int(min_group)
        ):
            return cls(formula, clear_bonus, penalty, min_group)
        raise ValueError(
            "the rules' formula and penalty are names (strings), "
            "clear_bonus and min_group whole numbers"
        )

    def category_key(self, width: int, height: int, colours: int, board_type: str) -> str:
        """The key of this variant's scores on ``width`` x ``height`` boards of
        ``colours`` colours made by ``board_type`` (see ``Category``)."""
        return Category(self, width, height, colours, board_type).key


def _is_int(value: object) -> TypeGuard[int]:
    """An integer, not a boolean (which Python counts as one)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Category:
    """Which scores can be compared: one rule variant on boards of one size, colour
    count and board type. Games of one category share a best-score table and resume
    each other; the preset's name is not part of it. Names may not be empty or
    contain ``/`` (ValueError), so a key reads back unambiguously."""

    variant: RuleVariant
    width: int
    height: int
    colours: int
    board_type: str

    def __post_init__(self) -> None:
        for name in (self.variant.formula, self.variant.penalty, self.board_type):
            if not name or "/" in name:
                raise ValueError(f"'{name}' cannot be part of a category key: empty or contains /")

    @property
    def key(self) -> str:
        """``WxH/colours/formula/clear_bonus/penalty/min_group/board_type``, for
        example ``8x10/4/basic/1000/none/2/solvable``: the stable key the store
        ranks and resumes by."""
        v = self.variant
        return (
            f"{self.width}x{self.height}/{self.colours}/{v.formula}/{v.clear_bonus}/"
            f"{v.penalty}/{v.min_group}/{self.board_type}"
        )

    @classmethod
    def parse(cls, key: str) -> Category:
        """The category of a key as ``key`` writes it (ValueError for any other
        text): ``Category.parse(c.key) == c``."""
        parts = key.split("/")
        size = parts[0].split("x")
        numbers = [*size, *parts[1:6:2]]  # width, height, colours, clear bonus, min group
        if len(parts) != 7 or len(size) != 2 or not all(map(_NUMBER.fullmatch, numbers)):
            raise ValueError(f"'{key}' is not a category key (WxH/colours/formula/...)")
        width, height, colours, clear_bonus, min_group = (int(text) for text in numbers)
        variant = RuleVariant(parts[2], clear_bonus, parts[4], min_group)
        return cls(variant, width, height, colours, parts[6])
