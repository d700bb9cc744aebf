"""Uniform random playouts on the 20 standard positions: kernel speed vs the core.

Every move lists every legal group and picks one uniformly (SplitMix64 seeded from
``derive_seed``), on the standard 15x15, 5-colour positions under the published
rules ((n-2)^2, 1000 for a clear, no penalty). One worker, one thread.

Reports, as medians over ``--runs`` runs of about ``--seconds`` each: playouts and
moves per second (wall clock, and per CPU second of this process, which is steadier
on a shared machine), mean moves and mean score per playout (about 63.8 and 252
for these positions: a sanity check), the one-off compile time of the kernel
(fresh interpreter: empty numba cache, then warm cache), and the reference Python
core's speed on a few playouts for the ratio.

    python benchmarks/playouts.py --runs 5 --seconds 2
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import numpy as np

from samegame.core.board import Board
from samegame.core.formulas import BASIC
from samegame.core.game import Game
from samegame.core.rng import StableRandom, derive_seed
from samegame.core.rules import Rules
from samegame.core.textboard import read_boards

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = [ROOT / "tests" / "data" / "standard-20.txt"]
RULES = Rules(BASIC, clear_bonus=1000)
BATCH = 50  # playouts per kernel call, cycling through the positions

FIRST_CALL = """
import time
start = time.perf_counter()
from samegame.core.board import Board
from samegame.core.formulas import BASIC
from samegame.core.rules import Rules
from samegame.kernel import KernelRules, random_playouts
board = Board.from_columns([[0, 0, 1], [1, 1, 0]], 3, 3)
random_playouts(board, KernelRules.from_rules(Rules(BASIC), 3, 3), 1, 1)
print(time.perf_counter() - start)
"""


def find_positions(path: str | None) -> list[Board]:
    candidates = [Path(path)] if path else POSITIONS
    for candidate in candidates:
        if candidate.exists():
            return read_boards(candidate.read_text())
    sys.exit(f"standard-20.txt not found (looked in {', '.join(map(str, candidates))})")


def first_call_seconds(cache_dir: str) -> float:
    """Import the kernel and make the first playout call in a fresh interpreter."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    out = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(FIRST_CALL)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(out.stdout.strip())


def kernel_runs(boards: list[Board], runs: int, seconds: float) -> float:
    """Time the kernel; return the median playouts per second (wall clock)."""
    from samegame.kernel import KernelRules, random_playouts, seed_state, to_kernel

    table = KernelRules.from_rules(RULES, 15, 15)
    states = [to_kernel(board) for board in boards]
    random_playouts(states[0], table, 1, 1)  # compile or load, outside the timing
    wall_rates: list[float] = []
    cpu_rates: list[float] = []
    move_rates: list[float] = []
    all_moves: list[int] = []
    all_scores: list[int] = []
    print(f"kernel: {runs} runs of ~{seconds:g} s, batches of {BATCH} playouts per position")
    for run in range(runs):
        playouts = moves = 0
        scores: list[np.ndarray] = []
        lengths: list[np.ndarray] = []
        wall0, cpu0 = time.perf_counter(), time.process_time()
        rounds = 0
        # Whole rounds over the 20 positions, so every position weighs the same.
        while rounds == 0 or time.perf_counter() - wall0 < seconds:
            for position, state in enumerate(states):
                rng = seed_state(derive_seed("benchmark-playouts", run, rounds, position))
                result = random_playouts(state, table, BATCH, rng)
                scores.append(result.scores)
                lengths.append(result.moves)
                playouts += BATCH
                moves += int(result.moves.sum())
            rounds += 1
        wall = time.perf_counter() - wall0
        cpu = time.process_time() - cpu0
        wall_rates.append(playouts / wall)
        cpu_rates.append(playouts / cpu)
        move_rates.append(moves / wall)
        all_scores.extend(np.concatenate(scores).tolist())
        all_moves.extend(np.concatenate(lengths).tolist())
        print(
            f"  run {run + 1}: {playouts:,} playouts in {wall:.2f} s: "
            f"{playouts / wall:,.0f} playouts/s, {moves / wall:,.0f} moves/s "
            f"({playouts / cpu:,.0f} playouts per CPU second)"
        )
    print(f"kernel playouts/s (median, wall): {statistics.median(wall_rates):,.0f}")
    print(f"kernel playouts/s (median, CPU):  {statistics.median(cpu_rates):,.0f}")
    print(f"kernel moves/s (median, wall):    {statistics.median(move_rates):,.0f}")
    print(f"mean moves per playout: {statistics.fmean(all_moves):.2f}  (expected ~63.8)")
    print(f"mean score per playout: {statistics.fmean(all_scores):.1f}  (expected ~252)")
    return statistics.median(wall_rates)


def python_core(boards: list[Board], playouts: int) -> float:
    """The reference core, as a bot would drive it: ``Game.legal_groups()`` and
    ``Game.play()`` each move; then ``Board.groups()``/``Board.remove()`` alone."""
    rates = []
    for label, use_game in (("Game", True), ("Board only", False)):
        start = time.perf_counter()
        moves = 0
        for index in range(playouts):
            rng = StableRandom(derive_seed("benchmark-python", index))
            if use_game:
                game = Game(boards[index % len(boards)], RULES)
                while groups := game.legal_groups():
                    game.play(groups[rng.below(len(groups))].anchor)
                    moves += 1
            else:
                board = boards[index % len(boards)]
                while groups := board.groups(RULES.min_group):
                    board = board.remove(groups[rng.below(len(groups))])
                    moves += 1
        seconds = time.perf_counter() - start
        rates.append(playouts / seconds)
        print(
            f"python core ({label}): {playouts} playouts in {seconds:.2f} s: "
            f"{playouts / seconds:,.1f} playouts/s, {moves / seconds:,.0f} moves/s"
        )
    return rates[0]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="timed kernel runs (median)")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one run")
    parser.add_argument("--python-playouts", type=int, default=20, help="core playouts")
    parser.add_argument("--positions", help="board file (default: standard-20.txt)")
    parser.add_argument("--no-compile", action="store_true", help="skip compile timing")
    args = parser.parse_args(argv)
    boards = find_positions(args.positions)
    print(f"{len(boards)} positions, {boards[0].width}x{boards[0].height}; one worker")
    if not args.no_compile:
        with tempfile.TemporaryDirectory() as cache:
            cold = first_call_seconds(cache)
            warm = first_call_seconds(cache)
        print(f"compile (import + first call, fresh process): cold cache {cold:.2f} s, ", end="")
        print(f"warm cache {warm:.2f} s")
    kernel = kernel_runs(boards, args.runs, args.seconds)
    core = python_core(boards, args.python_playouts)
    print(f"kernel / python core (Game): {kernel / core:,.0f}x")


if __name__ == "__main__":
    main()
