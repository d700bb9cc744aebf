"""Work under a time limit: a plugin bot's game runs in a child process that is
killed when it overruns.

``run_bounded(work, seconds)`` forks a child process, runs ``work()`` there and
returns its result, or raises the exception it raised; both come back pickled
through a pipe. The child starts as a copy of this process (``os.fork``): the
plugins are loaded already, those registered in-process too, so nothing but the
result needs pickling, and starting it costs milliseconds, not an interpreter.

- When ``seconds`` pass before the result, the child is killed (SIGKILL: a bot
  that busy-loops, sleeps, swallows KeyboardInterrupt or hangs in compiled code is
  stopped alike) and ``Overrun`` is raised.
- A child that ends without a result (a plugin calling ``os._exit``, a crash) is
  ``Vanished``, with its exit status in words.
- The child ignores Ctrl-C: the parent handles it. A KeyboardInterrupt (or any
  exception) in the parent while it waits kills the child before it propagates,
  so Ctrl-C ends the work at once whatever the plugin does. The child also dies
  with its parent however the parent ends (``samegame.sim.lifetime.watch_parent``).

Only POSIX systems have ``os.fork``; elsewhere (``AVAILABLE`` is False) the work
runs in this process with no limit.

>>> run_bounded(lambda: 6 * 7, 10.0) if AVAILABLE else 42
42
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import sys
import time
from collections.abc import Callable, Mapping
from typing import TypeVar, cast

from samegame.sim.lifetime import watch_parent

AVAILABLE = hasattr(os, "fork")
"""Whether work can be bounded here (POSIX); elsewhere it runs unbounded."""

DEFAULT_SECONDS = 60.0
"""The limit on one game of a plugin bot when none is given and the bot has no
``time`` option."""

GRACE_SECONDS = 5.0
"""Added to a bot's own ``time`` option: the limit of a bot told to take T seconds
a game is T + GRACE_SECONDS."""

MAX_SECONDS = 10.0**6
"""The largest limit accepted (about 11 days)."""

_R = TypeVar("_R")


class BoundedError(RuntimeError):
    """Bounded work that gave no result."""


class Overrun(BoundedError):
    """The work did not finish within its limit and was stopped."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"did not finish within {seconds_words(seconds)}")
        self.seconds = seconds


class Vanished(BoundedError):
    """The child process ended without sending a result."""


def seconds_words(seconds: float) -> str:
    """``1 second``, ``2.5 seconds``."""
    text = f"{seconds:g}"
    return f"{text} second" if text == "1" else f"{text} seconds"


def parse_seconds(text: str | None) -> float | None:
    """A positive, finite number of seconds up to MAX_SECONDS written as a decimal
    (``"2.5"``), else None."""
    if text is None or not text.strip() or len(text) > 32:
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return value if 0 < value <= MAX_SECONDS else None


def game_limit(given: float | None, options: Mapping[str, str]) -> float:
    """The limit on one game of a plugin bot: ``given`` (``--bot-timeout``) when set;
    else the bot's own ``time`` option plus GRACE_SECONDS; else DEFAULT_SECONDS."""
    if given is not None:
        return given
    own = parse_seconds(options.get("time"))
    return DEFAULT_SECONDS if own is None else own + GRACE_SECONDS


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()


def _child(work: Callable[[], object], write_end: int, parent: int) -> None:
    """Run in the child: do the work, send the outcome, never return."""
    status = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        with contextlib.suppress(ValueError):
            signal.set_wakeup_fd(-1)
        watch_parent(parent)
        try:
            outcome: tuple[bool, object] = (True, work())
        except BaseException as error:
            outcome = (False, error)
        try:
            payload = pickle.dumps(outcome)
        except Exception:
            value = outcome[1]
            kind = type(value).__name__
            problem = f"{kind}: {value}" if not outcome[0] else f"an unpicklable {kind}"
            payload = pickle.dumps((False, BoundedError(f"gave no usable result ({problem})")))
        _flush()
        view = memoryview(payload)
        while view:
            view = view[os.write(write_end, view) :]
    except BaseException:
        status = 1
    finally:
        os._exit(status)


def _status_words(status: int) -> str:
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = f"signal {number}"
        return f"was killed by {name}"
    return f"ended with exit status {os.waitstatus_to_exitcode(status)}"


def run_bounded(work: Callable[[], _R], seconds: float) -> _R:
    """``work()`` run in a child process stopped after ``seconds``: its result, or
    the exception it raised; Overrun when it took too long, Vanished when the child
    ended without a result. Where fork is missing, ``work()`` here, unbounded."""
    if not AVAILABLE:
        return work()
    read_end, write_end = os.pipe()
    _flush()  # what this process buffered is not written twice
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child's coverage is not collected
        os.close(read_end)
        _child(work, write_end, parent)
    os.close(write_end)
    reaped = False
    try:
        deadline = time.monotonic() + seconds
        chunks: list[bytes] = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Overrun(seconds)
            ready, _, _ = select.select([read_end], [], [], left)
            if not ready:
                continue
            chunk = os.read(read_end, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
        _, status = os.waitpid(pid, 0)
        reaped = True
        if not chunks:
            raise Vanished(f"the process playing it {_status_words(status)}")
        try:
            ok, value = pickle.loads(b"".join(chunks))
        except Exception as error:
            raise BoundedError(
                f"gave a result that cannot be read ({type(error).__name__}: {error})"
            ) from None
        if not ok:
            raise cast(BaseException, value)
        return cast(_R, value)
    finally:
        os.close(read_end)
        if not reaped:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)


__all__ = [
    "AVAILABLE",
    "DEFAULT_SECONDS",
    "GRACE_SECONDS",
    "MAX_SECONDS",
    "BoundedError",
    "Overrun",
    "Vanished",
    "game_limit",
    "parse_seconds",
    "run_bounded",
    "seconds_words",
]
