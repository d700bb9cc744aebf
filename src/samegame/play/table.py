"""What a match plays: the table (a preset with its resolved rules, board type and
size), and the one error a start can give."""

from __future__ import annotations

from dataclasses import dataclass, replace

from samegame.core.rules import Rules
from samegame.plugin.contributions import BoardSpec
from samegame.presets import Preset, Stage

__all__ = ["PlayError", "Table"]


class PlayError(Exception):
    """A start that cannot be made as asked; the message is one line saying what to
    do instead."""


@dataclass(frozen=True)
class Table:
    """What is being played: the preset, its resolved rules, board type and size.
    ``play_args`` are the ``samegame play`` options that choose this table again
    (for example ``("--preset", "lesson")``); None when it cannot be chosen so
    (a game opened by id): then only ``--game ID`` resumes it."""

    preset: Preset
    rules: Rules
    board_type: str
    spec: BoardSpec
    play_args: tuple[str, ...] | None = None

    @property
    def category(self) -> str:
        spec = self.spec
        return self.rules.variant.category_key(
            spec.width, spec.height, spec.colours, self.board_type
        )

    def for_stage(self, stage: Stage) -> Table:
        return replace(
            self,
            board_type=stage.board_type,
            spec=BoardSpec(stage.width, stage.height, stage.colours),
        )
