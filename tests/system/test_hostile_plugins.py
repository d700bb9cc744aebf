"""Plugins are contained: a bad registration is reported and skipped, and a plugin
function that raises, hangs or returns something it must not is one ``Error:``
line naming the plugin (exit 3), never a traceback."""

from __future__ import annotations

import math
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy
import pytest

from conftest import Result, assert_one_line_error
from playkit import run_cli
from plugin_install import make_distribution
from samegame.cli import options as cli_options
from samegame.core.coords import Cell
from samegame.core.events import GameRestarted
from samegame.core.limits import MAX_POINTS
from samegame.core.textboard import read_board
from samegame.plugin import host as plugins
from samegame.plugin.containment import PluginError
from samegame.plugin.contributions import (
    BoardGenerator,
    BotFactory,
    GeneratedBoard,
    Penalty,
    PresetDirectory,
    Renderer,
    ScoringFormula,
)
from samegame.plugin.hookspecs import hookimpl
from samegame.plugin.host import PluginHost

SOURCE = "evil (local)"

PRESET = """\
name: {name}
title: Evil
description: Uses the evil plugin.
formula: {formula}
penalty: {penalty}
board_type: {board_type}
sizes:
  small: {{width: 5, height: 4, colours: 3}}
"""


@pytest.fixture
def install(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., PluginHost]]:
    """Make the command line's plugin host the built-ins plus one local plugin
    ``evil`` with the given hooks."""

    def put(**hooks: Callable[..., Any]) -> PluginHost:
        plugin = SimpleNamespace(**{name: hookimpl(f) for name, f in hooks.items()})
        host = PluginHost(autoload=False, extra=[("evil", plugin)])
        monkeypatch.setattr(plugins, "_HOST", host)
        monkeypatch.setattr(cli_options, "_warned", False)
        return host

    yield put
    plugins.reset_host()


def write_preset(
    folder: Path,
    formula: str = "basic",
    penalty: str = "none",
    board_type: str = "random",
    name: str = "evil",
) -> str:
    path = folder / f"{name}.yaml"
    path.write_text(
        PRESET.format(name=name, formula=formula, penalty=penalty, board_type=board_type)
    )
    return str(path)


def formula_plugin(points: Callable[[int], object]) -> dict[str, Callable[..., Any]]:
    return {"samegame_scoring_formulas": lambda: [ScoringFormula("evil", points, "evil")]}


def _raise(*args: object) -> Any:
    raise RuntimeError("boom")


BAD_POINTS: list[Callable[[int], object]] = [
    _raise,
    lambda n: None,
    lambda n: math.inf,
    lambda n: math.nan,
    lambda n: -1,
    lambda n: 1.5,
    lambda n: "5",
    lambda n: True,
    lambda n: 10**30,
    lambda n: MAX_POINTS + 1,
]


# Every cell of the presets' 5x4 boards, each typed twice: the first group met is
# selected (its points previewed), then removed.
EVERY_CELL = "".join(f"{c}{r}\n{c}{r}\n" for c in "ABCDE" for r in "1234")


def assert_plugin_error(result: Result) -> None:
    assert_one_line_error(result, 3, SOURCE)
    assert "Traceback" not in result.err


# -- registration --------------------------------------------------------------------


@pytest.mark.parametrize("returned", [["x"], 5, "abc", [None], {"a": 1}, [ScoringFormula]])
def test_a_hook_returning_junk_is_reported_and_skipped(
    install: Callable[..., PluginHost], cli: Callable[..., Result], returned: object
) -> None:
    install(samegame_scoring_formulas=lambda: returned, samegame_bots=lambda: returned)
    result = cli("plugins")
    assert result.code == 0, result.err
    warnings = result.err.splitlines()
    assert len(warnings) == 2
    assert all(line.startswith(f"Warning: plugin {SOURCE}") for line in warnings)
    assert "skipped" in warnings[0]
    assert cli("board", "show", "--board-number", "2").code == 0


@pytest.mark.parametrize(
    "record",
    [
        ScoringFormula("bad/name", lambda n: n, "x"),
        ScoringFormula("Upper", lambda n: n, "x"),
        ScoringFormula("", lambda n: n, "x"),
        ScoringFormula("x" * 41, lambda n: n, "x"),
        ScoringFormula("ok", 5, "x"),  # type: ignore[arg-type]
        ScoringFormula("ok", lambda n: n, 7),  # type: ignore[arg-type]
        ScoringFormula(5, lambda n: n, "x"),  # type: ignore[arg-type]
        Penalty("ok", lambda r, p: 0, "x", floor=10**30),
        BoardGenerator("ok", -1, lambda s, n: None, "x"),  # type: ignore[arg-type,return-value]
        BoardGenerator("ok", 1, lambda s, n: None, "x", min_colours=0),  # type: ignore[arg-type,return-value]
        BotFactory("ok", lambda o: None, "x", options=["time"]),  # type: ignore[arg-type]
        PresetDirectory("ok", "/tmp"),  # type: ignore[arg-type]
    ],
)
def test_a_bad_record_is_reported_naming_the_plugin(record: object) -> None:
    hooks = {
        ScoringFormula: "samegame_scoring_formulas",
        Penalty: "samegame_penalties",
        BoardGenerator: "samegame_board_generators",
        BotFactory: "samegame_bots",
        PresetDirectory: "samegame_preset_directories",
    }
    hook = hooks[type(record)]
    plugin = SimpleNamespace(**{hook: hookimpl(lambda: [record])})
    host = PluginHost(autoload=False, extra=[("evil", plugin)])
    [problem] = host.problems
    assert problem.startswith(f"plugin {SOURCE}: ")
    assert problem.endswith("; skipped")
    assert "\n" not in problem
    kind = {t: k for _, k, t in plugins.REGISTRATION_HOOKS}[type(record)]
    assert all(found.source != SOURCE for found in host.records(kind).values())


