"""Ctrl-C always ends samegame: the first press interrupts, a second one ends the
process at once.

The first Ctrl-C raises KeyboardInterrupt, as Python does: the command stops where
it is, says so in one line and exits with 130 (``samegame.cli.app.run``). Code that
catches KeyboardInterrupt and goes on (a plugin that swallows it) would keep the
process running, so ``arm()``, called by the console entry point, makes every
further Ctrl-C end the process at once: one line ``Error: interrupted twice;
samegame stopped at once`` on stderr, standard streams flushed when that is safe,
and ``os._exit(130)``. Nothing saved is lost: every write to the store is one
SQLite transaction, so a transaction cut short is rolled back when the database
is next opened, and every one committed before stays (docs/store.md).

Long work that takes Ctrl-C itself (``samegame.cli.longwork.interruptible``) counts
its presses here too, so its second Ctrl-C also ends the process.

``arm`` is only for the real command line: tests that run commands in their own
process leave it unarmed, and a second press there raises KeyboardInterrupt again.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from types import FrameType

INTERRUPTED = 130
MESSAGE = b"Error: interrupted twice; samegame stopped at once\n"

_presses = 0
_armed = False


def leave_now() -> None:
    """End the process with 130 at once, after one line on stderr."""
    for stream in (sys.stdout, sys.stderr):
        # A flush can fail here (a reentrant call when the signal arrived inside a
        # write); what it would have written is then lost, nothing else.
        with contextlib.suppress(Exception):
            stream.flush()
    with contextlib.suppress(OSError):
        os.write(2, MESSAGE)
    os._exit(INTERRUPTED)


def pressed() -> int:
    """Count one Ctrl-C; when armed, the second and later end the process at once.
    Returns the number of presses so far."""
    global _presses
    _presses += 1
    if _armed and _presses >= 2:
        leave_now()
    return _presses


def presses() -> int:
    """How many times Ctrl-C was pressed so far."""
    return _presses


def reset() -> None:
    """Forget earlier presses (one command run after another in one process)."""
    global _presses
    _presses = 0


def _handler(signum: int, frame: FrameType | None) -> None:
    pressed()
    raise KeyboardInterrupt


def arm() -> None:
    """Take Ctrl-C in this process: the first raises KeyboardInterrupt, a second
    ends the process at once. Main thread only; elsewhere, or when Ctrl-C is
    ignored (started in the background), nothing changes."""
    global _armed
    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        return
    signal.signal(signal.SIGINT, _handler)
    _armed = True


__all__ = ["INTERRUPTED", "arm", "leave_now", "pressed", "presses", "reset"]
