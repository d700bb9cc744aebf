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

import contextlib
import functools
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

import warm

SAMEGAME = [sys.executable, "-m", "samegame"]
Child = subprocess.Popen[str] | warm.Started
BOARD = ("--format", "board")
CODES = {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGHUP: 143}
WORDS = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated", signal.SIGHUP: "terminated"}
OLD_RESULTS = '{"old": "results"}\n'


@dataclass(frozen=True)
class Work:
    """A long command, the line on stderr that says it is at work, how long to let
    it work after that, and the summary line it must print on stdout. A work that
    ``streams`` its records is signalled once its results file in the making holds
    a whole record and ``settle`` seconds more have passed: then it is surely
    writing (a time alone was either a guess on a busy machine or seconds of a
    pool's CPU)."""

    name: str
    args: tuple[str, ...]
    started: str
    settle: float
    summary: str
    records: bool = True
    streams: bool = False


@functools.cache
def _board_text() -> str:
    """The benchmark preset's board 1 as ``board show`` writes it, made once a
    worker (a process of its own each time cost a fresh interpreter a case)."""
    made = subprocess.run(
        [*SAMEGAME, "board", "show", "--preset", "benchmark", *("--board-number", "1"), *BOARD],
        capture_output=True,
        text=True,
        check=True,
    )
    return made.stdout


def _board(folder: Path) -> Path:
    board = folder / "board.txt"
    board.write_text(_board_text(), encoding="utf-8")
    return board


