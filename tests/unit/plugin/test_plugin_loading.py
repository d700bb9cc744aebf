"""Issue 46, item 11: what pytest, llm and datasette give plugin authors. A plugin
that is not installed loads from the command line (``-p MODULE``, ``--plugins-dir
DIR``) or the environment; ``SAMEGAME_TRACE_PLUGINS=1`` traces every hook call;
and a plugin may require a plugin API version, checked at load in one line."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import assert_one_line_error
from samegame.plugin import API_VERSION
from samegame.plugin.host import PluginHost, reset_host

TRIPLE = """
from samegame.plugin import ScoringFormula, hookimpl
{extra}

@hookimpl
def samegame_scoring_formulas():
    return [ScoringFormula("triple", lambda n: 3 * n, "three points a tile")]
"""


@pytest.fixture(autouse=True)
def fresh_host() -> Iterator[None]:
    reset_host()
    yield
    reset_host()


def folder_with(tmp_path: Path, extra: str = "") -> Path:
    folder = tmp_path / "plugs"
    folder.mkdir(exist_ok=True)
    (folder / "triple.py").write_text(TRIPLE.format(extra=extra), encoding="utf-8")
    return folder


def registered(result_out: str) -> dict[str, object]:
    listed = json.loads(result_out)
    return {plugin["name"]: plugin for plugin in listed["plugins"]}


def test_plugins_dir_loads_every_file_of_a_folder(cli, tmp_path: Path) -> None:
    folder_with(tmp_path)
    result = cli("--plugins-dir", "plugs", "plugins", "--format", "json")
    assert result.code == 0, result.err
    triple = registered(result.out)["triple"]
    assert triple == {
        "name": "triple",
        "distribution": "local",
        "version": "",
        "builtin": False,
        "registers": {"scoring formula": ["triple"]},
    }


def test_p_loads_an_importable_module(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = folder_with(tmp_path)
    (folder / "triple.py").rename(folder / "sg_test_triple_module.py")
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.delitem(__import__("sys").modules, "sg_test_triple_module", raising=False)
    result = cli("-p", "sg_test_triple_module", "plugins", "--format", "json")
    assert result.code == 0, result.err
    assert registered(result.out)["sg_test_triple_module"]["registers"] == {
        "scoring formula": ["triple"]
    }
    (tmp_path / "b.txt").write_text("RRB\nRBB\nGGB\n")
    replayed = cli(
        "--plugin=sg_test_triple_module",
        "replay",
        "--preset",
        "custom",
        "--formula",
        "triple",
        "--board",
        "b.txt",
        "--moves",
        "C3",
        "--format",
        "json",
    )
    assert replayed.code == 0, replayed.err
    assert json.loads(replayed.out)["moves"][0] == {"move": "B2", "tiles": 4, "points": 12}


def test_a_module_that_fails_to_import_is_one_warning(cli) -> None:
    result = cli("-p", "sg_no_such_module", "plugins", "--check")
    assert result.code == 3
    assert (
        "Error: plugin module 'sg_no_such_module' failed to load (ModuleNotFoundError: No "
        "module named 'sg_no_such_module'); skipped"
    ) in result.err.splitlines()


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--plugins-dir", "nope", "plugins"], "--plugins-dir nope is not a folder"),
        (["-p"], "-p needs a value"),
    ],
)
def test_a_bad_plugin_option_is_one_usage_line(cli, args: list[str], fragment: str) -> None:
    assert_one_line_error(cli(*args), 2, fragment)


def test_a_bad_plugin_option_is_said_in_japanese(cli) -> None:
    assert_one_line_error(
        cli("--plugins-dir", "nope", "plugins", "--lang", "ja"), 2, "フォルダーではありません"
    )


def test_trace_plugins_writes_each_hook_call_its_plugin_and_time(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder_with(tmp_path)
    monkeypatch.setenv("SAMEGAME_TRACE_PLUGINS", "1")
    result = cli("--plugins-dir", "plugs", "plugins")
    assert result.code == 0, result.err
    traced = [line for line in result.err.splitlines() if line.startswith("trace: ")]
    assert any(
        re.fullmatch(
            r"trace: samegame_scoring_formulas of plugin triple \(local\) returned in "
            r"\d+\.\d{3} ms",
            line,
        )
        for line in traced
    ), traced
    assert any("of plugin scoring (built in)" in line for line in traced)
    monkeypatch.delenv("SAMEGAME_TRACE_PLUGINS")
    reset_host()
    quiet = cli("--plugins-dir", "plugs", "plugins")
    assert "trace:" not in quiet.err


@pytest.mark.parametrize(
    ("needs", "problem"),
    [
        (API_VERSION, None),
        (1, None),
        (
            API_VERSION + 1,
            f"plugin triple (local) needs samegame's plugin API version {API_VERSION + 1}, and "
            f"this samegame has version {API_VERSION}; upgrade samegame (pip install -U "
            "samegame) or use an older release of the plugin; skipped",
        ),
        (
            "'2'",
            "plugin triple (local): SAMEGAME_API_VERSION must be a whole number from 1 (the "
            "plugin API version it needs), not '2'; skipped",
        ),
    ],
)
def test_a_plugin_may_require_an_api_version(
    cli, tmp_path: Path, needs: object, problem: str | None
) -> None:
    folder_with(tmp_path, extra=f"SAMEGAME_API_VERSION = {needs}")
    result = cli("--plugins-dir", "plugs", "plugins", "--check")
    if problem is None:
        assert result.code == 0, result.err
        assert "triple (from local) registers scoring formula: triple." in result.out
        return
    assert result.code == 3
    assert f"Error: {problem}" in result.err.splitlines()
    assert "triple" not in result.out


def test_an_embedding_program_can_leave_local_plugins_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SAMEGAME_PLUGINS_DIR", str(folder_with(tmp_path)))
    assert "triple" in PluginHost(autoload=False).records("scoring formula")
    assert "triple" not in PluginHost(autoload=False, local=False).records("scoring formula")
