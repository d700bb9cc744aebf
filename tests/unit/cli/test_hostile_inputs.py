"""The attack suite: every input of samegame, attacked.

Each attack runs the command line in this process; a crash would raise out of
``run`` (it re-raises what it does not know), so every test also proves "no
traceback". Deterministic attacks reproduce the issue's findings one by one;
hypothesis tests throw random bytes and structure-aware mutations of boards,
presets, records, move lists and typed play lines, and check that the exit code is
one of the documented ones. ``ATTACKS`` counts every input tried; the figure is
printed at the end of the module (``pytest -s tests/unit/cli/test_hostile_inputs.py``).
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import Result, assert_one_line_error
from playkit import run_cli
from samegame.core.coords import CoordinateError, parse_cell
from samegame.core.limits import MAX_FILE_BYTES, MAX_POINTS
from samegame.plugin.host import get_host
from samegame.presets import PresetError, load_preset_file
from samegame.repl.commands import UnknownCommandError, parse_command

DOCUMENTED = {0, 1, 2, 3, 4, 5, 130}
TOO_BIG = "9223372036854775808"  # 2**63, one more than SQLite's largest INTEGER
NINES = "9" * 5000
ATTACKS = {"inputs": 0}

FUZZ = settings(
    max_examples=60,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

BOARD = "RRBGY\nRBBGY\nGGBYY\nRGBRR\n"
PRESET = """\
name: {name}
title: Attack
description: A preset under attack.
formula: basic
clear_bonus: 1000
penalty: none
min_group: 2
undo: allowed
board_type: random
board_types: [random, solvable]
colours: [3, 4]
clear_bonus_choices: [0, 1000]
sizes:
  small: {{width: 5, height: 4, colours: 3}}
