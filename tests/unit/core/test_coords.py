"""Coordinates: "C5" <-> Cell(2, 4); columns are letters from the left, rows numbers
from the bottom; every accepted spelling; rejections say what is accepted."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samegame.core.coords import (
    Cell,
    CoordinateError,
    check_cell,
    column_letter,
    format_cell,
    parse_cell,
)

LETTERS = string.ascii_uppercase
cells = st.builds(Cell, st.integers(0, 25), st.integers(0, 49))


def test_every_cell_a1_to_z50_round_trips() -> None:
    for col, letter in enumerate(LETTERS):
        for row in range(50):
            text = f"{letter}{row + 1}"
            assert format_cell(Cell(col, row)) == text
            assert str(Cell(col, row)) == text
            assert parse_cell(text) == Cell(col, row)


@settings(max_examples=300)
@given(cells)
def test_round_trip_in_every_spelling(cell: Cell) -> None:
    letter = LETTERS[cell.col]
    number = cell.row + 1
    spellings = [
        f"{letter}{number}",
        f"{letter.lower()}{number}",
        f"{letter.lower()} {number}",
        f"  {letter}   {number}  ",
        f"{number}{letter.lower()}",
        f"{number} {letter}",
        f"column {cell.col + 1} row {number}",
        f"column {letter} row {number}",
        f"Column {letter.lower()}, Row {number}",
        f"col {cell.col + 1} row {number}",
        f"row {number} column {letter}",
        f"row {number}, column {cell.col + 1}",
        f"ROW {number} COL {letter}",
    ]
    for text in spellings:
        assert parse_cell(text) == cell, text
    assert parse_cell(format_cell(cell)) == cell


@pytest.mark.parametrize(
    "text",
    ["C5", "c5", "c 5", "C 5", " c5 ", "5c", "5C", "5 c", "column 3 row 5", "column C row 5",
     "column c row 5", "row 5 column C", "row 5 column 3", "col 3 row 5", "c\t5"],
)  # fmt: skip
def test_accepted_spellings_of_c5(text: str) -> None:
    assert parse_cell(text) == Cell(2, 4)


def test_rows_count_from_the_bottom_and_columns_from_the_left() -> None:
    assert parse_cell("A1") == Cell(0, 0)
    assert parse_cell("B1") == Cell(1, 0)
    assert parse_cell("A2") == Cell(0, 1)
    assert parse_cell("Z50") == Cell(25, 49)


def test_bounds_are_not_checked_by_parsing() -> None:
    assert parse_cell("Z99") == Cell(25, 98)
    assert parse_cell("column 27 row 1") == Cell(26, 0)


@pytest.mark.parametrize(
    "text",
    ["", "   ", "C", "5", "C0", "c 0", "0c", "CC5", "C5C", "C-1", "C 5 6", "C5.5", "column 0 row 1",
     "column 1 row 0", "column C", "row 5", "column 3 row", "é5", "A 1 B", "*", "column C row C"],
)  # fmt: skip
def test_rejections(text: str) -> None:
    with pytest.raises(CoordinateError) as info:
        parse_cell(text)
    message = str(info.value)
    assert "is not a cell" in message
    assert f"'{text.strip()}'" in message
    assert "C5" in message
    assert "column 3 row 5" in message


def test_coordinate_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not a cell"):
        parse_cell("nowhere")


@given(st.text(alphabet="abcxyz0123456789 ,", max_size=12))
def test_parse_either_succeeds_or_raises_coordinate_error(text: str) -> None:
    try:
        cell = parse_cell(text)
    except CoordinateError:
        return
    # Whatever spelling was read, the canonical form reads back to the same cell.
    assert parse_cell(format_cell(cell)) == cell
    assert format_cell(parse_cell(format_cell(cell))) == format_cell(cell)


def test_format_rejects_impossible_cells() -> None:
    with pytest.raises(CoordinateError):
        format_cell(Cell(26, 0))
    with pytest.raises(CoordinateError):
        format_cell(Cell(-1, 0))
    with pytest.raises(CoordinateError):
        format_cell(Cell(0, -1))
    assert column_letter(0) == "A"
    assert column_letter(25) == "Z"
    with pytest.raises(CoordinateError):
        column_letter(26)


@settings(max_examples=200)
@given(st.integers(1, 26), st.integers(1, 50), st.integers(-3, 30), st.integers(-3, 55))
def test_check_cell_bounds(width: int, height: int, col: int, row: int) -> None:
    inside = 0 <= col < width and 0 <= row < height
    if inside:
        check_cell(Cell(col, row), width, height)
    else:
        with pytest.raises(CoordinateError):
            check_cell(Cell(col, row), width, height)


def test_check_cell_message_names_the_extent() -> None:
    with pytest.raises(CoordinateError) as info:
        check_cell(Cell(5, 0), 5, 4)
    assert str(info.value) == (
        "F1 is outside the board; the columns are A, B and so on to E, the rows 1 to 4"
    )
    with pytest.raises(CoordinateError, match="rows 1 to 4"):
        check_cell(Cell(0, 4), 5, 4)
    check_cell(Cell(4, 3), 5, 4)
