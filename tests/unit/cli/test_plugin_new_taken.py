"""``samegame plugin new NAME`` refuses a name already taken (issue 46, item 7:
``plugin new cubes`` made the names of samegame's own example, ``plugin new
sleeper`` succeeded while an installed plugin had a bot called ``sleeper``).

The table: every way a name can be taken (each kind of contribution the starter
names NAME, held by another plugin; its preset; an installed distribution
``samegame-NAME``; an installed entry point ``NAME``) times several names. Each
is one line, exit 2, and nothing written; a name nobody has is made.
"""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from conftest import Result, assert_one_line_error
from plugin_install import PLUGINS, make_distribution
from samegame.cli.plugin_new_cmd import EXAMPLE_PLUGINS
from samegame.core.formulas import BASIC
from samegame.plugin import host as plugins
from samegame.plugin.contributions import (
    BoardGenerator,
    BotFactory,
    Command,
    Penalty,
    PresetDirectory,
    Renderer,
    ScoringFormula,
)
from samegame.plugin.hookspecs import hookimpl
from samegame.plugin.host import PluginHost

NAMES = ("sleeper", "my-rules", "x9", "tiles-and-more")


def _hook(kind: str, name: str, tmp_path: Path) -> tuple[str, object]:
    """The registration hook and the record of another plugin's ``kind`` NAME."""
    if kind == "preset":
        folder = tmp_path / "presets"
        folder.mkdir()
        (folder / f"{name}.yaml").write_text("name: x\n")
        return "samegame_preset_directories", PresetDirectory("theirs", folder)
    record: object = {
        "scoring formula": lambda: ScoringFormula(name, BASIC.points, "x"),
        "penalty": lambda: Penalty(name, lambda remaining, points: 0, "x"),
        "board generator": lambda: BoardGenerator(name, 1, lambda spec, number: None, "x"),
        "renderer": lambda: Renderer(name, lambda board, options: "", "x"),
        "bot": lambda: BotFactory(name, lambda options: None, "x"),
        "command": lambda: Command(name, lambda: None, "x"),
    }[kind]()
    hook = {
        "scoring formula": "samegame_scoring_formulas",
        "penalty": "samegame_penalties",
        "board generator": "samegame_board_generators",
        "renderer": "samegame_renderers",
        "bot": "samegame_bots",
        "command": "samegame_commands",
    }[kind]
    return hook, record


KINDS = ("scoring formula", "penalty", "board generator", "renderer", "bot", "command", "preset")
WAYS = (*KINDS, "distribution", "entry point")


def cases() -> Iterator[object]:
    for way, name in itertools.product(WAYS, NAMES):
        yield pytest.param(way, name, id=f"{way}-{name}")


@pytest.mark.parametrize(("way", "name"), list(cases()))
def test_a_name_already_taken_is_refused_and_nothing_is_written(
    cli: Callable[..., Result],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    way: str,
    name: str,
) -> None:
    if way in KINDS:
        hook, record = _hook(way, name, tmp_path)
        plugin = SimpleNamespace(**{hook: hookimpl(lambda: [record])})
        monkeypatch.setattr(
            plugins, "_HOST", PluginHost(autoload=False, extra=[("theirs", plugin)])
        )
        said = "plugin theirs (local)"
    else:
        site = tmp_path / "site"
        if way == "distribution":
            make_distribution(site, f"samegame-{name}", {"elsewhere": "nowhere"}, {})
            said = f"the installed distribution samegame-{name} 1.2.3"
        else:
            make_distribution(site, "someone-else", {name: "nowhere"}, {})
            said = f"the entry point {name} of someone-else"
        monkeypatch.syspath_prepend(str(site))
        monkeypatch.setattr(plugins, "_HOST", None)
    before = sorted(tmp_path.iterdir())
    result = cli("plugin", "new", name)
    assert_one_line_error(result, 2, f"'{name}' is taken by", said)
    assert sorted(tmp_path.iterdir()) == before
    plugins.reset_host()


@pytest.mark.parametrize("name", EXAMPLE_PLUGINS)
def test_the_names_of_samegames_own_example_plugins_are_refused(
    cli: Callable[..., Result], tmp_path: Path, name: str
) -> None:
    result = cli("plugin", "new", name)
    assert_one_line_error(result, 2, f"'{name}' is taken by samegame's example plugin")
    assert not (tmp_path / f"samegame-{name}").exists()


def test_the_example_names_are_the_repositorys_example_plugins() -> None:
    names = set()
    for pyproject in PLUGINS.glob("*/pyproject.toml"):
        project = tomllib.loads(pyproject.read_text())["project"]
        names |= set(project["entry-points"]["samegame"])
        assert project["name"] == f"samegame-{next(iter(project['entry-points']['samegame']))}"
    assert names == set(EXAMPLE_PLUGINS)


def test_a_name_nobody_has_is_made(cli: Callable[..., Result], tmp_path: Path) -> None:
    result = cli("plugin", "new", "sleeper")
    assert result.code == 0, result.err
    assert (tmp_path / "samegame-sleeper" / "pyproject.toml").is_file()
