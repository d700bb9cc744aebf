"""Board numbers: a generator, a spec and a number give one board, everywhere, forever.

``make_board`` checks the spec, asks the generator, and for generators that promise
a clear replays the certificate with the rules core before the board is offered.
Each generator draws from ``stable_random(generator, spec, number)``, seeded from
the generator's name and version, the width, height, colour count and number.

>>> from samegame.builtins.generators import RANDOM
>>> made = make_board(RANDOM, BoardSpec(4, 3, 2), 7)
>>> made.board == make_board(RANDOM, BoardSpec(4, 3, 2), 7).board
True
"""

from __future__ import annotations

from samegame.core.board import Board
from samegame.core.coords import MAX_COLUMNS
from samegame.core.palette import MAX_COLOURS
from samegame.core.rng import StableRandom, derive_seed
from samegame.core.rule_parts import BoardGenerator, BoardSpec, GeneratedBoard
from samegame.i18n.said import Said

MAX_BOARD_NUMBER = 10**18 - 1


class BoardSpecError(ValueError):
    """A board that cannot be made: size, colours or number out of range."""


def stable_random(generator: BoardGenerator, spec: BoardSpec, number: int) -> StableRandom:
    """The generator stream for one board number."""
    seed = derive_seed(
        generator.name, generator.version, spec.width, spec.height, spec.colours, number
    )
    return StableRandom(seed)


def check_spec(spec: BoardSpec, generator: BoardGenerator | None = None) -> None:
    """Raise BoardSpecError, saying what is allowed, for an impossible spec."""
    from samegame.core.board import MAX_HEIGHT

    if not 1 <= spec.width <= MAX_COLUMNS:
        raise Said.of("error.size.width", width=spec.width, high=MAX_COLUMNS).error(BoardSpecError)
    if not 1 <= spec.height <= MAX_HEIGHT:
        said = Said.of("error.size.height", height=spec.height, high=MAX_HEIGHT)
        raise said.error(BoardSpecError)
    low = generator.min_colours if generator else 1
    if not low <= spec.colours <= MAX_COLOURS:
        said = (
            Said.of("error.size.colours", colours=spec.colours, low=low, high=MAX_COLOURS)
            if generator is None
            else Said.of(
                "error.size.colours.type",
                colours=spec.colours,
                board_type=generator.name,
                low=low,
                high=MAX_COLOURS,
            )
        )
        raise said.error(BoardSpecError)


def make_board(generator: BoardGenerator, spec: BoardSpec, number: int) -> GeneratedBoard:
    """The board of a board number, its certificate checked when it has one."""
    check_spec(spec, generator)
    if not 0 <= number <= MAX_BOARD_NUMBER:
        said = Said.of("error.board_number.range", number=number, high=MAX_BOARD_NUMBER)
        raise said.error(BoardSpecError)
    made = generator.generate(spec, number)
    board = made.board
    if (board.width, board.height) != (spec.width, spec.height):
        raise BoardSpecError(
            f"generator {generator.name} made a {board.width}x{board.height} board "
            f"for {spec.width}x{spec.height}"
        )
    if len(board.planes) > spec.colours:
        raise BoardSpecError(
            f"generator {generator.name} used {len(board.planes)} colours for a "
            f"{spec.colours}-colour board"
        )
    if generator.guarantees_clear:
        if made.certificate is None:
            raise BoardSpecError(f"generator {generator.name} promised a certificate and gave none")
        if not replays_to_clear(board, made.certificate):
            raise BoardSpecError(
                f"generator {generator.name} gave board {number} a certificate that does not "
                "clear it; please report this"
            )
    return made


def replays_to_clear(board: Board, certificate: tuple[object, ...]) -> bool:
    """True when removing the certificate's groups in order (each of 2 tiles or more)
    empties the board."""
    from samegame.core.coords import Cell

    for cell in certificate:
        if not isinstance(cell, Cell):
            return False
        if not (0 <= cell.col < board.width and 0 <= cell.row < board.height):
            return False
        group = board.group_at(cell)
        if group is None or group.size < 2:
            return False
        board = board.remove(group)
    return board.is_empty()


__all__ = [
    "BoardSpec",
    "BoardSpecError",
    "GeneratedBoard",
    "check_spec",
    "make_board",
    "replays_to_clear",
    "stable_random",
]
