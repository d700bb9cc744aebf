"""After Ctrl-C at a terminal, what is said next starts on a line of its own (A27).

A terminal in its usual (cooked) mode echoes Ctrl-C as ``^C`` where the cursor
is when its ECHOCTL flag is set, as Linux and macOS terminals set it; what a
command says next would then follow on that line (``^CBest line found ...``).
``end_echoed_line`` ends that line, and only that: where the terminal did not
echo ``^C`` (ECHOCTL off, echo off, no terminal, a stop that was not typed) it
writes nothing, so no blank line is left. The cursor is at the start of a line
when long work is interrupted (its start and progress lines are whole lines), so
the echo is the only thing to end.

Every Ctrl-C of long work passes here once (``samegame.cli.longwork``:
``solve``, ``bench standard``, ``simulate``, ``compare``, ``review`` and a hint
bot in ``play``); ``play``'s prompt always ends its line on Ctrl-C instead, the
cursor being after ``> ``. A SIGINT sent by another program (``kill -INT``) to a
process on a terminal that echoes ^C is taken as typed: its line is ended too.
"""

from __future__ import annotations

import sys
from typing import TextIO

__all__ = ["echoes_ctrl_c", "end_echoed_line"]


def echoes_ctrl_c(fd: int) -> bool:
    """Whether the terminal on ``fd`` echoes a typed Ctrl-C as ``^C``: it makes
    Ctrl-C a signal (ISIG) and echoes (ECHO) control characters as ``^X``
    (ECHOCTL). False when ``fd`` is no terminal, or the system has no ECHOCTL."""
    try:
        import termios
    except ImportError:  # not a POSIX system: no echo of ^C to end
        return False
    echoctl = getattr(termios, "ECHOCTL", 0)
    try:
        local = termios.tcgetattr(fd)[3]
    except (termios.error, OSError, ValueError):
        return False
    wanted = termios.ISIG | termios.ECHO | echoctl
    return bool(echoctl) and local & wanted == wanted


def _terminal_stream() -> TextIO | None:
    """The output on a terminal that the echo shares: standard output, else
    standard error; None when neither is a terminal."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None and stream.isatty():
                return stream
        except (OSError, ValueError):
            continue
    return None


def end_echoed_line() -> bool:
    """End the line of a ``^C`` the terminal echoed (see the module); whether it
    did. Standard output is flushed first, so what it holds comes before."""
    stream = _terminal_stream()
    if stream is None:
        return False
    try:
        if not echoes_ctrl_c(stream.fileno()):
            return False
        if sys.stdout is not None and sys.stdout is not stream:
            sys.stdout.flush()
        stream.write("\n")
        stream.flush()
    except (OSError, ValueError):  # the terminal went away: nothing to end
        return False
    return True
