"""A request to stop while a command starts (issue 43, item 7).

A signal in the first half second of a command printed a traceback and exited 1
in 41 of 72 runs: the command line took the signal (``interrupts.arm``) and then
loaded the command outside the code that turns a stop into its exit code. A stop
while the command line loads now ends it silently with 130 (Ctrl-C) or 143
(SIGTERM, SIGHUP); a stop once the command has begun is the command's own (its
one line, 130 or 143).

For every command of the table, the stop is raised at a call chosen by
hypothesis among all the Python calls the loading makes (a signal arrives between
two bytecodes; a call is as fine a grain as a test can name), and the handler
runs there, or where Python drops what it raises (a weakref callback of the
import system: a run from scratch found the stop lost there and "Exception
ignored" printed). The request is held to the end of the loading, so neither
cuts the loading short nor is lost. A process started
from scratch, signalled while it imports, is tests/system/test_signals_while_starting.py's
(a process forked from a warm one has nothing left to import).
"""

from __future__ import annotations

import io
import shlex
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from command_lines import COMMAND_LINES, READ_MOVES, copy_inputs, make_inputs
from samegame.cli import app, interrupts
from samegame.cli.app import run

CODES = {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGHUP: 143}
LINES = sorted(set(COMMAND_LINES.values()))


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_inputs(tmp_path_factory.mktemp("inputs"))


@pytest.fixture
def inputs(files: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    copy_inputs(files, tmp_path)
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", "1")
    monkeypatch.chdir(tmp_path)
    return tmp_path


class StopAtCall:
    """Wrap the loading of the command line (``app._command_line``) so that a
    stop signal's handler (``interrupts``' own) runs at its ``at``-th Python
    call, or at its end when it makes fewer calls (``at`` None: only count the
    calls). With ``dropped``, the handler runs where Python drops what it raises
    (a weakref callback, ``__del__``), as the import system's module locks have
    one."""

    def __init__(self, at: int | None, number: int, dropped: bool = False) -> None:
        self.at, self.number, self.dropped, self.calls = at, number, dropped, 0
        self.loading: Callable[..., Any] = app._command_line

    def _signal(self) -> None:
        try:
            interrupts._handler(self.number, None)
        except KeyboardInterrupt:
            if not self.dropped:
                raise

    def _trace(self, frame: FrameType, event: str, arg: object) -> None:
        if event == "call":
            self.calls += 1
            if self.calls == self.at:
                self._signal()  # what it raises unsets the trace, the frame raises it

    def __call__(self, args: list[str]) -> Any:
        sys.settrace(self._trace)
        try:
            loaded = self.loading(args)
        finally:
            sys.settrace(None)
        if self.at is not None and self.calls < self.at:
            self._signal()
        return loaded


_calls: dict[str, int] = {}
"""How many calls the loading of each command line makes, counted once."""


def _calls_loading(line: str) -> int:
    if line not in _calls:
        counter = StopAtCall(None, signal.SIGINT)
        counter(shlex.split(line))
        _calls[line] = counter.calls
    return _calls[line]


@settings(
    max_examples=120,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    line=st.sampled_from(LINES),
    number=st.sampled_from(sorted(CODES)),
    where=st.floats(min_value=0, max_value=1),
    dropped=st.booleans(),
)
def test_a_stop_while_the_command_line_loads_ends_it_silently(
    inputs: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    line: str,
    number: signal.Signals,
    where: float,
    dropped: bool,
) -> None:
    at = 1 + int(where * (_calls_loading(line) - 1))
    with monkeypatch.context() as patch:
        patch.setattr(app, "_command_line", StopAtCall(at, number, dropped))
        patch.setattr(sys, "stdin", io.StringIO(READ_MOVES))
        code = run(shlex.split(line))
    said = capsys.readouterr()
    assert (code, said.out, said.err) == (CODES[number], "", "")
