"""No silent wait (A37), and no false warning (A41): the first search after
installing compiles the kernels for half a minute; the command says so at once,
before numba is imported, and promises a thinking time only after it. "First use"
is said only when numba's cache holds none of the kernel's code, a length only as
measured here, and a load from the cache says nothing unless it takes more than
a second, and then not "first use".

The fast tests fake the compile (or load the warm cache of the test session) and
check the logic: the readiness marks read against numba's index files, when the
line is said, and that ``solve``, a hint, ``bench`` and a review say the same. The
slow ones run ``samegame`` in processes: on an empty numba cache (``NUMBA_CACHE_DIR``
pointed at a new folder) and on the warm one beside busy processes.
"""

from __future__ import annotations

import hashlib
import pickle
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from importlib import metadata
from pathlib import Path

import pytest

from playkit import blocks, child_env, run_cli
from samegame.bots.search import bot as search_bot
from samegame.bots.search import job, readiness
from samegame.bots.search.bot import Preparing
from samegame.bots.search.spec import Algorithm, BeamSpec, NmcsSpec, NrpaSpec
from samegame.i18n import Translator
from samegame.play.hint_bot import preparing_line

FIRST_USE = "for first use"
PREPARING = "Preparing the search for first use; this happens once and takes a while."


pytestmark = pytest.mark.usefixtures("isolated_home")


@pytest.fixture
def fresh_marks(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """An empty numba cache with no marks, and nothing prepared in this process."""
    folder = tmp_path / "numba-cache"
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(folder))
    monkeypatch.setattr(job, "_prepared", set())
    return folder


def index_file(folder: Path, source: Path, *, version: str | None = None) -> Path:
    """An index file as numba writes it for ``source``: its version, then the
    source's SHA-256 among what it pickles."""
    index = folder / "kernel_0123" / f"{source.stem}.f-1.py311.nbi"
    index.parent.mkdir(parents=True, exist_ok=True)
    stamp = hashlib.sha256(source.read_bytes()).digest()
    numba = metadata.version("numba") if version is None else version
    index.write_bytes(pickle.dumps(numba) + pickle.dumps((stamp, {})))
    return index


def test_a_mark_is_ready_only_while_numba_holds_its_code(fresh_marks: Path) -> None:
    source = readiness.KERNEL / "playout.py"
    assert readiness.readiness("nrpa") is readiness.Readiness.COMPILES
    index = index_file(fresh_marks, source)
    # Code of the kernel is cached, but nothing says it is this kind's.
    assert readiness.readiness("nrpa") is readiness.Readiness.UNKNOWN
    readiness.mark_ready("nrpa", [(str(index), str(source))])
    assert readiness.readiness("nrpa") is readiness.Readiness.CACHED
    assert readiness.readiness("nrpa-threads") is readiness.Readiness.UNKNOWN
    (line,) = (fresh_marks / readiness.MARK).read_text().splitlines()
    assert line.split("\t") == [f"{readiness.fingerprint()} nrpa", str(index), str(source)]
    # Written by another numba: numba would compile again.
    index_file(fresh_marks, source, version="0.1.0")
    assert readiness.readiness("nrpa") is readiness.Readiness.UNKNOWN
    # Deleted behind the mark's back, with the rest of the cache: a compile.
    index.unlink()
    assert readiness.readiness("nrpa") is readiness.Readiness.COMPILES
    # Another kernel (a changed source): its marks are dropped.
    (fresh_marks / readiness.MARK).write_text(line.replace(line[:8], "0" * 8) + "\n")
    readiness.mark_ready("beam", [])
    marks = (fresh_marks / readiness.MARK).read_text().splitlines()
    assert marks == [f"{readiness.fingerprint()} beam"]


def test_the_marks_live_where_numba_caches(tmp_path: Path) -> None:
    assert readiness.mark_dirs({"NUMBA_CACHE_DIR": str(tmp_path)}) == [tmp_path]
    in_tree, user = readiness.mark_dirs({"XDG_CACHE_HOME": str(tmp_path)})
    assert in_tree == readiness.KERNEL / "__pycache__"
    assert user == tmp_path / "numba"


def test_threads_of_nrpa_are_a_kind_of_their_own() -> None:
    assert readiness.variant(Algorithm.NRPA, 1) == "nrpa"
    assert readiness.variant(Algorithm.NRPA, 2) == "nrpa-threads"
    assert readiness.variant(Algorithm.NMCS, 2) == "nmcs"


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


ENGLISH = Translator("en")


def said_lines(said: list[tuple[str, float]]) -> list[str]:
    return [what for what, _ in said]


def noting(said: list[tuple[str, float]]) -> Callable[[Preparing], None]:
    return lambda preparing: said.append((preparing_line(preparing, ENGLISH), time.monotonic()))


