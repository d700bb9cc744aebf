"""A request to stop is never lost while the plain path waits for a line (A28).

A signal that lands before the read of standard input has begun (the prompt just
written, the process not yet in its read: a loaded machine) or that the system
gives to a thread other than the main one finds no Python step to run its
handler on, and the read blocks until the next Enter. That happened once in CI
(``test_ctrl_c_in_play_ends_the_line_and_exits_130[accessible]``: ``^C`` echoed,
no farewell in 60 s). The deterministic form of it: the signal is sent to another
thread while the main thread reads from a pseudo-terminal. Each case runs in a
process of its own, so that its reader is that process's main thread.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")

READER = r"""
import io, os, pty, signal, sys, threading, time
from samegame.repl.terminal import PlainIO

raises, line_after = sys.argv[1] == "raises", float(sys.argv[2])
master, slave = pty.openpty()
taken = []

def handler(signum, frame):
    taken.append(time.monotonic())
    if raises:
        raise KeyboardInterrupt

signal.signal(signal.SIGUSR1, handler)

def elsewhere():
    time.sleep(0.3)
    # The handler's low-level part runs in this thread: the main thread's read
    # is not woken by it, only the next line would end that read.
    signal.pthread_kill(threading.get_ident(), signal.SIGUSR1)
    time.sleep(line_after)
    os.write(master, b"A1\n")

threading.Thread(target=elsewhere, daemon=True).start()
reader = PlainIO(open(slave, closefd=False), io.StringIO(), interactive=True)
start = time.monotonic()
try:
    said = repr(reader.read())
except KeyboardInterrupt:
    said = "stopped"
print(said, len(taken), round(time.monotonic() - start, 2))
"""


def read_with_signal(raises: bool, line_after: float) -> tuple[str, int, float]:
    mode = "raises" if raises else "counts"
    finished = subprocess.run(
        [sys.executable, "-c", READER, mode, str(line_after)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    said, taken, seconds = finished.stdout.split()
    return said, int(taken), float(seconds)


def test_a_signal_given_to_another_thread_stops_the_wait_for_a_line() -> None:
    said, taken, seconds = read_with_signal(raises=True, line_after=5.0)
    assert said == "stopped"
    assert taken == 1
    # Stopped by the signal at 0.3 s, not by the line written 5 s after it.
    assert seconds < 5.0, seconds


def test_a_signal_that_does_not_stop_leaves_the_line_to_be_read() -> None:
    said, taken, _ = read_with_signal(raises=False, line_after=0.5)
    assert said == "'A1'"
    assert taken == 1
