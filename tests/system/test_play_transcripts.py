"""Golden transcripts of ``samegame play`` fed a file of commands (A4, A5, A6, A13, A15,
A18): ``python -m samegame play --preset lesson --board-number N ... < FILE.in``.

The inputs and the expected standard output live in tests/golden/transcripts/
(``lesson10.in`` plays board 10 to a cleared board with every query, refusals and a
bad command; ``lesson1.in`` plays board 1 until no move is left). To regenerate the
expected files after an intended change of wording, run

    UPDATE_GOLDEN=1 .venv/bin/pytest tests/system/test_play_transcripts.py

and review the diff; without UPDATE_GOLDEN the tests only compare.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from locations import TESTS
from playkit import (
    blocks,
    child_env,
    espeak_words,
    greedy_moves,
    lesson_game,
)
from system_programs import needs

GOLDEN = TESTS / "golden" / "transcripts"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"

LESSON = ["play", "--preset", "lesson"]
CASES: dict[str, tuple[str, list[str]]] = {
    "lesson10_en": ("lesson10.in", [*LESSON, "--board-number", "10", "--accessible"]),
    "lesson10_ja": (
        "lesson10.in",
        [*LESSON, "--board-number", "10", "--accessible", "--lang", "ja"],
    ),
    "lesson1_terse": (
        "lesson1.in",
        [*LESSON, "--board-number", "1", "--accessible", "--verbosity", "terse"],
    ),
    "lesson1_normal": (
        "lesson1.in",
        [*LESSON, "--board-number", "1", "--accessible", "--verbosity", "normal"],
    ),
    "lesson1_verbose": (
        "lesson1.in",
        [*LESSON, "--board-number", "1", "--accessible", "--verbosity", "verbose"],
    ),
    # Not accessible: the sighted text board is drawn after every move; stdout is a
    # pipe, so still no escape codes.
    "lesson1_sighted": ("lesson1.in", [*LESSON, "--board-number", "1"]),
    # The first case again in another fresh home: the same bytes (determinism).
    "lesson10_en_again": ("lesson10.in", [*LESSON, "--board-number", "10", "--accessible"]),
}

REMOVED = re.compile(
    r"Removed (\d+) (red|yellow|blue) (circle|diamond|triangle)s? on [A-G]\d.*?, "
    r"(\d+) points?, score (\d+)\."
)


pytestmark = pytest.mark.usefixtures("isolated_home")


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, subprocess.CompletedProcess[bytes]]:
    """Every case in its own fresh SAMEGAME_HOME, run concurrently (once per module)."""

    def one(name: str) -> subprocess.CompletedProcess[bytes]:
        input_name, args = CASES[name]
        home = tmp_path_factory.mktemp(name) / "home"
        return subprocess.run(
            [sys.executable, "-m", "samegame", *args],
            input=(GOLDEN / input_name).read_bytes(),
            capture_output=True,
            env=child_env(home),
            cwd=home.parent,
            timeout=120,
            check=False,
        )

    # Made once here: the first call makes (under pytest-xdist, first empties) the
    # base folder, which four threads doing it at once would race on.
    tmp_path_factory.getbasetemp()
    with ThreadPoolExecutor(max_workers=4) as pool:
        return dict(zip(CASES, pool.map(one, CASES), strict=True))


def text_of(runs: dict[str, subprocess.CompletedProcess[bytes]], name: str) -> str:
    result = runs[name]
    assert result.returncode == 0, result.stderr.decode()
    assert result.stderr == b"", result.stderr.decode()
    return result.stdout.decode("utf-8")


@pytest.mark.parametrize("name", [name for name in CASES if not name.endswith("_again")])
def test_transcript_matches_golden(runs, name: str) -> None:
    text = text_of(runs, name)
    golden = GOLDEN / f"{name}.txt"
    if UPDATE:
        golden.write_text(text, encoding="utf-8", newline="\n")
    assert golden.exists(), f"missing {golden}; run with UPDATE_GOLDEN=1 to create it"
    assert text == golden.read_text(encoding="utf-8")


def test_same_input_gives_the_same_bytes(runs) -> None:
    assert runs["lesson10_en"].stdout == runs["lesson10_en_again"].stdout
    assert runs["lesson10_en"].stdout.count(b"\n") > 200


def test_no_escape_codes_when_stdout_is_not_a_terminal(runs) -> None:
    for name, result in runs.items():
        assert b"\x1b" not in result.stdout, name
        assert b"\r" not in result.stdout, name
        assert b"\a" not in result.stdout, name


def test_transcript_echoes_every_command_once(runs) -> None:
    commands = (GOLDEN / "lesson10.in").read_text(encoding="utf-8").splitlines()
    echoed = [command for command, _ in blocks(text_of(runs, "lesson10_en"))[1:]]
    assert echoed == commands


def first_answers(text: str) -> dict[str, list[str]]:
    """What was said after each command, the first time it was typed."""
    said: dict[str, list[str]] = {}
    for command, lines in blocks(text):
        said.setdefault(command, lines)
    return said


def test_every_query_and_refusal_is_answered(runs) -> None:
    said = first_answers(text_of(runs, "lesson10_en"))
    assert said["row 12"] == ["There is no row 12; rows run 1 to 9."]
    assert said["column Z"] == ["There is no such column; the columns are A, B and so on to G."]
    # A9 came after a hint selected a group: pointing away drops the selection.
    assert said["A9"] == ["A9 is a single tile; nothing removed.", "Selection cleared."]
    assert said["G9"] == ["G9 is empty; nothing removed."]
    assert said["foo"] == ["'foo' is not a command or a cell; type help for the list."]
    assert said["n"] == ["Nothing changed."]
    assert said["cell A9"] == ["A9: blue triangle, on its own."]
    for query in ("help", "coords", "rules", "settings", "board", "groups", "summary", "hint"):
        assert said[query], query


# -- A5 and A18: the order of an announcement, and the end ------------------------------


def _kind(line: str) -> int:
    """0 result, 1 falls, 2 emptied columns, 3 moved columns, 4 groups left, 5 the end."""
    if line.startswith("Removed "):
        return 0
    if " fell in column" in line:
        return 1
    if line.startswith("Emptied column"):
        return 2
    if line.endswith(" moved left."):
        return 3
    if (" left, " in line and "group" in line) or line == "No groups left.":
        return 4
    return 5


def test_a_move_is_announced_result_first_then_consequences_then_groups(runs) -> None:
    moves = [
        lines
        for _, lines in blocks(text_of(runs, "lesson10_en"))
        if lines and lines[0].startswith("Removed ")
    ]
    assert len(moves) == 11  # a redo is announced too, but starts with Redoing
    score = 0
    for lines in moves:
        match = REMOVED.match(lines[0])
        assert match, lines[0]
        score = int(match[5])
        if len(lines) == 1:  # the move played at verbosity terse: one line
            assert lines[0].endswith(
                "8 groups left, largest 17 blue triangles on A1, columns A, B to G, rows 1 to 5."
            )
            continue
        kinds = [_kind(line) for line in lines]
        assert kinds[0] == 0
        assert kinds == sorted(kinds), lines
        assert 4 in kinds or 5 in kinds, lines
    assert score == 369


def test_cleared_board_end_says_bonus_final_score_and_best(runs) -> None:
    said = blocks(text_of(runs, "lesson10_en"))
    last_move = next(lines for command, lines in said if "Board cleared." in " ".join(lines))
    assert last_move[-4:] == [
        "Board cleared. Bonus 0. Final score 369.",
        "11 moves, 369 points from groups.",
        "New best score for these rules: 369.",
        "Type new for another board, undo or restart to try again, or quit.",
    ]


def test_stuck_board_end_says_tiles_left_penalty_and_final_score(runs) -> None:
    game = lesson_game(1)
    moves = greedy_moves(game)
    result = game.result()
    assert result is not None
    assert not result.cleared
    said = [lines for _, lines in blocks(text_of(runs, "lesson1_normal"))]
    end = said[-2]  # the last move; the last block is the goodbye
    assert end[-4:] == [
        f"No moves left. {result.remaining} tiles left, penalty {result.penalty}. "
        f"Final score {result.score}.",
        f"{len(moves)} moves, {result.points} points from groups.",
        f"New best score for these rules: {result.score}.",
        "Type new for another board, undo or restart to try again, or quit.",
    ]


# -- A6: lines per move at each verbosity ------------------------------------------------


def _move_blocks(text: str) -> list[list[str]]:
    return [lines for _, lines in blocks(text) if lines and lines[0].startswith("Removed ")]


def test_terse_is_one_line_per_move_and_one_more_at_the_end(runs) -> None:
    moves = _move_blocks(text_of(runs, "lesson1_terse"))
    assert len(moves) == len(greedy_moves(lesson_game(1)))
    assert [len(lines) for lines in moves[:-1]] == [1] * (len(moves) - 1)
    assert len(moves[-1]) == 2
    assert "Final score 317." in moves[-1][1]
    assert "New best score" in moves[-1][1]


def test_normal_and_verbose_say_more_than_terse(runs) -> None:
    terse = _move_blocks(text_of(runs, "lesson1_terse"))
    normal = _move_blocks(text_of(runs, "lesson1_normal"))
    verbose = _move_blocks(text_of(runs, "lesson1_verbose"))
    assert len(terse) == len(normal) == len(verbose)
    for t, n, v in zip(terse, normal, verbose, strict=True):
        assert len(t) < len(n) <= len(v)
        assert n[0] == v[0]
        assert t[0].startswith(n[0])
    assert sum(map(len, verbose)) > sum(map(len, normal))
    assert any(line.startswith("Fell from ") for lines in verbose for line in lines)
    assert not any(line.startswith("Fell from ") for lines in normal for line in lines)


def test_the_sighted_transcript_is_the_normal_one_plus_boards(runs) -> None:
    sighted = text_of(runs, "lesson1_sighted").splitlines()
    board_lines = [
        line for line in sighted if re.fullmatch(r"( {3}[A-G]( [A-G])*| \d([ \[\]]\S)+\]?)", line)
    ]
    headers = [line for line in board_lines if line == "   A B C D E F G"]
    moves = len(greedy_moves(lesson_game(1)))
    # Drawn at the start, with each selection marked (A36), and after each move; a
    # header above and below each drawing.
    drawings = 1 + 2 * moves
    assert len(headers) == 2 * drawings
    spoken = [line for line in sighted if line not in board_lines]
    # Every drawing has the legend of the colours left under it (A4, A36), a
    # selection a line on its mark, then the same words.
    legends = [line for line in spoken if line.startswith("Legend: ")]
    assert legends[0] == "Legend: R red circle, Y yellow diamond, B blue triangle."
    marked = "The selected group is drawn between brackets."
    assert len(legends) == drawings
    assert spoken.count(marked) == moves
    for index, line in enumerate(sighted):
        if line in legends:
            assert sighted[index - 1] == "   A B C D E F G"
    spoken = [line for line in spoken if line not in (*legends, marked)]
    normal = text_of(runs, "lesson1_normal").splitlines()
    assert spoken == normal


# -- A4 and A13: letters, legend, colour and shape named, plain characters ----------------


def test_board_query_uses_letters_and_a_legend_naming_colour_and_shape(runs) -> None:
    said = first_answers(text_of(runs, "lesson10_en"))
    board = said["board"]
    assert board[0] == "Board, 7 columns by 9 rows, top row first:"
    assert board[-1] == "Legend: R red circle, Y yellow diamond, B blue triangle."
    for number, line in zip(range(9, 0, -1), board[1:-1], strict=True):
        assert re.fullmatch(rf"Row {number}, 7 tiles: [RYB]( [RYB]){{6}}", line), line


# A25: what a screen reader at its default punctuation level would say: "." and the
# like are dropped, so every empty cell must be a word. Counting the cells a
# listener hears (a letter, "empty", or "N empty") gives the board's width.
SPOKEN_CELL = re.compile(r"(\d+) empty|empty|\b[RBGYPOCWK]\b")


def heard_cells(line: str) -> int:
    cells = line.split(": ", 1)[1]
    return sum(int(m.group(1)) if m.group(1) else 1 for m in SPOKEN_CELL.finditer(cells))


def test_empty_cells_are_spoken_as_words(runs) -> None:
    text = text_of(runs, "lesson10_en")
    rows = [line for line in text.splitlines() if line.startswith("Row ")]
    assert any("empty" in line for line in rows)  # the game empties some cells
    for line in rows:
        assert "." not in line.split(":", 1)[-1].rstrip("."), line
        if line.endswith(" is empty."):
            continue
        head = re.match(r"Row \d+, (\d+) tiles?: ", line)
        assert head, line
        assert heard_cells(line) == 7, line
        letters = len(re.findall(r"\b[RBGYPOCWK]\b", line.split(": ", 1)[1]))
        assert letters == int(head.group(1)), line
    columns = [line for line in text.splitlines() if " from the bottom: " in line]
    assert any("empty" in line for line in columns)
    for line in columns:
        assert heard_cells(line) == 9, line


JA_SPOKEN_CELL = re.compile(r"空き(\d+)マス|\b[RBGYPOCWK]\b")


def test_empty_cells_are_spoken_as_words_in_japanese(runs) -> None:
    """A25 in Japanese: 空き2マス for a run of empty cells, the count of tiles first."""
    text = text_of(runs, "lesson10_ja")
    rows = [line for line in text.splitlines() if re.match(r"\d+行目、\d+個: ", line)]
    columns = [line for line in text.splitlines() if re.match(r"[A-G]列、下から\d+個: ", line)]
    assert any("空き" in line for line in rows)
    assert any("空き" in line for line in columns)
    for lines, width in ((rows, 7), (columns, 9)):
        for line in lines:
            head, cells = line.split(": ", 1)
            assert "." not in cells, line
            heard = JA_SPOKEN_CELL.findall(cells)
            assert sum(int(run) if run else 1 for run in heard) == width, line
            tiles = int(re.search(r"(\d+)個", head).group(1))  # type: ignore[union-attr]
            assert len(re.findall(r"\b[RBGYPOCWK]\b", cells)) == tiles, line


# The same check by a real speech synthesizer (playkit.espeak_words), when one is
# installed: espeak-ng at its default punctuation level, as a screen reader sends
# it the line.


def espeak_cells(cells: str) -> int:
    """How many cells a listener hears in ``cells``: a letter, "empty", or a number
    said before "empty"; anything else heard fails the test."""
    (empty,) = espeak_words("empty")
    letters = {espeak_words(letter)[0] for letter in "RBGYPOCWK"}
    numbers = {espeak_words(str(n))[0]: n for n in range(1, 16)}
    words, heard, index = espeak_words(cells), 0, 0
    while index < len(words):
        word = words[index].removesuffix("r") if words[index] not in letters else words[index]
        if word in numbers and index + 1 < len(words) and words[index + 1] == empty:
            heard, index = heard + numbers[word], index + 2
            continue
        assert word == empty or word in letters, (cells, words)
        heard, index = heard + 1, index + 1
    return heard


@needs("espeak-ng")
def test_espeak_ng_says_every_cell_of_a_row(runs) -> None:
    """A25 by ear: espeak-ng says as many cells as the board is wide, and the
    spelling of the issue ("G G B R . . B") is heard as 5 cells of 7."""
    assert espeak_cells("G G B R . . B") == 5  # the dots are silent: why A25 exists
    text = text_of(runs, "lesson10_en")
    rows = {line for line in text.splitlines() if re.match(r"Row \d+, \d+ tiles?: ", line)}
    assert any("empty" in line for line in rows)
    for line in sorted(rows):
        assert espeak_cells(line.split(": ", 1)[1]) == 7, line


def test_announcements_name_colour_and_shape(runs) -> None:
    lines = text_of(runs, "lesson10_en").splitlines()
    # The Lesson preset's palette: red circles, yellow diamonds, blue triangles.
    colour_words = re.compile(r"\d+ (red|yellow|blue) (circle|diamond|triangle)s?\b")
    for line in lines:
        if line.startswith(("Removed ", "Selected ", "Hint: ")) or "groups left, largest" in line:
            assert colour_words.search(line), line


@pytest.mark.parametrize("name", ["lesson10_en", "lesson1_verbose", "lesson1_sighted"])
def test_english_transcripts_are_printable_ascii(runs, name: str) -> None:
    for line in text_of(runs, name).splitlines():
        assert all(" " <= char <= "~" for char in line), repr(line)
        if not line.startswith(">"):
            assert not re.search(r"[|<>]", line), line


def test_japanese_transcript_has_no_glyphs_or_controls(runs) -> None:
    text = text_of(runs, "lesson10_ja")
    for line in text.splitlines():
        assert not any(ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0 for char in line)
        assert not re.search("[\u2500-\u259f\u2190-\u21ff\u25a0-\u27bf\U0001f000-\U0001faff]", line)
        if not line.startswith(">"):
            assert not re.search(r"[|<>]", line), line
    assert "盤面をすべて消しました。ボーナス0点、最終スコア369。" in text
    # The same input gives the same shape of transcript in both languages: one line
    # for one line, the same commands echoed.
    ja_lines = text.splitlines()
    en_lines = text_of(runs, "lesson10_en").splitlines()
    assert len(ja_lines) == len(en_lines)
    for ja_line, en_line in zip(ja_lines, en_lines, strict=True):
        assert ja_line.startswith("> ") == en_line.startswith("> ")
        if en_line.startswith(("> ", "Row ")) or en_line in ("verbosity: normal", "bell: off"):
            continue
        assert ja_line != en_line or re.fullmatch(r"[A-Za-z-]+: [a-z]+", en_line), en_line
