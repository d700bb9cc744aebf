"""The playout filters of ``samegame.kernel.policy`` on hand-made positions: the
``dynamic`` filter takes the colour with the most tiles left as tabu at every step,
where ``selective`` keeps the search root's."""

from __future__ import annotations

from samegame.board import Board
from samegame.kernel.groups import count_colours, legal_groups
from samegame.kernel.policy import DYNAMIC, SELECTIVE, select_candidates, uniform_policy
from samegame.kernel.scratch import new_scratch
from samegame.kernel.state import to_kernel


def _candidates(board: Board, kind: int, tabu: int) -> list[tuple[int, int]]:
    """(colour, size) of each candidate group of ``board`` under the filter."""
    grid = to_kernel(board)
    scratch = new_scratch(grid.shape[0])
    count = legal_groups(grid, board.height, 2, scratch.stack, scratch.anchors, scratch.sizes)
    counts = count_colours(grid)
    n = select_candidates(count, grid, uniform_policy(kind, tabu), counts, scratch)
    return sorted((int(grid[scratch.anchors[c]]), int(scratch.sizes[c])) for c in scratch.cand[:n])


# Columns bottom first, colours 0-2 (stored 1-3). Rows, top first:
#   BG..
#   RBRG
#   RBGR
# R has 4 tiles (one pair, two singles), B 3 (one pair), G 3 (singles).
BOARD = Board.from_columns([[0, 0, 1], [1, 1, 2], [2, 0], [0, 2]], 4, 3)
GONE = 4  # the search root's tabu colour (stored), of which no tile is left
R, B = 1, 2


def test_selective_keeps_the_roots_tabu_colour() -> None:
    # The pair of B would leave one B: pruned; the pair of R is played.
    assert _candidates(BOARD, SELECTIVE, GONE) == [(R, 2)]


def test_dynamic_makes_the_largest_colour_tabu() -> None:
    # R is tabu now (most tiles, not one block); the B pair is pruned by the
    # selective rule, so the tabu rule's candidates are used: the B pair.
    assert _candidates(BOARD, DYNAMIC, GONE) == [(B, 2)]
