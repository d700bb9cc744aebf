"""The rule variant (``samegame.core.variant``): its dict form is a record's ``rules``
object, byte for byte, both ways; its category key is the store's, and reads back."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from locations import TESTS
from samegame.core.rules import Rules
from samegame.core.variant import Category, RuleVariant
from samegame.plugin.host import PluginHost
from samegame.records.shape import MAX_POINTS, NAME_PATTERN, check_shape
from samegame.records.verification import record_rules

record_names = st.from_regex(NAME_PATTERN, fullmatch=True)
key_names = st.text(st.characters(exclude_categories=["Cs"], exclude_characters="/"), min_size=1)
variants = st.builds(
    RuleVariant,
    formula=record_names,
    clear_bonus=st.integers(0, MAX_POINTS),
    penalty=record_names,
    min_group=st.integers(1, 500),
)


def old_category_key(
    width: int,
    height: int,
    colours: int,
    formula: str,
    clear_bonus: int,
    penalty: str,
    min_group: int,
    board_type: str,
) -> str:
    """The key as the store has always spelled it: the saved keys to stay readable."""
    return f"{width}x{height}/{colours}/{formula}/{clear_bonus}/{penalty}/{min_group}/{board_type}"


@given(variant=variants)
def test_a_variant_round_trips_through_its_dict_and_json(variant: RuleVariant) -> None:
    data = variant.to_dict()
    assert list(data) == ["formula", "clear_bonus", "penalty", "min_group"]
    assert RuleVariant.from_dict(data) == variant
    assert RuleVariant.from_dict(json.loads(json.dumps(data))) == variant


@given(
    rules=st.builds(
        lambda formula, clear_bonus, penalty, min_group: {
            "formula": formula,
            "clear_bonus": clear_bonus,
            "penalty": penalty,
            "min_group": min_group,
        },
        record_names,
        st.integers(0, MAX_POINTS),
        record_names,
        st.integers(1, 500),
    )
)
def test_a_records_rules_object_round_trips_byte_for_byte(rules: dict[str, object]) -> None:
    """A record's ``rules``, keys in the order records are written in."""
    text = json.dumps(rules, separators=(",", ":"))
    again = RuleVariant.from_dict(json.loads(text)).to_dict()
    assert json.dumps(again, separators=(",", ":")) == text


@given(
    variant=st.builds(
        RuleVariant, key_names, st.integers(-(10**9), 10**12), key_names, st.integers(-5, 10**4)
    ),
    width=st.integers(0, 10**6),
    height=st.integers(0, 10**6),
    colours=st.integers(0, 99),
    board_type=key_names,
)
def test_a_category_key_is_the_stores_spelling_and_reads_back(
    variant: RuleVariant, width: int, height: int, colours: int, board_type: str
) -> None:
    key = variant.category_key(width, height, colours, board_type)
    v = variant
    assert key == old_category_key(
        width, height, colours, v.formula, v.clear_bonus, v.penalty, v.min_group, board_type
    )
    category = Category.parse(key)
    assert category == Category(variant, width, height, colours, board_type)
    assert category.key == key


def test_golden_records_rules_round_trip() -> None:
    lines = (TESTS / "golden" / "records" / "v1.jsonl").read_text(encoding="utf-8").splitlines()
    host = PluginHost(autoload=False)
    for line in lines:
        record = json.loads(line)
        assert check_shape(record) is None
        variant = RuleVariant.from_dict(record["rules"])
        assert variant.to_dict() == record["rules"]
        assert record_rules(record, host).variant == variant


def test_rules_give_their_variant_and_are_made_from_it() -> None:
    host = PluginHost(autoload=False)
    variant = RuleVariant("basic", 1000, "leftover-squared", 3)
    rules = Rules.from_variant(variant, host.formula, host.penalty)
    assert (rules.clear_bonus, rules.min_group) == (1000, 3)
    assert rules.variant == variant
    assert rules.scoring_key() == variant.to_dict()


@pytest.mark.parametrize(
    "data",
    [
        {"formula": "basic", "clear_bonus": 0, "penalty": "none"},
        {"formula": "basic", "clear_bonus": 0, "penalty": "none", "min_group": 2, "x": 1},
        {"formula": "basic", "clear_bonus": True, "penalty": "none", "min_group": 2},
        {"formula": "basic", "clear_bonus": 0.0, "penalty": "none", "min_group": 2},
        {"formula": 1, "clear_bonus": 0, "penalty": "none", "min_group": 2},
        {"formula": "basic", "clear_bonus": 0, "penalty": None, "min_group": 2},
    ],
)
def test_from_dict_takes_only_a_rules_object(data: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="rules"):
        RuleVariant.from_dict(data)


@pytest.mark.parametrize("name", ["", "a/b"])
def test_a_category_refuses_names_a_key_cannot_hold(name: str) -> None:
    with pytest.raises(ValueError, match="category key"):
        RuleVariant(name, 0, "none", 2).category_key(8, 10, 4, "solvable")
    with pytest.raises(ValueError, match="category key"):
        RuleVariant("basic", 0, "none", 2).category_key(8, 10, 4, name)


@pytest.mark.parametrize(
    "key",
    [
        "8x10/4/basic/1000/none/2",
        "8x10/4/basic/1000/none/2/solvable/extra",
        "08x10/4/basic/1000/none/2/solvable",
        "8by10/4/basic/1000/none/2/solvable",
        "8x10/four/basic/1000/none/2/solvable",
        "8x10/4/basic/+1000/none/2/solvable",
        "8x10/4//1000/none/2/solvable",
        "",
    ],
)
def test_parse_refuses_what_is_not_a_category_key(key: str) -> None:
    with pytest.raises(ValueError, match="category key"):
        Category.parse(key)
