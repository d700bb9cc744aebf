"""``simulate``, ``compare``, ``solve`` and ``bench`` apply one time limit to every
game that calls plugin code: a plugin's bot (or formula) that never returns (busy,
asleep, swallowing KeyboardInterrupt) or that ends the process is stopped at
``--bot-timeout`` in a child process, with one ``Error:`` line naming the plugin
callable and exit code 3; all built-in games play in the process itself."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from conftest import PROGRESS_WORDS, Result, assert_one_line_error
from samegame.cli import options as cli_options
from samegame.core.textboard import read_board
from samegame.execution import bounded
from samegame.plugin import host as plugins
from samegame.plugin.containment import PluginError
from samegame.plugin.contributions import BoardGenerator, BoardSpec, GeneratedBoard
from samegame.plugin.hookspecs import hookimpl
from samegame.plugin.host import PluginHost
from stuck import (
    SOURCE,
    child_env,
    hooks_of,
    install_stuck,
    local_stuck_plugin,
    start,
    stuck_preset,
)

pytestmark = pytest.mark.skipif(not bounded.AVAILABLE, reason="no os.fork: bots run unbounded")

LOCAL = "stuck (local)"


@pytest.fixture
def stuck_host(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str, str], None]]:
    """The command line's host: the built-ins and the stuck plugin, in-process."""
    host = PluginHost(autoload=False, extra=[("stuck", hooks_of(local_stuck_plugin()))])
    monkeypatch.setattr(plugins, "_HOST", host)
    monkeypatch.setattr(cli_options, "_warned", False)

    def stick(what: str, mode: str) -> None:
        monkeypatch.setenv("SG_STUCK_WHAT", what)
        monkeypatch.setenv("SG_STUCK_MODE", mode)

    yield stick
    plugins.reset_host()


# -- the limit ------------------------------------------------------------------------


def test_the_limit_is_the_option_else_the_bots_time_plus_grace_else_60() -> None:
    assert bounded.game_limit(2.5, {"time": "9"}) == 2.5
    assert bounded.game_limit(None, {"time": "9"}) == 9 + bounded.GRACE_SECONDS
    assert bounded.game_limit(None, {}) == bounded.DEFAULT_SECONDS == 60
    for junk in ("", "abc", "-1", "0", "nan", "inf", "1e400", "9" * 40):
        assert bounded.game_limit(None, {"time": junk}) == 60, junk


