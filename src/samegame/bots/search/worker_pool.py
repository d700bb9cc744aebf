"""The worker processes of root-parallel searches (``nmcs:workers=N``).

One process pool, kept for later searches and shut down when the interpreter
exits. Worker processes start with 'spawn' (nothing is inherited from this
process), so a script that searches with them must guard its entry point with
``if __name__ == "__main__":``; each compiles or loads every kernel before its
first task.
"""

from __future__ import annotations

import atexit
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from samegame.bots.search.job import prepare
from samegame.bots.search.spec import Algorithm

_workers: ProcessPoolExecutor | None = None
_worker_count = 0


def worker_pool(size: int, wait: bool) -> ProcessPoolExecutor:
    """A process pool of at least ``size`` workers, kept for later searches. With
    ``wait`` this returns only when all of them are ready (a fixed budget waits
    for every worker anyway), otherwise at once (a wall-clock budget runs
    meanwhile, and a worker joins the search when it is ready)."""
    global _workers, _worker_count
    if _workers is None or _worker_count < size:
        if _workers is not None:
            _workers.shutdown()
        context = multiprocessing.get_context("spawn")
        _workers = ProcessPoolExecutor(size, mp_context=context, initializer=_warm_worker)
        _worker_count = size
        ready = [_workers.submit(_ready) for _ in range(size)]
        if wait:
            for started in ready:
                started.result()
    return _workers


def _ready() -> None:
    """A task that only waits for a worker process to be up (and warmed up)."""


def _warm_worker() -> None:
    for algorithm in Algorithm:
        prepare(algorithm)


@atexit.register
def _close_pool() -> None:
    if _workers is not None:
        _workers.shutdown(cancel_futures=True)
