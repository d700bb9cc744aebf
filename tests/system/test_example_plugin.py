"""The example third-party plugin (plugins/samegame-cubes), installed for real with
pip into a private folder, is found through its entry point and its formula works
from a preset and from the command line."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from locations import ROOT
from plugin_install import install_plugin, run_samegame


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_plugin("samegame-cubes", tmp_path_factory.mktemp("site"))


def samegame(
    installed: Path, tmp_path: Path, *args: str, stdin: str = "", **env: str
) -> subprocess.CompletedProcess[str]:
    return run_samegame(installed, tmp_path, *args, stdin=stdin, **env)


def test_plugin_is_listed(installed: Path, tmp_path: Path) -> None:
    result = samegame(installed, tmp_path, "plugins", "--format", "json")
    assert result.returncode == 0, result.stderr
    plugins = {p["name"]: p for p in json.loads(result.stdout)["plugins"]}
    cubes = plugins["cubes"]
    assert (cubes["distribution"], cubes["version"], cubes["builtin"]) == (
        "samegame-cubes",
        "1.0.0",
        False,
    )
    assert cubes["registers"] == {
        "scoring formula": ["cubes"],
        "renderer": ["csv"],
        "preset directory": ["samegame-cubes"],
        "command": ["cubes-table"],
        "words": ["en", "ja"],
    }


def test_the_plugin_renderer_draws_in_board_show_and_play(installed: Path, tmp_path: Path) -> None:
    shown = samegame(installed, tmp_path, "board", "show", "--board-number", "3", "--format", "csv")
    assert shown.returncode == 0, shown.stderr
    plain = samegame(
        installed, tmp_path, "board", "show", "--board-number", "3", "--format", "board"
    )
    assert shown.stdout == "".join(",".join(row) + "\n" for row in plain.stdout.splitlines())
    played = samegame(
        installed, tmp_path, "play", "--board-number", "3", "--renderer", "csv", stdin="q\n"
    )
    assert played.returncode == 0, played.stderr
    assert shown.stdout in played.stdout  # the sighted board is drawn by the plugin
    unknown = samegame(installed, tmp_path, "board", "show", "--format", "nope")
    assert unknown.returncode == 2
    assert "choose one of the renderers: ansi, csv, svg, text" in unknown.stderr


def test_the_plugin_command_runs_and_is_listed(installed: Path, tmp_path: Path) -> None:
    table = samegame(installed, tmp_path, "cubes-table", "--largest", "4")
    assert table.returncode == 0, table.stderr
    assert table.stdout == "2 tiles: 0 points\n3 tiles: 1 points\n4 tiles: 8 points\n"
    helped = samegame(installed, tmp_path, "--help")
    assert "cubes-table" in helped.stdout
    assert "The points of the cubes formula" in helped.stdout
    # Without the plugin the command does not exist.
    gone = samegame(installed, tmp_path, "cubes-table", SAMEGAME_DISABLE_PLUGIN_AUTOLOAD="1")
    assert gone.returncode == 2


def test_formula_from_the_plugin_preset(installed: Path, tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text("RRRR\nRBBB\nGGGB\n")
    shown = samegame(installed, tmp_path, "presets", "show", "cubes", "--format", "json")
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["formula"] == "cubes"
    result = samegame(
        installed,
        tmp_path,
        "replay",
        "--preset",
        "cubes",
        "--board",
        str(board),
        "--moves",
        "A3 B2",
        "--format",
        "json",
    )
    assert result.returncode == 0, result.stderr
    moves = json.loads(result.stdout)["moves"]
    assert [(m["tiles"], m["points"]) for m in moves] == [(5, 27), (4, 8)]


def test_formula_from_the_command_line(installed: Path, tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text("RRRRRR\nBBGGGG\n")
    result = samegame(
        installed,
        tmp_path,
        "replay",
        "--preset",
        "custom",
        "--formula",
        "cubes",
        "--board",
        str(board),
        "--moves",
        "A2",
        "--format",
        "json",
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["moves"] == [{"move": "A2", "tiles": 6, "points": 64}]


def test_autoload_disabled_hides_the_plugin(installed: Path, tmp_path: Path) -> None:
    result = samegame(
        installed,
        tmp_path,
        "presets",
        "show",
        "custom",
        "--format",
        "json",
        SAMEGAME_DISABLE_PLUGIN_AUTOLOAD="1",
    )
    assert result.returncode == 0
    board = tmp_path / "board.txt"
    board.write_text("RR\n")
    refused = samegame(
        installed,
        tmp_path,
        "replay",
        "--preset",
        "custom",
        "--formula",
        "cubes",
        "--board",
        str(board),
        "--moves",
        "A1",
        SAMEGAME_DISABLE_PLUGIN_AUTOLOAD="1",
    )
    assert refused.returncode == 3
    assert refused.stderr.startswith("Error: ")
    assert "cubes" in refused.stderr


def test_every_command_of_the_plugin_readme_runs_as_written(
    installed: Path, tmp_path: Path
) -> None:
    import re
    import shlex

    readme = ROOT / "plugins" / "samegame-cubes" / "README.md"
    [block] = re.findall(r"```sh\n(.*?)```", readme.read_text(encoding="utf-8"), re.S)
    lines = [line.split("#")[0].strip() for line in block.splitlines() if line.strip()]
    # The first line is what the `installed` fixture does: pip install of that folder.
    assert lines[0] == "pip install ./plugins/samegame-cubes"
    outputs = {}
    for line in lines[1:]:
        words = shlex.split(line)
        assert words[0] == "samegame", line
        result = samegame(installed, tmp_path, *words[1:])
        assert result.returncode == 0, f"{line}: {result.stderr}"
        assert result.stdout.strip(), line
        outputs[words[1]] = result.stdout
    assert "cubes" in outputs["plugins"]
    board_rows = outputs["board"].splitlines()
    assert board_rows
    assert all(re.fullmatch(r"[A-Z.](,[A-Z.])+", row) for row in board_rows)
    assert outputs["cubes-table"].splitlines()[-1] == "6 tiles: 64 points"
