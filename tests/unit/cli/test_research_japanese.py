"""The research commands in Japanese (A33): ``simulate``, ``compare``, ``bench
standard``, ``solve``, ``verify`` and ``replay`` take ``--lang``, and under ``--lang
ja`` or the saved language say their start, progress, summary and end lines in
Japanese, leaving in English only names and numbers; an interruption's line is
Japanese too. They read the saved language without writing anything. The English
is the same as it was (the other tests of these commands check its words)."""

from __future__ import annotations

import io
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import Result
from samegame.benchmark.positions import ANCHORS
from samegame.cli import sim_cmd
from samegame.cli.exit_codes import CommandError
from samegame.cli.longwork import stop_if_interrupted
from samegame.core.stops import Terminated
from samegame.i18n import translator
from samegame.i18n.said import said_of
from samegame.plugin.host import PluginHost
from samegame.presets import list_presets
from samegame.sim.progress import Progress
from samegame.store import Store
from samegame.store.schema import default_path

BOARD = "RGB\nRGB\nBGR\n"

# Small, fast runs of every command; ``records.jsonl`` and ``board.txt`` are made
# by the ``files`` fixture.
COMMANDS: dict[str, list[str]] = {
    "simulate": ["simulate", "--bot", "random", "--games", "3", "--size", "small",
                 "--out", "sim.jsonl"],
    "compare": ["compare", "--bots", "random,greedy", "--games", "2", "--size", "small",
                "--require-mean", "greedy=1", "--require-mean", "random=1e9"],
    "bench": ["bench", "standard", "--bot", "greedy", "--positions", "1-4", "--out", "b.jsonl"],
    "solve": ["solve", "--board", "board.txt", "--bot", "nrpa", "--time", "0.2"],
    "verify": ["verify", "records.jsonl"],
    "replay": ["replay", "--board", "board.txt", "--moves", "B1 B2 A2"],
}  # fmt: skip

# What each command says in Japanese, start, progress and end.
JAPANESE = {
    "simulate": ["ゲームを行います", "3ゲーム中1ゲームを終えました", "3ゲームを終えました",
                 "速さは毎秒", "記録を3件"],
    "compare": ["を盤面2個で比べます", "盤面2個中1個を終えました", "ボット2個を盤面2個で比べました",
                "ゲート、", "合格です", "ゲート2個中1個を満たしていません"],
    "bench": ["標準局面4個を解きます", "局面4個中1個を終えました", "合計", "公表された",
              "記録を4件"],
    "solve": ["で盤面を0.2秒探索します", "が見つけた最善の手順", "再生するには"],
    "verify": ["ファイル1個の記録3件を確かめました", "すべて正しいです"],
    "replay": ["1手目", "もう消せません"],
}  # fmt: skip

# Words said as they are in every language: what is typed as a command, the
# published results' names, Dask.
KEPT_WORDS = {"samegame", "replay", "moves", "board", "level", "selective", "dask"}


@pytest.fixture
def files(tmp_path: Path, cli: Callable[..., Result]) -> None:
    """A board file and a records file in the working folder (``cli`` makes the
    temporary folder the working folder and isolates the saved data)."""
    (tmp_path / "board.txt").write_text(BOARD, encoding="utf-8")
    made = cli("simulate", "--bot", "greedy", "--games", "3", "--size", "small",
               "--out", "records.jsonl", "--lang", "en")  # fmt: skip
    assert made.code == 0, made.err


def is_japanese(char: str) -> bool:
    return unicodedata.name(char, "").startswith(("HIRAGANA", "KATAKANA", "CJK UNIFIED IDEOGRAPH"))


def names() -> set[str]:
    """Names said as they are: bots, presets, sizes, board types, formulas."""
    host = PluginHost(autoload=False)
    found = set(KEPT_WORDS)
    for kind in ("scoring formula", "penalty", "board generator", "bot"):
        found |= set(host.records(kind))
    for preset in list_presets(host)[0]:
        found |= {preset.name, *(size.name for size in preset.sizes)}
    found |= {anchor.name for anchor in ANCHORS}
    return {part.lower() for name in found for part in re.findall(r"[A-Za-z]+", name)}


def text_lines(result: Result) -> list[str]:
    """The lines a person reads: standard output and error, without the live
    bar's carriage returns."""
    return [line for line in (result.out + result.err).splitlines() if line.strip()]


def english_left(japanese: Result, english: Result, typed: list[str]) -> dict[str, set[str]]:
    """English words of the English run still in a line of the Japanese run,
    besides names, options, paths and what was typed: line to words."""
    english_words = {
        word.lower() for word in re.findall(r"[A-Za-z]{3,}", english.out + english.err)
    }
    allowed = names() | {word.lower() for word in re.findall(r"[A-Za-z]+", " ".join(typed))}
    left = {}
    for line in text_lines(japanese):
        data = re.sub(r"\S*[/.=-]\S*", " ", line.removeprefix("Error: "))
        words = {word.lower() for word in re.findall(r"[A-Za-z]{3,}", data)}
        found = (words & english_words) - allowed
        if found:
            left[line] = found
    return left


def assert_japanese(japanese: Result, english: Result, command: str) -> None:
    """Every line the Japanese run says is Japanese, with each expected phrase,
    and no English word of the English run is left but names."""
    lines = text_lines(japanese)
    assert lines, japanese
    not_japanese = [line for line in lines if not any(is_japanese(char) for char in line)]
    assert not not_japanese, not_japanese
    said = japanese.out + japanese.err
    missing = [words for words in JAPANESE[command] if words not in said]
    assert not missing, (missing, said)
    assert not english_left(japanese, english, COMMANDS[command])


