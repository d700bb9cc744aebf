"""The time budget of one worker's searches: a thread that sets their stop flags.

``StopTimer`` sets ``control[0]`` of every lane of a worker's search when the
budget is spent: at a wall-clock deadline (``time.time()``), or after a number
of CPU seconds of this process. A *slice* stops the running search earlier,
after a part of the budget (the colour race's slices, ``samegame.bots.search.race``).
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING

from samegame.bots.search import stop_flags

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


class StopTimer:
    """Sets ``control[0]`` of every one of ``controls`` from a thread when the time
    budget is spent: at a wall clock ``deadline`` (``time.time()``), or after
    ``cpu_seconds`` of this process's CPU time. Neither: unlimited. The thread
    polls every ``CPU_POLL`` seconds on the CPU clock, and during a slice.

    A *slice* (``begin_slice``) stops the running search earlier, after a part of
    the budget; ``end_slice`` then lets the next search run, unless the whole
    budget is spent or the searches were interrupted meanwhile. Once the budget
    is spent it stays spent, whatever the wall clock does afterwards."""

    CPU_POLL = 0.005

    def __init__(
        self,
        controls: list[npt.NDArray[np.int64]],
        deadline: float | None,
        cpu_seconds: float | None,
    ) -> None:
        self.controls = controls
        self.deadline = deadline
        self.cpu_limit = None if cpu_seconds is None else time.process_time() + cpu_seconds
        self.unlimited = deadline is None and cpu_seconds is None
        self._expired = False
        # The end of the running slice on this budget's clock (None: no slice),
        # and the lock that orders the watcher's stops against ``end_slice``.
        self._slice_end: float | None = None
        self._slice_lock = threading.Lock()
        self._wake = threading.Event()
        self._closed = False
        self._thread = None
        if not self.unlimited and self.spent():
            # Spent before the search began (a start-up longer than the budget):
            # stop it after its first playout, with no race against the thread.
            for control in controls:
                control[0] = 1
        elif not self.unlimited:
            self._thread = threading.Thread(target=self._watch, daemon=True)
            self._thread.start()

    def _now(self) -> float:
        return time.process_time() if self.cpu_limit is not None else time.time()

    def left(self) -> float:
        """Seconds of the budget left on its clock (infinite when unlimited)."""
        if self.cpu_limit is not None:
            return self.cpu_limit - time.process_time()
        if self.deadline is not None:
            return self.deadline - time.time()
        return float("inf")

    def spent(self) -> bool:
        if not self._expired:
            wall = self.deadline is not None and time.time() >= self.deadline
            cpu = self.cpu_limit is not None and time.process_time() >= self.cpu_limit
            self._expired = wall or cpu
        return self._expired

    def begin_slice(self, seconds: float) -> None:
        """Stop the search that runs next after ``seconds`` on the budget's clock
        (or at the budget's end, if that comes first)."""
        with self._slice_lock:
            self._slice_end = self._now() + seconds
        self._wake.set()

    def end_slice(self) -> bool:
        """Clear the slice and its stop; False (the stop kept) when the whole
        budget is spent or the searches were interrupted."""
        with self._slice_lock, stop_flags.LOCK:
            self._slice_end = None
            if self.spent() or stop_flags.interrupted():
                for control in self.controls:
                    control[0] = 1
                return False
            for control in self.controls:
                control[0] = 0
            return True

    def _watch(self) -> None:
        while True:
            with self._slice_lock:
                if self._closed:
                    return
                if self.spent():
                    break
                end = self._slice_end
                if end is not None and self._now() >= end:
                    for control in self.controls:
                        control[0] = 1
                    end = None
                if self.cpu_limit is not None:
                    wait = self.CPU_POLL
                else:
                    assert self.deadline is not None
                    until = self.deadline if end is None else min(self.deadline, end)
                    wait = max(0.0, until - time.time())
            if self._wake.wait(wait):
                self._wake.clear()
        for control in self.controls:
            control[0] = 1

    def close(self) -> None:
        with self._slice_lock:
            self._closed = True
        self._wake.set()
        if self._thread is not None:
            self._thread.join()
