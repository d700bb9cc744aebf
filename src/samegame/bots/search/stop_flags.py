"""The stop flags of the searches running in this process, and ``interrupt``.

Every lane (thread) of a running search has a control array whose ``[0]`` is its
stop flag; the compiled loops read it after every playout (beam search at every
depth), so a search stops at once and returns the best whole game it holds.
``interrupt()`` sets every registered flag, from any thread (Ctrl-C).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any

LOCK = threading.Lock()
"""Orders setting and clearing flags: ``interrupt`` against a slice's end
(``StopTimer.end_slice``) and against a search registering its flags."""

_running: dict[int, Any] = {}
_interrupted = threading.Event()


def interrupt() -> None:
    """Stop every search of this process now (safe from any thread): each returns
    the best game found so far, and searches started later stop after one run.
    ``resume()`` allows full searches again."""
    with LOCK:
        _interrupted.set()
        for control in _running.values():
            control[0] = 1


def resume() -> None:
    """Searches use their whole budget again after ``interrupt()``."""
    _interrupted.clear()


def interrupted() -> bool:
    """Whether ``interrupt()`` was called since the last ``resume()``."""
    return _interrupted.is_set()


def register(controls: Iterable[Any]) -> None:
    """A search's lanes begin: ``interrupt`` stops them from now on (at once,
    after their first playout, when it was called before)."""
    with LOCK:
        for control in controls:
            _running[id(control)] = control
            if _interrupted.is_set():
                control[0] = 1


def unregister(controls: Iterable[Any]) -> None:
    """A search's lanes ended."""
    with LOCK:
        for control in controls:
            _running.pop(id(control), None)
