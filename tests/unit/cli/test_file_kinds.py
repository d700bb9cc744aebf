"""Every option and argument that reads a file, given what is not a regular file:
a named pipe with no writer, a folder, ``/dev/zero``, a socket, a symbolic-link
loop and a ``/proc`` file. Each run ends within a time bound (a pipe opened for
reading would wait for ever), with one ``Error:`` line and the documented exit
code: 4 for a board or record file, 3 for a preset file (a ``/proc`` file is a
regular file: read, its text is refused as a board or a preset, and as records it
is a file of lines that are not records, exit 1). ``FILE_KINDS`` counts the
inputs tried (printed at the end: ``pytest -s tests/unit/cli/test_file_kinds.py``).
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import signal
import socket
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType

import pytest

from samegame.cli.app import run

FILE_KINDS = {"inputs": 0}
SECONDS = 20
BOARD = "RRBGY\nRBBGY\nGGBYY\nRGBRR\n"

# Each file-taking place: the command line with FILE where the path goes, and the
# exit code of a file there that cannot be read.
BOARD_FILES = [
    (["replay", "--moves", "A1", "--board", "FILE"], 4),
    (["solve", "--bot", "greedy", "--board", "FILE"], 4),
    (["simulate", "--bot", "greedy", "--games", "1", "--boards", "FILE"], 4),
    (["compare", "--bots", "greedy,random", "--games", "1", "--boards", "FILE"], 4),
    (["verify", "FILE"], 4),
]
PRESET_FILES = [
    (["presets", "show", "FILE"], 3),
    (["play", "--accessible", "--preset", "FILE"], 3),
    (["replay", "--moves", "A1", "--board-number", "1", "--preset", "FILE"], 3),
    (["simulate", "--bot", "greedy", "--games", "1", "--preset", "FILE"], 3),
    (["compare", "--bots", "greedy,random", "--games", "1", "--preset", "FILE"], 3),
    (["solve", "--bot", "greedy", "--board", "board.txt", "--preset", "FILE"], 3),
    (["board", "show", "--preset", "FILE"], 3),
    (["board", "groups", "--preset", "FILE"], 3),
]
KINDS = ["fifo", "folder", "dev-zero", "socket", "link-loop", "proc"]


@pytest.fixture(scope="module", autouse=True)
def report_count() -> Iterator[None]:
    yield
    print(f"\nfile kinds: {FILE_KINDS['inputs']} inputs tried")


@pytest.fixture(scope="module")
def odd_files() -> Iterator[dict[str, str]]:
    """One path of each kind; a short folder, since a socket's path is short."""
    folder = Path(tempfile.mkdtemp(prefix="sg-kinds-", dir="/tmp"))
    listening = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        os.mkfifo(folder / "pipe.yaml")
        (folder / "dir.yaml").mkdir()
        listening.bind(str(folder / "sock.yaml"))
        (folder / "a.yaml").symlink_to(folder / "b.yaml")
        (folder / "b.yaml").symlink_to(folder / "a.yaml")
        yield {
            "fifo": str(folder / "pipe.yaml"),
            "folder": str(folder / "dir.yaml"),
            "dev-zero": "/dev/zero",
            "socket": str(folder / "sock.yaml"),
            "link-loop": str(folder / "a.yaml"),
            "proc": "/proc/self/status",
        }
    finally:
        listening.close()
        shutil.rmtree(folder)


class Hung(Exception):
    """The command did not end within the time bound."""


@contextlib.contextmanager
def time_bound(seconds: float) -> Iterator[None]:
    """Raise Hung in this thread after ``seconds`` (a blocked open is interrupted)."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise Hung(f"no end within {seconds} seconds")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def run_bounded(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Callable[[list[str]], tuple[int, str, str]]:
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", "1")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "board.txt").write_text(BOARD)

    def invoke(args: list[str]) -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
        with time_bound(SECONDS):
            code = run(args)
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return invoke


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(
    ("line", "code"),
    [
        pytest.param(line, code, id=f"{line[0]} {line[line.index('FILE') - 1]}")
        for line, code in BOARD_FILES + PRESET_FILES
    ],
)
def test_what_is_not_a_regular_file_is_one_line_at_once(
    run_bounded: Callable[[list[str]], tuple[int, str, str]],
    odd_files: dict[str, str],
    line: list[str],
    code: int,
    kind: str,
) -> None:
    path = odd_files[kind]
    args = [path if word == "FILE" else word for word in line]
    got, out, err = run_bounded(args)
    FILE_KINDS["inputs"] += 1
    if kind == "proc" and line[0] == "verify":
        # a regular file of lines that are not records: each is a mismatch (exit 1)
        assert got == 1, (out, err)
        assert "not a complete JSON record" in out, out
        return
    assert got == code, (args, out, err)
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("Error: "), err
    if kind in ("fifo", "folder", "dev-zero", "socket"):
        assert "not a regular file" in lines[0], lines[0]


def test_standard_input_still_gives_a_board(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(sys, "stdin", io.StringIO(BOARD))
    assert run(["replay", "--moves", "D1", "--board", "-"]) == 0
    FILE_KINDS["inputs"] += 1
    assert "Error" not in capsys.readouterr().err


def test_the_time_bound_stops_a_blocked_open(odd_files: dict[str, str]) -> None:
    """The bound itself works: opening the pipe plainly would wait for ever."""
    with pytest.raises(Hung), time_bound(0.5), open(odd_files["fifo"], "rb"):
        pass
