"""Presets: the shipped rule sets, board choices, overrides, validation errors with
their exact file:line:col, user presets, plugin presets and the JSON form."""

from __future__ import annotations

import dataclasses
import json
import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest
import yaml

from locations import ROOT
from samegame.builtins.presets import PRESETS_PATH
from samegame.core.rules import SelectionMode, UndoPolicy
from samegame.i18n import translator
from samegame.plugin import host as plugins
from samegame.plugin.contributions import BoardSpec, PresetDirectory, ScoringFormula
from samegame.plugin.hookspecs import hookimpl
from samegame.plugin.host import PluginHost, UnknownNameError
from samegame.presets import (
    BoardSetup,
    Preset,
    PresetError,
    SizeOption,
    Stage,
    find_preset,
    list_presets,
    load_preset_file,
)
from samegame.presets.describe import describe_preset
from samegame.repl.commands import ALL_WORDS

SHIPPED = (
    "basic",
    "benchmark",
    "challenge",
    "classic",
    "custom",
    "jsgames",
    "ksame",
    "lesson",
    "no-bonus",
    "pairs",
    "relaxed",
    "sum",
    "swellfoop",
    "tatham",
    "tatham-pairs",
)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty SAMEGAME_HOME, and no entry-point plugin selection from outside."""
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "home"))
    monkeypatch.delenv(plugins.LOAD_PLUGINS_VAR, raising=False)
    return tmp_path / "home"


@pytest.fixture
def host() -> PluginHost:
    return PluginHost(autoload=False)


@pytest.fixture
def user_dir(home: Path) -> Path:
    folder = home / "config" / "presets"
    folder.mkdir(parents=True)
    return folder


# -- the shipped presets ------------------------------------------------------------

FAMILY_SIZES = (("small", 6, 8, 3), ("standard", 8, 10, 4), ("large", 10, 12, 5))


def family(formula: str, bonus: int, **changes: Any) -> dict[str, Any]:
    """Basic, No bonus, Pairs, Sum and Custom share everything but these."""
    expected: dict[str, Any] = {
        "formula": formula,
        "clear_bonus": bonus,
        "penalty": "none",
        "undo": UndoPolicy.PRACTICE,
        "hint_is_practice": True,
        "replay_is_practice": False,
        "selection": SelectionMode.CONFIRM,
        "selection_modes": (SelectionMode.CONFIRM,),
        "board_type": "solvable",
        "board_types": ("solvable", "random"),
        "sizes": FAMILY_SIZES,
        "default_size": "standard",
        "colour_choices": (3, 4, 5),
        "clear_bonus_choices": (bonus,),
        "formula_choice": False,
        "stages": (),
    }
    return expected | changes


def single(
    formula: str, bonus: int, penalty: str, board_type: str, **changes: Any
) -> dict[str, Any]:
    """The presets after other games: undo allowed, confirm selection, one board type."""
    expected: dict[str, Any] = {
        "formula": formula,
        "clear_bonus": bonus,
        "penalty": penalty,
        "undo": UndoPolicy.ALLOWED,
        "hint_is_practice": True,
        "replay_is_practice": False,
        "selection": SelectionMode.CONFIRM,
        "selection_modes": (SelectionMode.CONFIRM,),
        "board_type": board_type,
        "board_types": (board_type,),
        "colour_choices": (),
        "clear_bonus_choices": (bonus,),
        "formula_choice": False,
        "stages": (),
    }
    return expected | changes


BOTH_MODES = (SelectionMode.CONFIRM, SelectionMode.ONE_CLICK)

TATHAM = single(
    "basic",
    0,
    "none",
    "solvable",
    board_types=("solvable", "tatham-random"),
    colour_choices=(3, 4, 5, 6, 7, 8, 9),
    sizes=(
        ("tiny", 5, 5, 3),
        ("small", 10, 5, 3),
        ("medium", 15, 10, 3),
        ("medium-4", 15, 10, 4),
        ("large-4", 20, 15, 4),
    ),
    default_size="tiny",
)

EXPECTED: dict[str, dict[str, Any]] = {
    "basic": family("basic", 1000),
    "no-bonus": family("basic", 0),
    "pairs": family("pairs", 1000),
    "sum": family("sum", 1000),
    "custom": family("basic", 1000, clear_bonus_choices=(0, 1000), formula_choice=True),
    "classic": single(
        "pairs",
        1000,
        "none",
        "random-with-move",
        sizes=(("small", 6, 6, 3), ("medium", 10, 8, 4), ("large", 14, 10, 5)),
        default_size="medium",
    ),
    "relaxed": single(
        "basic",
        1000,
        "leftover-squared",
        "solvable",
        undo=UndoPolicy.DISABLED,
        selection=SelectionMode.ONE_CLICK,
        selection_modes=BOTH_MODES,
        colour_choices=(3, 4, 5),
        sizes=(("small", 8, 10, 3), ("medium", 10, 16, 4), ("large", 18, 18, 5)),
        default_size="medium",
    ),
    "challenge": single(
        "basic",
        1000,
        "leftover-squared",
        "solvable",
        undo=UndoPolicy.DISABLED,
        replay_is_practice=True,
        selection=SelectionMode.ONE_CLICK,
        selection_modes=BOTH_MODES,
        sizes=(("stage", 18, 18, 3),),
        default_size="stage",
        stages=(
            Stage("Stage 1", 18, 18, 3, "solvable"),
            Stage("Stage 2", 18, 18, 5, "solvable"),
        ),
    ),
    "lesson": single(
        "basic",
        0,
        "none",
        "each-colour-twice",
        hint_is_practice=False,
        sizes=(("standard", 7, 9, 3),),
        default_size="standard",
    ),
    "benchmark": single(
        "basic",
        1000,
        "none",
        "random",
        board_types=("random", "standard"),
        sizes=(("standard", 15, 15, 5),),
        default_size="standard",
    ),
    "tatham": TATHAM,
    "tatham-pairs": TATHAM | {"formula": "pairs"},
    "swellfoop": single(
        "basic",
        1000,
        "none",
        "swellfoop",
        selection=SelectionMode.ONE_CLICK,
        selection_modes=(SelectionMode.ONE_CLICK, SelectionMode.CONFIRM),
        colour_choices=(2, 3, 4),
        sizes=(("small", 6, 5, 3), ("medium", 15, 10, 3), ("large", 20, 15, 3)),
        default_size="small",
    ),
    "ksame": single(
        "basic",
        1000,
        "none",
        "random",
        selection=SelectionMode.ONE_CLICK,
        selection_modes=(SelectionMode.ONE_CLICK, SelectionMode.CONFIRM),
        sizes=(("standard", 15, 10, 3),),
        default_size="standard",
    ),
    "jsgames": single(
        "basic",
        1000,
        "leftover-formula",
        "random",
        sizes=(("standard", 15, 15, 5),),
        default_size="standard",
    ),
}


def test_every_shipped_preset_is_listed_without_problems(host: PluginHost) -> None:
    presets, problems = list_presets(host)
    assert problems == []
    assert tuple(preset.name for preset in presets) == SHIPPED
    assert set(EXPECTED) == set(SHIPPED)
    assert all(preset.path == PRESETS_PATH / f"{preset.name}.yaml" for preset in presets)


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_preset_matches_its_specification(host: PluginHost, name: str) -> None:
    preset = find_preset(name, host)
    expected = EXPECTED[name]
    rules = preset.rules
    actual = {
        "formula": rules.formula.name,
        "clear_bonus": rules.clear_bonus,
        "penalty": rules.penalty.name,
        "undo": rules.undo,
        "hint_is_practice": rules.hint_is_practice,
        "replay_is_practice": rules.replay_is_practice,
        "selection": rules.selection,
        "selection_modes": preset.selection_modes,
        "board_type": preset.board_type,
        "board_types": preset.board_types,
        "sizes": tuple((s.name, s.width, s.height, s.colours) for s in preset.sizes),
        "default_size": preset.default_size,
        "colour_choices": preset.colour_choices,
        "clear_bonus_choices": preset.clear_bonus_choices,
        "formula_choice": preset.formula_choice,
        "stages": preset.stages,
    }
    assert actual == expected
    assert rules.min_group == 2
    assert preset.name == name
    assert preset.title
    assert preset.description


@pytest.mark.parametrize(
    ("name", "tiles", "points"),
    [("basic", 5, 9), ("no-bonus", 5, 9), ("pairs", 5, 16), ("sum", 5, 15), ("classic", 3, 4)],
)
def test_shipped_formulas_score(host: PluginHost, name: str, tiles: int, points: int) -> None:
    assert find_preset(name, host).rules.points(tiles) == points


def test_penalties_of_relaxed_and_jsgames_settle_as_specified(host: PluginHost) -> None:
    relaxed = find_preset("relaxed", host).rules
    assert relaxed.settle(score=40, remaining=12) == (0, 100, 0)
    jsgames = find_preset("jsgames", host).rules
    assert jsgames.settle(score=400, remaining=6) == (0, 16, 384)
    assert jsgames.settle(score=0, remaining=0) == (1000, 0, 1000)


def test_challenge_description_says_how_the_final_score_is_made(host: PluginHost) -> None:
    description = find_preset("challenge", host).description
    assert "sum of the settled stage scores" in description


# -- board_setup ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "spec", "board_type"),
    [
        ({}, BoardSpec(8, 10, 4), "solvable"),
        ({"size": "small"}, BoardSpec(6, 8, 3), "solvable"),
        ({"size": "LARGE"}, BoardSpec(10, 12, 5), "solvable"),
        ({"size": "12x9"}, BoardSpec(12, 9, 4), "solvable"),
        ({"size": " 7 X 11 "}, BoardSpec(7, 11, 4), "solvable"),
        ({"size": "large", "colours": 3}, BoardSpec(10, 12, 3), "solvable"),
        ({"board_type": "random"}, BoardSpec(8, 10, 4), "random"),
        ({"board_type": "Random", "colours": 5}, BoardSpec(8, 10, 5), "random"),
    ],
)
def test_board_setup(
    host: PluginHost, args: dict[str, Any], spec: BoardSpec, board_type: str
) -> None:
    assert find_preset("basic", host).board_setup(**args) == BoardSetup(spec, board_type)


@pytest.mark.parametrize(
    ("name", "args", "message"),
    [
        (
            "basic",
            {"size": "huge"},
            "size 'huge' is not one of small, standard, large; or give WxH such as 8x10",
        ),
        (
            "classic",
            {"size": "8 by 10"},
            "size '8 by 10' is not one of small, medium, large; or give WxH such as 10x8",
        ),
        ("basic", {"colours": 6}, "6 colours is not offered by the basic preset; choose 3, 4 or 5"),
        (
            "basic",
            {"board_type": "random-with-move"},
            "board type 'random-with-move' is not offered by the basic preset; "
            "choose solvable or random",
        ),
        ("basic", {"size": "27x10"}, "width 27 is not possible; use 1 to 26 columns"),
        ("basic", {"size": "8x0"}, "height 0 is not possible; use 1 to 50 rows"),
        (
            "tatham",
            {"colours": 2},
            "2 colours is not offered by the tatham preset; choose 3, 4, 5, 6, 7, 8 or 9",
        ),
        (
            "classic",
            {"colours": 10},
            "10 colours is not possible for the random-with-move board type; use 1 to 9",
        ),
    ],
)
def test_board_setup_rejects(
    host: PluginHost, name: str, args: dict[str, Any], message: str
) -> None:
    with pytest.raises(PresetError) as raised:
        find_preset(name, host).board_setup(**args)
    assert str(raised.value) == message


def test_board_setup_allows_any_colour_count_when_the_preset_lists_none(host: PluginHost) -> None:
    setup = find_preset("classic", host).board_setup("large", colours=9)
    assert setup == BoardSetup(BoardSpec(14, 10, 9), "random-with-move")


# -- with_overrides -------------------------------------------------------------------


def test_custom_preset_takes_a_formula_and_an_offered_bonus(host: PluginHost) -> None:
    custom = find_preset("custom", host)
    chosen = custom.with_overrides(host, formula="sum", clear_bonus=0)
    assert (chosen.rules.formula.name, chosen.rules.clear_bonus) == ("sum", 0)
    assert chosen.rules.points(4) == 10
    assert (custom.rules.formula.name, custom.rules.clear_bonus) == ("basic", 1000)


def test_relaxed_preset_offers_one_click(host: PluginHost) -> None:
    chosen = find_preset("relaxed", host).with_overrides(host, selection=SelectionMode.ONE_CLICK)
    assert chosen.rules.selection is SelectionMode.ONE_CLICK


def test_override_equal_to_the_preset_is_accepted(host: PluginHost) -> None:
    basic = find_preset("basic", host)
    same = basic.with_overrides(
        host, formula="basic", clear_bonus=1000, selection=SelectionMode.CONFIRM
    )
    assert same == basic


@pytest.mark.parametrize(
    ("name", "overrides", "message"),
    [
        (
            "basic",
            {"formula": "pairs"},
            "the basic preset does not let you choose the scoring formula (it uses basic)",
        ),
        (
            "custom",
            {"clear_bonus": 500},
            "the custom preset does not offer a clear bonus of 500; choose 0 or 1000",
        ),
        (
            "basic",
            {"clear_bonus": 0},
            "the basic preset does not offer a clear bonus of 0; choose 1000",
        ),
        ("custom", {"clear_bonus": -1}, "the clear bonus cannot be negative (-1)"),
        (
            "basic",
            {"selection": SelectionMode.ONE_CLICK},
            "the basic preset does not offer one-click selection; choose confirm",
        ),
    ],
)
def test_overrides_not_offered_are_rejected(
    host: PluginHost, name: str, overrides: dict[str, Any], message: str
) -> None:
    with pytest.raises(PresetError) as raised:
        find_preset(name, host).with_overrides(host, **overrides)
    assert str(raised.value) == message


def test_an_unknown_formula_is_an_unknown_name_not_a_choice_refused(host: PluginHost) -> None:
    """Not a choice the preset refuses (a usage error) but a name no plugin
    offers (the code of a missing plugin, 3)."""
    with pytest.raises(UnknownNameError, match="no scoring formula is named 'squares'"):
        find_preset("custom", host).with_overrides(host, formula="squares")


def test_any_bonus_when_the_preset_says_any(host: PluginHost, tmp_path: Path) -> None:
    path = write(tmp_path, VALID + "clear_bonus_choices: any\n")
    preset = load_preset_file(path, host)
    assert preset.clear_bonus_choices is None
    assert preset.with_overrides(host, clear_bonus=123).rules.clear_bonus == 123


# -- validation -----------------------------------------------------------------------

VALID = """\
name: mine
title: Mine
description: A test preset.
formula: basic
clear_bonus: 1000
penalty: none
min_group: 2
board_type: solvable
board_types: [solvable, random]
colours: [3, 4]
sizes:
  small: {width: 6, height: 8, colours: 3}
  big: {width: 10, height: 12, colours: 4}
