"""Move codes by tiles (NRPA's move codes): the kernel tracks each tile's
identity as tiles fall and columns close (``remove_group`` with ``ids``), and the
scan with ``ids`` hashes a group's tiles by where they stood at the start.

- The identities follow the tiles exactly: after any sequence of removals every
  cell holds the identity a plain-Python model of gravity gives its tile.
- A group's code by tiles is the hash of its tiles' start cells, so a group that
  fell or shifted keeps its code (and before any removal the codes by tiles are
  the codes by cells).
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from samegame.bots.search.one_search import cell_keys
from samegame.core.board import Board
from samegame.kernel.groups import COLOUR_MIX, FOLD, legal_groups
from samegame.kernel.remove import remove_group
from samegame.kernel.state import to_kernel
from strategies import boards

MASK = np.uint64((1 << 17) - 1)

Model = list[list[tuple[int, int]]]
"""Columns left to right, each bottom first, of (grid colour, identity)."""


def model_of(board: Board) -> Model:
    step = board.height + 1
    return [
        [(colour + 1, (col + 1) * step + row) for row, colour in enumerate(column)]
        for col, column in enumerate(board.columns())
    ]


def model_group(model: Model, col: int, row: int) -> set[tuple[int, int]]:
    """The cells of the group at (col, row), by a plain fill on the model."""
    colour = model[col][row][0]
    group = {(col, row)}
    todo = [(col, row)]
    while todo:
        c, r = todo.pop()
        for nc, nr in ((c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)):
            inside = 0 <= nc < len(model) and 0 <= nr < len(model[nc])
            if inside and (nc, nr) not in group and model[nc][nr][0] == colour:
                group.add((nc, nr))
                todo.append((nc, nr))
    return group


def model_remove(model: Model, col: int, row: int) -> None:
    """Remove the group at (col, row): the tiles above fall, empty columns close."""
    group = model_group(model, col, row)
    for c in range(len(model)):
        model[c] = [tile for r, tile in enumerate(model[c]) if (c, r) not in group]
    model[:] = [column for column in model if column]


def model_grid(model: Model, height: int) -> list[tuple[int, int, int]]:
    """(state index, colour, identity) of every occupied cell."""
    step = height + 1
    return [
        ((c + 1) * step + r, colour, identity)
        for c, column in enumerate(model)
        for r, (colour, identity) in enumerate(column)
    ]


def scan(state: np.ndarray, height: int, ids: np.ndarray | None) -> list[tuple[int, int, int]]:
    """(anchor, size, code) of every group of one tile or more."""
    n = state.shape[0]
    anchors, sizes = np.empty(n, dtype=np.int32), np.empty(n, dtype=np.int32)
    codes = np.empty(n, dtype=np.int64)
    stack = np.empty(n, dtype=np.uint32)
    count = legal_groups(
        state, height, 1, stack, anchors, sizes, cell_keys(n), MASK, codes, None, ids
    )
    found = (anchors[:count].tolist(), sizes[:count].tolist(), codes[:count].tolist())
    return list(zip(*found, strict=True))


def reference_code(keys: list[int], colour: int, identities: list[int]) -> int:
    h = (colour * int(COLOUR_MIX)) % (1 << 64)
    for identity in identities:
        h ^= keys[identity]
    return (h ^ (h >> int(FOLD))) & int(MASK)


@settings(max_examples=150, deadline=None)
@given(board=boards(), picks=st.lists(st.integers(0, 10_000), max_size=40))
def test_identities_follow_the_tiles_and_codes_hash_them(board: Board, picks: list[int]) -> None:
    state = to_kernel(board)
    n = state.shape[0]
    height = board.height
    step = height + 1
    keys = [int(k) for k in cell_keys(n)]
    ids = np.arange(n, dtype=np.uint16)
    model = model_of(board)
    stack = np.empty(n, dtype=np.uint32)
    assert scan(state, height, ids) == scan(state, height, None), (
        "before any removal a code by tiles is the code by cells"
    )
    for pick in picks:
        groups = scan(state, height, ids)
        if not groups:
            break
        for anchor, size, code in groups:
            col, row = divmod(anchor, step)
            colour = model[col - 1][row][0]
            identities = [model[c][r][1] for c, r in model_group(model, col - 1, row)]
            assert len(identities) == size
            assert code == reference_code(keys, colour, identities)
        anchor = groups[pick % len(groups)][0]
        remove_group(state, height, anchor, stack, ids)
        col, row = divmod(anchor, step)
        model_remove(model, col - 1, row)
        for index, colour, identity in model_grid(model, height):
            assert state[index] == colour
            assert ids[index] == identity


def test_a_group_that_fell_keeps_its_code_by_tiles_only() -> None:
    # Two columns, each a 1 under a 0: the 0s are a pair on the top row; when the
    # pair of 1s below them goes, they fall to the bottom row.
    board = Board.from_columns([[1, 0], [1, 0]], 2, 2)
    state = to_kernel(board)
    n = state.shape[0]
    step = board.height + 1
    stack = np.empty(n, dtype=np.uint32)
    ids = np.arange(n, dtype=np.uint16)

    def code_of_zeros(by_tiles: bool) -> int:
        for anchor, size, code in scan(state, board.height, ids if by_tiles else None):
            if state[anchor] == 1 and size == 2:
                return code
        raise AssertionError("the pair of 0s is a group")

    before = (code_of_zeros(True), code_of_zeros(False))
    remove_group(state, board.height, 1 * step + 0, stack, ids)  # the 1s at A1 and B1
    assert state[1 * step + 0] == 1, "the 0 of column A fell to the bottom"
    after = (code_of_zeros(True), code_of_zeros(False))
    assert after[0] == before[0], "the same tiles are the same move"
    assert after[1] != before[1], "by cells a group that fell is another move"
