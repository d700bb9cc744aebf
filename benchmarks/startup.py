"""Start-up cost of the command line: ``samegame play`` and others against bare Python.

Each command runs as a fresh process, in alternation with ``python -c pass``, and
its CPU time (user + system of the child, from ``resource.getrusage``) is taken;
the report is the median of ``--runs`` runs of each and the median difference.
``play`` reads ``quit`` on stdin, so it starts a game on the embedded Basic preset,
saves it and leaves: the whole life of a short session. Everything runs in a
throw-away ``SAMEGAME_HOME``.

Byte code is compiled first and kept (``PYTHONDONTWRITEBYTECODE`` is cleared for
the children), because an installed wheel has its ``.pyc`` files: measuring with
compilation from source every time would charge the start-up with work a user's
machine does once.

    python benchmarks/startup.py --runs 7

``python -X importtime -m samegame play --preset basic`` shows where the import
time goes.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import samegame

COMMANDS: dict[str, list[str]] = {
    "play --preset basic": ["play", "--preset", "basic", "--accessible"],
    "scores": ["scores"],
    "presets list": ["presets", "list"],
    "--help": ["--help"],
}


def child_cpu(argv: list[str], stdin: str, env: dict[str, str]) -> float:
    """CPU seconds (user + system) of one child process running ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, input=stdin, text=True, env=env, capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    compileall.compile_dir(str(Path(samegame.__file__).parent), quiet=1)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    python = [sys.executable]
    with tempfile.TemporaryDirectory() as home:
        env["SAMEGAME_HOME"] = home
        bare = [*python, "-c", "pass"]
        child_cpu([*python, "-m", "samegame", *COMMANDS["scores"]], "", env)  # warm caches
        print(f"{'command':<22} {'CPU s':>7} {'python -c pass':>15} {'more':>7}")
        for label, words in COMMANDS.items():
            own: list[float] = []
            base: list[float] = []
            for _ in range(args.runs):
                own.append(child_cpu([*python, "-m", "samegame", *words], "quit\n", env))
                base.append(child_cpu(bare, "", env))
            more = statistics.median(a - b for a, b in zip(own, base, strict=True))
            print(
                f"{label:<22} {statistics.median(own):>7.3f} "
                f"{statistics.median(base):>15.3f} {more:>7.3f}"
            )


if __name__ == "__main__":
    main()
