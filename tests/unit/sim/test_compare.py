"""``samegame compare``: bots on the same boards, intervals and paired differences;
and what the built-in bots' strengths are (measured, with a stated margin)."""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import assert_one_line_error
from samegame.core.stops import raise_or_hold
from samegame.execution.outfile import LineFile
from samegame.sim.compare import split_bots


def interval(values: list[int]) -> list[float]:
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return [mean - half, mean + half]


def test_compare_matches_separate_simulations(cli) -> None:
    common = ["--preset", "basic", "--size", "small", "--games", "12", "--seed", "4"]
    result = cli("compare", "--bots", "random,greedy,tabu", *common, "--format", "json")
    assert result.code == 0, result.err
    report = json.loads(result.out)
    assert report["boards"] == 12
    assert [bot["bot"] for bot in report["bots"]] == ["random", "greedy", "tabu"]
    scores: dict[str, list[int]] = {}
    boards: dict[str, list[int]] = {}
    for bot in ("random", "greedy", "tabu"):
        assert cli("simulate", "--bot", bot, *common, "--out", f"{bot}.jsonl").code == 0
        records = [json.loads(line) for line in Path(f"{bot}.jsonl").read_text().splitlines()]
        scores[bot] = [r["score"] for r in records]
        boards[bot] = [r["board_number"] for r in records]
    assert boards["random"] == boards["greedy"] == boards["tabu"]  # the same boards
    first = report["bots"][0]
    assert first["difference"] is None
    assert first["mean"] == pytest.approx(statistics.mean(scores["random"]))
    assert first["interval"] == pytest.approx(interval(scores["random"]))
    for entry in report["bots"][1:]:
        mine = scores[entry["bot"]]
        assert entry["mean"] == pytest.approx(statistics.mean(mine))
        assert entry["interval"] == pytest.approx(interval(mine))
        assert entry["cleared"] == sum(s >= 1000 for s in mine)
        differences = [a - b for a, b in zip(mine, scores["random"], strict=True)]
        assert entry["difference"]["against"] == "random"
        assert entry["difference"]["mean"] == pytest.approx(statistics.mean(differences))
        assert entry["difference"]["interval"] == pytest.approx(interval(differences))
    assert report["stopped"] is None


def test_compare_text_has_a_line_per_bot(cli) -> None:
    result = cli(
        "compare", "--bots", "random, lookahead:depth=1", "--size", "small", "--games", "5"
    )
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == (
        "Compared 2 bots on 5 boards: preset basic, 6x8 boards with 3 colours (solvable), seed 0."
    )
    assert lines[1].startswith("random: mean score ")
    assert "(95 percent interval " in lines[1]
    assert "Paired difference" not in lines[1]
    assert lines[2].startswith("lookahead:depth=1: mean score ")
    assert "Paired difference from random: " in lines[2]
    assert len(lines) == 3
    assert result.err.splitlines()[-1] == "Played 5 of 5 boards (100 percent)."


def test_compare_one_board_has_no_interval(cli) -> None:
    result = cli("compare", "--bots", "random,greedy", "--size", "small", "--games", "1")
    assert result.code == 0
    assert "(no interval from one board)" in result.out
    report = json.loads(
        cli(
            "compare", "--bots", "random,greedy", "--size", "small", "--games", "1", "-f", "json"
        ).out
    )
    assert report["bots"][1]["interval"] is None


def test_compare_given_boards(cli, tmp_path: Path) -> None:
    (tmp_path / "boards.txt").write_text("RRB\nRBB\nGGB\n\nRRG\nGGR\n", encoding="utf-8")
    result = cli("compare", "--bots", "random,greedy", "--boards", "boards.txt", "--games", "4")
    assert result.code == 0, result.err
    assert "the 2 boards of boards.txt in turn" in result.out


@pytest.mark.parametrize(
    ("bots", "code", "fragment"),
    [
        ("greedy", 2, "give at least two bots"),
        ("greedy,greedy", 2, "bot greedy is listed twice"),
        ("greedy,nobody", 3, "no bot is named 'nobody'"),
        ("greedy,lookahead:depth=0", 2, "depth must be a whole number"),
    ],
)
def test_compare_option_errors(cli, bots: str, code: int, fragment: str) -> None:
    result = cli("compare", "--bots", bots, "--games", "2")
    assert result.code == code
    assert len(result.err.splitlines()) == 1
    assert result.err.startswith("Error: ")
    assert fragment in result.err


def test_split_bots_keeps_options_together() -> None:
    assert split_bots("random,lookahead:depth=2,width=3, tabu") == [
        "random",
        "lookahead:depth=2,width=3",
        "tabu",
    ]


# -- strength: measured first, asserted with a margin ------------------------------
# Measured with 200 boards (seed 0), mean score (paired difference from random):
#   benchmark 15x15, 5 colours: random 249.0, greedy 231.5 (-17.5, interval -29.3 to
#     -5.7), tabu 602.8 (+353.7, interval 302.2 to 405.2);
#   basic 8x10, 4 colours, random boards: random 150.3, greedy 152.8 (+2.6, interval
#     -25.8 to 31.0), tabu 258.8 (+108.5, interval 82.3 to 134.7).
# Under (n-2)^2 scoring greedy (most points now) is no better than random; tabu is
# much better. The tests play fewer boards and assert half the measured gap.


