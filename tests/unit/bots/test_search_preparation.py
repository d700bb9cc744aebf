"""No silent wait (A37): the first search after installing compiles the kernels for
half a minute; the command says so at once, with about how long, before numba is
imported, and promises a thinking time only after it.

The fast tests fake the compile (or load a warm cache) and check the logic: the
readiness mark, when the line is said, and that ``solve`` and a hint say it first.
The slow test runs ``samegame solve`` on an empty numba cache (``NUMBA_CACHE_DIR``
pointed at a new folder) and times its first line.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from playkit import blocks, child_env, run_cli
from samegame.bots.search import bot as search_bot
from samegame.bots.search import job, readiness
from samegame.bots.search.spec import Algorithm, NmcsSpec, NrpaSpec

PREPARING = "Preparing the search for first use, about "


pytestmark = pytest.mark.usefixtures("isolated_home")


@pytest.fixture
def fresh_marks(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """An empty place for the readiness marks, nothing prepared in this process,
    and an idle machine (the expected time grows with the load)."""
    folder = tmp_path / "numba-cache"
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(folder))
    monkeypatch.setattr(job, "_prepared", set())
    monkeypatch.setattr(readiness.os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    return folder


def test_the_mark_names_the_kind_the_kernel_python_and_numba(fresh_marks: Path) -> None:
    assert not readiness.is_ready("nrpa")
    readiness.mark_ready("nrpa")
    assert readiness.is_ready("nrpa")
    assert not readiness.is_ready("nrpa-threads")
    (line,) = (fresh_marks / readiness.MARK).read_text().splitlines()
    assert line.endswith(" nrpa")
    assert " python-3." in line
    assert " numba-" in line
    # Another kernel (a changed source): not ready, and its marks are dropped.
    (fresh_marks / readiness.MARK).write_text(line.replace(line[:8], "0" * 8) + "\n")
    assert not readiness.is_ready("nrpa")
    readiness.mark_ready("beam")
    assert (fresh_marks / readiness.MARK).read_text().splitlines() == [line[:-5] + " beam"]


def test_the_marks_live_where_numba_caches(tmp_path: Path) -> None:
    assert readiness.mark_dirs({"NUMBA_CACHE_DIR": str(tmp_path)}) == [tmp_path]
    in_tree, user = readiness.mark_dirs({"XDG_CACHE_HOME": str(tmp_path)})
    assert in_tree == readiness.KERNEL / "__pycache__"
    assert user == tmp_path / "numba"


def test_threads_of_nrpa_are_a_kind_of_their_own() -> None:
    assert readiness.variant(Algorithm.NRPA, 1) == "nrpa"
    assert readiness.variant(Algorithm.NRPA, 2) == "nrpa-threads"
    assert readiness.variant(Algorithm.NMCS, 2) == "nmcs"
    for kind in ("nrpa", "nrpa-threads", "nmcs", "beam"):
        idle = readiness.expected_seconds(kind, busy=0.0)
        assert 1 < idle < 120
        # A busy machine compiles more slowly, and is told so.
        assert idle < readiness.expected_seconds(kind, busy=4.0) <= 6 * idle


def faked_compile(
    monkeypatch: pytest.MonkeyPatch, seconds: float, said: list[tuple[str, float]]
) -> None:
    """``job.prepare`` takes ``seconds`` and notes when it began and ended."""

    def prepare(algorithm: Algorithm, lanes: int = 1) -> None:
        said.append(("compile begins", time.monotonic()))
        time.sleep(seconds)
        said.append(("compile ends", time.monotonic()))
        job._prepared.add((algorithm, lanes > 1))

    monkeypatch.setattr(job, "prepare", prepare)


def test_a_first_compile_is_said_at_once_with_its_length(
    fresh_marks: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[tuple[str, float]] = []
    faked_compile(monkeypatch, 0.3, said)
    started = time.monotonic()
    search_bot.prepare_search(NrpaSpec(), lambda s: said.append((f"about {s:g}", time.monotonic())))
    assert [what for what, _ in said] == ["about 15", "compile begins", "compile ends"]
    assert said[0][1] - started < 0.2
    # Prepared in this process: nothing more is said.
    said.clear()
    search_bot.prepare_search(NrpaSpec(), lambda s: said.append(("again", 0.0)))
    assert said == []


def test_a_quick_load_says_nothing_and_a_slow_one_says_so_after_a_second(
    fresh_marks: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    readiness.mark_ready("nmcs")
    said: list[tuple[str, float]] = []
    faked_compile(monkeypatch, 0.05, said)
    search_bot.prepare_search(NmcsSpec(), lambda s: said.append(("about", time.monotonic())))
    assert [what for what, _ in said] == ["compile begins", "compile ends"]
    # Marked ready, yet slow (a cache deleted behind the mark's back).
    monkeypatch.setattr(job, "_prepared", set())
    said.clear()
    faked_compile(monkeypatch, search_bot.ANNOUNCE_AFTER + 0.5, said)
    search_bot.prepare_search(NmcsSpec(), lambda s: said.append(("about", time.monotonic())))
    assert [what for what, _ in said] == ["compile begins", "about", "compile ends"]
    assert said[1][1] - said[0][1] == pytest.approx(search_bot.ANNOUNCE_AFTER, abs=0.3)


def test_solve_says_first_that_it_prepares(
    fresh_marks: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The compiled code loads from the warm cache of the test session; only the
    # mark is missing, so the command takes this for a first use.
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setattr(readiness, "mark_dirs", lambda environ=None: [fresh_marks])
    board = fresh_marks.parent / "board.txt"
    board.write_text("RRB\nBGG\nRBB\n")
    args = ["solve", "--board", str(board), "--bot", "nrpa:iterations=2,level=1"]
    first = run_cli(capsys, monkeypatch, args)
    assert first.code == 0, first.err
    lines = first.err.splitlines()
    assert lines[0] == PREPARING + "15 seconds; this happens once."
    assert lines[1].startswith("Searching the board with nrpa")
    assert readiness.is_ready("nrpa")
    monkeypatch.setattr(job, "_prepared", set())
    again = run_cli(capsys, monkeypatch, args)
    assert not again.err.startswith(PREPARING)


def test_a_hint_says_it_prepares_before_it_promises_a_time(
    fresh_marks: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setattr(readiness, "mark_dirs", lambda environ=None: [fresh_marks])
    args = ["play", "--preset", "lesson", "--board-number", "1", "--accessible"]
    played = run_cli(capsys, monkeypatch, [*args, "--hint-bot", "nrpa:time=0.5"], "hint\nquit\n")
    assert played.code == 0, played.err
    said = dict(blocks(played.out))["hint"]
    assert said[0] == PREPARING + "15 seconds; this happens once."
    assert said[1].startswith("Asking nrpa:time=0.5 for a hint: it thinks for 0.5 seconds;")
    assert said[2].startswith("Hint: ")


@pytest.mark.slow
def test_solve_on_an_empty_numba_cache_says_so_within_a_second(tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text("RRBGY\nBGGYR\nRBBYY\nGGRBR\n")
    env = child_env(tmp_path / "home", NUMBA_CACHE_DIR=str(tmp_path / "empty-cache"))
    argv = [sys.executable, "-m", "samegame", "solve", "--board", str(board), "--bot", "beam"]
    started = time.monotonic()
    child = subprocess.Popen(
        [*argv, "--time", "1"], env=env, stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert child.stderr is not None
    first = child.stderr.readline()
    first_at = time.monotonic() - started
    out, err = child.communicate(timeout=600)
    assert child.returncode == 0, err
    assert first.startswith(PREPARING), first
    # Beam, whose kernels compile in half the time of NRPA's: the first line and the
    # whole life after it are the same for every search.
    # Python, samegame's start and the check, but not numba: a second on an idle
    # machine; more allowed for a busy one.
    assert first_at < 5.0
    assert err.splitlines()[0].startswith("Searching the board with beam")
    assert out.startswith("Best line found by beam")
