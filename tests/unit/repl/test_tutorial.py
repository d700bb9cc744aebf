"""``samegame tutorial``: seven steps on one position, two closing questions, and
three practice moves (what each step says of its position is checked in
test_tutorial_position.py).

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
    run_cli,
)
from samegame.core.coords import Cell
from samegame.core.numbering import make_board
from samegame.core.palette import PALETTE
from samegame.core.quoting import printable_line
from samegame.core.textboard import read_board, write_board
from samegame.i18n import translator
from samegame.play.program import Carried
from samegame.plugin.host import get_host
from samegame.presets import find_preset
from samegame.repl.tutorial import Tutorial, goodbye, lesson_facts, well_done
from samegame.repl.tutorial.lessons import (
    LESSON_RULES,
    LESSONS,
    AnswerKind,
    Compare,
    LessonMove,
    Question,
)
from samegame.repl.tutorial.position import PRACTICE_HEIGHTS, PRACTICE_NUMBER, practice_board
from samegame.repl.tutorial.practice import practice_intro
from samegame.store import Store

EN = translator("en")
JA = translator("ja")
GOLDEN = TESTS / "golden" / "tutorial"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
ACCESSIBLE = Carried(accessible=True)
"""What the commands the tutorial names carry under ``--accessible`` (A39)."""
COLOUR = {entry.name: entry.index for entry in PALETTE}
# The Lesson preset's three colours, as its palette shows them.
LESSON_PALETTE = find_preset("lesson", get_host()).palette[:3]

# Right answers and moves through the seven steps and the closing questions.
LESSONS_RIGHT = ["5", "yes", "C1", "remove", "25", "A1", "remove", "next", "no", "no"]
# Three practice moves on the practice board (groups at C1, A2 and A1 in turn), each
# selected, then removed: selecting again only selects (shared/TUTORIAL.md).
PRACTICE_RIGHT = ["C1", "remove", "A2", "remove", "A1", "remove"]
# A whole run as a player might type it: help, repeat and typos at questions (asked
# again, never marked wrong: A40), wrong answers (one in words), Escape and cancel,
# queries, a move step's mistakes and a cell selected again (which only selects),
# skips, undo and redo to compare, then explain, a refused reset, a typo at the reset
# question, a reset undone, and three moves.
WHOLE_RUN = [
    "help",
    "repeat",
    "fiev",
    "7",
    "cancel",
    "board",
    "5",
    "yse",
    "no",
    "cancel",
    "yes",
    "remove",
    "A1",
    "zz",
    "C1",
    "c",
    "cancel",
    "D1",
    "C1",
    "remove",
    "cell A1",
    "twenty four",
    "25",
    "skip",
    "cancel",
    "undo",
    "undo",
    "undo",
    "hello",
    "next",
    "yes",
    "no",
    "skip",
    "explain",
    "C1",
    "cancel",
    "reset",
    "C1",
    "C1",
    "remove",
    "reset",
    "no",
    "reset",
    "yse",
    "yes",
    "undo",
    "A2",
    "remove",
    "z",
    "A2",
    "remove",
    "A1",
    "remove",
]


pytestmark = pytest.mark.usefixtures("isolated_home")


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


def wrong_answer(question: Question) -> str:
    """A readable answer to ``question`` that is wrong: 99 for a number, the
    other of yes and no."""
    if question.expects.kind is AnswerKind.NUMBER:
        return "99"
    return "no" if question.key == "tutorial.step.zero.question" else "yes"


def answers_before(question: Question) -> list[str]:
    """Skips that bring the tutorial to ``question``: one per question or move."""
    count = 0
    for lesson in LESSONS:
        for step in lesson.steps:
            if step is question:
                return ["skip"] * count
            if isinstance(step, Question | LessonMove | Compare):
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
    assert result.lines[0] == tr("tutorial.welcome", count=7)
    # The closing command carries the mode and language given (A39).
    assert result.lines[-1] == well_done(tr, Carried(mode == "accessible", lang))
    path = GOLDEN / f"{mode}_{lang}.txt"
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(result.out, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == result.out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_run_with_right_answers_is_the_golden_transcript(tutorial, lang: str) -> None:
    result = tutorial(*LESSONS_RIGHT, *PRACTICE_RIGHT, args=("--accessible", "--lang", lang))
    assert result.code == 0
    path = GOLDEN / f"right_{lang}.txt"
    if UPDATE:
        path.write_text(result.out, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == result.out


def test_right_answers_go_through_to_the_end(tutorial) -> None:
    result = tutorial(*LESSONS_RIGHT, *PRACTICE_RIGHT)
    assert result.code == 0
    assert result.out.count(EN("tutorial.right")) == len(questions())
    assert EN("tutorial.wrong") not in result.out
    # The lessons end with the board not cleared: no result, no bonus.
    assert "Board cleared" not in result.out
    assert EN("tutorial.practice.done", count=3, score=16) in result.lines
    assert EN("summary.assistance", used=EN("assistance.explain")) not in result.out
    assert result.lines[-1] == well_done(EN, ACCESSIBLE)


def test_every_step_is_announced_in_order(tutorial) -> None:
    result = tutorial(*LESSONS_RIGHT, "quit")
    headings = [line for line in result.lines if line.startswith("Step ")]
    assert headings == [
        "Step 1 of 7: follow the sides.",
        "Step 2 of 7: zero can still be a move.",
        "Step 3 of 7: open the space.",
        "Step 4 of 7: first straight down.",
        "Step 5 of 7: then close left.",
        "Step 6 of 7: count the new opportunity.",
        "Step 7 of 7: a choice changes the next choice.",
    ]


def test_accessible_output_is_plain_append_only_lines(tutorial) -> None:
    """A2, A13: no control sequences and plain ASCII words in English."""
    result = tutorial(*WHOLE_RUN)
    data = result.out.encode("utf-8")
    for name, pattern in FORBIDDEN_IN_ACCESSIBLE.items():
        assert not pattern.search(data), name
    assert "\x1b" not in result.out
    assert result.out.isascii()
    # A25: empty cells are words, never a "." a screen reader skips.
    assert "Row 2, 3 tiles: empty, Y Y, empty, R, empty" in result.lines
    rows = [
        line.split(":", 1)[1] for line in result.lines if line.startswith("Row") and ":" in line
    ]
    assert rows
    assert not any("." in row for row in rows)


def test_a_sighted_player_sees_the_group_outlined(tutorial) -> None:
    result = tutorial("quit", args=("--no-accessible",))
    lines = result.lines
    first = lines.index(EN("tutorial.outlined"))
    assert lines[first + 1 : first + 10] == [
        "   A B C D E F",
        " 6 . B . . . .",
        " 5 . Y . . . .",
        " 4 . R Y . . .",
        " 3 .[Y]R . . .",
        " 2 .[Y Y]. R .",
        " 1[Y Y]R R Y B",
        "   A B C D E F",
        "Legend: R red circle, Y yellow diamond, B blue triangle.",
    ]
    assert not any(line.startswith("Row ") for line in lines)


def test_numbered_tiles_in_the_tutorial(tutorial) -> None:
    result = tutorial("quit", args=("--no-accessible", "--symbols", "digits"))
    # Numbered in the Lesson's order: 1 circle, 2 diamond, 3 triangle.
    assert " 1[2 2]1 1 2 3" in result.lines
    assert "Legend: 1 red circle, 2 yellow diamond, 3 blue triangle." in result.lines


# -- questions -----------------------------------------------------------------------


@pytest.mark.parametrize("question", questions(), ids=lambda q: q.key.split(".")[-1])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_wrong_answer_is_explained_and_asked_again(tutorial, question: Question, lang) -> None:
    tr = translator(lang)
    facts = lesson_facts(tr)
    wrong = wrong_answer(question)
    result = tutorial(
        *answers_before(question), wrong, "quit", args=("--accessible", "--lang", lang)
    )
    said = answers_to(result)
    assert said[wrong] == [
        [tr("tutorial.wrong"), tr(question.explain, **facts), tr(question.key, **facts)]
    ]
    assert result.lines[-1] == goodbye(tr, Carried(True, lang))


def test_answers_are_read_in_any_spelling(tutorial) -> None:
    """Full-width digits (a Japanese input method's), はい and YES."""
    result = tutorial("５", "はい", "quit")
    said = answers_to(result)
    assert said["５"][0][0] == EN("tutorial.right")
    assert said["はい"][0][0] == EN("tutorial.right")


@pytest.mark.parametrize("five", ["5 diamonds", "5 tiles", "5個", "５個"])
def test_a_number_may_come_with_its_unit(tutorial, five: str) -> None:
    result = tutorial(five, "quit")
    assert answers_to(result)[five.strip()][0][0] == EN("tutorial.right")


def test_the_practice_names_its_board_and_how_to_play_all_of_it() -> None:
    assert practice_intro(EN) == (
        "Now try your own 3 moves on the lower left corner, 5 columns by 5 rows, of Lesson "
        "board 3 (7 columns by 9 rows; samegame play --preset lesson --board-number 3 plays "
        "all of it). Your score starts from 0, and nothing is saved."
    )
    assert "盤面3番(7列9行)" in practice_intro(JA)


def test_queries_answer_without_counting_as_answers(tutorial) -> None:
    result = tutorial("cell A1", "groups red", "5", "quit")
    said = answers_to(result)
    assert said["cell A1"][0][0].startswith("A1: yellow diamond, in a group of 5 yellow diamonds")
    assert said["groups red"][0][0].startswith("1 group of red circles")
    assert said["5"][0][0] == EN("tutorial.right")


def test_skip_explains_and_moves_on(tutorial) -> None:
    result = tutorial("skip", "skip", "skip", "quit")
    said = answers_to(result)["skip"]
    facts = lesson_facts(EN)
    # A skipped question says its explanation; a skipped move is made.
    assert said[0][0] == EN("tutorial.step.sides.explain", **facts)
    assert said[1][0] == EN("tutorial.step.zero.explain", **facts)
    assert said[2][0].startswith("Removed 2 red circles")
    assert EN("tutorial.step.space.after", **facts) in said[2]


def test_a_move_step_wants_its_group(tutorial) -> None:
    result = tutorial("5", "yes", "remove", "A1", "zz", "D1", "remove", "quit")
    said = answers_to(result)
    assert said["remove"][0] == [EN("tutorial.select_first", cell="C1")]
    assert said["A1"] == [[EN("tutorial.other_group", cell="C1")]]
    assert said["zz"] == [[EN("tutorial.not_a_cell", cell="C1")]]
    # Any tile of the group selects it; remove confirms.
    assert said["D1"][0][0].startswith("Selected 2 red circles")
    assert said["D1"][0][1] == EN("tutorial.lesson.confirm", cell="C1")
    assert said["remove"][1][0].startswith("Removed 2 red circles")


@pytest.mark.parametrize("word", ["cancel", "c", "\x1b"], ids=["cancel", "c", "escape"])
def test_escape_and_cancel_are_taken_everywhere(tutorial, word: str) -> None:
    result = tutorial(word, "5", word, "yes", word, "C1", word, word, "quit")
    said = answers_to(result)[printable_line(word)]  # a piped line is echoed escaped
    assert said[0] == [EN("tutorial.cancel.question")]
    assert said[1] == [EN("tutorial.cancel.question")]
    assert said[2] == [EN("tutorial.cancel.nothing", cell="C1")]
    assert said[3] == [EN("tutorial.cancel.selection", cell="C1")]
    assert said[4] == [EN("tutorial.cancel.nothing", cell="C1")]


def test_undo_compares_plans_and_the_lessons_go_on_from_their_position() -> None:
    script = Script([*LESSONS_RIGHT[:7], "undo", "undo", "redo", "next", "quit"])
    tutorial = Tutorial(script, EN)
    tutorial.run()
    assert [str(cell) for cell in tutorial.game.move_cells] == ["C1", "A1"]
    assert tutorial.game.score == 25
    assert EN("tutorial.compare.restored", score=25) in script.said
    assert any(line.startswith("Undid the move") for line in script.said)


@pytest.mark.parametrize("leave", [["quit"], ["q"], ["exit"], []], ids=["quit", "q", "exit", "eof"])
@pytest.mark.parametrize("where", [0, 3, len(LESSONS_RIGHT) + 1])
def test_quit_and_the_end_of_input_leave(tutorial, leave: list[str], where: int) -> None:
    result = tutorial(*(LESSONS_RIGHT + PRACTICE_RIGHT)[:where], *leave)
    assert result.code == 0
    assert result.lines[-1] == goodbye(EN, ACCESSIBLE)
    assert well_done(EN, ACCESSIBLE) not in result.out


def test_the_commands_it_names_start_this_samegame(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A38: where ``samegame`` is not on the PATH, the commands the tutorial tells
    the player to run start with the path of the script that started it."""
    script = tmp_path / ".venv" / "bin" / "samegame"
    script.parent.mkdir(parents=True)
    script.write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", [str(script), "tutorial"])
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    left = Script(["quit"])
    Tutorial(left, EN).run()
    assert left.said[-1] == "Tutorial left. Run .venv/bin/samegame tutorial to start again."
    done = Script(LESSONS_RIGHT + PRACTICE_RIGHT)
    Tutorial(done, JA, practice=practice_board(get_host())).run()
    assert done.said[-1].endswith(
        ".venv/bin/samegame play --preset lesson でゲームを始めましょう。"
    )
    intro = practice_intro(JA)
    assert (
        "盤面全体は .venv/bin/samegame play --preset lesson --board-number 3 で遊べます。" in intro
    )
    assert intro in done.said


def test_run_says_whether_the_player_went_to_the_end() -> None:
    board = practice_board(get_host())
    assert Tutorial(Script(LESSONS_RIGHT + PRACTICE_RIGHT), EN, practice=board).run() is True
    assert Tutorial(Script(LESSONS_RIGHT[:3]), EN, practice=board).run() is False


def test_the_lessons_follow_the_reference_in_order() -> None:
    assert [lesson.name for lesson in LESSONS] == [
        *("sides", "zero", "space", "down", "left", "count", "choice", "questions")
    ]
    moves = [s.cell for lesson in LESSONS for s in lesson.steps if isinstance(s, LessonMove)]
    assert moves == ["C1", "A1"]
    assert [s for lesson in LESSONS for s in lesson.steps if isinstance(s, Compare)]


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
    assert (board.width, board.height) == (len(PRACTICE_HEIGHTS), max(PRACTICE_HEIGHTS))
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
    assert script.said[start + 11] == "2 blue triangles on C5 and D5, 0 points."
    assert script.said[start + 12] == EN("more.nothing")


def test_the_practice_scores_from_zero_and_ends_after_three_moves() -> None:
    tutorial, said = practice([*PRACTICE_RIGHT, "A1"])
    assert tutorial.game.score == 16
    assert len(tutorial.game.moves) == 3
    assert said[-2:] == [EN("tutorial.practice.done", count=3, score=16), well_done(EN)]
    assert "Removed 2 blue triangles on C1 and D1, 0 points, score 0." in said


def test_explain_suggests_a_legal_move_and_is_recorded_as_help() -> None:
    tutorial, said = practice(["explain", "skip"])
    game = tutorial.game
    assert game.assistance == ["explain"]
    line = next(s for s in said if s.startswith("One legal move: "))
    assert line == EN(
        "tutorial.practice.explain",
        group="3 blue triangles on A2, columns A, B, rows 2 to 3, 1 point",
    )
    assert "not necessarily the best" in line, "no claim that it is the best"
    group = game.board.group_at(Cell(0, 1))
    assert group is not None
    assert group in game.legal_groups()
    assert EN("summary.assistance", used="explanations") in said
    unaided, said = practice(["skip"])
    assert unaided.game.assistance == []
    assert not any(s.startswith("Help used") for s in said)


def test_undo_takes_a_practice_move_back() -> None:
    tutorial, said = practice(["C1", "remove", "undo", "skip"])
    assert tutorial.game.moves == ()
    assert tutorial.game.board == practice_board(get_host())
    assert said[-3:-1] == [
        EN("tutorial.practice.done", count=0, score=0),
        EN("summary.assistance", used="undo"),
    ]


def test_reset_asks_first_and_can_be_undone() -> None:
    tutorial, said = practice(
        ["C1", "remove", "A2", "remove", "reset", "no", "reset", "y", "undo", "skip"]
    )
    game = tutorial.game
    asked = EN("tutorial.practice.reset.ask", count=2)
    assert said.count(asked) == 2
    assert said[said.index(asked) + 1] == EN("confirm.kept")
    assert EN("tutorial.practice.reset.done") in said
    assert EN("tutorial.practice.reset.undone", count=2, score=16) in said
    assert [str(c) for c in game.move_cells] == ["C1", "A2"]
    assert game.score == 16
    # Without the undo the reset stands.
    tutorial, said = practice(["C1", "remove", "reset", "yes", "skip"])
    assert tutorial.game.moves == ()
    assert EN("tutorial.practice.reset.nothing") in practice(["reset", "skip"])[1]


def test_a_move_after_a_reset_is_what_undo_takes_back() -> None:
    tutorial, said = practice(
        ["C1", "remove", "reset", "yes", "A2", "remove", "undo", "undo", "skip"]
    )
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
    assert result.lines[0] == JA("tutorial.welcome", count=7), "the saved language is honoured"
    assert (database.read_bytes(), database.stat().st_mtime_ns) == before


def test_no_colour_off_a_terminal(tutorial) -> None:
    """A3: a sighted tutorial whose output is not a terminal draws no colour."""
    result = tutorial("quit", args=("--no-accessible",))
    assert " 4 . R Y . . ." in result.lines
    assert not COLOUR_SGR.search(result.out)


def test_ctrl_c_ends_the_line_says_goodbye_and_exits_130() -> None:
    from samegame.play.player_settings import Settings
    from samegame.repl.tutorial import run_tutorial

    class Interrupting(io.StringIO):
        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            raise KeyboardInterrupt

    out = io.StringIO()
    status = run_tutorial(
        Settings().with_value("accessible", "on"), stdin=Interrupting(), stdout=out, host=get_host()
    )
    assert status == 130
    assert out.getvalue().endswith("\n\n" + goodbye(EN) + "\n")


def test_the_saved_verbosity_is_honoured(tutorial, tmp_path: Path) -> None:
    database = tmp_path / "home" / "data" / "samegame.sqlite3"
    with Store(database) as store:
        store.set_setting("settings", {"verbosity": "terse"})
    result = tutorial("5", "yes", "C1", "remove", "quit")
    said = answers_to(result)
    # Terse: the move is one line, with the groups left.
    assert said["remove"][0][0].startswith("Removed 2 red circles")
    assert said["remove"][0][0].endswith(
        "2 groups left, largest 7 yellow diamonds on A1, columns A, B to D, rows 1 to 3."
    )
    assert said["remove"][0][1] == EN("tutorial.step.space.after", **lesson_facts(EN))


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
    typed = ["7", "5", "yes", "C1", "remove", "quit"]
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
    assert data.endswith(goodbye(EN, ACCESSIBLE).encode() + b"\r\n")
    assert child.exitstatus == 0
