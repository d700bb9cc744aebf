"""Long work on the command line (A27): say at the start what is done and for how
long, a few plain progress lines on stderr, and Ctrl-C that stops the search at
once and keeps the best result found so far (``solve``, ``bench``, a hint bot,
``simulate`` and ``compare``).

A search runs in compiled code that holds the main thread, where Python's own
Ctrl-C handling would wait for it to finish. So while long work runs, Ctrl-C is
taken by a watcher thread (through ``signal.set_wakeup_fd``), which tells every
running search to stop (``samegame.bots.search.engine.interrupt``); the command then
prints what it has and exits with status 130.

The work may also call a plugin (a scoring formula a search calls back) that never
returns, which no search flag stops. So Ctrl-C is also made a KeyboardInterrupt
in the main thread when the work has not ended ``ESCALATE_SECONDS`` after it (the
command then ends with 130 without a result), and a second Ctrl-C ends the process
at once (``samegame.cli.interrupts``).
"""

from __future__ import annotations

import _thread
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager, nullcontext
from types import FrameType
from typing import TYPE_CHECKING, TypeVar

import typer

from samegame.bots import BotSpec
from samegame.bots.search import engine
from samegame.cli import interrupts
from samegame.cli.exit_codes import ExitCode, fail
from samegame.core.interrupted_line import end_echoed_line
from samegame.core.stops import STOP_SIGNALS, held, raise_or_hold
from samegame.i18n.plain_english import english
from samegame.i18n.said import Said

if TYPE_CHECKING:
    from samegame.i18n import Translator

PROGRESS_LINES = 4
"""How many progress lines a timed search prints, at most (every quarter)."""

ESCALATE_SECONDS = 2.0
"""How long after Ctrl-C long work may take to stop by itself before Ctrl-C
becomes a KeyboardInterrupt in the main thread."""


def say(line: str) -> None:
    """One plain line on stderr: the start, progress or the end of long work."""
    typer.echo(line, err=True)


def seconds_words(tr: Translator, seconds: float) -> str:
    """``1 second``, ``2.5 seconds`` (``2.5秒``): a time budget in words."""
    number = f"{seconds:g}"
    return tr("seconds", count=float(number), number=number)


def budget_words(spec: BotSpec, tr: Translator | None = None) -> tuple[float | None, str | None]:
    """A search bot's time budget per search and how it is said: ``12 seconds`` or
    a fixed amount of work, in the language of ``tr`` (English when none is
    given); (None, None) for a bot that does not search. The search's compiled code
    is loaded here, before the first line and the clock; when it must be compiled
    first, a line says so at once (A37, A41: ``prepare_search``)."""
    from samegame.bots.search.bot import SearchBot, prepare_search
    from samegame.play.hint_bot import preparing_line
    from samegame.plugin.host import get_host

    tr = english(tr)
    if get_host().third_party("bot", spec.name) is not None:
        return None, None  # a plugin's bot is made only under its bound, never here
    bot = get_host().bot(spec.name).create(spec.options)
    if not isinstance(bot, SearchBot):
        return None, None
    prepare_search(bot.spec, lambda preparing: say(preparing_line(preparing, tr)))
    seconds = bot.spec.seconds
    if seconds is None:
        return None, tr("research.fixed_work")
    return seconds, seconds_words(tr, seconds)


class Interruption:
    """Whether Ctrl-C was pressed while the long work ran."""

    def __init__(self) -> None:
        self._hit = threading.Event()
        self._insist = threading.Event()
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None
        self._closed = False

    def hit(self, signum: int = signal.SIGINT) -> None:
        """The stop ``signum`` came: stop every search; on the first Ctrl-C, end
        the line of the ``^C`` the terminal echoed (A27)."""
        first = not self._hit.is_set()
        self._hit.set()
        engine.interrupt()
        if first and signum == signal.SIGINT:
            end_echoed_line()
        with self._lock:
            if self._timer is None and not self._closed:
                self._timer = threading.Timer(ESCALATE_SECONDS, self._escalate)
                self._timer.daemon = True
                self._timer.start()

    def _escalate(self) -> None:
        """The work did not stop: interrupt the main thread where it is."""
        with self._lock:
            if self._closed:
                return
            self._insist.set()
            main = threading.main_thread().ident
            if hasattr(signal, "pthread_kill") and main is not None:
                # A real signal, so that a main thread asleep in a system call wakes.
                signal.pthread_kill(main, signal.SIGINT)
            else:
                _thread.interrupt_main(signal.SIGINT)

    def insisting(self) -> bool:
        """True once: the escalation's own signal, to be raised as KeyboardInterrupt."""
        if self._insist.is_set():
            self._insist.clear()
            return True
        return False

    def close(self) -> None:
        """The work is over: no escalation from now on."""
        with self._lock:
            self._closed = True
            if self._timer is not None:
                self._timer.cancel()

    def __bool__(self) -> bool:
        return self._hit.is_set()


