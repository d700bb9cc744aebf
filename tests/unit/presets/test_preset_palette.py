"""A preset's palette: ``palette: [red, yellow, blue]`` shows its boards' first
colours as those palette colours (the Lesson's circle, diamond and triangle).
Groups, moves and scores are the generator's board's; play, the tutorial, board
show and replay show the recoloured board; simulate's records keep the
generator's colours, so verify still regenerates them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from samegame.core.board import Board, BoardError
from samegame.core.numbering import make_board
from samegame.core.palette import PALETTE, palette_order
from samegame.core.textboard import read_board, write_board
from samegame.plugin.host import PluginHost, get_host
from samegame.presets import PresetError, find_preset, load_preset_file

PRESET = """\
name: mine
title: Mine
description: A test preset.
formula: basic
board_type: random
sizes:
  small: {width: 4, height: 3, colours: 3}
"""


@pytest.fixture
def host() -> PluginHost:
    return PluginHost(autoload=False)


def load(tmp_path: Path, host: PluginHost, extra: str):
    path = tmp_path / "mine.yaml"
    path.write_text(PRESET + extra, encoding="utf-8")
    return load_preset_file(path, host), path


def test_the_lesson_shows_circle_diamond_and_triangle() -> None:
    preset = find_preset("lesson", get_host())
    shapes = [PALETTE[c].shape for c in preset.palette[:3]]
    assert shapes == ["circle", "diamond", "triangle"]
    assert sorted(preset.palette) == list(range(len(PALETTE)))
    assert preset.board_setup().palette == preset.palette


def test_a_palette_completes_in_palette_order(tmp_path: Path, host: PluginHost) -> None:
    preset, _ = load(tmp_path, host, "palette: [cyan, Red]\n")
    assert preset.palette == palette_order([6, 0]) == (6, 0, 1, 2, 3, 4, 5, 7, 8)
    assert preset.to_dict()["palette"] == [PALETTE[c].name for c in preset.palette]
    plain, _ = load(tmp_path, host, "")
    assert plain.palette == ()
    assert "palette" not in plain.to_dict()


@pytest.mark.parametrize(
    ("extra", "where", "message"),
    [
        (
            "palette: [red, mauve]\n",
            "8:16",
            "palette: no colour is named 'mauve'; known: red, blue, green, yellow, purple, "
            "orange, cyan, white, black",
        ),
        ("palette: []\n", "8:10", "palette: give at least one value"),
        ("palette: red\n", "8:10", "palette: expected a list, got a string"),
    ],
)
def test_a_bad_palette_is_reported_at_the_node(
    tmp_path: Path, host: PluginHost, extra: str, where: str, message: str
) -> None:
    with pytest.raises(PresetError) as raised:
        load(tmp_path, host, extra)
    assert str(raised.value) == f"{tmp_path / 'mine.yaml'}:{where}: {message}"


def test_a_colour_named_twice_is_refused(tmp_path: Path, host: PluginHost) -> None:
    with pytest.raises(PresetError, match="palette"):
        load(tmp_path, host, "palette: [red, blue, red]\n")


def test_recolouring_keeps_groups_moves_and_scores() -> None:
    board = read_board("RBG\nBBR\nGRR\n")
    order = palette_order([0, 3, 1])
    shown = board.recoloured(order)
    assert write_board(shown) == "RYB\nYYR\nBRR\n"
    assert [(g.size, g.anchor) for g in shown.groups()] == [
        (g.size, g.anchor) for g in board.groups()
    ]
    with pytest.raises(BoardError):
        board.recoloured([0, 0, 1])
    assert Board.empty(2, 2).recoloured(order) == Board.empty(2, 2)


def test_board_show_is_the_board_play_shows(cli) -> None:
    host = get_host()
    setup = find_preset("lesson", host).board_setup()
    made = make_board(host.generator(setup.board_type), setup.spec, 10).board
    shown = cli("board", "show", "--preset", "lesson", "--board-number", "10", "--format", "json")
    assert shown.code == 0, shown.err
    rows = json.loads(shown.out)["board"]
    assert "".join(row + "\n" for row in rows) == write_board(made.recoloured(setup.palette))
    assert set("".join(rows)) == {"R", "Y", "B"}


def test_simulated_records_keep_the_generators_colours_and_verify(cli, tmp_path: Path) -> None:
    out = tmp_path / "lesson.jsonl"
    ran = cli(
        "simulate", "--preset", "lesson", "--bot", "greedy", "--games", "2", "--seed", "3",
        "--out", str(out),
    )  # fmt: skip
    assert ran.code == 0, ran.err
    for line in out.read_text().splitlines():
        assert set("".join(json.loads(line)["board"])) <= {"R", "B", "G", "."}
    assert cli("verify", str(out)).code == 0
