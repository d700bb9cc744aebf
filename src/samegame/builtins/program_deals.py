"""Board types that deal as the programs the presets name deal, and the standard
research positions as a board type.

- ``swellfoop``: GNOME Swell Foop's deal (``src/game.vala``, ``create_new_game``:
  uniform colours, dealt again while a colour has fewer than two tiles
  (``bad_colors_number``) or no two touching tiles share a colour
  (``unclickable_board``)), drawn from the board number's stable stream.
- ``tatham-random``: the random boards of Simon Tatham's Same Game
  (``samegame.c``, ``gen_grid_random``, "Ensure solubility" off): two tiles of
  every colour on cells drawn at random, every other cell uniform; it refuses a
  board with fewer than two cells a colour, as Tatham's ``validate_params`` does.
- ``standard``: board number N (1 to 20) is standard research position N
  (``samegame/benchmark/data/standard-20.txt``, 15 by 15, 5 colours), so
  ``--preset benchmark --board-type standard --board-number 5`` is position 5.

>>> STANDARD.generate(BoardSpec(15, 15, 5), 1).board.tile_count()
225
>>> SWELLFOOP.impossible(BoardSpec(2, 2, 3))
'a 2x2 board cannot hold two tiles of each of 3 colours; choose a larger board or fewer colours'
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from samegame.builtins.generators import redraw_until
from samegame.core.board import Board
from samegame.core.numbering import BoardSpecError, stable_random
from samegame.core.textboard import read_boards
from samegame.plugin.contributions import BoardGenerator, BoardSpec, GeneratedBoard

POSITIONS = 20
STANDARD_SPEC = BoardSpec(15, 15, 5)


def _two_of_each(spec: BoardSpec) -> str | None:
    """A board too small for two tiles of every colour (and one of one tile)."""
    if spec.width * spec.height < 2 * spec.colours:
        return (
            f"a {spec.width}x{spec.height} board cannot hold two tiles of each of "
            f"{spec.colours} colours; choose a larger board or fewer colours"
        )
    return None


def _dealt_well(board: Board, spec: BoardSpec) -> bool:
    counts = board.colour_counts()
    every_colour_twice = all(counts.get(colour, 0) >= 2 for colour in range(spec.colours))
    return every_colour_twice and board.has_move(2)


def _tatham_random(spec: BoardSpec, number: int) -> GeneratedBoard:
    refused = _two_of_each(spec)
    if refused is not None:
        raise BoardSpecError(refused)
    rng = stable_random(TATHAM_RANDOM, spec, number)
    cells = spec.width * spec.height
    colour_of: list[int | None] = [None] * cells
    for colour in range(spec.colours):
        for _ in range(2):
            while True:
                index = rng.below(cells)
                if colour_of[index] is None:
                    colour_of[index] = colour
                    break
    planes = [0] * spec.colours
    for index in range(cells):  # column by column, each bottom first
        placed = colour_of[index]
        planes[rng.below(spec.colours) if placed is None else placed] |= 1 << index
    return GeneratedBoard(Board(spec.width, spec.height, planes))


@cache
def standard_positions() -> tuple[Board, ...]:
    """The 20 standard research positions, position 1 first."""
    text = resources.files("samegame.benchmark.data").joinpath("standard-20.txt")
    return tuple(read_boards(text.read_text(encoding="utf-8")))


def _not_standard(spec: BoardSpec) -> str | None:
    if spec != STANDARD_SPEC:
        return (
            "the standard positions are 15x15 with 5 colours; choose the size 15x15 and "
            "5 colours (the benchmark preset's)"
        )
    return None


def _standard(spec: BoardSpec, number: int) -> GeneratedBoard:
    refused = _not_standard(spec)
    if refused is not None:
        raise BoardSpecError(refused)
    if not 1 <= number <= POSITIONS:
        raise BoardSpecError(
            f"board {number} is not a standard position; the standard positions are boards "
            f"1 to {POSITIONS}"
        )
    return GeneratedBoard(standard_positions()[number - 1])


SWELLFOOP: BoardGenerator = BoardGenerator(
    "swellfoop",
    1,
    redraw_until(
        lambda: SWELLFOOP, _dealt_well, "with every colour twice and a move", _two_of_each
    ),
    "uniformly random, dealt again until every colour has two tiles and a move exists "
    "(GNOME Swell Foop)",
    impossible=_two_of_each,
    min_colours=2,
)
TATHAM_RANDOM = BoardGenerator(
    "tatham-random",
    1,
    _tatham_random,
    "two tiles of every colour, the rest uniformly random (Simon Tatham's random boards)",
    impossible=_two_of_each,
    min_colours=2,
)
STANDARD = BoardGenerator(
    "standard",
    1,
    _standard,
    "board N is standard research position N (1 to 20; 15x15, 5 colours)",
    impossible=_not_standard,
)