@contextmanager
def interruptible(*, raises: bool = False) -> Iterator[Interruption]:
    """Ctrl-C (and SIGTERM or SIGHUP, taken the same way: ``interrupts.exit_code``
    tells which came) stops every search within this block at once; the block goes on
    with the best results so far and checks ``bool(interruption)`` to stop. With
    ``raises`` Ctrl-C also raises KeyboardInterrupt in the main thread as soon as
    the search has let go of it, for work that drops the game it was playing
    (``simulate`` keeps only whole games). If the
    block is still running ``ESCALATE_SECONDS`` later (stuck in a plugin), or on a
    second Ctrl-C, KeyboardInterrupt is raised in it instead (when the command line
    is armed, the second Ctrl-C ends the process: ``samegame.cli.interrupts``)."""
    interruption = Interruption()
    if threading.current_thread() is not threading.main_thread():
        yield interruption  # signals reach the main thread only: nothing to take
        return
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)

    def handler(signum: int, frame: FrameType | None) -> None:
        if interruption.insisting():
            raise interrupts.stop_error(signum if interrupts.terminated() else signal.SIGINT)
        count = interrupts.pressed(signum)
        if count == 0:
            return  # a copy of the request already taken
        if count > 1:
            raise interrupts.stop_error(signum)  # a second request (when unarmed: in tests)
        interruption.hit(signum)
        if raises:  # never inside held bookkeeping: a record kept is a record counted
            raise_or_hold(interrupts.stop_error(signum))

    def watch() -> None:
        while True:
            try:
                data = os.read(read_end, 64)
            except OSError:
                return
            if not data:
                return
            came = [signum for signum in taken if signum in data]
            if came:
                interruption.hit(came[0])

    taken = [signum for signum in STOP_SIGNALS if signal.getsignal(signum) is not signal.SIG_IGN]
    old_handlers = {signum: signal.signal(signum, handler) for signum in taken}
    old_fd = signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
    watcher = threading.Thread(target=watch, name="samegame-ctrl-c", daemon=True)
    watcher.start()
    try:
        yield interruption
    finally:
        interruption.close()
        signal.set_wakeup_fd(old_fd)
        for signum, old_handler in old_handlers.items():
            signal.signal(signum, old_handler)
        os.close(write_end)
        watcher.join(timeout=1)
        os.close(read_end)
        engine.resume()


T = TypeVar("T")


class Ending:
    """A run whose results, once complete, are said in full (``ended_in_full``)."""

    def __init__(self, stack: ExitStack) -> None:
        self._stack = stack

    def play(self, work: Callable[[], T]) -> T:
        """``work()`` under ``interruptible(raises=True)``, and its result. A stop
        while it runs is the work's to take (a run keeps the games it played and
        says why it stopped); if it does not, it goes on from here. One that lands
        once the work has returned, even before this call has, is held to the end
        of the ``ended_in_full`` block: what the work made is said first, then the
        command ends as a stop ends it (130, 143)."""
        done: list[T] = []
        try:
            with interruptible(raises=True):
                done.append(work())
            self._stack.enter_context(held())
        except KeyboardInterrupt as stop:
            if not done:
                raise
            self._stack.enter_context(held())
            raise_or_hold(stop)
        return done[0]


@contextmanager
def ended_in_full() -> Iterator[Ending]:
    """A block that plays a run with ``Ending.play`` and then says its results: a
    request to stop that comes after the run's last game (while the workers are
    ended, the records kept and the summary printed) waits until the block ends,
    so the summary is never cut off, and then ends the command with its code and
    word (issue 43: SIGTERM right after the last board gave 130 and no summary)."""
    with ExitStack() as stack:
        yield Ending(stack)


@contextmanager
def ticks(seconds: float | None, report: Callable[[float], None]) -> Iterator[None]:
    """While a timed search of ``seconds`` runs: ``report(done)`` every quarter of
    the time, from another thread, at most ``PROGRESS_LINES - 1`` times (the end
    says itself); nothing for untimed work or less than 2 seconds."""
    if seconds is None or seconds < 2:
        yield
        return
    stop = threading.Event()
    started = time.monotonic()

    def run() -> None:
        for quarter in range(1, PROGRESS_LINES):
            if stop.wait(max(0.0, started + seconds * quarter / PROGRESS_LINES - time.monotonic())):
                return
            report(round(seconds * quarter / PROGRESS_LINES, 1))

    thread = threading.Thread(target=run, name="samegame-progress", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def progress(
    seconds: float | None, line: Callable[[str, str], str], tr: Translator
) -> AbstractContextManager[None]:
    """A progress line on stderr every quarter of a timed search, as ``ticks``:
    ``line(done, total)`` with the time searched and the whole time in words of
    ``tr``'s language."""
    if seconds is None:
        return ticks(None, lambda done: None)
    total = seconds_words(tr, seconds)
    return ticks(seconds, lambda done: say(line(seconds_words(tr, done), total)))


def interruptible_bot(spec: BotSpec) -> AbstractContextManager[Interruption]:
    """Ctrl-C during the games of ``spec``: a built-in bot's search stops and keeps
    its best (``interruptible``); a plugin's bot is simply interrupted (a
    KeyboardInterrupt, which also stops its child process), since nothing can make
    it stop early and keep its best."""
    from samegame.plugin.host import get_host

    if get_host().third_party("bot", spec.name) is not None:
        return nullcontext(Interruption())
    return interruptible()


def stop_if_interrupted(interrupted: bool, interrupted_kept: Said, terminated_kept: Said) -> None:
    """After Ctrl-C: one line on what was kept (``interrupted_kept``; after SIGTERM
    or SIGHUP ``terminated_kept``), and exit status 130 (143 after SIGTERM or
    SIGHUP)."""
    if interrupted:
        said = terminated_kept if interrupts.terminated() else interrupted_kept
        raise fail(said, ExitCode(interrupts.exit_code()))


def number_text(value: float) -> str:
    """``12,345``: a whole number with its thousands separated."""
    return f"{value:,.0f}"


def seconds_text(value: float, tr: Translator | None = None) -> str:
    """``5.1 seconds``: a unit a speech synthesizer reads as a word (A30), in the
    language of ``tr`` (English when none is given)."""
    tr = english(tr)
    return tr("research.seconds", seconds=f"{value:.1f}")
