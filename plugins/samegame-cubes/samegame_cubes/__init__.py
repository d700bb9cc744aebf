"""samegame-cubes: an example plugin contributing a scoring formula (with its words
in English and Japanese), a preset, a renderer and a command.

>>> CUBES.points(5)
27
>>> from samegame import read_board
>>> print(render_csv(read_board("RB\\nRG"), {}), end="")
R,B
R,G
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from samegame import Board
from samegame.core.textboard import board_rows
from samegame.plugin import Command, PresetDirectory, Renderer, ScoringFormula, hookimpl

CUBES = ScoringFormula("cubes", lambda n: max(0, n - 2) ** 3, "n minus 2, cubed, for n tiles")
PRESETS = Path(__file__).resolve().parent / "presets"


def render_csv(board: Board, options: dict[str, Any]) -> str:
    """The board as comma-separated letters, one line per row, top row first."""
    return "".join(",".join(row) + "\n" for row in board_rows(board))


def cubes_table(
    largest: Annotated[
        int, typer.Option("--largest", min=2, max=50, help="The largest group.")
    ] = 8,
) -> None:
    """Print the points of the cubes formula for groups of 2 tiles and more."""
    for tiles in range(2, largest + 1):
        typer.echo(f"{tiles} tiles: {CUBES.points(tiles)} points")


@hookimpl
def samegame_scoring_formulas() -> list[ScoringFormula]:
    return [CUBES]


@hookimpl
def samegame_preset_directories() -> list[PresetDirectory]:
    return [PresetDirectory("samegame-cubes", PRESETS)]


@hookimpl
def samegame_renderers() -> list[Renderer]:
    return [Renderer("csv", render_csv, "comma-separated letters, top row first", "text/csv")]


@hookimpl
def samegame_messages() -> dict[str, dict[str, str]]:
    return {
        "en": {"formula.cubes": "cubes", "describe.formula.cubes": CUBES.description},
        "ja": {
            "formula.cubes": "3乗",
            "describe.formula.cubes": "n個のグループは、nから2を引いて3乗した点",
        },
    }


@hookimpl
def samegame_commands() -> list[Command]:
    return [Command("cubes-table", cubes_table, "The points of the cubes formula, group by group.")]
