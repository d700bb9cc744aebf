"""The accessibility requirements of docs/accessibility.md that a command line run
in this process can check (A1, A3, A11, A12, A17, A19, A20, A21, A22, A23).

The terminal ones (A2, A9, A16, A24) are in test_terminal.py, the transcripts (A4,
A5, A6, A13, A15, A18) in test_play_transcripts.py, A8 in test_session.py.

The golden files of A22 are tests/golden/accessibility_en.txt and _ja.txt;
``UPDATE_GOLDEN=1`` rewrites them instead of comparing.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from locations import TESTS
from playkit import (
    BOX_DRAWING,
    COLOUR_SGR,
    Outcome,
    greedy_moves,
    lesson_game,
    run_cli,
)
from samegame.cli.accessibility_cmd import QUERY_KINDS
from samegame.repl.commands import WORDS
from samegame.repl.terminal import colour_enabled, resolve_accessible
from samegame.store import Store

GOLDEN = TESTS / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
DRAWN_HEADER = "   A B C D E F G"
LESSON1 = ["play", "--preset", "lesson", "--board-number", "1"]
SINGLE_ON_BOARD_1 = "B9"  # a blue triangle among red circles


pytestmark = pytest.mark.usefixtures("isolated_home")


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    def invoke(*args: str, stdin: str = "", tty_out: bool = False) -> Outcome:
        return run_cli(capsys, monkeypatch, args, stdin, tty_out=tty_out)

    return invoke


def two_clicks(cells: list[str]) -> str:
    return "".join(f"{cell}\n{cell}\n" for cell in cells)


def save_settings(**values: object) -> None:
    with Store() as store:
        store.set_setting("settings", dict(values))


# -- A1: how accessible mode is chosen ----------------------------------------------------

# flag, SAMEGAME_ACCESSIBLE, ACCESSIBLE, saved setting -> accessible
PRECEDENCE = [
    (None, None, None, None, False),
    (None, None, None, True, True),
    (None, None, None, False, False),
    (None, None, "1", False, True),
    (None, None, "yes", None, True),
    (None, None, "0", True, False),
    (None, None, "false", True, False),
    (None, None, "FALSE", True, False),
    (None, None, "", True, True),
    (None, "1", "0", False, True),
    (None, "0", "1", True, False),
    (None, "false", None, True, False),
    (True, "0", "0", False, True),
    (False, "1", "1", True, False),
]
PRECEDENCE_IDS = [
    f"flag={f}-SAMEGAME_ACCESSIBLE={s}-ACCESSIBLE={a}-setting={t}" for f, s, a, t, _ in PRECEDENCE
]


@pytest.mark.parametrize(
    ("flag", "samegame", "generic", "setting", "expected"), PRECEDENCE, ids=PRECEDENCE_IDS
)
def test_resolve_accessible_precedence(flag, samegame, generic, setting, expected) -> None:
    environ = {}
    if samegame is not None:
        environ["SAMEGAME_ACCESSIBLE"] = samegame
    if generic is not None:
        environ["ACCESSIBLE"] = generic
    assert resolve_accessible(flag, setting, environ) is expected


@pytest.mark.parametrize(
    ("flag", "samegame", "generic", "setting", "expected"), PRECEDENCE, ids=PRECEDENCE_IDS
)
def test_accessible_precedence_end_to_end(
    cli, monkeypatch: pytest.MonkeyPatch, flag, samegame, generic, setting, expected
) -> None:
    if samegame is not None:
        monkeypatch.setenv("SAMEGAME_ACCESSIBLE", samegame)
    if generic is not None:
        monkeypatch.setenv("ACCESSIBLE", generic)
    if setting is not None:
        save_settings(accessible=setting)
    switch = [] if flag is None else ["--accessible" if flag else "--no-accessible"]
    result = cli(*LESSON1, *switch, stdin="A1\nA1\nq\n")
    assert result.code == 0, result.err
    assert "Removed 9 red circles" in result.out
    # Accessible mode never draws the board; the sighted mode draws it at the start,
    # with the selection marked and after the move.
    assert result.out.count(DRAWN_HEADER) == (0 if expected else 6)


# -- A3 and A21: colour ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "terminal", "accessible", "environ", "expected"),
    [
        ("auto", True, False, {"TERM": "xterm"}, True),
        ("auto", True, False, {}, True),
        ("auto", True, False, {"TERM": "xterm", "NO_COLOR": "1"}, False),
        ("auto", True, False, {"TERM": "dumb"}, False),
        ("auto", False, False, {"TERM": "xterm"}, False),
        ("auto", True, True, {"TERM": "xterm"}, False),
        ("never", True, False, {"TERM": "xterm"}, False),
        ("always", False, False, {"TERM": "dumb", "NO_COLOR": "1"}, True),
    ],
)
def test_colour_enabled(mode, terminal, accessible, environ, expected) -> None:
    assert colour_enabled(mode, terminal, accessible, environ) is expected


def colour_codes(text: str) -> list[str]:
    return [code for code in COLOUR_SGR.findall(text) if code != "\x1b[0m"]


def test_colour_on_a_sighted_terminal_by_default(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "xterm")
    result = cli(*LESSON1, stdin="A1\nA1\nq\n", tty_out=True)
    assert result.code == 0
    assert colour_codes(result.out)  # the baseline: the checks below can fail


@pytest.mark.parametrize(
    ("env", "args", "tty_out"),
    [
        ({"TERM": "xterm", "NO_COLOR": "1"}, [], True),
        ({"TERM": "dumb"}, [], True),
        ({"TERM": "xterm"}, ["--color", "never"], True),
        ({"TERM": "xterm"}, [], False),
        ({"TERM": "xterm"}, ["--accessible", "--color", "always"], True),
    ],
    ids=["NO_COLOR", "TERM=dumb", "color-never", "not-a-terminal", "accessible"],
)
def test_no_colour_codes(cli, monkeypatch: pytest.MonkeyPatch, env, args, tty_out) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    result = cli(*LESSON1, *args, stdin="A1\nA1\nboard\nq\n", tty_out=tty_out)
    assert result.code == 0
    assert "\x1b" not in result.out
    assert "Removed 9 red circles" in result.out


def test_color_always_uses_only_the_16_colour_palette(cli) -> None:
    result = cli(*LESSON1, "--color", "always", stdin="A1\nA1\nboard\nq\n")
    assert result.code == 0
    codes = COLOUR_SGR.findall(result.out)
    assert colour_codes(result.out)
    # The 16 colours, reset, and reverse video (the selected group's tiles).
    allowed = {"0", "7", *map(str, range(30, 38)), *map(str, range(90, 98))}
    for code in codes:
        params = code[2:-1].split(";")
        assert set(params) <= allowed, repr(code)
    assert "38;5" not in result.out
    assert "38;2" not in result.out
    assert "\x1b[4" not in result.out  # no background colours either


def test_shapes_or_letters_can_be_chosen_for_the_drawn_board(cli) -> None:
    result = cli(*LESSON1, stdin="settings symbols shapes\nboard\nq\n")
    drawn = result.out.split("> board\n")[1]
    assert "\u25cf" in drawn  # red circle
    assert "\u25b2" in drawn  # blue triangle
    assert "\u25c6" in drawn  # yellow diamond: the Lesson's third shape
    assert "Legend: \u25cf red circle, \u25c6 yellow diamond, \u25b2 blue triangle." in drawn
    letters = cli(*LESSON1, stdin="settings symbols letters\nboard\nq\n")
    assert "\u25cf" in letters.out.split("> settings")[0]  # the saved setting, at the start
    drawn = letters.out.split("> board\n")[1]
    assert "\u25cf" not in drawn
    assert " 9 R Y R R R Y B" in drawn


# -- A11 and A12: one-line errors, plain help ------------------------------------------------


@pytest.mark.parametrize(
    ("args", "code", "fragment"),
    [
        (["play", "--lang", "xx"], 2, "language 'xx' is not available; use --lang en or --lang ja"),
        (["play", "--game", "42"], 2, "there is no saved game 42; see samegame history"),
        (["play", "--preset", "nosuch"], 3, "no preset named 'nosuch'"),
        (["play", "--size", "huge"], 2, "size 'huge' is not one of"),
        (["play", "--size", "30x5"], 2, "width 30 is not possible; use 1 to 26 columns"),
        (["play", "--board-number", "-1"], 2, "board number -1 is out of range"),
        (["play", "--verbosity", "loud"], 2, "--verbosity"),
        (["tutorial", "--lang", "xx"], 2, "language 'xx' is not available"),
        (["accessibility", "--lang", "fr"], 2, "language 'fr' is not available"),
        (["scores", "--format", "xml"], 2, "--format"),
        (["history", "--limit", "0"], 2, "--limit"),
    ],
)
def test_errors_are_one_line_with_a_documented_exit_code(cli, args, code, fragment) -> None:
    result = cli(*args, stdin="q\n")
    assert result.code == code, result.err
    lines = result.err.splitlines()
    assert len(lines) == 1, result.err
    assert lines[0].startswith("Error: ")
    assert fragment in lines[0]
    assert not BOX_DRAWING.search(result.err)
    assert result.out == ""


def test_an_error_saves_nothing(cli) -> None:
    assert cli("play", "--preset", "lesson", "--lang", "xx", stdin="A1\nA1\n").code == 2
    assert cli("history", "--unfinished", "--format", "json").out.strip() == "[]"


@pytest.mark.parametrize("command", ["play", "tutorial", "accessibility", "scores", "history"])
def test_help_is_plain_text(cli, command: str) -> None:
    result = cli(command, "--help")
    assert result.code == 0
    assert result.out.startswith(f"Usage: samegame {command}")
    assert not BOX_DRAWING.search(result.out)
    assert "\x1b" not in result.out
    assert all(char == "\n" or " " <= char <= "~" for char in result.out)


# A30 for the words of --help, which have no catalogue: every command and subcommand.
MISREAD_IN_HELP = re.compile(r"\(n\s*[-+]|\^|%|\d\s?s\b|\bsecs?\b")


def every_command(cli) -> list[list[str]]:
    """Every command line of the program, found through the help's command lists."""
    found, queue = [], [[]]
    while queue:
        words = queue.pop()
        found.append(words)
        listed = cli(*words, "--help").out.partition("\nCommands:\n")[2]
        queue += [[*words, name] for name in re.findall(r"^  ([a-z][\w-]*)", listed, re.M)]
    return found


