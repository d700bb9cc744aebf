"""The README's review example is what ``samegame review`` says of the game it
describes: Lesson board 10 played to the end by taking the built-in hint's move
each time (its first move D1, as in the README's Playing session). The example is
a block of the README; this test plays that game, reviews it, and finds the block
word for word in the review, so the README and the program cannot drift apart."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from playkit import run_cli
from samegame.core.formulas import BASIC
from samegame.core.game import lookahead_hint
from samegame.core.rules import Rules
from samegame.core.textboard import read_board

README = Path(__file__).resolve().parents[2] / "README.md"

pytestmark = pytest.mark.usefixtures("isolated_folder")


def _example() -> str:
    """The text block that follows the sentence introducing the review example."""
    text = README.read_text(encoding="utf-8")
    found = re.search(r"is reviewed so[^\n]*\n(?:[^\n]*\n)*?\n```text\n(.*?)```", text, re.S)
    assert found, "the README's review example"
    return found.group(1)


def _hint_moves(board_text: str) -> list[str]:
    """The built-in hint's move at each position to the end (the lesson's formula
    is Basic's; the hint looks at points alone)."""
    board, rules, moves = read_board(board_text), Rules(BASIC), []
    while (group := lookahead_hint(board, rules)) is not None:
        moves.append(str(group.anchor))
        board = board.remove(group)
    return moves


def test_the_readme_review_example_is_what_review_says(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = ["board", "show", "-p", "lesson", "--board-number", "10", "-f", "board"]
    moves = _hint_moves(run_cli(capsys, monkeypatch, shown).out)
    assert moves[0] == "D1"
    typed = "".join(f"{move}\n{move}\n" for move in moves) + "quit\n"
    played = ["play", "-p", "lesson", "--board-number", "10", "--accessible"]
    assert run_cli(capsys, monkeypatch, played, typed).code == 0
    review = run_cli(capsys, monkeypatch, ["review"])
    assert review.code == 0, review.err
    assert _example() in review.out
