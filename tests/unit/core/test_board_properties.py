"""Property tests of Board against the naive list-of-columns reference (strategies.py)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samegame.core.board import Board, BoardError, Group
from samegame.core.coords import Cell, CoordinateError
from strategies import (
    NaiveBoard,
    anchor_of,
    board_to_naive,
    naive,
    naive_boards,
    naive_group,
    naive_groups,
    naive_remove,
    neighbours,
    to_board,
)

FAST = settings(max_examples=100)


def cells_of(group: Group, board: Board) -> frozenset[tuple[int, int]]:
    """The cells of a group's mask, decoded by hand from the documented bit layout."""
    out = set()
    for index in range(board.width * board.height):
        if group.mask >> index & 1:
            out.add(divmod(index, board.height))
    return frozenset(out)


def mask_of(cells: frozenset[tuple[int, int]], height: int) -> int:
    mask = 0
    for col, row in cells:
        mask |= 1 << (col * height + row)
    return mask


def colour_counts(nb: NaiveBoard) -> Counter[int]:
    return Counter(colour for column in nb.columns for colour in column)


# -- reading ----------------------------------------------------------------------


@FAST
@given(naive_boards())
def test_board_reads_back_what_was_built(nb: NaiveBoard) -> None:
    board = to_board(nb)
    assert board_to_naive(board) == nb
    assert board.columns() == [list(column) for column in nb.columns]
    assert board.tile_count() == nb.tile_count()
    assert board.is_empty() == (nb.tile_count() == 0)
    assert board.column_count() == len(nb.columns)
    assert board.colour_counts() == dict(colour_counts(nb))
    for col in range(board.width):
        expected = len(nb.columns[col]) if col < len(nb.columns) else 0
        assert board.column_height(col) == expected
        for row in range(board.height):
            assert board.cell(Cell(col, row)) == nb.colour(col, row)
    assert Board.from_columns([list(c) for c in nb.columns], nb.width, nb.height) == board
    assert hash(to_board(nb)) == hash(board)


def test_equality_ignores_trailing_empty_planes() -> None:
    assert Board(2, 1, [0b01, 0b10]) == Board(2, 1, [0b01, 0b10, 0, 0])
    assert Board(2, 1, [0b01, 0b10]) != Board(2, 1, [0b10, 0b01])
    assert Board(2, 1, [0b01]) != Board(1, 2, [0b01])


def test_board_is_immutable() -> None:
    board = Board.from_columns([[0]], 1, 1)
    with pytest.raises(AttributeError):
        board.width = 3  # type: ignore[misc]


def test_cell_outside_board_raises_coordinate_error() -> None:
    board = Board.from_columns([[0, 1]], 2, 2)
    for cell in (Cell(2, 0), Cell(0, 2), Cell(-1, 0), Cell(0, -1)):
        with pytest.raises(CoordinateError):
            board.cell(cell)


# -- groups -----------------------------------------------------------------------


@FAST
@given(naive_boards())
def test_groups_partition_the_tiles_and_match_bfs(nb: NaiveBoard) -> None:
    board = to_board(nb)
    all_groups = board.groups(1)
    seen: Counter[tuple[int, int]] = Counter()
    for group in all_groups:
        cells = cells_of(group, board)
        seen.update(cells)
        assert group.size == len(cells)
        assert group.anchor == Cell(*anchor_of(cells))
        assert {nb.colour(*cell) for cell in cells} == {group.colour}
        # connected: a flood fill inside the group reaches all of it
        start = next(iter(cells))
        reached = {start}
        stack = [start]
        while stack:
            for nxt in neighbours(stack.pop()):
                if nxt in cells and nxt not in reached:
                    reached.add(nxt)
                    stack.append(nxt)
        assert reached == cells
        # maximal: no same-coloured neighbour outside the group
        for cell in cells:
            for nxt in neighbours(cell):
                if nxt not in cells:
                    assert nb.colour(*nxt) != group.colour
    # every tile in exactly one group
    assert set(seen) == set(nb.tiles())
    assert all(count == 1 for count in seen.values())
    assert {cells_of(g, board) for g in all_groups} == set(naive_groups(nb))


