"""``samegame tutorial``: right answers finish the lesson with a cleared board, a wrong
answer gets the explanation and the question again, ``skip`` moves on, ``quit`` and
the end of input leave; the lesson's statements are true of its board; Japanese too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from playkit import Outcome, blocks, clear_mode_variables, run_cli
from samegame.coords import parse_cell
from samegame.game import Game
from samegame.i18n import translator
from samegame.palette import PALETTE
from samegame.plugins import get_host
from samegame.presets import find_preset
from samegame.repl.tutorial import LESSON_BOARD, LESSON_RULES, STEPS, Move, Question, Tutorial
from samegame.textboard import read_board

EN = translator("en")
JA = translator("ja")
RIGHT = ["A1", "3", "A1", "A1", "A1", "4", "B1", "B1", "A", "B1", "remove", "A1", "A1"]


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    clear_mode_variables(monkeypatch, tmp_path / "home")


@pytest.fixture
def tutorial(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    def invoke(*answers: str, lang: str | None = None) -> Outcome:
        args = ["tutorial"] if lang is None else ["tutorial", "--lang", lang]
        stdin = "".join(f"{answer}\n" for answer in answers)
        return run_cli(capsys, monkeypatch, args, stdin)

    return invoke


def answers_to(result: Outcome) -> dict[str, list[list[str]]]:
    """What was said after each answer, every time it was given."""
    said: dict[str, list[list[str]]] = {}
    for answer, lines in blocks(result.out):
        said.setdefault(answer, []).append(lines)
    return said


def test_right_answers_finish_the_lesson_with_a_cleared_board(tutorial) -> None:
    result = tutorial(*RIGHT)
    assert result.code == 0
    assert result.err == ""
    lines = result.lines
    assert lines[0] == EN("tutorial.welcome")
    assert lines[-1] == EN("tutorial.done")
    assert "Board cleared. Bonus 0. Final score 5." in lines
    assert result.out.count(EN("tutorial.right")) == 5  # one per question
    assert EN("tutorial.wrong") not in result.out
    said = answers_to(result)
    assert said["3"] == [[EN("tutorial.right"), EN("tutorial.move.first")]]
    assert said["A"] == [[EN("tutorial.right"), EN("tutorial.move.yellow")]]


def test_wrong_answer_gets_the_explanation_and_the_question_again(tutorial) -> None:
    result = tutorial("B2", "A1", "2", "three", "3", "quit")
    said = answers_to(result)
    assert said["B2"] == [
        [EN("tutorial.wrong"), EN("tutorial.explain.corner"), EN("tutorial.q.corner")]
    ]
    assert said["A1"] == [[EN("tutorial.right"), EN("tutorial.q.group")]]
    again = [EN("tutorial.wrong"), EN("tutorial.explain.group"), EN("tutorial.q.group")]
    assert said["2"] == [again]
    assert said["three"] == [again]
    assert said["3"] == [[EN("tutorial.right"), EN("tutorial.move.first")]]


def test_a_move_step_checks_the_group(tutorial) -> None:
    result = tutorial("A1", "3", "remove", "D1", "zz", "A2", "A3", "quit")
    said = answers_to(result)
    assert said["remove"] == [[EN("tutorial.select_first", cell="A1")]]
    assert said["D1"] == [[EN("tutorial.other_group", cell="A1")]]
    assert said["zz"] == [[EN("tutorial.not_a_cell", cell="A1")]]
    # Any tile of the group selects it; another tile of it confirms.
    assert said["A2"] == [
        [
            "Selected 3 red circles at A1 to A3, 1 point if removed.",
            EN("tutorial.confirm"),
        ]
    ]
    assert said["A3"][0][0] == "Removed 3 red circles at A1 to A3, 1 point, score 1."
    assert said["A3"][0][-1] == EN("tutorial.q.fall")


def test_skip_moves_on(tutorial) -> None:
    result = tutorial("skip", "skip", "skip", "skip", "skip", "skip", "skip", "skip", "skip")
    said = answers_to(result)["skip"]
    assert said[0] == [EN("tutorial.explain.corner"), EN("tutorial.q.group")]
    # Skipping a move makes it: its announcement, then the next question.
    assert said[2][0] == "Removed 3 red circles at A1 to A3, 1 point, score 1."
    assert said[2][-1] == EN("tutorial.q.fall")
    assert result.lines[-1] == EN("tutorial.done")
    assert "Board cleared. Bonus 0. Final score 5." in result.lines


def test_board_during_the_lesson(tutorial) -> None:
    result = tutorial("board", "quit")
    assert answers_to(result)["board"] == [
        [
            "Board, 4 columns by 4 rows, top row first:",
            "Row 4, 2 tiles: B G, 2 empty",
            "Row 3, 2 tiles: R G, 2 empty",
            "Row 2, 3 tiles: R B B, empty",
            "Row 1, 4 tiles: R B Y Y",
            "Legend: R red circle, B blue triangle, G green square, Y yellow diamond.",
        ]
    ]


@pytest.mark.parametrize("leave", [["quit"], ["q"], ["exit"], []], ids=["quit", "q", "exit", "eof"])
def test_quit_and_end_of_input_leave(tutorial, leave: list[str]) -> None:
    result = tutorial("A1", *leave)
    assert result.code == 0
    assert result.lines[-1] == EN("tutorial.bye")
    assert EN("tutorial.done") not in result.out


def test_japanese_lesson(tutorial) -> None:
    result = tutorial(*RIGHT, lang="ja")
    assert result.code == 0
    assert result.lines[0] == JA("tutorial.welcome")
    assert result.lines[-1] == JA("tutorial.done")
    assert result.out.count(JA("tutorial.right")) == 5
    assert "盤面をすべて消しました。ボーナス0点、最終スコア5。" in result.out
    wrong = tutorial("B2", "quit", lang="ja")
    assert answers_to(wrong)["B2"] == [
        [JA("tutorial.wrong"), JA("tutorial.explain.corner"), JA("tutorial.q.corner")]
    ]
    assert wrong.lines[-1] == JA("tutorial.bye")


def test_tutorial_returns_whether_it_was_finished() -> None:
    class Script:
        def __init__(self, answers: list[str]) -> None:
            self.answers = list(answers)
            self.said: list[str] = []

        def read(self) -> str | None:
            return self.answers.pop(0) if self.answers else None

        def write(self, lines: object) -> None:
            self.said.extend(lines)  # type: ignore[arg-type]

        def bell(self) -> None:
            raise AssertionError("the tutorial never rings")

    assert Tutorial(Script(RIGHT), EN).run() is True
    assert Tutorial(Script(RIGHT[:3]), EN).run() is False


def test_the_lesson_plays_by_the_lesson_rules() -> None:
    preset = find_preset("lesson", get_host())
    assert LESSON_RULES.formula.name == preset.rules.formula.name == "basic"
    assert LESSON_RULES.clear_bonus == preset.rules.clear_bonus == 0
    assert LESSON_RULES.penalty.name == preset.rules.penalty.name == "none"


def test_the_lesson_says_true_things_about_its_board() -> None:
    """Walk the steps with a real game: every expected answer holds on the board."""
    game = Game(read_board(LESSON_BOARD), LESSON_RULES)
    colour = {c.name: c.index for c in PALETTE}
    checks = {
        "tutorial.q.corner": lambda: game.board.cell(parse_cell("A1")) is not None,
        "tutorial.q.group": lambda: game.board.group_at(parse_cell("A1")).size == 3,
        "tutorial.q.fall": lambda: game.board.cell(parse_cell("A1")) == colour["blue"],
        "tutorial.q.points": lambda: (
            game.board.group_at(parse_cell("B1")).size == 4
            and game.rules.points(4) == 4
            and game.board.cell(parse_cell("B1")) == colour["blue"]
        ),
        "tutorial.q.left": lambda: game.board.columns()[0] == [colour["green"], colour["green"]],
        "tutorial.move.yellow": lambda: (
            game.board.cell(parse_cell("B1")) == colour["yellow"]
            and game.board.cell(parse_cell("C1")) == colour["yellow"]
        ),
        "tutorial.move.last": lambda: game.board.columns()[0] == [colour["green"]] * 2,
    }
    for step in STEPS:
        if step.key in checks:
            assert checks[step.key](), step.key
        if isinstance(step, Move):
            game.play(parse_cell(step.cell))
        else:
            assert isinstance(step, Question)
    assert game.board.is_empty()