def test_no_help_text_is_misread_aloud(cli) -> None:
    commands = every_command(cli)
    assert ["bench", "standard"] in commands
    assert ["presets", "show"] in commands
    problems = [
        (" ".join(words), line)
        for words in commands
        for line in cli(*words, "--help").out.splitlines()
        if MISREAD_IN_HELP.search(line)
    ]
    assert not problems, problems


# -- A17: the bell ------------------------------------------------------------------------------


def test_bell_is_off_by_default_and_says_nothing_the_text_lacks(
    cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    moves = two_clicks(greedy_moves(lesson_game(1)))
    stdin = f"{SINGLE_ON_BOARD_1}\n{moves}q\n"
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "quiet"))
    quiet = cli(*LESSON1, "--accessible", stdin=stdin)
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "ringing"))
    ringing = cli(*LESSON1, "--accessible", "--bell", stdin=stdin)
    assert "\a" not in quiet.out
    # One for the refused move, one at the end of the game.
    assert ringing.out.count("\a") == 2
    refusal = "B9 is a single tile; nothing removed.\n"
    assert ringing.out.index("\a") == ringing.out.index(refusal) + len(refusal)
    assert "Final score 317." in ringing.out.split("\a")[1]
    # The bell carries nothing the text lacks: without it the text is the same.
    assert ringing.out.replace("\a", "") == quiet.out