def strength(cli, *args: str) -> dict[str, dict[str, object]]:
    result = cli("compare", "--bots", "random,greedy,tabu", "--seed", "0", *args, "-f", "json")
    assert result.code == 0, result.err
    return {bot["bot"]: bot for bot in json.loads(result.out)["bots"]}


@pytest.mark.slow
def test_tabu_beats_random_and_greedy_does_not_on_the_benchmark(cli) -> None:
    bots = strength(cli, "--preset", "benchmark", "--games", "30", "--workers", "2")
    tabu, greedy = bots["tabu"]["difference"], bots["greedy"]["difference"]
    assert tabu["mean"] > 175
    assert tabu["interval"][0] > 0
    assert abs(greedy["mean"]) < 60


@pytest.mark.slow
def test_tabu_beats_random_on_basic_random_boards(cli) -> None:
    bots = strength(cli, "--preset", "basic", "--board-type", "random", "--games", "100")
    tabu, greedy = bots["tabu"]["difference"], bots["greedy"]["difference"]
    assert tabu["mean"] > 54
    assert tabu["interval"][0] > 0
    assert abs(greedy["mean"]) < 60


@pytest.mark.slow
def test_lookahead_beats_random_on_small_boards(cli) -> None:
    # Measured (60 boards, seed 0): random 354.3, lookahead:depth=2 525.1, paired
    # difference +170.8 (interval 12.2 to 329.5); asserted: half the gap.
    result = cli(
        "compare", "--bots", "random,lookahead:depth=2", "--preset", "basic", "--size", "small",
        "--board-type", "random", "--games", "60", "--seed", "0", "-f", "json",
    )  # fmt: skip
    assert result.code == 0, result.err
    lookahead = json.loads(result.out)["bots"][1]
    assert lookahead["difference"]["mean"] > 85
    assert lookahead["difference"]["interval"][0] > 0


# -- gates for CI ------------------------------------------------------------------

GATED = ("compare", "--bots", "random,tabu", "--preset", "basic", "--board-type", "random")


def test_gates_pass_and_are_reported(cli) -> None:
    result = cli(*GATED, "--games", "60", "--require-better", "tabu,random",
                 "--require-mean", "tabu=100")  # fmt: skip
    assert result.code == 0, result.err
    gates = [line for line in result.out.splitlines() if line.startswith("Gate: ")]
    assert gates[0].startswith("Gate: tabu scored ")
    assert " points per board more than random (95 percent interval " in gates[0]
    assert gates[0].endswith("above 0 with 95 percent confidence: passed.")
    assert gates[1].startswith("Gate: tabu has mean score ")
    assert gates[1].endswith("at least 100 wanted: passed.")


@pytest.mark.parametrize(
    "gate",
    [
        ("--require-better", "random,tabu"),  # the wrong way round
        ("--require-mean", "tabu=100000"),
        ("--require-mean", "random=1e9"),
    ],
)
def test_a_gate_not_met_fails_the_job(cli, gate: tuple[str, str]) -> None:
    result = cli(*GATED, "--games", "20", *gate)
    assert result.code == 1
    assert "failed." in result.out
    errors = [
        line for line in result.err.splitlines() if not line.startswith(("Played ", "Comparing "))
    ]
    assert len(errors) == 1
    assert errors[0].startswith("Error: 1 of 1 gate not met: ")
    assert "the gate asks for" in errors[0]
    assert " by -" not in errors[0]


def test_every_gate_not_met_is_said_in_plain_words(cli) -> None:
    result = cli(*GATED, "--games", "20", "--require-better", "random,tabu",
                 "--require-mean", "tabu=1", "--require-mean", "random=1e9")  # fmt: skip
    assert result.code == 1
    error = result.err.splitlines()[-1]
    assert error.startswith("Error: 2 of 3 gates not met: random scored ")
    assert " points per board less than tabu (95 percent interval " in error
    assert "; the gate asks for more. random has mean score " in error
    assert error.endswith("; the gate asks for 1e+09 or more.")
    gates = [line for line in result.out.splitlines() if line.startswith("Gate: ")]
    assert [gate.endswith(": failed.") for gate in gates] == [True, False, True]


def test_a_gate_whose_interval_reaches_zero_says_so() -> None:
    from samegame.sim.compare import Comparison
    from samegame.sim.gate import parse_better

    comparison = Comparison(["random", "tabu"])
    for low, high in [(10, 30), (12, 5), (9, 31)]:
        comparison.add_board([{"score": low, "cleared": False}, {"score": high, "cleared": False}])
    result = parse_better("tabu,random").judge(comparison)
    assert not result.passed
    assert result.sentence.startswith("tabu scored 11.7 points per board more than random")
    assert "not above 0 with 95 percent confidence; the gate asks for that" in result.sentence


