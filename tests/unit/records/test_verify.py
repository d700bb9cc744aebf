"""``samegame verify``: replaying record files, mismatches with file and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from locations import TESTS

GOLDEN = TESTS / "golden" / "records" / "v1.jsonl"


def golden_lines() -> list[str]:
    return GOLDEN.read_text(encoding="utf-8").splitlines()


def test_golden_v1_records_verify_forever(cli) -> None:
    # Written by samegame 0.x; every later version must still verify them.
    records = [json.loads(line) for line in golden_lines()]
    assert {r["format"] for r in records} == {"samegame-record/1"}
    assert {r["bot"] for r in records} >= {"greedy", "tabu", "random", "largest"}
    assert any(r["penalty"] > 0 for r in records)
    assert any(r["cleared"] for r in records)
    assert any(r["board_number"] is None for r in records)
    result = cli("verify", str(GOLDEN))
    assert result.code == 0, result.out
    assert result.out == f"Verified {len(records)} records in 1 file: all correct.\n"
    assert result.err == ""


def test_simulated_records_verify(cli) -> None:
    assert (
        cli(
            "simulate", "--bot", "greedy", "--size", "small", "--games", "3", "--out", "r.jsonl"
        ).code
        == 0
    )
    result = cli("verify", "r.jsonl", str(GOLDEN))
    assert result.code == 0
    assert result.out == "Verified 11 records in 2 files: all correct.\n"


def tamper(tmp_path: Path) -> Path:
    """The golden records with one fault per line from line 2 on (a blank line 4)."""
    lines = golden_lines()
    changed_points = json.loads(lines[1])
    changed_points["moves"][0]["points"] += 1
    illegal = json.loads(lines[2])
    illegal["moves"][2]["move"] = "Z1"
    wrong_score = json.loads(lines[3])
    wrong_score["score"] += 10
    unknown = json.loads(lines[4])
    unknown["format"] = "samegame-record/99"
    rows = [
        lines[0],
        json.dumps(changed_points),
        json.dumps(illegal),
        "",
        json.dumps(wrong_score),
        lines[5][: len(lines[5]) // 2],
        json.dumps(unknown),
        lines[6],
    ]
    path = tmp_path / "results.jsonl"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_mismatches_are_reported_with_line_numbers(cli, tmp_path: Path) -> None:
    tamper(tmp_path)
    result = cli("verify", "results.jsonl")
    assert result.code == 1
    lines = result.out.splitlines()
    by_line: dict[int, list[str]] = {}
    for line in lines[:-1]:
        name, number, problem = line.split(":", 2)
        assert name == "results.jsonl"
        by_line.setdefault(int(number), []).append(problem.strip())
    assert sorted(by_line) == [2, 3, 5, 6, 7]
    assert any("move 1 (" in p and "points by the rules, the record says" in p for p in by_line[2])
    assert by_line[3][0].startswith("move 3 (Z1) is illegal: ")
    assert any(p.startswith("score is ") and "the record says" in p for p in by_line[5])
    assert by_line[6][0].startswith("the line is not a complete JSON record (")
    assert by_line[7] == [
        "unknown record format 'samegame-record/99'; known: samegame-record/1, samegame-record/2, "
        "samegame-record/3"
    ]
    assert lines[-1] == "Verified 7 records in 1 file: 5 records have mismatches."
    assert result.err == ""


def test_one_mismatch_in_two_files(cli, tmp_path: Path) -> None:
    lines = golden_lines()
    record = json.loads(lines[0])
    record["remaining"] += 1
    (tmp_path / "one.jsonl").write_text(json.dumps(record) + "\n", encoding="utf-8")
    result = cli("verify", str(GOLDEN), "one.jsonl")
    assert result.code == 1
    assert result.out.splitlines()[0].startswith("one.jsonl:1: remaining is ")
    assert result.out.splitlines()[-1] == (
        "Verified 9 records in 2 files: 1 record has mismatches."
    )


def test_unreadable_file_is_exit_4(cli) -> None:
    result = cli("verify", str(GOLDEN), "missing.jsonl")
    assert result.code == 4
    assert len(result.err.splitlines()) == 1
    assert result.err.startswith("Error: cannot read missing.jsonl")


def test_a_folder_is_unreadable(cli, tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    result = cli("verify", "folder")
    assert result.code == 4
    assert result.err.startswith("Error: folder is a directory, not a regular file")


# -- malformed lines: each reported with its line, never a crash ------------------

NESTED = "[" * 100_000
MALFORMED = {
    "nested": NESTED,
    "nested objects": '{"a":' * 50_000,
    "nested just below the recursion limit": '{"format":"samegame-record/1","preset":'
    + "[" * 990
    + "]" * 990
    + "}",
    "nested 9 deep": '{"format":"samegame-record/1","moves":' + "[" * 8 + "]" * 8 + "}",
    "huge float": GOLDEN.read_text(encoding="utf-8")
    .splitlines()[0]
    .replace('"clear_bonus":1000', '"clear_bonus":1e999'),
    "infinity": '{"format":"samegame-record/1","seconds":Infinity}',
    "nan": '{"format":"samegame-record/1","seconds":NaN}',
    "long int": '{"format":"samegame-record/1","seed":' + "9" * 5000 + "}",
    "long move": GOLDEN.read_text(encoding="utf-8")
    .splitlines()[0]
    .replace('"move":"A4"', '"move":"A' + "9" * 5000 + '"'),
    "repeated key": '{"format":"samegame-record/1","format":"samegame-record/1"}',
    "not an object": "[1, 2, 3]",
    "a string": '"samegame-record/1"',
    "true for 1": GOLDEN.read_text(encoding="utf-8")
    .splitlines()[0]
    .replace('"min_group":2', '"min_group":true'),
    "float for int": GOLDEN.read_text(encoding="utf-8")
    .splitlines()[0]
    .replace('"clear_bonus":1000', '"clear_bonus":1000.9'),
    "string for int": GOLDEN.read_text(encoding="utf-8")
    .splitlines()[0]
    .replace('"min_group":2', '"min_group":"2"'),
    "unknown key": GOLDEN.read_text(encoding="utf-8")
    .splitlines()[0]
    .replace('{"format"', '{"note":"hi","format"'),
    "too long": '{"format":"' + "x" * (1 << 20) + '"}',
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_each_malformed_line_is_one_problem_and_the_run_goes_on(
    cli, tmp_path: Path, name: str
) -> None:
    good = golden_lines()
    (tmp_path / "bad.jsonl").write_text(
        "\n".join([good[0], MALFORMED[name], good[1]]) + "\n", encoding="utf-8"
    )
    result = cli("verify", "bad.jsonl")
    assert result.code == 1
    assert result.err == ""
    lines = result.out.splitlines()
    assert len(lines) == 2, lines
    assert lines[0].startswith("bad.jsonl:2: ")
    assert len(lines[0]) < 400
    assert lines[1] == "Verified 3 records in 1 file: 1 record has mismatches."


def test_not_utf8_is_a_problem_of_its_line(cli, tmp_path: Path) -> None:
    good = golden_lines()[0].encode()
    (tmp_path / "bytes.jsonl").write_bytes(good + b"\n\xff\xfe not text\n" + good + b"\n")
    result = cli("verify", "bytes.jsonl")
    assert result.code == 1
    assert result.out.splitlines() == [
        "bytes.jsonl:2: the line is not UTF-8 text (byte 1)",
        "Verified 3 records in 1 file: 1 record has mismatches.",
    ]


@pytest.mark.parametrize("content", ["", "\n\n  \n"])
def test_a_file_with_no_records_fails(cli, tmp_path: Path, content: str) -> None:
    (tmp_path / "empty.jsonl").write_text(content, encoding="utf-8")
    result = cli("verify", str(GOLDEN), "empty.jsonl")
    assert result.code == 1
    assert result.out.splitlines() == [
        "empty.jsonl: the file has no records; a record file holds one JSON record per line",
        "Verified 8 records in 2 files: no records in empty.jsonl.",
    ]


def test_json_report_per_file(cli, tmp_path: Path) -> None:
    tamper(tmp_path)
    (tmp_path / "empty.jsonl").write_text("", encoding="utf-8")
    result = cli("verify", "--format", "json", str(GOLDEN), "results.jsonl", "empty.jsonl")
    assert result.code == 1
    report = json.loads(result.out)
    assert (report["records"], report["verified"], report["failed"], report["ok"]) == (
        15,
        10,
        5,
        False,
    )
    assert (report["unchecked"], report["interrupted"]) == (0, False)
    golden, tampered, empty = report["files"]
    nothing = {"failures": [], "unchecked": [], "notes": []}
    assert golden == {"file": str(GOLDEN), "records": 8, "verified": 8, **nothing}
    assert (tampered["records"], tampered["verified"]) == (7, 2)
    assert [f["line"] for f in tampered["failures"]] == [2, 3, 5, 6, 7]
    assert all(f["problems"] for f in tampered["failures"])
    assert empty == {"file": "empty.jsonl", "records": 0, "verified": 0, **nothing}
    good = cli("verify", "-f", "json", str(GOLDEN))
    assert good.code == 0
    assert json.loads(good.out)["ok"] is True


def test_verify_needs_files_or_schema(cli) -> None:
    result = cli("verify")
    assert result.code == 2
    assert result.err.startswith("Error: give one or more record files")


# -- the published JSON Schema agrees with the checker -----------------------------


def test_schema_option_prints_a_valid_json_schema(cli) -> None:
    import jsonschema

    result = cli("verify", "--schema")
    assert result.code == 0
    schema = json.loads(result.out)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for line in golden_lines():
        validator.validate(json.loads(line))
    assert cli("simulate", "--bot", "greedy", "--size", "small", "--games", "2", "-o", "r.jsonl")
    for line in Path("r.jsonl").read_text(encoding="utf-8").splitlines():
        validator.validate(json.loads(line))
    titles = [part["title"] for part in schema["oneOf"]]
    assert titles == ["samegame-record/1", "samegame-record/2", "samegame-record/3"]
    assert all(part["additionalProperties"] is False for part in schema["oneOf"])


RECORD_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


@given(data=st.data())
@pytest.mark.slow
def test_what_the_checker_accepts_the_schema_accepts(data: st.DataObject) -> None:
    """Change one position of a golden record to any JSON value: whenever the
    checker accepts the result, so does the published schema (the checker is
    stricter only in refusing integral floats such as 2.0 where JSON Schema's
    "integer" admits them, and true/false, which Python reads as ints)."""
    import jsonschema

    from samegame.records.shape import check_shape, json_schema

    record = json.loads(data.draw(st.sampled_from(golden_lines())))
    keys = data.draw(st.lists(st.sampled_from(sorted(record)), min_size=1, max_size=2))
    for key in keys:
        record[key] = data.draw(RECORD_VALUES)
    accepted = check_shape(record) is None
    valid = jsonschema.Draft202012Validator(json_schema()).is_valid(record)
    if accepted:
        assert valid
    if not valid:
        assert not accepted
