"""The solvable board type: full boards, certificates that clear them, stable forever.

Certificates are replayed with the naive reference in tests/strategies.py (list
columns, BFS flood fill), not with ``samegame.core.board``, so a bug in the bitboard core
cannot hide a bug in the generator (``make_board`` also replays them with the core).

Golden files ``tests/golden/solvable/<width>x<height>x<colours>-<number>.txt`` pin
the boards of ``GOLDEN_CASES`` (``write_board`` text). Changing them changes
published board numbers: bump ``SOLVABLE.version`` instead. Only when the change is
intended (a new version, new cases), regenerate them with::

    PYTHONPATH=tests .venv/bin/python tests/unit/builtins/test_solvable.py

which does, for every case::

    board = make_board(SOLVABLE, BoardSpec(width, height, colours), number).board
    golden_path(width, height, colours, number).write_text(write_board(board))
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from locations import TESTS
from samegame.builtins.solvable import SOLVABLE
from samegame.builtins.two_colour_search import clearing_moves
from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.numbering import MAX_BOARD_NUMBER, BoardSpecError, make_board
from samegame.core.textboard import read_board, write_board
from samegame.plugin.contributions import BoardSpec, GeneratedBoard
from strategies import anchor_of, board_to_naive, naive_group, naive_remove

GOLDEN_DIR = TESTS / "golden" / "solvable"
GOLDEN_CASES = [
    (6, 8, 3, 1),
    (18, 18, 3, 7),
    (15, 15, 5, 0),
    (10, 8, 2, 3),
    (1, 20, 4, 2),
    (20, 1, 3, 5),
]


def golden_path(width: int, height: int, colours: int, number: int) -> Path:
    return GOLDEN_DIR / f"{width}x{height}x{colours}-{number}.txt"


def assert_clears(made: GeneratedBoard) -> None:
    """Replay the certificate with the naive reference: each cell is the anchor of a
    group of two or more, and the last removal empties the board."""
    assert made.certificate is not None
    nb = board_to_naive(made.board)
    for cell in made.certificate:
        assert isinstance(cell, Cell)
        assert nb.colour(*cell) is not None, f"{cell} is empty"
        group = naive_group(nb, (cell.col, cell.row))
        assert len(group) >= 2, f"{cell} is a single tile"
        assert anchor_of(group) == (cell.col, cell.row), f"{cell} is not the anchor"
        nb = naive_remove(nb, group)
    assert nb.tile_count() == 0


def assert_full(board: Board, spec: BoardSpec) -> None:
    assert (board.width, board.height) == (spec.width, spec.height)
    assert board.tile_count() == spec.width * spec.height
    assert set(board.colour_counts()) <= set(range(spec.colours))


def test_generator_record() -> None:
    assert (SOLVABLE.name, SOLVABLE.version) == ("solvable", 1)
    assert SOLVABLE.guarantees_clear
    assert SOLVABLE.min_colours == 2
    assert SOLVABLE.description
    assert "\n" not in SOLVABLE.description


@settings(max_examples=40)
@given(
    st.integers(1, 26),
    st.integers(1, 20),
    st.integers(2, 6),
    st.integers(0, MAX_BOARD_NUMBER),
)
def test_every_board_is_full_and_its_certificate_clears_it(
    width: int, height: int, colours: int, number: int
) -> None:
    spec = BoardSpec(width, height, colours)
    if width * height == 1:
        with pytest.raises(BoardSpecError):
            make_board(SOLVABLE, spec, number)
        return
    made = make_board(SOLVABLE, spec, number)
    assert_full(made.board, spec)
    assert_clears(made)


@pytest.mark.parametrize("colours", [2, 3, 9])
def test_a_one_by_one_board_is_refused_with_advice(colours: int) -> None:
    with pytest.raises(BoardSpecError, match=r"1x1.*choose at least 2 columns or 2 rows"):
        make_board(SOLVABLE, BoardSpec(1, 1, colours), 0)


@pytest.mark.parametrize(
    ("width", "height", "colours"),
    [
        (1, 2, 3),
        (2, 1, 2),
        (1, 3, 9),
        (3, 1, 4),
        (2, 2, 2),
        (1, 50, 3),
        (26, 1, 5),
        (26, 2, 2),
        (2, 50, 4),
        (26, 20, 3),
        (26, 50, 9),
        (26, 50, 2),
    ],
)
def test_edge_sizes(width: int, height: int, colours: int) -> None:
    spec = BoardSpec(width, height, colours)
    for number in range(3):
        made = make_board(SOLVABLE, spec, number)
        assert_full(made.board, spec)
        assert_clears(made)


@pytest.mark.parametrize(
    "spec", [BoardSpec(6, 8, 3), BoardSpec(10, 10, 2), BoardSpec(7, 9, 5), BoardSpec(1, 12, 4)]
)
def test_a_number_gives_the_same_board_every_time(spec: BoardSpec) -> None:
    for number in (0, 1, 987654321):
        first = make_board(SOLVABLE, spec, number)
        assert SOLVABLE.generate(spec, number) == first
        assert make_board(SOLVABLE, spec, number) == first


@pytest.mark.parametrize(
    "spec", [BoardSpec(6, 8, 3), BoardSpec(10, 10, 2), BoardSpec(8, 8, 5), BoardSpec(20, 1, 3)]
)
def test_different_numbers_give_different_boards(spec: BoardSpec) -> None:
    boards = {make_board(SOLVABLE, spec, number).board for number in range(12)}
    assert len(boards) >= 11


@pytest.mark.parametrize(
    "spec",
    [
        BoardSpec(6, 8, 3),
        BoardSpec(6, 5, 5),
        BoardSpec(10, 12, 2),
        BoardSpec(8, 8, 4),
        BoardSpec(10, 10, 6),
        BoardSpec(15, 15, 9),
        BoardSpec(1, 20, 5),
    ],
)
def test_every_colour_is_used_on_reasonable_sizes(spec: BoardSpec) -> None:
    for number in range(5):
        board = make_board(SOLVABLE, spec, number).board
        assert sorted(board.colour_counts()) == list(range(spec.colours))


@pytest.mark.parametrize("colours", [3, 4, 5])
def test_boards_look_random_not_striped(colours: int) -> None:
    # a uniformly random 18x18 board has about 130 (3 colours) to 200 (5 colours)
    # groups and no single-coloured row or column
    for number in range(3):
        board = make_board(SOLVABLE, BoardSpec(18, 18, colours), number).board
        groups = list(board.iter_groups(min_size=1))
        assert len(groups) >= 100
        assert max(group.size for group in groups) <= 40
        rows = [[board.cell(Cell(col, row)) for col in range(18)] for row in range(18)]
        assert all(len(set(line)) > 1 for line in rows + board.columns())


def test_the_two_colour_search_finds_clearing_moves_or_says_none() -> None:
    clearable = read_board("RBR\nRBR")
    moves = clearing_moves(clearable, 100)
    assert moves is not None
    assert_clears(GeneratedBoard(clearable, moves))
    assert clearing_moves(read_board("RB\nBR"), 100) is None
    assert clearing_moves(clearable, 0) is None


def test_every_golden_file_is_a_case() -> None:
    expected = {golden_path(*case).name for case in GOLDEN_CASES}
    assert {path.name for path in GOLDEN_DIR.glob("*.txt")} == expected


@pytest.mark.parametrize(
    ("width", "height", "colours", "number"),
    GOLDEN_CASES,
    ids=[golden_path(*case).stem for case in GOLDEN_CASES],
)
def test_golden_board(width: int, height: int, colours: int, number: int) -> None:
    text = golden_path(width, height, colours, number).read_text(encoding="utf-8")
    made = make_board(SOLVABLE, BoardSpec(width, height, colours), number)
    assert write_board(made.board) == text
    assert read_board(text) == made.board
    assert_clears(made)


def test_first_golden_board_pinned_inline() -> None:
    # written out here too, so that a bulk regeneration cannot hide a change
    board = make_board(SOLVABLE, BoardSpec(6, 8, 3), 1).board
    assert write_board(board) == golden_path(6, 8, 3, 1).read_text(encoding="utf-8")
    assert write_board(board) == PINNED_6X8X3_1


PINNED_6X8X3_1 = """\
RGBRBR
RGRGBG
RBRGBG
RBGRGR
BBBRBR
BGGBBR
GRGBBB
GGBGGR
"""


def regenerate() -> None:
    """Rewrite every golden file from the current generator (see module docstring)."""
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for width, height, colours, number in GOLDEN_CASES:
        board = make_board(SOLVABLE, BoardSpec(width, height, colours), number).board
        golden_path(width, height, colours, number).write_text(write_board(board), encoding="utf-8")


if __name__ == "__main__":
    regenerate()
