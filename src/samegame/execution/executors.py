"""Where work runs: in this process, in a process pool, or on a Dask cluster.

Every executor takes calls, ``call(fn, arg)`` of a picklable one-argument function
of an importable module and a small picklable argument (a game's task, a position
to value), and returns a ``Handle`` per call whose ``result()`` is the function's
value or raises its error. What the work is, is the caller's: the simulator sends
``samegame.sim.tasks.play_task``, ``bench`` and ``solve`` the game of a
``samegame.benchmark.runs.PlayTask``, the review
``samegame.review.valuing.value_task``. ``open_executor`` starts one and always
shuts it down:

- ``local``: one call at a time in this process; a call runs when its result is
  asked for, so an interrupted run has played exactly the games it reported;
- ``process``: ``concurrent.futures.ProcessPoolExecutor`` with ``workers``
  processes (started with ``spawn``, so workers share no state with this process;
  they ignore Ctrl-C, which only the main process handles, and die with this
  process however it ends: ``samegame.execution.lifetime.watch_parent``). On
  leaving,
  the pool is shut down without waiting; a worker still busy after
  ``STOP_GRACE`` seconds (a game stuck, or one abandoned by an early stop) is
  terminated, then killed;
- ``dask``: a ``dask.distributed.Client`` on ``scheduler`` (an address such as
  ``tcp://10.0.0.5:8786``) or on a ``LocalCluster`` with ``workers`` processes of
  one thread each, started and closed here (with Ctrl-C ignored while it starts,
  so that its worker processes ignore it too). Dask is imported only for this
  executor; ``ExecutorError`` says to install ``samegame[dask]`` when it is missing.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import BrokenExecutor, CancelledError, ProcessPoolExecutor
from contextlib import ExitStack, contextmanager
from enum import StrEnum
from itertools import islice
from typing import Any, Protocol

from samegame.core.quoting import shown
from samegame.core.stops import STOP_SIGNALS
from samegame.execution.lifetime import watch_parent
from samegame.i18n.said import Said


class ExecutorKind(StrEnum):
    local = "local"
    process = "process"
    dask = "dask"


class ExecutorError(RuntimeError):
    """An executor that cannot start: Dask missing, a scheduler out of reach."""


class ExecutorFailed(RuntimeError):
    """The executor lost work (a worker killed, a scheduler lost): one line, the
    failure's words (``failure_words``) and what was kept, which may be a
    catalogue message (``Said``), said in the player's language."""

    def __init__(self, message: str | Said) -> None:
        super().__init__(str(message))
        if isinstance(message, Said):
            self.said = message


def is_executor_failure(error: BaseException) -> bool:
    """Whether an error a handle raised is the executor's own (a worker process
    killed, a pool broken, a Dask cluster lost or a task cancelled) rather than
    one the task raised.

    >>> from concurrent.futures.process import BrokenProcessPool
    >>> is_executor_failure(BrokenProcessPool("a worker died")), is_executor_failure(ValueError())
    (True, False)
    """
    if isinstance(error, BrokenExecutor | CancelledError):
        return True
    return type(error).__module__.partition(".")[0] == "distributed"


MAX_FAILURE_TEXT = 200
"""Characters of an executor's error text that ``failure_words`` shows."""


def failure_words(error: BaseException) -> str:
    """The one line that reports an executor's failure: the error's type and its
    text, control characters (newlines too) escaped and cut to
    ``MAX_FAILURE_TEXT`` characters (distributed's texts run to several hundred).

    >>> failure_words(RuntimeError("lost\\nworker"))
    'the executor failed (RuntimeError: lost\\\\x0aworker)'
    """
    return f"the executor failed ({type(error).__name__}: {shown(str(error), MAX_FAILURE_TEXT)})"


class Handle(Protocol):
    """A submitted call (``Executor.call``)."""

    def result(self, timeout: float | None = None) -> Any:
        """The call's value, waiting for it if needed (at most ``timeout`` seconds,
        then TimeoutError); raises the call's error."""

    def cancel(self) -> bool:
        """Drop the call if it has not started."""


class Executor(Protocol):
    """Runs calls; ``slots`` is how many it can run at once. ``call`` runs a
    picklable one-argument function of an importable module."""

    @property
    def slots(self) -> int: ...

    def call(self, fn: Callable[[Any], Any], arg: Any) -> Handle: ...


class _Deferred:
    """A local call: made when its result is first asked for."""

    def __init__(self, fn: Callable[[Any], Any], arg: Any) -> None:
        self._fn = fn
        self._arg: Any = arg
        self._done = False
        self._value: Any = None

    def result(self, timeout: float | None = None) -> Any:
        if not self._done:
            assert self._arg is not None, "a cancelled call has no result"
            self._value = self._fn(self._arg)
            self._done = True
        return self._value

    def cancel(self) -> bool:
        self._arg = None
        return not self._done