@FAST
@given(naive_boards())
@pytest.mark.slow
def test_groups_by_size_sorted_by_anchor(nb: NaiveBoard) -> None:
    board = to_board(nb)
    for min_size in range(1, 6):
        expected = sorted(naive_groups(nb, min_size), key=anchor_of)
        groups = board.groups(min_size)
        assert [cells_of(g, board) for g in groups] == expected
        assert [g.anchor for g in groups] == [Cell(*anchor_of(cells)) for cells in expected]
        assert {cells_of(g, board) for g in board.iter_groups(min_size)} == set(expected)
        assert board.has_move(min_size) == bool(expected)
        assert board.has_move(min_size) == bool(groups)


@pytest.mark.parametrize(
    ("columns", "width", "height", "moves"),
    [
        ([[0], [0]], 2, 1, {1: True, 2: True, 3: False}),  # a horizontal pair
        ([[0, 0]], 1, 2, {1: True, 2: True, 3: False}),  # a vertical pair
        ([[0, 1], [1, 0]], 2, 2, {1: True, 2: False}),  # a chequer: no pair
        ([[0, 0], [0]], 2, 2, {2: True, 3: True, 4: False}),  # an L of three
        ([], 3, 3, {1: False, 2: False}),  # empty
    ],
)
def test_has_move_by_hand(
    columns: list[list[int]], width: int, height: int, moves: dict[int, bool]
) -> None:
    board = to_board(naive(width, height, columns))
    for min_size, expected in moves.items():
        assert board.has_move(min_size) is expected


@FAST
@given(naive_boards())
def test_group_at_every_cell(nb: NaiveBoard) -> None:
    board = to_board(nb)
    for col in range(board.width):
        for row in range(board.height):
            group = board.group_at(Cell(col, row))
            if nb.colour(col, row) is None:
                assert group is None
            else:
                assert group is not None
                expected = naive_group(nb, (col, row))
                assert cells_of(group, board) == expected
                assert group.mask == mask_of(expected, board.height)
                assert board.cells(group.mask) == [Cell(*c) for c in sorted(expected)]


def test_groups_do_not_join_across_column_ends() -> None:
    # top of column A (A2) and bottom of column B (B1) are adjacent bits, not cells
    board = Board.from_columns([[1, 0], [0, 1]], 2, 2)
    assert not board.has_move(2)
    assert board.groups(2) == []
    assert [g.size for g in board.groups(1)] == [1, 1, 1, 1]


# -- removal ----------------------------------------------------------------------


@settings(max_examples=150)
@given(naive_boards(), st.data())
def test_removal_matches_reference(nb: NaiveBoard, data: st.DataObject) -> None:
    board = to_board(nb)
    groups = board.groups(1)
    if not groups:
        assert nb.tile_count() == 0
        return
    group = data.draw(st.sampled_from(groups))
    cells = cells_of(group, board)
    removal = board.remove_detailed(group)
    after = removal.after
    expected = naive_remove(nb, cells)

    assert removal.before is board
    assert removal.group == group
    assert board.remove(group) == after
    assert board_to_naive(after) == expected
    assert after == to_board(expected)
    assert (after.width, after.height) == (board.width, board.height)

    # per-colour tiles conserved except those removed
    removed = Counter({group.colour: len(cells)})
    assert colour_counts(board_to_naive(after)) == colour_counts(nb) - removed
    assert after.tile_count() == board.tile_count() - group.size

    # no floating tile, no empty column left of a non-empty one (read cell by cell)
    heights = [
        sum(after.cell(Cell(c, r)) is not None for r in range(after.height))
        for c in range(after.width)
    ]
    for c in range(after.width):
        for r in range(after.height):
            assert (after.cell(Cell(c, r)) is not None) == (r < heights[c])
    non_empty = [h > 0 for h in heights]
    assert non_empty == sorted(non_empty, reverse=True)

    # order kept: surviving columns, in order, each keeping its tiles' order
    survivors = []
    for c, column in enumerate(nb.columns):
        kept = [colour for r, colour in enumerate(column) if (c, r) not in cells]
        if kept:
            survivors.append((c, kept))
    assert [list(column) for column in expected.columns] == [kept for _, kept in survivors]

    # the reported falls and shifts are what happened
    expected_falls = set()
    for c, column in enumerate(nb.columns):
        new_row = 0
        for r, colour in enumerate(column):
            if (c, r) in cells:
                continue
            if new_row != r:
                expected_falls.add((c, r, new_row, colour))
            new_row += 1
    assert {(f.col, f.from_row, f.to_row, f.colour) for f in removal.falls} == expected_falls
    assert len(removal.falls) == len(expected_falls)
    expected_shifts = {(old, new) for new, (old, _) in enumerate(survivors) if old != new}
    assert {(s.from_col, s.to_col) for s in removal.shifts} == expected_shifts
    assert len(removal.shifts) == len(expected_shifts)
    emptied = [c for c in range(len(nb.columns)) if c not in {old for old, _ in survivors}]
    assert list(removal.emptied_columns) == emptied
    new_index = {old: new for new, (old, _) in enumerate(survivors)}
    for fall in removal.falls:
        assert board.cell(Cell(fall.col, fall.from_row)) == fall.colour
        assert after.cell(Cell(new_index[fall.col], fall.to_row)) == fall.colour


