"""Scoring formulas, end-of-board penalties, settlement and Rules validation."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from samegame.core.formulas import BASIC, LEFTOVER_FORMULA, LEFTOVER_SQUARED, PAIRS, SUM
from samegame.core.rules import NO_PENALTY, Rules, SelectionMode, Settlement, UndoPolicy
from samegame.plugin.contributions import Penalty, ScoringFormula

tiles = st.integers(1, 2000)
scores = st.integers(0, 10**7)
bonuses = st.integers(0, 10**5)

FORMULAS = {"basic": BASIC, "pairs": PAIRS, "sum": SUM}


def reference_points(name: str, n: int) -> int:
    if name == "basic":
        return (n - 2) * (n - 2)
    if name == "pairs":
        return (n - 1) * (n - 1)
    total = 0
    for k in range(1, n + 1):  # sum = 1 + 2 + ... + n
        total += k
    return total


@pytest.mark.parametrize(
    ("formula", "table"),
    [
        (BASIC, {1: 1, 2: 0, 3: 1, 4: 4, 5: 9, 15: 169, 225: 49729}),
        (PAIRS, {1: 0, 2: 1, 3: 4, 4: 9, 5: 16, 225: 50176}),
        (SUM, {1: 1, 2: 3, 3: 6, 4: 10, 5: 15, 225: 25425}),
    ],
)
def test_formula_tables(formula: ScoringFormula, table: dict[int, int]) -> None:
    for n, points in table.items():
        assert formula.points(n) == points
        assert Rules(formula).points(n) == points


@given(st.sampled_from(sorted(FORMULAS)), tiles)
def test_formulas_match_their_definitions(name: str, n: int) -> None:
    formula = FORMULAS[name]
    assert formula.name == name
    points = Rules(formula).points(n)
    assert type(points) is int
    assert points == reference_points(name, n)


def test_sum_is_integer_for_every_size() -> None:
    for n in range(1, 300):
        assert SUM.points(n) * 2 == n * (n + 1)
        assert type(SUM.points(n)) is int


@given(tiles)
def test_leftover_squared(remaining: int) -> None:
    amount = LEFTOVER_SQUARED.amount(remaining, BASIC.points)
    expected = (remaining - 2) ** 2 if remaining > 2 else 0
    assert amount == expected
    assert LEFTOVER_SQUARED.name == "leftover-squared"
    assert LEFTOVER_SQUARED.floor == 0


@given(st.sampled_from(sorted(FORMULAS)), tiles)
def test_leftover_formula(name: str, remaining: int) -> None:
    formula = FORMULAS[name]
    assert LEFTOVER_FORMULA.amount(remaining, formula.points) == reference_points(name, remaining)
    assert LEFTOVER_FORMULA.floor is None
    assert NO_PENALTY.amount(remaining, formula.points) == 0
    assert NO_PENALTY.name == "none"


@given(st.sampled_from(sorted(FORMULAS)), bonuses, scores)
def test_settle_cleared_board_gets_the_bonus_and_no_penalty(
    name: str, bonus: int, score: int
) -> None:
    for penalty in (NO_PENALTY, LEFTOVER_SQUARED, LEFTOVER_FORMULA):
        rules = Rules(FORMULAS[name], clear_bonus=bonus, penalty=penalty)
        assert rules.settle(score, 0) == Settlement(bonus, 0, score + bonus)


@given(st.sampled_from(sorted(FORMULAS)), bonuses, scores, tiles)
def test_settle_not_cleared(name: str, bonus: int, score: int, remaining: int) -> None:
    formula = FORMULAS[name]
    plain = Rules(formula, clear_bonus=bonus)
    assert plain.settle(score, remaining) == Settlement(0, 0, score)

    squared = Rules(formula, clear_bonus=bonus, penalty=LEFTOVER_SQUARED)
    taken = max(0, remaining - 2) ** 2
    assert squared.settle(score, remaining) == Settlement(0, taken, max(0, score - taken))

    by_formula = Rules(formula, clear_bonus=bonus, penalty=LEFTOVER_FORMULA)
    taken = reference_points(name, remaining)
    assert by_formula.settle(score, remaining) == Settlement(0, taken, score - taken)


def test_settle_examples() -> None:
    rules = Rules(BASIC, clear_bonus=1000, penalty=LEFTOVER_SQUARED)
    assert rules.settle(40, 0) == Settlement(1000, 0, 1040)
    assert rules.settle(40, 12) == Settlement(0, 100, 0)  # floored, not -60
    assert rules.settle(140, 12) == Settlement(0, 100, 40)
    assert rules.settle(40, 2) == Settlement(0, 0, 40)
    assert rules.settle(40, 1) == Settlement(0, 0, 40)
    formula = Rules(PAIRS, penalty=LEFTOVER_FORMULA)
    assert formula.settle(10, 5) == Settlement(0, 16, -6)  # no floor
    assert formula.settle(0, 1) == Settlement(0, 0, 0)


def test_floor_other_than_zero() -> None:
    floor_ten = Penalty("flat", lambda remaining, points: 50, "50 off", floor=10)
    rules = Rules(BASIC, penalty=floor_ten)
    assert rules.settle(30, 3) == Settlement(0, 50, 10)
    assert rules.settle(100, 3) == Settlement(0, 50, 50)
    assert rules.settle(0, 0) == Settlement(0, 0, 0)


def test_penalty_receives_the_rules_formula() -> None:
    seen = []

    def amount(remaining: int, points: object) -> int:
        seen.append((remaining, points))
        return 7

    rules = Rules(SUM, penalty=Penalty("spy", amount, "spy"))
    assert rules.settle(3, 4) == Settlement(0, 7, -4)
    assert seen == [(4, SUM.points)]


def test_points_are_ints_even_for_float_formulas() -> None:
    half = ScoringFormula("half", lambda n: n / 2, "n/2")  # type: ignore[arg-type,return-value]
    assert Rules(half).points(5) == 2
    assert type(Rules(half).points(5)) is int


@pytest.mark.parametrize("min_group", [0, -1, -10])
def test_min_group_must_be_positive(min_group: int) -> None:
    with pytest.raises(ValueError, match="minimum group"):
        Rules(BASIC, min_group=min_group)


@pytest.mark.parametrize("bonus", [-1, -1000])
def test_clear_bonus_cannot_be_negative(bonus: int) -> None:
    with pytest.raises(ValueError, match="negative"):
        Rules(BASIC, clear_bonus=bonus)


def test_policies_given_as_strings_are_the_enum_members() -> None:
    rules = Rules(BASIC, undo="disabled", selection="one-click")  # type: ignore[arg-type]
    assert rules.undo is UndoPolicy.DISABLED
    assert rules.selection is SelectionMode.ONE_CLICK
    with pytest.raises(ValueError, match="sometimes"):
        Rules(BASIC, undo="sometimes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="double-click"):
        Rules(BASIC, selection="double-click")  # type: ignore[arg-type]


def test_defaults_and_scoring_key() -> None:
    rules = Rules(BASIC)
    assert (rules.clear_bonus, rules.min_group) == (0, 2)
    assert rules.penalty is NO_PENALTY
    assert rules.undo is UndoPolicy.ALLOWED
    assert rules.selection is SelectionMode.CONFIRM
    assert rules.hint_is_practice is True
    full = Rules(PAIRS, clear_bonus=1000, penalty=LEFTOVER_SQUARED, min_group=3)
    assert full.scoring_key() == {
        "formula": "pairs",
        "clear_bonus": 1000,
        "penalty": "leftover-squared",
        "min_group": 3,
    }


def test_rules_are_frozen() -> None:
    rules = Rules(BASIC)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.min_group = 3  # type: ignore[misc]
