"""A record whose move cannot be played is one line and exit 4 for ``review``,
whether it is asked for alone (``--index``) or among all (``--worst N``) (issue
43, item 9: ``--worst`` gave a ValueError traceback and exit 1).

Hypothesis draws the record file (good records around one bad one), the bad
move's kind (a single tile, an empty cell, off the board, after the end), where
in the game it is, and the way the file is reviewed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from playkit import Outcome, run_cli
from samegame.bots import play_game
from samegame.bots.simple import GREEDY
from samegame.core.board import Board
from samegame.core.coords import Cell, format_cell, parse_cell
from samegame.core.rules import Rules
from samegame.core.textboard import read_board
from samegame.core.variant import RuleVariant
from samegame.plugin.host import get_host
from samegame.records.verification import make_record

BOARDS = (
    "RBRGR\nGGGBG\nRRGRG\nGBRBG\nGBRBR",
    "RBBRG\nBGBBR\nBRGGB\nRRBGB\nBGGBR",
    "BGBRR\nRRRBB\nRBRBG\nBRRBR\nBRRBR",
)
KINDS = ("single tile", "empty cell", "off the board", "after the end")
OFF_THE_BOARD = ("F1", "A6", "Z26", "F6")

pytestmark = pytest.mark.usefixtures("isolated_folder")


def _rules() -> Rules:
    return Rules.from_variant(RuleVariant("basic", 1000, "none", 2), get_host().formula,
                              get_host().penalty)  # fmt: skip


def _record(text: str) -> dict[str, object]:
    board = read_board(text)
    played = play_game(GREEDY.create({}), board, _rules(), 1)
    return make_record(
        played, board=board, rules=_rules(), preset="basic", generator=None,
        board_number=None, colours=3, bot="greedy", seed=1,
    )  # fmt: skip


def _position(text: str, moves: list[str], before: int) -> Board:
    """The board before move ``before`` (1-based) of ``moves``."""
    board = read_board(text)
    for move in moves[: before - 1]:
        group = board.group_at(parse_cell(move))
        assert group is not None
        board = board.remove(group)
    return board


def _cells(board: Board, kind: str) -> list[str]:
    """The cells of ``board`` that are a move of ``kind`` there."""
    if kind == "off the board":
        return list(OFF_THE_BOARD)
    found = []
    for col in range(board.width):
        for row in range(board.height):
            cell = Cell(col, row)
            group = board.group_at(cell)
            if (kind == "empty cell" and group is None) or (
                kind == "single tile" and group is not None and group.size == 1
            ):
                found.append(format_cell(cell))
    return found


@pytest.mark.slow
@settings(
    max_examples=30,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    data=st.data(),
    kind=st.sampled_from(KINDS),
    board=st.sampled_from(BOARDS),
    before=st.integers(min_value=0, max_value=2),
    after=st.integers(min_value=0, max_value=1),
    worst=st.booleans(),
)
def test_an_unplayable_move_is_one_line_and_exit_4(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    data: st.DataObject,
    kind: str,
    board: str,
    before: int,
    after: int,
    worst: bool,
) -> None:
    record = _record(board)
    moves = [str(move["move"]) for move in record["moves"]]  # type: ignore[attr-defined]
    if kind == "after the end":
        number = len(moves) + 1
        cell = data.draw(st.sampled_from(OFF_THE_BOARD[:1] + tuple(moves)), label="cell")
    else:
        number = data.draw(st.integers(min_value=1, max_value=len(moves)), label="move")
        cells = _cells(_position(board, moves, number), kind)
        assume(cells)
        cell = data.draw(st.sampled_from(cells), label="cell")
    bad = [dict(move) for move in record["moves"]]  # type: ignore[attr-defined]
    if number > len(bad):
        bad.append({**bad[-1], "move": cell})
    else:
        bad[number - 1]["move"] = cell
    good = [_record(text) for text in BOARDS[: before + after]]
    file = [*good[:before], {**record, "moves": bad}, *good[before:]]
    (tmp_path / "games.jsonl").write_text(
        "".join(json.dumps(each) + "\n" for each in file), encoding="utf-8"
    )
    index = before + 1
    how = ("--worst", "3") if worst else ("--index", str(index))
    outcome = run_cli(capsys, monkeypatch, ["review", "games.jsonl", *how, "--iterations", "1"])
    _one_line_exit_4(outcome, f"Record {index} of games.jsonl cannot be reviewed",
                     f"move {number} ({cell}")  # fmt: skip


def _one_line_exit_4(outcome: Outcome, *fragments: str) -> None:
    assert outcome.code == 4, outcome.err
    assert "Traceback" not in outcome.err
    errors = [line for line in outcome.err.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, outcome.err
    assert outcome.err.splitlines()[-1] == errors[0], outcome.err
    for fragment in fragments:
        assert fragment in errors[0], outcome.err


@pytest.mark.slow
@settings(max_examples=20, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    board=st.sampled_from(BOARDS),
    claim=st.sampled_from(["width", "height", "colours"]),
    by=st.integers(min_value=1, max_value=3),
    worst=st.booleans(),
)
def test_a_record_whose_header_contradicts_its_board_is_one_line_and_exit_4(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    board: str,
    claim: str,
    by: int,
    worst: bool,
) -> None:
    """A width or height other than the board's, or fewer colours than it has, is
    refused as ``verify`` refuses it (the attack run: review reviewed them)."""
    record = _record(board)
    lied = {**record, claim: int(record[claim]) + by if claim != "colours" else 3 - by}  # type: ignore[call-overload]
    if claim == "colours" and lied["colours"] < 1:
        lied["colours"] = 1
    (tmp_path / "games.jsonl").write_text(json.dumps(lied) + "\n", encoding="utf-8")
    how = ("--worst", "1") if worst else ("--index", "1")
    outcome = run_cli(capsys, monkeypatch, ["review", "games.jsonl", *how, "--iterations", "1"])
    _one_line_exit_4(outcome, "Record 1 of games.jsonl cannot be reviewed", "the record says")
