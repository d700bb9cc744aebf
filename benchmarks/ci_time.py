"""Time of `.ci/run` on a fresh clone, phase by phase (install, lint, types, layout,
tests), the median of ``--runs`` runs.

Each run clones the repository's committed ``HEAD`` into a new temporary folder
(so nothing of this checkout's venv, bytecode or numba cache is reused) and runs
its ``.ci/run``, which prints ``ci phase: NAME SECONDS s`` after each phase. A run
that fails is reported and stops the measurement.

    python benchmarks/ci_time.py --runs 1
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PHASE = re.compile(r"^ci phase: (\w+) (\d+) s$", re.M)


def one_run() -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="ci-time-") as folder:
        clone = Path(folder) / "clone"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        started = time.monotonic()
        done = subprocess.run(
            [str(clone / ".ci" / "run")], cwd=clone, capture_output=True, text=True
        )
        total = time.monotonic() - started
    if done.returncode != 0:
        sys.exit(f".ci/run failed with {done.returncode}:\n{done.stdout[-3000:]}")
    phases = {name: float(seconds) for name, seconds in PHASE.findall(done.stdout)}
    phases["total"] = total
    return phases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = [one_run() for _ in range(parser.parse_args().runs)]
    for name in runs[0]:
        values = [run[name] for run in runs]
        shown = ", ".join(f"{value:.0f}" for value in values)
        print(f"{name:8} median {statistics.median(values):6.0f} s   ({shown})")


if __name__ == "__main__":
    main()
