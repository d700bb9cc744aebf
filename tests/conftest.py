"""Test configuration: the tiers, the numba warm-up, and hypothesis without deadlines
(timings vary on CI).

Tiers, by folder: ``tests/unit/<package>/`` (in-process tests of one package),
``tests/system/`` (processes, terminals, pip installs, Dask) and ``tests/docs/``
(what README.md and docs/ say). Each test gets the marker of its tier (``unit``,
``system`` or ``docs``; doctests in ``src/`` are ``unit``, those of README.md
and docs/ are ``docs``); ``slow`` is set by hand on the unit tests that take more
than about half a second of CPU or start processes. The inner loop is ``python -m pytest -m "unit and not slow" -n 2``
(README.md, Development).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable, Generator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings

import system_programs
from playkit import clear_mode_variables
from samegame.cli.app import run

TESTS = Path(__file__).resolve().parent

# Bytecode is cached as Python caches it by default, even where the environment
# says not to (PYTHONDONTWRITEBYTECODE, set on some CI machines): without the cache
# every pytest worker rewrites and compiles all 480 test modules, and every one of
# the suite's thousands of ``samegame`` child processes compiles samegame anew.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test with its tier, by where it lives."""
    tiers: dict[str, str] = {}  # by file: resolving a path for each of 4,000 tests costs
    for item in items:
        where = str(item.path)
        if where not in tiers:
            tiers[where] = _tier(Path(where).resolve())
        item.add_marker(getattr(pytest.mark, tiers[where]))


def _tier(path: Path) -> str:
    if path.is_relative_to(TESTS / "system"):
        return "system"
    if path.is_relative_to(TESTS / "docs") or path.suffix == ".md":
        return "docs"
    return "unit"


@pytest.hookimpl(wrapper=True, optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> Generator[None, int, int]:
    """``-n auto`` starts one worker more than there are CPUs: about a fifth of the
    suite's time is spent waiting (on child processes, a plugin's time bound, a
    browser), and a spare worker keeps the CPUs busy meanwhile (the figures:
    benchmarks/results/house-third-round.md). PYTEST_XDIST_AUTO_NUM_WORKERS still says exactly how many. (Optional: a run
    without pytest-xdist, ``-p no:xdist``, has no such hook.)"""
    counted = yield
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return counted
    return counted + 1


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test that needs a missing system program is skipped, or fails under CI
    (tests/system_programs.py); before its fixtures start anything."""
    marker = item.get_closest_marker(system_programs.MARKER)
    if marker is None:
        return
    absent = system_programs.missing(marker.args)
    if not absent:
        return
    if system_programs.under_ci():
        pytest.fail(system_programs.failure(absent), pytrace=False)
    pytest.skip(system_programs.skip_reason(absent))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line for the tests skipped for want of system programs."""
    reasons = [
        str(report.longrepr[2])
        for report in terminalreporter.stats.get("skipped", [])
        if isinstance(report.longrepr, tuple) and len(report.longrepr) == 3
    ]
    line = system_programs.summary(reasons)
    if line is not None:
        terminalreporter.write_line(line, yellow=True)


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl-C behaves as in a terminal even when pytest was started with SIGINT
    ignored (``nohup``, or ``&`` in a script): Python then installs no
    KeyboardInterrupt handler, and every child process would inherit the ignored
    signal, so the tests that press Ctrl-C would test nothing. A handler (unlike an
    ignored signal) is reset to the default in a child at exec, so children start
    as they would from a terminal."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


WARM_KERNELS = TESTS / "warm_kernels.py"
NO_WARM_UP = "SAMEGAME_TESTS_NO_WARM_UP"
"""Set to 1 by a test that runs pytest on tests that search nothing."""

WARM_UPS = ("NRPA", "NMCS BEAM")
"""The search kernels to compile, one group a process: NRPA's take about as long
as the others together (19 s and 14 s on a fresh install here)."""


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile (or load from numba's disk cache) every search kernel once, before
    any test runs and before pytest-xdist starts its workers, so that no test's
    time pays for the compilation (half a minute to two on a fresh install).
    The groups compile in processes side by side (numba writes its cache files
    atomically); workers then load the cached machine code."""
    if hasattr(session.config, "workerinput") or session.config.option.collectonly:
        return
    if os.environ.get(NO_WARM_UP) == "1":
        return
    warming = [
        subprocess.Popen(
            [sys.executable, str(WARM_KERNELS), *group.split()], stderr=subprocess.PIPE
        )
        for group in WARM_UPS
    ]
    for process in warming:
        _, err = process.communicate()
        if process.returncode != 0:
            raise pytest.UsageError(f"compiling the search kernels failed:\n{err.decode()}")


settings.register_profile("samegame", deadline=None)
settings.load_profile(os.environ.get("SAMEGAME_HYPOTHESIS_PROFILE", "samegame"))


@dataclass(frozen=True)
class Result:
    """What one in-process run of the command line gave."""

    code: int
    out: str
    err: str


@pytest.fixture
def isolated_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The test's own SAMEGAME_HOME (``tmp_path / "home"``), no plugins loaded by
    themselves, and none of the variables that switch a mode (accessible, symbols,
    language...): what a test that plays or reads the store uses, by
    ``pytestmark = pytest.mark.usefixtures("isolated_home")``."""
    home = tmp_path / "home"
    clear_mode_variables(monkeypatch, home)
    return home


@pytest.fixture
def isolated_folder(isolated_home: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """``isolated_home``, with the temporary folder as the working directory."""
    monkeypatch.chdir(tmp_path)
    return isolated_home


@pytest.fixture
def cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Callable[..., Result]:
    """Run ``samegame ARGS`` in this process, isolated: its own SAMEGAME_HOME, no
    installed plugins, and the temporary folder as the working directory."""
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", "1")
    # --plugin and --plugins-dir set these for the process: undone after the test
    # (setenv first, so that monkeypatch restores them even when they were unset).
    for name in ("SAMEGAME_PLUGIN_MODULES", "SAMEGAME_PLUGINS_DIR"):
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)

    def invoke(*args: str) -> Result:
        code = run(list(args))
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return invoke


def assert_one_line_error(
    result: Result, code: int, *fragments: str, progress: bool = False
) -> None:
    """The run failed with ``code`` and exactly one ``Error:`` line holding every
    fragment. With ``progress``, long work's own lines (its start line and
    progress, A27) may come before it on stderr; nothing else may."""
    assert result.code == code, (result.out, result.err)
    lines = result.err.splitlines()
    if progress:
        before, lines = lines[:-1], lines[-1:]
        assert all(line.startswith(PROGRESS_WORDS) for line in before), result.err
    assert len(lines) == 1, result.err
    assert lines[0].startswith("Error: ")
    for fragment in fragments:
        assert fragment in lines[0]


PROGRESS_WORDS = (
    "Playing ",
    "Played ",
    "Comparing ",
    "Position ",
    "Searching ",
    "Searched ",
    "Preparing the search",
    "Loading the search's compiled code",
)
"""How the lines of long work start (samegame.cli.longwork), the search's
preparation included: a load from numba's cache says so when a busy machine makes
it take more than a second (A41)."""
