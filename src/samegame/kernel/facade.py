"""The typed Python face of the kernel.

Every function here checks its arguments and calls the compiled functions of
``groups``, ``remove`` and ``playout``; numba code (search bots) calls those
directly. A state is the ``uint8`` array of ``samegame.kernel.state``; the
``KernelRules`` passed with it give its width and height.

>>> from samegame.core.formulas import BASIC
>>> from samegame.core.rules import Rules
>>> from samegame.core.textboard import read_board
>>> board = read_board("RB.\\nRBB")
>>> rules = KernelRules.from_rules(Rules(BASIC), board.width, board.height)
>>> state = to_kernel(board)
>>> [(g.colour, str(g.anchor), g.size) for g in legal_groups(state, rules)]
[(0, 'A1', 2), (1, 'B1', 3)]
>>> after, points = play(state, rules, Cell(1, 1))
>>> points, from_kernel(after, 3, 2) == board.remove(board.group_at(Cell(1, 0)))
(1, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

import numpy as np
import numpy.typing as npt

from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.kernel import groups as _groups
from samegame.kernel import playout as _playout
from samegame.kernel import remove as _remove
from samegame.kernel.kernel_rules import KernelRules
from samegame.kernel.kernel_rules import settle as _settle
from samegame.kernel.splitmix import seed_state
from samegame.kernel.state import (
    State,
    cell_index,
    check_state,
    from_kernel,
    index_cell,
    to_kernel,
)

__all__ = [
    "KernelGroup",
    "KernelRules",
    "Playouts",
    "RecordedPlayout",
    "State",
    "best_playout",
    "from_kernel",
    "group_labels",
    "legal_groups",
    "play",
    "random_playouts",
    "recorded_playout",
    "settle",
    "tile_count",
    "to_kernel",
]


@dataclass(frozen=True)
class KernelGroup:
    """A legal group: colour, canonical anchor, size and cells (canonical order:
    column by column, bottom up), like ``samegame.Group`` and ``Board.cells``."""

    colour: int
    anchor: Cell
    size: int
    cells: tuple[Cell, ...]


@dataclass(frozen=True, eq=False)
class Playouts:
    """Results of a batch of playouts: settled scores and move counts, one each."""

    scores: npt.NDArray[np.int64]
    moves: npt.NDArray[np.int32]


@dataclass(frozen=True)
class RecordedPlayout:
    """One playout with its moves (anchors, in order) and settled score."""

    score: int
    moves: tuple[Cell, ...]


def _check(state: State, rules: KernelRules) -> None:
    check_state(state, rules.width, rules.height)


def _scratch(state: State) -> npt.NDArray[np.int32]:
    return np.empty(state.shape[0], dtype=np.int32)


def _listing(
    state: State, rules: KernelRules, min_group: int
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """The compiled scan's groups of at least ``min_group`` tiles: anchors, sizes and
    every listed group's cells (one group after another, each in state index order,
    which is the canonical order: column by column, bottom up)."""
    _check(state, rules)
    anchors, sizes, cells = _scratch(state), _scratch(state), _scratch(state)
    stack = np.empty(state.shape[0], dtype=np.uint32)
    grid = state.copy()
    count = int(
        _groups.legal_groups(
            grid, rules.height, min_group, stack, anchors, sizes, None, np.uint64(0), None, cells
        )
    )
    sizes = sizes[:count]
    ends = np.cumsum(sizes)
    cells = cells[: int(ends[-1]) if count else 0]
    for start, end in zip((ends - sizes).tolist(), ends.tolist(), strict=True):
        cells[start:end].sort()
    return anchors[:count], sizes, cells


def group_labels(state: State, rules: KernelRules) -> npt.NDArray[np.int32]:
    """Group number of every state index (-1: empty or sentinel), groups numbered in
    anchor order, all sizes (singletons too)."""
    _anchors, sizes, cells = _listing(state, rules, 1)
    labels = np.full(state.shape[0], -1, dtype=np.int32)
    labels[cells] = np.repeat(np.arange(sizes.shape[0], dtype=np.int32), sizes)
    return labels


def legal_groups(state: State, rules: KernelRules) -> list[KernelGroup]:
    """Every group of at least ``rules.min_group`` tiles, sorted by anchor."""
    anchors, sizes, cells = _listing(state, rules, rules.min_group)
    cols, rows = np.divmod(cells, rules.height + 1)
    members = list(map(Cell, (cols - 1).tolist(), rows.tolist()))
    out = []
    offset = 0
    for anchor, size in zip(anchors.tolist(), sizes.tolist(), strict=True):
        group = tuple(members[offset : offset + size])
        offset += size
        out.append(KernelGroup(int(state[anchor]) - 1, group[0], size, group))
    return out


def play(state: State, rules: KernelRules, cell: Cell) -> tuple[State, int]:
    """Remove the group at ``cell`` (any of its tiles): the new state and the points.

    Raises ``ValueError`` when the cell is outside, empty, or its group is smaller
    than ``rules.min_group``. ``state`` is not changed.
    """
    _check(state, rules)
    if not (0 <= cell.col < rules.width and 0 <= cell.row < rules.height):
        raise ValueError(f"{cell} is outside the {rules.width}x{rules.height} board")
    index = cell_index(rules.height, cell.col, cell.row)
    if state[index] == 0:
        raise ValueError(f"{cell} is empty")
    after = state.copy()
    stack = np.empty(state.shape[0], dtype=np.uint32)
    size = int(_remove.remove_group(after, rules.height, index, stack))
    if size < rules.min_group:
        raise ValueError(f"{cell} is in a group of {size}; groups need {rules.min_group}")
    return after, int(rules.points[size])


def tile_count(state: State, rules: KernelRules) -> int:
    """Number of tiles on the board."""
    _check(state, rules)
    return int(_groups.count_tiles(state, rules.height))


def settle(score: int, remaining: int, rules: KernelRules) -> int:
    """The final score, as ``Rules.settle(score, remaining).final``, in the kernel."""
    return int(_settle(score, remaining, rules))


def _rng(seed: int | npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    if isinstance(seed, np.ndarray):
        if seed.dtype != np.uint64 or seed.shape != (1,):
            raise ValueError("a generator state is a uint64 array of one element")
        return seed
    return seed_state(seed)


def _run(
    board: Board | State,
    rules: KernelRules,
    n: int,
    seed: int | npt.NDArray[np.uint64],
    best: npt.NDArray[np.int32],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32], int]:
    state = to_kernel(board) if isinstance(board, Board) else board
    _check(state, rules)
    if n < 0:
        raise ValueError(f"the number of playouts cannot be negative ({n})")
    if best.shape[0] and best.shape[0] != state.shape[0]:
        raise ValueError("the move buffer must have the state's length")
    scores, moves, top = _playout.random_playouts(state, rules, _rng(seed), n, best)
    return cast(npt.NDArray[np.int64], scores), cast(npt.NDArray[np.int32], moves), int(top)


def random_playouts(
    board: Board | State,
    rules: KernelRules,
    n: int,
    seed: int | npt.NDArray[np.uint64],
) -> Playouts:
    """``n`` uniform random playouts from a board (or state).

    ``seed`` is an int (for example ``samegame.core.rng.derive_seed(...)``) or a
    generator state from ``seed_state`` that the call advances, so that successive
    calls continue one stream.
    """
    scores, moves, _ = _run(board, rules, n, seed, np.empty(0, dtype=np.int32))
    return Playouts(scores, moves)


def best_playout(
    board: Board | State,
    rules: KernelRules,
    n: int,
    seed: int | npt.NDArray[np.uint64],
) -> RecordedPlayout:
    """The best of ``n >= 1`` uniform random playouts (the first of the highest
    settled score), with its moves as canonical anchors."""
    if n < 1:
        raise ValueError(f"best_playout needs at least one playout, not {n}")
    state = to_kernel(board) if isinstance(board, Board) else board
    best = np.empty(state.shape[0], dtype=np.int32)
    scores, moves, top = _run(state, rules, n, seed, best)
    height = rules.height
    return RecordedPlayout(
        int(scores[top]),
        tuple(index_cell(height, anchor) for anchor in best[: int(moves[top])].tolist()),
    )


def recorded_playout(
    board: Board | State,
    rules: KernelRules,
    seed: int | npt.NDArray[np.uint64],
) -> RecordedPlayout:
    """One uniform random playout that keeps its moves (canonical anchors)."""
    return best_playout(board, rules, 1, seed)
