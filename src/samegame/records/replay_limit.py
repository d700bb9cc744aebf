"""A cap on the time one bot replay may take while a record is verified.

A record names its bot, and a record can name any amount of work
(``nrpa:level=5,iterations=100000`` searches for days): ``verify`` would replay
it for ever. ``run_within(work, seconds)`` runs ``work`` in this thread and
raises ``ReplayOverrun`` once it has run ``seconds``:

- a search (NMCS, NRPA, beam) is told to stop at once
  (``samegame.bots.search.engine.interrupt``), and the next move the bot is
  asked for raises (``guarded``: each bot under the cap checks it before and after
  every move);
- a bot still inside one move ``ESCALATE_SECONDS`` later (Python code that runs
  long: a deep exhaustive look-ahead, a plugin's loop or sleep) gets SIGALRM in
  the main thread, whose handler raises ``ReplayOverrun`` where it is. Off the
  main thread, or where there is no SIGALRM, only the first two steps apply.

Searches are allowed their whole budget again when the work ends. A bot that a
plugin registered can also be replayed in a child process that is killed at the
cap (``samegame.sim.verify`` does that), which stops even compiled code that
never looks at a flag.

>>> run_within(lambda: 6 * 7, 5.0)
42
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from typing import TypeVar

from samegame.bots import Bot, GameView
from samegame.bots.search import engine
from samegame.core.coords import Cell
from samegame.core.rng import StableRandom

DEFAULT_REPLAY_SECONDS = 60.0
"""The cap on one record's bot replay when none is given (``verify
--max-replay-seconds``): a minute a record, far more than replaying a simple bot
or a small fixed-work search takes, and short enough that a hostile record cannot
hold a CI job for long."""

ESCALATE_SECONDS = 1.0
"""How long after the cap a bot may take to reach its next move before it is
interrupted where it is."""

_T = TypeVar("_T")


class ReplayOverrun(Exception):
    """The replay ran longer than its cap and was stopped."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"the replay took more than {seconds:g} seconds")
        self.seconds = seconds


class _Deadline:
    """The cap of one replay (see the module's description)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.expired = False
        self._closed = False
        self._lock = threading.Lock()
        self._timers: list[threading.Timer] = []
        self._main = threading.current_thread() is threading.main_thread()
        self._alarm = self._main and hasattr(signal, "SIGALRM") and hasattr(signal, "pthread_kill")
        self._previous: object = None
        self._restored = False
        self._resumed = False

    def _start(self, seconds: float, action: Callable[[], None]) -> None:
        timer = threading.Timer(seconds, action)
        timer.daemon = True
        self._timers.append(timer)
        timer.start()

    def open(self) -> None:
        if self._alarm:
            self._previous = signal.signal(signal.SIGALRM, self._on_alarm)
        self._start(self.seconds, self._expire)

    def _expire(self) -> None:
        with self._lock:
            if self._closed:
                return
            self.expired = True
            engine.interrupt()
            if self._alarm:
                self._start(ESCALATE_SECONDS, self._escalate)

    def _escalate(self) -> None:
        with self._lock:
            main = threading.main_thread().ident
            if not self._closed and main is not None:
                signal.pthread_kill(main, signal.SIGALRM)

    def _on_alarm(self, signum: int, frame: object) -> None:
        if self.expired and not self._closed:
            raise ReplayOverrun(self.seconds)

    def check(self) -> None:
        """Raise ReplayOverrun once the cap has passed."""
        if self.expired:
            raise ReplayOverrun(self.seconds)

    def close(self) -> None:
        """End the cap; safe to call again (the alarm's handler may raise in here
        until ``_closed`` is set, and the caller then calls it again)."""
        self._closed = True  # from here on the alarm's handler raises nothing
        with self._lock:
            for timer in self._timers:
                timer.cancel()
        if self._alarm and not self._restored:
            signal.signal(signal.SIGALRM, self._previous)  # type: ignore[arg-type]
            self._restored = True
        if self.expired and not self._resumed:
            engine.resume()
            self._resumed = True


class _GuardedBot:
    """A bot whose every move first and last checks the cap."""

    def __init__(self, bot: Bot, deadline: _Deadline) -> None:
        self._bot = bot
        self._deadline = deadline

    def choose(self, view: GameView, rng: StableRandom) -> Cell:
        self._deadline.check()
        choice = self._bot.choose(view, rng)
        self._deadline.check()
        return choice


_current: list[_Deadline] = []


def guarded(bot: Bot) -> Bot:
    """``bot`` checking the cap of the ``run_within`` it runs in (unchanged
    outside one)."""
    return _GuardedBot(bot, _current[-1]) if _current else bot


def run_within(work: Callable[[], _T], seconds: float | None) -> _T:
    """``work()``, stopped with ReplayOverrun when it runs longer than ``seconds``
    (None: no cap). Bots made inside should be wrapped with ``guarded``."""
    if seconds is None:
        return work()
    deadline = _Deadline(seconds)
    _current.append(deadline)
    try:
        deadline.open()
        result = work()
        deadline.check()  # a search the cap interrupted gave a cut-short answer
        return result
    finally:
        while True:  # the alarm may still land before the cap is closed
            try:
                deadline.close()
                break
            except ReplayOverrun:
                continue
        _current.pop()


__all__ = [
    "DEFAULT_REPLAY_SECONDS",
    "ESCALATE_SECONDS",
    "ReplayOverrun",
    "guarded",
    "run_within",
]