# -- formulas and penalties at use ------------------------------------------------


@pytest.mark.parametrize("points", BAD_POINTS)
def test_a_bad_formula_is_one_line_exit_3_in_replay(
    install: Callable[..., PluginHost],
    cli: Callable[..., Result],
    tmp_path: Path,
    points: Callable[[int], object],
) -> None:
    install(**formula_plugin(points))
    preset = write_preset(tmp_path, formula="evil")
    result = cli("replay", "--preset", preset, "--board-number", "1", "--moves", "A1")
    assert_plugin_error(result)
    assert "scoring formula 'evil'" in result.err


@pytest.mark.parametrize("points", BAD_POINTS[:5])
def test_a_bad_formula_is_one_line_exit_3_in_play(
    install: Callable[..., PluginHost],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    points: Callable[[int], object],
) -> None:
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "home"))
    install(**formula_plugin(points))
    preset = write_preset(tmp_path, formula="evil")
    outcome = run_cli(capsys, monkeypatch, ["play", "--preset", preset, "--accessible"], EVERY_CELL)
    assert outcome.code == 3, outcome.err
    assert outcome.err.splitlines()[-1].startswith(f"Error: plugin {SOURCE}: scoring formula")
    assert "Traceback" not in outcome.err


@pytest.mark.parametrize("amount", [_raise, lambda r, p: -5, lambda r, p: None, lambda r, p: 0.5])
def test_a_bad_penalty_is_one_line_exit_3(
    install: Callable[..., PluginHost],
    cli: Callable[..., Result],
    tmp_path: Path,
    amount: Callable[..., object],
) -> None:
    install(samegame_penalties=lambda: [Penalty("evil", amount, "evil")])
    preset = write_preset(tmp_path, penalty="evil")
    (tmp_path / "board.txt").write_text("RB\n")  # no group: the game is over at once
    result = cli("replay", "--preset", preset, "--board", "board.txt", "--moves", "")
    assert_plugin_error(result)
    assert "penalty 'evil'" in result.err


def formula_host(points: Callable[[int], object]) -> PluginHost:
    plugin = SimpleNamespace(**{name: hookimpl(f) for name, f in formula_plugin(points).items()})
    return PluginHost(autoload=False, extra=[("evil", plugin)])


def test_a_good_plugin_formula_still_scores() -> None:
    assert formula_host(lambda n: n).formula("evil").points(7) == 7
    assert formula_host(lambda n: MAX_POINTS).formula("evil").points(7) == MAX_POINTS
    with pytest.raises(PluginError, match="points must be a whole number"):
        formula_host(lambda n: -n).formula("evil").points(3)


class _Points(int):
    pass


@pytest.mark.parametrize("value", [True, _Points(9), numpy.int64(9)], ids=type)
def test_points_of_another_type_are_refused_by_that_type(value: object) -> None:
    """A whole number in range of another type is refused, and the words say why
    (not "must be a whole number from 0" of a 9)."""
    with pytest.raises(PluginError) as refused:
        formula_host(lambda n: value).formula("evil").points(3)
    if isinstance(value, int):
        assert f"(a {type(value).__name__}, not an int)" in str(refused.value)


# -- generators ---------------------------------------------------------------------


def _board(text: str) -> Callable[..., GeneratedBoard]:
    return lambda spec, number: GeneratedBoard(read_board(text))


@pytest.mark.parametrize(
    "generate",
    [
        _raise,
        lambda spec, number: None,
        lambda spec, number: "RRB",
        _board("RRB\nRBB"),  # the wrong size
        _board("RGBYP\nRGBYP\nRGBYP\nRGBYP"),  # too many colours
        lambda spec, number: GeneratedBoard(read_board("....\n" * 4 + ".....")),
        lambda spec, number: GeneratedBoard(read_board("RRRRR\n" * 4), certificate=[1]),  # type: ignore[arg-type]
    ],
)
def test_a_bad_generator_is_one_line_exit_3(
    install: Callable[..., PluginHost],
    cli: Callable[..., Result],
    tmp_path: Path,
    generate: Callable[..., object],
) -> None:
    install(samegame_board_generators=lambda: [BoardGenerator("evil", 1, generate, "evil")])
    preset = write_preset(tmp_path, board_type="evil")
    for args in (
        ["board", "show", "--preset", preset],
        ["replay", "--preset", preset, "--board-number", "1", "--moves", "A1"],
    ):
        result = cli(*args)
        assert_plugin_error(result)
        assert "board generator 'evil'" in result.err


