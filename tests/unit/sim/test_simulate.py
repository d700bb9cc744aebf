"""``samegame simulate`` and the simulator library: records, determinism, bounded
streaming, given boards, interruption, failing bots, statistics and progress."""

from __future__ import annotations

import dataclasses
import io
import json
import re
import statistics
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from conftest import Result, assert_one_line_error
from locations import TESTS
from samegame.bots import GameView
from samegame.cli import executor_options, sim_cmd
from samegame.core.coords import Cell
from samegame.core.rng import StableRandom
from samegame.core.textboard import read_board
from samegame.core.variant import RuleVariant
from samegame.execution import executors
from samegame.execution.executors import Handle, LocalExecutor
from samegame.plugin import host as plugins
from samegame.plugin.contributions import BoardSpec, BotFactory
from samegame.plugin.hookspecs import hookimpl
from samegame.plugin.host import PluginHost, get_host
from samegame.presets import BoardSetup, Preset, list_presets
from samegame.records.verification import verify_record
from samegame.sim import runner
from samegame.sim.progress import Progress
from samegame.sim.runner import run_ordered
from samegame.sim.simulate import simulate
from samegame.sim.stats import Summary
from samegame.sim.tasks import (
    GameFailed,
    GameTask,
    Record,
    RunSetup,
    board_number,
    bot_seed,
    play_task,
)

BUILTIN_BOTS = ("random", "greedy", "largest", "tabu")
BASIC_VARIANT = RuleVariant("basic", 0, "none", 2)
BOX_DRAWING = re.compile("[\u2500-\u259f]")


def read_lines(path: Path) -> list[Record]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def without_seconds(records: list[Record]) -> list[Record]:
    return [{k: v for k, v in record.items() if k != "seconds"} for record in records]


def error_lines(result: Result) -> list[str]:
    return [line for line in result.err.splitlines() if line.startswith("Error:")]


# -- every built-in bot on every shipped preset ----------------------------------


def smallest_setup(preset_name: str) -> tuple[Preset, BoardSetup]:
    """The preset and its smallest size; at most 10x10 (the rules are what matter)."""
    preset = next(p for p in list_presets(get_host())[0] if p.name == preset_name)
    size = min(preset.sizes, key=lambda s: s.width * s.height)
    if size.width * size.height > 225:
        return preset, preset.board_setup(f"{min(size.width, 10)}x{min(size.height, 10)}")
    return preset, preset.board_setup(size.name)


SHIPPED = sorted(p.name for p in list_presets(PluginHost(autoload=False))[0])


@pytest.mark.slow
@pytest.mark.parametrize("preset_name", SHIPPED)
def test_every_builtin_bot_on_every_shipped_preset_verifies(preset_name: str) -> None:
    preset, chosen = smallest_setup(preset_name)
    spec = chosen.spec
    lookahead = "lookahead:depth=2" if spec.width * spec.height <= 80 else "lookahead:depth=1"
    for bot in (*BUILTIN_BOTS, lookahead):
        setup = RunSetup.of(preset.name, preset.rules, bot, 11, chosen.board_type, spec)
        records: list[Record] = []
        summary, stop = simulate(setup, 2, LocalExecutor(), write=records.append)
        assert stop is None
        assert summary.games == 2
        for record in records:
            assert record["bot"] == bot
            assert record["preset"] == preset.name
            assert verify_record(record, get_host()) == [], (bot, record)


