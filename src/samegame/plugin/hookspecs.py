"""The plugin API: pluggy hook specifications, all prefixed ``samegame_``.

A plugin is a module or object with functions marked ``@hookimpl`` whose names
match these specs, made known through the ``samegame`` entry-point group::

    [project.entry-points.samegame]
    cubes = "samegame_cubes"

Registration hooks return a list of typed records from ``samegame.plugin.contributions``;
every record's ``name`` must be unique across all plugins. The built-in plugins in
``samegame.builtins`` use exactly these hooks. Each hook is described for plugin
authors in docs/plugins.md; a test fails when a hook is missing there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from samegame.core.events import Event
    from samegame.plugin.contributions import (
        BoardGenerator,
        BotFactory,
        Command,
        Penalty,
        PresetDirectory,
        Renderer,
        ScoringFormula,
    )

PROJECT_NAME = "samegame"

hookspec = pluggy.HookspecMarker(PROJECT_NAME)
hookimpl = pluggy.HookimplMarker(PROJECT_NAME)


@hookspec
def samegame_scoring_formulas() -> list[ScoringFormula]:  # type: ignore[empty-body]
    """Scoring formulas: points for removing a group of n tiles."""


@hookspec
def samegame_penalties() -> list[Penalty]:  # type: ignore[empty-body]
    """End-of-board penalties for tiles left when no group remains."""


@hookspec
def samegame_board_generators() -> list[BoardGenerator]:  # type: ignore[empty-body]
    """Board generators: a board (and maybe a clearing certificate) per board number."""


@hookspec
def samegame_renderers() -> list[Renderer]:  # type: ignore[empty-body]
    """Renderers that draw a board as text or as a picture."""


@hookspec
def samegame_bots() -> list[BotFactory]:  # type: ignore[empty-body]
    """Bots that choose moves for the simulator, hint and solve."""


@hookspec
def samegame_preset_directories() -> list[PresetDirectory]:  # type: ignore[empty-body]
    """Folders of preset YAML files."""


@hookspec
def samegame_commands() -> list[Command]:  # type: ignore[empty-body]
    """Commands to add to the ``samegame`` command line (see Command)."""


@hookspec
def samegame_messages() -> dict[str, dict[str, str]]:  # type: ignore[empty-body]
    """Words for what this plugin registers, by language code, then message key:
    ``formula.NAME``, ``describe.formula.NAME``, ``penalty.NAME``,
    ``describe.penalty.NAME``, ``board_type.NAME``, ``describe.board_type.NAME``
    for names the same plugin registers."""


@hookspec
def samegame_game_event(event: Event) -> None:
    """Observe every game event (moves, undo, game over) as it happens."""
