"""Random full boards for the search tests: the same board for the same label and seed."""

from __future__ import annotations

from samegame.core.board import Board
from samegame.core.rng import StableRandom, derive_seed


def random_board(label: str, seed: int, width: int = 9, height: int = 8, colours: int = 4) -> Board:
    """A full ``width`` x ``height`` board of uniformly drawn colours, drawn from
    ``derive_seed(label, seed)``."""
    rng = StableRandom(derive_seed(label, seed))
    columns = [[rng.below(colours) for _ in range(height)] for _ in range(width)]
    return Board.from_columns(columns, width, height)
