"""``samegame tutorial``: the five lessons of its source and three practice moves.

- Whole runs are pinned by golden transcripts, English and Japanese, accessible and
  sighted (tests/golden/tutorial/). To regenerate them after an intended change of
  wording run ``UPDATE_GOLDEN=1 .venv/bin/pytest tests/unit/repl/test_tutorial.py`` and
  review the diff.
- Every question checks its answer; a wrong one gets the explanation and the
  question again; ``skip`` moves on; ``quit`` and the end of input leave.
- What each lesson says about its board is true of the real Game on that board.
- The practice: a golden board, its own score from zero, ``explain`` recorded as
  help, ``undo``, a ``reset`` that asks and can be undone, three moves.
- Nothing is saved: the database is never created, and an existing one is never
  written.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import pexpect
import pytest

from locations import TESTS
from playkit import (
    COLOUR_SGR,
    FORBIDDEN_IN_ACCESSIBLE,
    Outcome,
    blocks,
    child_env,
    clear_mode_variables,
    run_cli,
)
from samegame.core.board import Board
from samegame.core.coords import Cell, parse_cell
from samegame.core.events import ColumnsShifted, TilesFell
from samegame.core.game import Game
from samegame.core.numbering import make_board
from samegame.core.palette import PALETTE
from samegame.core.textboard import read_board, write_board
from samegame.i18n import translator
from samegame.plugin.host import get_host
from samegame.presets import find_preset
from samegame.repl.lessons import LESSON_RULES, LESSONS, LessonMove, Question, Say
from samegame.repl.tutorial import (
    PRACTICE_NUMBER,
    PRACTICE_SIZE,
    Tutorial,
    practice_board,
    practice_intro,
)
from samegame.store import Store

EN = translator("en")
JA = translator("ja")
GOLDEN = TESTS / "golden" / "tutorial"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
COLOUR = {entry.name: entry.index for entry in PALETTE}
# The Lesson preset's three colours, as its palette shows them.
LESSON_PALETTE = find_preset("lesson", get_host()).palette[:3]

# Right answers and moves through the five lessons.
LESSONS_RIGHT = [
    "6",
    "0",
    "A1",
    "A1",
    "A1",
    "A1",
    "B1",
    "B1",
    "B1",
    "25",
    "B1",
    "B1",
    "B1",
    "A1",
    "A1",
]
# Three practice moves on the practice board (groups at C1, A2 and A1 in turn).
PRACTICE_RIGHT = ["C1", "C1", "A2", "A2", "A1", "A1"]
# A whole run as a player might type it: a wrong answer in every lesson, queries,
# then explain, a refused reset, a reset undone, and three moves.
WHOLE_RUN = [
    "7",
    "board",
    "6",
    "2",
    "0",
    "D1",
    "A1",
    "A1",
    "A1",
    "remove",
    "C1",
    "B1",
    "B1",
    "B1",
    "cell A1",
    "7",
    "25",
    "C1",
    "B1",
    "B1",
    "B1",
    "A1",
    "A1",
    "explain",
    "C1",
    "C1",
    "reset",
    "no",
    "reset",
    "yes",
    "undo",
    "A2",
    "A2",
    "z",
    "A2",
    "remove",
    "A1",
    "A1",
]


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    clear_mode_variables(monkeypatch, tmp_path / "home")


@pytest.fixture
def tutorial(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    def invoke(*answers: str, args: Sequence[str] = ("--accessible",)) -> Outcome:
        stdin = "".join(f"{answer}\n" for answer in answers)
        return run_cli(capsys, monkeypatch, ["tutorial", *args], stdin)

    return invoke


class Script:
    """A LineIO that answers from a list and keeps what was said."""

    def __init__(self, answers: Sequence[str]) -> None:
        self.answers = list(answers)
        self.said: list[str] = []

    def read(self) -> str | None:
        return self.answers.pop(0) if self.answers else None

    def write(self, lines: Sequence[str]) -> None:
        self.said.extend(lines)

    def bell(self) -> None:
        raise AssertionError("the tutorial never rings")


def answers_to(result: Outcome) -> dict[str, list[list[str]]]:
    """What was said after each answer, every time it was given."""
    said: dict[str, list[list[str]]] = {}
    for answer, lines in blocks(result.out):
        said.setdefault(answer, []).append(lines)
    return said


def questions() -> list[Question]:
    return [step for lesson in LESSONS for step in lesson.steps if isinstance(step, Question)]


def answers_before(question: Question) -> list[str]:
    """Skips that bring the tutorial to ``question``: one per question or move."""
    count = 0
    for lesson in LESSONS:
        for step in lesson.steps:
            if step is question:
                return ["skip"] * count
            if not isinstance(step, Say):
                count += 1
    raise AssertionError(question.key)


# -- whole runs ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("mode", ["accessible", "sighted"])
def test_a_whole_run_is_the_golden_transcript(tutorial, lang: str, mode: str) -> None:
    switch = "--accessible" if mode == "accessible" else "--no-accessible"
    result = tutorial(*WHOLE_RUN, args=(switch, "--lang", lang))
    assert result.code == 0
    assert result.err == ""
    tr = translator(lang)
    assert result.lines[0] == tr("tutorial.welcome")
    assert result.lines[-1] == tr("tutorial.done")
    path = GOLDEN / f"{mode}_{lang}.txt"
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(result.out, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == result.out


def test_right_answers_go_through_to_the_end(tutorial) -> None:
    result = tutorial(*LESSONS_RIGHT, *PRACTICE_RIGHT)
    assert result.code == 0
    assert result.out.count(EN("tutorial.right")) == len(questions())
    assert EN("tutorial.wrong") not in result.out
    # Lesson rules throughout: the cleared lesson board gets no bonus.
    assert "Board cleared. Bonus 0. Final score 16." in result.lines
    assert EN("tutorial.practice.done", count=3, score=16) in result.lines
    assert EN("summary.assistance", used=EN("assistance.explain")) not in result.out
    assert result.lines[-1] == EN("tutorial.done")


def test_accessible_output_is_plain_append_only_lines(tutorial) -> None:
    """A2, A13: no control sequences and plain ASCII words in English."""
    result = tutorial(*WHOLE_RUN)
    data = result.out.encode("utf-8")
    for name, pattern in FORBIDDEN_IN_ACCESSIBLE.items():
        assert not pattern.search(data), name
    assert "\x1b" not in result.out
    assert result.out.isascii()
    # A25: empty cells are words, never a "." a screen reader skips.
    assert "Row 2, 2 tiles: R R, empty" in result.lines
    assert not any(line.startswith("Row") and "." in line.split(":")[1] for line in result.lines)


def test_a_sighted_player_sees_each_board_drawn_with_its_legend(tutorial) -> None:
    result = tutorial(*WHOLE_RUN, args=("--no-accessible",))
    lines = result.lines
    first = lines.index(EN("tutorial.sides.idea"))
    assert lines[first + 1 : first + 8] == [
        "   A B C D E",
        " 4 B R Y B R",
        " 3 Y R R Y B",
        " 2 R R B R Y",
        " 1 B R Y B R",
        "   A B C D E",
        "Legend: R red circle, Y yellow diamond, B blue triangle.",
    ]
    assert not any(line.startswith("Row ") for line in lines)


def test_numbered_tiles_in_the_tutorial(tutorial) -> None:
    result = tutorial(*LESSONS_RIGHT[:1], args=("--no-accessible", "--symbols", "digits"))
    # Numbered in the Lesson's order: 1 circle, 2 diamond, 3 triangle.
    assert " 1 3 1 2 3 1" in result.lines
    assert "Legend: 1 red circle, 2 yellow diamond, 3 blue triangle." in result.lines


# -- questions -----------------------------------------------------------------------


@pytest.mark.parametrize("question", questions(), ids=lambda q: q.key.split(".")[1])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_wrong_answer_is_explained_and_asked_again(tutorial, question: Question, lang) -> None:
    tr = translator(lang)
    result = tutorial(
        *answers_before(question), "99", "quit", args=("--accessible", "--lang", lang)
    )
    said = answers_to(result)
    assert said["99"] == [[tr("tutorial.wrong"), tr(question.explain), tr(question.key)]]
    assert result.lines[-1] == tr("tutorial.bye")


def test_answers_are_read_in_any_spelling(tutorial) -> None:
    """Full-width digits (a Japanese input method's) and every spelling of a cell."""
    result = tutorial("６", "0", "skip", "skip", "1b", "quit")
    said = answers_to(result)
    assert said["６"][0][0] == EN("tutorial.right")
    assert said["1b"][0][0] == EN("tutorial.right")


@pytest.mark.parametrize(("six", "zero"), [("6 tiles", "0 points"), ("6個", "０点")])
def test_a_number_may_come_with_its_unit(tutorial, six: str, zero: str) -> None:
    result = tutorial(six, zero, "quit")
    said = answers_to(result)
    assert said[six][0][0] == EN("tutorial.right")
    assert said[zero][0][0] == EN("tutorial.right")


def test_the_practice_names_its_board_and_how_to_play_all_of_it() -> None:
    assert practice_intro(EN) == (
        "Now try your own 3 moves on the lower left corner, 5 columns by 5 rows, of Lesson "
        "board 3 (7 columns by 9 rows; samegame play --preset lesson --board-number 3 plays "
        "all of it). Your score starts from 0, and nothing is saved."
    )
    assert "盤面3番(7列9行)" in practice_intro(JA)


def test_queries_answer_without_counting_as_answers(tutorial) -> None:
    result = tutorial("cell B2", "groups red", "6", "quit")
    said = answers_to(result)
    assert said["cell B2"] == [
        ["B2: red circle, in a group of 6 red circles at A1 to C4, 16 points."]
    ]
    assert said["groups red"][0][0].startswith("1 group of red circles")
    assert said["6"][0][0] == EN("tutorial.right")


def test_skip_explains_and_moves_on(tutorial) -> None:
    result = tutorial("skip", "skip", "skip", "quit")
    said = answers_to(result)["skip"]
    # A skipped question says its explanation; a skipped move is made.
    assert said[0][0] == EN("tutorial.sides.explain")
    assert said[1][0] == EN("tutorial.zero.explain")
    assert said[2][0] == "Removed 2 blue triangles at A1 to B1, 0 points, score 0."
    assert EN("tutorial.zero.after") in said[2]


def test_a_move_step_wants_its_group(tutorial) -> None:
    result = tutorial("6", "0", "remove", "C1", "zz", "B1", "remove", "quit")
    said = answers_to(result)
    assert said["remove"][0] == [EN("tutorial.select_first", cell="A1")]
    assert said["C1"] == [[EN("tutorial.other_group", cell="A1")]]
    assert said["zz"] == [[EN("tutorial.not_a_cell", cell="A1")]]
    # Any tile of the group selects it; remove confirms.
    assert said["B1"] == [
        ["Selected 2 blue triangles at A1 to B1, 0 points if removed.", EN("tutorial.confirm")]
    ]
    assert said["remove"][1][0] == "Removed 2 blue triangles at A1 to B1, 0 points, score 0."


@pytest.mark.parametrize("leave", [["quit"], ["q"], ["exit"], []], ids=["quit", "q", "exit", "eof"])
@pytest.mark.parametrize("where", [0, 3, len(LESSONS_RIGHT) + 1])
def test_quit_and_the_end_of_input_leave(tutorial, leave: list[str], where: int) -> None:
    result = tutorial(*(LESSONS_RIGHT + PRACTICE_RIGHT)[:where], *leave)
    assert result.code == 0
    assert result.lines[-1] == EN("tutorial.bye")
    assert EN("tutorial.done") not in result.out


def test_run_says_whether_the_player_went_to_the_end() -> None:
    board = practice_board(get_host())
    assert Tutorial(Script(LESSONS_RIGHT + PRACTICE_RIGHT), EN, practice=board).run() is True
    assert Tutorial(Script(LESSONS_RIGHT[:3]), EN, practice=board).run() is False


# -- the lessons say true things ------------------------------------------------------


def lesson_game(name: str) -> Game:
    (lesson,) = [lesson for lesson in LESSONS if lesson.name == name]
    return Game(read_board(lesson.board), LESSON_RULES)


def cells(game: Game, cell: str) -> set[str]:
    group = game.board.group_at(parse_cell(cell))
    assert group is not None
    return {str(c) for c in game.board.cells(group.mask)}


def test_the_lessons_follow_the_source_in_order() -> None:
    assert [lesson.name for lesson in LESSONS] == ["sides", "zero", "down", "chance", "choice"]
    for lesson in LESSONS:
        assert isinstance(lesson.steps[0], Say)
        assert sum(isinstance(step, Question) for step in lesson.steps) == 1
        colours = set(read_board(lesson.board).colour_counts())
        assert colours <= set(LESSON_PALETTE), "only the Lesson's three shapes"


def test_follow_the_sides() -> None:
    game = lesson_game("sides")
    assert cells(game, "B2") == {"B1", "B2", "B3", "B4", "A2", "C3"}
    red = COLOUR["red"]
    # D2 is red and touches C3 only at a corner; E1 and E4 are red elsewhere.
    for name in ("D2", "E1", "E4"):
        assert game.board.cell(parse_cell(name)) == red
        assert name not in cells(game, "B2")
    d2, c3 = parse_cell("D2"), parse_cell("C3")
    assert abs(d2.col - c3.col) == 1
    assert abs(d2.row - c3.row) == 1


def test_zero_can_still_be_a_move() -> None:
    game = lesson_game("zero")
    assert cells(game, "A1") == {"A1", "B1"}
    assert game.rules.points(2) == 0
    game.play(parse_cell("A1"))
    assert game.score == 0
    assert cells(game, "A1") == {"A1", "B1", "C1"}
    assert game.board.cell(parse_cell("C1")) == COLOUR["red"]


def test_straight_down_then_close_left() -> None:
    game = lesson_game("down")
    assert game.board.cell(parse_cell("C2")) == COLOUR["red"]
    assert len(cells(game, "A1")) == 5
    events = game.play(parse_cell("A1"))
    falls = [f for e in events if isinstance(e, TilesFell) for f in e.falls]
    shifts = [s for e in events if isinstance(e, ColumnsShifted) for s in e.shifts]
    assert any((f.col, f.from_row, f.to_row) == (2, 1, 0) for f in falls), "C2 fell to C1"
    assert any((s.from_col, s.to_col) == (2, 1) for s in shifts), "column C became B"
    assert game.board.cell(parse_cell("B1")) == COLOUR["red"]


def test_count_the_new_opportunity() -> None:
    game = lesson_game("chance")
    red_groups = [g for g in game.board.iter_groups(1) if g.colour == COLOUR["red"]]
    assert sorted(g.size for g in red_groups) == [2, 2, 3]
    assert sum(game.rules.points(g.size) for g in red_groups) == 1
    game.play(parse_cell("B1"))
    assert cells(game, "A1") == {"A1", "A2", "B1", "B2", "C1", "C2", "D1"}
    assert game.rules.points(7) == 25


def best_total(board: Board, first: Cell) -> int:
    """The most a game can score after removing the group at ``first`` first."""
    game = Game(board, LESSON_RULES)
    game.play(first)

    def best(game_board: Board) -> int:
        groups = game_board.groups(LESSON_RULES.min_group)
        return max(
            (LESSON_RULES.points(g.size) + best(game_board.remove(g)) for g in groups), default=0
        )

    return game.score + best(game.board)


def test_a_choice_changes_the_next_choice() -> None:
    game = lesson_game("choice")
    board = game.board
    assert {g.anchor for g in board.groups()} == {parse_cell(c) for c in ("A1", "B1", "C1")}
    assert best_total(board, parse_cell("B1")) == 16
    assert best_total(board, parse_cell("A1")) == best_total(board, parse_cell("C1")) == 2
    game.play(parse_cell("B1"))
    assert len(cells(game, "A1")) == 6
    events = game.play(parse_cell("A1"))
    assert game.finished
    assert game.board.is_empty()
    result = game.result()
    assert result is not None
    assert result.bonus == 0
    assert result.score == 16
    assert events


def test_every_move_step_names_a_group_of_its_board() -> None:
    for lesson in LESSONS:
        game = Game(read_board(lesson.board), LESSON_RULES)
        for step in lesson.steps:
            if isinstance(step, LessonMove):
                group = game.board.group_at(parse_cell(step.cell))
                assert group is not None, (lesson.name, step.cell)
                assert group.size >= 2, (lesson.name, step.cell)
                game.play(parse_cell(step.cell))


def test_the_lesson_plays_by_the_lesson_rules() -> None:
    preset = find_preset("lesson", get_host())
    assert LESSON_RULES.formula.name == preset.rules.formula.name == "basic"
    assert LESSON_RULES.clear_bonus == preset.rules.clear_bonus == 0
    assert LESSON_RULES.penalty.name == preset.rules.penalty.name == "none"
    shapes = [PALETTE[c].shape for c in LESSON_PALETTE]
    assert shapes == ["circle", "diamond", "triangle"]


# -- the practice ----------------------------------------------------------------------


def test_the_practice_board_is_golden() -> None:
    board = practice_board(get_host())
    path = GOLDEN / "practice_board.txt"
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(write_board(board), encoding="utf-8")
    assert write_board(board) == path.read_text(encoding="utf-8")
    assert (board.width, board.height) == PRACTICE_SIZE
    # The lower-left corner of Lesson board PRACTICE_NUMBER, in the Lesson's shapes.
    host = get_host()
    setup = find_preset("lesson", host).board_setup()
    assert (setup.spec.width, setup.spec.height) == (7, 9)
    whole = make_board(host.generator(setup.board_type), setup.spec, PRACTICE_NUMBER).board
    for col in range(board.width):
        for row in range(board.height):
            colour = whole.cell(Cell(col, row))
            assert colour is not None
            assert board.cell(Cell(col, row)) == LESSON_PALETTE[colour]


def practice(answers: Sequence[str]) -> tuple[Tutorial, list[str]]:
    """A tutorial run through the lessons, then ``answers`` in the practice: the
    tutorial and what was said in the practice."""
    script = Script([*LESSONS_RIGHT, *answers])
    tutorial = Tutorial(script, EN, practice=practice_board(get_host()))
    tutorial.run()
    start = script.said.index(practice_intro(EN))
    return tutorial, script.said[start:]


def test_a_long_list_of_groups_is_paged_in_the_tutorial_as_in_play() -> None:
    """A26 in the tutorial: 10 groups make 11 lines; 10 are said, then more."""
    pairs = read_board("RRBBR\nYYRRB\nBBYYR\nRRBBY\nYYRRB\n")
    script = Script([*LESSONS_RIGHT, "groups", "more", "more", "skip"])
    Tutorial(script, EN, practice=pairs).run()
    start = script.said.index(EN("groups.heading", count=10))
    assert script.said[start + 10] == EN("more.left", count=1)
    assert script.said[start + 11] == "2 blue triangles at C5, 0 points."
    assert script.said[start + 12] == EN("more.nothing")


def test_the_practice_scores_from_zero_and_ends_after_three_moves() -> None:
    tutorial, said = practice([*PRACTICE_RIGHT, "A1"])
    assert tutorial.game.score == 16
    assert len(tutorial.game.moves) == 3
    assert said[-2:] == [EN("tutorial.practice.done", count=3, score=16), EN("tutorial.done")]
    assert "Removed 2 blue triangles at C1 to D1, 0 points, score 0." in said


def test_explain_suggests_a_legal_move_and_is_recorded_as_help() -> None:
    tutorial, said = practice(["explain", "skip"])
    game = tutorial.game
    assert game.assistance == ["explain"]
    line = next(s for s in said if s.startswith("One legal move: "))
    assert line == EN("tutorial.practice.explain", group="3 blue triangles at A2 to B3, 1 point")
    assert "not necessarily the best" in line, "no claim that it is the best"
    group = game.board.group_at(Cell(0, 1))
    assert group is not None
    assert group in game.legal_groups()
    assert EN("summary.assistance", used="explanations") in said
    unaided, said = practice(["skip"])
    assert unaided.game.assistance == []
    assert not any(s.startswith("Help used") for s in said)


def test_undo_takes_a_practice_move_back() -> None:
    tutorial, said = practice(["C1", "C1", "undo", "skip"])
    assert tutorial.game.moves == ()
    assert tutorial.game.board == practice_board(get_host())
    assert said[-3:-1] == [
        EN("tutorial.practice.done", count=0, score=0),
        EN("summary.assistance", used="undo"),
    ]


def test_reset_asks_first_and_can_be_undone() -> None:
    tutorial, said = practice(["C1", "C1", "A2", "A2", "reset", "no", "reset", "y", "undo", "skip"])
    game = tutorial.game
    asked = EN("tutorial.practice.reset.ask", count=2)
    assert said.count(asked) == 2
    assert said[said.index(asked) + 1] == EN("confirm.kept")
    assert EN("tutorial.practice.reset.done") in said
    assert EN("tutorial.practice.reset.undone", count=2, score=16) in said
    assert [str(c) for c in game.move_cells] == ["C1", "A2"]
    assert game.score == 16
    # Without the undo the reset stands.
    tutorial, said = practice(["C1", "C1", "reset", "yes", "skip"])
    assert tutorial.game.moves == ()
    assert EN("tutorial.practice.reset.nothing") in practice(["reset", "skip"])[1]


def test_a_move_after_a_reset_is_what_undo_takes_back() -> None:
    tutorial, said = practice(["C1", "C1", "reset", "yes", "A2", "A2", "undo", "undo", "skip"])
    assert tutorial.game.moves == ()
    assert not any(s.startswith("Reset undone") for s in said)


def test_unknown_words_in_the_practice_are_refused_in_one_line() -> None:
    tutorial, said = practice(["hello\x00", "new", "skip"])
    assert EN("tutorial.practice.unknown", text="hello\\x00") in said
    assert EN("tutorial.practice.not_here") in said
    assert tutorial.game.moves == ()


# -- nothing is saved ------------------------------------------------------------------


def test_the_tutorial_never_creates_the_database(tutorial, tmp_path: Path) -> None:
    result = tutorial(*WHOLE_RUN)
    assert result.code == 0
    assert not (tmp_path / "home").exists()


def test_the_tutorial_reads_saved_settings_and_writes_nothing(tutorial, tmp_path: Path) -> None:
    database = tmp_path / "home" / "data" / "samegame.sqlite3"
    with Store(database) as store:
        store.set_setting("settings", {"language": "ja"})
    before = (database.read_bytes(), database.stat().st_mtime_ns)
    result = tutorial(*WHOLE_RUN, args=())
    assert result.lines[0] == JA("tutorial.welcome"), "the saved language is honoured"
    assert (database.read_bytes(), database.stat().st_mtime_ns) == before


def test_no_colour_off_a_terminal(tutorial) -> None:
    """A3: a sighted tutorial whose output is not a terminal draws no colour."""
    result = tutorial(*LESSONS_RIGHT[:1], args=("--no-accessible",))
    assert " 4 B R Y B R" in result.lines
    assert not COLOUR_SGR.search(result.out)


def test_ctrl_c_ends_the_line_says_goodbye_and_exits_130() -> None:
    from samegame.repl.settings_command import Settings
    from samegame.repl.tutorial import run_tutorial

    class Interrupting(io.StringIO):
        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            raise KeyboardInterrupt

    out = io.StringIO()
    status = run_tutorial(
        Settings().with_value("accessible", "on"), stdin=Interrupting(), stdout=out, host=get_host()
    )
    assert status == 130
    assert out.getvalue().endswith("\n\n" + EN("tutorial.bye") + "\n")


def test_the_saved_verbosity_is_honoured(tutorial, tmp_path: Path) -> None:
    database = tmp_path / "home" / "data" / "samegame.sqlite3"
    with Store(database) as store:
        store.set_setting("settings", {"verbosity": "terse"})
    result = tutorial("6", "0", "A1", "A1", "quit")
    said = answers_to(result)
    # Terse: the move is one line, with the groups left.
    assert said["A1"][1][0] == (
        "Removed 2 blue triangles at A1 to B1, 0 points, score 0. 1 group left, 3 red circles at A1."
    )
    assert said["A1"][1][1] == EN("tutorial.zero.after")


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_on_a_real_terminal_the_accessible_tutorial_is_append_only(tmp_path: Path) -> None:
    """A2, A9, A16 on a pseudo-terminal: no control sequence, the plain prompt once
    per line read, and each answer said in full before the next prompt."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "samegame", "tutorial", "--accessible"],
        env=child_env(tmp_path / "home", TERM="xterm-256color"),
        timeout=60,
        dimensions=(24, 80),
    )
    log = io.BytesIO()
    child.logfile_read = log
    typed = ["7", "6", "0", "A1", "A1", "quit"]
    try:
        for line in typed:
            child.expect_exact(b"\r\n> ")
            child.expect(pexpect.TIMEOUT, timeout=0.3)  # nothing while the player types
            assert child.before == b""
            child.sendline(line.encode())
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    data = log.getvalue()
    for name, pattern in FORBIDDEN_IN_ACCESSIBLE.items():
        assert not pattern.search(data), name
    assert b"\x1b" not in data
    assert data.count(b"\r\n> ") == len(typed)
    assert data.endswith(EN("tutorial.bye").encode() + b"\r\n")
    assert child.exitstatus == 0
