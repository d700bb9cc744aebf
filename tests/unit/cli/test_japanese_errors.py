"""Japanese is complete (A33): errors of the command line, yes/no answers and rows
read with colour names, under ``--lang ja`` and under the saved language.

Every error key the code raises exists in both languages; the common errors
(unknown preset, unknown bot, a bad number, a missing file, a bad size, a damaged
save, an unknown option) are said in Japanese, each one line starting
``Error:``, with the same exit code as in English; the language comes from
``--lang`` even when the error is in the options before it, else from the saved
setting; はい and いいえ answer the restart question like y and n.
"""

from __future__ import annotations

import ast
import re
import unicodedata

import pytest

from locations import ROOT
from playkit import Outcome, run_cli
from samegame.i18n import LANGUAGES
from samegame.i18n.en import errors as en_errors
from samegame.i18n.ja import errors as ja_errors
from samegame.store import Store
from samegame.store.schema import default_path

SRC = ROOT / "src" / "samegame"
LESSON1 = ["play", "--preset", "lesson", "--board-number", "1", "--accessible"]


pytestmark = pytest.mark.usefixtures("isolated_home")


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    def invoke(*args: str, stdin: str = "") -> Outcome:
        return run_cli(capsys, monkeypatch, args, stdin)

    return invoke


def is_japanese(char: str) -> bool:
    return unicodedata.name(char, "").startswith(("HIRAGANA", "KATAKANA", "CJK UNIFIED IDEOGRAPH"))


# -- the catalogue ---------------------------------------------------------------------


def said_keys() -> dict[str, str]:
    """Every literal key given to ``Said.of`` in the source, with where."""
    found: dict[str, str] = {}
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "of"
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "Said"
                and node.args
            ):
                key = node.args[0]
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    found[key.value] = f"{path.relative_to(ROOT)}:{node.lineno}"
                elif isinstance(key, ast.JoinedStr):
                    found[ast.unparse(key)] = f"{path.relative_to(ROOT)}:{node.lineno}"
    return found


@pytest.mark.slow
def test_the_scan_finds_the_raise_sites() -> None:
    keys = said_keys()
    assert {"error.preset.unknown", "error.file.missing", "error.store.damaged"} <= set(keys)
    assert "error.name.unknown" in keys


@pytest.mark.slow
def test_every_error_key_is_in_both_languages() -> None:
    assert set(en_errors.MESSAGES) == set(ja_errors.MESSAGES)
    for language in LANGUAGES:
        missing = [
            f"{key} ({where})"
            for key, where in said_keys().items()
            if not key.startswith("f") and key not in LANGUAGES[language]
        ]
        assert missing == [], language
    kinds = [key for key in en_errors.MESSAGES if key.startswith("error.kind.")]
    from samegame.plugin.host import PluginHost

    host = PluginHost(autoload=False)
    for kind in ("scoring formula", "penalty", "board generator", "renderer", "bot"):
        assert host.records(kind) is not None
        assert f"error.kind.{kind.replace(' ', '_')}" in kinds


def test_every_japanese_error_is_japanese() -> None:
    for key, text in ja_errors.MESSAGES.items():
        assert any(is_japanese(char) for char in text), key


# -- the errors said --------------------------------------------------------------------


def damaged_database() -> None:
    path = default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is not a database" * 100)


# (what is typed, exit code, words the Japanese line holds). Each is said in
# Japanese by --lang ja where the command takes it, else by the saved language.
ERRORS = [
    (["play", "--preset", "nosuch"], 3, "という名前のプリセットはありません"),
    (["play", "--hint-bot", "nosuch"], 3, "という名前のボットはありません"),
    (["play", "--game", "x"], 2, "は整数ではありません"),
    (["play", "--game", "0"], 2, "は小さすぎます。1以上にしてください"),
    (["play", "--board-number", "-1"], 2, "は範囲外です"),
    (["board", "show", "--board-number", "-1"], 2, "盤面番号は0以上にしてください"),
    (["replay", "--board", "nofile.txt", "--moves", "A1"], 4, "ファイルがありません"),
    (["board", "show", "--size", "huge"], 2, "という大きさはありません"),
    (["board", "show", "--size", "99x99"], 2, "幅 99 は使えません"),
    (["play", "--colur", "x"], 2, "というオプションはありません"),
    (["nosuch"], 2, "というコマンドはありません"),
    (["plya"], 2, "plya というコマンドはありません。playまたはreplay のことでしょうか。"),
    (["board", "show", "--colours", "20"], 2, "20色は basic プリセットにはありません。"),
    (["board", "show", "--board-type", "random-with-move"], 2, "盤面の種類 random-with-move は"),
    (["play", "--formula", "pairs"], 2, "得点の計算式を選べません"),
    (["play", "--one-click"], 2, "one-click の選び方はありません"),
    (["scores"], 5, "壊れています"),
]
WITHOUT_LANG = {"replay", "nosuch", "plya"}


def _error_line(result: Outcome) -> str:
    """The one ``Error:`` line of a run (a warning may come before it)."""
    lines = result.err.splitlines()
    errors = [line for line in lines if line.startswith("Error: ")]
    assert len(errors) == 1, result.err
    assert lines[-1] == errors[0]
    return errors[0]


def known_names() -> set[str]:
    """Names said as they are in every language: presets, sizes, plugins' names,
    commands and selection modes."""
    from samegame.cli.app import COMMANDS
    from samegame.core.rules import SelectionMode
    from samegame.plugin.host import PluginHost
    from samegame.presets import list_presets

    host = PluginHost(autoload=False)
    names = {"help", "samegame", "database", *COMMANDS, *(mode.value for mode in SelectionMode)}
    for kind in ("scoring formula", "penalty", "board generator", "renderer", "bot"):
        names |= set(host.records(kind))
    for preset in list_presets(host)[0]:
        names |= {preset.name, *(size.name for size in preset.sizes)}
    return {part for name in names for part in re.findall(r"[a-z]+", name)}


