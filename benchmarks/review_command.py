"""The time of ``samegame review`` on a standard game, with 1 and 2 workers.

Plays one game on standard position ``--position`` with a fixed NRPA search of
level 1 (100 iterations, seed 0, the games ``review_time.py`` reviews) and
writes it as a game record; then times ``samegame review FILE --format json``
in a fresh process (start-up, loading the compiled search and, for 2 workers,
starting the worker processes included, as a user sees them) with 1 and with 2
workers, ``--runs`` times each, and prints the median wall seconds of each and
the speed-up. The reviews must be identical (the script stops otherwise).
Measure on a quiet machine: the two workers need two free cores.

    python benchmarks/review_command.py
    python benchmarks/review_command.py --position 6 --runs 3
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from samegame.benchmark.positions import standard_positions
from samegame.bots import play_game
from samegame.bots.search.engine import search
from samegame.bots.search.spec import NrpaSpec
from samegame.core.coords import Cell
from samegame.core.formulas import BASIC
from samegame.core.rules import Rules
from samegame.records.verification import make_record

RULES = Rules(BASIC, clear_bonus=1000)


@dataclass
class Replaying:
    """A bot that plays the moves it is given, in turn."""

    next_move: Callable[[], Cell]

    def choose(self, view: object, rng: object) -> Cell:
        return self.next_move()


PLAYER = NrpaSpec(level=1, iterations=100)


def review(path: Path, workers: int) -> tuple[float, str]:
    args = [sys.executable, "-m", "samegame", "review", str(path), "--format", "json"]
    if workers > 1:
        args += ["--workers", str(workers)]
    env = {**os.environ, "SAMEGAME_HOME": str(path.parent / "home")}
    started = time.perf_counter()
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"review failed: {done.stderr}")
    return seconds, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--position", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    board = standard_positions()[options.position - 1]
    found = search(PLAYER, board, RULES, 0, 0)
    line = iter(found.moves)
    played = play_game(Replaying(lambda: next(line)), board, RULES, 0)
    record = make_record(
        played, board=board, rules=RULES, preset="benchmark", generator=None,
        board_number=None, colours=5, bot="nrpa:level=1,iterations=100", seed=0,
    )  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.jsonl"
        path.write_text(json.dumps(record) + "\n", encoding="utf-8")
        print(
            f"position {options.position}: {len(played.moves)} moves, score {played.result.score}"
        )
        medians, outputs = {}, set()
        for workers in (1, 2):
            runs = []
            for _ in range(options.runs):
                seconds, output = review(path, workers)
                runs.append(seconds)
                outputs.add(output)
            medians[workers] = statistics.median(runs)
            shown = ", ".join(f"{run:.1f}" for run in runs)
            print(
                f"{workers} worker(s): median {medians[workers]:.1f} s (runs: {shown})", flush=True
            )
        if len(outputs) != 1:
            raise SystemExit("the reviews differ between runs or worker counts")
        print(f"speed-up with 2 workers: {medians[1] / medians[2]:.2f}x")


if __name__ == "__main__":
    main()
