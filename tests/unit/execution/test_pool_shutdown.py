"""Leaving a process pool ends its manager thread, so nothing runs at exit.

``concurrent.futures`` wakes every pool's manager thread at interpreter exit by
writing to a pipe, without the lock the thread holds while it closes that pipe. A
stopped run whose manager thread was still closing the pipe then printed
"Exception ignored in: <module 'threading'>" and a traceback after its one-line
error. ``open_executor`` now waits for the thread when it stops the pool.
"""

from __future__ import annotations

import time
from concurrent.futures import process as pool_internals

import pytest

from samegame.execution.executors import ExecutorKind, PoolExecutor, open_executor

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_a_stopped_pool_leaves_no_manager_thread_for_the_exit_hook(workers: int) -> None:
    with open_executor(ExecutorKind.process, workers) as executor:
        busy = [executor.call(time.sleep, 60) for _ in range(workers + 1)]
        assert isinstance(executor, PoolExecutor)
        manager = executor._pool._executor_manager_thread
        assert manager is not None
        wakeup = pool_internals._threads_wakeups[manager]
    assert all(handle.done() for handle in busy)
    assert not manager.is_alive()
    assert wakeup._closed