def test_bell_setting_in_game(cli) -> None:
    result = cli(
        *LESSON1,
        "--accessible",
        stdin=f"{SINGLE_ON_BOARD_1}\nsettings bell on\n{SINGLE_ON_BOARD_1}\nq\n",
    )
    before, after = result.out.split("bell: on\n")
    assert "\a" not in before
    assert after.count("\a") == 1


# -- A19: data as JSON -----------------------------------------------------------------------


def test_scores_and_history_as_json(cli) -> None:
    game = lesson_game(10)
    moves = greedy_moves(game)
    result = game.result()
    assert result is not None
    cli(
        "play",
        "--preset",
        "lesson",
        "--board-number",
        "10",
        "--accessible",
        stdin=two_clicks(moves) + "q\n",
    )
    first = greedy_moves(lesson_game(3), limit=1)
    cli(
        "play",
        "--preset",
        "lesson",
        "--board-number",
        "3",
        "--accessible",
        stdin=two_clicks(first) + "q\n",
    )

    scores = json.loads(cli("scores", "--format", "json").out)
    assert [entry["score"] for entry in scores["scores"]] == [result.score]
    best = scores["scores"][0]
    assert best["rank"] == 1
    assert best["board_number"] == 10
    assert best["moves"] == len(moves)
    assert best["cleared"] is result.cleared
    assert scores["challenges"] == []

    finished = json.loads(cli("history", "--format", "json").out)
    assert len(finished) == 1
    assert finished[0]["status"] == "finished"
    assert finished[0]["setup"]["board_number"] == 10
    assert finished[0]["moves"] == moves

    unfinished = json.loads(cli("history", "--unfinished", "--format", "json").out)
    assert [(g["setup"]["board_number"], g["status"]) for g in unfinished] == [(3, "unfinished")]
    assert unfinished[0]["moves"] == first

    # The text forms are flat sentences, one per line.
    for command in (["scores"], ["history"], ["history", "--unfinished"]):
        text = cli(*command).out
        assert text.strip()
        for line in text.splitlines():
            assert line.endswith((".", ":")), line
            assert "|" not in line
            assert "\t" not in line


