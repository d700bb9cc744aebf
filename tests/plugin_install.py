"""Install an example plugin package for real (pip, into a private folder) and run
``python -m samegame`` with that folder on PYTHONPATH, as a user's machine would."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import warm

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


RUN_TIMEOUT = 600
"""Seconds a command may take (the longest documented line takes seconds)."""


def run_samegame(
    site: Path, home: Path, *args: str, stdin: str = "", cwd: Path | None = None, **env: str
) -> subprocess.CompletedProcess[str]:
    """``python -m samegame ARGS`` with ``site`` on PYTHONPATH, ``home`` as
    SAMEGAME_HOME, ``stdin`` as its input and ``cwd`` as its working folder; the
    plugin switches of this process are not passed on. The process is forked from
    a warm one (tests/warm.py)."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", "SAMEGAME_LOAD_PLUGINS")
    }
    environment |= {"PYTHONPATH": str(site), "SAMEGAME_HOME": str(home), **env}
    return warm.run(args, input=stdin, env=environment, cwd=cwd, timeout=RUN_TIMEOUT)


def make_distribution(
    root: Path, dist: str, entry_points: dict[str, str], modules: dict[str, str]
) -> None:
    """Lay out an installed distribution (dist-info + modules) under ``root``."""
    info = root / f"{dist.replace('-', '_')}-1.2.3.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.2.3\n")
    lines = ["[samegame]"] + [f"{name} = {target}" for name, target in entry_points.items()]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n")
    for module, source in modules.items():
        (root / f"{module}.py").write_text(textwrap.dedent(source))