class LocalExecutor:
    """Calls in this process, one at a time."""

    slots = 1

    def call(self, fn: Callable[[Any], Any], arg: Any) -> Handle:
        return _Deferred(fn, arg)


STOP_GRACE = 0.3  # seconds a pool's workers get to leave on their own


def _worker_start(parent: int) -> None:
    """Pool worker start-up: Ctrl-C, SIGTERM and SIGHUP are the main process's to
    handle (a terminal or ``timeout`` signals the whole process group; the main
    process stops the run in order and ends its workers), and the worker ends when
    its parent does."""
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    watch_parent(parent)


MANAGER_GRACE = 10.0  # seconds the pool's manager thread gets to close its pipes


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Shut the pool down now: queued games cancelled, workers given ``STOP_GRACE``
    seconds, then killed (they ignore SIGTERM, see ``_worker_start``); then wait
    for the pool's manager thread to finish closing its pipes.

    That last wait is what keeps a stopped run's last line its last: the manager
    thread closes its wake-up pipe when it sees the workers gone, and at
    interpreter exit ``concurrent.futures`` writes to that same pipe without a
    lock, so a close still under way made it print "Exception ignored in: <module
    'threading'>" and a traceback after the run's one-line error. Once the thread
    has ended the pipe is marked closed and the exit hook leaves it alone."""
    # The pool keeps these here; shutdown() forgets them, so look first.
    processes: list[Any] = list((getattr(pool, "_processes", None) or {}).values())
    manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + STOP_GRACE
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
    for process in processes:
        if process.is_alive():
            process.kill()
    for process in processes:
        process.join()
    if manager is not None:
        manager.join(MANAGER_GRACE)


@contextmanager
def _interrupts_ignored(signals: tuple[int, ...] = (signal.SIGINT,)) -> Iterator[None]:
    """Hold back ``signals`` meanwhile, so that processes started now ignore them
    from their first instruction (an inherited SIG_IGN survives exec, and Python
    keeps it). A request that arrives meanwhile is blocked, not lost: it reaches
    this process when the block ends. Children start with the signals blocked as
    well as ignored (``_worker_start`` unblocks them). Only the main thread can
    change signal handling; elsewhere this does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.getsignal(signum) for signum in signals}
    held = signal.pthread_sigmask(signal.SIG_BLOCK, signals)
    try:
        for signum in signals:
            signal.signal(signum, signal.SIG_IGN)
        try:
            yield
        finally:
            for signum, handler in previous.items():
                if handler is not None:
                    signal.signal(signum, handler)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


class PoolExecutor:
    """Calls in a ``ProcessPoolExecutor`` of ``workers`` processes.

    The pool starts a process at each of the first submissions, so those are made
    with Ctrl-C ignored (see ``_interrupts_ignored``)."""

    def __init__(self, pool: ProcessPoolExecutor, workers: int) -> None:
        self._pool = pool
        self._submitted = 0
        self.slots = workers

    def call(self, fn: Callable[[Any], Any], arg: Any) -> Handle:
        self._submitted += 1
        if self._submitted > self.slots:
            return self._pool.submit(fn, arg)
        with _interrupts_ignored(STOP_SIGNALS):
            return self._pool.submit(fn, arg)


DASK_POLL = 0.02
"""Seconds between looks at a Dask future while a result is awaited with a timeout."""


class DaskHandle:
    """A ``distributed.Future`` as a ``Handle``. A result awaited with a timeout is
    awaited here, by looking whether the future is done, never by the future's own
    ``result(timeout=...)``: in distributed 2026.8 that timeout races with the
    client's loop, and under load a call ended in ``UnboundLocalError`` instead of
    its value or a TimeoutError (seen in ``bench --executor dask``)."""

    def __init__(self, future: Any) -> None:
        self._future = future

    def result(self, timeout: float | None = None) -> Any:
        if timeout is not None:
            deadline = time.monotonic() + timeout
            while not self._future.done():
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no result within {timeout} s")
                time.sleep(min(DASK_POLL, left))
        return self._future.result()

    def cancel(self) -> bool:
        return bool(self._future.cancel())


class DaskExecutor:
    """Calls on a Dask cluster through a ``distributed.Client``."""

    def __init__(self, client: Any) -> None:
        self._client = client
        self.slots = max(1, sum(client.nthreads().values()))

    def call(self, fn: Callable[[Any], Any], arg: Any) -> Handle:
        return DaskHandle(self._client.submit(fn, arg, pure=False))


