"""Workers die with their parent: ``simulate --executor process --workers 2`` with
games stuck in both workers, stopped by SIGINT, SIGTERM and SIGKILL.

The stuck bot is a real plugin (a module and its dist-info in a private folder on
PYTHONPATH), so the spawned workers load it as a user's would. The parent's child
processes (both workers and multiprocessing's resource tracker) are read from
/proc before the signal; afterwards none may be left running (a zombie, waiting
for a reaper that is not ours, has ended).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="reads child processes from /proc"
)

STUCK_BOT = """
import os, time
from pathlib import Path
from samegame.plugin.contributions import BotFactory
from samegame.plugin.hookspecs import hookimpl

class Stuck:
    def choose(self, view, rng):
        Path(os.environ["STUCK_MARKS"], str(os.getpid())).touch()
        while True:
            time.sleep(0.05)

@hookimpl
def samegame_bots():
    return [BotFactory("stuck", lambda options: Stuck(), "never chooses")]
"""


@pytest.fixture
def site(tmp_path: Path) -> Path:
    folder = tmp_path / "site"
    info = folder / "stuckbot-0.1.dist-info"
    info.mkdir(parents=True)
    (folder / "stuckbot.py").write_text(STUCK_BOT, encoding="utf-8")
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: stuckbot\nVersion: 0.1\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text("[samegame]\nstuck = stuckbot\n", encoding="utf-8")
    return folder


@pytest.fixture
def leftovers() -> Iterator[set[int]]:
    """Pids to kill after the test, so that a failing test leaves nothing running."""
    pids: set[int] = set()
    yield pids
    for pid in pids:
        if running(pid):
            os.kill(pid, signal.SIGKILL)


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid``."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


def start_stuck_run(
    tmp_path: Path, site: Path, leftovers: set[int]
) -> tuple[subprocess.Popen[str], set[int]]:
    """A run whose two workers are both inside a stuck game; it and its children and
    grandchildren."""
    marks = tmp_path / "marks"
    marks.mkdir()
    (tmp_path / "r.jsonl").write_text("the old records\n", encoding="utf-8")
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", "SAMEGAME_LOAD_PLUGINS")
    }
    environment |= {
        "PYTHONPATH": str(site),
        "SAMEGAME_HOME": str(tmp_path / "home"),
        "STUCK_MARKS": str(marks),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "samegame", "simulate", "--bot", "stuck", "--size", "small",
         "--games", "4", "--executor", "process", "--workers", "2", "--out", "r.jsonl"],
        cwd=tmp_path, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    leftovers.add(process.pid)
    deadline = time.monotonic() + 120
    while len(list(marks.iterdir())) < 2:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the workers never started their games"
        time.sleep(0.05)
    direct = children(process.pid)
    family = direct.union(*(children(pid) for pid in direct))
    leftovers.update(family)
    games = {int(mark.name) for mark in marks.iterdir()}
    assert games <= family - direct, "each stuck game in a child of a worker"
    assert len(direct) >= 3, "two workers and the resource tracker"
    return process, family


def wait_gone(pids: set[int], seconds: float) -> set[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        alive = {pid for pid in pids if running(pid)}
        if not alive:
            return alive
        time.sleep(0.05)
    return {pid for pid in pids if running(pid)}


def test_ctrl_c_stops_a_stuck_run_without_waiting_for_its_games(
    tmp_path: Path, site: Path, leftovers: set[int]
) -> None:
    """The stuck games would run until the bound of 60 s; the stop takes about
    half a second here, and a busy machine (a whole suite on two CPUs) once
    stretched it to 1.04 s: the bound tells waiting from not, with room for load."""
    process, family = start_stuck_run(tmp_path, site, leftovers)
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    _out, err = process.communicate(timeout=30)
    took = time.monotonic() - sent
    assert process.returncode == 130, err
    assert took < 5.0, f"took {took:.2f} s"
    assert err.splitlines()[-1] == (
        "Error: interrupted after 0 of 4 games; the results so far are above"
    )
    assert "Traceback" not in err
    assert wait_gone(family, 5) == set()
    # no game finished, so the old file stays as it was
    assert (tmp_path / "r.jsonl").read_text(encoding="utf-8") == "the old records\n"


def test_sigterm_ends_the_run_and_every_worker(
    tmp_path: Path, site: Path, leftovers: set[int]
) -> None:
    process, family = start_stuck_run(tmp_path, site, leftovers)
    process.send_signal(signal.SIGTERM)
    _out, err = process.communicate(timeout=30)
    assert process.returncode == 143, err
    assert err.splitlines()[-1] == (
        "Error: terminated after 0 of 4 games; the results so far are above"
    )
    assert wait_gone(family, 5) == set()
    assert (tmp_path / "r.jsonl").read_text(encoding="utf-8") == "the old records\n"


def test_sigkill_of_the_parent_leaves_no_child(
    tmp_path: Path, site: Path, leftovers: set[int]
) -> None:
    process, family = start_stuck_run(tmp_path, site, leftovers)
    process.kill()
    process.communicate(timeout=30)
    assert process.returncode == -signal.SIGKILL
    assert wait_gone(family, 10) == set()
    assert (tmp_path / "r.jsonl").read_text(encoding="utf-8") == "the old records\n"