@pytest.mark.usefixtures("files")
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_lang_ja_says_every_line_in_japanese(cli: Callable[..., Result], command: str) -> None:
    english = cli(*COMMANDS[command], "--lang", "en")
    japanese = cli(*COMMANDS[command], "--lang", "ja")
    assert japanese.code == english.code
    assert not any(is_japanese(char) for char in english.out + english.err)
    assert_japanese(japanese, english, command)


@pytest.mark.usefixtures("files")
@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.slow
def test_the_saved_language_says_them_in_japanese(cli: Callable[..., Result], command: str) -> None:
    english = cli(*COMMANDS[command])
    with Store() as store:
        store.set_setting("settings", {"language": "ja"})
    japanese = cli(*COMMANDS[command])
    assert japanese.code == english.code
    assert_japanese(japanese, english, command)
    # --lang of this run wins over the saved language.
    again = cli(*COMMANDS[command], "--lang", "en")
    assert not any(is_japanese(char) for char in again.out + again.err)


def test_the_json_output_is_the_same_in_every_language(cli: Callable[..., Result]) -> None:
    args = ["compare", "--bots", "random,greedy", "--games", "2", "--size", "small",
            "--require-mean", "greedy=1", "--format", "json"]  # fmt: skip
    english, japanese = cli(*args), cli(*args, "--lang", "ja")
    assert english.out == japanese.out
    assert '"sentence": "greedy has mean score' in japanese.out
    assert any(is_japanese(char) for char in japanese.err)


def test_the_research_commands_write_no_settings(cli: Callable[..., Result]) -> None:
    result = cli("simulate", "--bot", "random", "--games", "1", "--size", "small", "--lang", "ja")
    assert result.code == 0, result.err
    assert not default_path().exists()


def test_an_unknown_language_is_refused(cli: Callable[..., Result]) -> None:
    result = cli("simulate", "--bot", "random", "--games", "1", "--lang", "xx")
    assert result.code == 2
    assert result.err == "Error: language 'xx' is not available; use --lang en or --lang ja\n"


@pytest.mark.parametrize(
    ("stop", "code", "words"),
    [(KeyboardInterrupt, 130, "中断しました"), (Terminated, 143, "終了させられました")],
)
def test_a_run_stopped_early_says_so_in_japanese(
    cli: Callable[..., Result],
    monkeypatch: pytest.MonkeyPatch,
    stop: type[BaseException],
    code: int,
    words: str,
) -> None:
    class StopAfterThree(Progress):
        def __call__(self, done: int) -> None:
            super().__call__(done)
            if done == 3:
                raise stop

    monkeypatch.setattr(sim_cmd, "Progress", StopAfterThree)
    result = cli("simulate", "--bot", "greedy", "--size", "small", "--games", "10",
                 "--out", "partial.jsonl", "--lang", "ja")  # fmt: skip
    assert result.code == code
    assert result.out.startswith("10ゲーム中3ゲームで止めました。greedy、プリセット basic、")
    assert "partial.jsonl に記録を3件" in result.out
    error = result.err.splitlines()[-1]
    assert error == f"Error: 10ゲーム中3ゲームで{words}。それまでの結果は上のとおりです"


@pytest.mark.parametrize("terminated", [False, True])
def test_bench_and_solve_say_what_was_kept_in_japanese(
    monkeypatch: pytest.MonkeyPatch, terminated: bool
) -> None:
    from samegame.cli import interrupts
    from samegame.i18n.said import Said

    monkeypatch.setattr(interrupts, "terminated", lambda: terminated)
    with pytest.raises(CommandError) as caught:
        stop_if_interrupted(
            True,
            Said.of("research.interrupted.positions"),
            Said.of("research.terminated.positions"),
        )
    said = said_of(caught.value)
    assert said is not None
    start = "終了させられました" if terminated else "中断しました"
    assert said.in_language("ja") == f"{start}。それまでに解いた局面は上のとおりです"
    word = "terminated" if terminated else "interrupted"
    assert str(caught.value) == f"{word}; the positions played so far are above"


def test_the_live_bar_is_in_the_language_asked() -> None:
    stream = io.StringIO()
    progress = Progress(4, stream, noun="boards", live=True, tr=translator("ja"))
    progress(4)
    progress.close()
    assert stream.getvalue() == "\r[####################] 盤面4個中4個、100パーセント\n"
    stream = io.StringIO()
    progress = Progress(4, stream, noun="boards", live=True)
    progress(4)
    assert stream.getvalue() == "\r[####################] 4 of 4 boards, 100 percent"


@pytest.mark.slow
@pytest.mark.usefixtures("files")
def test_a_timed_search_says_its_progress_in_japanese(cli: Callable[..., Result]) -> None:
    """A search of 2 seconds or more says how far it is every quarter (A27)."""
    solved = cli("solve", "--board", "board.txt", "--bot", "nrpa", "--time", "2", "--lang", "ja")
    assert solved.code == 0, solved.err
    assert "2秒のうち0.5秒を探索しました。" in solved.err
    bench = cli("bench", "standard", "--bot", "nrpa", "--time-per-position", "2",
                "--positions", "1", "--lang", "ja")  # fmt: skip
    assert bench.code == 0, bench.err
    assert "局面1、2秒のうち0.5秒を探索しました。" in bench.err
    assert "探索1回に2秒" in bench.err
