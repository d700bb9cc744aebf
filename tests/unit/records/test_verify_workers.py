"""``verify --workers N``: the same report, in the same order, as one worker, on
files of good and bad records split across many batches."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from locations import TESTS
from samegame.sim.verify import BATCH_LINES

GOLDEN = [TESTS / "golden" / "records" / name for name in ("v1.jsonl", "v2.jsonl")]


def golden_lines() -> list[str]:
    return [line for path in GOLDEN for line in path.read_text(encoding="utf-8").splitlines()]


def spoiled(line: str, how: int) -> str:
    """One of several faults: wrong points, an illegal move, a wrong score, a cut
    line, an unknown format, an unknown generator, an unknown key."""
    record = json.loads(line)
    if how == 0:
        record["moves"][0]["points"] += 1
    elif how == 1:
        record["moves"][-1]["move"] = "Z1"
    elif how == 2:
        record["score"] += 7
    elif how == 3:
        return line[: len(line) // 2]
    elif how == 4:
        record["format"] = "samegame-record/99"
    elif how == 5:
        record["generator"] = "nowhere" if record["generator"] else None
    else:
        record["extra\u0000key"] = 1
    return json.dumps(record)


def mixed_file(path: Path, count: int, seed: int) -> None:
    draw = random.Random(seed)
    good = golden_lines()
    lines = []
    for _ in range(count):
        line = draw.choice(good)
        roll = draw.random()
        if roll < 0.3:
            line = spoiled(line, draw.randrange(7))
        elif roll < 0.35:
            line = ""
        lines.append(line)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.slow
def test_two_workers_give_the_same_report_as_one(cli, tmp_path: Path) -> None:
    mixed_file(tmp_path / "a.jsonl", 3 * BATCH_LINES + 5, seed=1)
    mixed_file(tmp_path / "b.jsonl", 40, seed=2)
    (tmp_path / "empty.jsonl").write_text("")
    files = ["a.jsonl", "empty.jsonl", "b.jsonl", str(GOLDEN[1])]
    one = cli("verify", *files)
    two = cli("verify", "--workers", "2", *files)
    assert one.code == two.code == 1
    assert two.out == one.out
    assert one.out.count("\n") > 30  # bad records of both files were reported
    assert "not checked" in one.out.splitlines()[-1]
    one_json = json.loads(cli("verify", "-f", "json", *files).out)
    two_json = json.loads(cli("verify", "-f", "json", "-w", "2", *files).out)
    assert two_json == one_json
    assert one_json["failed"] > 0
    assert one_json["verified"] > 0


@pytest.mark.slow
def test_two_workers_verify_good_records(cli) -> None:
    result = cli("verify", "--workers", "2", "--executor", "process", *map(str, GOLDEN))
    assert result.code == 0, result.out
    assert result.out == "Verified 15 records in 2 files: all correct.\n"


def test_more_than_one_worker_needs_processes(cli) -> None:
    result = cli("verify", "--workers", "2", "--executor", "local", str(GOLDEN[0]))
    assert result.code == 2
    assert result.err.startswith("Error: the local executor plays one game at a time")