def test_cli_records_verify_and_summary_is_sentences(cli, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    result = cli(
        "simulate",
        "--bot",
        "tabu",
        "--size",
        "small",
        "--games",
        "6",
        "--seed",
        "3",
        "--out",
        str(out),
    )
    assert result.code == 0, result.err
    records = read_lines(out)
    assert len(records) == 6
    assert all(verify_record(record, get_host()) == [] for record in records)
    lines = result.out.splitlines()
    assert lines[0] == (
        "Played 6 games: tabu on preset basic, 6x8 boards with 3 colours (solvable), seed 3."
    )
    assert lines[1].startswith("Scores: mean ")
    assert any(line.startswith("Speed: ") and "games per second" in line for line in lines)
    assert lines[-1] == f"6 records written to {out}, one per line."
    assert all(line.endswith(".") for line in lines)
    assert not BOX_DRAWING.search(result.out)
    assert "|" not in result.out


# -- seeds and determinism ---------------------------------------------------------


def test_seed_derivation_is_pinned() -> None:
    # Changing these changes every simulated game: see samegame.sim.tasks.
    assert board_number(1, 0) == 559352244275002091
    assert bot_seed(7, 3) == bot_seed(7, 3) != bot_seed(7, 4)
    records = read_lines(TESTS / "golden" / "records" / "v1.jsonl")
    assert records[0]["board_number"] == board_number(1, 0)
    assert records[0]["seed"] == bot_seed(1, 0)


def run_records(cli, tmp_path: Path, name: str, *args: str) -> list[Record]:
    out = tmp_path / name
    result = cli(
        "simulate",
        "--bot",
        "greedy",
        "--preset",
        "basic",
        "--size",
        "small",
        "--out",
        str(out),
        *args,
    )
    assert result.code == 0, result.err
    return without_seconds(read_lines(out))


def test_same_seed_same_records_other_seed_other_boards(cli, tmp_path: Path) -> None:
    first = run_records(cli, tmp_path, "a.jsonl", "--games", "4", "--seed", "5")
    again = run_records(cli, tmp_path, "b.jsonl", "--games", "4", "--seed", "5")
    other = run_records(cli, tmp_path, "c.jsonl", "--games", "4", "--seed", "6")
    assert first == again
    assert [r["board_number"] for r in first] != [r["board_number"] for r in other]
    assert [r["board"] for r in first] != [r["board"] for r in other]


@pytest.mark.slow
def test_process_pool_gives_the_same_records_as_local(cli, tmp_path: Path) -> None:
    local = run_records(cli, tmp_path, "local.jsonl", "--games", "12", "--seed", "9")
    pooled = run_records(
        cli, tmp_path, "pool.jsonl", "--games", "12", "--seed", "9", "--workers", "2"
    )
    assert pooled == local
    assert [r["board_number"] for r in local] == [board_number(9, i) for i in range(12)]


# -- bounded streaming -------------------------------------------------------------


class CountingExecutor:
    """Instrumented: how many games are in flight (submitted, result not taken);
    games finish in reverse order of submission within the window."""

    def __init__(self, slots: int) -> None:
        self.slots = slots
        self.in_flight = 0
        self.most = 0

    def call(self, fn: Callable[[GameTask], Record], task: GameTask) -> Handle:
        self.in_flight += 1
        self.most = max(self.most, self.in_flight)
        return CountedPending(self, task)


class CountedPending:
    def __init__(self, owner: CountingExecutor, task: GameTask) -> None:
        self.owner, self.task = owner, task

    def result(self, timeout: float | None = None) -> Record:
        self.owner.in_flight -= 1
        return {"index": self.task.index}

    def cancel(self) -> bool:
        self.owner.in_flight -= 1
        return True


def test_runner_keeps_at_most_the_window_in_flight() -> None:
    setup = RunSetup("basic", BASIC_VARIANT, "random", 1)
    drawn = 0

    def tasks() -> Iterator[GameTask]:
        nonlocal drawn
        for index in range(1000):
            drawn += 1
            yield GameTask(setup, index)

    executor = CountingExecutor(slots=2)
    seen = 0
    for record in run_ordered(tasks(), executor, window=8):
        assert record["index"] == seen
        seen += 1
        assert drawn - seen <= 8  # tasks are drawn lazily, never listed
    assert seen == 1000
    assert executor.most == 8
    assert executor.in_flight == 0


def test_runner_cancels_the_window_when_left_early() -> None:
    setup = RunSetup("basic", BASIC_VARIANT, "random", 1)
    executor = CountingExecutor(slots=1)
    records = run_ordered((GameTask(setup, i) for i in range(100)), executor, window=5)
    assert next(records)["index"] == 0
    records.close()
    assert executor.in_flight == 0


# -- given boards ------------------------------------------------------------------

TWO_BOARDS = "RRB\nRBB\nGGB\n\n0 1 0 1\n1 0 1 0\n0 0 1 1\n"


def test_boards_file_cycles_through_the_boards(cli, tmp_path: Path) -> None:
    boards = tmp_path / "boards.txt"
    boards.write_text(TWO_BOARDS, encoding="utf-8")
    out = tmp_path / "given.jsonl"
    result = cli(
        "simulate", "--bot", "random", "--boards", str(boards), "--games", "5", "--out", str(out)
    )
    assert result.code == 0, result.err
    records = read_lines(out)
    first, second = (read_board(block) for block in TWO_BOARDS.split("\n\n"))
    expected = [first, second, first, second, first]
    assert [read_board("\n".join(r["board"])) for r in records] == expected
    assert all(r["board_number"] is None and r["generator"] is None for r in records)
    assert [r["colours"] for r in records] == [3, 2, 3, 2, 3]
    assert all(verify_record(record, get_host()) == [] for record in records)
    assert "the 2 boards of" in result.out


# -- interruption and failure ------------------------------------------------------


def test_ctrl_c_from_progress_keeps_complete_records(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class InterruptAfterThree(Progress):
        def __call__(self, done: int) -> None:
            super().__call__(done)
            if done == 3:
                raise KeyboardInterrupt

    monkeypatch.setattr(sim_cmd, "Progress", InterruptAfterThree)
    out = tmp_path / "partial.jsonl"
    result = cli(
        "simulate", "--bot", "greedy", "--size", "small", "--games", "10", "--out", str(out)
    )
    assert result.code == 130
    records = read_lines(out)
    assert len(records) == 3
    assert all(verify_record(record, get_host()) == [] for record in records)
    assert result.out.startswith("Stopped after 3 of 10 games: greedy on preset basic")
    assert "3 records written to" in result.out
    assert error_lines(result) == [
        "Error: interrupted after 3 of 10 games; the results so far are above"
    ]
    assert result.err.splitlines()[-1].startswith("Error:")


def test_ctrl_c_from_the_executor_in_json(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupt_at_four(task: GameTask) -> Record:
        if task.index == 4:
            raise KeyboardInterrupt
        return play_task(task)

    monkeypatch.setattr(runner, "play_task", interrupt_at_four)
    out = tmp_path / "partial.jsonl"
    result = cli(
        "simulate",
        "--bot",
        "random",
        "--size",
        "small",
        "--games",
        "9",
        "--out",
        str(out),
        "--format",
        "json",
    )
    assert result.code == 130
    summary = json.loads(result.out)
    assert summary["games"] == 4
    assert summary["requested"] == 9
    assert summary["stopped"]["reason"] == "interrupted"
    assert len(read_lines(out)) == 4


class BrokenBot:
    """Plays legal groups, but at move 3 of its third game it picks a cell off the board.

    It counts its games in a file: each game of a plugin's bot is played in a child
    process of its own (samegame.execution.bounded), so no memory survives a game."""

    counter = Path("games")

    def choose(self, view: GameView, rng: StableRandom) -> Cell:
        games = int(BrokenBot.counter.read_text() or 0)
        if view.move_number == 1:
            games += 1
            BrokenBot.counter.write_text(str(games))
        if games == 3 and view.move_number == 3:
            return Cell(0, 99)
        return view.groups[0].anchor


class CrashingBot:
    def choose(self, view: GameView, rng: StableRandom) -> Cell:
        raise ZeroDivisionError("division by zero")


class RuleBreakingBots:
    @hookimpl
    def samegame_bots(self) -> list[BotFactory]:
        return [
            BotFactory("broken", lambda options: BrokenBot(), "breaks the rules in game 2"),
            BotFactory("crashing", lambda options: CrashingBot(), "raises"),
        ]


@pytest.fixture
def test_bots(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    BrokenBot.counter = tmp_path / "broken-games"
    BrokenBot.counter.write_text("0")
    monkeypatch.setattr(
        plugins, "_HOST", PluginHost(autoload=False, extra=[("test-bots", RuleBreakingBots())])
    )


@pytest.mark.usefixtures("test_bots")
def test_failing_bot_stops_cleanly(cli, tmp_path: Path) -> None:
    out = tmp_path / "broken.jsonl"
    result = cli(
        "simulate", "--bot", "broken", "--size", "small", "--games", "6", "--out", str(out)
    )
    assert result.code == 3  # a plugin's bot breaking the rules is its plugin's fault
    errors = error_lines(result)
    assert len(errors) == 1
    assert errors[0].startswith("Error: game 2: plugin test-bots (local): bot 'broken' chose ")
    assert "at move 3" in errors[0]
    assert errors[0].endswith("stopped after 2 of 6 games")
    assert result.err.splitlines()[-1] == errors[0]
    records = read_lines(out)
    assert len(records) == 2
    assert all(verify_record(record, get_host()) == [] for record in records)
    assert result.out.startswith("Stopped after 2 of 6 games")


@pytest.mark.usefixtures("test_bots")
def test_crashing_bot_names_game_bot_and_move(cli) -> None:
    result = cli("simulate", "--bot", "crashing", "--size", "small", "--games", "3")
    start, error = result.err.splitlines()  # the work had started (A27), then failed
    assert start.startswith("Playing 3 games with crashing: ")
    assert_one_line_error(
        dataclasses.replace(result, err=error + "\n"),
        3,
        "game 0: plugin test-bots (local): bot 'crashing' failed choosing move 1 "
        "(ZeroDivisionError: division by zero)",
        "stopped after 0 of 3 games",
    )


# -- option errors -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "code", "fragments"),
    [
        (["--bot", "nobody"], 3, ["no bot is named 'nobody'", "greedy", "tabu"]),
        (["--bot", "lookahead:depth=9"], 2, ["depth must be a whole number from 1 to 4"]),
        (["--bot", "greedy:fast=1"], 2, ["bot greedy has no option fast"]),
        (["--bot", "greedy:fast"], 2, ["not key=value"]),
        (
            ["--bot", "greedy:" + "k" * 900 + "=1"],
            2,
            ["greedy has no option kkk", "(900 characters)"],
        ),
        (["--bot", "greedy:" + "x" * 900], 2, ["bot option 'xxx", "(900 characters)"]),
        (["--bot", "nrpa:" + "x" * 100_000], 2, ["at most 1,000 characters, not 100,005"]),
        (["--bot", "greedy", "--games", "0"], 2, ["--games must be 1 or more, not 0"]),
        (["--bot", "greedy", "--games", "-3"], 2, ["--games must be 1 or more, not -3"]),
        (["--bot", "greedy", "--workers", "0"], 2, ["0 is too small; give 1 or more"]),
        (["--bot", "greedy", "--scheduler", "tcp://x:1"], 2, ["--scheduler needs --executor dask"]),
        (
            ["--bot", "greedy", "--executor", "process", "--scheduler", "tcp://x:1"],
            2,
            ["--scheduler needs --executor dask"],
        ),
        (["--bot", "greedy", "--executor", "local", "--workers", "2"], 2, ["one game at a time"]),
        (["--bot", "greedy", "--boards", "b.txt", "--size", "small"], 2, ["do not apply"]),
        (["--bot", "greedy", "--boards", "missing.txt"], 4, ["cannot read missing.txt"]),
        (["--bot", "greedy", "--preset", "nothing"], 3, ["no preset named 'nothing'"]),
        (["--bot", "greedy", "--size", "huge"], 2, ["size 'huge' is not one of"]),
        (["--bot", "greedy", "--out", "no/such/dir/r.jsonl"], 4, ["cannot write no/such/dir"]),
    ],
)
def test_bad_options_are_one_line_errors(
    cli,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    code: int,
    fragments: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    assert_one_line_error(cli("simulate", "--games", "2", *args), code, *fragments)


def test_unreadable_boards_file_is_exit_4(cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("RRX\nRBB\n", encoding="utf-8")
    assert_one_line_error(cli("simulate", "--bot", "greedy", "--boards", str(bad)), 4, "bad.txt")


def test_help_is_plain(cli) -> None:
    for command in ("simulate", "verify", "compare"):
        result = cli(command, "--help")
        assert result.code == 0
        assert not BOX_DRAWING.search(result.out)


# -- statistics --------------------------------------------------------------------


def test_summary_matches_the_statistics_module(cli, tmp_path: Path) -> None:
    out = tmp_path / "stats.jsonl"
    result = cli(
        "simulate",
        "--bot",
        "random",
        "--size",
        "small",
        "--games",
        "25",
        "--seed",
        "2",
        "--out",
        str(out),
        "--format",
        "json",
    )
    assert result.code == 0, result.err
    summary = json.loads(result.out)
    records = read_lines(out)
    scores = [r["score"] for r in records]
    assert summary["games"] == summary["requested"] == 25
    assert summary["mean"] == pytest.approx(statistics.mean(scores))
    assert summary["median"] == statistics.median(scores)
    assert summary["stdev"] == pytest.approx(statistics.stdev(scores))
    assert (summary["min"], summary["max"]) == (min(scores), max(scores))
    cleared = sum(r["cleared"] for r in records)
    assert summary["cleared"] == cleared
    assert summary["clear_rate"] == pytest.approx(cleared / 25)
    assert summary["mean_tiles_left"] == pytest.approx(
        statistics.mean(r["remaining"] for r in records)
    )
    assert summary["moves_per_game"] == pytest.approx(
        statistics.mean(len(r["moves"]) for r in records)
    )
    assert summary["games_per_second"] > 0
    assert summary["stopped"] is None


@pytest.mark.parametrize(
    "scores", [[5], [4, 9], [1, 1, 2, 3, 50, 50, 50, 7], list(range(-5, 40, 3))]
)
def test_streaming_median_and_spread(scores: list[int]) -> None:
    summary = Summary()
    for score in scores:
        summary.add({"score": score, "cleared": False, "remaining": 1, "moves": []})
    assert summary.median() == statistics.median(scores)
    assert summary.scores.mean() == pytest.approx(statistics.mean(scores))
    if len(scores) > 1:
        assert summary.scores.stdev() == pytest.approx(statistics.stdev(scores))
    else:
        assert summary.scores.stdev() is None


# -- progress ----------------------------------------------------------------------


def test_progress_lines_every_ten_percent(cli) -> None:
    result = cli("simulate", "--bot", "greedy", "--size", "small", "--games", "20")
    assert result.code == 0
    start, *lines = result.err.splitlines()
    assert start == (
        "Playing 20 games with greedy: preset basic, 6x8 boards with 3 colours (solvable), "
        "seed 0, in this process; Ctrl-C stops early and keeps the results so far."
    )
    assert lines == [f"Played {2 * k} of 20 games ({10 * k} percent)." for k in range(1, 11)]
    assert "\r" not in result.err


def test_progress_has_a_few_lines_for_odd_counts(cli) -> None:
    result = cli("simulate", "--bot", "greedy", "--size", "small", "--games", "13")
    lines = result.err.splitlines()[1:]  # after the start line
    assert 1 <= len(lines) <= 10
    assert lines[-1] == "Played 13 of 13 games (100 percent)."
    assert "\r" not in result.err


def test_live_progress_only_when_asked() -> None:
    stream = io.StringIO()
    progress = Progress(4, stream, live=True)
    for done in range(1, 5):
        progress(done)
    progress.close()
    text = stream.getvalue()
    assert text.startswith("\r[")
    assert text.endswith("4 of 4 games, 100 percent\n")


def test_a_game_that_cannot_be_set_up_names_the_game() -> None:
    setup = RunSetup("basic", BASIC_VARIANT, "greedy", 1, "no-such-generator", BoardSpec(4, 4, 2))
    expected = r"^game 4 could not be set up \(UnknownNameError: no board generator is named"
    with pytest.raises(GameFailed, match=expected):
        play_task(GameTask(setup, 4))


# -- output files are never damaged -------------------------------------------------


def test_an_executor_that_cannot_start_leaves_the_old_file(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "r.jsonl").write_text("old\n", encoding="utf-8")

    def broken(*args: object) -> None:
        raise executors.ExecutorError("the cluster is on fire")

    monkeypatch.setattr(executor_options, "open_executor", broken)
    result = cli(
        "simulate", "--bot", "greedy", "--size", "small", "--games", "2", "--out", "r.jsonl"
    )
    assert_one_line_error(result, 3, "the cluster is on fire")
    assert (tmp_path / "r.jsonl").read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "home") == ["r.jsonl"]


def test_a_run_replaces_the_old_file_whole(cli, tmp_path: Path) -> None:
    (tmp_path / "r.jsonl").write_text("old\n" * 1000, encoding="utf-8")
    (tmp_path / "r.jsonl").chmod(0o640)
    result = cli(
        "simulate", "--bot", "greedy", "--size", "small", "--games", "2", "--out", "r.jsonl"
    )
    assert result.code == 0
    assert len(read_lines(tmp_path / "r.jsonl")) == 2
    assert (tmp_path / "r.jsonl").stat().st_mode & 0o777 == 0o640


def test_full_disk_is_one_error_line_exit_4() -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "samegame", "simulate", "--bot", "greedy", "--size", "small",
         "--games", "2", "--out", "/dev/full"],
        capture_output=True, text=True, timeout=120,
        env={**__import__("os").environ, "SAMEGAME_DISABLE_PLUGIN_AUTOLOAD": "1"},
    )  # fmt: skip
    assert run.returncode == 4, run.stderr
    assert run.stderr.splitlines()[-1] == (
        "Error: cannot write /dev/full: No space left on device; check the path"
    )
    assert run.stderr.count("Error:") == 1
    assert Path("/dev/full").is_char_device()


def test_an_unwritable_folder_is_exit_4(cli) -> None:
    result = cli("simulate", "--bot", "greedy", "--games", "1", "--out", "no/such/dir/r.jsonl")
    assert_one_line_error(result, 4, "cannot write no/such/dir/r.jsonl")


def test_a_preset_file_its_name_does_not_find_is_recorded_as_custom_rules(
    cli, tmp_path: Path
) -> None:
    shipped = next(p for p in list_presets(PluginHost(autoload=False))[0] if p.name == "basic")
    assert shipped.path is not None
    text = shipped.path.read_text(encoding="utf-8").replace("name: basic", "name: mine", 1)
    assert "name: mine" in text
    (tmp_path / "mine.yaml").write_text(text, encoding="utf-8")
    result = cli("simulate", "--preset", "./mine.yaml", "--bot", "greedy", "--size", "small",
                 "--games", "3", "--out", "r.jsonl")  # fmt: skip
    assert result.code == 0, result.err
    assert "preset mine" in result.out
    assert {record["preset"] for record in read_lines(tmp_path / "r.jsonl")} == {None}
    assert cli("verify", "r.jsonl").code == 0
    named = cli(
        "simulate", "--preset", "basic", "--bot", "greedy", "--games", "1", "--out", "b.jsonl"
    )
    assert named.code == 0
    assert read_lines(tmp_path / "b.jsonl")[0]["preset"] == "basic"
