"""Help pages and messages read right aloud (A34, A44): every ``--help`` page of
the command tree, in English and in Japanese, and every catalogue message, in
every language, has no raw range (``[1<=x<=9223372036854775807]``), no type in
angle brackets (``<int range>``, said "less than int range greater than") and no
bar between choices (``<text|json>``), no number of 16 digits or more (a bound
such as 9223372036854775807), no ellipsis (a description cut short, or
``...``), no range written digit-dash-digit (``1-20``: "one dash twenty"; "1 to
20") and no ISO date (``2026-12-06``: "6 December 2026"); the list of commands
gives every command and group a whole one-line description."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer

from playkit import clear_mode_variables, run_cli
from samegame.cli.app import build_app, run
from samegame.cli.help_words import words_in_help
from samegame.i18n import LANGUAGES, translator
from samegame.i18n.dates import date_in_words

LESSON1 = ["play", "--preset", "lesson", "--board-number", "1"]
RAW_RANGE = re.compile(r"<=|>=|\bx\s*[<>]")
ELLIPSIS = re.compile(r"\.\.\.|\u2026")
DASH_RANGE = re.compile(r"\d\s*[-\u2013\u2014]\s*\d")
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
ANGLE_OR_BAR = re.compile(r"[<>|]")
LONG_NUMBER = re.compile(r"\d{16,}")

# What a player types, which the help must show as it is typed, and then say in
# words: the positions of ``bench standard`` are written "1,4,9-12" ("positions
# 1, 4 and 9 to 12").
TYPED_SYNTAX = {"samegame bench standard": ("1,4,9-12",)}


@pytest.fixture(autouse=True)
def no_saved_language(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Saved data of the test's own, so that the pages are in English whatever
    language the person running the tests has saved (help speaks it, A33)."""
    clear_mode_variables(monkeypatch, tmp_path / "home")


def problems(text: str) -> list[str]:
    """What reads wrong in a text, one entry per kind found."""
    found = []
    for name, pattern in (
        ("a raw range", RAW_RANGE),
        ("an ellipsis", ELLIPSIS),
        ("a digit-dash-digit range", DASH_RANGE),
        ("an ISO date", ISO_DATE),
        ("an angle bracket or a bar", ANGLE_OR_BAR),
        ("a number of 16 digits or more", LONG_NUMBER),
    ):
        match = pattern.search(text)
        if match is not None:
            start = max(0, match.start() - 30)
            found.append(f"{name}: ...{text[start : match.end() + 30]!r}")
    return found


def test_the_lint_catches_each_kind() -> None:
    assert problems("--game <int range>  [1<=x<=9223372036854775807]")
    assert problems("  play   Play SameGame in the line interface; an...")
    assert problems("write row 5, in digits 0-9.")
    assert problems("finished 2026-12-06 03:03 UTC")
    assert problems("Rows 1\u20139")
    assert problems("and so on\u2026")
    assert problems("--game <int range>")
    assert problems("--format <text|json>")
    assert problems("[1 or more; 9223372036854775807 or less]")
    assert problems("Positions to play, e.g. 1-20.")
    assert not problems("Board 10: 7 columns by 9 rows, 1 to 9, 6 December 2026, 3:03.")


def command_paths() -> Iterator[tuple[str, ...]]:
    """Every command and group of the whole tree, plugins' commands included."""
    root = typer.main.get_command(build_app())

    def walk(command: object, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        yield path
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            yield from walk(sub, (*path, name))

    yield from walk(root, ())


PATHS = list(command_paths())


def help_page(
    capsys: pytest.CaptureFixture[str], path: tuple[str, ...], language: str = "en"
) -> str:
    assert run([*path, "--help", "--lang", language]) == 0
    out, err = capsys.readouterr()
    assert not err
    return out


def test_the_tree_is_walked_whole() -> None:
    names = {" ".join(path) for path in PATHS}
    assert {"", "play", "presets", "presets list", "board show", "bench standard"} <= names
    assert len(PATHS) >= 18


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("path", PATHS, ids=lambda path: " ".join(path) or "samegame")
def test_every_help_page_reads_right(
    capsys: pytest.CaptureFixture[str], path: tuple[str, ...], language: str
) -> None:
    page = help_page(capsys, path, language)
    for allowed in TYPED_SYNTAX.get(" ".join(("samegame", *path)), ()):
        page = page.replace(allowed, "")
    assert problems(page) == []


def test_every_command_has_a_whole_one_line_description() -> None:
    root = typer.main.get_command(build_app())
    words_in_help(root)

    def check(command: typer.core.TyperGroup, where: str) -> None:
        for name, sub in command.commands.items():
            described = sub.get_short_help_str()
            assert described, f"{where} {name} has no description"
            assert not ELLIPSIS.search(described), f"{where} {name}: {described!r}"
            assert described == " ".join((sub.help or "").split("\n\n")[0].split()), name
            if isinstance(sub, typer.core.TyperGroup):
                check(sub, f"{where} {name}")

    check(root, "samegame")


def test_the_list_of_commands_shows_each_description_whole(
    capsys: pytest.CaptureFixture[str],
) -> None:
    page = help_page(capsys, ())
    listing = " ".join(page.split("Commands:")[1].split())
    root = typer.main.get_command(build_app())
    words_in_help(root)
    for name, sub in root.commands.items():
        assert f"{name} {sub.get_short_help_str()}" in listing


@pytest.mark.parametrize(
    ("language", "game", "colours"),
    [
        ("en", "[any whole number from 1]", "--colors NUMBER"),
        ("ja", "[1以上の整数]", "--colors 整数"),
    ],
)
def test_a_bounded_range_is_said_in_words(
    capsys: pytest.CaptureFixture[str], language: str, game: str, colours: str
) -> None:
    page = " ".join(help_page(capsys, ("play",), language).split())
    assert game in page  # --game: at least 1, no upper bound worth saying
    assert colours in page  # the type in words, without angle brackets
    standard = " ".join(help_page(capsys, ("bench", "standard"), language).split())
    assert "1-20" not in standard


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_message_reads_right(language: str) -> None:
    found = []
    for key, template in LANGUAGES[language].items():
        forms = [template] if isinstance(template, str) else list(template.values())
        found += [f"{key}: {problem}" for text in forms for problem in problems(text)]
    assert found == []


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "6 December 2026, 3:03"), ("ja", "2026年12月6日 3時03分")],
)
def test_dates_are_words(language: str, expected: str) -> None:
    from datetime import datetime

    said = date_in_words(translator(language), datetime(2026, 12, 6, 3, 3), time=True)
    assert said == expected
    assert problems(said) == []


@pytest.mark.parametrize(
    ("language", "pattern"),
    [
        ("en", r"saved \d{1,2} [A-Z][a-z]+ \d{4}, \d{1,2}:\d\d\."),
        ("ja", r"保存 \d{4}年\d{1,2}月\d{1,2}日 \d{1,2}時\d\d分。"),
    ],
)
def test_history_says_dates_in_words(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    language: str,
    pattern: str,
) -> None:
    clear_mode_variables(monkeypatch, tmp_path / "home")
    played = run_cli(capsys, monkeypatch, [*LESSON1, "--accessible"], "A1\nA1\nquit\n")
    assert played.code == 0
    listed = run_cli(capsys, monkeypatch, ["history", "--unfinished", "--lang", language])
    assert listed.code == 0
    assert re.search(pattern, listed.out), listed.out
    assert problems(listed.out) == []
