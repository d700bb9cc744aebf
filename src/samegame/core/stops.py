"""Requests to stop: the signals that stop samegame's work in order, and how one
request is told from the copies of it that arrive together.

A CI wrapper such as coreutils ``timeout`` signals the process and then its whole
process group, and a terminal's Ctrl-C reaches every process of the foreground
group, so one request to stop can arrive two or more times within microseconds.
Every signal handler of samegame asks ``first_copy()`` first and drops a copy.

>>> forget_stops()
>>> first_copy(), first_copy()
(True, False)
>>> forget_stops()
"""

from __future__ import annotations

import signal
import time

SAME_STOP_SECONDS = 0.2
"""Signals to stop that arrive within this many seconds of the last one taken are
copies of it (one ``timeout``, one Ctrl-C), not a second request."""

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
"""The signals that stop samegame's work in an orderly way: Ctrl-C, a
termination request, and the terminal hanging up (treated like SIGTERM)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, received while a run was going on."""


_last_taken: float | None = None


def first_copy() -> bool:
    """Whether a stop signal arriving now is a new request (True) or a copy of the
    one taken less than ``SAME_STOP_SECONDS`` ago (False). A new request is taken:
    copies of it are measured from now."""
    global _last_taken
    now = time.monotonic()
    if _last_taken is not None and now - _last_taken < SAME_STOP_SECONDS:
        return False
    _last_taken = now
    return True


def forget_stops() -> None:
    """Forget the last stop signal (one command run after another in one process)."""
    global _last_taken
    _last_taken = None
