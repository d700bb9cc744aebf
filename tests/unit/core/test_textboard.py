"""The board text format: one line per row, top row first, palette letters or digits,
'.' for empty; the research digit format reads as it is; errors name the line.

The 20 standard research boards (public research data) are read from the test copy
``tests/data/standard-20.txt`` and from the copy the package ships
(``samegame/benchmark/data/standard-20.txt``), which must hold the same boards.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import samegame.benchmark
from locations import TESTS
from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.palette import PALETTE
from samegame.core.textboard import TextBoardError, board_rows, read_board, read_boards, write_board
from strategies import NaiveBoard, naive_boards, to_board

HERE = TESTS
DATA_COPY = HERE / "data" / "standard-20.txt"
LETTERS = "".join(c.letter for c in PALETTE)  # RBGYPOCWK


PACKAGE_COPY = Path(samegame.benchmark.__file__).parent / "data" / "standard-20.txt"
STANDARD_SOURCES = [DATA_COPY, PACKAGE_COPY]


def expected_text(nb: NaiveBoard) -> str:
    """The text of a naive board, written by hand: top row first, letters, '.'."""
    lines = []
    for row in range(nb.height - 1, -1, -1):
        line = ""
        for col in range(nb.width):
            colour = nb.colour(col, row)
            line += "." if colour is None else LETTERS[colour]
        lines.append(line + "\n")
    return "".join(lines)


# -- writing and reading back ------------------------------------------------------


@settings(max_examples=150)
@given(naive_boards(max_colours=9))
def test_write_then_read_round_trip(nb: NaiveBoard) -> None:
    board = to_board(nb)
    text = write_board(board)
    assert text == expected_text(nb)
    assert read_board(text) == board
    spaced = write_board(board, separator=" ")
    assert spaced == "".join(" ".join(line) + "\n" for line in text.splitlines())
    assert read_board(spaced) == board
    assert read_board(text.lower()) == board
    assert ["".join(row) for row in board_rows(board)] == text.splitlines()


@settings(max_examples=100)
@given(naive_boards(max_colours=9))
def test_letters_and_digits_read_the_same(nb: NaiveBoard) -> None:
    board = to_board(nb)
    text = write_board(board)
    digits = text.translate(str.maketrans(LETTERS, "012345678"))
    assert read_board(digits) == board
    assert read_board("\n".join(" ".join(line) for line in digits.splitlines())) == board


@settings(max_examples=50)
@given(st.lists(naive_boards(max_colours=9), min_size=1, max_size=4))
def test_several_boards_separated_by_blank_lines(nbs: list[NaiveBoard]) -> None:
    text = "\n\n".join(write_board(to_board(nb)) for nb in nbs)
    assert read_boards(text) == [to_board(nb) for nb in nbs]


def test_small_board_by_hand() -> None:
    board = read_board("G..\nRB.\nRBB\n")
    assert (board.width, board.height) == (3, 3)
    assert board.cell(Cell(0, 0)) == 0  # A1 red: bottom-left
    assert board.cell(Cell(0, 2)) == 2  # A3 green: top-left
    assert board.cell(Cell(2, 0)) == 1  # C1 blue
    assert board.cell(Cell(2, 1)) is None
    assert write_board(board) == "G..\nRB.\nRBB\n"
    assert write_board(board, separator=" ") == "G . .\nR B .\nR B B\n"


def test_every_palette_letter_and_digit() -> None:
    assert [c.letter for c in PALETTE] == list("RBGYPOCWK")
    row = read_board("RBGYPOCWK")
    assert [row.cell(Cell(i, 0)) for i in range(9)] == list(range(9))
    assert read_board("012345678") == row
    assert read_board("rbgypocwk") == row
    assert read_board("0 1 2 3 4 5 6 7 8") == row


def test_lower_case_input() -> None:
    assert read_board("r b\nr b\n") == read_board("R B\nR B\n")
    assert read_board("rB\nRb") == read_board("RB\nRB")
    assert write_board(read_board("yg\npo")) == "YG\nPO\n"


def test_surrounding_whitespace_and_blank_lines_are_ignored() -> None:
    board = read_board("\n\n  R B  \n\tR B\t\n\n\n")
    assert board == read_board("RB\nRB")


def test_empty_board_text() -> None:
    assert read_board("...\n...\n") == Board.empty(3, 2)
    assert write_board(Board.empty(2, 1)) == "..\n"


# -- the research format ------------------------------------------------------------


@pytest.mark.parametrize("path", STANDARD_SOURCES, ids=["tests", "package"])
def test_research_standard_20(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    boards = read_boards(text)
    assert len(boards) == 20
    for board in boards:
        assert (board.width, board.height) == (15, 15)
        assert board.tile_count() == 225
        assert set(board.colour_counts()) <= {0, 1, 2, 3, 4}
    first = boards[0]
    assert write_board(first).splitlines()[0] == "YBBPBRPRPPBBRGY"
    assert board_rows(first)[0] == list("YBBPBRPRPPBBRGY")
    # bottom row of board 1, read straight from the file's 15th line
    bottom = text.splitlines()[14].split()
    assert [first.cell(Cell(c, 0)) for c in range(15)] == [int(d) for d in bottom]
    # the letters written back read as the same boards
    assert read_boards("\n".join(write_board(b) for b in boards)) == boards
    assert len(set(boards)) == 20


def test_the_test_copy_and_the_shipped_copy_hold_the_same_boards() -> None:
    copy = DATA_COPY.read_text(encoding="utf-8")
    assert len(read_boards(copy)) == 20
    assert read_boards(PACKAGE_COPY.read_text(encoding="utf-8")) == read_boards(copy)


# -- errors -------------------------------------------------------------------------


def error_of(text: str) -> str:
    with pytest.raises(TextBoardError) as info:
        read_boards(text)
    return str(info.value)


def test_ragged_rows_name_the_line() -> None:
    message = error_of("RBG\nRB\nRBG\n")
    assert message.startswith("line 2:")
    assert "2 cells" in message
    assert "3" in message
    message = error_of("RB\nRB\n\nRB\nRB\nR\n")
    assert message.startswith("line 6:")
    assert error_of("0 1 2\n0 1 2 3\n").startswith("line 2:")


def test_bad_symbol_names_the_line_and_symbol() -> None:
    message = error_of("RB\nRX\n")
    assert message.startswith("line 2:")
    assert "'X'" in message
    assert "RBGYPOCWK" in message
    message = error_of("\n\nR B\nR 9\n")
    assert message.startswith("line 4:")
    assert "'9'" in message
    assert error_of("R B\nRB B\n").startswith("line 2:")  # 'RB' is not one cell
    assert error_of("R-\n").startswith("line 1:")


def test_floating_tile_names_the_board_and_cell() -> None:
    message = error_of("R\n.\n")
    assert message.startswith("line 1:")
    assert "floats" in message
    assert "A1" in message
    # the second board of a list starts at line 4
    message = error_of("RB\nRB\n\nR.\n.B\n")
    assert message.startswith("line 4:")
    assert "A1" in message


def test_gap_column_and_size_limits() -> None:
    message = error_of("R.B\n")
    assert message.startswith("line 1:")
    assert "column B is empty" in message
    assert error_of("R" * 27 + "\n").startswith("line 1:")
    assert "rows" in error_of("R\n" * 51)


def test_empty_text_and_several_boards_where_one_is_expected() -> None:
    with pytest.raises(TextBoardError, match="empty"):
        read_board("")
    with pytest.raises(TextBoardError, match="empty"):
        read_boards("\n  \n")
    with pytest.raises(TextBoardError, match="found 2"):
        read_board("R\n\nB\n")


def test_text_board_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="line 1"):
        read_board("?")