def test_scores_json_when_nothing_was_played(cli) -> None:
    expected = {"scores": [], "challenges": [], "completions": []}
    assert json.loads(cli("scores", "--format", "json").out) == expected
    assert json.loads(cli("history", "--format", "json").out) == []


# -- A20: a y/n question before a destructive action --------------------------------------------


def test_restart_after_moves_asks_first(cli) -> None:
    result = cli(
        *LESSON1,
        "--accessible",
        stdin="A1\nA1\nrestart\nn\nscore\nrestart\nyes\nscore\nq\n",
    )
    said = result.out.split("\n> ")
    assert said[3] == "restart\nRestart and lose the 1 move of this game? Type y or n."
    assert said[4] == "n\nNothing changed."
    assert said[5] == "score\nScore 49 after 1 move."
    assert said[6] == "restart\nRestart and lose the 1 move of this game? Type y or n."
    assert said[7].startswith("yes\nBack to the starting board.")
    # The Lesson rules allow playing a board again: a restart is not practice.
    assert said[8] == "score\nScore 0 after 0 moves."


def test_restart_question_takes_y(cli) -> None:
    result = cli(*LESSON1, "--accessible", stdin="A1\nA1\nrestart\ny\nscore\nq\n")
    assert "Back to the starting board." in result.out
    assert "Score 0 after 0 moves.\n" in result.out


def test_any_other_answer_keeps_the_game(cli) -> None:
    result = cli(*LESSON1, "--accessible", stdin="A1\nA1\nrestart\nboard\nscore\nq\n")
    assert "> board\nNothing changed.\n" in result.out
    assert "Score 49 after 1 move." in result.out


@pytest.mark.parametrize("switch", ["--yes", "-y"])
def test_yes_skips_the_question(cli, switch: str) -> None:
    result = cli(*LESSON1, "--accessible", switch, stdin="A1\nA1\nrestart\nscore\nq\n")
    assert "Type y or n" not in result.out
    assert "> restart\nBack to the starting board." in result.out
    assert "Score 0 after 0 moves.\n" in result.out


def test_restart_without_moves_asks_nothing(cli) -> None:
    result = cli(*LESSON1, "--accessible", stdin="restart\nq\n")
    assert "> restart\nBack to the starting board.\n" in result.out


