"""Worker processes die with their parent; SIGTERM stops a run like Ctrl-C.

- ``watch_parent(pid)`` runs first in every pool worker: on Linux it asks the
  kernel (``prctl(PR_SET_PDEATHSIG, SIGKILL)``, through ctypes) to kill the worker
  the moment its parent dies, whatever the parent died of (SIGKILL included);
  elsewhere, or if that call fails, a daemon thread polls the parent's pid twice a
  second and ends the worker when it has changed. Either way a parent that is
  already gone is noticed at once.
- ``terminate_raises()`` turns SIGTERM and SIGHUP in the main process into
  ``Terminated`` (a KeyboardInterrupt, so a run stops exactly as on Ctrl-C: the
  records so far kept, the workers ended) for as long as it is active, where no
  Python handler takes them yet (the command line's, ``samegame.cli.interrupts``,
  raises ``Terminated`` itself and also notes the request, so it is kept).
- a request to stop and its copies are told apart by ``samegame.core.stops``.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from samegame.core.stops import Terminated, first_copy, raise_or_hold

PR_SET_PDEATHSIG = 1
POLL_SECONDS = 0.5


def _kernel_watch() -> bool:
    """Ask Linux to SIGKILL this process when its parent dies; False if not done."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _poll(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(POLL_SECONDS)
    os._exit(1)


def watch_parent(parent: int) -> None:
    """End this process when process ``parent`` (its parent) ends."""
    if not _kernel_watch():
        threading.Thread(target=_poll, args=(parent,), name="parent-watch", daemon=True).start()
    if os.getppid() != parent:  # the parent died before the watch began
        os._exit(1)


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    if first_copy():
        raise_or_hold(Terminated())


@contextmanager
def terminate_raises() -> Iterator[None]:
    """SIGTERM and SIGHUP raise ``Terminated`` meanwhile (inside
    ``samegame.core.stops.held``, when that stretch ends), once for copies that
    arrive together (main thread only; elsewhere this does nothing). A signal that
    was ignored when the block began (started with ``nohup``) stays ignored, and
    one that a Python handler already takes keeps it: the command line's handler
    (``samegame.cli.interrupts``) raises ``Terminated`` too, and it also counts the
    request, so that the command ends with 143 and a second request ends the
    process at once; replacing it lost both (issue 43: SIGTERM ended as
    "interrupted", 130)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {number: signal.getsignal(number) for number in (signal.SIGTERM, signal.SIGHUP)}
    for number, handler in previous.items():
        if not callable(handler) and handler is not signal.SIG_IGN:
            signal.signal(number, _raise_terminated)
    try:
        yield
    finally:
        for number, handler in previous.items():
            if handler is not None:
                signal.signal(number, handler)
