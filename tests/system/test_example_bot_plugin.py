"""The example bot plugin (plugins/samegame-cornerbot), installed for real with pip
into a private folder, is found through its entry point and listed with its
distribution and version, and `samegame simulate` plays it."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from plugin_install import install_plugin, run_samegame


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_plugin("samegame-cornerbot", tmp_path_factory.mktemp("site"))


def samegame(
    installed: Path, tmp_path: Path, *args: str, **env: str
) -> subprocess.CompletedProcess[str]:
    return run_samegame(installed, tmp_path, *args, **env)


def test_bot_plugin_is_listed(installed: Path, tmp_path: Path) -> None:
    result = samegame(installed, tmp_path, "plugins", "--format", "json")
    assert result.returncode == 0, result.stderr
    listed = json.loads(result.stdout)
    plugins = {p["name"]: p for p in listed["plugins"]}
    cornerbot = plugins["cornerbot"]
    assert (cornerbot["distribution"], cornerbot["version"], cornerbot["builtin"]) == (
        "samegame-cornerbot",
        "1.0.0",
        False,
    )
    assert cornerbot["registers"] == {"bot": ["cornerbot"]}
    assert not [problem for problem in listed["problems"] if "cornerbot" in problem]


def test_simulate_plays_the_bot(installed: Path, tmp_path: Path) -> None:
    args = ("simulate", "--preset", "lesson", "--games", "3", "--seed", "1", "--format", "json")
    result = samegame(installed, tmp_path, *args, "--bot", "cornerbot")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert (summary["bot"], summary["games"]) == ("cornerbot", 3)


def test_simulate_reports_a_bad_option(installed: Path, tmp_path: Path) -> None:
    result = samegame(
        installed, tmp_path, "simulate", "--preset", "lesson", "--bot", "cornerbot:prefer=middle"
    )
    assert result.returncode == 2
    assert result.stderr.strip() == "Error: bot option prefer must be low or high, not 'middle'"
