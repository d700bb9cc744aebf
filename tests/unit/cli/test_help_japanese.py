"""``--help`` pages in Japanese (A33): under ``--lang ja``, and under the saved
``language`` setting when no ``--lang`` is typed, every page of the command tree
says its description, each option's help and click's own words (Usage, Options,
Commands, Arguments, default, required) in Japanese; option names, choices and
what a player types stay as typed. The English pages are the ones the code's own
help texts make, and no catalogue holds those texts a second time. Every help
text of the command tree has its translation in the Japanese catalogue area
``help`` (``src/samegame/i18n/ja/help.py``), and every translation there belongs
to a help text that exists (the placeholders and characters of the English help
texts and their translations are checked with every message, in tests/unit/i18n)."""

from __future__ import annotations

import enum
import importlib
import re
import typing
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Annotated, Any

import pytest
import typer
from hypothesis import given
from hypothesis import strategies as st

from locations import ROOT
from playkit import clear_mode_variables
from samegame.cli import app as app_module
from samegame.cli.app import COMMANDS, build_app, run
from samegame.cli.help_language import (
    TYPED,
    HelpWords,
    help_key,
    help_texts,
    help_tree,
    param_key,
    speak_help,
)
from samegame.cli.help_page import (
    NO_LINE_END,
    NO_LINE_START,
    _pieces,
    display_width,
    wrap_wide,
)
from samegame.i18n import LANGUAGES
from samegame.i18n.en import help as english_help
from samegame.i18n.ja import help as japanese_help
from samegame.plugin.host import PluginHost
from samegame.presets import list_presets
from samegame.repl.commands import ALL_WORDS
from samegame.store import Store
from samegame.store.schema import default_path

CLI = ROOT / "src" / "samegame" / "cli"
WORDS_USED_BY = (CLI / "help_language.py", CLI / "help_words.py")
ADD_TO = "src/samegame/i18n/ja/help.py"
TRANSLATIONS = sorted(set(LANGUAGES) - {"en"})
"""The languages whose help area holds translations of the help texts."""

# English words said as they are in a Japanese page besides option names, choices,
# command and argument names, the words typed in a game and the names of presets
# and bots: file formats, Dask, the field 'seconds' of a record, the bot option
# 'time', the 'Error:' mark, Ctrl-C, the answer yes, the language code en, a size
# typed as WxH and the game's name.
KEPT_WORDS = {"samegame", "json", "yaml", "schema", "dask", "seconds", "time", "error"}
KEPT_WORDS |= {"ctrl", "yes", "en", "wxh"}


def built_in_tree() -> Any:
    """The command tree of the built-in commands (a plugin's commands keep their
    own words), as ``run`` builds it."""
    return typer.main.get_command(build_app(list(COMMANDS)))


def paths() -> list[tuple[str, ...]]:
    return [path for path, _ in help_tree(built_in_tree())]


PATHS = paths()


def path_id(path: tuple[str, ...]) -> str:
    return " ".join(path) or "samegame"


@pytest.fixture(autouse=True)
def isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    clear_mode_variables(monkeypatch, tmp_path / "home")
    monkeypatch.chdir(tmp_path)


