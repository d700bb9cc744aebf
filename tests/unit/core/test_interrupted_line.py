"""The line of an echoed ^C (A27): ``echoes_ctrl_c`` reads the terminal's flags,
and ``end_echoed_line`` ends a line only where the terminal echoed ^C
(tests/system/test_interrupt.py presses Ctrl-C on real pseudo-terminals)."""

from __future__ import annotations

import io
import os
import sys

import pytest

from samegame.core import interrupted_line
from samegame.core.interrupted_line import echoes_ctrl_c, end_echoed_line

termios = pytest.importorskip("termios")
pytestmark = pytest.mark.skipif(not hasattr(termios, "ECHOCTL"), reason="no ECHOCTL here")


def with_flags(fd: int, on: int, off: int) -> None:
    attrs = termios.tcgetattr(fd)
    attrs[3] = (attrs[3] | on) & ~off
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def test_a_terminal_echoes_ctrl_c_only_with_isig_echo_and_echoctl() -> None:
    leader, follower = os.openpty()
    try:
        every = termios.ISIG | termios.ECHO | termios.ECHOCTL
        with_flags(follower, every, 0)
        assert echoes_ctrl_c(follower)
        for flag in (termios.ISIG, termios.ECHO, termios.ECHOCTL):
            with_flags(follower, every, flag)
            assert not echoes_ctrl_c(follower), flag
    finally:
        os.close(leader)
        os.close(follower)
    read_end, write_end = os.pipe()
    try:
        assert not echoes_ctrl_c(read_end)  # a pipe is no terminal
    finally:
        os.close(read_end)
        os.close(write_end)


@pytest.mark.parametrize("echoctl", [True, False])
def test_the_line_is_ended_only_where_the_terminal_echoed(
    monkeypatch: pytest.MonkeyPatch, echoctl: bool
) -> None:
    leader, follower = os.openpty()
    try:
        on, off = termios.ISIG | termios.ECHO, 0
        if echoctl:
            on |= termios.ECHOCTL
        else:
            off = termios.ECHOCTL
        with_flags(follower, on, off)
        terminal = open(follower, "w", closefd=False)  # noqa: SIM115
        monkeypatch.setattr(sys, "stdout", terminal)
        monkeypatch.setattr(sys, "stderr", io.StringIO())
        assert end_echoed_line() is echoctl
        terminal.flush()
        os.set_blocking(leader, False)
        try:
            written = os.read(leader, 100)
        except BlockingIOError:
            written = b""
        assert written == (b"\r\n" if echoctl else b"")
    finally:
        os.close(leader)
        os.close(follower)


def test_no_terminal_no_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert interrupted_line._terminal_stream() is None
    assert end_echoed_line() is False
    assert sys.stdout.getvalue() == ""
