"""A come-back command resumes the game as it was left (A39): typed as printed
(split as a shell splits it), the command a farewell names starts samegame again
in the same mode (accessible or drawn) and the same language.

The combinations of ``play`` (preset, board number, ``--accessible`` or
``--no-accessible`` or neither, ``--lang`` or not) are drawn by Hypothesis; the
tutorial's goodbye is checked in both modes and languages. Each run is a child
process forked from a warm one (``tests/warm.py``), which starts as
``python -m samegame`` with this environment's ``samegame`` first on the PATH, so
the command's first word is ``samegame`` (the path that started it is A38's,
``test_come_back_command.py``, in fresh processes).
"""

from __future__ import annotations

import re
import shlex
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import warm
from playkit import child_env
from samegame.i18n import translator

pytestmark = pytest.mark.slow

DRAWN_HEADER = re.compile(r"^ +A B C", re.MULTILINE)
"""The column letters above a drawn board: only a sighted player's board."""

READ_ROW = re.compile(r"^(?:Row 1, |1行目、)", re.MULTILINE)
"""Row 1 read in words: only in accessible mode."""

BOARD_LINE = re.compile(r"^(?:Board |盤面)\d+.*$", re.MULTILINE)
"""The opening's line that names the board."""


def _farewell(key: str, lang: str) -> re.Pattern[str]:
    """The farewell ``key`` in ``lang`` with its command caught."""
    before, after = translator(lang)(key, command="\0").split("\0")
    return re.compile(re.escape(before) + r"(.+)" + re.escape(after) + "$", re.MULTILINE)


def _typed(output: str, key: str, lang: str) -> list[str]:
    """The command the farewell names, split as a shell splits it: its first word
    is ``samegame``, the rest is what a fresh ``samegame`` is given."""
    found = _farewell(key, lang).search(output)
    assert found is not None, output
    words = shlex.split(found[1])
    assert words[0] == "samegame", found[1]
    return words[1:]


def _mode_and_language(output: str, accessible: bool, lang: str) -> None:
    """``output`` (after ``board``) is in ``lang``, with the board drawn or read as
    ``accessible`` says."""
    assert bool(READ_ROW.search(output)) is accessible, output
    assert bool(DRAWN_HEADER.search(output)) is not accessible, output
    japanese = re.search(r"[\u3040-\u30ff]", output) is not None
    assert japanese is (lang == "ja"), output


@settings(
    max_examples=6,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    preset=st.sampled_from(["pairs", "lesson", "basic"]),
    number=st.none() | st.integers(1, 999),
    accessible=st.sampled_from([True, False, None]),
    lang=st.sampled_from(["en", "ja", None]),
)
def test_a_play_farewell_typed_as_printed_resumes_mode_and_language(
    preset: str, number: int | None, accessible: bool | None, lang: str | None
) -> None:
    args = ["play", "--preset", preset]
    if number is not None:
        args += ["--board-number", str(number)]
    if accessible is not None:
        args.append("--accessible" if accessible else "--no-accessible")
    if lang is not None:
        args += ["--lang", lang]
    spoken = lang or "en"
    with tempfile.TemporaryDirectory() as home:
        env = child_env(Path(home))
        first = warm.run(args, env=env, input="board\nquit\n")
        assert first.returncode == 0, first.stderr
        _mode_and_language(first.stdout, bool(accessible), spoken)
        typed = _typed(first.stdout, "bye.saved", spoken)
        again = warm.run(typed, env=env, input="board\nquit\n")
        assert again.returncode == 0, again.stderr
        _mode_and_language(again.stdout, bool(accessible), spoken)
        # The very board, and a farewell that names the same command again.
        board = BOARD_LINE.search(first.stdout)
        assert board is not None, first.stdout
        assert board[0] in again.stdout
        assert _typed(again.stdout, "bye.saved", spoken) == typed


def test_a_mode_from_the_environment_is_resumed_by_the_environment(tmp_path: Path) -> None:
    """SAMEGAME_ACCESSIBLE=1 is not written in the command (the same environment
    gives it again); the language given by option is."""
    env = child_env(tmp_path / "home", SAMEGAME_ACCESSIBLE="1")
    first = warm.run(["play", "--preset", "pairs", "--lang", "ja"], env=env, input="quit\n")
    typed = _typed(first.stdout, "bye.saved", "ja")
    assert typed == ["play", "--preset", "pairs", "--lang", "ja"]
    again = warm.run(typed, env=env, input="board\nquit\n")
    _mode_and_language(again.stdout, True, "ja")


@pytest.mark.parametrize(("accessible", "lang"), [(True, "ja"), (False, "en")])
def test_the_tutorial_goodbye_typed_as_printed_starts_it_as_it_was(
    tmp_path: Path, accessible: bool, lang: str
) -> None:
    env = child_env(tmp_path / "home")
    switch = "--accessible" if accessible else "--no-accessible"
    first = warm.run(["tutorial", switch, "--lang", lang], env=env, input="board\nquit\n")
    assert first.returncode == 0, first.stderr
    typed = _typed(first.stdout, "tutorial.bye", lang)
    again = warm.run(typed, env=env, input="board\nquit\n")
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith(translator(lang)("tutorial.welcome", count=7))
    _mode_and_language(again.stdout, accessible, lang)
    assert _typed(again.stdout, "tutorial.bye", lang) == typed
