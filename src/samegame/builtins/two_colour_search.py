"""The ``solvable`` generator for two colours: reverse construction needs an
insertion whose whole border has the other colour, which a filling two-colour
board rarely offers (it then takes seconds to minutes; Simon Tatham's generator,
built the same way, requires three colours). Random two-colour boards, on the
other hand, are nearly all clearable from about 4x4 up, so the board is drawn
uniformly at random and a depth-first search (smallest groups first, at most
``SEARCH_NODES`` removals) finds the clearing moves, the certificate; a board it
cannot clear is replaced by the next draw."""

from __future__ import annotations

from collections.abc import Iterator

from samegame.core.board import Board, Group
from samegame.core.coords import Cell
from samegame.core.numbering import BoardSpecError
from samegame.core.rng import StableRandom
from samegame.plugin.contributions import BoardSpec, GeneratedBoard

__all__ = ["SEARCH_NODES", "clearing_moves", "two_colour_board"]

SEARCH_NODES = 1000
"""Removals the two-colour search may try on one drawn board."""


def two_colour_board(spec: BoardSpec, rng: StableRandom, draws: int) -> GeneratedBoard:
    """The first of at most ``draws`` uniformly drawn boards that the search
    clears, with its moves."""
    for _ in range(draws):
        planes = [0] * spec.colours
        for index in range(spec.width * spec.height):
            planes[rng.below(spec.colours)] |= 1 << index
        board = Board(spec.width, spec.height, planes)
        moves = clearing_moves(board, SEARCH_NODES)
        if moves is not None:
            return GeneratedBoard(board, moves)
    raise BoardSpecError(
        f"no clearable {spec.width}x{spec.height} board with {spec.colours} colours "
        "was found; choose another board number or size"
    )


def clearing_moves(board: Board, budget: int) -> tuple[Cell, ...] | None:
    """Anchors of groups whose removal in order empties the board, found by a
    depth-first search trying smaller groups first; None when the search fails or
    has tried ``budget`` removals."""
    boards = [board]
    options = [_options(board)]
    path: list[Cell] = []
    while options:
        if boards[-1].is_empty():
            return tuple(path)
        group = next(options[-1], None)
        if group is None:
            options.pop()
            boards.pop()
            if path:
                path.pop()
            continue
        budget -= 1
        if budget < 0:
            return None
        after = boards[-1].remove(group)
        path.append(group.anchor)
        boards.append(after)
        options.append(_options(after))
    return None


def _options(board: Board) -> Iterator[Group]:
    """The groups worth removing, smallest first; none when a colour has a single
    tile left (it can never be removed)."""
    if 1 in board.colour_counts().values():
        return iter(())
    return iter(sorted(board.iter_groups(), key=lambda group: group.size))
