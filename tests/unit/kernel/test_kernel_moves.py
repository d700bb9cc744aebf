"""The kernel's scan with move codes (``legal_groups`` given ``keys``, as a weighted
playout policy calls it) hashes each group into a move code: it must list exactly
the groups the scan without codes lists, and give equal codes exactly to equal
groups."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samegame.bots.search.one_search import cell_keys
from samegame.core.board import Board
from samegame.kernel.groups import COLOUR_MIX, FOLD, legal_groups
from samegame.kernel.state import to_kernel
from strategies import boards

MASK = np.uint64((1 << 17) - 1)


def scan(board: Board, min_group: int) -> tuple[list[tuple[int, int]], list[tuple[int, int, int]]]:
    state = to_kernel(board)
    n = state.shape[0]
    anchors, sizes = np.empty(n, dtype=np.int32), np.empty(n, dtype=np.int32)
    count = legal_groups(
        state, board.height, min_group, np.empty(n, dtype=np.uint32), anchors, sizes
    )
    expected = list(zip(anchors[:count].tolist(), sizes[:count].tolist(), strict=True))
    codes = np.empty(n, dtype=np.int64)
    got_count = legal_groups(
        state, board.height, min_group, np.empty(n, dtype=np.uint32), anchors, sizes,
        cell_keys(n), MASK, codes,
    )  # fmt: skip
    got = list(
        zip(
            anchors[:got_count].tolist(),
            sizes[:got_count].tolist(),
            codes[:got_count].tolist(),
            strict=True,
        )
    )
    assert np.array_equal(state, to_kernel(board)), "the scan leaves the grid as it found it"
    return expected, got


@settings(max_examples=300, deadline=None)
@given(board=boards(), min_group=st.integers(1, 4))
@pytest.mark.slow
def test_the_scan_with_codes_lists_the_same_groups(board: Board, min_group: int) -> None:
    expected, got = scan(board, min_group)
    assert [(anchor, size) for anchor, size, _ in got] == expected
    assert all(0 <= code <= int(MASK) for _, _, code in got)


def reference_code(board: Board, cells: list[tuple[int, int]], colour: int) -> int:
    """The move code worked out in plain Python integers from the group's cells."""
    keys = [int(k) for k in cell_keys(to_kernel(board).shape[0])]
    h = ((colour + 1) * int(COLOUR_MIX)) % (1 << 64)
    for col, row in cells:
        h ^= keys[(col + 1) * (board.height + 1) + row]
    return (h ^ (h >> int(FOLD))) & int(MASK)


@settings(max_examples=100, deadline=None)
@given(board=boards())
def test_codes_hash_each_group_cells_and_colour(board: Board) -> None:
    _, got = scan(board, 2)
    step = board.height + 1
    by_anchor = {(g.anchor.col + 1) * step + g.anchor.row: g for g in board.groups(2)}
    for anchor, _, code in got:
        group = by_anchor[anchor]
        cells = [(c.col, c.row) for c in board.cells(group.mask)]
        assert code == reference_code(board, cells, group.colour)
