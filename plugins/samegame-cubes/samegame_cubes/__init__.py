"""samegame-cubes: an example plugin contributing a scoring formula and a preset.

>>> CUBES.points(5)
27
"""

from __future__ import annotations

from pathlib import Path

from samegame.contributions import PresetDirectory, ScoringFormula
from samegame.hookspecs import hookimpl

CUBES = ScoringFormula("cubes", lambda n: max(0, n - 2) ** 3, "(n-2)^3 points for n tiles")
PRESETS = Path(__file__).resolve().parent / "presets"


@hookimpl
def samegame_scoring_formulas() -> list[ScoringFormula]:
    return [CUBES]


@hookimpl
def samegame_preset_directories() -> list[PresetDirectory]:
    return [PresetDirectory("samegame-cubes", PRESETS)]