def test_removal_example_by_hand() -> None:
    # top row first:   . G .
    #                  R G B
    #                  R R B      the red group is A1 A2 B1
    board = to_board(naive(3, 3, [[0, 0], [0, 2, 2], [1, 1]]))
    red = board.group_at(Cell(0, 0))
    assert red is not None
    assert red.size == 3
    removal = board.remove_detailed(red)
    assert removal.after.columns() == [[2, 2], [1, 1]]
    assert [(f.col, f.from_row, f.to_row, f.colour) for f in removal.falls] == [
        (1, 1, 0, 2),
        (1, 2, 1, 2),
    ]
    assert [(s.from_col, s.to_col) for s in removal.shifts] == [(1, 0), (2, 1)]
    assert removal.emptied_columns == (0,)


@FAST
@given(naive_boards(), st.data())
def test_partial_and_foreign_groups_are_rejected(nb: NaiveBoard, data: st.DataObject) -> None:
    board = to_board(nb)
    groups = board.groups(1)
    if not groups:
        with pytest.raises(BoardError):
            board.remove(Group(0, 1, 1, Cell(0, 0)))
        return
    group = data.draw(st.sampled_from(groups))
    cells = sorted(cells_of(group, board))
    if len(cells) >= 2:
        dropped = data.draw(st.sampled_from(cells))
        partial = frozenset(cells) - {dropped}
        bad = Group(group.colour, mask_of(partial, board.height), len(partial), Cell(*min(partial)))
        with pytest.raises(BoardError):
            board.remove(bad)
    others = [g for g in groups if g != group]
    if others:
        other = data.draw(st.sampled_from(others))
        union = Group(group.colour, group.mask | other.mask, group.size + other.size, group.anchor)
        with pytest.raises(BoardError):
            board.remove(union)
    # wrong colour for the cells
    with pytest.raises(BoardError):
        board.remove(Group(group.colour + 1, group.mask, group.size, group.anchor))
    # an empty cell or a cell outside the board added to the group
    free = [
        (c, r) for c in range(board.width) for r in range(board.height) if nb.colour(c, r) is None
    ]
    if free:
        extra = group.mask | mask_of(frozenset([free[0]]), board.height)
        with pytest.raises(BoardError):
            board.remove(Group(group.colour, extra, group.size + 1, group.anchor))
    outside = group.mask | 1 << (board.width * board.height)
    with pytest.raises(BoardError):
        board.remove(Group(group.colour, outside, group.size + 1, group.anchor))
    with pytest.raises(BoardError):
        board.remove(Group(group.colour, 0, 0, group.anchor))
    # the true group still goes
    assert board.remove(group) == to_board(naive_remove(nb, frozenset(cells)))


