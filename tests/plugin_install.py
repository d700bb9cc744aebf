"""Install an example plugin package for real (pip, into a private folder) and run
``python -m samegame`` with that folder on PYTHONPATH, as a user's machine would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PLUGINS = Path(__file__).resolve().parents[1] / "plugins"


def install_plugin(name: str, target: Path) -> Path:
    """pip-install ``plugins/<name>`` into ``target`` (no index, no dependencies)."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--target",
            str(target),
            str(PLUGINS / name),
        ],
        check=True,
        capture_output=True,
    )
    return target


def run_samegame(
    site: Path, home: Path, *args: str, stdin: str = "", cwd: Path | None = None, **env: str
) -> subprocess.CompletedProcess[str]:
    """``python -m samegame ARGS`` with ``site`` on PYTHONPATH, ``home`` as
    SAMEGAME_HOME, ``stdin`` as its input and ``cwd`` as its working folder; the
    plugin switches of this process are not passed on."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", "SAMEGAME_LOAD_PLUGINS")
    }
    environment |= {"PYTHONPATH": str(site), "SAMEGAME_HOME": str(home), **env}
    return subprocess.run(
        [sys.executable, "-m", "samegame", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=environment,
        cwd=cwd,
        check=False,
    )
