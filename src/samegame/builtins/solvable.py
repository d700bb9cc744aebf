"""Guaranteed-clearable boards: the ``solvable`` board type.

Contract: ``SOLVABLE.generate(spec, number)`` returns a full board (``spec.width``
columns by ``spec.height`` rows, every cell filled with a colour ``0`` to
``spec.colours - 1``; every colour appears unless the board holds too few groups)
and a certificate: for each move the anchor (lowest tile of the leftmost column) of
the group to remove, such that removing the groups in order empties the board and
every group has at least two tiles. A spec and number give the same board on every
platform, forever: every random choice is drawn from
``stable_random(SOLVABLE, spec, number)`` and nothing depends on set or hash order.
A 1x1 board cannot be cleared and raises BoardSpecError.

Three or more colours: reverse construction
(``samegame.builtins.reverse_construction``): play a game backwards from the empty
board, inserting one small group at a time (``samegame.builtins.insertions``) in a
colour that makes it a maximal group; the certificate is the groups in reverse
order of insertion. Two colours: a uniformly drawn board that a depth-first search
clears (``samegame.builtins.two_colour_search``).

>>> from samegame.core.numbering import make_board
>>> from samegame.core.textboard import write_board
>>> made = make_board(SOLVABLE, BoardSpec(4, 3, 3), 5)
>>> print(write_board(made.board), end="")
GBRG
RBRG
RGBB
>>> [str(cell) for cell in made.certificate]
['D2', 'B2', 'A1', 'C2', 'A1', 'A1']
"""

from __future__ import annotations

from samegame.builtins.reverse_construction import ReverseBuilder
from samegame.builtins.two_colour_search import two_colour_board
from samegame.core.numbering import BoardSpecError, stable_random
from samegame.plugin.contributions import BoardGenerator, BoardSpec, GeneratedBoard

__all__ = ["MAX_STARTS", "SOLVABLE"]

MAX_STARTS = 100
"""Fresh starts (reverse construction) or draws (two colours) before giving up."""


def _impossible(spec: BoardSpec) -> str | None:
    """Why no clearable board of ``spec`` exists: a single tile is never a group."""
    if spec.width * spec.height < 2:
        return "a 1x1 board cannot be cleared; choose at least 2 columns or 2 rows"
    return None


def _generate(spec: BoardSpec, number: int) -> GeneratedBoard:
    """The board of a number: full, clearable, with its certificate."""
    why = _impossible(spec)
    if why is not None:
        raise BoardSpecError(why)
    rng = stable_random(SOLVABLE, spec, number)
    if spec.colours == 2:
        return two_colour_board(spec, rng, MAX_STARTS)
    return ReverseBuilder(spec, rng).build(MAX_STARTS)


SOLVABLE = BoardGenerator(
    "solvable",
    1,
    _generate,
    "always clearable, with a certificate (built backwards from the empty board)",
    guarantees_clear=True,
    min_colours=2,
    impossible=_impossible,
)
