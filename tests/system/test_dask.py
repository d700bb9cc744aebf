"""The Dask executor on a real LocalCluster: the same records as in-process play."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from conftest import assert_one_line_error


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A real two-process LocalCluster, closed after the module's tests. (Dask is
    imported here, not at every worker's collection.)"""
    import distributed

    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


def records(path: str) -> list[dict[str, Any]]:
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    return [{k: v for k, v in json.loads(line).items() if k != "seconds"} for line in lines]


SIMULATION = [
    "simulate",
    "--bot",
    "tabu",
    "--preset",
    "basic",
    "--size",
    "small",
    "--games",
    "10",
    "--seed",
    "21",
]


def test_command_started_local_cluster_gives_the_same_records(cli) -> None:
    assert cli(*SIMULATION, "--out", "local.jsonl").code == 0
    result = cli(*SIMULATION, "--out", "dask.jsonl", "--executor", "dask", "--workers", "2")
    assert result.code == 0, result.err
    assert records("dask.jsonl") == records("local.jsonl")
    assert "on a local Dask cluster of 2 workers" in result.out


def test_scheduler_address_gives_the_same_comparison(cli, scheduler: str) -> None:
    common = ["compare", "--bots", "random,greedy", "--size", "small", "--games", "8", "-f", "json"]
    local = cli(*common)
    remote = cli(*common, "--executor", "dask", "--scheduler", scheduler)
    assert remote.code == 0, remote.err
    assert json.loads(remote.out) == json.loads(local.out)


def test_scheduler_address_simulation(cli, scheduler: str) -> None:
    assert cli(*SIMULATION, "--out", "local.jsonl").code == 0
    result = cli(
        *SIMULATION, "--out", "remote.jsonl", "--executor", "dask", "--scheduler", scheduler
    )
    assert result.code == 0, result.err
    assert records("remote.jsonl") == records("local.jsonl")
    assert f"on the Dask scheduler at {scheduler}" in result.out


def test_bad_scheduler_address_is_one_line_and_keeps_the_old_file(cli, tmp_path) -> None:
    (tmp_path / "old.jsonl").write_text("the old records\n", encoding="utf-8")
    result = cli(*SIMULATION, "--executor", "dask", "--scheduler", "bogus::x", "--out", "old.jsonl")
    assert result.code == 3
    assert result.err.startswith("Error: cannot reach the Dask scheduler at bogus::x")
    assert len(result.err.splitlines()) == 1
    assert (tmp_path / "old.jsonl").read_text(encoding="utf-8") == "the old records\n"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "home") == ["old.jsonl"]