def page(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    code = run(list(words))
    out, err = capsys.readouterr()
    assert (code, err) == (0, ""), (words, code, err)
    return out


def save_language(language: str) -> None:
    with Store() as store:
        store.set_setting("settings", {"language": language})


def command_at(path: tuple[str, ...]) -> Any:
    return dict(help_tree(built_in_tree()))[path]


def said_texts(path: tuple[str, ...], words: HelpWords) -> Iterator[str]:
    """What the page of the command at ``path`` says in ``words``: its
    description, each option's help and each sub-command's line."""
    command = command_at(path)
    yield str(words.description(help_key(path), None))
    for param in command.params:
        yield str(words.text(param_key(path, param), None))
    for name in getattr(command, "commands", {}):
        yield str(words.text(help_key((*path, name)), None))


def unspaced(text: str) -> str:
    return re.sub(r"\s+", "", text)


# -- every page in Japanese ------------------------------------------------------------


@pytest.mark.parametrize("path", PATHS, ids=path_id)
def test_every_page_is_japanese(capsys: pytest.CaptureFixture[str], path: tuple[str, ...]) -> None:
    japanese = page(capsys, *path, "--help", "--lang", "ja")
    assert japanese.startswith(f"使い方: {' '.join(('samegame', *path))} [オプション]")
    assert "オプション:\n" in japanese
    assert "  --help " in japanese
    assert "この説明を表示して終わります。" in japanese
    for english in ("Usage:", "Options:", "Commands:", "Arguments:", "default:", "required]"):
        assert english not in japanese
    assert not re.search(r"<=|>=|\.\.\.|\u2026", japanese)  # A34 in Japanese too
    # Each description and option help is the Japanese catalogue's (the i18n test
    # checks that each of those has Japanese in it), wrapped anyhow.
    for text in said_texts(path, HelpWords("ja")):
        assert unspaced(text) in unspaced(japanese), text
    # Option names as typed.
    for param in command_at(path).params:
        for name in [*param.opts, *getattr(param, "secondary_opts", ())]:
            assert re.search(rf"(^|[\s,]){re.escape(name)}([\s,]|$)", japanese, re.M), name
    left = english_left(japanese, path)
    assert not left, f"English words left: {left}"


def test_pages_say_the_fixed_words_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    def said(*path: str) -> str:
        return unspaced(page(capsys, *path, "--help", "--lang", "ja"))

    root = page(capsys, "--help", "--lang", "ja")
    assert root.startswith("使い方: samegame [オプション] コマンド [引数]\n")
    assert "\nコマンド:\n  play " in root
    assert "\n引数:\n  name 文字列" in page(capsys, "plugin", "new", "--help", "--lang", "ja")
    assert "[必須]" in said("plugin", "new")
    assert "[既定値:.]" in said("plugin", "new")
    assert "1-20" not in said("bench", "standard")
    assert "[1から1024の整数]" in said("bench", "standard")
    assert "[既定値:0、0以上の整数]" in said("review")
    assert "[1から1000の整数]" in said("review")


def names() -> set[str]:
    """Words of the names said as they are: bots, presets, sizes, board types,
    formulas, penalties, renderers."""
    host = PluginHost(autoload=False)
    found: set[str] = set()
    for kind in ("scoring formula", "penalty", "board generator", "bot", "renderer"):
        found |= set(host.records(kind))
    for preset in list_presets(host)[0]:
        found |= {preset.name, *(size.name for size in preset.sizes)}
    return {part.lower() for name in found for part in re.findall(r"[A-Za-z]+", name)}


NAMES = names()


def choices_of(param: Any) -> list[str]:
    """The values an option's choices (an Enum) are typed as."""
    annotation = param.type_descriptor.annotation
    found: list[str] = []
    for candidate in typing.get_args(annotation) or (annotation,):
        if isinstance(candidate, type) and issubclass(candidate, enum.Enum):
            found += [str(member.value) for member in candidate]
    return found


def english_left(text: str, path: tuple[str, ...]) -> set[str]:
    """English words of a page besides what is said as typed: option names and
    choices, command and argument names, upper-case placeholders (FILE, ID),
    what TYPED gives, default values, names and KEPT_WORDS."""
    command = command_at(path)
    kept = set(KEPT_WORDS) | NAMES | set(ALL_WORDS)
    kept |= {word for other, _ in help_tree(built_in_tree()) for word in other}
    kept |= {param.name for param in command.params}
    kept |= {word.lower() for value in TYPED.values() for word in re.findall(r"[a-z]+", value)}
    kept |= {choice for param in command.params for choice in choices_of(param)}
    kept |= {
        word for value in re.findall(r"既定値:\s+([^\]\s]+)", text) for word in value.split(",")
    }
    data = re.sub(r"\S*[-/.=:]\S*|<[^>]*>|\b[A-Z][A-Z0-9]+\b", " ", text)
    return {word.lower() for word in re.findall(r"[A-Za-z]{2,}", data)} - kept


def test_the_english_check_finds_english(capsys: pytest.CaptureFixture[str]) -> None:
    # The check above would pass on anything if it kept every word.
    english = page(capsys, "play", "--help", "--lang", "en")
    assert {"message", "resume", "overrides", "sighted"} <= english_left(english, ("play",))


# -- the saved language, without writing ------------------------------------------------


@pytest.mark.parametrize("path", PATHS, ids=path_id)
def test_the_saved_language_says_the_page(
    capsys: pytest.CaptureFixture[str], path: tuple[str, ...]
) -> None:
    english = page(capsys, *path, "--help")
    save_language("ja")
    assert page(capsys, *path, "--help") == page(capsys, *path, "--help", "--lang", "ja")
    assert page(capsys, *path, "--help").startswith("使い方: ")
    # The --lang typed wins over the saved language.
    assert page(capsys, *path, "--help", "--lang", "en") == english


def test_no_page_writes_the_saved_data(capsys: pytest.CaptureFixture[str]) -> None:
    for words in (["--help"], ["play", "--help", "--lang", "ja"], ["presets"], ["bench"]):
        page(capsys, *words)
    assert not default_path().exists()


@pytest.mark.parametrize(
    "words",
    [
        ["--help", "--lang", "ja"],
        ["--lang", "ja", "--help"],
        ["--lang=ja", "--help"],
        ["plugins", "--help", "--lang", "ja"],
        ["presets", "--help", "--lang=ja"],
        ["--lang", "ja", "play", "--help"],
        ["play", "--lang", "ja", "--help"],
    ],
    ids=" ".join,
)
def test_lang_beside_help_chooses_every_page(
    capsys: pytest.CaptureFixture[str], words: list[str]
) -> None:
    assert page(capsys, *words).startswith("使い方: samegame")


def test_lang_without_help_is_still_refused_where_not_taken(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(["plugins", "--lang", "ja"]) == 2
    _, err = capsys.readouterr()
    assert err.startswith("Error: --lang というオプションはありません")


# -- the English pages are the code's ----------------------------------------------------


@pytest.mark.parametrize("path", PATHS, ids=path_id)
def test_the_english_pages_are_unchanged(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, path: tuple[str, ...]
) -> None:
    said = page(capsys, *path, "--help", "--lang", "en")
    with monkeypatch.context() as patch:
        patch.setattr(app_module, "speak_help", lambda command, language: None)
        typers_own = page(capsys, *path, "--help")
    assert said == typers_own


def test_the_english_is_written_once_in_the_code() -> None:
    """The help texts live where their commands are defined; the English help
    area holds only click's and Typer's own words."""
    assert len(help_texts(built_in_tree())) >= 190
    assert set(english_help.MESSAGES) == page_word_keys()
    assert not any(key == "cli" or key.startswith("cli.") for key in LANGUAGES["en"])


def test_the_help_texts_are_read_from_the_tree() -> None:
    app = typer.Typer(add_completion=False)

    @app.command("solve")
    def solve(
        bot: Annotated[str, typer.Option("--bot", help="A bot, e.g. nrpa:level=3.")] = "x",
        quiet: Annotated[bool, typer.Option("--quiet")] = False,
    ) -> None:
        """Search a board
        with a bot.

        Print the line."""

    app.command("bare")(lambda: None)
    texts = help_texts(typer.main.get_command(app))
    assert texts == {
        "cli.solve": "Search a board with a bot.",
        "cli.solve.2": "Print the line.",
        "cli.solve.--bot": "A bot, e.g. {nrpa_level}.",
    }


# -- every help text has its translation, every translation a help text -----------------


def page_word_keys() -> set[str]:
    """The keys of the page's own words that the code asks for."""
    return {
        key
        for path in WORDS_USED_BY
        for key in re.findall(r'"(help_page\.[a-z_.]+)"', path.read_text(encoding="utf-8"))
    }


def key_problems(root: Any, catalogue: Mapping[str, object]) -> list[str]:
    """Help texts of the tree under ``root`` that the translations lack, and
    translations (or page words) that nothing asks for."""
    wanted = set(help_texts(root)) | page_word_keys()
    problems = [
        f"{key} is missing: add the translation of this command's or option's help to {ADD_TO}"
        for key in sorted(wanted - set(catalogue))
    ]
    problems += [
        f"{key} names no command, option or word of a page: remove it from {ADD_TO}"
        for key in sorted(set(catalogue) - wanted)
    ]
    return problems


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_every_help_text_has_its_translation_and_every_translation_a_text(
    language: str,
) -> None:
    assert len(page_word_keys()) >= 15
    area = importlib.import_module(f"samegame.i18n.{language}.help").MESSAGES
    problems = key_problems(built_in_tree(), area)
    assert not problems, "\n".join(problems)


def test_a_new_option_without_words_is_named() -> None:
    app = build_app(["scores"])

    @app.command("extra")
    def extra(new: Annotated[bool, typer.Option("--new", help="New.")] = False) -> None:
        """An extra command."""

    problems = key_problems(typer.main.get_command(app), japanese_help.MESSAGES)
    assert any(p.startswith("cli.extra is missing: add") for p in problems)
    assert any(p.startswith("cli.extra.--new is missing: add") for p in problems)
    stale = key_problems(built_in_tree(), {**japanese_help.MESSAGES, "cli.gone.--old": "古い。"})
    assert stale == [
        f"cli.gone.--old names no command, option or word of a page: remove it from {ADD_TO}"
    ]


def test_a_command_without_catalogue_words_keeps_its_own() -> None:
    """A plugin's command: its own description and help, the page's words in
    Japanese."""
    app = build_app(["scores"])

    def mine(count: Annotated[int, typer.Option("--count", help="How many.", min=1)] = 3) -> None:
        pass

    app_module._add(app, "mine", mine, "A plugin's own command.")
    root = typer.main.get_command(app)
    speak_help(root, lambda: "ja")
    listed = root.get_help(typer.Context(root, info_name="samegame"))
    assert "\n  mine    A plugin's own command." in listed
    mine_command = dict(help_tree(root))[("mine",)]
    said = mine_command.get_help(typer.Context(mine_command, info_name="samegame mine"))
    assert said.startswith("使い方: samegame mine [オプション]")
    assert "A plugin's own command." in said
    assert "How many. [既定値: 3、1以上の整数]" in said


# -- lines that fit the terminal ----------------------------------------------------------


@pytest.mark.parametrize("path", PATHS, ids=path_id)
def test_japanese_lines_fit_and_break_right(
    capsys: pytest.CaptureFixture[str], path: tuple[str, ...]
) -> None:
    for line in page(capsys, *path, "--help", "--lang", "ja").splitlines():
        assert display_width(line) <= 80, line
        assert line.strip()[:1] not in NO_LINE_START, line
        assert line[-1:] not in NO_LINE_END, line


WORDS = st.sampled_from(
    ["盤面", "を", "消し", "ます", "。", "、", "「help」", "（A1）", "samegame", " "]
)


@given(st.lists(WORDS, max_size=40), st.integers(min_value=12, max_value=60))
def test_wrapping_keeps_every_character_and_the_width(words: list[str], width: int) -> None:
    text = "".join(words)
    wrapped = wrap_wide(text, width, "  ", "    ")
    lines = wrapped.split("\n")
    assert unspaced(wrapped) == unspaced(text)
    for line in lines:
        # Only a piece that cannot be parted runs past the width, alone on its line.
        alone = len([piece for piece in _pieces(line.strip()) if not piece.isspace()]) == 1
        assert display_width(line) <= width or alone, line
    for line in lines[1:]:
        assert line[4:5] not in NO_LINE_START, line
    for line in lines[:-1]:
        assert line[-1:] not in NO_LINE_END, line