# -- renderers, bots and observers ----------------------------------------------------


def test_a_bad_renderer_is_one_line_exit_3() -> None:
    host = PluginHost(
        autoload=False,
        extra=[
            (
                "evil",
                SimpleNamespace(
                    samegame_renderers=hookimpl(lambda: [Renderer("evil", lambda b, o: 5, "x")])
                ),
            )
        ],
    )
    with pytest.raises(PluginError, match="renderer 'evil' returned int"):
        host.renderer("evil").render(read_board("RB"), {})


class _Bot:
    def __init__(self, choice: Callable[[], object]) -> None:
        self.choice = choice

    def choose(self, view: object, rng: object) -> object:
        return self.choice()


@pytest.mark.parametrize(
    "make",
    [
        _raise,
        lambda options: None,
        lambda options: _Bot(_raise),
        lambda options: _Bot(lambda: None),
        lambda options: _Bot(lambda: "A1"),
        lambda options: _Bot(lambda: (0, 0)),
    ],
)
def test_a_bad_bot_is_one_line_exit_3_in_solve(
    install: Callable[..., PluginHost],
    cli: Callable[..., Result],
    tmp_path: Path,
    make: Callable[..., object],
) -> None:
    install(samegame_bots=lambda: [BotFactory("evil", make, "evil")])
    (tmp_path / "board.txt").write_text("RRB\nRBB\n")
    result = cli("solve", "--board", "board.txt", "--bot", "evil")
    assert_plugin_error(result)
    assert "bot 'evil'" in result.err


def test_a_bot_with_an_illegal_move_is_its_plugins_fault_exit_3(
    install: Callable[..., PluginHost], cli: Callable[..., Result], tmp_path: Path
) -> None:
    install(samegame_bots=lambda: [BotFactory("evil", lambda o: _Bot(lambda: Cell(9, 9)), "e")])
    (tmp_path / "board.txt").write_text("RRB\nRBB\n")
    result = cli("solve", "--board", "board.txt", "--bot", "evil")
    assert_one_line_error(result, 3, "bot 'evil' chose J10")


def test_a_bad_hint_bot_ends_play_in_one_line(
    install: Callable[..., PluginHost],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "home"))
    install(samegame_bots=lambda: [BotFactory("evil", lambda o: _Bot(lambda: None), "evil")])
    outcome = run_cli(capsys, monkeypatch, ["play", "--hint-bot", "evil", "--accessible"], "hint\n")
    assert outcome.code == 3, outcome.err
    assert SOURCE in outcome.err
    assert "Traceback" not in outcome.err


def test_a_failing_observer_ends_play_in_one_line(
    install: Callable[..., PluginHost],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "home"))
    install(samegame_game_event=_raise)
    host = plugins.get_host()
    with pytest.raises(PluginError, match="event observer failed on GameRestarted"):
        host.notify(GameRestarted())
    outcome = run_cli(capsys, monkeypatch, ["play", "--accessible", "-s", "5x4"], EVERY_CELL)
    assert outcome.code == 3, outcome.err
    assert f"Error: plugin {SOURCE}: event observer failed" in outcome.err
    assert "Traceback" not in outcome.err


# -- a plugin that never returns ------------------------------------------------------

HANGING_PLUGIN = """
    import os, time
    from samegame.plugin.contributions import ScoringFormula
    from samegame.plugin.hookspecs import hookimpl

    def forever(n):
        open(os.environ["SG_HANG_MARKER"], "w").close()
        while True:
            time.sleep(0.05)

    @hookimpl
    def samegame_scoring_formulas():
        return [ScoringFormula("forever", forever, "never returns")]
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_ends_a_hanging_plugin_at_once_with_130(tmp_path: Path) -> None:
    site = tmp_path / "site"
    make_distribution(
        site, "samegame-hang", {"hang": "sg_test_hang"}, {"sg_test_hang": HANGING_PLUGIN}
    )
    preset = write_preset(tmp_path, formula="forever")
    marker = tmp_path / "hanging"
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", "SAMEGAME_LOAD_PLUGINS")
    }
    env |= {
        "PYTHONPATH": str(site),
        "SAMEGAME_HOME": str(tmp_path / "home"),
        "SG_HANG_MARKER": str(marker),
    }
    child = subprocess.Popen(
        [sys.executable, "-m", "samegame", "replay", "--preset", preset, "-n", "1", "-m", "A1"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert child.poll() is None, child.communicate()
            assert time.monotonic() < deadline, "the plugin was never called"
            time.sleep(0.05)
        child.send_signal(signal.SIGINT)
        sent = time.monotonic()
        _out, err = child.communicate(timeout=10)
    finally:
        if child.poll() is None:
            child.kill()
    assert time.monotonic() - sent < 5
    assert child.returncode == 130, err
    assert err.splitlines() == ["Error: interrupted; nothing was lost"]