def test_a_first_compile_is_said_at_once_and_its_length_only_once_measured(
    fresh_marks: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[tuple[str, float]] = []
    faked_compile(monkeypatch, 0.3, said)
    started = time.monotonic()
    search_bot.prepare_search(NrpaSpec(), noting(said))
    # Never compiled here: no number is made up.
    assert said_lines(said) == [PREPARING, "compile begins", "compile ends"]
    assert said[0][1] - started < 0.2
    # Prepared in this process: nothing more is said.
    said.clear()
    search_bot.prepare_search(NrpaSpec(), noting(said))
    assert said == []
    # The cache is still empty in another process: the time measured is said.
    monkeypatch.setattr(job, "_prepared", set())
    search_bot.prepare_search(NrpaSpec(), noting(said))
    assert said_lines(said)[0] == (
        "Preparing the search for first use; this happens once, "
        "and took 1 second the last time it was done here."
    )


@pytest.mark.parametrize("marked", [True, False], ids=["marked", "unmarked"])
def test_a_quick_load_says_nothing_and_a_slow_one_says_what_it_does_after_a_second(
    fresh_marks: Path, monkeypatch: pytest.MonkeyPatch, marked: bool
) -> None:
    source = readiness.KERNEL / "playout.py"
    index = index_file(fresh_marks, source)
    if marked:
        readiness.mark_ready("nmcs", [(str(index), str(source))])
    said: list[tuple[str, float]] = []
    faked_compile(monkeypatch, 0.05, said)
    search_bot.prepare_search(NmcsSpec(), noting(said))
    assert said_lines(said) == ["compile begins", "compile ends"]
    # In numba's cache, yet slow (a busy machine): said, but never as a first use.
    monkeypatch.setattr(job, "_prepared", set())
    said.clear()
    faked_compile(monkeypatch, search_bot.ANNOUNCE_AFTER + 0.5, said)
    search_bot.prepare_search(NmcsSpec(), noting(said))
    late = (
        "Loading the search's compiled code; it is taking more than a second."
        if marked
        else "Preparing the search's code; it is taking more than a second."
    )
    assert said_lines(said) == ["compile begins", late, "compile ends"]
    assert said[1][1] - said[0][1] >= search_bot.ANNOUNCE_AFTER - 0.05


@pytest.mark.slow
def test_prepare_marks_what_numba_loaded(
    fresh_marks: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The warm cache of the test session, where the marks are kept elsewhere.
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setattr(readiness, "mark_dirs", lambda environ=None: [fresh_marks])
    job.prepare(Algorithm.BEAM)
    assert readiness.readiness("beam") is readiness.Readiness.CACHED
    (line,) = (fresh_marks / readiness.MARK).read_text().splitlines()
    files = line.split("\t")[1:]
    assert files
    assert all(Path(path).exists() for path in files)
    assert any(path.endswith(".nbi") for path in files)


def slow_load(monkeypatch: pytest.MonkeyPatch) -> None:
    """A load from the warm cache that takes more than a second, as on a busy machine."""
    real = job.prepare

    def prepare(algorithm: Algorithm, lanes: int = 1) -> None:
        time.sleep(search_bot.ANNOUNCE_AFTER + 0.3)
        real(algorithm, lanes)

    monkeypatch.setattr(job, "prepare", prepare)


BOARD = "RRBGY\nBGGYR\nRBBYY\nGGRBR\n"


def warm_paths() -> Iterator[tuple[str, list[str], str]]:
    """Commands that prepare a search: their arguments, input, and a line said after
    preparing."""
    yield "solve", ["solve", "--board", "{board}", "--bot", "beam:width=2"], "", "Best line"
    hint = ["play", "--preset", "lesson", "--board-number", "1", "--accessible"]
    yield "hint", [*hint, "--hint-bot", "beam:width=2"], "hint\nquit\n", "Hint: "
    bench = ["bench", "standard", "--bot", "beam:width=2", "--positions", "1"]
    yield "bench", bench, "", "Position 1: "


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "typed", "after"), [p[1:] for p in warm_paths()], ids=[p[0] for p in warm_paths()]
)
def test_a_slow_load_from_a_warm_cache_is_never_a_first_use(
    fresh_marks: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    typed: str,
    after: str,
) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR")  # the warm cache of the test session
    board = fresh_marks.parent / "board.txt"
    board.write_text(BOARD)
    slow_load(monkeypatch)
    ran = run_cli(capsys, monkeypatch, [arg.format(board=board) for arg in args], typed)
    assert ran.code == 0, ran.err
    assert FIRST_USE not in ran.out + ran.err
    assert "it is taking more than a second." in ran.out + ran.err
    assert after in ran.out + ran.err


