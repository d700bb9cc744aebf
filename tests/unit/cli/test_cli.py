"""The first commands: presets, board show, replay, plugins; errors and exit codes."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import assert_one_line_error
from samegame.core.textboard import read_board

BOX_DRAWING = re.compile("[\u2500-\u257f\u2580-\u259f]")
SUBCOMMANDS = [
    [],
    ["presets"],
    ["presets", "list"],
    ["presets", "show"],
    ["board"],
    ["board", "show"],
    ["replay"],
    ["plugins"],
]


def test_version(cli) -> None:
    result = cli("--version")
    assert result.code == 0
    assert re.fullmatch(r"samegame \d+\.\d+\.\d+\n", result.out)


def test_no_arguments_prints_help(cli) -> None:
    result = cli()
    assert result.code == 0
    assert "Usage:" in result.out
    for command in ("presets", "board", "replay", "plugins"):
        assert command in result.out


@pytest.mark.parametrize("words", SUBCOMMANDS, ids=lambda w: " ".join(w) or "root")
def test_help_is_plain_text(cli, words: list[str]) -> None:
    result = cli(*words, "--help")
    assert result.code == 0
    assert "Usage:" in result.out
    assert not BOX_DRAWING.search(result.out)
    assert "\x1b[" not in result.out


def test_unknown_option_is_one_line_usage_error(cli) -> None:
    result = cli("board", "show", "--bogus")
    assert_one_line_error(result, 2, "--bogus", "See 'samegame board show --help'.")


def test_bad_option_value(cli) -> None:
    result = cli("board", "show", "--format", "pdf")
    assert_one_line_error(result, 2, "pdf")


def test_board_show_text_has_coordinates_and_legend(cli) -> None:
    result = cli(
        "board", "show", "--preset", "basic", "--board-type", "random", "--board-number", "5"
    )
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == "Board 5, random, 8 columns by 10 rows, 4 colours:"
    assert lines[1].split() == list("ABCDEFGH")
    assert lines[2].split()[0] == "10"
    assert lines[-1].startswith("Legend: ")
    assert "R red circle" in lines[-1]


def test_board_formats_agree(cli) -> None:
    args = ("board", "show", "--preset", "classic", "--size", "small", "--board-number", "11")
    plain = cli(*args, "--format", "board")
    data = json.loads(cli(*args, "--format", "json").out)
    assert plain.code == 0
    board = read_board(plain.out)
    assert (board.width, board.height) == (6, 6)
    assert data["board"] == plain.out.splitlines()
    assert (data["width"], data["height"], data["colours"]) == (6, 6, 3)
    assert data["board_type"] == "random-with-move"
    assert cli(*args, "--format", "board").out == plain.out, "a board number is stable"


def test_board_svg_is_a_picture_with_coordinates(cli) -> None:
    result = cli(
        "board", "show", "--size", "6x5", "--colours", "3", "--board-number", "2", "--format", "svg"
    )
    assert result.code == 0, result.err
    root = ET.fromstring(result.out)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg"
    assert "6 columns by 5 rows" in root.find(f"{ns}title").text
    texts = [t.text for t in root.iter(f"{ns}text")]
    assert texts.count("A") == 2
    assert texts.count("F") == 2
    assert texts.count("5") == 2
    shapes = [
        e for e in root.iter() if e.tag in {f"{ns}circle", f"{ns}polygon", f"{ns}rect", f"{ns}path"}
    ]
    assert len(shapes) >= 30  # 30 tiles plus the frame and background


def test_solution_clears_the_solvable_board(cli, tmp_path: Path) -> None:
    args = ("board", "show", "--preset", "basic", "--size", "small", "--board-number", "3")
    shown = cli(*args, "--format", "json", "--solution")
    assert shown.code == 0, shown.err
    data = json.loads(shown.out)
    board_file = tmp_path / "board.txt"
    board_file.write_text("\n".join(data["board"]) + "\n")
    replayed = cli(
        "replay",
        "--board",
        str(board_file),
        "--moves",
        " ".join(data["solution"]),
        "--format",
        "json",
    )
    assert replayed.code == 0, replayed.err
    result = json.loads(replayed.out)
    assert result["cleared"] is True
    assert result["finished"] is True
    assert result["remaining"] == 0
    assert result["bonus"] == 1000
    assert result["score"] == sum(m["points"] for m in result["moves"]) + 1000


def test_solution_needs_a_solvable_board_type(cli) -> None:
    result = cli("board", "show", "--board-type", "random", "--solution")
    assert_one_line_error(result, 2, "--board-type solvable")


def test_replay_json_shape(cli, tmp_path: Path) -> None:
    board_file = tmp_path / "b.txt"
    board_file.write_text("R R B\nR B B\n")
    result = cli("replay", "--board", str(board_file), "--moves", "b2, A1", "--format", "json")
    assert result.code == 0, result.err
    assert json.loads(result.out) == {
        "moves": [{"move": "A1", "tiles": 3, "points": 1}, {"move": "A1", "tiles": 3, "points": 1}],
        "bonus": 1000,
        "penalty": 0,
        "score": 1002,
        "remaining": 0,
        "cleared": True,
        "finished": True,
    }


def test_replay_text_is_sentences(cli, tmp_path: Path) -> None:
    board_file = tmp_path / "b.txt"
    board_file.write_text("RRB\nRBG\n")
    result = cli("replay", "--preset", "relaxed", "--board", str(board_file), "--moves", "A1")
    assert result.code == 0, result.err
    assert result.out.splitlines() == [
        "Move 1: A1 removed 3 red circles, 1 point, score 1.",
        "No moves left. 3 tiles left, penalty 1. Final score 0 after 1 moves.",
    ]


def test_replay_illegal_move(cli, tmp_path: Path) -> None:
    board_file = tmp_path / "b.txt"
    board_file.write_text("RRBB\nRGBY\n")
    result = cli("replay", "--board", str(board_file), "--moves", "A1 A1")
    assert_one_line_error(result, 1, "move 2 (A1)", "a single tile", "Nothing removed")


def test_replay_after_the_end(cli, tmp_path: Path) -> None:
    board_file = tmp_path / "b.txt"
    board_file.write_text("RRB\nRBG\n")
    result = cli("replay", "--board", str(board_file), "--moves", "A1 C1")
    assert_one_line_error(result, 1, "move 2 (C1)", "the game is already over")


def test_replay_move_outside_board(cli, tmp_path: Path) -> None:
    board_file = tmp_path / "b.txt"
    board_file.write_text("RR\n")
    result = cli("replay", "--board", str(board_file), "--moves", "Q9")
    assert_one_line_error(result, 1, "move 1 (Q9)", "outside the board")


def test_replay_needs_exactly_one_board(cli, tmp_path: Path) -> None:
    assert_one_line_error(cli("replay", "--moves", "A1"), 2, "--board FILE", "--board-number N")
    board_file = tmp_path / "b.txt"
    board_file.write_text("RR\n")
    both = cli("replay", "--board", str(board_file), "--board-number", "1", "--moves", "A1")
    assert_one_line_error(both, 2, "exactly one")


def test_missing_board_file(cli, tmp_path: Path) -> None:
    result = cli("replay", "--board", str(tmp_path / "nope.txt"), "--moves", "A1")
    assert_one_line_error(result, 4, "cannot read", "nope.txt")


def test_bad_board_text(cli, tmp_path: Path) -> None:
    board_file = tmp_path / "b.txt"
    board_file.write_text("RRB\nRXG\n")
    result = cli("replay", "--board", str(board_file), "--moves", "A1")
    assert_one_line_error(result, 4, "line 2", "'X' is not a cell")


def test_unknown_preset(cli) -> None:
    result = cli("board", "show", "--preset", "no-such-preset")
    assert_one_line_error(result, 3, "no-such-preset")


def test_impossible_size(cli) -> None:
    assert_one_line_error(cli("board", "show", "--size", "30x10"), 2, "30")
    assert_one_line_error(cli("board", "show", "--size", "huge"), 2, "huge")


def test_formula_override_needs_a_preset_that_allows_it(cli) -> None:
    """A choice the preset does not offer is a bad option value (2), as a size it
    does not offer is; an unknown formula is 3."""
    result = cli(
        "replay", "--preset", "basic", "--formula", "sum", "--board-number", "1", "--moves", "A1"
    )
    assert_one_line_error(result, 2, "does not let you choose the scoring formula")


def test_presets_list_and_show(cli) -> None:
    listed = cli("presets", "list")
    assert listed.code == 0
    names = [line.split(":")[0] for line in listed.out.splitlines()]
    for name in (
        "basic",
        "no-bonus",
        "pairs",
        "sum",
        "custom",
        "classic",
        "relaxed",
        "challenge",
        "lesson",
        "benchmark",
    ):
        assert name in names
    as_json = json.loads(cli("presets", "list", "--format", "json").out)
    assert sorted(p["name"] for p in as_json) == sorted(names)
    shown = cli("presets", "show", "relaxed")
    assert shown.code == 0
    assert not BOX_DRAWING.search(shown.out)
    assert (
        json.loads(cli("presets", "show", "relaxed", "--format", "json").out)["name"] == "relaxed"
    )


def test_plugins_lists_builtins(cli) -> None:
    text = cli("plugins")
    assert text.code == 0
    assert (
        "scoring (built in) registers scoring formula: basic, pairs, sum." in text.out.splitlines()
    )
    data = json.loads(cli("plugins", "--format", "json").out)
    by_name = {p["name"]: p for p in data["plugins"]}
    assert by_name["generators"]["registers"]["board generator"][:3] == [
        "random",
        "random-with-move",
        "each-colour-twice",
    ]
    assert data["problems"] == []
