"""A signal while a new ``samegame`` process starts (issue 43, items 7 and 10).

A new process spends its first few hundred milliseconds importing; a signal then
printed a traceback and exited 1 in 41 of 72 runs. Each case starts a real
process, waits until samegame takes the stop signals (Linux says so in
``/proc/PID/status``: SIGTERM among the caught signals), lets it load for a time
drawn from a seeded generator, and signals it: it ends with 130 (143), or as
the signal, never with a traceback, and silently unless the command had begun.
Before samegame takes the signals (Python's own start-up, about 20 ms, and the
import of the ``samegame`` package) SIGTERM and SIGHUP end the process as their
default does, and Ctrl-C is Python's.

The number of processes is kept small; the loading is stopped at every point in
one process by tests/unit/cli/test_stop_at_startup.py. The last test is item
10's pipe, as a shell gives it.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

SAMEGAME = [sys.executable, "-m", "samegame"]
CODES = {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGHUP: 143}
WORDS = {signal.SIGINT: "Error: interrupted", signal.SIGTERM: "Error: terminated"}
WORDS[signal.SIGHUP] = WORDS[signal.SIGTERM]
COMMANDS = (
    ("presets", "list"),
    ("verify", "records.jsonl"),
    ("play", "--fresh", "-y"),
    ("simulate", "--bot", "greedy", "--games", "50"),
    ("history",),
    ("board", "show", "--board-number", "1"),
)
PROC = Path("/proc/self/status")


def _cases() -> Iterator[object]:
    draw = random.Random(4307)
    for args in COMMANDS:
        number = draw.choice(sorted(CODES))
        delay = round(draw.uniform(0, 0.2), 3)
        yield pytest.param(args, number, delay, id=f"{args[0]}-{number.name}-{delay}")


def _defaults() -> None:
    """In the child: the stop signals at their defaults, as a shell gives them."""
    for number in CODES:
        signal.signal(number, signal.SIG_DFL)


def _takes_sigterm(pid: int) -> bool:
    """Whether the process has a handler for SIGTERM (samegame has armed)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    except OSError:
        return False
    for line in status.splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (signal.SIGTERM - 1) & 1)
    return False


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    made = tmp_path_factory.mktemp("startup")
    env = {**os.environ, "SAMEGAME_HOME": str(made / "home")}
    subprocess.run(
        [*SAMEGAME, "simulate", "--bot", "greedy", "--games", "1", "--out", "records.jsonl"],
        cwd=made,
        env=env,
        capture_output=True,
        check=True,
    )
    return made


@pytest.mark.skipif(not PROC.exists(), reason="needs /proc to see when samegame is armed")
@pytest.mark.parametrize(("args", "number", "delay"), list(_cases()))
def test_a_signal_while_the_process_loads_ends_it_as_the_signal(
    folder: Path, args: tuple[str, ...], number: signal.Signals, delay: float
) -> None:
    child = subprocess.Popen(
        [*SAMEGAME, *args],
        cwd=folder,
        env={**os.environ, "SAMEGAME_HOME": str(folder / "home")},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_defaults,
    )
    try:
        deadline = time.monotonic() + 30
        while not _takes_sigterm(child.pid) and child.poll() is None:
            assert time.monotonic() < deadline, "samegame never took SIGTERM"
            time.sleep(0.001)
        time.sleep(delay)
        child.send_signal(number)
        _, err = child.communicate("quit\n", timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert "Traceback" not in err, err
    assert "Exception ignored" not in err, err
    assert child.returncode in (CODES[number], -number, 0), (child.returncode, err)
    if child.returncode == CODES[number] and err.strip():
        assert err.strip().splitlines()[-1].startswith(WORDS[number]), err


def test_a_pipe_to_head_ends_the_command_with_0(folder: Path) -> None:
    """``samegame presets list | head -1`` as a shell runs it: the list's first
    line, exit 0, nothing on stderr."""
    ran = subprocess.run(
        ["bash", "-c", 'set -o pipefail; "$@" presets list | head -1', "bash", *SAMEGAME],
        cwd=folder,
        env={**os.environ, "SAMEGAME_HOME": str(folder / "home")},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (ran.returncode, ran.stderr) == (0, ""), ran.stderr
    assert ran.stdout.startswith("basic: "), ran.stdout
