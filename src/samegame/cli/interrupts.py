"""Ctrl-C, SIGTERM and SIGHUP always end samegame: the first request stops the
work in order, a second one ends the process at once.

The first Ctrl-C raises KeyboardInterrupt, as Python does: the command stops where
it is, says so in one line and exits with 130 (``samegame.cli.app.run``). SIGTERM,
and SIGHUP (the terminal closed) like it, raise ``Terminated``, a KeyboardInterrupt
that ends the command the same way with 143. Copies of one request that arrive
together (coreutils ``timeout`` signals the process and then its process group) are
one request (``samegame.core.stops.first_copy``). Code that catches
KeyboardInterrupt and goes on (a plugin that swallows it) would keep the process
running, so ``arm()``, called by the console entry point, makes every further
request end the process at once: one line ``Error: interrupted twice; samegame
stopped at once`` on stderr (``terminated twice`` after SIGTERM), standard streams
flushed when that is safe, and ``os._exit`` with 130 (143). Nothing saved is lost: every write to the store is one
SQLite transaction, so a transaction cut short is rolled back when the database
is next opened, and every one committed before stays (docs/store.md).

A request that comes while the command line is still loading (``main`` arms
this module before it imports anything more) is held until the loading ends
(``samegame.core.stops.held``: a signal could otherwise land in a callback whose
errors Python drops, and be lost), then ends the process silently with 130
(143): nothing had begun. Before ``arm`` (Python's own start-up and the import of
the ``samegame`` package, a few tens of milliseconds) the signals are Python's:
SIGTERM and SIGHUP end the process as their default does.

At the other end, a request that comes once the command has said everything ends
the process silently with 130 (143) too, up to its last instant (``end_process``).

Long work that takes Ctrl-C itself (``samegame.cli.longwork.interruptible``) counts
its presses here too, so its second Ctrl-C also ends the process.

``arm`` is only for the real command line: tests that run commands in their own
process leave it unarmed, and a second press there raises KeyboardInterrupt again.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import sys
import threading
from types import FrameType
from typing import NoReturn

from samegame.core.stops import (
    STOP_SIGNALS,
    Terminated,
    first_copy,
    forget_stops,
    held,
    raise_or_hold,
)

INTERRUPTED = 130
TERMINATED = 143

_presses = 0
_terminated = False
_armed = False


def leave_now() -> None:
    """End the process at once with 130 (143 when the first request was SIGTERM or
    SIGHUP), after one line on stderr."""
    for stream in (sys.stdout, sys.stderr):
        # A flush can fail here (a reentrant call when the signal arrived inside a
        # write); what it would have written is then lost, nothing else.
        with contextlib.suppress(Exception):
            stream.flush()
    with contextlib.suppress(OSError):
        os.write(2, f"Error: {word()} twice; samegame stopped at once\n".encode())
    os._exit(exit_code())


def end_process(code: int) -> NoReturn:
    """End the process with ``code`` after what Python runs at its exit (the other
    threads waited for, the ``atexit`` callbacks, the standard streams flushed),
    with the stop signals still taken to the last: a request that comes meanwhile
    waits for those steps (``held``, so no callback is cut and no traceback
    printed) and makes the code its own, 130 or 143, silently.

    Python's own shutdown gives the signals back their defaults before it frees
    every module, which takes a third of a second once numba's compiled searches
    are loaded: a SIGTERM then killed the process with no code of samegame's
    (issue 43: -15 after the whole summary). What that shutdown would free, the
    end of the process frees at once, so it is left out (``os._exit``)."""
    try:
        with held():
            getattr(threading, "_shutdown")()  # noqa: B009 (private, as Python calls it)
            atexit._run_exitfuncs()
            for stream in (sys.stdout, sys.stderr):
                with contextlib.suppress(Exception):  # a reader that has gone (``settle``)
                    stream.flush()
    except KeyboardInterrupt as stop:
        code = stop_code(stop)
    os._exit(code)


def pressed(signum: int = signal.SIGINT) -> int:
    """Count one request to stop (Ctrl-C by default, or ``signum``): 0 for a copy of
    the last request (nothing to do), otherwise the number of requests so far. When
    armed, the second and later end the process at once."""
    global _presses, _terminated
    if not first_copy():
        return 0
    _presses += 1
    if _presses == 1:
        _terminated = signum != signal.SIGINT
    if _armed and _presses >= 2:
        leave_now()
    return _presses


def presses() -> int:
    """How many requests to stop arrived so far (copies counted once)."""
    return _presses


def terminated() -> bool:
    """Whether the first request to stop was SIGTERM or SIGHUP rather than Ctrl-C."""
    return _terminated


def exit_code() -> int:
    """The exit status of a command stopped by the first request: 143 after SIGTERM
    or SIGHUP, 130 after Ctrl-C."""
    return TERMINATED if _terminated else INTERRUPTED


def word() -> str:
    """``terminated`` or ``interrupted``, as ``exit_code``."""
    return "terminated" if _terminated else "interrupted"


def reset() -> None:
    """Forget earlier requests (one command run after another in one process)."""
    global _presses, _terminated
    _presses = 0
    _terminated = False
    forget_stops()


def stop_code(stop: KeyboardInterrupt) -> int:
    """The exit status of a command that ``stop`` ended: 143 for ``Terminated``
    (SIGTERM, SIGHUP), 130 for Ctrl-C."""
    return TERMINATED if isinstance(stop, Terminated) else INTERRUPTED


def stop_error(signum: int) -> KeyboardInterrupt:
    """What a request to stop raises: ``Terminated`` for SIGTERM and SIGHUP,
    KeyboardInterrupt for Ctrl-C."""
    return KeyboardInterrupt() if signum == signal.SIGINT else Terminated()


def _handler(signum: int, frame: FrameType | None) -> None:
    """A request to stop: raise its error, or hold it while a stretch that must
    not be cut runs (``samegame.core.stops.held``: the loading of the command
    line, where a signal could otherwise land in a callback whose errors Python
    drops, and the request would be lost)."""
    if pressed(signum):
        raise_or_hold(stop_error(signum))


def arm() -> None:
    """Take Ctrl-C, SIGTERM and SIGHUP in this process: the first request raises, a
    second ends the process at once. Main thread only; elsewhere nothing changes,
    and a signal that is ignored (Ctrl-C in a background job, SIGHUP under nohup)
    stays ignored."""
    global _armed
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in STOP_SIGNALS:
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, _handler)
    _armed = True


__all__ = [
    "INTERRUPTED",
    "TERMINATED",
    "arm",
    "end_process",
    "exit_code",
    "leave_now",
    "pressed",
    "presses",
    "reset",
    "stop_code",
    "stop_error",
    "terminated",
    "word",
]
