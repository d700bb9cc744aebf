"""Records verify anywhere: a record carries its rules and its generator's name and
version, so a preset of the user's own folder is not needed to check it, and what
cannot be checked here (another generator version, a generator missing) is said
once per file with a count."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from samegame.builtins.generators import uniform_board
from samegame.plugin import (
    BoardGenerator,
    BoardSpec,
    GeneratedBoard,
    hookimpl,
    stable_random,
)
from samegame.plugin import host as plugins
from samegame.plugin.host import PluginHost

pytestmark = pytest.mark.slow  # starts processes

GAMES = 30
MIRROR = """name: mirror
title: Mirror
description: Basic scoring on boards of the tilt generator.
formula: basic
clear_bonus: 500
penalty: leftover-squared
min_group: 2
undo: practice
hint: practice
selection: confirm
board_type: tilt
board_types: [tilt]
colours: [3]
sizes:
  small: {width: 6, height: 8, colours: 3}
default_size: small
"""


class Tilt:
    """A plugin with one generator, ``tilt``, at some version (its boards are
    uniform, drawn from the stream its name and version seed)."""

    def __init__(self, version: int) -> None:
        def generate(spec: BoardSpec, number: int) -> GeneratedBoard:
            return GeneratedBoard(uniform_board(spec, stable_random(self.generator, spec, number)))

        self.generator = BoardGenerator("tilt", version, generate, "uniform test boards")

    @hookimpl
    def samegame_board_generators(self) -> list[BoardGenerator]:
        return [self.generator]


def use_tilt(monkeypatch: pytest.MonkeyPatch, version: int | None) -> None:
    """This process's plugins: the built-ins and ``tilt`` at ``version`` (None:
    not installed)."""
    extra = [] if version is None else [("tilt", Tilt(version))]
    monkeypatch.setattr(plugins, "_HOST", PluginHost(autoload=False, extra=extra))


@pytest.fixture
def mirror_records(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """GAMES records made with the user's own preset ``mirror`` on ``tilt``
    version 2 boards; afterwards the data folder is an empty one."""
    use_tilt(monkeypatch, 2)
    folder = tmp_path / "home" / "config" / "presets"
    folder.mkdir(parents=True)
    (folder / "mirror.yaml").write_text(MIRROR, encoding="utf-8")
    made = cli(
        "simulate", "--preset", "mirror", "--bot", "greedy", "--games", str(GAMES), "-o", "r.jsonl"
    )
    assert made.code == 0, made.err
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "elsewhere"))
    return tmp_path / "r.jsonl"


def test_records_carry_the_rules_and_the_generators_version(mirror_records: Path) -> None:
    records = [json.loads(line) for line in mirror_records.read_text().splitlines()]
    assert len(records) == GAMES
    first = records[0]
    assert first["format"] == "samegame-record/3"
    assert first["plugins"] == [
        {"kind": "board generator", "name": "tilt", "distribution": "local", "version": ""}
    ]
    assert (first["preset"], first["generator"], first["generator_version"]) == (
        "mirror",
        "tilt",
        2,
    )
    assert first["rules"] == {
        "formula": "basic",
        "clear_bonus": 500,
        "penalty": "leftover-squared",
        "min_group": 2,
    }
    assert list(first)[3:5] == ["generator", "generator_version"]


def test_a_users_preset_is_not_needed_to_verify(
    cli, mirror_records: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_tilt(monkeypatch, 2)
    result = cli("verify", "r.jsonl")
    assert result.code == 0, result.out
    assert result.out.splitlines() == [
        "r.jsonl: preset mirror is not known here; the records naming it were checked by "
        f"the rules they state ({GAMES} records)",
        f"Verified {GAMES} records in 1 file: all correct.",
    ]
    assert result.err == ""


def test_a_changed_rule_is_still_caught_without_the_preset(
    cli, mirror_records: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_tilt(monkeypatch, 2)
    lines = mirror_records.read_text().splitlines()
    record = json.loads(lines[4])
    record["rules"]["clear_bonus"] = 5000
    lines[4] = json.dumps(record)
    mirror_records.write_text("\n".join(lines) + "\n")
    result = cli("verify", "r.jsonl")
    assert result.code == 1
    assert result.out.splitlines()[0].startswith("r.jsonl:5: ")
    assert result.out.splitlines()[-1] == (
        f"Verified {GAMES} records in 1 file: 1 record has mismatches."
    )


def test_another_generator_version_is_said_once_with_a_count(
    cli, mirror_records: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_tilt(monkeypatch, 3)
    result = cli("verify", "r.jsonl")
    assert result.code == 1
    assert result.out.splitlines() == [
        f"r.jsonl: {GAMES} records not checked (lines 1, 2, 3 and {GAMES - 3} more): made "
        "with generator 'tilt' version 2; this installation has version 3: its boards may "
        "differ",
        "r.jsonl: preset mirror is not known here; the records naming it were checked by "
        f"the rules they state ({GAMES} records)",
        f"Verified {GAMES} records in 1 file: {GAMES} records were not checked.",
    ]
    report = json.loads(cli("verify", "-f", "json", "r.jsonl").out)
    assert (report["verified"], report["failed"], report["unchecked"]) == (0, 0, GAMES)
    (entry,) = report["files"][0]["unchecked"]
    assert entry["records"] == GAMES
    assert entry["lines"][:3] == [1, 2, 3]


def test_a_missing_generator_is_said_once_with_a_count(
    cli, mirror_records: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_tilt(monkeypatch, None)
    result = cli("verify", "r.jsonl")
    assert result.code == 1
    lines = result.out.splitlines()
    assert lines[0] == (
        f"r.jsonl: {GAMES} records not checked (lines 1, 2, 3 and {GAMES - 3} more): "
        "board generator 'tilt' (local) is not installed here; install it to check these "
        "records"
    )
    assert len(lines) == 3


def test_moves_are_still_replayed_when_the_board_number_cannot_be_checked(
    cli, mirror_records: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_tilt(monkeypatch, None)
    lines = mirror_records.read_text().splitlines()
    record = json.loads(lines[0])
    record["score"] += 1
    mirror_records.write_text(json.dumps(record) + "\n")
    result = cli("verify", "r.jsonl")
    assert result.code == 1
    assert result.out.splitlines()[0].startswith("r.jsonl:1: score is ")


def test_an_old_record_whose_board_changed_names_the_version(cli, tmp_path: Path) -> None:
    """A samegame-record/1 record does not name its generator's version: a board
    that differs says so."""
    from locations import TESTS

    line = (TESTS / "golden" / "records" / "v1.jsonl").read_text().splitlines()[0]
    record = json.loads(line)
    record["board_number"] += 1
    (tmp_path / "old.jsonl").write_text(json.dumps(record) + "\n")
    result = cli("verify", "old.jsonl")
    assert result.code == 1
    first = result.out.splitlines()[0]
    assert "the board is not board" in first
    assert "does not name its generator's version; this installation has version 1" in first
