"""The cap on a record's bot replay: a record asking ``verify`` for more work than
``--max-replay-seconds`` is reported as not checked, whatever the bot does (a
search of enormous fixed size, a Python move that runs long, a plugin's bot that
never returns), and Ctrl-C stops ``verify`` during a replay with the summary so
far and exit 130."""

from __future__ import annotations

import json
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from locations import TESTS
from samegame.bots.search import engine
from samegame.cli import options as cli_options
from samegame.execution import bounded
from samegame.plugin import host as plugins
from samegame.plugin.host import PluginHost
from samegame.records.replay_limit import ReplayOverrun, run_within
from stuck import hooks_of, local_stuck_plugin

GOLDEN = TESTS / "golden" / "records" / "v1.jsonl"
HUGE = "nrpa:level=5,iterations=100000"


def golden(index: int) -> dict[str, object]:
    record: dict[str, object] = json.loads(GOLDEN.read_text().splitlines()[index])
    return record


def write(path: Path, *records: dict[str, object]) -> None:
    path.write_text("".join(json.dumps(record) + "\n" for record in records))


def cap_line(name: str, line: int, bot: str, seconds: str) -> str:
    return (
        f"{name}: 1 record not checked (line {line}): replaying bot {bot} asks for more "
        f"work than the cap of {seconds} a record; raise it with --max-replay-seconds"
    )


def test_work_within_the_cap_gives_its_result() -> None:
    assert run_within(lambda: 42, 5.0) == 42
    assert run_within(lambda: 42, None) == 42


def test_python_work_over_the_cap_is_stopped_where_it_is() -> None:
    before = signal.getsignal(signal.SIGALRM) if hasattr(signal, "SIGALRM") else None

    def forever() -> None:
        while True:
            pass

    started = time.monotonic()
    with pytest.raises(ReplayOverrun):
        run_within(forever, 0.3)
    assert time.monotonic() - started < 5
    assert not engine.interrupted()  # searches get their whole budget again
    if hasattr(signal, "SIGALRM"):
        assert signal.getsignal(signal.SIGALRM) == before


@pytest.mark.slow
def test_a_search_of_enormous_fixed_size_is_not_checked(cli, tmp_path: Path) -> None:
    huge = {**golden(0), "bot": HUGE}
    write(tmp_path / "huge.jsonl", golden(1), huge)
    started = time.monotonic()
    result = cli("verify", "--max-replay-seconds", "1", "huge.jsonl")
    assert time.monotonic() - started < 30  # loading the compiled search included
    assert result.code == 1
    assert result.out.splitlines() == [
        cap_line("huge.jsonl", 2, HUGE, "1 second"),
        "Verified 2 records in 1 file: 1 record was not checked.",
    ]
    report = json.loads(
        cli("verify", "-f", "json", "--max-replay-seconds", "0.5", "huge.jsonl").out
    )
    assert (report["verified"], report["unchecked"], report["ok"]) == (1, 1, False)


@pytest.mark.slow
def test_a_long_python_move_is_stopped_inside_the_move(cli, tmp_path: Path) -> None:
    """Exhaustive look-ahead 4 moves deep on a 15x15 board: one move takes minutes."""
    record = {**golden(2), "bot": "lookahead:depth=4"}
    assert record["width"] == 15
    write(tmp_path / "deep.jsonl", record)
    started = time.monotonic()
    result = cli("verify", "--max-replay-seconds", "0.5", "deep.jsonl")
    assert time.monotonic() - started < 10
    assert result.code == 1
    assert result.out.splitlines()[0] == cap_line(
        "deep.jsonl", 1, "lookahead:depth=4", "0.5 seconds"
    )


@pytest.fixture
def stuck_host(monkeypatch: pytest.MonkeyPatch) -> Iterator[SimpleNamespace]:
    host = PluginHost(autoload=False, extra=[("stuck", hooks_of(local_stuck_plugin()))])
    monkeypatch.setattr(plugins, "_HOST", host)
    monkeypatch.setattr(cli_options, "_warned", False)
    monkeypatch.setenv("SG_STUCK_FOR", "30")
    yield SimpleNamespace(monkeypatch=monkeypatch)
    plugins.reset_host()


@pytest.mark.slow
@pytest.mark.skipif(not bounded.AVAILABLE, reason="no os.fork: plugin bots replay in-process")
@pytest.mark.parametrize("mode", ["busy", "sleep", "swallow"])
def test_a_plugin_bot_that_never_returns_is_stopped_at_the_cap(
    cli, tmp_path: Path, stuck_host: SimpleNamespace, mode: str
) -> None:
    made = cli("simulate", "--bot", "stuck", "--size", "small", "--games", "2", "-o", "s.jsonl")
    assert made.code == 0, made.err
    assert cli("verify", "s.jsonl").code == 0
    stuck_host.monkeypatch.setenv("SG_STUCK_WHAT", "bot")
    stuck_host.monkeypatch.setenv("SG_STUCK_MODE", mode)
    started = time.monotonic()
    result = cli("verify", "--max-replay-seconds", "1", "s.jsonl")
    assert time.monotonic() - started < 10
    assert result.code == 1
    assert result.out.splitlines() == [
        "s.jsonl: 2 records not checked (lines 1 and 2): replaying bot stuck asks for more "
        "work than the cap of 1 second a record; raise it with --max-replay-seconds",
        "Verified 2 records in 1 file: 2 records were not checked.",
    ]


def test_the_cap_must_be_positive(cli) -> None:
    for value in ("0", "-1", "1e9"):
        result = cli("verify", "--max-replay-seconds", value, str(GOLDEN))
        assert result.code == 2, value
        assert result.err.startswith("Error: --max-replay-seconds must be above 0")


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a process group")
def test_ctrl_c_during_a_replay_ends_verify_with_the_summary_so_far(tmp_path: Path) -> None:
    import subprocess

    write(tmp_path / "huge.jsonl", golden(0), {**golden(1), "bot": HUGE}, golden(2))
    child = subprocess.Popen(
        [sys.executable, "-m", "samegame", "verify", "--max-replay-seconds", "600", "huge.jsonl"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**_env(tmp_path)},
    )
    try:
        time.sleep(6)  # the first record verified, the second replaying
        assert child.poll() is None
        child.send_signal(signal.SIGINT)
        started = time.monotonic()
        out, err = child.communicate(timeout=30)
    finally:
        child.kill()
        child.wait()
    assert time.monotonic() - started < 5
    assert child.returncode == 130
    assert out.splitlines() == ["Verified 1 record in 1 file before Ctrl-C: all correct so far."]
    assert err.splitlines() == ["Error: interrupted after 1 record; the results so far are above"]


def _env(tmp_path: Path) -> dict[str, str]:
    import os

    env = {k: v for k, v in os.environ.items() if not k.startswith("SAMEGAME_")}
    return env | {"SAMEGAME_HOME": str(tmp_path / "home"), "SAMEGAME_DISABLE_PLUGIN_AUTOLOAD": "1"}
