"""How much faster ``samegame verify --workers 2`` checks a file than one worker.

Writes 1,500 records (``samegame simulate --bot greedy --games 1500 --seed 1``, the
Basic preset's standard boards) to a temporary folder, then times ``samegame
verify FILE`` with 1 and with 2 workers, three runs each, and prints the median
wall time of each and the speed-up. Each run is a fresh process, so start-up and
(for 2 workers) starting the worker processes are included, as a user sees them.
Measure on a quiet machine: the two workers need two free cores.

    python benchmarks/verify_workers.py
    python benchmarks/verify_workers.py --records 3000 --bot tabu --runs 5
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def samegame(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SAMEGAME_HOME": str(cwd / "home")}
    return subprocess.run(
        [sys.executable, "-m", "samegame", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def timed(args: list[str], cwd: Path) -> float:
    started = time.perf_counter()
    result = samegame(*args, cwd=cwd)
    seconds = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f"samegame {' '.join(args)} failed: {result.stdout}{result.stderr}")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=1500)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        cwd = Path(folder)
        made = samegame(
            "simulate",
            "--bot",
            options.bot,
            "--games",
            str(options.records),
            "--seed",
            "1",
            "--out",
            "records.jsonl",
            cwd=cwd,
        )
        if made.returncode != 0:
            raise SystemExit(f"simulate failed: {made.stderr}")
        size = (cwd / "records.jsonl").stat().st_size
        print(f"{options.records} records of {options.bot} ({size:,} bytes)")
        medians = {}
        for workers in (1, 2):
            args = ["verify", "records.jsonl"]
            if workers > 1:
                args += ["--workers", str(workers)]
            runs = [timed(args, cwd) for _ in range(options.runs)]
            medians[workers] = statistics.median(runs)
            shown = ", ".join(f"{run:.2f}" for run in runs)
            print(f"{workers} worker(s): median {medians[workers]:.2f} s (runs: {shown})")
        print(f"speed-up with 2 workers: {medians[1] / medians[2]:.2f}x")


if __name__ == "__main__":
    main()
