"""Stopping long work with a signal, as a CI wrapper or a terminal does it: one
request to stop, however many copies of the signal arrive (coreutils ``timeout``
signals the process and then its whole process group), always ends with the
summary so far, the documented exit code (Ctrl-C 130; SIGTERM and SIGHUP 143), no
traceback, and no damaged or half-written results file.

Each case starts a command in its own process group, waits until it is at work,
then signals the process and its group exactly as ``timeout`` does; one case runs
under the real ``timeout``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

SAMEGAME = [sys.executable, "-m", "samegame"]
BOARD = ("--format", "board")
CODES = {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGHUP: 143}
WORDS = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated", signal.SIGHUP: "terminated"}
OLD_RESULTS = '{"old": "results"}\n'


@dataclass(frozen=True)
class Work:
    """A long command, the line on stderr that says it is at work, how long to let
    it work after that, and the summary line it must print on stdout."""

    name: str
    args: tuple[str, ...]
    started: str
    settle: float
    summary: str
    records: bool = True


def _board(folder: Path) -> Path:
    board = folder / "board.txt"
    made = subprocess.run(
        [*SAMEGAME, "board", "show", "--preset", "benchmark", *("--board-number", "1"), *BOARD],
        capture_output=True,
        text=True,
        check=True,
    )
    board.write_text(made.stdout, encoding="utf-8")
    return board


PROCESSES = ("--workers", "2", "--out", "out.jsonl")
SIMULATE = ("simulate", "--bot", "greedy", "--games", "100000", "--out", "out.jsonl")
WORK = [
    Work("simulate-local", (*SIMULATE, "--workers", "1"), "Playing", 1.0, "records? written"),
    Work(
        "simulate-process",
        (*SIMULATE, "--workers", "2", "--executor", "process"),
        "Playing",
        1.5,
        "records? written",
    ),
    Work(
        "simulate-dask",
        (*SIMULATE, "--workers", "2", "--executor", "dask"),
        "Playing",
        2.5,
        "records? written|No record written",
    ),
    Work(
        "solve",
        ("solve", "--board", "BOARD", "--bot", "nrpa", "--time", "60", "--preset", "benchmark"),
        "Searching",
        1.0,
        "^Score ",
        records=False,
    ),
    Work(
        "bench-process-before-the-first-position",
        ("bench", "standard", "--bot", "nrpa", "--time-per-position", "60", *PROCESSES),
        "Playing",
        1.0,
        "^Total: 0 points",
    ),
]
POOL = ("--workers", "2", "--executor", "process")
FAST = {"simulate-process", "solve"}


def _cases() -> list[object]:
    cases: list[object] = []
    for work in WORK:
        for number in CODES:
            marks = [] if work.name in FAST else [pytest.mark.slow]
            cases.append(pytest.param(work, number, marks=marks, id=f"{work.name}-{number.name}"))
    return cases


def _signals_as_a_shell_gives_them() -> None:
    """In the child: the stop signals at their defaults, as a shell on a terminal
    starts a program. A test run started under nohup (or in the background) ignores
    SIGHUP (or SIGINT), and samegame rightly keeps a signal ignored that it was
    started ignoring."""
    for number in CODES:
        signal.signal(number, signal.SIG_DFL)


def _start(work: Work, folder: Path) -> subprocess.Popen[str]:
    args = [str(_board(folder)) if arg == "BOARD" else arg for arg in work.args]
    environment = {**os.environ, "SAMEGAME_HOME": str(folder / "home"), "PYTHONWARNINGS": ""}
    return subprocess.Popen(
        [*SAMEGAME, *args],
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
        start_new_session=True,  # its own process group, as under timeout
        preexec_fn=_signals_as_a_shell_gives_them,
    )


def _wait_for_line(child: subprocess.Popen[str], text: str, within: float = 120) -> list[str]:
    assert child.stderr is not None
    seen: list[str] = []
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        line = child.stderr.readline()
        if not line:
            break
        seen.append(line)
        if text in line:
            return seen
    raise AssertionError(f"never said {text!r}: {''.join(seen)}")


def _signal_like_timeout(child: subprocess.Popen[str], number: signal.Signals) -> None:
    """What coreutils timeout does when the time is up: the signal to the child, then
    to its whole process group."""
    os.kill(child.pid, number)
    os.killpg(child.pid, number)


def _finish(child: subprocess.Popen[str], within: float = 60) -> tuple[int, str, str]:
    try:
        out, err = child.communicate(timeout=within)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        out, err = child.communicate()
        raise AssertionError(f"still running {within} seconds after the signal\n{err}") from None
    return child.returncode, out, err


def _check_results(folder: Path, out: str) -> None:
    """No temporary file left; the results file holds whole records, as many as the
    summary says, or the old results untouched when nothing was played."""
    assert not [p.name for p in folder.iterdir() if p.name.endswith(".part")]
    text = (folder / "out.jsonl").read_text(encoding="utf-8")
    if text == OLD_RESULTS:
        assert "No record written" in out, out
        return
    lines = text.splitlines()
    for line in lines:
        json.loads(line)
    said = re.search(r"(\d+) records? written", out)
    assert said is not None, out
    assert int(said.group(1)) == len(lines)


@pytest.mark.parametrize(("work", "number"), _cases())
def test_one_request_to_stop_ends_with_the_summary_and_its_code(
    tmp_path: Path, work: Work, number: signal.Signals
) -> None:
    (tmp_path / "out.jsonl").write_text(OLD_RESULTS, encoding="utf-8")
    child = _start(work, tmp_path)
    try:
        before = _wait_for_line(child, work.started)
        time.sleep(work.settle)
        _signal_like_timeout(child, number)
        status, out, err = _finish(child)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.communicate()
    err = "".join(before) + err
    assert status == CODES[number], err
    assert "Traceback" not in err, err
    assert "twice" not in err, err
    last = err.strip().splitlines()[-1]
    assert last.startswith(f"Error: {WORDS[number]}"), err
    assert re.search(work.summary, out, re.MULTILINE), out
    if work.records:
        _check_results(tmp_path, out)


@pytest.mark.skipif(shutil.which("timeout") is None, reason="coreutils timeout is not here")
def test_under_the_real_timeout_a_simulation_ends_with_143_and_its_summary(
    tmp_path: Path,
) -> None:
    environment = {**os.environ, "SAMEGAME_HOME": str(tmp_path / "home")}
    ran = subprocess.run(
        ["timeout", "--preserve-status", "-s", "TERM", "8", *SAMEGAME, *SIMULATE, *POOL],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
    )
    assert ran.returncode == 143, ran.stderr
    assert "Traceback" not in ran.stderr
    assert ran.stderr.strip().splitlines()[-1].startswith("Error: terminated after "), ran.stderr
    assert re.search("records? written", ran.stdout), ran.stdout
    _check_results(tmp_path, ran.stdout)
