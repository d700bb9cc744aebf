"""benchmarks/anatomy.py: each verified record's largest group, the tiles of its
colour that the group left out and what they would have been worth; records that
do not verify are left out and named; the standard positions are recognised."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from locations import ROOT

SCRIPT = ROOT / "benchmarks" / "anatomy.py"

# A 4x2 board: two red columns at the sides, green over blue between them.
#   R G G R
#   R B B R
BASE: dict[str, Any] = {
    "format": "samegame-record/1",
    "preset": None,
    "rules": {"formula": "basic", "clear_bonus": 1000, "penalty": "none", "min_group": 2},
    "generator": None,
    "board_number": None,
    "width": 4,
    "height": 2,
    "colours": 3,
    "board": ["RGGR", "RBBR"],
    "bot": "greedy",
    "seed": 0,
    "bonus": 1000,
    "penalty": 0,
    "remaining": 0,
    "cleared": True,
    "finished": True,
    "seconds": 0.0,
}
# Blue, then green (fallen to the bottom row): the middle columns close and the
# reds meet as one group of 4, (4-2)^2 = 4 points.
JOINED = BASE | {
    "moves": [
        {"move": "B1", "tiles": 2, "points": 0},
        {"move": "B1", "tiles": 2, "points": 0},
        {"move": "A1", "tiles": 4, "points": 4},
    ],
    "score": 1004,
}
# The left red column first: the reds come off as two pairs, 0 points each, and
# the largest group (the first of the four pairs) leaves 2 of red's 4 tiles out.
APART = BASE | {
    "moves": [{"move": "A1", "tiles": 2, "points": 0}] * 4,
    "score": 1000,
}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=False
    )


def write(path: Path, *records: dict[str, Any]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_a_largest_group_of_the_whole_colour_leaves_nothing_out(tmp_path: Path) -> None:
    result = run("--json", str(write(tmp_path / "r.jsonl", JOINED, APART)))
    assert result.returncode == 0, result.stderr
    joined, apart = (json.loads(line) for line in result.stdout.splitlines())
    assert joined | {"source": ""} == {
        "source": "",
        "position": None,
        "score": 1004,
        "left": 0,
        "largest": 4,
        "at_move": 3,
        "moves": 3,
        "colour_tiles": 4,
        "left_out": 0,
        "left_out_points": 0,
        "pieces": [4],
        "largest_points": 4,
        "other_points": 0,
    }
    assert apart["largest"] == 2
    assert apart["at_move"] == 1
    assert apart["left_out"] == 2
    assert apart["left_out_points"] == 4  # one group of 4 reds: (4-2)^2 - 0
    assert apart["pieces"] == [2, 2]  # the two red columns, apart
    assert joined["source"].endswith("r.jsonl:1")
    assert apart["source"].endswith("r.jsonl:2")


def test_a_game_without_a_move_has_no_largest_group(tmp_path: Path) -> None:
    stuck = BASE | {
        "width": 2,
        "height": 1,
        "colours": 2,
        "board": ["RG"],
        "moves": [],
        "bonus": 0,
        "remaining": 2,
        "cleared": False,
        "score": 0,
    }
    result = run("--json", str(write(tmp_path / "r.jsonl", stuck)))
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert (found["largest"], found["colour_tiles"], found["left_out"]) == (0, 0, 0)
    assert (found["left_out_points"], found["largest_points"], found["left"]) == (0, 0, 2)


def test_the_table_sums_what_its_rows_say(tmp_path: Path) -> None:
    result = run(str(write(tmp_path / "r.jsonl", JOINED, APART)))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    header, rule, *rows, total = lines
    assert header.count("|") == rule.count("|") == rows[0].count("|") == 11
    assert [row.split(" | ")[7] for row in rows] == ["4", "2+2"]
    assert total == (
        "2 records: score 2,004; tiles left out of the largest group 2 (4 points); "
        "the other groups' points 0 a game"
    )


def test_a_record_that_does_not_verify_is_left_out_and_named(tmp_path: Path) -> None:
    wrong = JOINED | {"score": 1005}
    result = run("--json", str(write(tmp_path / "r.jsonl", wrong, APART)))
    assert result.returncode == 1
    assert [json.loads(line)["score"] for line in result.stdout.splitlines()] == [1000]
    assert result.stderr.startswith("anatomy: left out ")
    assert "r.jsonl:1: score is 1004 by the rules, the record says 1005" in result.stderr


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    result = run(str(tmp_path / "missing.jsonl"))
    assert result.returncode == 2
    assert result.stderr.startswith("anatomy: cannot read the records: ")
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("number", [1, 17])
@pytest.mark.slow
def test_a_standard_position_is_named(tmp_path: Path, number: int) -> None:
    out = tmp_path / "bench.jsonl"
    made = subprocess.run(
        [
            sys.executable,
            "-m",
            "samegame",
            "bench",
            "standard",
            "--bot",
            "greedy",
            "--positions",
            str(number),
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        check=False,
        env=os.environ | {"SAMEGAME_HOME": str(tmp_path / "home")},
    )
    assert made.returncode == 0, made.stderr
    record = json.loads(out.read_text(encoding="utf-8"))
    result = run("--json", str(out))
    assert result.returncode == 0, result.stderr
    (found,) = (json.loads(line) for line in result.stdout.splitlines())
    assert found["position"] == number
    assert found["score"] == record["score"]
    assert found["largest"] == max(move["tiles"] for move in record["moves"])
    # The colour's tiles, counted on the record's rows as text.
    letters = "".join(record["board"])
    counts = sorted((letters.count(c) for c in set(letters)), reverse=True)
    assert found["colour_tiles"] in counts
    assert found["left_out"] == found["colour_tiles"] - found["largest"] >= 0
    total = sum(move["points"] for move in record["moves"])
    assert found["largest_points"] + found["other_points"] == total
    # The pieces are the colour's parts when the group came off: the group first.
    assert found["pieces"][0] == found["largest"]
    assert found["pieces"] == sorted(found["pieces"], reverse=True)
    assert sum(found["pieces"]) <= found["colour_tiles"]