PROCESSES = ("--workers", "2", "--out", "out.jsonl")
SIMULATE = ("simulate", "--bot", "greedy", "--games", "100000", "--out", "out.jsonl")
WORK = [
    Work(
        "simulate-local",
        (*SIMULATE, "--workers", "1"),
        "Playing",
        0.2,
        "records? written",
        streams=True,
    ),
    Work(
        "simulate-process",
        (*SIMULATE, "--workers", "2", "--executor", "process"),
        "Playing",
        0.2,
        "records? written",
        streams=True,
    ),
    Work(
        "simulate-dask",
        (*SIMULATE, "--workers", "2", "--executor", "dask"),
        "Playing",
        0.2,
        "records? written",
        streams=True,
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
    """Each work with Ctrl-C and with one of SIGTERM and SIGHUP, in turn (the two
    take the same path to the same code, 143; each is tried on half the works)."""
    cases: list[object] = []
    for index, work in enumerate(WORK):
        for number in (signal.SIGINT, (signal.SIGTERM, signal.SIGHUP)[index % 2]):
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


def _start(work: Work, folder: Path, *, fresh: bool = False) -> Child:
    """The work started in a session and process group of its own (as under
    ``timeout``) with the stop signals at their defaults, forked from a warm
    process (tests/warm.py); ``fresh``: a new interpreter, which still has the
    command line to load."""
    args = [str(_board(folder)) if arg == "BOARD" else arg for arg in work.args]
    environment = {**os.environ, "SAMEGAME_HOME": str(folder / "home"), "PYTHONWARNINGS": ""}
    if not fresh:
        return warm.start(args, env=environment, cwd=folder, session=True, shell_signals=True)
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


def _wait_for_line(child: Child, text: str, within: float = 120) -> list[str]:
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


def _wait_for_a_record(child: Child, folder: Path, within: float = 120) -> None:
    """Wait until the results file in the making (``.*.part`` beside ``out.jsonl``)
    holds a whole record."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        assert child.poll() is None, "the work ended before it wrote a record"
        for part in folder.glob(".*.part"):
            with contextlib.suppress(FileNotFoundError):
                if b"\n" in part.read_bytes():
                    return
        time.sleep(0.01)
    raise AssertionError(f"no record written within {within} seconds")


def _signal_like_timeout(child: Child, number: signal.Signals) -> None:
    """What coreutils timeout does when the time is up: the signal to the child, then
    to its whole process group."""
    os.kill(child.pid, number)
    os.killpg(child.pid, number)


def _finish(child: Child, within: float = 60) -> tuple[int, str, str]:
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
        if work.streams:
            _wait_for_a_record(child, tmp_path)
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
    (tmp_path / "out.jsonl").write_text(OLD_RESULTS, encoding="utf-8")
    # Three seconds: the pool writes its first record within half a second on a
    # quiet machine (each second more is three processes' CPU); on a machine so
    # slow that it has not, the old results must then be left whole, which
    # _check_results checks too.
    ran = subprocess.run(
        ["timeout", "--preserve-status", "-s", "TERM", "3", *SAMEGAME, *SIMULATE, *POOL],
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


# Every phase of a run with a search bot (issue 43, item 7: SIGTERM while a search
# was being prepared ended as "interrupted", 130; right after the last board, 130
# with no summary; after the whole output, -15 with no code of samegame's). Beam
# search: its kernels load fastest, and the suite has compiled them.
PHASE_GAMES = ("--games", "40", "--size", "8x8", "--out", "out.jsonl")
ENDED_GAMES = "4"
"""The games of the "ended" phase, whose signal comes after the last game: as few as
show a whole run's output (a tenth of the others' games and time)."""
PHASE_WORK = {
    "compare-local": ("compare", "--bots", "greedy,beam:width=2", *PHASE_GAMES),
    "compare-process": ("compare", "--bots", "greedy,beam:width=2", *PHASE_GAMES, *POOL),
    "simulate-local": ("simulate", "--bot", "beam:width=2", *PHASE_GAMES),
    "simulate-process": ("simulate", "--bot", "beam:width=2", *PHASE_GAMES, *POOL),
    "solve": ("solve", "--board", "BOARD", "--bot", "beam:width=3000", "--preset", "benchmark"),
}
PHASE_LINES = {"compare": "Comparing", "simulate": "Playing", "solve": "Searching"}
LAST_LINES = {
    "compare": f"Played {ENDED_GAMES} of {ENDED_GAMES}",
    "simulate": f"Played {ENDED_GAMES} of {ENDED_GAMES}",
    "solve": "Replay it",
}
COMPLETE = {"compare": "records? written", "simulate": "records? written", "solve": "^Replay it"}
"""What ends each command's whole output on stdout."""
PHASES = {
    # from the moment samegame takes SIGTERM: the command line loads, the search is
    # prepared (loaded from numba's cache), before the first game
    "preparing": (0.05, 0.6),
    # after the line that says the work has begun: games or the search under way
    "playing": (0.05, 0.8),
    # after the last game's line: the summary being printed, the process ending
    "ended": (0.0, 0.003),
}


def _phase_cases() -> list[object]:
    """Each command in each phase once, its signal in turn (SIGTERM, Ctrl-C, SIGHUP),
    so that every phase meets every signal and every command meets every signal
    (each pair of the three is tried; a delay drawn in the phase's window)."""
    draw = random.Random(4371)
    turn = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
    cases: list[object] = []
    for index, name in enumerate(PHASE_WORK):
        for shift, (phase, (low, high)) in enumerate(PHASES.items()):
            number = turn[(index + shift) % len(turn)]
            delay = round(draw.uniform(low, high), 3)
            marks = [] if number is signal.SIGTERM else [pytest.mark.slow]
            label = f"{name}-{phase}-{number.name}-{delay}"
            cases.append(pytest.param(name, phase, number, delay, marks=marks, id=label))
    return cases


def _takes_sigterm(pid: int) -> bool:
    """Whether samegame has armed (Linux: SIGTERM among the caught signals)."""
    status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    caught = next(line for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(int(caught.split()[1], 16) >> (signal.SIGTERM - 1) & 1)


def _reach(child: Child, name: str, phase: str) -> tuple[list[str], list[str]]:
    """Wait until ``phase`` of the command begins; the stderr and the stdout lines
    read meanwhile."""
    command = name.split("-")[0]
    if phase == "preparing":
        deadline = time.monotonic() + 30
        while child.poll() is None and not _takes_sigterm(child.pid):
            assert time.monotonic() < deadline, "samegame never took SIGTERM"
            time.sleep(0.001)
        return [], []
    if phase == "playing":
        return _wait_for_line(child, PHASE_LINES[command]), []
    if command != "solve":
        return _wait_for_line(child, LAST_LINES[command]), []
    assert child.stdout is not None  # solve's last line is on stdout
    read = [child.stdout.readline()]
    while read[-1] and LAST_LINES[command] not in read[-1]:
        read.append(child.stdout.readline())
    return [], read


PF_EXITING = 0x4
"""Linux's flag of a process that has begun to end (``os._exit`` called): a signal
then changes nothing, while the kernel frees its memory (numba's: milliseconds)."""


def _ended_first(child: Child) -> bool:
    """Whether the process has ended, or begun to end, already (not reaped, so its
    pid stays its own)."""
    stat = Path(f"/proc/{child.pid}/stat").read_text(encoding="ascii")
    state, *fields = stat.rsplit(")", 1)[1].split()
    return state == "Z" or bool(int(fields[5]) & PF_EXITING)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
@pytest.mark.parametrize(("name", "phase", "number", "delay"), _phase_cases())
def test_a_stop_in_any_phase_of_a_search_ends_as_its_signal(
    tmp_path: Path, name: str, phase: str, number: signal.Signals, delay: float
) -> None:
    (tmp_path / "out.jsonl").write_text(OLD_RESULTS, encoding="utf-8")
    args = PHASE_WORK[name]
    if phase == "ended":
        args = tuple(ENDED_GAMES if arg == "40" else arg for arg in args)
    work = Work(name, args, "", 0, "")
    # While the command line loads: a new interpreter, which has it to load.
    child = _start(work, tmp_path, fresh=phase == "preparing")
    try:
        before, printed = _reach(child, name, phase)
        time.sleep(delay)
        ended_first = _ended_first(child)
        _signal_like_timeout(child, number)
        # Ending already just after the signal: it came in the process's last
        # instant (after Python's last step, where no handler can run), or the
        # test was held up between the look before and the signal.
        ending = _ended_first(child)
        status, out, err = _finish(child)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.communicate()
    err, out = "".join(before) + err, "".join(printed) + out
    assert "Traceback" not in err, err
    if ended_first:  # the signal came too late to stop anything
        assert status == 0, err
        return
    if ending and status == 0:  # too late as well, by the look after it
        return
    assert status == CODES[number], err
    lines = err.strip().splitlines()
    said = bool(lines) and lines[-1].startswith(f"Error: {WORDS[number]}")
    # Silent only while the command line loads (nothing begun: documented) or once
    # the command has said everything (the request came as the process ended).
    complete = re.search(COMPLETE[name.split("-")[0]], out, re.MULTILINE) is not None
    assert said or (phase == "preparing" and out == "") or (phase == "ended" and complete), err
    if name != "solve" and (tmp_path / "out.jsonl").read_text(encoding="utf-8") != OLD_RESULTS:
        _check_results(tmp_path, out)  # games were played: the summary was printed
