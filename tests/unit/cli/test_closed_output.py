"""A closed standard output is not a failure (issue 43, item 10).

``samegame presets list | head -1``: the reader goes after the first line and the
command's next write meets a pipe with no reader. Every command, with its reader
gone before its first write or after its first few writes, stops there and exits
0 without a word on stderr (progress lines said before excepted), in this process
(``run``) and as a process of its own (no traceback and no "Exception ignored" at
exit either). The table holds a command line of every command, and a test checks
that no command is missing from it.
"""

from __future__ import annotations

import contextlib
import io
import os
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest

import warm
from command_lines import COMMAND_LINES, READ_MOVES, copy_inputs, make_inputs
from conftest import PROGRESS_WORDS
from samegame.cli.app import COMMANDS, run

BUFFERED = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
"""The environment with standard output buffered, as Python has it by default."""

CLOSED_AFTER = (0, 1, 3)
"""How many writes the reader takes before it goes."""


class ReaderGoes(io.TextIOWrapper):
    """Standard output on a real pipe whose reader reads ``writes`` writes and
    goes: the next write fails as it does under ``| head``. The pipe is read as it
    is written, so that it never fills."""

    def __init__(self, writes: int) -> None:
        self._reader: int | None
        self._reader, writer = os.pipe()
        os.set_blocking(self._reader, False)
        super().__init__(open(writer, "wb"), encoding="utf-8", write_through=True)  # noqa: SIM115
        self._left = writes

    def write(self, text: str) -> int:
        if self._reader is not None:
            self._drain(self._reader)
            if self._left == 0:
                os.close(self._reader)
                self._reader = None
            self._left -= 1
        return super().write(text)

    def isatty(self) -> bool:
        return False

    @staticmethod
    def _drain(reader: int) -> None:
        with contextlib.suppress(BlockingIOError):
            while os.read(reader, 65536):
                pass

    def shut(self) -> None:
        if self._reader is not None:
            os.close(self._reader)
            self._reader = None
        with contextlib.suppress(OSError):  # what was left for a reader that has gone
            self.close()


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files the table's commands read (made once)."""
    return make_inputs(tmp_path_factory.mktemp("inputs"))


@pytest.fixture
def inputs(files: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's own working folder holding the input files, its own
    SAMEGAME_HOME and no plugins loaded by themselves."""
    copy_inputs(files, tmp_path)
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", "1")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _cases(closed_after: tuple[int, ...] = CLOSED_AFTER) -> Iterator[object]:
    for name, line in COMMAND_LINES.items():
        for writes in closed_after:
            yield pytest.param(line, writes, id=f"{name}-after-{writes}")


LONG_WORK = (*PROGRESS_WORDS, "Reviewing ", "Reviewed ")
"""How the lines of long work start, a review's included."""


def _said_besides_progress(err: str) -> list[str]:
    return [line for line in err.splitlines() if not line.startswith(LONG_WORK)]


def test_the_table_has_every_command() -> None:
    assert {line.split()[0] for line in COMMAND_LINES.values()} >= set(COMMANDS)


@pytest.mark.slow
@pytest.mark.parametrize(("line", "writes"), list(_cases()))
def test_a_reader_that_goes_is_not_a_failure(
    inputs: Path,
    line: str,
    writes: int,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    stdout = ReaderGoes(writes)
    try:
        with monkeypatch.context() as patch:
            patch.setattr("sys.stdin", io.StringIO(READ_MOVES))
            patch.setattr("sys.stdout", stdout)
            code = run(shlex.split(line))
    finally:
        stdout.shut()
    err = capsys.readouterr().err
    assert code == 0, err
    assert _said_besides_progress(err) == [], err


CLOSE_STDOUT = """
import os, sys
reader, writer = os.pipe()
os.dup2(writer, 1)
os.close(writer)
wanted = int(sys.argv[1])
if wanted == 0:
    os.close(reader)
else:
    import threading
    def read_then_go():
        got = b""
        while got.count(b"\\n") < wanted:
            more = os.read(reader, 1)
            if not more:
                break
            got += more
        os.close(reader)
    threading.Thread(target=read_then_go, daemon=True).start()
from samegame.cli import main
sys.argv = ["samegame", *sys.argv[2:]]
main()
"""


@pytest.mark.slow
@pytest.mark.parametrize(("line", "writes"), list(_cases((0,))))
def test_a_process_whose_reader_goes_exits_0_and_says_nothing(
    inputs: Path, line: str, writes: int
) -> None:
    """As a process: fd 1 a pipe whose reader has gone before the first write, so
    that the end of the process, Python's last flush included, is tested too
    (``CLOSE_STDOUT`` can also let the reader take a few lines first: timing
    decides then whether a write fails at all, so the table does not)."""
    ran = warm.run(
        [str(writes), *shlex.split(line)],
        code=CLOSE_STDOUT,
        cwd=inputs,
        input=READ_MOVES,
        env={**BUFFERED, "SAMEGAME_HOME": str(inputs / "home")},
    )
    assert ran.returncode == 0, ran.stderr
    assert _said_besides_progress(ran.stderr) == [], ran.stderr


UNFLUSHED = """
import os, sys
reader, writer = os.pipe()
os.dup2(writer, 1)
os.close(writer)
sys.stdout.write("left in the buffer")
os.close(reader)
from samegame.cli.closed_output import settle
settle()
"""


@pytest.mark.slow
def test_output_left_for_a_reader_that_has_gone_fails_nothing_at_exit(tmp_path: Path) -> None:
    """``settle`` (the last step of ``main``): output still buffered when the
    reader has gone fails neither the flush nor Python's own at exit (which says
    "Exception ignored" and exits 120)."""
    ran = warm.run([], code=UNFLUSHED, cwd=tmp_path, env=BUFFERED)
    assert (ran.returncode, ran.stderr) == (0, "")
