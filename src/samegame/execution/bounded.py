"""Work under a time limit: a game that calls plugin code runs in a child process
that is killed when it overruns.

``run_bounded(work, seconds)`` forks a child process, runs ``work()`` there and
returns its result, or raises the exception it raised; both come back pickled
through a pipe. The child starts as a copy of this process (``os.fork``): the
plugins are loaded already, those registered in-process too, so nothing but the
result needs pickling, and starting it costs milliseconds, not an interpreter.

- When ``seconds`` pass before the result, the child is killed (SIGKILL: plugin
  code that busy-loops, sleeps, swallows KeyboardInterrupt or hangs in compiled
  code is stopped alike) and ``Overrun`` is raised.
- A child that ends without a result (a plugin calling ``os._exit``, a crash) is
  ``Vanished``, with its exit status in words. An exception of the work that is
  not an ``Exception`` (``SystemExit``, ``GeneratorExit``) comes back as a
  ``BoundedError``: it never ends this process as if it were this process's own.
- The child ignores Ctrl-C, SIGTERM and SIGHUP: the parent handles them. A
  KeyboardInterrupt (or any exception) in the parent while it waits kills the
  child before it propagates, so Ctrl-C ends the work at once whatever the plugin
  does. The child also dies with its parent however the parent ends
  (``samegame.execution.lifetime.watch_parent``).

Only POSIX systems have ``os.fork``; elsewhere (``AVAILABLE`` is False) the work
runs in this process with no limit.

Why fork, although this process may have threads (the Ctrl-C watcher, progress
lines; Python 3.12 warns): the child runs only the game's Python code, the
standard streams are flushed before the fork, and a child that deadlocked on a
lock another thread held would be killed at its limit like any stuck game. The
``forkserver`` and ``spawn`` start methods would need the work and the plugin
host pickled to a fresh interpreter: plugins registered in-process
(``PluginHost(extra=...)``) would be lost, and each game would pay an
interpreter's start or the server's pickling.

``run_game(work, parts, seconds)`` is the one bound on plugin code that every
command playing games uses (``simulate``, ``compare``, ``bench``, ``solve``):
``parts`` names the contributions of plugins the game calls (``plugin_parts``: its
scoring formula, penalty, board generator and bot). With none, the game is all
built-in and runs here, paying nothing. Otherwise the whole game, the bot's
construction included, runs bounded, and the child notes which plugin callable is
running (``samegame.plugin.containment.watch_calls``) in memory it shares with
this process, so a game that overruns names the one that never returned:
``PluginError("plugin x (x 1.0): scoring formula 'slow' did not return within 2
seconds and was stopped; ...")``.

>>> run_bounded(lambda: 6 * 7, 10.0) if AVAILABLE else 42
42
"""

from __future__ import annotations

import contextlib
import mmap
import os
import pickle
import select
import signal
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar, cast

from samegame.core.stops import STOP_SIGNALS
from samegame.execution.lifetime import watch_parent
from samegame.plugin.bot_api import BotSpec
from samegame.plugin.containment import PluginError, error_words, watch_calls
from samegame.plugin.host import PluginHost

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
    """Bounded work that gave no result. ``running`` names the plugin callable that
    was running when it ended (``""``: none, or unknown)."""

    running = ""


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


_NOTE_BYTES = 1024
"""Shared memory for the words naming the running plugin callable: a two-byte
length, then UTF-8."""


def _noter(shared: mmap.mmap) -> Callable[[str], None]:
    """Write the running callable's words into the memory shared with the parent."""
    encoded: dict[str, bytes] = {}

    def note(words: str) -> None:
        data = encoded.get(words)
        if data is None:
            data = encoded[words] = words.encode("utf-8", "replace")[: _NOTE_BYTES - 2]
        shared[2 : 2 + len(data)] = data
        shared[0:2] = len(data).to_bytes(2, "little")

    return note


def _noted(shared: mmap.mmap) -> str:
    length = int.from_bytes(shared[0:2], "little")
    return shared[2 : 2 + min(length, _NOTE_BYTES - 2)].decode("utf-8", "replace")


def _outcome(work: Callable[[], object]) -> tuple[bool, object]:
    """``(True, result)`` or ``(False, exception)``; an exception that is not an
    ``Exception`` (SystemExit, GeneratorExit ...) and not Ctrl-C becomes a
    BoundedError, so that it cannot end the parent as if it were its own."""
    try:
        return True, work()
    except Exception as error:
        return False, error
    except BaseException as error:
        if isinstance(error, KeyboardInterrupt):
            return False, error
        return False, BoundedError(f"raised {error_words(error)}")


