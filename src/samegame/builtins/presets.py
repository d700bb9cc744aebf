"""Registers the built-in preset folder.

The files live in the repository's top-level ``presets/`` folder. A wheel carries
them as ``samegame/preset_files/`` (hatch ``force-include``, pyproject.toml); an
editable install reads the repository's folder itself. Either way the program
reads the very files of ``presets/``; tests/system/test_packaging.py builds a wheel and
checks that it carries every one.
"""

from __future__ import annotations

from pathlib import Path

from samegame.plugin.contributions import PresetDirectory
from samegame.plugin.hookspecs import hookimpl

_PACKAGE = Path(__file__).resolve().parent.parent
WHEEL_PRESETS_PATH = _PACKAGE / "preset_files"
SOURCE_PRESETS_PATH = _PACKAGE.parent.parent / "presets"


def presets_path() -> Path:
    """The built-in preset folder of this installation."""
    return WHEEL_PRESETS_PATH if WHEEL_PRESETS_PATH.is_dir() else SOURCE_PRESETS_PATH


PRESETS_PATH = presets_path()


@hookimpl
def samegame_preset_directories() -> list[PresetDirectory]:
    return [PresetDirectory("samegame", PRESETS_PATH)]