default_size: small
"""

STAGE_LINE = "  - {name: One, width: 5, height: 5, colours: 3, board_type: solvable}\n"


def write(folder: Path, text: str, name: str = "mine.yaml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def changed(old: str, new: str) -> str:
    assert VALID.count(old) == 1, old
    return VALID.replace(old, new)


def test_the_valid_document_loads(host: PluginHost, tmp_path: Path) -> None:
    preset = load_preset_file(write(tmp_path, VALID + "stages:\n" + STAGE_LINE), host)
    assert preset.sizes == (SizeOption("small", 6, 8, 3), SizeOption("big", 10, 12, 4))
    assert preset.stages == (Stage("One", 5, 5, 3, "solvable"),)
    assert preset.rules.undo is UndoPolicy.ALLOWED
    assert preset.rules.hint_is_practice
    assert preset.selection_modes == (SelectionMode.CONFIRM,)


ALLOWED = (
    "name, title, description, formula, clear_bonus, penalty, min_group, undo, hint, "
    "replay, selection, selection_modes, board_type, board_types, colours, palette, "
    "clear_bonus_choices, formula_choice, sizes, default_size, stages"
)
GENERATORS = (
    "each-colour-twice, random, random-with-move, solvable, standard, swellfoop, tatham-random"
)

INVALID = {
    # unknown keys
    "unknown key": (
        VALID + "colour: 3\n",
        "15:1",
        f"unknown key 'colour' in the preset; allowed keys: {ALLOWED}",
    ),
    "unknown size key": (
        changed("colours: 3}", "colours: 3, depth: 2}"),
        "12:44",
        "unknown key 'depth' in size 'small'; allowed keys: width, height, colours",
    ),
    "unknown stage key": (
        VALID + "stages:\n  - {name: One, width: 5, height: 5, colours: 3, time: 60}\n",
        "16:50",
        "unknown key 'time' in stage 1; allowed keys: name, width, height, colours, board_type",
    ),
    # wrong types
    "string for number": (
        changed("min_group: 2", "min_group: two"),
        "7:12",
        "min_group: expected a whole number, got a string",
    ),
    "decimal for number": (
        changed("min_group: 2", "min_group: 2.5"),
        "7:12",
        "min_group: expected a whole number, got a decimal number",
    ),
    "number for boolean": (
        VALID + "formula_choice: 1\n",
        "15:17",
        "formula_choice: expected true or false, got a whole number",
    ),
    "list for string": (
        changed("title: Mine", "title: [Mine]"),
        "2:8",
        "title: expected a string, got a list",
    ),
    "list for mapping": (
        changed(
            "sizes:\n  small: {width: 6, height: 8, colours: 3}\n  big: {width: 10, height: 12, colours: 4}\n",
            "sizes: [6, 8]\n",
        ),
        "11:8",
        "sizes: expected a mapping, got a list",
    ),
    "string for width": (
        changed("width: 6,", "width: six,"),
        "12:18",
        "width of size 'small': expected a whole number, got a string",
    ),
    "date for description": (
        changed("description: A test preset.", "description: 2024-01-01"),
        "3:14",
        "description: expected a string, got a date",
    ),
    "not a mapping": ("- name: mine\n", "1:1", "the preset: expected a mapping, got a list"),
    "empty file": (
        "# nothing here\n",
        "1:1",
        "the file is empty; a preset is a mapping such as 'name: x'",
    ),
    # duplicate keys
    "duplicate key": (
        VALID + "formula: pairs\n",
        "15:1",
        "duplicate key 'formula'; it is already given on line 4",
    ),
    "duplicate flow key": (
        changed("{width: 10,", "{width: 10, width: 11,"),
        "13:20",
        "duplicate key 'width'; it is already given on line 13",
    ),
    "duplicate size name ignoring case": (
        changed("  big:", "  Small:"),
        "13:3",
        "size 'Small' is given twice (names ignore case)",
    ),
    "value listed twice": (
        changed("colours: [3, 4]", "colours: [3, 3, 4]"),
        "10:14",
        "colours: 3 is listed twice",
    ),
    # unknown plugin names
    "unknown formula": (
        changed("formula: basic", "formula: cubes"),
        "4:10",
        "formula: no scoring formula is named 'cubes'; known: basic, pairs, sum",
    ),
    "unknown penalty": (
        changed("penalty: none", "penalty: gentle"),
        "6:10",
        "penalty: no penalty is named 'gentle'; known: leftover-formula, leftover-squared, none",
    ),
    "unknown board type": (
        changed("[solvable, random]", "[solvable, rnd]"),
        "9:25",
        f"board_types: no board generator is named 'rnd'; known: {GENERATORS}",
    ),
    "unknown stage board type": (
        VALID + "stages:\n" + STAGE_LINE.replace("solvable", "magic"),
        "16:62",
        f"board_type of stage 1: no board generator is named 'magic'; known: {GENERATORS}",
    ),
    # tags
    "python tag": (
        changed(
            "description: A test preset.", "description: !!python/object/apply:os.system [echo]"
        ),
        "3:14",
        "the YAML tag !!python/object/apply:os.system is unknown or unsafe; "
        "use plain strings, numbers, true or false, lists and mappings",
    ),
    "custom tag": (
        changed("title: Mine", "title: !foo Mine"),
        "2:8",
        "the YAML tag !foo is unknown or unsafe; "
        "use plain strings, numbers, true or false, lists and mappings",
    ),
    "merge key": (
        VALID + "<<: {undo: allowed}\n",
        "15:1",
        "the YAML tag !!merge is unknown or unsafe; "
        "use plain strings, numbers, true or false, lists and mappings",
    ),
    "tag that does not fit": (
        changed("min_group: 2", "min_group: !!map 2"),
        "7:12",
        "the YAML tag !!map does not fit this value",
    ),
    "explicit int that is not one": (
        changed("min_group: 2", "min_group: !!int two"),
        "7:12",
        "min_group: 'two' is not a whole number written in digits 0 to 9; "
        "write it as 1000, without signs, underscores or prefixes",
    ),
    "self-containing alias": (
        VALID + "stages: &loop [*loop]\n",
        "15:9",
        "a YAML alias refers to a node that contains it",
    ),
    # missing keys
    "missing key": (
        changed("formula: basic\n", ""),
        "1:1",
        "the preset is missing the required key 'formula'; "
        "required keys: name, title, description, formula, board_type, sizes",
    ),
    "missing size key": (
        changed("height: 8, colours: 3}", "height: 8}"),
        "12:10",
        "size 'small' is missing the required key 'colours'; required keys: width, height, colours",
    ),
    "missing stage name": (
        VALID + "stages:\n  - {width: 5, height: 5, colours: 3}\n",
        "16:5",
        "stage 1 is missing the required key 'name'; required keys: name, width, height, colours",
    ),
    # syntax
    "unclosed list": (
        changed("colours: [3, 4]", "colours: [3, 4"),
        "11:6",
        "YAML syntax error: while parsing a flow sequence (from line 10), "
        "expected ',' or ']', but got ':'",
    ),
    "colon in a plain value": (
        changed("title: Mine", "title: Mine: the game"),
        "2:12",
        "YAML syntax error: mapping values are not allowed here",
    ),
    "two documents": (
        VALID + "---\nname: other\n",
        "15:1",
        "YAML syntax error: expected a single document in the stream (from line 1), "
        "but found another document",
    ),
    "control character": (
        changed("title: Mine", "title: Mi\x07ne"),
        "2:10",
        "character #x0007 is not allowed in YAML",
    ),
    # out of range
    "min_group below 1": (
        changed("min_group: 2", "min_group: 0"),
        "7:12",
        "min_group: must be at least 1, not 0",
    ),
    "negative bonus": (
        changed("clear_bonus: 1000", "clear_bonus: -1"),
        "5:14",
        "clear_bonus: must be at least 0, not -1",
    ),
    "width 0": (
        changed("width: 6,", "width: 0,"),
        "12:18",
        "width of size 'small': width 0 is not possible; use 1 to 26 columns",
    ),
    "height 99": (
        changed("height: 12,", "height: 99,"),
        "13:28",
        "height of size 'big': height 99 is not possible; use 1 to 50 rows",
    ),
    "one colour for solvable": (
        changed("colours: 3}", "colours: 1}"),
        "12:41",
        "colours of size 'small': 1 colours is not possible for the solvable board type; use 2 to 9",
    ),
    "too many colours allowed": (
        changed("colours: [3, 4]", "colours: [3, 40]"),
        "10:14",
        "colours: 40 colours is not possible for the solvable board type; use 2 to 9",
    ),
    "stage too wide": (
        VALID + "stages:\n" + STAGE_LINE.replace("width: 5", "width: 30"),
        "16:24",
        "width of stage 1: width 30 is not possible; use 1 to 26 columns",
    ),
    "empty title": (changed("title: Mine", "title: ''"), "2:8", "title: must not be empty"),
    "no sizes": (
        changed(
            "sizes:\n  small: {width: 6, height: 8, colours: 3}\n  big: {width: 10, height: 12, colours: 4}\n",
            "sizes: {}\n",
        ),
        "11:8",
        "sizes: give at least one size",
    ),
    # values that disagree
    "default size not a size": (
        changed("default_size: small", "default_size: huge"),
        "14:15",
        "default_size: 'huge' is not one of the sizes (small, big)",
    ),
    "board type not offered": (
        changed("board_type: solvable", "board_type: random-with-move"),
        "8:13",
        "board_type: 'random-with-move' is not in board_types (solvable, random)",
    ),
    "size colours not allowed": (
        changed("colours: 4}", "colours: 5}"),
        "13:41",
        "colours of size 'big': 5 is not in colours (3 or 4)",
    ),
    "selection not offered": (
        VALID + "selection_modes: [one-click]\nselection: confirm\n",
        "16:12",
        "selection: 'confirm' is not in selection_modes (one-click)",
    ),
    "bonus not among the choices": (
        VALID + "clear_bonus_choices: [0, 500]\n",
        "5:14",
        "clear_bonus: 1000 is not in clear_bonus_choices (0 or 500)",
    ),
    "unknown undo policy": (
        VALID + "undo: sometimes\n",
        "15:7",
        "undo: 'sometimes' is not one of allowed, practice, disabled",
    ),
    "name is not the stem": (
        changed("name: mine", "name: other"),
        "1:7",
        "name: 'other' must equal the file name's stem 'mine'",
    ),
    "stage name twice": (
        VALID + "stages:\n" + STAGE_LINE + STAGE_LINE,
        "17:5",
        "stage 2: the name 'One' is used twice",
    ),
}


@pytest.mark.parametrize(("text", "where", "message"), INVALID.values(), ids=INVALID.keys())
def test_invalid_preset_is_reported_at_the_node(
    host: PluginHost, tmp_path: Path, text: str, where: str, message: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(PresetError) as raised:
        load_preset_file(path, host)
    assert str(raised.value) == f"{path}:{where}: {message}"


def test_text_that_is_not_utf8_is_reported_at_the_byte(host: PluginHost, tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_bytes(b"name: mine\ntitle: M\xffine\n")
    with pytest.raises(PresetError) as raised:
        load_preset_file(path, host)
    assert str(raised.value) == f"{path}:2:9: the file is not UTF-8 text"


def test_unsafe_tag_is_never_constructed(host: PluginHost, tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    text = changed("title: Mine", f"title: !!python/object/apply:os.system ['touch {marker}']")
    with pytest.raises(PresetError, match="unknown or unsafe"):
        load_preset_file(write(tmp_path, text), host)
    assert not marker.exists()


def test_deep_nesting_is_an_error_not_a_crash(host: PluginHost, tmp_path: Path) -> None:
    path = write(tmp_path, VALID + "stages: " + "[" * 600 + "]" * 600 + "\n")
    with pytest.raises(PresetError) as raised:
        load_preset_file(path, host)
    assert str(raised.value) == f"{path}: the YAML is nested too deeply"


def test_missing_file(host: PluginHost, tmp_path: Path) -> None:
    with pytest.raises(PresetError) as raised:
        load_preset_file(tmp_path / "absent.yaml", host)
    assert (
        str(raised.value)
        == f"cannot read preset file {tmp_path / 'absent.yaml'}: No such file or directory"
    )


# -- finding presets: user folder, paths, duplicates ----------------------------------


def test_user_preset_by_name_ignoring_case(host: PluginHost, user_dir: Path) -> None:
    path = write(user_dir, VALID)
    preset = find_preset("MINE", host)
    assert (preset.name, preset.path) == ("mine", path)
    presets, problems = list_presets(host)
    assert problems == []
    assert [p.name for p in presets] == sorted([*SHIPPED, "mine"])


def test_preset_by_path(host: PluginHost, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path / "elsewhere", VALID)
    assert find_preset(str(path), host).path == path
    monkeypatch.chdir(tmp_path / "elsewhere")
    (tmp_path / "elsewhere" / "mine.yml").write_text(VALID, encoding="utf-8")
    assert find_preset("mine.yml", host).path == Path("mine.yml")


def test_unknown_name_lists_the_known_ones(host: PluginHost, user_dir: Path) -> None:
    write(user_dir, VALID)
    with pytest.raises(PresetError) as raised:
        find_preset("nope", host)
    assert (
        str(raised.value)
        == f"no preset named 'nope'; known: {', '.join(sorted([*SHIPPED, 'mine']))}"
    )


def test_broken_user_preset_is_reported_not_fatal(host: PluginHost, user_dir: Path) -> None:
    broken = write(user_dir, changed("min_group: 2", "min_group: 0"), "broken.yaml")
    presets, problems = list_presets(host)
    assert [p.name for p in presets] == list(SHIPPED)
    assert problems == [
        f"{broken}:1:7: name: 'mine' must equal the file name's stem 'broken' (preset skipped)"
    ]


def test_user_preset_reusing_a_builtin_name_is_reported_and_skipped(
    host: PluginHost, user_dir: Path
) -> None:
    own = write(user_dir, changed("name: mine", "name: Basic"), "Basic.yaml")
    presets, problems = list_presets(host)
    assert [p.name for p in presets] == list(SHIPPED)
    assert problems == [
        f"preset 'Basic' in {own} skipped: the name is already used by {PRESETS_PATH / 'basic.yaml'}"
    ]
    assert find_preset("basic", host).path == PRESETS_PATH / "basic.yaml"


# -- to_dict and describe -------------------------------------------------------------


@pytest.mark.parametrize("name", SHIPPED)
def test_to_dict_is_json_and_loads_back_as_the_same_preset(
    host: PluginHost, tmp_path: Path, name: str
) -> None:
    preset = find_preset(name, host)
    data = json.loads(json.dumps(preset.to_dict()))
    assert data["path"] == str(preset.path)
    del data["path"]
    copy = load_preset_file(
        write(tmp_path, yaml.safe_dump(data, sort_keys=False), f"{name}.yaml"), host
    )
    assert copy == dataclasses.replace(preset, path=copy.path)


def test_to_dict_key_fields(host: PluginHost) -> None:
    data = json.loads(json.dumps(find_preset("relaxed", host).to_dict()))
    assert {key: data[key] for key in ("name", "formula", "clear_bonus", "penalty", "undo")} == {
        "name": "relaxed",
        "formula": "basic",
        "clear_bonus": 1000,
        "penalty": "leftover-squared",
        "undo": "disabled",
    }
    assert data["selection_modes"] == ["confirm", "one-click"]
    assert data["sizes"]["large"] == {"width": 18, "height": 18, "colours": 5}
    assert data["default_size"] == "medium"
    assert data["colours"] == [3, 4, 5]


def test_describe_is_plain_sentences(host: PluginHost) -> None:
    for preset in list_presets(host)[0]:
        lines = describe_preset(preset, translator("en"))
        assert all(line.isascii() and line.isprintable() and line.endswith(".") for line in lines)
    relaxed = describe_preset(find_preset("relaxed", host), translator("en"))
    assert "Clearing the board earns a bonus of 1000 points." in relaxed
    assert "Undo is not available." in relaxed
    assert "Size large: 18 columns by 18 rows, 5 colours." in relaxed
    assert "The number of colours may be 3, 4 or 5." in relaxed


@pytest.mark.parametrize("name", SHIPPED)
def test_describe_in_japanese_says_every_sentence_in_japanese(host: PluginHost, name: str) -> None:
    preset = find_preset(name, host)
    english = describe_preset(preset, translator("en"))
    japanese = describe_preset(preset, translator("ja"))
    assert len(japanese) == len(english)
    for line in japanese[:-1]:  # the last line is the file's path
        assert not line.isascii(), line
    assert "(n-2)" not in "".join(japanese)
    # No English name is left (A30): what is typed (the preset's and sizes' names
    # after --size, commands) and proper names may stay, nothing else.
    typed = {preset.name, *(size.name for size in preset.sizes)}
    leftover = (
        {
            word
            for line in japanese[:-1]
            for word in re.findall(r"[A-Za-z]{2}[A-Za-z0-9-]*", line.replace(preset.name, ""))
        }
        - typed
        - PROPER_NAMES
        - set(ALL_WORDS)
        - {"size"}
    )
    assert not leftover, (leftover, japanese)


# Proper names kept as they are in Japanese words.
PROPER_NAMES = {"SameGame", "KDE", "KSame", "GNOME", "Swell", "Foop", "Simon", "Tatham"}
PROPER_NAMES |= {"Same", "Game", "js-games"}


def test_presets_list_in_japanese_keeps_no_english_name(cli: Any) -> None:
    result = cli("presets", "list", "--lang", "ja")
    assert result.code == 0, result.err
    for line in result.out.splitlines():
        said = line.split(": ", 1)[1]
        words = set(re.findall(r"[A-Za-z]{2}[A-Za-z0-9-]*", said))
        assert not words - PROPER_NAMES - set(ALL_WORDS), line
    assert "レッスン。" in result.out
    assert "Lesson" not in result.out


def test_the_lesson_says_its_three_shapes(host: PluginHost) -> None:
    lesson = find_preset("lesson", host)
    assert "Its tiles are shown as red circles, yellow diamonds and blue triangles." in (
        describe_preset(lesson, translator("en"))
    )
    assert "盤面のタイルは赤の丸、黄色のひし形と青の三角で示します。" in (
        describe_preset(lesson, translator("ja"))
    )


# -- the published schema ---------------------------------------------------------


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    from samegame.presets.document import preset_schema

    return preset_schema()


def test_schema_is_a_valid_json_schema(schema: dict[str, Any]) -> None:
    import jsonschema

    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["additionalProperties"] is False
    assert schema["required"] == ["name", "title", "description", "formula", "board_type", "sizes"]


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_preset_meets_the_schema(schema: dict[str, Any], name: str) -> None:
    import jsonschema

    document = yaml.safe_load((PRESETS_PATH / f"{name}.yaml").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)


@pytest.mark.parametrize(
    "change",
    [
        {"colour": 3},
        {"min_group": 0},
        {"undo": "sometimes"},
        {"clear_bonus": "1000"},
        {"sizes": {}},
        {"sizes": {"small": {"width": 6, "height": 8}}},
        {"stages": [{"name": "One", "width": 30, "height": 5, "colours": 3}]},
        {"penalty": None},
    ],
    ids=str,
)
def test_schema_refuses_what_the_reader_refuses(
    schema: dict[str, Any], host: PluginHost, tmp_path: Path, change: dict[str, Any]
) -> None:
    import jsonschema

    document = {**yaml.safe_load(VALID), **change}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(schema).validate(document)
    with pytest.raises(PresetError):
        load_preset_file(write(tmp_path, yaml.safe_dump(document)), host)


def test_schema_command_prints_the_schema(cli: Any, schema: dict[str, Any]) -> None:
    result = cli("presets", "schema")
    assert result.code == 0
    assert json.loads(result.out) == schema


# -- presets that use plugins ---------------------------------------------------------


@pytest.fixture
def plugin_host(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> PluginHost:
    """A host with a fake plugin that adds the formula 'cubes' and a preset folder."""
    folder = tmp_path / "plugin-presets"
    module = types.ModuleType("fake_cubes_plugin")

    @hookimpl
    def samegame_scoring_formulas() -> list[ScoringFormula]:
        return [ScoringFormula("cubes", lambda n: (n - 2) ** 3, "(n-2)^3 points for n tiles")]

    @hookimpl
    def samegame_preset_directories() -> list[PresetDirectory]:
        return [PresetDirectory("fake-cubes", folder)]

    module.samegame_scoring_formulas = samegame_scoring_formulas  # type: ignore[attr-defined]
    module.samegame_preset_directories = samegame_preset_directories  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setattr(plugins, "DEFAULT_PLUGINS", (*plugins.DEFAULT_PLUGINS, module.__name__))
    write(
        folder, changed("formula: basic", "formula: cubes").replace("mine", "cubes"), "cubes.yaml"
    )
    return PluginHost(autoload=False)


def test_preset_with_a_formula_from_a_plugin(plugin_host: PluginHost) -> None:
    preset = find_preset("cubes", plugin_host)
    assert preset.rules.formula.name == "cubes"
    assert preset.rules.points(5) == 27
    custom = find_preset("custom", plugin_host).with_overrides(plugin_host, formula="cubes")
    assert custom.rules.points(4) == 8


def test_user_preset_cannot_shadow_a_plugin_preset(plugin_host: PluginHost, user_dir: Path) -> None:
    own = write(user_dir, changed("name: mine", "name: cubes"), "cubes.yaml")
    presets, problems = list_presets(plugin_host)
    assert "cubes" in [p.name for p in presets]
    assert find_preset("cubes", plugin_host).rules.formula.name == "cubes"
    assert problems == [
        f"preset 'cubes' in {own} skipped: the name is already used by "
        f"{plugin_host.preset_directories()[-1].path / 'cubes.yaml'}"
    ]


def test_preset_of_an_absent_plugin_reports_the_known_formulas(
    host: PluginHost, tmp_path: Path
) -> None:
    path = write(tmp_path, changed("formula: basic", "formula: cubes"))
    with pytest.raises(
        PresetError, match=r"mine.yaml:4:10: formula: no scoring formula is named 'cubes'"
    ):
        load_preset_file(path, host)


def test_a_preset_is_a_frozen_value(host: PluginHost) -> None:
    preset = find_preset("basic", host)
    with pytest.raises(dataclasses.FrozenInstanceError):
        preset.name = "other"  # type: ignore[misc]
    assert isinstance(preset, Preset)


def test_the_documented_schema_command_runs_as_written(tmp_path: Path) -> None:
    import os
    import re
    import subprocess

    doc = (ROOT / "docs" / "presets.md").read_text("utf-8")
    section = doc[doc.index("## Checking a file as you type it") :]
    command, modeline = re.findall(r"```(?:yaml)?\n(.*?)```", section, re.S)[:2]
    assert command.strip() == "samegame presets schema > preset.schema.json"
    env = {
        **os.environ,
        "HOME": str(tmp_path),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }
    subprocess.run(["bash", "-c", command], env=env, cwd=tmp_path, check=True)
    written = tmp_path / "preset.schema.json"
    from samegame.presets.document import preset_schema

    assert json.loads(written.read_text("utf-8")) == preset_schema()
    assert modeline.startswith("# yaml-language-server: $schema=preset.schema.json\n")


def test_an_alias_bomb_is_refused_before_it_is_built(host: PluginHost, tmp_path: Path) -> None:
    lines = ["name: mine", "a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for level in range(1, 9):  # 10**9 values once expanded
        earlier = "a" if level == 1 else f"l{level - 1}"
        lines.append(f"l{level}: &l{level} [" + ", ".join([f"*{earlier}"] * 10) + "]")
    path = write(tmp_path, "\n".join(lines) + "\n")
    with pytest.raises(PresetError, match="more than 100,000 values once its aliases"):
        load_preset_file(path, host)
