"""Registers the preset folder shipped inside the package."""

from __future__ import annotations

from pathlib import Path

from samegame.contributions import PresetDirectory
from samegame.hookspecs import hookimpl

PRESETS_PATH = Path(__file__).resolve().parent.parent / "presets"


@hookimpl
def samegame_preset_directories() -> list[PresetDirectory]:
    return [PresetDirectory("samegame", PRESETS_PATH)]
