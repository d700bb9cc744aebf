"""``samegame board groups``: a board's groups as the in-game ``groups`` query says
them, or as JSON (A19) that agrees with the board itself."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import assert_one_line_error
from samegame.core.coords import parse_cell
from samegame.core.palette import PALETTE
from samegame.core.textboard import read_board
from samegame.i18n import translator
from samegame.plugin.host import get_host
from samegame.presets import find_preset
from samegame.repl.announcer import Announcer

LESSON_10 = ["--preset", "lesson", "--board-number", "10"]


def board_of(cli, *options: str):
    result = cli("board", "show", *options, "--format", "board")
    assert result.code == 0, result.err
    return read_board(result.out)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_text_is_the_groups_query_of_play(cli, language: str) -> None:
    """One announcer: the same lines as the groups query on that board, unpaged."""
    result = cli("board", "groups", *LESSON_10, "--lang", language)
    assert result.code == 0, result.err
    board = board_of(cli, *LESSON_10)
    preset = find_preset("lesson", get_host())
    said = Announcer(translator(language), order=preset.palette).groups(board, preset.rules)
    assert result.out.splitlines() == said
    assert len(said) == 14  # no "type more": the whole list
    if language == "en":
        assert said[1] == "10 yellow diamonds on D1, columns D to G, rows 1 to 3, 64 points."


def test_json_lists_every_group_largest_first(cli) -> None:
    result = cli("board", "groups", *LESSON_10, "--format", "json")
    assert result.code == 0, result.err
    groups = json.loads(result.out)
    assert groups[0] == {
        "colour": "yellow",
        "shape": "diamond",
        "size": 10,
        "anchor": "D1",
        "cells": ["D1", "D2", "E1", "E2", "E3", "F1", "F2", "F3", "G1", "G2"],
        "columns": ["D", "G"],
        "rows": [1, 3],
        "points": 64,
    }
    assert [g["size"] for g in groups] == sorted((g["size"] for g in groups), reverse=True)


# The cli fixture runs each command afresh and reads nothing back: safe to share.
@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    number=st.integers(0, 10**6),
    preset=st.sampled_from(["basic", "pairs", "lesson", "tatham"]),
)
def test_json_agrees_with_the_board(cli, number: int, preset: str) -> None:
    """Every group once, its anchor one of its cells (the lowest of its leftmost
    column), every cell of its colour, its points under the preset's rules."""
    options = ["--preset", preset, "--board-number", str(number)]
    result = cli("board", "groups", *options, "--format", "json")
    assert result.code == 0, result.err
    board = board_of(cli, *options)
    rules = find_preset(preset, get_host()).rules
    groups = json.loads(result.out)
    assert len(groups) == len(board.groups(rules.min_group))
    for record in groups:
        cells = [parse_cell(name) for name in record["cells"]]
        anchor = parse_cell(record["anchor"])
        group = board.group_at(anchor)
        assert group is not None
        assert sorted(cells) == sorted(board.cells(group.mask))
        assert anchor == min(cells)
        assert record["size"] == group.size == len(cells)
        assert PALETTE[group.colour].name == record["colour"]
        assert record["points"] == rules.points(group.size)
        assert record["rows"] == [min(c.row for c in cells) + 1, max(c.row for c in cells) + 1]


def test_a_bad_board_number_is_one_error_line(cli) -> None:
    result = cli("board", "groups", "--board-number", "-1")
    assert_one_line_error(result, 2, "board number")


def test_a_bad_format_is_refused(cli) -> None:
    result = cli("board", "groups", "--format", "svg")
    assert_one_line_error(result, 2, "svg")
