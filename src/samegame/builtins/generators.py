"""Built-in board generators (board types).

The uniform ones fill cells column by column, left to right, each column bottom to
top, drawing ``below(colours)`` from the board number's stable stream (see
samegame.core.numbering); ``solvable`` documents its own construction.

- ``random``: uniform colours.
- ``random-with-move``: uniform, drawn again from the same stream until at least one
  group of two exists.
- ``each-colour-twice``: uniform, drawn again until every colour has two tiles.
- ``solvable``: guaranteed clearable, with a certificate (samegame.builtins.solvable).
"""

from __future__ import annotations

from collections.abc import Callable

from samegame.builtins.solvable import SOLVABLE
from samegame.core.board import Board
from samegame.core.numbering import BoardSpecError, stable_random
from samegame.core.rng import StableRandom
from samegame.plugin.contributions import BoardGenerator, BoardSpec, GeneratedBoard
from samegame.plugin.hookspecs import hookimpl

MAX_DRAWS = 10_000


def uniform_board(spec: BoardSpec, rng: StableRandom) -> Board:
    """A full board of uniformly drawn colours, filled column-major, bottom first."""
    height = spec.height
    planes = [0] * spec.colours
    for index in range(spec.width * height):
        planes[rng.below(spec.colours)] |= 1 << index
    return Board(spec.width, height, planes)


def _redraw_until(
    name: str, accept: Callable[[Board, BoardSpec], bool], why: str
) -> Callable[[BoardSpec, int], GeneratedBoard]:
    def generate(spec: BoardSpec, number: int) -> GeneratedBoard:
        rng = stable_random(_BY_NAME[name], spec, number)
        for _ in range(MAX_DRAWS):
            board = uniform_board(spec, rng)
            if accept(board, spec):
                return GeneratedBoard(board)
        raise BoardSpecError(
            f"no {spec.width}x{spec.height} board with {spec.colours} colours {why} was found; "
            "choose a larger board or fewer colours"
        )

    return generate


def _generate_random(spec: BoardSpec, number: int) -> GeneratedBoard:
    return GeneratedBoard(uniform_board(spec, stable_random(RANDOM, spec, number)))


def _every_colour_twice(board: Board, spec: BoardSpec) -> bool:
    counts = board.colour_counts()
    return all(counts.get(colour, 0) >= 2 for colour in range(spec.colours))


RANDOM = BoardGenerator("random", 1, _generate_random, "uniformly random colours")
RANDOM_WITH_MOVE = BoardGenerator(
    "random-with-move",
    1,
    _redraw_until("random-with-move", lambda board, spec: board.has_move(2), "and a legal move"),
    "uniformly random, with at least one legal move",
)
EACH_COLOUR_TWICE = BoardGenerator(
    "each-colour-twice",
    1,
    _redraw_until("each-colour-twice", _every_colour_twice, "and every colour twice"),
    "uniformly random, every colour at least twice",
)

_BY_NAME = {g.name: g for g in (RANDOM, RANDOM_WITH_MOVE, EACH_COLOUR_TWICE)}


@hookimpl
def samegame_board_generators() -> list[BoardGenerator]:
    return [RANDOM, RANDOM_WITH_MOVE, EACH_COLOUR_TWICE, SOLVABLE]
