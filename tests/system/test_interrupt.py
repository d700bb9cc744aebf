"""Ctrl-C and Ctrl-D on a real terminal (pexpect): A27 and A28.

- A28: Ctrl-C in ``play`` ends the prompt's line, says the farewell with the
  command that resumes the game on a line of its own, and exits 130; Ctrl-D (the
  end of input) does the same with status 0.
- A27: ``solve``, ``bench standard``, ``simulate`` and a hint bot say at the start
  what they do and for how long, and Ctrl-C stops the search within a second,
  keeping and printing the best result found so far, with status 130.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pexpect
import pytest

from locations import TESTS
from playkit import child_env

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal"),
    pytest.mark.usefixtures("isolated_home"),
]

TIMEOUT = 60
DATA = TESTS / "data" / "standard-20.txt"
FAREWELL = b"Game saved. Type samegame play --preset lesson --accessible to come back to it.\r\n"
"""The farewell of ``play --preset lesson --accessible``, which carries the mode (A39)."""


def farewell(switch: str) -> bytes:
    """The farewell of ``play --preset lesson`` under ``switch``."""
    return (
        f"Game saved. Type samegame play --preset lesson {switch} to come back to it.\r\n".encode()
    )


NOT_ECHOED = b"\x03"
"""What a terminal without ECHOCTL echoes of Ctrl-C: the control character
itself, which moves no cursor and shows nothing."""


def spawn(home: Path, *args: str, echoctl: bool = True) -> pexpect.spawn:
    """``samegame ARGS`` on a new pseudo-terminal, which echoes Ctrl-C as ``^C``
    (ECHOCTL, as Linux and macOS terminals do) unless ``echoctl`` is False."""
    if echoctl:
        program, argv = sys.executable, ["-m", "samegame", *args]
    else:
        script = 'stty -echoctl && exec "$0" -m samegame "$@"'
        program, argv = "/bin/sh", ["-c", script, sys.executable, *args]
    return pexpect.spawn(
        program,
        argv,
        env=child_env(home, TERM="xterm-256color"),
        encoding=None,
        timeout=TIMEOUT,
        dimensions=(24, 80),
        cwd=str(home.parent),
    )


def ended(child: pexpect.spawn) -> tuple[bytes, int]:
    child.expect(pexpect.EOF)
    child.close()
    return child.before, child.exitstatus if child.exitstatus is not None else -child.signalstatus


# -- A28: leaving play ----------------------------------------------------------------


@pytest.mark.parametrize("accessible", [True, False], ids=["accessible", "sighted"])
def test_ctrl_c_in_play_ends_the_line_and_exits_130(tmp_path: Path, accessible: bool) -> None:
    switch = "--accessible" if accessible else "--no-accessible"
    child = spawn(tmp_path / "home", "play", "--preset", "lesson", "-n", "1", switch)
    try:
        if accessible:
            child.expect_exact(b"\r\n> ")
        else:
            child.expect_exact(b"\x1b[6n")  # prompt_toolkit asks where the cursor is
            child.send(b"\x1b[24;1R")
            child.expect_exact(b"\x1b[?25h")  # the prompt is drawn: the cursor shown
            time.sleep(0.5)
        child.sendintr()
        said, status = ended(child)
    finally:
        child.terminate(force=True)
    assert status == 130
    # The farewell starts a line of its own: the prompt's line was ended first.
    assert said.endswith(farewell(switch))
    before = said[: -len(farewell(switch))]
    assert before.endswith(b"\n"), said
    assert b"Error" not in said


def test_ctrl_d_in_play_ends_the_line_and_exits_0(tmp_path: Path) -> None:
    child = spawn(tmp_path / "home", "play", "--preset", "lesson", "-n", "1", "--accessible")
    try:
        child.expect_exact(b"\r\n> ")
        child.sendeof()
        said, status = ended(child)
    finally:
        child.terminate(force=True)
    assert status == 0
    assert said.endswith(FAREWELL)
    assert said[: -len(FAREWELL)].endswith(b"\n")


# -- A27: long work ------------------------------------------------------------------


def interrupt_after_start(child: pexpect.spawn, start: bytes) -> tuple[bytes, float, int]:
    """Wait for the start line, let the search run a moment, press Ctrl-C; return
    everything said, the seconds from Ctrl-C to the end, and the status. The child
    is ended in any case."""
    try:
        child.expect_exact(start)
        time.sleep(1.5)
        pressed = time.monotonic()
        child.sendintr()
        said, status = ended(child)
        return said, time.monotonic() - pressed, status
    finally:
        child.terminate(force=True)


def test_solve_says_what_it_does_and_ctrl_c_keeps_the_best_line(tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text("\n".join(DATA.read_text().splitlines()[:15]) + "\n")
    child = spawn(
        tmp_path / "home", "solve", "--board", str(board), "--bot", "nrpa", "--time", "60"
    )
    said, seconds, status = interrupt_after_start(
        child,
        b"Searching the board with nrpa:time=60 for 60 seconds; "
        b"Ctrl-C stops early and keeps the best line found so far.\r\n",
    )
    assert status == 130
    # Within a second of Ctrl-C, with some room for the process to exit on a busy machine.
    assert seconds < 2.5, seconds
    # The terminal echoed Ctrl-C as ^C (ECHOCTL): its line is ended before the best
    # line, which has a line of its own (A27; without ECHOCTL: the test below).
    assert said.startswith(b"^C\r\nBest line found by nrpa:time=60: "), said
    assert b"\r\n\r\n" not in said, said
    assert b"Replay it: samegame replay --board" in said
    assert said.rstrip().endswith(b"Error: interrupted; the best line found so far is above")
    assert said.count(b"Error:") == 1


def test_bench_says_what_it_does_and_ctrl_c_keeps_the_positions_played(tmp_path: Path) -> None:
    child = spawn(
        tmp_path / "home",
        "bench",
        "standard",
        "--bot",
        "nrpa",
        "--time-per-position",
        "60",
        "--positions",
        "1-3",
    )
    said, seconds, status = interrupt_after_start(
        child,
        b"Playing 3 standard positions with nrpa:time=60, 60 seconds per search; "
        b"Ctrl-C stops early and keeps the positions played.",
    )
    assert status == 130
    assert seconds < 2.5, seconds
    assert b"Position 1: " in said
    assert b"Position 2: " not in said
    assert b"Total: " in said
    assert b" percent of " in said
    assert b"%" not in said
    assert said.rstrip().endswith(b"Error: interrupted; the positions played so far are above")


def test_simulate_says_what_it_does_and_ctrl_c_keeps_the_games_played(tmp_path: Path) -> None:
    child = spawn(
        tmp_path / "home", "simulate", "--bot", "nrpa:time=60", "--games", "3", "--size", "small"
    )
    said, seconds, status = interrupt_after_start(
        child,
        b"Playing 3 games with nrpa:time=60: preset basic, 6x8 boards with 3 colours "
        b"(solvable), seed 0, in this process, 60 seconds per search; "
        b"Ctrl-C stops early and keeps the results so far.",
    )
    assert status == 130
    assert seconds < 2.5, seconds
    assert b"Stopped after 0 of 3 games: nrpa:time=60 on preset basic" in said
    assert said.rstrip().endswith(
        b"Error: interrupted after 0 of 3 games; the results so far are above"
    )


# -- A27 for a hint bot: said first, and Ctrl-C keeps the best move ------------------------


THINKING = (
    b"Asking nrpa:time=60 for a hint: it thinks for 60 seconds; "
    b"Ctrl-C stops it and keeps the best move found so far.\r\n"
)


@pytest.mark.parametrize("echoctl", [True, False], ids=["echoed", "not-echoed"])
def test_a_hint_bot_says_it_thinks_and_ctrl_c_keeps_its_best_move(
    tmp_path: Path, echoctl: bool
) -> None:
    child = spawn(
        tmp_path / "home",
        "play",
        "--preset",
        "lesson",
        "-n",
        "1",
        "--accessible",
        "--hint-bot",
        "nrpa:time=60",
        echoctl=echoctl,
    )
    try:
        child.expect_exact(b"\r\n> ")
        child.send(b"hint\r")
        said, seconds, status = interrupt_after_start(child, THINKING)
    finally:
        child.terminate(force=True)
    assert status == 130
    assert seconds < 2.5, seconds
    # The best move found so far, on a line of its own, then the farewell: the
    # line of the ^C the terminal echoed is ended, and no blank line is left
    # where it echoed nothing (A27).
    echo = b"^C\r\n" if echoctl else NOT_ECHOED
    assert said.startswith(echo + b"Hint: "), said
    lines = said.removeprefix(echo).split(b"\r\n")
    assert len(lines) == 4, said  # the hint, its reason, the farewell, ""
    assert said.endswith(FAREWELL)
    assert b"Error" not in said


def test_after_ctrl_c_not_echoed_solve_says_its_best_line_on_a_line_of_its_own(
    tmp_path: Path,
) -> None:
    """A27: "^CBest line ..." was one line; where the terminal echoes nothing of
    Ctrl-C, nothing is added (where it echoes ^C, its line is ended: the solve test
    above)."""
    board = tmp_path / "board.txt"
    board.write_text("\n".join(DATA.read_text().splitlines()[:15]) + "\n")
    child = spawn(
        tmp_path / "home",
        *("solve", "--board", str(board), "--bot", "nrpa", "--time", "60"),
        echoctl=False,
    )
    said, _, status = interrupt_after_start(child, b"keeps the best line found so far.\r\n")
    assert status == 130
    assert said.startswith(NOT_ECHOED + b"Best line found by nrpa:time=60: "), said
    assert b"\r\n\r\n" not in said, said
    assert b"^C" not in said
