"""Numbered tiles: ``settings symbols digits`` and ``--symbols digits`` draw tiles as
1 to k for a sighted player, and the legend, in English and Japanese, says which
number is which colour. Spoken rows keep letters (a number there would read like a
count of empty cells)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from playkit import Outcome, blocks, run_cli
from samegame.builtins.renderers import render_text
from samegame.cli.options import SymbolChoice
from samegame.core.palette import PALETTE, tile_number
from samegame.core.textboard import read_board
from samegame.i18n import translator
from samegame.play.player_settings import SYMBOL_CHOICES, SettingError, Settings
from samegame.repl.announcer import Announcer
from samegame.store import Store

BOARD_1_TOP = " 9 1 2 1 1 1 2 3"  # lesson board 1's top row, numbered
# The Lesson preset's palette: red circle, yellow diamond, blue triangle are 1, 2, 3.
LEGEND_EN = "Legend: 1 red circle, 2 yellow diamond, 3 blue triangle."
LEGEND_JA = "凡例: 1 赤の丸、2 黄色のひし形、3 青の三角。"
PALETTE_LEGEND = "Legend: 1 red circle, 2 blue triangle, 3 green square."


pytestmark = pytest.mark.usefixtures("isolated_home")


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


def test_a_retuned_announcer_keeps_its_palette_order_in_the_new_language() -> None:
    lesson = Announcer(translator("en"), order=(0, 3, 1))
    recoloured = read_board("RB.\nGRB\n").recoloured((0, 3, 1, 2))
    lesson.retune(translator("ja"), lesson.verbosity)
    assert lesson.legend(recoloured, "digits") == LEGEND_JA
    assert lesson.tr.language == "ja"
    assert lesson.board_words.words is lesson.words


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
    assert drawn_tiles(moved) == {"1", "2", "3"}


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


# -- the legend matches the symbols drawn, with every drawing; the selection (A36) ----------

SYMBOL_ROWS = {  # lesson board 1's top row, and its legend, in each symbol set
    "letters": (" 9 R Y R R R Y B", "Legend: R red circle, Y yellow diamond, B blue triangle."),
    "shapes": (
        " 9 \u25cf \u25c6 \u25cf \u25cf \u25cf \u25c6 \u25b2",
        "Legend: \u25cf red circle, \u25c6 yellow diamond, \u25b2 blue triangle.",
    ),
    "digits": (BOARD_1_TOP, LEGEND_EN),
}


DRAWN_ROW = re.compile(r" *\d+((?:[ \[\]][^ \[\]])+)\]?")


def drawn_rows(lines: list[str]) -> list[str]:
    """The rows of every drawing among ``lines``: a row number, then each tile
    after its separator (a space, or a bracket of the selection)."""
    return [line for line in lines if DRAWN_ROW.fullmatch(line)]


def drawn_tiles(lines: list[str]) -> set[str]:
    """Every symbol drawn in the rows among ``lines``, empty cells left out."""
    tiles = set()
    for line in drawn_rows(lines):
        match = DRAWN_ROW.fullmatch(line)
        assert match is not None
        tiles |= set(match.group(1)[1::2])
    return tiles - {"."}


def test_every_legend_entry_is_the_symbol_the_drawing_uses() -> None:
    board = read_board("RBG\nYPO\nCWK\n")
    announcer = Announcer(translator("en"))
    for symbols in SYMBOL_CHOICES:
        tiles = drawn_tiles(render_text(board, {"symbols": symbols}).splitlines())
        assert len(tiles) == 9, symbols
        legend = announcer.legend(board, symbols)
        entries = legend.removeprefix("Legend: ").removesuffix(".").split(", ")
        assert {entry.split(" ", 1)[0] for entry in entries} == tiles, symbols


@pytest.mark.parametrize("symbols", SYMBOL_CHOICES)
def test_every_drawing_has_the_legend_of_its_symbols(play, symbols: str) -> None:
    top, legend = SYMBOL_ROWS[symbols]
    result = play("--no-accessible", "--symbols", symbols, stdin="A1\nA1\nB9\nboard\nquit\n")
    assert result.code == 0, result.err
    said = dict(blocks(result.out))
    assert top in said[""]
    for command in ("", "A1", "board"):
        lines = said[command]
        drawings = sum(1 for line in lines if line.startswith("   A B C D E F G")) // 2
        assert drawings >= 1, command
        assert lines.count(legend) == drawings, command
        # The legend names every symbol drawn.
        named = {entry.split(" ", 1)[0] for entry in legend[8:-1].split(", ")}
        assert drawn_tiles(lines) <= named, command


def test_the_selected_group_is_marked_without_colour(play) -> None:
    result = play("--no-accessible", "--color", "never", stdin="A1\ncancel\nquit\n")
    said = dict(blocks(result.out))
    selected = said["A1"]
    rows = drawn_rows(selected)
    assert " 4 Y B[R]Y[R]B R" in rows
    assert " 3 B[R R R R]B R" in rows
    assert " 1[R]Y B B Y R R" in rows
    # Exactly the 9 tiles of the group are between brackets, and a line says so.
    inside = [run.split("[")[-1] for row in rows for run in row.split("]")[:-1]]
    assert sum(len(run.split()) for run in inside) == 9, inside
    assert selected[-1] == "The selected group is drawn between brackets."
    # Cancelled: drawn again without a mark.
    cancelled = said["cancel"]
    assert "[" not in "".join(drawn_rows(cancelled))
    assert "The selected group is drawn between brackets." not in cancelled
    assert "\x1b" not in result.out


def test_the_selected_cells_are_marked_by_every_built_in_renderer() -> None:
    from samegame.builtins.renderers import drawing_options, render_ansi, render_svg

    board = read_board("RB\nBB\n")
    options = drawing_options("letters", (), selected=[(0, 0), (1, 0), (1, 1)])
    assert options["selected"] == ["A1", "B1", "B2"]
    assert render_text(board, options) == "   A B\n 2 R[B]\n 1[B B]\n   A B\n"
    assert render_ansi(board, options).count("\x1b[7;") == 3  # reverse video, no new colour
    assert render_svg(board, options).count('stroke-dasharray="4 2"') == 3
    unmarked = drawing_options("letters", ())
    assert "[" not in render_text(board, unmarked)
    assert "stroke-dasharray" not in render_svg(board, unmarked)
    bare = drawing_options("letters", (), coordinates=False, selected=[(0, 1)])
    assert render_text(board, bare) == "[R]B\n B B\n"
