"""``samegame solve`` and ``samegame bench standard``: the best line as replay JSON,
the benchmark table with the published anchors and percentages, records that
verify, and one-line errors with their exit codes. Budgets are fixed and tiny."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import assert_one_line_error
from locations import TESTS
from samegame.benchmark.positions import compare, parse_positions, published, standard_positions
from samegame.core.textboard import board_rows, read_boards
from samegame.plugin.host import PluginHost
from samegame.records.verification import read_records, verify_record

BOARD = """\
RRGBBY
GRGBYY
GGBRRY
BYBRGG
BYYRGB
"""


@pytest.fixture
def board_file(tmp_path: Path) -> Path:
    path = tmp_path / "board.txt"
    path.write_text(BOARD, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("bot", "preset"),
    [
        ("nrpa:level=1,iterations=30", "basic"),
        ("nmcs:level=2,iterations=1", "pairs"),
        ("beam:width=8", "basic"),
        ("greedy", "basic"),
    ],
)
def test_solve_json_is_the_replay_of_its_moves(
    cli, board_file: Path, bot: str, preset: str
) -> None:
    solved = cli(
        "solve", "--board", str(board_file), "--bot", bot, "--preset", preset, "-f", "json"
    )
    assert solved.code == 0, solved.err
    data = json.loads(solved.out)
    moves = " ".join(move["move"] for move in data["moves"])
    replayed = cli(
        "replay", "--board", str(board_file), "--preset", preset, "--moves", moves, "-f", "json"
    )
    assert replayed.code == 0, replayed.err
    assert solved.out == replayed.out
    assert data["finished"] is True


def test_solve_text_names_the_moves_score_and_how_to_replay(cli, board_file: Path) -> None:
    solved = cli("solve", "--board", str(board_file), "--bot", "nrpa:level=2,iterations=5")
    assert solved.code == 0, solved.err
    lines = solved.out.splitlines()
    assert lines[0].startswith("Best line found by nrpa:level=2,iterations=5: ")
    moves = lines[0].split(": ", 1)[1]
    found = re.match(r"Score ([\d,]+): ", lines[1])
    assert found is not None, lines[1]
    score = int(found.group(1).replace(",", ""))
    assert lines[2] == f'Replay it: samegame replay --board {board_file} --moves "{moves}"'
    replayed = cli("replay", "--board", str(board_file), "--moves", moves, "-f", "json")
    assert json.loads(replayed.out)["score"] == score


def test_solve_with_a_time_budget(cli, board_file: Path) -> None:
    solved = cli(
        "solve", "--board", str(board_file), "--bot", "beam", "--time", "0.1", "-f", "json"
    )
    assert solved.code == 0, solved.err
    assert json.loads(solved.out)["finished"] is True


def test_bench_two_positions(cli, tmp_path: Path) -> None:
    out = tmp_path / "records.jsonl"
    bot = "nrpa:level=1,iterations=5"
    result = cli("bench", "standard", "--bot", bot, "--positions", "1-2", "--out", str(out))
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0].startswith("Position 1: ")
    assert (
        "Published: SP-MCTS 2,557, NMCS level 3 3,121, Selective NRPA 3,179, js-games 3,413."
        in lines[0]
    )
    assert lines[1].startswith("Position 2: ")
    total = sum(
        int(m.group(1).replace(",", ""))
        for m in re.finditer(r"^Position \d+: ([\d,]+) points", result.out, re.MULTILINE)
    )
    assert lines[2].startswith(f"Total: {total:,} points on 2 positions with {bot}, ")
    for name, theirs in [
        ("SP-MCTS", 6306),
        ("NMCS level 3", 6934),
        ("Selective NRPA", 7164),
        ("js-games", 7436),
    ]:
        assert f" percent of {name} ({theirs:,})" in lines[3]
    assert lines[3].endswith("their totals on these 2 positions.")
    records = [record for _, record in read_records(out)]
    assert len(records) == 2
    host = PluginHost(autoload=False)
    for record in records:
        assert isinstance(record, dict)
        assert verify_record(record, host) == []
        assert (record["preset"], record["generator"], record["board_number"]) == (
            "benchmark",
            None,
            None,
        )
        assert record["bot"] == bot
    assert cli("verify", str(out)).code == 0


def test_bench_json_and_a_time_per_position(cli) -> None:
    result = cli(
        "bench", "standard", "--bot", "beam", "--time-per-position", "0.1",
        "--positions", "3", "--format", "json",
    )  # fmt: skip
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["bot"] == "beam:time=0.1"
    (entry,) = data["positions"]
    assert entry["position"] == 3
    assert entry["score"] == data["total"]
    assert entry["move_count"] == len(entry["moves"])
    assert entry["published"]["js-games"] == 4019
    assert [a["name"] for a in data["anchors"]] == [
        "SP-MCTS",
        "NMCS level 3",
        "Selective NRPA",
        "js-games",
    ]
    assert data["anchors"][0]["total"] == 3085


@pytest.mark.parametrize(
    ("args", "code", "fragment"),
    [
        (["--bot", "greedy", "--time-per-position", "1"], 2, "bot greedy has no time budget"),
        (["--bot", "nrpa:time=1", "--time-per-position", "1"], 2, "give the time once"),
        (["--bot", "nrpa", "--time-per-position", "0"], 2, "positive number of seconds"),
        (["--bot", "nrpa:level=0"], 2, "level must be a whole number from 1 to 5"),
        (["--bot", "nrpa", "--positions", "0-3"], 2, "positions are numbers from 1 to 20"),
        (["--bot", "nrpa", "--positions", "x"], 2, "positions are numbers from 1 to 20"),
        (["--bot", "nobody"], 3, "nobody"),
    ],
)
def test_bench_errors(cli, args: list[str], code: int, fragment: str) -> None:
    assert_one_line_error(cli("bench", "standard", *args), code, fragment)


@pytest.mark.parametrize(
    ("bot", "fragment"),
    [
        ("nmcs:level=7", "level must be a whole number from 1 to 5"),
        ("beam:evaluation=best", "evaluation must be one of colours, groups, mixed"),
        ("nrpa:iterations=many", "iterations must be a whole number"),
    ],
)
def test_solve_and_simulate_refuse_bad_bot_options(
    cli, board_file: Path, bot: str, fragment: str
) -> None:
    assert_one_line_error(cli("solve", "--board", str(board_file), "--bot", bot), 2, fragment)
    assert_one_line_error(cli("simulate", "--bot", bot, "--games", "1"), 2, fragment)


def test_solve_needs_a_readable_board(cli, tmp_path: Path) -> None:
    result = cli("solve", "--board", str(tmp_path / "missing.txt"), "--bot", "beam:width=2")
    assert_one_line_error(result, 4, "cannot read")


def test_the_shipped_positions_and_scores() -> None:
    boards = standard_positions()
    assert len(boards) == 20
    assert all((b.width, b.height, len(b.colour_counts())) == (15, 15, 5) for b in boards)
    tests_copy = TESTS / "data" / "standard-20.txt"
    assert boards == tuple(read_boards(tests_copy.read_text(encoding="utf-8")))
    assert sum(published("SP-MCTS(1)")) == 73998
    assert [round(c.percent) for c in compare(parse_positions("1-20"), 80030)] == [
        108,
        103,
        100,
        91,
    ]


def _records_without_seconds(path: Path) -> list[dict[str, object]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [{k: v for k, v in json.loads(line).items() if k != "seconds"} for line in lines]


@pytest.mark.slow
def test_bench_on_a_process_pool_plays_the_same_games(cli, tmp_path: Path) -> None:
    common = ["bench", "standard", "--bot", "nrpa:level=2,iterations=4", "--positions", "2-4"]
    assert cli(*common, "--out", "here.jsonl").code == 0
    pooled = cli(*common, "--out", "pool.jsonl", "--executor", "process", "--workers", "2")
    assert pooled.code == 0, pooled.err
    here = _records_without_seconds(tmp_path / "here.jsonl")
    assert _records_without_seconds(tmp_path / "pool.jsonl") == here
    for p, line, record in zip((2, 3, 4), pooled.out.splitlines(), here, strict=False):
        moves = record["moves"]
        assert isinstance(moves, list)
        assert line.startswith(f"Position {p}: {record['score']:,} points in {len(moves)} moves")


STANDARD_TEXT = "\n".join("".join(row) for row in board_rows(standard_positions()[6]))


@pytest.mark.slow
def test_solve_keeps_the_best_of_independent_searches(cli, tmp_path: Path) -> None:
    (tmp_path / "p7.txt").write_text(STANDARD_TEXT + "\n", encoding="utf-8")
    common = ["solve", "--board", "p7.txt", "--preset", "benchmark", "-f", "json"]
    bot = ["--bot", "nrpa:level=1,iterations=3"]
    one = cli(*common, *bot)
    three = cli(*common, *bot, "--searches", "3")
    pooled = cli(*common, *bot, "--searches", "3", "--executor", "process", "--workers", "2")
    assert one.code == three.code == pooled.code == 0, pooled.err
    assert json.loads(three.out)["score"] >= json.loads(one.out)["score"]
    assert pooled.out == three.out
    many = cli(*common, *bot, "--searches", "12")
    assert json.loads(many.out)["score"] > json.loads(one.out)["score"]


@pytest.mark.parametrize(
    ("args", "code", "fragment"),
    [
        (["--scheduler", "tcp://127.0.0.1:1"], 2, "--scheduler needs --executor dask"),
        (["--executor", "local", "--workers", "2"], 2, "plays one game at a time"),
        (["--workers", "0"], 2, "0 is too small; give 1 or more"),
        (["--executor", "cloud"], 2, "cloud"),
    ],
)
def test_bench_and_solve_refuse_bad_executor_options(
    cli, board_file: Path, args: list[str], code: int, fragment: str
) -> None:
    bot = ["--bot", "nrpa:level=1,iterations=2"]
    assert_one_line_error(cli("bench", "standard", *bot, "--positions", "1", *args), code, fragment)
    assert_one_line_error(cli("solve", "--board", str(board_file), *bot, *args), code, fragment)


@pytest.mark.parametrize("bot", ["nmcs:iterations=2,workers=2", "nmcs:workers=2"])
def test_a_bot_with_worker_processes_cannot_run_on_an_executors_workers(
    cli, board_file: Path, bot: str
) -> None:
    args = ["--bot", bot, "--executor", "process", "--workers", "2"]
    fragment = "starts worker processes, which cannot run inside the executor's workers"
    assert_one_line_error(cli("bench", "standard", *args, "--positions", "1"), 2, fragment)
    assert_one_line_error(cli("solve", "--board", str(board_file), *args), 2, fragment)


@pytest.mark.parametrize("count", ["0", "10001"])
def test_solve_refuses_a_bad_number_of_searches(cli, board_file: Path, count: str) -> None:
    result = cli("solve", "--board", str(board_file), "--bot", "beam:width=2", "--searches", count)
    assert_one_line_error(result, 2, "--searches must be a whole number from 1 to 10000")