# -- A22: samegame accessibility ------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_accessibility_guide_matches_golden(cli, lang: str) -> None:
    args = ["accessibility"] if lang == "en" else ["accessibility", "--lang", lang]
    result = cli(*args)
    assert result.code == 0
    assert result.err == ""
    golden = GOLDEN / f"accessibility_{lang}.txt"
    if UPDATE:
        golden.write_text(result.out, encoding="utf-8", newline="\n")
    assert result.out == golden.read_text(encoding="utf-8")


def test_accessibility_guide_lists_every_switch_variable_and_query(cli) -> None:
    text = cli("accessibility").out
    play_help = cli("play", "--help").out
    for switch in (
        "--accessible",
        "--no-accessible",
        "--verbosity",
        "--lang",
        "--color",
        "--one-click",
        "--bell",
        "--yes",
    ):
        assert re.search(rf"(^|\s){switch}\b", text, re.MULTILINE), switch
        assert switch in play_help, switch
    for variable in ("SAMEGAME_ACCESSIBLE", "ACCESSIBLE", "NO_COLOR", "TERM", "SAMEGAME_HOME"):
        assert re.search(rf"\b{variable}\b", text), variable
    for kind in QUERY_KINDS:
        assert any(line.startswith(f"{WORDS[kind][0]} (") for line in text.splitlines()), kind
    assert "repeat" in text
    assert "--format json" in text
    ja = cli("accessibility", "--lang", "ja").out
    assert len(ja.splitlines()) == len(text.splitlines())


# -- A23: settings persist ---------------------------------------------------------------------


def test_settings_changed_in_a_game_persist(cli) -> None:
    first = cli(
        *LESSON1,
        stdin="settings verbosity terse\nsettings accessible on\nsettings language ja\nq\n",
    )
    assert first.out.count(DRAWN_HEADER) == 2  # drawn at the start: not accessible yet
    assert "verbosity: terse" in first.out
    second = cli("play", "--preset", "lesson", stdin="settings\nB2\nB2\nq\n")
    assert DRAWN_HEADER not in second.out  # accessible now
    saved = "保存した設定"
    assert (
        f"verbosity: terse、{saved}\nlanguage: ja、{saved}\naccessible: on、{saved}\n" in second.out
    )
    assert "続きから" in second.out or "再開" in second.out
    after_move = second.out.split("> B2\n")[2].split("\n> ")[0]
    assert len(after_move.splitlines()) == 1  # terse
    assert "消しました" in after_move


def test_command_line_switches_are_not_saved(cli) -> None:
    cli(*LESSON1, "--verbosity", "verbose", "--lang", "ja", "--accessible", stdin="q\n")
    result = cli(*LESSON1, stdin="settings\nq\n")
    assert (
        "verbosity: normal, the default\nlanguage: en, the default\n"
        "accessible: off, the default\n" in result.out
    )
    assert DRAWN_HEADER in result.out


# -- A29: every command honours the saved language and accessible setting --------------------

# A command, and a phrase only its Japanese output holds.
JAPANESE_OUTPUT = [
    (["accessibility"], "アクセシビリティ"),
    (["tutorial"], "チュートリアル"),
    (["presets", "list"], "レッスン"),
    (["presets", "show", "relaxed"], "取り消しはできません"),
    (["board", "show", "--preset", "lesson"], "凡例: R 赤の丸"),
    (["board", "groups", "--preset", "lesson"], "グループ、大きい順です"),
    (["scores"], "まだスコアはありません"),
    (["history"], "終わったゲームはまだありません"),
    (["history", "--unfinished"], "途中のゲームはありません"),
]


