"""Ctrl-C ends every command at once with exit 130 when a plugin hangs.

Each case runs ``python -m samegame`` for real with an installed plugin stuck in
pure Python (``tests/stuck.py``: a busy loop or a sleep) in one of its functions:
generator, scoring formula, bot, renderer or event observer, in ``play``,
``replay``, ``board show``, ``solve``, ``simulate`` and the hint bot of ``play``.
Once the plugin is stuck, SIGINT is sent; the process must end within a few seconds
(a hang fails the test) with status 130, one ``Error:`` line and no traceback.

A plugin that swallows KeyboardInterrupt keeps running after the first Ctrl-C; a
second Ctrl-C ends the process at once with 130 (``samegame.cli.interrupts``), and
a game saved before is intact in the database. Sighted play is tried on a real
terminal; the escalation of long work (``samegame.cli.longwork``) is also tried in
this process.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import sys
import time
from pathlib import Path

import pytest

from samegame.core.stops import SAME_STOP_SECONDS
from samegame.store import Store
from stuck import child_env, install_stuck, interrupt, start, stuck_preset, wait_for

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")

# Every cell of a 5x4 board, each typed twice: the first group met is selected,
# then removed.
EVERY_CELL = "".join(f"{c}{r}\n{c}{r}\n" for c in "ABCDE" for r in "1234")
BOARD = "RRB\nRBB\nGGB\n"
SEARCH_HINT = ["play", "--preset", "FORMULA", "-s", "small", "--hint-bot", "nrpa:time=5"]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_stuck(tmp_path_factory.mktemp("stuck-site"))


def run_stuck(
    tmp_path: Path,
    site: Path,
    what: str,
    mode: str,
    args: list[str],
    stdin: str = "",
    times: int = 1,
    after: int = 0,
) -> tuple[int, str, str]:
    """Start the command with the plugin stuck in ``what``; once it is, Ctrl-C
    ``times`` times; the status, stdout and stderr."""
    formula = str(stuck_preset(tmp_path, formula="stuck"))
    generator = str(stuck_preset(tmp_path, board_type="stuck"))
    args = [a.replace("FORMULA", formula).replace("GENERATOR", generator) for a in args]
    (tmp_path / "board.txt").write_text(BOARD)
    marker = tmp_path / "stuck-now"
    env = child_env(
        site,
        tmp_path / "home",
        SG_STUCK_WHAT=what,
        SG_STUCK_MODE=mode,
        SG_STUCK_MARKER=str(marker),
        SG_STUCK_AFTER=str(after),
    )
    child = start(args, env, tmp_path, stdin=stdin)
    wait_for(marker, child)
    return interrupt(child, times=times)


def assert_interrupted(status: int, err: str, line: str) -> None:
    assert status == 130, err
    assert "Traceback" not in err, err
    errors = [text for text in err.splitlines() if text.startswith("Error:")]
    assert errors == [err.splitlines()[-1]], err
    assert errors[0].startswith(line), err


CASES = [
    ("replay", "formula", ["replay", "--preset", "FORMULA", "-n", "1", "-m", "A1"], ""),
    ("replay", "generator", ["replay", "--preset", "GENERATOR", "-n", "1", "-m", "A1"], ""),
    ("board show", "generator", ["board", "show", "--preset", "GENERATOR"], ""),
    ("board show", "renderer", ["board", "show", "--format", "stuck"], ""),
    ("play", "generator", ["play", "--preset", "GENERATOR", "--accessible"], ""),
    ("play", "formula", ["play", "--preset", "FORMULA", "-s", "small", "--accessible"], EVERY_CELL),
    ("play", "observer", ["play", "-s", "5x4", "--accessible"], EVERY_CELL),
    ("hint bot", "bot", ["play", "--hint-bot", "stuck", "--accessible"], "hint\n"),
    # A built-in searching hint bot takes Ctrl-C itself; stuck in the plugin's formula
    # it does not stop, and Ctrl-C becomes a KeyboardInterrupt 2 seconds later.
    ("hint search", "formula", [*SEARCH_HINT, "--accessible"], "hint\n"),
    ("solve", "bot", ["solve", "--board", "board.txt", "--bot", "stuck"], ""),
    ("solve", "formula", ["solve", "--board", "board.txt", "--bot", "greedy", "-p", "FORMULA"], ""),
    ("simulate", "bot", ["simulate", "--bot", "stuck", "-g", "3"], ""),
    # The bot is made once first, to check its options (in a child process too).
    ("simulate start", "create", ["simulate", "--bot", "stuck", "-g", "3"], ""),
    ("simulate", "generator", ["simulate", "--bot", "greedy", "-p", "GENERATOR", "-g", "3"], ""),
    ("simulate", "formula", ["simulate", "--bot", "greedy", "-p", "FORMULA", "-g", "3"], ""),
]
IDS = [f"{command}-{what}" for command, what, _, _ in CASES]


@pytest.mark.parametrize("mode", ["busy", "sleep"])
@pytest.mark.parametrize(("command", "what", "args", "stdin"), CASES, ids=IDS)
def test_ctrl_c_ends_a_command_stuck_in_a_plugin_with_130(
    tmp_path: Path, site: Path, command: str, what: str, args: list[str], stdin: str, mode: str
) -> None:
    status, _out, err = run_stuck(tmp_path, site, what, mode, args, stdin)
    if command == "simulate":
        assert_interrupted(status, err, "Error: interrupted after 0 of 3 games")
    else:
        assert_interrupted(status, err, "Error: interrupted")


# A game that calls plugin code in simulate (and a plugin's bot in solve) plays in a
# child process, which the first Ctrl-C kills, so it cannot swallow it (tested below).
IN_CHILD = [
    case
    for case in CASES
    if case[0] in ("simulate", "simulate start") or (case[0] == "solve" and case[1] == "bot")
]
SWALLOWING = [case for case in CASES if case not in IN_CHILD]


@pytest.mark.parametrize(
    ("command", "what", "args", "stdin"),
    SWALLOWING,
    ids=[f"{command}-{what}" for command, what, _, _ in SWALLOWING],
)
def test_a_second_ctrl_c_ends_a_plugin_that_swallows_the_first(
    tmp_path: Path, site: Path, command: str, what: str, args: list[str], stdin: str
) -> None:
    status, _out, err = run_stuck(tmp_path, site, what, "swallow", args, stdin, times=2)
    assert_interrupted(status, err, "Error: interrupted twice; samegame stopped at once")


@pytest.mark.parametrize(
    ("command", "what", "args", "stdin"),
    IN_CHILD,
    ids=[f"{command}-{what}" for command, what, _, _ in IN_CHILD],
)
def test_a_plugin_bot_swallowing_ctrl_c_in_a_child_is_stopped_by_the_first(
    tmp_path: Path, site: Path, command: str, what: str, args: list[str], stdin: str
) -> None:
    """Its game runs in a child process, which the first Ctrl-C kills."""
    status, _out, err = run_stuck(tmp_path, site, what, "swallow", args, stdin)
    games = " after 0 of 3 games" if command == "simulate" else "; nothing was lost"
    assert_interrupted(status, err, f"Error: interrupted{games}")


def test_the_game_saved_before_a_swallowed_ctrl_c_is_intact(
    tmp_path: Path, site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The observer gets stuck on the second group removed: the first move was saved,
    the second was being played. Two Ctrl-C end the process in the middle; the
    database passes SQLite's integrity check and holds the game with its first
    move, and samegame resumes it."""
    args = ["play", "-s", "5x4", "--accessible"]
    status, _out, err = run_stuck(
        tmp_path, site, "observer:GroupRemoved", "swallow", args, EVERY_CELL, times=2, after=1
    )
    assert_interrupted(status, err, "Error: interrupted twice; samegame stopped at once")
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "home"))
    with Store() as store:
        path = store.path
        [game] = store.unfinished_games()
    assert len(game.moves) == 1
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_ctrl_c_ends_sighted_play_stuck_in_an_observer(tmp_path: Path, site: Path) -> None:
    """The same on a real terminal, with the prompt_toolkit prompt: the observer is
    called after the line is read, where Ctrl-C is a signal again."""
    pexpect = pytest.importorskip("pexpect")
    marker = tmp_path / "stuck-now"
    env = child_env(
        site,
        tmp_path / "home",
        SG_STUCK_WHAT="observer:GroupRemoved",
        SG_STUCK_MODE="busy",
        SG_STUCK_MARKER=str(marker),
        TERM="xterm-256color",
    )
    child = pexpect.spawn(
        sys.executable,
        ["-m", "samegame", "play", "--preset", "lesson", "-n", "1", "--no-accessible"],
        env=env,
        cwd=str(tmp_path),
        timeout=60,
        dimensions=(24, 80),
    )
    try:
        child.expect_exact(b"\x1b[6n")  # prompt_toolkit asks where the cursor is
        child.send(b"\x1b[24;1R")
        said = b""
        for line in EVERY_CELL.splitlines():
            if marker.exists():
                break
            child.send(line.encode() + b"\r")
            with contextlib.suppress(pexpect.TIMEOUT):
                said += child.read_nonblocking(1 << 16, timeout=0.2)  # keep the pty flowing
        deadline = time.monotonic() + 30
        while not marker.exists():
            assert child.isalive(), said
            assert time.monotonic() < deadline, "the observer was never stuck"
            time.sleep(0.05)
        time.sleep(0.2)
        child.sendintr()
        child.expect(pexpect.EOF)
        said = child.before
        child.close()
    finally:
        child.terminate(force=True)
    assert child.exitstatus == 130, said
    assert b"Traceback" not in said
    assert said.rstrip().endswith(b"Error: interrupted; nothing was lost"), said