default_size: small
"""

# Values that broke a reader once, or might.
NASTY = [
    "",
    "0",
    "-1",
    TOO_BIG,
    "1" * 60,
    NINES,
    "\u00b2",
    "\u0663",
    "\uff15",
    "\x00",
    "\x1b[2J",
    "\u202e",
    "\ufeff",
    "1e400",
    "inf",
    "nan",
    "0x1F",
    "1_000",
    "A" * 200,
    "column 1 row 1",
    "row \u00b2",
    "col \u00b9",
]
YAML_NASTY = [
    '!!int ""',
    '!!int "-"',
    "!!int _",
    "!!int 0x",
    '!!bool ""',
    "!!float x",
    "10000000000000000000",
    "999999999999999999999999999",
    "-5",
    "~",
    ".inf",
    "[]",
    "{}",
    "[random, random]",
    "&a [*a]",
    "!!python/object/apply:os.system [echo]",
    '"\\x00"',
    "2001-12-14",
    "!!binary aGk=",
    "*undefined",
]


@pytest.fixture(scope="module", autouse=True)
def report_count() -> Iterator[None]:
    yield
    print(f"\nattack suite: {ATTACKS['inputs']} inputs tried, none crashed")


def tried(result: Result, *, error_line: bool = True) -> Result:
    """Count an attack; its exit code is documented, there is no traceback, and a
    failure has one Error line (``verify`` lists mismatches on stdout instead)."""
    ATTACKS["inputs"] += 1
    assert result.code in DOCUMENTED, (result.code, result.err)
    assert "Traceback" not in result.out + result.err
    errors = [line for line in result.err.splitlines() if line.startswith("Error: ")]
    if result.code != 0 and error_line:
        assert len(errors) == 1, result.err
    else:
        assert len(errors) <= 1, result.err
    return result


# -- numbers too big ----------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--game", TOO_BIG],
        ["history", "--limit", TOO_BIG],
        ["scores", "--limit", TOO_BIG],
        ["simulate", "--bot", "greedy", "--games", TOO_BIG],
        ["simulate", "--bot", "greedy", "--workers", TOO_BIG],
        ["replay", "-n", "1", "-m", "A1", "--clear-bonus", TOO_BIG],
        ["board", "show", "-n", TOO_BIG],
        ["board", "show", "--colours", TOO_BIG],
        ["board", "show", "--size", f"{NINES}x5"],
        ["board", "show", "--size", "\u0665x\u0665"],
        ["replay", "-n", "1", "-m", f"A{NINES}"],
    ],
)
def test_numbers_too_big_are_one_line_errors(cli: Callable[..., Result], args: list[str]) -> None:
    result = tried(cli(*args))
    assert result.code in (1, 2, 3), result.err  # 1: an illegal move, 3: a preset choice
    assert len(result.err) < 400


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("clear_bonus", "10000000000000000000"),
        ("clear_bonus", str(MAX_POINTS + 1)),
        ("min_group", "999999999999999999999999999"),
        ("min_group", NINES),
        ("clear_bonus_choices", f"[0, {TOO_BIG}]"),
        ("colours", f"[3, {TOO_BIG}]"),
        ("clear_bonus", '!!int ""'),
        ("clear_bonus", '!!int "-"'),
        ("clear_bonus", "!!int _"),
        ("board_types", "[random, random]"),
    ],
)
def test_preset_values_out_of_bounds(
    cli: Callable[..., Result], tmp_path: Path, key: str, value: str
) -> None:
    text = "".join(
        f"{key}: {value}\n" if line.startswith(f"{key}:") else line + "\n"
        for line in PRESET.format(name="attack").splitlines()
    )
    path = tmp_path / "attack.yaml"
    path.write_text(text)
    result = tried(cli("presets", "show", str(path)))
    assert_one_line_error(result, 3, f"{path}:")
    assert "0x" not in result.err  # no dataclass repr with a function address
    if key == "board_types":
        assert "random is listed twice" in result.err
    # The same file in the user's folder is reported and skipped by presets list.
    folder = tmp_path / "home" / "config" / "presets"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "attack.yaml").write_text(text)
    listed = tried(cli("presets", "list"))
    assert listed.code == 0
    assert "(preset skipped)" in listed.err
    assert "basic: Basic" in listed.out


# -- typed lines --------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    ["row \u00b2", "column \u00b3", "col \u00b9", f"row {NINES}", f"column {NINES}", f"A{NINES}"],
)
def test_typed_numbers_are_refused_in_words(line: str) -> None:
    ATTACKS["inputs"] += 1
    with pytest.raises(UnknownCommandError) as caught:
        parse_command(line)
    assert len(str(caught.value.params)) < 300


def test_the_row_error_says_ascii_digits(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "home"))
    outcome = run_cli(capsys, monkeypatch, ["play", "--accessible"], "row \u00b2\ncol \u00b9\n")
    ATTACKS["inputs"] += 1
    assert outcome.code == 0, outcome.err
    assert "'\u00b2' is not a row number; write row 5, in digits 0 to 9." in outcome.out
    assert "'\u00b9' is not a column" in outcome.out


# -- files ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["replay", "--board", "/dev/zero", "-m", "A1"],
        ["presets", "show", "/dev/zero"],
        ["verify", "/dev/zero"],
        ["simulate", "--bot", "greedy", "--boards", "/dev/urandom"],
        ["solve", "--board", "/dev/urandom", "--bot", "greedy"],
    ],
)
def test_endless_files_are_refused_quickly(cli: Callable[..., Result], args: list[str]) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    started = time.monotonic()
    result = tried(cli(*args))
    assert result.code in (3, 4), result.err
    assert time.monotonic() - started < 10


@pytest.mark.parametrize("line", ["R" * 4_000_000, "R " * 400_000, "R\n" * 400_000])
def test_huge_boards_are_refused_while_reading(
    cli: Callable[..., Result], tmp_path: Path, line: str
) -> None:
    (tmp_path / "big.txt").write_text(line)
    started = time.monotonic()
    result = tried(cli("replay", "--board", "big.txt", "-m", "A1"))
    assert result.code == 4, result.err
    assert time.monotonic() - started < 5


def test_a_file_just_over_the_cap_is_refused(cli: Callable[..., Result], tmp_path: Path) -> None:
    (tmp_path / "big.txt").write_text("R\n" + " " * MAX_FILE_BYTES)
    assert_one_line_error(
        tried(cli("replay", "--board", "big.txt", "-m", "A1")), 4, "larger than 1,000,000 bytes"
    )


def test_a_record_line_over_the_cap_is_refused(cli: Callable[..., Result], tmp_path: Path) -> None:
    # Reported as that line's fault (FILE:LINE), and verify goes on to its summary.
    (tmp_path / "r.jsonl").write_text('{"a": "' + "x" * 1_100_000 + '"}\n')
    result = tried(cli("verify", "r.jsonl"), error_line=False)
    assert result.code == 1
    assert "r.jsonl:1: the line is longer than 1048576 bytes" in result.out
    assert result.out.rstrip().splitlines()[-1].startswith("Verified")


def test_a_board_with_a_byte_order_mark_is_read(cli: Callable[..., Result], tmp_path: Path) -> None:
    (tmp_path / "b.txt").write_bytes("\ufeffRRB\nRBB\n".encode())
    result = tried(cli("replay", "--board", "b.txt", "-m", "A1"))
    assert result.code == 0, result.err


def test_a_nul_byte_is_shown_escaped(cli: Callable[..., Result], tmp_path: Path) -> None:
    (tmp_path / "b.txt").write_bytes(b"R\x00B\n")
    result = tried(cli("replay", "--board", "b.txt", "-m", "A1"))
    assert_one_line_error(result, 4, "'\\x00' is not a cell")
    assert "\x00" not in result.err


@pytest.mark.parametrize("text", ["...\n...\n", ". . .\n", "0\n\n.\n"])
def test_a_board_without_tiles_is_refused(
    cli: Callable[..., Result], tmp_path: Path, text: str
) -> None:
    (tmp_path / "b.txt").write_text(text)
    result = tried(cli("replay", "--board", "b.txt", "-m", ""))
    if text.startswith("0"):
        result = tried(cli("simulate", "--bot", "greedy", "--boards", "b.txt", "-g", "1"))
    assert_one_line_error(result, 4, "the board has no tiles")


def test_the_long_form_is_accepted_in_moves(cli: Callable[..., Result], tmp_path: Path) -> None:
    (tmp_path / "b.txt").write_text("RRB\nRBB\n")
    long = tried(cli("replay", "--board", "b.txt", "-m", "column 1 row 1, row 2 col B"))
    short = tried(cli("replay", "--board", "b.txt", "-m", "A1 B2"))
    assert long.code == short.code == 0
    assert long.out == short.out


# -- hypothesis: random and mutated inputs -------------------------------------------


def mutate(text: str, data: st.DataObject) -> str:
    """Some of: insert a nasty value or random text, delete a slice, repeat a line."""
    for _ in range(data.draw(st.integers(1, 4))):
        where = data.draw(st.integers(0, len(text)))
        action = data.draw(st.sampled_from(["insert", "delete", "nasty", "line"]))
        if action == "insert":
            text = text[:where] + data.draw(st.text(max_size=8)) + text[where:]
        elif action == "delete":
            text = text[:where] + text[where + data.draw(st.integers(1, 6)) :]
        elif action == "nasty":
            text = text[:where] + data.draw(st.sampled_from(NASTY)) + text[where:]
        else:
            lines = text.splitlines(keepends=True) or [""]
            pick = data.draw(st.integers(0, len(lines) - 1))
            lines.insert(pick, lines[pick] * data.draw(st.integers(1, 30)))
            text = "".join(lines)
    return text


@FUZZ
@given(data=st.binary(max_size=300))
def test_random_bytes_as_a_board_file(
    cli: Callable[..., Result], tmp_path: Path, data: bytes
) -> None:
    (tmp_path / "b.txt").write_bytes(data)
    tried(cli("replay", "--board", "b.txt", "-m", "A1 B1"))


@FUZZ
@given(data=st.data())
def test_mutated_boards(cli: Callable[..., Result], tmp_path: Path, data: st.DataObject) -> None:
    (tmp_path / "b.txt").write_text(mutate(BOARD, data), encoding="utf-8")
    tried(cli("replay", "--board", "b.txt", "-m", "A1, B2"))


@FUZZ
@given(data=st.data())
@pytest.mark.slow
def test_mutated_presets(cli: Callable[..., Result], tmp_path: Path, data: st.DataObject) -> None:
    lines = PRESET.format(name="fuzz").splitlines()
    pick = data.draw(st.integers(1, len(lines) - 1))
    key, _, _ = lines[pick].partition(":")
    if data.draw(st.booleans()):
        lines[pick] = f"{key}: {data.draw(st.sampled_from(YAML_NASTY))}"
    text = mutate("\n".join(lines) + "\n", data) if data.draw(st.booleans()) else "\n".join(lines)
    path = tmp_path / "fuzz.yaml"
    path.write_text(text, encoding="utf-8")
    result = tried(cli("presets", "show", str(path)))
    assert result.code in (0, 3)
    ATTACKS["inputs"] += 1
    try:
        load_preset_file(path, get_host())
    except PresetError as error:
        message = str(error)
    else:
        message = ""
    assert "\n" not in message


@FUZZ
@given(moves=st.lists(st.one_of(st.sampled_from(NASTY), st.text(max_size=12)), max_size=6))
def test_random_move_lists(cli: Callable[..., Result], moves: list[str]) -> None:
    result = tried(cli("replay", "-n", "3", "-s", "6x5", f"--moves={' '.join(moves)}"))
    assert result.code in (0, 1)


@FUZZ
@given(text=st.one_of(st.sampled_from(NASTY), st.text(max_size=20)))
def test_parse_cell_and_command_raise_only_their_errors(text: str) -> None:
    ATTACKS["inputs"] += 1
    try:
        parse_cell(text)
    except CoordinateError as error:
        message = str(error)
    else:
        message = ""
    assert len(message) < 400
    with contextlib.suppress(UnknownCommandError):
        parse_command(text)


@FUZZ
@given(size=st.one_of(st.sampled_from(NASTY), st.text(max_size=12)))
@pytest.mark.slow
def test_random_sizes(cli: Callable[..., Result], size: str) -> None:
    result = tried(cli("board", "show", f"--size={size}"))
    assert result.code in (0, 2)


TYPED = st.one_of(
    st.sampled_from(NASTY),
    st.sampled_from(["A1", "b2", "3c", "x", "u", "r", "hint", "board", "groups", "summary"]),
    st.builds(
        lambda word, value: f"{word} {value}",
        st.sampled_from(["row", "column", "col", "cell", "set", "verbosity", "v", "ro", "ce"]),
        st.one_of(st.sampled_from(NASTY), st.text(max_size=8)),
    ),
    st.text(max_size=16),
)


@pytest.mark.slow
@settings(FUZZ, max_examples=40)
@given(lines=st.lists(TYPED, max_size=8))
def test_typed_play_lines(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    lines: list[str],
) -> None:
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "home"))
    stdin = "".join(line.replace("\n", " ").replace("\r", " ") + "\n" for line in lines)
    outcome = run_cli(capsys, monkeypatch, ["play", "--accessible", "--yes", "-s", "6x5"], stdin)
    tried(Result(outcome.code, outcome.out, outcome.err))
    assert outcome.code == 0, outcome.err


@pytest.fixture(scope="module")
def record_line(tmp_path_factory: pytest.TempPathFactory) -> str:
    from samegame.bots import play_game
    from samegame.bots.simple import GREEDY
    from samegame.core.formulas import BASIC
    from samegame.core.rules import Rules
    from samegame.core.textboard import read_board
    from samegame.records.verification import make_record

    board, rules = read_board(BOARD), Rules(BASIC, clear_bonus=1000)
    played = play_game(GREEDY.create({}), board, rules, 1)
    record = make_record(
        played,
        board=board,
        rules=rules,
        preset="basic",
        generator=None,
        board_number=None,
        colours=4,
        bot="greedy",
        seed=1,
    )
    return json.dumps(record)


JSON_NASTY = st.sampled_from(
    [None, True, -1, 10**30, 2**63, 1.5, "", "x", [], {}, ["...", "..."], [[1]], "\x00", "A1"]
)


@FUZZ
@given(data=st.data())
@pytest.mark.slow
def test_mutated_records(
    cli: Callable[..., Result], tmp_path: Path, record_line: str, data: st.DataObject
) -> None:
    record = json.loads(record_line)
    key = data.draw(st.sampled_from(sorted(record)))
    if data.draw(st.booleans()):
        record[key] = data.draw(JSON_NASTY)
    elif key == "moves" and record["moves"]:
        move = data.draw(st.sampled_from(record["moves"]))
        move[data.draw(st.sampled_from(["move", "tiles", "points"]))] = data.draw(JSON_NASTY)
    else:
        record["rules"][data.draw(st.sampled_from(sorted(record["rules"])))] = data.draw(JSON_NASTY)
    text = json.dumps(record)
    if data.draw(st.booleans()):
        text = mutate(text, data)
    (tmp_path / "r.jsonl").write_text(text + "\n", encoding="utf-8")
    result = tried(cli("verify", "r.jsonl"), error_line=False)
    assert result.code in (0, 1, 4)
