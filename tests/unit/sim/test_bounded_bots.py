"""``simulate``, ``compare`` and ``solve`` apply a time limit to plugin bots (issue 13):
a plugin's bot that never returns (busy, asleep, swallowing KeyboardInterrupt) or
that ends the process is stopped at ``--bot-timeout`` in a child process, with one
``Error:`` line naming the plugin; built-in bots play in the process itself."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from conftest import PROGRESS_WORDS, Result, assert_one_line_error
from samegame.cli import common
from samegame.plugin import host as plugins
from samegame.plugin.host import PluginHost
from samegame.sim import bounded
from stuck import (
    SOURCE,
    child_env,
    hooks_of,
    install_stuck,
    local_stuck_plugin,
    start,
)

pytestmark = pytest.mark.skipif(not bounded.AVAILABLE, reason="no os.fork: bots run unbounded")

LOCAL = "stuck (local)"


@pytest.fixture
def stuck_host(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str, str], None]]:
    """The command line's host: the built-ins and the stuck plugin, in-process."""
    host = PluginHost(autoload=False, extra=[("stuck", hooks_of(local_stuck_plugin()))])
    monkeypatch.setattr(plugins, "_HOST", host)
    monkeypatch.setattr(common, "_warned", False)

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


# -- simulate and compare: the game fails, naming the plugin (exit 1) -----------------


@pytest.mark.parametrize("mode", ["busy", "sleep", "swallow"])
def test_simulate_stops_a_stuck_plugin_bot_at_its_limit(
    stuck_host: Callable[[str, str], None], cli: Callable[..., Result], mode: str
) -> None:
    stuck_host("bot", mode)
    result = cli("simulate", "--bot", "stuck", "-s", "small", "-g", "3", "--bot-timeout", "0.5")
    assert_one_line_error(
        result,
        1,
        f"game 0: plugin {LOCAL}: bot 'stuck' did not finish the game within 0.5 seconds "
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
        1,
        f"game 0: plugin {LOCAL}: bot 'stuck' did not finish the game within 5.2",
        progress=True,
    )


def test_a_plugin_bot_that_ends_the_process_fails_its_game(
    stuck_host: Callable[[str, str], None], cli: Callable[..., Result]
) -> None:
    stuck_host("bot", "exit")
    result = cli("simulate", "--bot", "stuck", "-s", "small", "-g", "2")
    assert_one_line_error(
        result,
        1,
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
def test_solve_stops_a_stuck_plugin_bot_at_its_limit(
    stuck_host: Callable[[str, str], None], cli: Callable[..., Result], tmp_path: Path, mode: str
) -> None:
    stuck_host("bot", mode)
    (tmp_path / "b.txt").write_text("RRB\nRBB\n")
    result = cli("solve", "--board", "b.txt", "--bot", "stuck", "--bot-timeout", "0.5")
    assert_one_line_error(
        result,
        3,
        f"plugin {LOCAL}: bot 'stuck' did not finish within 0.5 seconds and was stopped",
    )


@pytest.mark.slow
def test_solve_gives_a_plugin_bot_its_time_plus_grace(
    stuck_host: Callable[[str, str], None], cli: Callable[..., Result], tmp_path: Path
) -> None:
    stuck_host("bot", "busy")
    (tmp_path / "b.txt").write_text("RRB\nRBB\n")
    result = cli("solve", "--board", "b.txt", "--bot", "stuck", "--time", "0.1")
    assert_one_line_error(result, 3, f"plugin {LOCAL}: bot 'stuck' did not finish within 5.1")


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
    assert child.returncode == 1, err
    *started, line = err.splitlines()
    assert all(start.startswith(PROGRESS_WORDS) for start in started), err
    assert line.startswith(f"Error: game 0: plugin {SOURCE}: bot 'stuck' did not finish the game")
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
        f"plugin {LOCAL}: bot 'stuck' did not finish within 0.5 seconds and was stopped",
        progress=True,
    )
