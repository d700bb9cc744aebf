"""The positions of ``samegame tutorial``: parts of seeded Lesson boards.

Both are cut from the lower left of a Lesson board (7 columns by 9 rows, the Lesson
preset's own generator and board numbers, shown in its palette: circles, diamonds
and triangles): column ``i`` keeps its lowest ``heights[i]`` tiles, and every
square left out is empty.

- The lessons play ONE position, ``lesson_position``: Lesson board
  ``LESSON_NUMBER`` cut to ``LESSON_HEIGHTS``. Three of its diamonds are tagged
  A, B and C (``TAGS``) so that the lessons can point at them; ``follow`` says where
  a tile is after a removal, so a tag keeps to its tile as tiles fall and columns
  close.
- The practice plays another: Lesson board ``PRACTICE_NUMBER`` cut to
  ``PRACTICE_HEIGHTS``.

tests/unit/repl/test_tutorial_position.py pins both positions, so a change of the
generator that would change them is caught.
"""

from __future__ import annotations

from collections.abc import Sequence

from samegame.core.board import Board, Removal
from samegame.core.coords import Cell, parse_cell
from samegame.plugin.host import PluginHost

__all__ = [
    "FACTS",
    "LESSON_HEIGHTS",
    "LESSON_NUMBER",
    "PRACTICE_HEIGHTS",
    "PRACTICE_NUMBER",
    "TAGS",
    "follow",
    "lesson_board",
    "lesson_position",
    "lower_left",
    "practice_board",
]

# The lesson position: Lesson board LESSON_NUMBER, column i cut to its lowest
# LESSON_HEIGHTS[i] tiles.
LESSON_NUMBER = 123339
LESSON_HEIGHTS = (1, 6, 4, 1, 2, 1)
# The tagged tiles of the lesson position, by their cells at the start.
TAGS = {"A": parse_cell("C4"), "B": parse_cell("E1"), "C": parse_cell("B5")}

# What the lessons say of the position, stage by stage: "start", "opened" (after
# the pair of circles) and "chosen" (after the seven diamonds). Every fact is
# checked against the real rules by tests/unit/repl/test_tutorial_position.py.
FACTS: dict[str, str | int | tuple[str, ...]] = {
    # the start
    "group": "A1",
    "size": 5,
    "group_cells": ("A1", "B1", "B2", "B3", "C2"),
    "a": "C4",
    "b": "E1",
    "c": "B5",
    "corner": "B3",
    "pair": ("C1", "D1"),
    "pair_first": "C1",
    "pair_size": 2,
    # after the pair
    "column": "C",
    "fallen": ("C2", "C3"),
    "a_fallen": "C3",
    "emptied": "D",
    "moved": ("E", "F"),
    "b_moved": "D1",
    "c_opened": "B5",
    "lone_column": "E",
    "seven_anchor": "A1",
    "seven": 7,
    # after the seven diamonds
    "circles": ("A1", "B1", "C1"),
    "circles_size": 3,
    "c_chosen": "A2",
    "left_after_circles": 3,
}

# The practice position: the lower-left 5 by 5 square of Lesson board 3.
PRACTICE_NUMBER = 3
PRACTICE_HEIGHTS = (5, 5, 5, 5, 5)


def lesson_board(host: PluginHost, number: int) -> Board:
    """Lesson board ``number`` as ``samegame play --preset lesson --board-number
    number`` shows it: the preset's generator and size, in its palette."""
    from samegame.core.numbering import make_board
    from samegame.presets import find_preset

    setup = find_preset("lesson", host).board_setup()
    made = make_board(host.generator(setup.board_type), setup.spec, number).board
    return made.recoloured(setup.palette) if setup.palette else made


def lower_left(board: Board, heights: Sequence[int]) -> Board:
    """The lower-left part of ``board``: column ``i`` keeps its lowest
    ``heights[i]`` tiles; the part is ``len(heights)`` columns wide and
    ``max(heights)`` rows high.

    >>> from samegame.core.textboard import read_board, write_board
    >>> print(write_board(lower_left(read_board("RBY\\nBYR\\nYRB"), (3, 1))), end="")
    R.
    B.
    YR
    """
    columns = board.columns()
    if not heights or len(heights) > len(columns):
        raise ValueError(f"a part of 1 to {len(columns)} columns, not {len(heights)}")
    kept = [column[:height] for column, height in zip(columns, heights, strict=False)]
    return Board.from_columns(kept, len(heights), max(heights))


def lesson_position(host: PluginHost) -> Board:
    """The one position every lesson plays."""
    return lower_left(lesson_board(host, LESSON_NUMBER), LESSON_HEIGHTS)


def practice_board(host: PluginHost) -> Board:
    """The position of the practice."""
    return lower_left(lesson_board(host, PRACTICE_NUMBER), PRACTICE_HEIGHTS)


def follow(removal: Removal, cell: Cell) -> Cell | None:
    """Where the tile at ``cell`` (of the board before ``removal``) is after it:
    it falls by the tiles removed below it in its column, then moves left with its
    column when columns close; None when the tile was removed.

    >>> from samegame.core.textboard import read_board
    >>> board = read_board("B.\\nRY\\nYY")
    >>> removal = board.remove_detailed(board.group_at(Cell(0, 0)))
    >>> follow(removal, Cell(0, 2)), follow(removal, Cell(0, 1)), follow(removal, Cell(0, 0))
    (Cell(col=0, row=1), Cell(col=0, row=0), None)
    """
    before = removal.before
    if removal.group.mask & before.bit(cell):
        return None
    below = removal.group.mask & before.bit(Cell(cell.col, 0)) * ((1 << cell.row) - 1)
    row = cell.row - below.bit_count()
    col = cell.col
    for shift in removal.shifts:
        if shift.from_col == cell.col:
            col = shift.to_col
    return Cell(col, row)