def ordered_calls(
    executor: Executor, fn: Callable[[Any], Any], args: Iterable[Any], window: int | None = None
) -> Generator[Any, None, None]:
    """``fn(arg)`` for each of ``args`` through ``executor.call``, in the order of
    ``args``, with at most ``window`` calls in flight (default: four per slot).
    Arguments are drawn one at a time, so memory stays bounded by the window; a
    call's error comes out when its turn comes. On leaving, early or not, the
    calls still in flight are cancelled. With the local executor each call runs
    when its result is asked for, so work stops exactly where the consumer does.

    >>> list(ordered_calls(LocalExecutor(), abs, [-3, 2, -1]))
    [3, 2, 1]
    """
    limit = window if window is not None else 4 * executor.slots
    if limit < 1:
        raise ValueError(f"the window holds at least one call, not {limit}")
    source = iter(args)
    in_flight: deque[Handle] = deque()
    try:
        for arg in islice(source, limit):
            in_flight.append(executor.call(fn, arg))
        while in_flight:
            value = in_flight.popleft().result()
            following = next(source, _END)
            if following is not _END:
                in_flight.append(executor.call(fn, following))
            yield value
    finally:
        for handle in in_flight:
            handle.cancel()


_END = object()


@contextmanager
def open_executor(
    kind: ExecutorKind, workers: int = 1, scheduler: str | None = None
) -> Iterator[Executor]:
    """Start an executor and shut it down on leaving (queued games cancelled; a
    pool's busy workers ended after a short grace)."""
    if kind is ExecutorKind.local:
        yield LocalExecutor()
    elif kind is ExecutorKind.process:
        context = multiprocessing.get_context("spawn")
        _start_resource_tracker()
        pool = ProcessPoolExecutor(
            workers, mp_context=context, initializer=_worker_start, initargs=(os.getpid(),)
        )
        try:
            yield PoolExecutor(pool, workers)
        finally:
            _stop_pool(pool)
    else:
        with _dask_client(workers, scheduler) as client:
            yield DaskExecutor(client)


@contextmanager
def _only_critical_logs(name: str) -> Iterator[None]:
    """Only CRITICAL records of logger ``name`` while inside (the client's side of
    the races that ``silence_logs`` quiets in the workers)."""
    logger = logging.getLogger(name)
    before = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(before)


def _start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker (shared by every process pool this
    process makes) with every stop signal ignored: by itself it ignores only SIGINT
    and SIGTERM, and SIGHUP to the process group would kill it."""
    from multiprocessing import resource_tracker

    with _interrupts_ignored(STOP_SIGNALS):
        resource_tracker.ensure_running()


@contextmanager
def _dask_client(workers: int, scheduler: str | None) -> Iterator[Any]:
    try:
        distributed = importlib.import_module("distributed")
    except ImportError:
        raise ExecutorError(
            "the dask executor needs dask.distributed; install samegame[dask]"
        ) from None
    with ExitStack() as stack:
        stack.enter_context(_only_critical_logs("distributed"))
        if scheduler is None:
            _start_resource_tracker()
            with _interrupts_ignored():
                cluster = stack.enter_context(
                    distributed.LocalCluster(
                        n_workers=workers,
                        processes=True,
                        threads_per_worker=1,
                        dashboard_address=None,
                        # Distributed logs its own shutdown races at ERROR with
                        # a traceback (a worker's heartbeat cut off as it
                        # closes); a game's failure reaches us through its
                        # future, so only CRITICAL reaches the terminal.
                        silence_logs=logging.CRITICAL,
                    )
                )
                client = stack.enter_context(distributed.Client(cluster))
        else:
            try:
                client = stack.enter_context(distributed.Client(scheduler, timeout=10))
            except (OSError, ValueError) as error:
                raise ExecutorError(
                    f"cannot reach the Dask scheduler at {scheduler} ({error}); "
                    "check the address and that the scheduler is running"
                ) from None
        _quiet_abandoned_gathers(client)
        yield client


def _quiet_abandoned_gathers(client: Any) -> None:
    """Drop the asyncio report of a gather that a stopped run abandoned.

    A run stopped by a signal stops waiting for its results; as the client closes,
    each gather still pending inside it ends with ``distributed.client.AllExit``,
    and nobody asks for that. asyncio then printed "Task exception was never
    retrieved" with a traceback after the run's last line. Every other report of
    the client's event loop goes to the handler it had."""
    all_exit = getattr(importlib.import_module("distributed.client"), "AllExit", None)
    loop = getattr(getattr(client, "loop", None), "asyncio_loop", None)
    if all_exit is None or loop is None:
        return
    before = loop.get_exception_handler()

    def handler(loop: Any, context: dict[str, Any]) -> None:
        if isinstance(context.get("exception"), all_exit):
            return
        if before is None:
            loop.default_exception_handler(context)
        else:
            before(loop, context)

    loop.set_exception_handler(handler)