def test_compare_out_writes_every_game_as_a_verifiable_record(cli) -> None:
    result = cli(*GATED, "--games", "4", "--seed", "3", "--out", "both.jsonl")
    assert result.code == 0, result.err
    assert result.out.splitlines()[-1] == "8 records written to both.jsonl, one per line."
    records = [json.loads(line) for line in Path("both.jsonl").read_text().splitlines()]
    assert [record["bot"] for record in records] == ["random", "tabu"] * 4
    assert [r["board_number"] for r in records[::2]] == [r["board_number"] for r in records[1::2]]
    for bot in ("random", "tabu"):
        alone = cli("simulate", "--bot", bot, *GATED[3:], "--games", "4", "--seed", "3",
                    "--out", f"{bot}.jsonl")  # fmt: skip
        assert alone.code == 0
        mine = [r for r in records if r["bot"] == bot]
        theirs = [json.loads(line) for line in Path(f"{bot}.jsonl").read_text().splitlines()]
        assert [{**r, "seconds": 0} for r in mine] == [{**r, "seconds": 0} for r in theirs]
    verified = cli("verify", "both.jsonl")
    assert verified.code == 0
    assert verified.out == "Verified 8 records in 1 file: all correct.\n"


def test_compare_out_replaces_a_file_only_when_games_were_played(cli) -> None:
    Path("kept.jsonl").write_text("old\n")
    bad = cli(*GATED, "--games", "2", "--require-mean", "nobody=1", "--out", "kept.jsonl")
    assert bad.code == 2
    assert Path("kept.jsonl").read_text() == "old\n"
    gated = cli(*GATED, "--games", "2", "--require-mean", "random=1e9", "--out", "kept.jsonl")
    assert gated.code == 1  # a gate not met still keeps the games' records
    assert len(Path("kept.jsonl").read_text().splitlines()) == 4
    assert sorted(path.name for path in Path().iterdir() if path.name.endswith(".part")) == []


def test_one_board_cannot_prove_better(cli) -> None:
    result = cli(*GATED, "--games", "1", "--require-better", "tabu,random", "-f", "json")
    assert result.code == 1
    (gate,) = json.loads(result.out)["gates"]
    assert gate["passed"] is False
    assert "no interval from one board" in gate["sentence"]


def test_gate_results_in_json(cli) -> None:
    result = cli(*GATED, "--games", "20", "--require-mean", "random=0", "-f", "json")
    assert result.code == 0
    assert json.loads(result.out)["gates"] == [
        {"passed": True, "sentence": json.loads(result.out)["gates"][0]["sentence"]}
    ]
    assert "random has mean score" in json.loads(result.out)["gates"][0]["sentence"]


@pytest.mark.parametrize(
    ("gate", "fragment"),
    [
        (("--require-better", "tabu"), "two different bots"),
        (("--require-better", "tabu,tabu"), "two different bots"),
        (("--require-better", "tabu,greedy"), "bot greedy, which is not compared"),
        (("--require-mean", "tabu"), "BOT=SCORE"),
        (("--require-mean", "tabu=lots"), "BOT=SCORE"),
        (("--require-mean", "tabu=nan"), "BOT=SCORE"),
        (("--require-mean", "largest=3"), "bot largest, which is not compared"),
    ],
)
def test_bad_gates_are_usage_errors(cli, gate: tuple[str, str], fragment: str) -> None:
    result = cli(*GATED, "--games", "2", *gate)
    assert_one_line_error(result, 2, fragment)


@settings(max_examples=15, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    bots=st.sampled_from(["random,greedy", "random,greedy,largest"]),
    boards=st.integers(1, 3),
    data=st.data(),
)
def test_a_stop_after_any_record_leaves_whole_boards_only(
    cli, monkeypatch: pytest.MonkeyPatch, bots: str, boards: int, data: st.DataObject
) -> None:
    """A stop signal that arrives while any record is being written (its handler
    gives the stop to ``raise_or_hold``, as samegame's handlers do) ends the run
    with the records of whole boards: never one bot's game of a board without the
    others'."""
    count = len(bots.split(","))
    stop_at = data.draw(st.integers(1, count * boards), label="stop at record")
    written: list[str] = []
    original = LineFile.write_line

    def write_line(self: LineFile, text: str) -> None:
        original(self, text)
        written.append(text)
        if len(written) == stop_at:
            raise_or_hold(KeyboardInterrupt())

    monkeypatch.setattr(LineFile, "write_line", write_line)
    Path("out.jsonl").unlink(missing_ok=True)
    result = cli("compare", "--bots", bots, "--preset", "basic", "--size", "small",
                 "--games", str(boards), "--out", "out.jsonl")  # fmt: skip
    lines = Path("out.jsonl").read_text().splitlines() if Path("out.jsonl").exists() else []
    assert len(lines) % count == 0, (stop_at, lines)
    records = [json.loads(line) for line in lines]
    assert [r["bot"] for r in records] == bots.split(",") * (len(records) // count)
    if stop_at <= count * (boards - 1):  # stopped before the last board: 130
        assert result.code == 130, result