def test_run_bounded_gives_the_result_or_the_error_and_stops_overruns() -> None:
    assert bounded.run_bounded(lambda: {"score": 7}, 10) == {"score": 7}
    with pytest.raises(ZeroDivisionError):
        bounded.run_bounded(lambda: 1 // 0, 10)
    with pytest.raises(bounded.Overrun, match=r"did not finish within 0\.5 seconds"):
        bounded.run_bounded(lambda: [0 for _ in iter(int, 1)], 0.5)
    with pytest.raises(bounded.Vanished, match="ended with exit status 3"):
        bounded.run_bounded(lambda: os._exit(3), 10)


@pytest.mark.parametrize("seconds", ["0", "-1", "nan", "inf", "1e9"])
def test_a_bad_bot_timeout_is_a_usage_error(cli: Callable[..., Result], seconds: str) -> None:
    (Path.cwd() / "b.txt").write_text("RRB\nRBB\n")
    for args in (
        ["simulate", "--bot", "greedy", "--games", "1", "--bot-timeout", seconds],
        ["solve", "--board", "b.txt", "--bot", "greedy", "--bot-timeout", seconds],
    ):
        assert_one_line_error(cli(*args), 2, "--bot-timeout must be a number of seconds")


# -- simulate and compare: the run stops, naming the plugin (exit 3) -----------------


@pytest.mark.parametrize("mode", ["busy", "sleep", "swallow"])
def test_simulate_stops_a_stuck_plugin_bot_at_its_limit(
    stuck_host: Callable[[str, str], None], cli: Callable[..., Result], mode: str
) -> None:
    stuck_host("bot", mode)
    result = cli("simulate", "--bot", "stuck", "-s", "small", "-g", "3", "--bot-timeout", "0.5")
    assert_one_line_error(
        result,
        3,
        f"game 0: plugin {LOCAL}: bot 'stuck' did not return within 0.5 seconds "
        "and was stopped; allow more with --bot-timeout",
        "stopped after 0 of 3 games",
        progress=True,
    )


@pytest.mark.slow
def test_a_plugin_bots_time_option_sets_its_limit(
    stuck_host: Callable[[str, str], None], cli: Callable[..., Result]
) -> None:
    stuck_host("bot", "sleep")
    result = cli("compare", "--bots", "greedy,stuck:time=0.2", "-s", "small", "-g", "2")
    assert_one_line_error(
        result,
        3,
        f"game 0: plugin {LOCAL}: bot 'stuck' did not return within 5.2",
        progress=True,
    )


def test_a_plugin_bot_that_ends_the_process_fails_its_game(
    stuck_host: Callable[[str, str], None], cli: Callable[..., Result]
) -> None:
    stuck_host("bot", "exit")
    result = cli("simulate", "--bot", "stuck", "-s", "small", "-g", "2")
    assert_one_line_error(
        result,
        3,
        f"game 0: plugin {LOCAL}: bot 'stuck': the process playing it ended with exit status 3",
        progress=True,
    )


def test_a_well_behaved_plugin_bot_plays_bounded_and_its_records_verify(
    stuck_host: Callable[[str, str], None], cli: Callable[..., Result], tmp_path: Path
) -> None:
    stuck_host("nothing", "busy")
    out = tmp_path / "stuck.jsonl"
    result = cli("simulate", "--bot", "stuck", "-s", "small", "-g", "4", "--out", str(out))
    assert result.code == 0, result.err
    assert len(out.read_text().splitlines()) == 4
    assert cli("verify", str(out)).code == 0


def test_built_in_bots_play_in_this_process(
    cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("a built-in bot was sent to a child process")

    monkeypatch.setattr(bounded, "run_bounded", refuse)
    assert cli("simulate", "--bot", "greedy", "-s", "small", "-g", "2").code == 0
    (tmp_path / "b.txt").write_text("RRB\nRBB\n")
    assert cli("solve", "--board", "b.txt", "--bot", "greedy").code == 0


# -- solve: one line naming the plugin, exit 3 ------------------------------------------


@pytest.mark.parametrize("mode", ["busy", "sleep", "swallow"])
@pytest.mark.slow
def test_solve_stops_a_stuck_plugin_bot_at_its_limit(
    stuck_host: Callable[[str, str], None], cli: Callable[..., Result], tmp_path: Path, mode: str
) -> None:
    stuck_host("bot", mode)
    (tmp_path / "b.txt").write_text("RRB\nRBB\n")
    result = cli("solve", "--board", "b.txt", "--bot", "stuck", "--bot-timeout", "0.5")
    assert_one_line_error(
        result,
        3,
        f"plugin {LOCAL}: bot 'stuck' did not return within 0.5 seconds and was stopped",
    )


@pytest.mark.slow
def test_solve_gives_a_plugin_bot_its_time_plus_grace(
    stuck_host: Callable[[str, str], None], cli: Callable[..., Result], tmp_path: Path
) -> None:
    stuck_host("bot", "busy")
    (tmp_path / "b.txt").write_text("RRB\nRBB\n")
    result = cli("solve", "--board", "b.txt", "--bot", "stuck", "--time", "0.1")
    assert_one_line_error(result, 3, f"plugin {LOCAL}: bot 'stuck' did not return within 5.1")


def test_solve_with_a_well_behaved_plugin_bot_prints_its_line(
    stuck_host: Callable[[str, str], None], cli: Callable[..., Result], tmp_path: Path
) -> None:
    stuck_host("nothing", "busy")
    (tmp_path / "b.txt").write_text("RRB\nRBB\n")
    result = cli("solve", "--board", "b.txt", "--bot", "stuck")
    assert result.code == 0, result.err
    assert result.out.startswith("Best line found by stuck: ")


# -- a real installed plugin, in worker processes --------------------------------------


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="os.fork")
def test_process_workers_stop_a_stuck_installed_plugin_bot(tmp_path: Path) -> None:
    site = install_stuck(tmp_path / "site")
    env = child_env(site, tmp_path / "home", SG_STUCK_WHAT="bot", SG_STUCK_MODE="swallow")
    args = ["simulate", "--bot", "stuck", "-s", "small", "-g", "4", "-w", "2"]
    child = start([*args, "--bot-timeout", "1"], env, tmp_path)
    _out, err = child.communicate(timeout=120)
    assert child.returncode == 3, err
    *started, line = err.splitlines()
    assert all(start.startswith(PROGRESS_WORDS) for start in started), err
    assert line.startswith(f"Error: game 0: plugin {SOURCE}: bot 'stuck' did not return within")
    assert line.endswith("stopped after 0 of 4 games")


def test_bench_standard_stops_a_stuck_plugin_bot_at_its_limit(
    stuck_host: Callable[[str, str], None], cli: Callable[..., Result]
) -> None:
    stuck_host("bot", "busy")
    args = ["bench", "standard", "--bot", "stuck", "--positions", "1", "--bot-timeout", "0.5"]
    result = cli(*args)
    assert_one_line_error(
        result,
        3,
        f"plugin {LOCAL}: bot 'stuck' did not return within 0.5 seconds and was stopped",
        progress=True,
    )


# -- one bound for every plugin callable of a game ------------------------------------


@pytest.mark.slow
def test_a_stuck_plugin_formula_under_a_built_in_bot_is_stopped_and_named(
    stuck_host: Callable[[str, str], None], cli: Callable[..., Result], tmp_path: Path
) -> None:
    stuck_host("formula", "busy")
    preset = stuck_preset(tmp_path, formula="stuck")
    args = ["--preset", str(preset), "-s", "small", "--bot-timeout", "0.5"]
    result = cli("simulate", "--bot", "greedy", "-g", "2", *args)
    assert_one_line_error(
        result,
        3,
        f"game 0: plugin {LOCAL}: scoring formula 'stuck' did not return within 0.5 seconds",
        progress=True,
    )
    (tmp_path / "b.txt").write_text("RRB\nRBB\n")
    result = cli("solve", "--board", "b.txt", "--bot", "greedy", *args[:2], "--bot-timeout", "0.5")
    assert_one_line_error(
        result, 3, f"plugin {LOCAL}: scoring formula 'stuck' did not return within 0.5 seconds"
    )


def test_a_stuck_formula_is_blamed_not_the_plugin_bot_that_called_it(
    stuck_host: Callable[[str, str], None], cli: Callable[..., Result], tmp_path: Path
) -> None:
    stuck_host("formula", "sleep")
    preset = stuck_preset(tmp_path, formula="stuck")
    result = cli(
        "compare", "--bots", "greedy,stuck", "--preset", str(preset), "-s", "small",
        "-g", "2", "--bot-timeout", "0.5",
    )  # fmt: skip
    assert_one_line_error(
        result, 3, f"plugin {LOCAL}: scoring formula 'stuck' did not return", progress=True
    )
    assert "bot 'stuck'" not in result.err


@pytest.mark.parametrize("command", ["simulate", "solve", "bench"])
def test_a_bot_stuck_in_create_is_stopped_before_the_run(
    stuck_host: Callable[[str, str], None],
    cli: Callable[..., Result],
    tmp_path: Path,
    command: str,
) -> None:
    stuck_host("create", "busy")
    (tmp_path / "b.txt").write_text("RRB\nRBB\n")
    args = {
        "simulate": ["simulate", "--bot", "stuck", "-s", "small", "-g", "2"],
        "solve": ["solve", "--board", "b.txt", "--bot", "stuck"],
        "bench": ["bench", "standard", "--bot", "stuck", "--positions", "1"],
    }[command]
    result = cli(*args, "--bot-timeout", "0.5")
    assert_one_line_error(
        result, 3, f"plugin {LOCAL}: bot 'stuck' did not return within 0.5 seconds"
    )


def test_a_generator_that_ignores_stable_random_is_refused_before_playing(
    monkeypatch: pytest.MonkeyPatch, cli: Callable[..., Result], tmp_path: Path
) -> None:
    import random

    def generate(spec: BoardSpec, number: int) -> GeneratedBoard:
        rows = (
            "".join(random.choice("RGB") for _ in range(spec.width)) for _ in range(spec.height)
        )
        return GeneratedBoard(read_board("\n".join(rows)))

    generators = [BoardGenerator("unstable", 1, generate, "random.choice")]
    plugin = SimpleNamespace(samegame_board_generators=hookimpl(lambda: generators))
    monkeypatch.setattr(plugins, "_HOST", PluginHost(autoload=False, extra=[("odd", plugin)]))
    monkeypatch.setattr(cli_options, "_warned", False)
    preset = stuck_preset(tmp_path, board_type="unstable")
    out = tmp_path / "records.jsonl"
    args = ["--preset", str(preset), "-s", "small", "-g", "3", "--out", str(out)]
    for command in (["simulate", "--bot", "greedy"], ["compare", "--bots", "greedy,random"]):
        result = cli(*command, *(args if command[0] == "simulate" else args[:-2]))
        assert_one_line_error(
            result,
            3,
            "plugin odd (local): board generator 'unstable' made two different boards for board",
            "stable_random",
            "stopped after 0 of 3",
            progress=True,
        )
    assert not out.exists()
    plugins.reset_host()


def test_a_stable_plugin_generator_is_asked_twice_and_plays(
    stuck_host: Callable[[str, str], None], cli: Callable[..., Result], tmp_path: Path
) -> None:
    stuck_host("nothing", "busy")
    preset = stuck_preset(tmp_path, board_type="stuck")
    result = cli("simulate", "--bot", "greedy", "--preset", str(preset), "-s", "small", "-g", "2")
    assert result.code == 0, result.err


def test_run_game_without_plugin_parts_runs_here_and_with_them_in_a_child() -> None:
    here = os.getpid()
    assert bounded.run_game(os.getpid, (), 5) == here
    assert bounded.run_game(os.getpid, ("plugin x: bot 'x'",), 5) != here


def test_a_bounded_child_that_raises_system_exit_cannot_end_this_process() -> None:
    def leave() -> None:
        raise SystemExit(0)

    with pytest.raises(bounded.BoundedError, match="raised SystemExit: 0"):
        bounded.run_bounded(leave, 10)
    with pytest.raises(PluginError, match="plugin x: bot 'x': raised SystemExit"):
        bounded.run_game(leave, ("plugin x: bot 'x'",), 10)


def test_an_overrun_names_the_watched_plugin_callable_running_at_the_end() -> None:
    host = PluginHost(autoload=False, extra=[("stuck", hooks_of(local_stuck_plugin()))])
    points = host.formula("stuck").points
    os.environ["SG_STUCK_WHAT"], os.environ["SG_STUCK_MODE"] = "formula", "sleep"
    try:
        with pytest.raises(PluginError) as raised:
            bounded.run_game(lambda: points(3), ("plugin stuck (local): bot 'other'",), 0.5)
    finally:
        del os.environ["SG_STUCK_WHAT"], os.environ["SG_STUCK_MODE"]
    assert str(raised.value) == (
        f"plugin {LOCAL}: scoring formula 'stuck' did not return within 0.5 seconds and was "
        "stopped; allow more with --bot-timeout"
    )