@pytest.mark.parametrize(
    ("args", "code", "words"), ERRORS, ids=[" ".join(args) for args, _, _ in ERRORS]
)
def test_common_errors_are_japanese(cli, args, code, words) -> None:
    if args == ["scores"]:
        damaged_database()
    english = cli(*args)
    if args[0] in WITHOUT_LANG:
        with Store() as store:
            store.set_setting("settings", {"language": "ja"})
        japanese = cli(*args)
    else:
        japanese = cli(*args, "--lang", "ja")
    assert english.code == japanese.code == code
    english_line, japanese_line = _error_line(english), _error_line(japanese)
    assert words in japanese_line
    assert not any(is_japanese(char) for char in english.err)
    for line in japanese.err.splitlines():  # a warning before the error too
        assert any(is_japanese(char) for char in line), line
    # Nothing is left in English but names, paths, options and what was typed.
    data = re.sub(r"\S*[/-]\S*", " ", japanese_line.removeprefix("Error: "))
    words_left = re.findall(r"[A-Za-z]{4,}", data)
    english_words = {w for w in re.findall(r"[A-Za-z]{4,}", english_line) if w.islower()}
    typed = set(re.findall(r"[a-z]+", " ".join(args)))
    leftover = {w for w in words_left if w in english_words} - typed - known_names()
    assert not leftover, (japanese_line, leftover)


# A33: an error built from data is one sentence in one language, never pieces of
# two ("Error: plya'. Did you mean 'play', 'replay というコマンドはありません。").
WHOLE = {
    ("plya",): {
        "en": "Error: No such command 'plya' (did you mean play or replay). See 'samegame --help'.",
        "ja": "Error: plya というコマンドはありません。playまたはreplay のことでしょうか。"
        "使い方は samegame --help で見られます。",
    },
    ("board", "show", "--colours", "20"): {
        "en": "Error: 20 colours is not offered by the basic preset; choose 3, 4 or 5",
        "ja": "Error: 20色は basic プリセットにはありません。3、4または5から選んでください",
    },
    ("board", "show", "--board-type", "nosuch"): {
        "en": "Error: board type 'nosuch' is not offered by the basic preset; "
        "choose solvable or random",
        "ja": "Error: 盤面の種類 nosuch は basic プリセットにはありません。"
        "solvableまたはrandom から選んでください",
    },
    ("play", "--one-click"): {
        "en": "Error: the basic preset does not offer one-click selection; choose confirm",
        "ja": "Error: basic プリセットに one-click の選び方はありません。confirm から選んでください",
    },
}


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("args", list(WHOLE), ids=" ".join)
def test_an_error_built_from_data_is_a_whole_sentence_in_its_language(
    cli, args: tuple[str, ...], language: str
) -> None:
    with Store() as store:  # the saved language: an unknown command takes no --lang
        store.set_setting("settings", {"language": language})
    said = cli(*args)
    assert said.code == 2
    assert _error_line(said) == WHOLE[args][language]


def test_the_saved_language_says_the_errors(cli) -> None:
    with Store() as store:
        store.set_setting("settings", {"language": "ja"})
    said = _error_line(cli("play", "--preset", "nosuch"))
    assert "という名前のプリセットはありません" in said
    # --lang of this run wins over the saved language.
    said = _error_line(cli("play", "--preset", "nosuch", "--lang", "en"))
    assert said.startswith("Error: no preset named 'nosuch'")


def test_lang_after_the_bad_option_still_counts(cli) -> None:
    said = _error_line(cli("play", "--game", "x", "--lang", "ja"))
    assert "--game" in said
    assert "整数ではありません" in said


def test_a_lang_that_is_not_a_language_says_so_in_english(cli) -> None:
    said = _error_line(cli("play", "--lang", "xx"))
    assert said == "Error: language 'xx' is not available; use --lang en or --lang ja"


# -- yes and no -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "restarted"),
    [("はい", True), ("いいえ", False), ("y", True), ("n", False), ("yes", True), ("no", False)],
)
def test_hai_and_iie_answer_the_question(cli, answer: str, restarted: bool) -> None:
    result = cli(*LESSON1, "--lang", "ja", stdin=f"A1\nA1\nrestart\n{answer}\nscore\nq\n")
    said = result.out.split("\n> ")
    assert said[3].startswith("restart\n")
    assert "はい か いいえ" in said[3]
    if restarted:
        assert "何も変えていません" not in said[4]
        assert "スコア0" in said[5], said[5]
    else:
        assert said[4] == f"{answer}\n何も変えていません。"
        assert "スコア49" in said[5], said[5]


# -- rows read with colour names -----------------------------------------------------------


def test_rows_can_be_read_with_japanese_colour_names(cli) -> None:
    result = cli(*LESSON1, "--lang", "ja", stdin="row 1\nrow 1 色\ncolumn A 色\nq\n")
    said = result.out.split("\n> ")
    letters, names, column = said[1], said[2], said[3]
    assert re.search(r"\b[RBY]\b", letters)
    assert not re.search(r"\b[RBY]\b", names.removeprefix("row 1 色"))
    assert "赤" in names or "青" in names or "黄色" in names
    assert "赤" in column or "青" in column or "黄色" in column
    # The same number of cells is heard either way.
    assert len(letters.split(": ")[1].split()) == len(names.split(": ")[1].split())
