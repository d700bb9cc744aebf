"""Typed records that plugins contribute through the registration hooks.

Every record is a frozen dataclass with a unique ``name``. The plugin manager fills
in ``source`` (the distribution or module that registered it) so that a name clash
can name both sides.

>>> basic = ScoringFormula("basic", lambda n: (n - 2) ** 2, "(n-2)^2")
>>> basic.points(5)
9
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from samegame.board import Board
    from samegame.coords import Cell


@dataclass(frozen=True)
class ScoringFormula:
    """Points for removing a group of ``n`` tiles. ``points`` must be pure."""

    name: str
    points: Callable[[int], int]
    description: str
    source: str = ""


@dataclass(frozen=True)
class Penalty:
    """Points taken off at the end of a board that was not cleared.

    ``amount(remaining_tiles, formula_points)`` gives the deduction; when ``floor`` is
    not None the board's final score never goes below it.
    """

    name: str
    amount: Callable[[int, Callable[[int], int]], int]
    description: str
    floor: int | None = None
    source: str = ""


@dataclass(frozen=True)
class BoardSpec:
    """What a generator is asked for: columns, rows, colour count."""

    width: int
    height: int
    colours: int


@dataclass(frozen=True)
class GeneratedBoard:
    """A generated board; ``certificate`` is a clearing sequence when one is promised."""

    board: Board
    certificate: tuple[Cell, ...] | None = None


@dataclass(frozen=True)
class BoardGenerator:
    """Makes the board for a board number. ``version`` is part of the board's seed:
    bump it whenever the boards a number gives would change.

    ``guarantees_clear`` means every board comes with a certificate that the
    framework replays before the board is offered.
    """

    name: str
    version: int
    generate: Callable[[BoardSpec, int], GeneratedBoard]
    description: str
    guarantees_clear: bool = False
    min_colours: int = 1
    source: str = ""


@dataclass(frozen=True)
class Renderer:
    """Draws a board as text or a picture: ``render(board, options) -> str``."""

    name: str
    render: Callable[[Board, dict[str, Any]], str]
    description: str
    media_type: str = "text/plain"
    source: str = ""


@dataclass(frozen=True)
class BotFactory:
    """A bot: ``create(options)`` returns an object with ``choose(view, rng)``."""

    name: str
    create: Callable[[Mapping[str, str]], Any]
    description: str
    options: tuple[str, ...] = ()
    source: str = ""


@dataclass(frozen=True)
class PresetDirectory:
    """A folder of preset YAML files contributed by a plugin."""

    name: str
    path: Path
    source: str = ""


@dataclass(frozen=True)
class Command:
    """A command added to the ``samegame`` command line. ``run`` is a function that
    Typer turns into a command (its parameters are the options and arguments), or
    a ``typer.Typer`` app for a group of sub-commands; ``description`` is its help
    line. A name taken by a built-in command is refused."""

    name: str
    run: Callable[..., Any]
    description: str
    source: str = ""
