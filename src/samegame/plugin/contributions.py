"""Typed records that plugins contribute through the registration hooks.

Every record is a frozen dataclass with a unique ``name``. The plugin host fills
in ``source`` (the distribution or module that registered it) so that a name clash
can name both sides. The rule parts (formulas, penalties, generators and what a
generator is asked for and gives) are defined in ``samegame.core.rule_parts``,
because the rules core uses them, and are re-exported here.

>>> Renderer("plain", lambda board, options: "", "nothing at all").media_type
'text/plain'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from samegame.core.coords import Cell, format_cell
from samegame.core.rule_parts import (
    BoardGenerator,
    BoardSpec,
    GeneratedBoard,
    Penalty,
    ScoringFormula,
)

if TYPE_CHECKING:
    from samegame.core.board import Board

__all__ = [
    "BoardGenerator",
    "BoardSpec",
    "BotFactory",
    "Command",
    "GeneratedBoard",
    "Penalty",
    "PresetDirectory",
    "Renderer",
    "ScoringFormula",
    "drawing_options",
]


@dataclass(frozen=True)
class Renderer:
    """Draws a board as text or a picture: ``render(board, options) -> str``.

    ``legend`` says what ``play`` prints under the board: ``False`` (the default)
    nothing, ``True`` samegame's own legend in the player's language (``Legend: R
    red circle, ...``, what the built-in renderers ask for), or a function
    ``legend(board, options) -> str`` giving the renderer's own (empty: none)."""

    name: str
    render: Callable[[Board, dict[str, Any]], str]
    description: str
    media_type: str = "text/plain"
    source: str = ""
    legend: bool | Callable[[Board, dict[str, Any]], str] = False


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


def drawing_options(
    symbols: str,
    palette: Sequence[int],
    *,
    coordinates: bool = True,
    selected: Iterable[Cell] = (),
) -> dict[str, Any]:
    """The options every renderer is given, built-in or a plugin's (docs/plugins.md):
    ``coordinates``, ``symbols``, ``palette`` and ``selected`` (the cell names of
    the selected group, column by column; empty when nothing is selected).

    >>> drawing_options("digits", (2, 0), selected=[(0, 0), (0, 1)])
    {'coordinates': True, 'symbols': 'digits', 'palette': [2, 0], 'selected': ['A1', 'A2']}
    """
    return {
        "coordinates": coordinates,
        "symbols": symbols,
        "palette": list(palette),
        "selected": [format_cell(cell) for cell in selected],
    }
