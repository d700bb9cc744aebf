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
from collections.abc import Iterator
from contextlib import contextmanager

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


_held = 0
_pending: list[BaseException] = []


@contextmanager
def held() -> Iterator[None]:
    """A stretch of bookkeeping that a request to stop must not cut in two (a
    record written but not counted): a stop error that a handler gives to
    ``raise_or_hold`` inside it is raised when the stretch ends.

    >>> try:
    ...     with held():
    ...         raise_or_hold(KeyboardInterrupt())
    ...         done = "the whole stretch"
    ... except KeyboardInterrupt:
    ...     print(done)
    the whole stretch
    """
    global _held
    _held += 1
    try:
        yield
    finally:
        _held -= 1
        if _held == 0 and _pending:
            error = _pending[0]
            _pending.clear()
            raise error


def raise_or_hold(error: BaseException) -> None:
    """Raise ``error`` now, or, inside ``held``, when the held stretch ends (from
    a signal handler: the main thread goes on with what it was doing)."""
    if _held:
        _pending.append(error)
        return
    raise error