def _payload(outcome: tuple[bool, object]) -> bytes:
    try:
        return pickle.dumps(outcome)
    except Exception:
        ok, value = outcome
        problem = f"an unpicklable {type(value).__name__}" if ok else error_words(value)  # type: ignore[arg-type]
        return pickle.dumps((False, BoundedError(f"gave no usable result ({problem})")))


def _child(
    work: Callable[[], object], write_end: int, parent: int, shared: mmap.mmap | None
) -> None:
    """Run in the child: do the work, send the outcome, never return."""
    status = 0
    try:
        for signum in STOP_SIGNALS:  # the parent's to handle; it kills this child
            signal.signal(signum, signal.SIG_IGN)
        with contextlib.suppress(ValueError):
            signal.set_wakeup_fd(-1)
        watch_parent(parent)
        if shared is not None:
            watch_calls(_noter(shared))
        payload = _payload(_outcome(work))
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


def run_bounded(work: Callable[[], _R], seconds: float, *, watch: bool = False) -> _R:
    """``work()`` run in a child process stopped after ``seconds``: its result, or
    the exception it raised; Overrun when it took too long, Vanished when the child
    ended without a result. With ``watch``, those two name the plugin callable that
    was running (``BoundedError.running``). Where fork is missing, ``work()`` here,
    unbounded."""
    if not AVAILABLE:
        return work()
    shared = mmap.mmap(-1, _NOTE_BYTES) if watch else None
    read_end, write_end = os.pipe()
    _flush()  # what this process buffered is not written twice
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child's coverage is not collected
        os.close(read_end)
        _child(work, write_end, parent, shared)
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
                f"gave a result that cannot be read ({error_words(error)})"
            ) from None
        if not ok:
            raise cast(BaseException, value)
        return cast(_R, value)
    except BoundedError as error:
        if shared is not None:
            _stop(pid, reaped)
            reaped = True
            error.running = _noted(shared)
        raise
    finally:
        os.close(read_end)
        _stop(pid, reaped)
        if shared is not None:
            shared.close()


def _stop(pid: int, reaped: bool) -> None:
    """Kill the child and reap it, unless that is done."""
    if reaped:
        return
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)


def plugin_parts(
    host: PluginHost,
    *,
    formula: str | None = None,
    penalty: str | None = None,
    generator: str | None = None,
    bot: str | None = None,
) -> tuple[str, ...]:
    """The words naming each of these contributions that a plugin registered
    (``plugin NAME (DIST VERSION): scoring formula 'x'``); built-ins are left out,
    so an all built-in game gives ``()``."""
    named = (
        ("scoring formula", formula),
        ("penalty", penalty),
        ("board generator", generator),
        ("bot", bot),
    )
    parts = []
    for kind, name in named:
        source = None if name is None else host.third_party(kind, name)
        if source is not None:
            parts.append(f"plugin {source}: {kind} '{name}'")
    return tuple(parts)


ADVICE = "allow more with --bot-timeout"


def check_bot(host: PluginHost, spec: BotSpec, seconds: float) -> None:
    """Make the bot of ``spec`` once, to check its options: BotOptionError for a bad
    option, UnknownNameError for an unknown bot. A plugin's bot is made in a child
    process under the game's bound (``run_game``): PluginError when its ``create``
    fails or does not return within ``seconds``."""
    factory = host.bot(spec.name)

    def make() -> None:
        factory.create(spec.options)

    run_game(make, plugin_parts(host, bot=spec.name), seconds)


def run_game(
    work: Callable[[], _R], parts: Sequence[str], seconds: float, *, advice: str = ADVICE
) -> _R:
    """``work()``, a game that calls the plugin contributions ``parts`` names: here
    when there are none (or no fork), else in a child process stopped after
    ``seconds``. A game that overruns, or whose process ends without a result, is
    a PluginError naming the plugin callable that was running (or, when none was,
    the game and the plugins it calls), ending with ``advice`` on an overrun."""
    if not parts or not AVAILABLE:
        return work()
    try:
        return run_bounded(work, seconds, watch=True)
    except Overrun as error:
        if error.running:
            raise PluginError(
                f"{error.running} did not return within {seconds_words(seconds)} and was "
                f"stopped; {advice}"
            ) from None
        raise PluginError(
            f"{parts[-1]}: the game did not finish within {seconds_words(seconds)} and was "
            f"stopped; {advice}"
        ) from None
    except BoundedError as error:
        blamed = error.running or parts[-1]
        raise PluginError(f"{blamed}: {error}") from None


__all__ = [
    "ADVICE",
    "AVAILABLE",
    "DEFAULT_SECONDS",
    "GRACE_SECONDS",
    "MAX_SECONDS",
    "BoundedError",
    "Overrun",
    "Vanished",
    "check_bot",
    "game_limit",
    "parse_seconds",
    "plugin_parts",
    "run_bounded",
    "run_game",
    "seconds_words",
]