def test_missing_dask_says_what_to_install(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    result = cli(*SIMULATION, "--executor", "dask")
    assert result.code == 3
    assert result.err == (
        "Error: the dask executor needs dask.distributed; install samegame[dask]\n"
    )


def test_dask_is_imported_only_for_the_dask_executor() -> None:
    code = (
        "import sys\n"
        "from samegame.cli.app import run\n"
        "assert run(['simulate', '--bot', 'greedy', '--size', 'small', '--games', '2']) == 0\n"
        "print(sorted(m for m in ('dask', 'distributed') if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.splitlines()[-1] == "[]"


BENCH = ["bench", "standard", "--bot", "nrpa:level=2,iterations=4", "--positions", "5-7"]


def test_bench_on_a_local_cluster_gives_the_same_records(cli) -> None:
    assert cli(*BENCH, "--out", "local.jsonl").code == 0
    result = cli(*BENCH, "--out", "dask.jsonl", "--executor", "dask", "--workers", "2")
    assert result.code == 0, result.err
    assert records("dask.jsonl") == records("local.jsonl")
    assert cli("verify", "dask.jsonl").code == 0


def test_bench_and_solve_on_a_scheduler_address(cli, scheduler: str, tmp_path: Path) -> None:
    assert cli(*BENCH, "--out", "local.jsonl").code == 0
    result = cli(*BENCH, "--out", "remote.jsonl", "--executor", "dask", "--scheduler", scheduler)
    assert result.code == 0, result.err
    assert records("remote.jsonl") == records("local.jsonl")
    (tmp_path / "b.txt").write_text("RRGBBY\nGRGBYY\nGGBRRY\nBYBRGG\nBYYRGB\n", encoding="utf-8")
    solve = ["solve", "--board", "b.txt", "--bot", "nrpa:level=1,iterations=2", "-f", "json"]
    here = cli(*solve, "--searches", "3")
    there = cli(*solve, "--searches", "3", "--executor", "dask", "--scheduler", scheduler)
    assert there.code == 0, there.err
    assert there.out == here.out


def test_bench_with_a_bad_scheduler_address_is_one_line(cli) -> None:
    result = cli(*BENCH, "--executor", "dask", "--scheduler", "bogus::x")
    # A busy machine may first say that the search's code is loading (A41).
    assert_one_line_error(result, 3, "cannot reach the Dask scheduler at bogus::x", progress=True)
    assert result.err.splitlines()[-1].startswith("Error: cannot reach the Dask scheduler at")


def test_a_started_cluster_keeps_distributeds_error_logs_off_the_terminal(tmp_path: Path) -> None:
    """Distributed logs a worker's heartbeat cut off at shutdown at ERROR, with a
    traceback (seen in CI after a documented bench line); such a log line, made in a
    worker of the cluster the command starts, must not reach the user's terminal."""
    script = (
        "import logging\n"
        "from samegame.execution.executors import ExecutorKind, open_executor\n"
        "with open_executor(ExecutorKind.dask, 1) as executor:\n"
        "    log = logging.getLogger('distributed.worker').error\n"
        "    executor.call(log, 'MARKER heartbeat failed').result()\n"
        "    logging.getLogger('distributed.client').error('MARKER client side')\n"
        "print('done')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "done"
    assert "MARKER" not in result.stderr


class _Handle:
    """A finished call's handle: its result is ``outcome``, or raises it when it is
    an error (as a lost worker's future does)."""

    def __init__(self, outcome: Any) -> None:
        self.outcome = outcome

    def result(self, timeout: float | None = None) -> Any:
        if isinstance(self.outcome, BaseException):
            raise self.outcome
        return self.outcome

    def cancel(self) -> bool:
        return False


def test_a_killed_worker_in_bench_is_one_line_with_exit_1() -> None:
    """A worker killed under a bench position (seen by hand: kill -9 the worker
    processes) was a traceback; it is one line saying what was kept, exit 1."""
    from samegame.benchmark.bot_games import remote_game as _remote
    from samegame.cli.app import _library_errors
    from samegame.cli.exit_codes import ExitCode
    from samegame.cli.longwork import Interruption
    from samegame.execution.executors import ExecutorFailed

    with pytest.raises(ExecutorFailed) as caught:
        _remote(_killed(), Interruption(), "; stopped after 2 of 6 positions")
    assert (ExecutorFailed, ExitCode.REJECTED) in _library_errors()
    message = str(caught.value)
    assert message.startswith("the executor failed (KilledWorker: ")
    assert message.endswith("; stopped after 2 of 6 positions")
    assert "\n" not in message


def test_an_executors_long_many_line_error_is_one_short_line() -> None:
    """distributed's errors can run to hundreds of characters over several lines;
    the message shows the start of the text on one line, escaped."""
    from concurrent.futures.process import BrokenProcessPool

    from samegame.benchmark.bot_games import remote_game as _remote
    from samegame.cli.longwork import Interruption
    from samegame.execution.executors import MAX_FAILURE_TEXT, ExecutorFailed

    text = "worker lost\n" + "x" * 5000 + "\x1b[31m"
    with pytest.raises(ExecutorFailed) as caught:
        _remote(_Handle(BrokenProcessPool(text)), Interruption(), "; kept above")
    message = str(caught.value)
    assert message.startswith("the executor failed (BrokenProcessPool: worker lost\\x0ax")
    assert message.endswith("(5,017 characters)); kept above")
    assert "\n" not in message
    assert "\x1b" not in message
    assert len(message) < MAX_FAILURE_TEXT + 100


def test_a_tasks_own_error_passes_through_bench_unchanged() -> None:
    """Only the executor's failures become "the executor failed": an error the task
    raised (a plugin's, sorted by the command line into its own exit code) is
    raised as it was."""
    from samegame.benchmark.bot_games import remote_game as _remote
    from samegame.cli.longwork import Interruption
    from samegame.plugin.containment import PluginError

    with pytest.raises(PluginError):
        _remote(_Handle(PluginError("the plugin broke")), Interruption())


class _Handing:
    """An executor whose calls return the given handles in turn."""

    def __init__(self, handles: list[Any]) -> None:
        self.handles = iter(handles)

    def call(self, fn: Any, arg: Any) -> Any:
        return next(self.handles)


def _game(score: int) -> Any:
    return SimpleNamespace(played=SimpleNamespace(result=SimpleNamespace(score=score)))


def _killed() -> _Handle:
    from distributed.scheduler import KilledWorker

    return _Handle(KilledWorker("_play-1", SimpleNamespace(address="tcp://127.0.0.1:1"), 3))


def test_solve_keeps_the_best_of_the_searches_a_lost_worker_spared() -> None:
    """``solve --searches 3`` on a cluster that loses one search's worker still
    awaits the other two, prints the better of them and says what was lost."""
    from samegame.cli.longwork import Interruption
    from samegame.cli.solve_cmd import _best_of

    weaker, stronger = _game(3000), _game(3100)
    handles = [_Handle(weaker), _killed(), _Handle(stronger)]
    best, lost = _best_of([object()] * 3, _Handing(handles), False, Interruption())
    assert best is stronger
    assert lost is not None
    said = str(lost)  # the English words (``Said``)
    assert said.startswith("the executor failed (KilledWorker: ")
    assert said.endswith("; 1 of 3 searches lost, the best of the 2 finished is above")


def test_solve_with_every_search_lost_is_the_executors_error() -> None:
    from samegame.cli.longwork import Interruption
    from samegame.cli.solve_cmd import _best_of
    from samegame.execution.executors import ExecutorFailed

    with pytest.raises(ExecutorFailed, match=r"^the executor failed \(KilledWorker: "):
        _best_of([object()] * 2, _Handing([_killed(), _killed()]), False, Interruption())


class _Submitting:
    """An executor whose every call (a game) raises ``error``."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def call(self, fn: Any, task: Any) -> _Handle:
        return _Handle(self.error)


def test_simulate_reports_a_lost_worker_on_one_short_line() -> None:
    """``simulate``'s runner stops on an executor failure with the same one line."""
    from distributed.scheduler import KilledWorker

    from samegame.execution.executors import MAX_FAILURE_TEXT
    from samegame.sim.runner import play_all

    error = KilledWorker("game-1\n" + "y" * 3000, SimpleNamespace(address="tcp://127.0.0.1:1"), 3)
    stop = play_all([object(), object()], _Submitting(error), lambda record: None, window=1)
    assert stop is not None
    assert stop.reason == "failed"
    assert stop.message.startswith("the executor failed (KilledWorker: ")
    assert "\n" not in stop.message
    assert len(stop.message) < MAX_FAILURE_TEXT + 100


def test_an_abandoned_gather_is_not_reported_and_other_loop_errors_are(
    scheduler: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A run stopped by a signal leaves gathers that end with AllExit as the client
    closes; asyncio must not print them ("Task exception was never retrieved" and a
    traceback after the run's last line), and must still report anything else."""
    from distributed.client import AllExit

    from samegame.execution.executors import ExecutorKind, open_executor

    with open_executor(ExecutorKind.dask, 1, scheduler) as executor:
        loop = executor._client.loop.asyncio_loop  # type: ignore[attr-defined]
        with caplog.at_level("ERROR", logger="asyncio"):
            for error in (AllExit(), ValueError("something else")):
                context = {"message": "Task exception was never retrieved", "exception": error}
                loop.call_soon_threadsafe(loop.call_exception_handler, context)
            executor._client.run_on_scheduler(lambda: None)  # type: ignore[attr-defined]
    reported = [record.exc_info[1] for record in caplog.records if record.exc_info]
    assert [type(error).__name__ for error in reported] == ["ValueError"]
