"""Built-in board generators (board types).

The uniform ones fill cells column by column, left to right, each column bottom to
top, drawing ``below(colours)`` from the board number's stable stream (see
samegame.core.numbering); ``solvable`` documents its own construction.

- ``random``: uniform colours.
- ``random-with-move``: uniform, drawn again from the same stream until at least one
  group of two exists.
- ``each-colour-twice``: uniform, drawn again until every colour has two tiles.

The redrawing ones say which specs they never take on (``impossible``): a single
tile (no move), or a board so small for its colours that every draw would miss
too often to be relied on; they refuse those at once, before any draw.
- ``solvable``: guaranteed clearable, with a certificate (samegame.builtins.solvable).

The programs' own deals (``swellfoop``, ``tatham-random``) and the standard research
positions (``standard``) are ``samegame.builtins.program_deals``'.
"""

from __future__ import annotations

import functools
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


def redraw_until(
    record: Callable[[], BoardGenerator],
    accept: Callable[[Board, BoardSpec], bool],
    why: str,
    impossible: Callable[[BoardSpec], str | None],
) -> Callable[[BoardSpec, int], GeneratedBoard]:
    """A generate function: uniform boards drawn from the board number's stream of
    ``record()`` (the generator it serves, asked for when a board is made), again
    until one is ``accept``-ed; a spec ``impossible`` names is refused at once, and
    ``MAX_DRAWS`` misses end in a BoardSpecError saying ``why`` was not met."""

    def generate(spec: BoardSpec, number: int) -> GeneratedBoard:
        refused = impossible(spec)
        if refused is not None:
            raise BoardSpecError(refused)
        rng = stable_random(record(), spec, number)
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


def _no_pair(spec: BoardSpec) -> str | None:
    """A board of one tile has no group of two."""
    if spec.width * spec.height < 2:
        return "a 1x1 board has no legal move; choose at least 2 columns or 2 rows"
    return None


MAX_MISS = 1e-9
"""The largest chance, for a board number, that every one of ``MAX_DRAWS`` draws
misses, for a spec a redrawing generator takes on."""


@functools.lru_cache(maxsize=256)
def chance_every_colour_twice(tiles: int, colours: int) -> float:
    """The chance that ``tiles`` uniform draws of ``colours`` colours give every
    colour at least twice (exact, by the number of colours seen none and once).

    >>> chance_every_colour_twice(3, 2), chance_every_colour_twice(4, 2)
    (0.0, 0.375)
    """
    # chances[(none, once)]: how many colours were drawn no times and once so far
    chances = {(colours, 0): 1.0}
    for _ in range(tiles):
        drawn: dict[tuple[int, int], float] = {}
        for (none, once), chance in chances.items():
            for key, share in (
                ((none - 1, once + 1), none),
                ((none, once - 1), once),
                ((none, once), colours - none - once),
            ):
                if share:
                    drawn[key] = drawn.get(key, 0.0) + chance * share / colours
        chances = drawn
    return chances.get((0, 0), 0.0)


def _too_few_tiles(spec: BoardSpec) -> str | None:
    """A board whose draws would give every colour twice too rarely to be relied on
    (never, below two tiles a colour)."""
    chance = chance_every_colour_twice(spec.width * spec.height, spec.colours)
    if (1.0 - chance) ** MAX_DRAWS > MAX_MISS:
        return (
            f"a {spec.width}x{spec.height} board is too small to hold every colour twice "
            f"with {spec.colours} colours; choose a larger board or fewer colours"
        )
    return None


RANDOM = BoardGenerator("random", 1, _generate_random, "uniformly random colours")
RANDOM_WITH_MOVE: BoardGenerator = BoardGenerator(
    "random-with-move",
    1,
    redraw_until(
        lambda: RANDOM_WITH_MOVE,
        lambda board, spec: board.has_move(2),
        "and a legal move",
        _no_pair,
    ),
    "uniformly random, with at least one legal move",
    impossible=_no_pair,
)
EACH_COLOUR_TWICE: BoardGenerator = BoardGenerator(
    "each-colour-twice",
    1,
    redraw_until(
        lambda: EACH_COLOUR_TWICE, _every_colour_twice, "and every colour twice", _too_few_tiles
    ),
    "uniformly random, every colour at least twice",
    impossible=_too_few_tiles,
)


@hookimpl
def samegame_board_generators() -> list[BoardGenerator]:
    from samegame.builtins.program_deals import STANDARD, SWELLFOOP, TATHAM_RANDOM

    return [
        RANDOM,
        RANDOM_WITH_MOVE,
        EACH_COLOUR_TWICE,
        SOLVABLE,
        SWELLFOOP,
        TATHAM_RANDOM,
        STANDARD,
    ]
