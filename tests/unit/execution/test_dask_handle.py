"""A Dask future awaited with a timeout (``executors.DaskHandle``): the value, the
call's error, or TimeoutError, and never the future's own timed wait, which in
distributed 2026.8 races with the client's loop (under load ``bench --executor
dask`` ended in ``UnboundLocalError`` from ``distributed.utils.sync``)."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samegame.execution.executors import DaskExecutor, DaskHandle


class RacyFuture:
    """A future done after ``delay`` seconds whose timed ``result`` fails as
    distributed's did; an untimed ``result`` of a done future is safe."""

    def __init__(self, delay: float, value: object) -> None:
        self._done_at = time.monotonic() + delay
        self._value = value
        self.cancelled = False

    def done(self) -> bool:
        return time.monotonic() >= self._done_at

    def result(self, timeout: float | None = None) -> object:
        if timeout is not None:
            raise UnboundLocalError("cannot access local variable 'result'")
        while not self.done():
            time.sleep(0.001)
        if isinstance(self._value, BaseException):
            raise self._value
        return self._value

    def cancel(self) -> bool:
        self.cancelled = True
        return True


def _outcome(handle: DaskHandle, timeout: float) -> object:
    """What awaiting ``handle`` gave: its value, or the exception raised."""
    try:
        return handle.result(timeout=timeout)
    except Exception as error:  # the test looks at which
        return error


@settings(max_examples=30)
@given(
    delay=st.floats(0, 0.05),
    timeout=st.floats(0, 0.05),
    value=st.one_of(st.integers(), st.just(ValueError("the call failed"))),
)
def test_a_timed_wait_gives_the_value_the_error_or_a_timeout(
    delay: float, timeout: float, value: object
) -> None:
    got = _outcome(DaskHandle(RacyFuture(delay, value)), timeout)
    if isinstance(got, TimeoutError):
        assert delay > 0  # a future done at once is never timed out
    else:
        assert got is value or got == value


def test_waiting_again_after_a_timeout_gets_the_value() -> None:
    handle = DaskHandle(RacyFuture(0.05, 7))
    with pytest.raises(TimeoutError):
        handle.result(timeout=0.001)
    assert handle.result(timeout=1) == 7


def test_cancel_reaches_the_future() -> None:
    future = RacyFuture(1, 0)
    assert DaskHandle(future).cancel()
    assert future.cancelled


class RacyClient:
    """A ``distributed.Client`` whose futures are ``RacyFuture``s."""

    def nthreads(self) -> dict[str, int]:
        return {"worker": 2}

    def submit(self, fn: object, arg: object, pure: bool) -> RacyFuture:
        assert callable(fn)
        return RacyFuture(0.01, fn(arg))


def test_the_dask_executor_awaits_every_call_through_the_handle() -> None:
    executor = DaskExecutor(RacyClient())
    handle = executor.call(abs, -3)
    while True:
        try:
            assert handle.result(timeout=0.001) == 3
            break
        except TimeoutError:
            continue
