"""Requests to stop: copies of one request count once; the first one decides the
exit code (Ctrl-C 130, SIGTERM or SIGHUP 143)."""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from samegame.cli import interrupts
from samegame.core import stops


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    interrupts.reset()
    yield
    interrupts.reset()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@given(
    gaps=st.lists(st.floats(min_value=0, max_value=2, allow_nan=False), min_size=1, max_size=12),
    first=st.sampled_from([signal.SIGINT, signal.SIGTERM, signal.SIGHUP]),
)
def test_requests_within_the_window_of_the_last_taken_are_copies(
    gaps: list[float], first: signal.Signals
) -> None:
    """A request is counted when it comes SAME_STOP_SECONDS or more after the last
    counted one; the exit code is the first request's."""
    clock = Clock()
    original = stops.time.monotonic
    stops.time.monotonic = clock  # type: ignore[assignment]
    try:
        interrupts.reset()
        expected, last = 1, clock.now
        assert interrupts.pressed(first) == 1
        for gap in gaps:
            clock.now += gap
            counted = interrupts.pressed(signal.SIGINT)
            if clock.now - last >= stops.SAME_STOP_SECONDS:
                expected, last = expected + 1, clock.now
                assert counted == expected
            else:
                assert counted == 0
        assert interrupts.presses() == expected
        assert interrupts.exit_code() == (130 if first == signal.SIGINT else 143)
        assert interrupts.word() == ("interrupted" if first == signal.SIGINT else "terminated")
    finally:
        stops.time.monotonic = original  # type: ignore[assignment]


def test_a_stop_signal_raises_terminated_or_keyboard_interrupt() -> None:
    assert isinstance(interrupts.stop_error(signal.SIGTERM), stops.Terminated)
    assert isinstance(interrupts.stop_error(signal.SIGHUP), stops.Terminated)
    error = interrupts.stop_error(signal.SIGINT)
    assert isinstance(error, KeyboardInterrupt)
    assert not isinstance(error, stops.Terminated)


@pytest.mark.parametrize("where", ["as the command line begins", "as the process ends"])
@pytest.mark.parametrize("request_", [stops.Terminated, KeyboardInterrupt])
def test_a_request_between_two_guards_ends_the_process_with_its_code(
    monkeypatch: pytest.MonkeyPatch, where: str, request_: type[KeyboardInterrupt]
) -> None:
    """Python runs a pending signal handler as a function is entered, before the
    function's first line: a request that lands as the command line's ``main`` is
    entered, or as ``end_process`` is, raises where no ``try`` of theirs holds it.
    The entry point ends the process with the request's code, never a traceback."""
    from samegame import cli
    from samegame.cli import app

    ended: list[int] = []

    def end_process(code: int) -> None:
        if where == "as the process ends" and not ended:
            ended.append(-1)
            raise request_  # the handler, run at the call's first step
        ended.append(code)
        raise SystemExit(code)

    def run_main() -> None:
        if where == "as the command line begins":
            raise request_
        interrupts.end_process(0)

    monkeypatch.setattr(interrupts, "arm", lambda: None)
    monkeypatch.setattr(sys, "unraisablehook", sys.unraisablehook)  # main sets its own
    monkeypatch.setattr(interrupts, "end_process", end_process)
    monkeypatch.setattr(app, "main", run_main)
    code = 143 if request_ is stops.Terminated else 130
    try:
        with pytest.raises(SystemExit) as ended_with:
            cli.main()
    except KeyboardInterrupt:  # what Python would print as a traceback
        pytest.fail(f"the request {where} escaped the entry point")
    assert (ended_with.value.code, ended[-1]) == (code, code)