# -- the pieces, in this process ---------------------------------------------------------


def _ctrl_c_in_long_work(presses: int, reached: list[str]) -> None:
    """Press Ctrl-C ``presses`` times inside ``interruptible``, then stay busy for
    up to 30 seconds (a pure-Python plugin that never returns)."""
    from samegame.cli import longwork

    with longwork.interruptible() as interruption:
        for press in range(presses):
            if press:  # a second press, not a copy of the first (core.stops.first_copy)
                time.sleep(SAME_STOP_SECONDS * 2)
            os.kill(os.getpid(), signal.SIGINT)
        reached.append("after the signal")  # the first Ctrl-C did not raise
        assert interruption
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            pass
        reached.append("the end of the loop")


def test_long_work_stuck_in_python_is_interrupted_where_it_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``interruptible`` takes the first Ctrl-C (the search flag is set), and when
    the block has not ended ESCALATE_SECONDS later raises KeyboardInterrupt in it."""
    from samegame.cli import interrupts, longwork

    monkeypatch.setattr(longwork, "ESCALATE_SECONDS", 0.2)
    interrupts.reset()
    reached: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        _ctrl_c_in_long_work(1, reached)
    assert reached == ["after the signal"]
    assert interrupts.presses() == 1


def test_a_second_ctrl_c_in_long_work_raises_when_not_armed() -> None:
    """In a test process (not armed) the second press raises at once instead of
    ending the process."""
    from samegame.cli import interrupts

    interrupts.reset()
    reached: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        _ctrl_c_in_long_work(2, reached)
    assert reached == []
    assert interrupts.presses() == 2
