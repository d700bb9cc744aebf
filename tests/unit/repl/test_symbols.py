"""Numbered tiles: ``settings symbols digits`` and ``--symbols digits`` draw tiles as
1 to k for a sighted player, and the legend, in English and Japanese, says which
number is which colour. Spoken rows keep letters (a number there would read like a
count of empty cells)."""

from __future__ import annotations

from pathlib import Path

import pytest

from playkit import Outcome, blocks, clear_mode_variables, run_cli
from samegame.builtins.renderers import render_text
from samegame.cli.common import SymbolChoice
from samegame.core.palette import PALETTE, tile_number
from samegame.core.textboard import read_board
from samegame.i18n import translator
from samegame.repl.announcer import Announcer
from samegame.repl.settings_command import SYMBOL_CHOICES, SettingError, Settings
from samegame.store import Store

BOARD_1_TOP = " 9 1 2 1 1 1 2 3"  # lesson board 1's top row, numbered
# The Lesson preset's palette: red circle, yellow diamond, blue triangle are 1, 2, 3.
LEGEND_EN = "Legend: 1 red circle, 2 yellow diamond, 3 blue triangle."
LEGEND_JA = "凡例: 1 赤の丸、2 黄色のひし形、3 青の三角。"
PALETTE_LEGEND = "Legend: 1 red circle, 2 blue triangle, 3 green square."


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    clear_mode_variables(monkeypatch, tmp_path / "home")


@pytest.fixture
def play(capsys, monkeypatch):
    def invoke(*args: str, stdin: str = "quit\n") -> Outcome:
        command = ["play", "--preset", "lesson", "--board-number", "1", *args]
        return run_cli(capsys, monkeypatch, command, stdin)

    return invoke


def test_the_choices_are_the_same_everywhere() -> None:
    assert SYMBOL_CHOICES == ("letters", "shapes", "digits")
    assert tuple(choice.value for choice in SymbolChoice) == SYMBOL_CHOICES
    assert Settings().with_value("symbols", "digits").symbols == "digits"
    with pytest.raises(SettingError):
        Settings().with_value("symbols", "numbers")
    assert Settings().choices("symbols") == "letters, shapes, digits"


def test_tiles_are_numbered_from_1_in_palette_order() -> None:
    assert [tile_number(entry) for entry in PALETTE] == [str(n) for n in range(1, 10)]
    board = read_board("RB.\nGRB\n")
    assert render_text(board, {"symbols": "digits"}) == ("   A B C\n 2 1 2 .\n 1 3 1 2\n   A B C\n")
    announcer = Announcer(translator("en"))
    assert announcer.legend(board, "digits") == PALETTE_LEGEND
    assert announcer.legend(board) == "Legend: R red circle, B blue triangle, G green square."
    # In a preset's palette order: numbered and listed in it.
    lesson = Announcer(translator("en"), order=(0, 3, 1))
    recoloured = board.recoloured((0, 3, 1, 2))
    assert lesson.legend(recoloured, "digits") == LEGEND_EN
    assert render_text(recoloured, {"symbols": "digits", "palette": [0, 3, 1]}) == (
        "   A B C\n 2 1 2 .\n 1 3 1 2\n   A B C\n"
    )


@pytest.mark.parametrize(("lang", "legend"), [("en", LEGEND_EN), ("ja", LEGEND_JA)])
def test_play_symbols_digits_draws_numbers_with_the_legend(play, lang: str, legend: str) -> None:
    result = play("--no-accessible", "--symbols", "digits", "--lang", lang, stdin="A1\nA1\nquit\n")
    assert result.code == 0, result.err
    said = dict(blocks(result.out))
    start = said[""]
    assert BOARD_1_TOP in start
    assert start[start.index(BOARD_1_TOP) + 10] == legend, "the legend follows the drawing"
    # After a move the board is drawn again, numbered, with its legend.
    moved = said["A1"]
    assert moved[-1] == legend
    assert not any(" R " in line or " B " in line for line in moved if line[:3].strip().isdigit())


def test_the_symbols_flag_is_for_this_run_only(play, tmp_path: Path) -> None:
    result = play("--no-accessible", "--symbols", "digits", stdin="settings\nquit\n")
    assert "symbols: digits, from the command line" in result.out
    again = play("--no-accessible")
    assert BOARD_1_TOP not in again.out
    assert " 9 R Y R R R Y B" in again.out
    with Store(tmp_path / "home" / "data" / "samegame.sqlite3") as store:
        assert "symbols" not in store.get_setting("settings", {})


def test_settings_symbols_digits_in_a_game_is_saved(play) -> None:
    result = play("--no-accessible", stdin="settings symbols digits\nboard\nquit\n")
    said = dict(blocks(result.out))
    assert said["settings symbols digits"] == ["symbols: digits"]
    assert BOARD_1_TOP in said["board"]
    assert said["board"][-1] == LEGEND_EN
    assert BOARD_1_TOP in play("--no-accessible").out


def test_spoken_rows_keep_letters(play) -> None:
    result = play("--accessible", "--symbols", "digits", stdin="row 9\nboard\nquit\n")
    said = dict(blocks(result.out))
    assert said["row 9"] == ["Row 9, 7 tiles: R Y R R R Y B"]
    assert said["board"][-1] == "Legend: R red circle, Y yellow diamond, B blue triangle."


def test_board_show_symbols_digits(capsys, monkeypatch) -> None:
    shown = run_cli(
        capsys,
        monkeypatch,
        ["board", "show", "--preset", "lesson", "--board-number", "1", "--symbols", "digits"],
    )
    assert shown.code == 0, shown.err
    assert BOARD_1_TOP in shown.lines
    assert shown.lines[-1] == LEGEND_EN
    plain = run_cli(capsys, monkeypatch, ["board", "show", "--preset", "lesson", "-n", "1"])
    assert " 9 R Y R R R Y B" in plain.lines
    assert plain.lines[-1] == "Legend: R red circle, Y yellow diamond, B blue triangle."