def test_a_review_load_is_never_a_first_use(
    fresh_marks: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from samegame.review.keeping import _prepare_search
    from samegame.review.values import ReviewBudget

    monkeypatch.delenv("NUMBA_CACHE_DIR")
    said: list[tuple[str, float]] = []
    faked_compile(monkeypatch, search_bot.ANNOUNCE_AFTER + 0.3, said)
    monkeypatch.setattr(readiness, "readiness", lambda kind: readiness.Readiness.CACHED)
    _prepare_search(ReviewBudget(), noting(said))
    # The review's search and the beam of its search for a clear: one line for both.
    assert said_lines(said) == [
        "compile begins",
        "Loading the search's compiled code; it is taking more than a second.",
        "compile ends",
        "compile begins",
        "compile ends",
    ]


def test_two_searches_that_compile_say_one_first_use_with_their_seconds_together(
    fresh_marks: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[tuple[str, float]] = []
    faked_compile(monkeypatch, 0.0, said)
    monkeypatch.setattr(readiness, "readiness", lambda kind: readiness.Readiness.COMPILES)
    seconds = {"nrpa": 20.0, "beam": 12.0}
    monkeypatch.setattr(readiness, "compile_seconds", lambda kind: seconds.get(kind))
    monkeypatch.setattr(readiness, "note_compile_seconds", lambda kind, took: None)
    both = [NrpaSpec(), BeamSpec(width=8)]
    search_bot.prepare_searches(both, noting(said))
    lines = said_lines(said)
    assert [line for line in lines if "compile" not in line] == [
        preparing_line(Preparing(first_use=True, seconds=32.0), ENGLISH)
    ]
    assert lines.count("compile begins") == 2
    # A kind never measured: no seconds are promised for the whole.
    said.clear()
    monkeypatch.setattr(job, "_prepared", set())
    del seconds["beam"]
    search_bot.prepare_searches(both, noting(said))
    assert [line for line in said_lines(said) if "compile" not in line] == [
        preparing_line(Preparing(first_use=True, seconds=None), ENGLISH)
    ]


def test_solve_says_first_that_it_prepares(
    fresh_marks: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The compiled code loads from the warm cache of the test session; numba's
    # cache is taken for an empty one.
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setattr(readiness, "mark_dirs", lambda environ=None: [fresh_marks])
    monkeypatch.setattr(readiness, "_kernel_cached", lambda environ: False)
    board = fresh_marks.parent / "board.txt"
    board.write_text("RRB\nBGG\nRBB\n")
    args = ["solve", "--board", str(board), "--bot", "nrpa:iterations=2,level=1"]
    first = run_cli(capsys, monkeypatch, args)
    assert first.code == 0, first.err
    lines = first.err.splitlines()
    assert lines[0] == PREPARING
    assert lines[1].startswith("Searching the board with nrpa")
    assert readiness.readiness("nrpa") is readiness.Readiness.CACHED
    monkeypatch.setattr(job, "_prepared", set())
    again = run_cli(capsys, monkeypatch, args)
    assert FIRST_USE not in again.err


def test_a_hint_says_it_prepares_before_it_promises_a_time(
    fresh_marks: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setattr(readiness, "mark_dirs", lambda environ=None: [fresh_marks])
    monkeypatch.setattr(readiness, "_kernel_cached", lambda environ: False)
    args = ["play", "--preset", "lesson", "--board-number", "1", "--accessible"]
    played = run_cli(capsys, monkeypatch, [*args, "--hint-bot", "nrpa:time=0.5"], "hint\nquit\n")
    assert played.code == 0, played.err
    said = dict(blocks(played.out))["hint"]
    assert said[0] == PREPARING
    assert said[1].startswith("Asking nrpa:time=0.5 for a hint: it thinks for 0.5 seconds;")
    assert said[2].startswith("Hint: ")


def busy() -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", "while True: pass"])


@pytest.mark.slow
@pytest.mark.parametrize("bot", ["beam:width=2", "nmcs:iterations=1,level=1"])
def test_solve_on_a_warm_install_of_a_busy_machine_says_no_first_use(
    tmp_path: Path, bot: str
) -> None:
    board = tmp_path / "board.txt"
    board.write_text(BOARD)
    env = child_env(tmp_path / "home")
    spinning = [busy(), busy()]
    try:
        solved = subprocess.run(
            [sys.executable, "-m", "samegame", "solve", "--board", str(board), "--bot", bot],
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
    finally:
        for child in spinning:
            child.kill()
            child.wait()
    assert solved.returncode == 0, solved.stderr
    assert FIRST_USE not in solved.stderr
    assert solved.stdout.startswith("Best line found by")


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
