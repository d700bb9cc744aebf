"""A35: ``repeat`` (and ``last``, ``l``) says the last move's announcement again,
whatever queries, hints, errors or settings came after it; before any move it says
the opening. Transcripts of ``samegame play`` with piped input, in English and
Japanese: a scripted one, and random mixes of moves and queries."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playkit import blocks, run_cli
from samegame.repl.commands import UnknownCommandError, parse_command
from samegame.repl.move_commands import MOVE_KINDS

PLAY = ["play", "--preset", "lesson", "--board-number", "10", "--accessible"]
REPEATS = ("repeat", "last", "l")
QUERIES = ("groups", "more", "row 1", "column A", "cell B1", "board", "score", "summary")
QUERIES += ("colours", "coords", "rules", "help", "hint", "settings", "verbosity", "foo")


pytestmark = pytest.mark.usefixtures("isolated_home")


def is_move(command: str) -> bool:
    try:
        parsed = parse_command(command)
    except UnknownCommandError:
        return False
    return parsed is not None and parsed.kind in MOVE_KINDS


def check_repeats(transcript: str) -> int:
    """Every repeat says the opening or the last move's lines; how many were checked."""
    said = blocks(transcript)
    last_move = said[0][1]  # the opening
    checked = 0
    for command, lines in said[1:]:
        if command in REPEATS:
            assert lines == last_move, (command, lines, last_move)
            checked += 1
        elif is_move(command):
            last_move = lines
    return checked


@pytest.mark.parametrize("language", ["en", "ja"])
def test_repeat_says_the_last_move_after_queries(capsys, monkeypatch, language: str) -> None:
    script = ["repeat", "D1", "groups", "repeat", "D1", "hint", "row 1", "cell B1", "groups"]
    script += ["more", "last", "foo", "l", "undo", "board", "settings", "repeat", "quit"]
    outcome = run_cli(capsys, monkeypatch, [*PLAY, "--lang", language], "\n".join(script) + "\n")
    assert outcome.code == 0, outcome.err
    assert check_repeats(outcome.out) == 5
    said = dict(blocks(outcome.out)[1:])
    assert said["l"] == said["D1"]  # the removal, after the hint and queries
    assert said["repeat"][0] == said["undo"][0]
    if language == "en":
        assert said["l"][0].startswith("Removed 10 yellow diamonds on D1")


@pytest.mark.parametrize(
    ("language", "words"), [("en", "the last move's announcement"), ("ja", "最後の手の読み上げ")]
)
def test_help_says_repeat_is_the_last_move(capsys, monkeypatch, language: str, words) -> None:
    """The help line of ``last`` says what it repeats: the last move's announcement."""
    outcome = run_cli(capsys, monkeypatch, [*PLAY, "--lang", language], "help\nquit\n")
    said = [line for line in outcome.lines if line.startswith("last (repeat, l): ")]
    assert len(said) == 1, outcome.out
    assert words in said[0]


def test_a_refused_restart_keeps_the_move_before(capsys, monkeypatch) -> None:
    script = "D1\nD1\nrestart\nn\ngroups\nrepeat\nrestart\ny\nrow 2\nrepeat\nquit\n"
    outcome = run_cli(capsys, monkeypatch, PLAY, script)
    answers = [lines for command, lines in blocks(outcome.out)[1:] if command == "repeat"]
    assert answers[0][0].startswith("Removed 10 yellow diamonds")
    assert answers[1][0] == "Back to the starting board."


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(QUERIES + REPEATS + ("undo", "redo", "cancel", "remove")),
            st.builds(lambda c, r: f"{c}{r}", st.sampled_from("ABCDEFG"), st.integers(1, 9)),
        ),
        min_size=1,
        max_size=25,
    )
)
def test_repeat_after_any_mix_of_moves_and_queries(capsys, monkeypatch, lines: list[str]) -> None:
    script = "\n".join([*lines, "quit"]) + "\n"
    outcome = run_cli(capsys, monkeypatch, [*PLAY, "--fresh", "--yes"], script)
    check_repeats(outcome.out)
