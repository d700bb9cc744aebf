"""Where samegame keeps files: user presets (config), and the database of saved
games, scores and settings (data).

``SAMEGAME_HOME`` overrides everything: config goes to ``$SAMEGAME_HOME/config`` and
data to ``$SAMEGAME_HOME/data``. Otherwise the platform's user directories are used
(platformdirs).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

HOME_VAR = "SAMEGAME_HOME"
APP_NAME = "samegame"


def _home() -> Path | None:
    value = os.environ.get(HOME_VAR, "").strip()
    return Path(value).expanduser() if value else None


def config_dir() -> Path:
    """User configuration (user presets); not created here."""
    home = _home()
    return home / "config" if home else platformdirs.user_config_path(APP_NAME)


def data_dir() -> Path:
    """User data (the database of saved games, scores and settings); not created here."""
    home = _home()
    return home / "data" if home else platformdirs.user_data_path(APP_NAME)


def user_presets_dir() -> Path:
    """Folder of the user's own preset YAML files."""
    return config_dir() / "presets"