def test_group_of_previous_position_is_rejected() -> None:
    board = to_board(naive(2, 2, [[0, 1], [0, 1]]))
    red = board.group_at(Cell(0, 0))
    blue = board.group_at(Cell(0, 1))
    assert red is not None
    assert blue is not None
    after = board.remove(red)
    assert after.columns() == [[1], [1]]
    with pytest.raises(BoardError):
        after.remove(red)
    with pytest.raises(BoardError):
        after.remove(blue)  # blue moved down: its old mask names empty cells


# -- constructor invariants -----------------------------------------------------


@FAST
@given(naive_boards(), st.data())
def test_floating_tile_raises(nb: NaiveBoard, data: st.DataObject) -> None:
    board = to_board(nb)
    candidates = [
        (c, r)
        for c in range(nb.width)
        for r in range(nb.height)
        if r > (len(nb.columns[c]) if c < len(nb.columns) else 0)
    ]
    if not candidates:
        return
    col, row = data.draw(st.sampled_from(candidates))
    planes = list(board.planes) or [0]
    planes[0] |= 1 << (col * nb.height + row)
    with pytest.raises(BoardError, match="floats"):
        Board(nb.width, nb.height, planes)


@FAST
@given(naive_boards(), st.data())
def test_gap_column_raises(nb: NaiveBoard, data: st.DataObject) -> None:
    if not nb.columns or len(nb.columns) >= nb.width:
        return
    at = data.draw(st.integers(0, len(nb.columns) - 1))
    columns = [list(c) for c in nb.columns]
    columns.insert(at, [])
    with pytest.raises(BoardError, match="empty"):
        Board.from_columns(columns, nb.width, nb.height)
    planes: dict[int, int] = {}
    for col, column in enumerate(columns):
        for row, colour in enumerate(column):
            planes[colour] = planes.get(colour, 0) | 1 << (col * nb.height + row)
    with pytest.raises(BoardError):
        Board(nb.width, nb.height, [planes.get(c, 0) for c in range(max(planes) + 1)])


@FAST
@given(naive_boards(), st.data())
def test_overlapping_planes_raise(nb: NaiveBoard, data: st.DataObject) -> None:
    board = to_board(nb)
    if board.is_empty():
        return
    tile = data.draw(st.sampled_from(nb.tiles()))
    colour = nb.colour(*tile)
    assert colour is not None
    other = data.draw(st.integers(0, 8).filter(lambda c: c != colour))
    planes = list(board.planes) + [0] * (9 - len(board.planes))
    planes[other] |= 1 << (tile[0] * nb.height + tile[1])
    with pytest.raises(BoardError, match="share"):
        Board(nb.width, nb.height, planes)


@pytest.mark.parametrize(
    ("width", "height", "planes"),
    [
        (27, 1, [1]),
        (0, 1, []),
        (1, 0, []),
        (1, 51, [1]),
        (2, 1, [0b100]),  # a tile beyond the last cell
        (2, 1, [-1]),
        (1, 1, [0] * 9 + [1]),  # a tenth colour
    ],
)
def test_impossible_boards_raise(width: int, height: int, planes: list[int]) -> None:
    with pytest.raises(BoardError):
        Board(width, height, planes)


def test_limits_are_accepted() -> None:
    assert Board(26, 50, []).width == 26
    assert Board(26, 1, [(1 << 26) - 1]).tile_count() == 26
    assert Board(1, 1, [0] * 8 + [1]).colour_counts() == {8: 1}


@pytest.mark.parametrize(
    ("columns", "width", "height"),
    [
        ([[0], [0]], 1, 5),  # too many columns
        ([[0, 0, 0]], 1, 2),  # too tall
        ([[9]], 1, 1),  # colour outside the palette
        ([[-1]], 1, 1),
    ],
)
def test_from_columns_rejects(columns: list[list[int]], width: int, height: int) -> None:
    with pytest.raises(BoardError):
        Board.from_columns(columns, width, height)