@pytest.mark.parametrize(("command", "japanese"), JAPANESE_OUTPUT, ids=lambda v: str(v))
@pytest.mark.parametrize(
    ("saved", "flags", "expect_ja"),
    [
        (None, [], False),
        (None, ["--lang", "ja"], True),
        ("ja", [], True),
        ("ja", ["--lang", "en"], False),
        ("ja", ["--accessible"], True),
        ("en", ["--lang", "ja", "--no-accessible"], True),
    ],
    ids=["default", "flag", "saved", "flag-over-saved", "accessible-flag", "both-flags"],
)
def test_every_command_honours_language_and_takes_the_switches(
    cli, command, japanese, saved, flags, expect_ja
) -> None:
    if saved is not None:
        save_settings(language=saved)
    result = cli(*command, *flags, stdin="quit\n")
    assert result.code == 0, result.err
    assert (japanese in result.out) is expect_ja, result.out
    if not expect_ja:
        assert all(char == "\n" or " " <= char <= "~" for char in result.out), result.out
    # A one-off switch is never saved.
    with Store() as store:
        assert store.get_setting("settings") == (None if saved is None else {"language": saved})


def test_history_names_the_preset_and_why_it_was_practice_in_japanese(cli) -> None:
    """A30: a game's record in Japanese says レッスン and 取り消し, not lesson and
    undo (the preset's typed name and the practice reasons were left as they were)."""
    basic = ["play", "--preset", "basic", "--size", "small", "--board-number", "1"]
    cli(*basic, "--accessible", stdin="hint\nA1\nA1\nundo\nquit\n")
    japanese = cli("history", "--unfinished", "--lang", "ja").out
    assert japanese.startswith("ゲーム1、基本、6列8行、")
    assert "練習（ヒントと取り消し）" in japanese
    assert not set(re.findall(r"[A-Za-z]{2,}", japanese)) - {"UTC", "undo"}, japanese
    english = cli("history", "--unfinished").out
    assert english.startswith("Game 1, Basic, 6 by 8, ")
    assert "practice (a hint and undo)" in english


def test_board_show_reads_rows_in_accessible_mode(cli) -> None:
    """board show honours the accessible setting: rows in words (A25), no drawing."""
    save_settings(accessible=True)
    said = cli("board", "show", "--preset", "lesson", "--board-number", "1").out.splitlines()
    assert said[0] == "Board 1, each-colour-twice, 7 columns by 9 rows, 3 colours:"
    assert said[1] == "Row 9, 7 tiles: R Y R R R Y B"
    assert said[-1] == "Legend: R red circle, Y yellow diamond, B blue triangle."
    assert DRAWN_HEADER not in said
    drawn = cli("board", "show", "--preset", "lesson", "-n", "1", "--no-accessible").out
    assert DRAWN_HEADER in drawn.splitlines()


def test_a_one_off_language_is_not_saved_by_another_setting_change(cli) -> None:
    """The bug of issue 9: verbosity terse in a --lang ja game saved Japanese."""
    cli(*LESSON1, "--lang", "ja", "--accessible", stdin="verbosity terse\nq\n")
    with Store() as store:
        assert store.get_setting("settings") == {"verbosity": "terse"}
    later = cli(*LESSON1, stdin="settings\nq\n")
    assert "Removed" not in later.out
    assert "verbosity: terse, saved\nlanguage: en, the default\n" in later.out


@pytest.mark.parametrize(
    ("args", "env", "saved", "expected"),
    [
        ([], {}, {}, "accessible: off, the default"),
        ([], {}, {"accessible": None}, "accessible: off, saved"),
        (["--accessible"], {}, {}, "accessible: on, from the command line"),
        ([], {"SAMEGAME_ACCESSIBLE": "1"}, {}, "accessible: on, from the environment"),
        ([], {"ACCESSIBLE": "0"}, {"accessible": True}, "accessible: off, from the environment"),
        ([], {}, {"accessible": True}, "accessible: on, saved"),
        (
            ["--no-accessible"],
            {"SAMEGAME_ACCESSIBLE": "1"},
            {},
            "accessible: off, from the command line",
        ),
        (["--lang", "en"], {}, {"language": "ja"}, "language: en, from the command line"),
        (["--verbosity", "terse"], {}, {}, "verbosity: terse, from the command line"),
    ],
)
def test_settings_say_the_value_in_force_and_where_it_came_from(
    cli, monkeypatch: pytest.MonkeyPatch, args, env, saved, expected
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    if saved:
        save_settings(**saved)
    result = cli(*LESSON1, *args, stdin="settings\nq\n")
    assert result.code == 0, result.err
    assert f"\n{expected}\n" in result.out, result.out
