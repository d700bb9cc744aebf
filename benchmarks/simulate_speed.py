"""Simulator speed: games per second per built-in bot, 1 and 2 worker processes.

Plays every built-in bot but lookahead (``--games`` games each), and
``lookahead:depth=2`` (``--lookahead-games`` games, it is far slower), on the
benchmark preset (15x15, 5 colours, random boards, (n-2)^2 scoring) with the
process executor, once with 1 worker and once with 2. The pool is started and warmed
up (every worker has imported samegame and played a game) before timing, so the
figures are playing speed, not start-up. Reports, per bot, the median over ``--runs``
runs of games per second (wall clock) for 1 and 2 workers and the speed-up ratio.
The same seed is used in every run, so every run plays the same games.

    python benchmarks/simulate_speed.py --runs 3 --games 100 --lookahead-games 4
"""

from __future__ import annotations

import argparse
import statistics
import time

from samegame.execution.executors import Executor, ExecutorKind, open_executor
from samegame.plugin.host import get_host
from samegame.presets import find_preset
from samegame.sim.simulate import simulate
from samegame.sim.tasks import GameSetup

BOTS = ("random", "greedy", "largest", "tabu")
LOOKAHEAD = "lookahead:depth=2"
WORKERS = (1, 2)


def setup_for(bot: str, seed: int) -> GameSetup:
    preset = find_preset("benchmark", get_host())
    chosen = preset.board_setup()
    return GameSetup.of(preset.name, preset.rules, bot, seed, chosen.board_type, chosen.spec)


def games_per_second(executor: Executor, setup: GameSetup, games: int) -> float:
    started = time.perf_counter()
    summary, stop = simulate(setup, games, executor)
    seconds = time.perf_counter() - started
    if stop is not None:
        raise SystemExit(f"the run stopped: {stop.message}")
    return summary.games / seconds


def measure(bot: str, games: int, runs: int, workers: int, seed: int) -> float:
    """The median games per second over ``runs`` runs on one warmed-up pool."""
    setup = setup_for(bot, seed)
    with open_executor(ExecutorKind.process, workers) as executor:
        simulate(setup_for("random", seed), 4 * workers, executor)  # start every worker
        return statistics.median(games_per_second(executor, setup, games) for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--games", type=int, default=100, help="games per run")
    parser.add_argument("--lookahead-games", type=int, default=4, help="games per lookahead run")
    parser.add_argument("--seed", type=int, default=0, help="root seed")
    args = parser.parse_args()
    print(
        f"Benchmark preset, 15x15 boards with 5 colours; process executor; median of "
        f"{args.runs} runs; {args.games} games per run ({args.lookahead_games} for lookahead)."
    )
    for bot in (*BOTS, LOOKAHEAD):
        games = args.lookahead_games if bot == LOOKAHEAD else args.games
        speeds = [measure(bot, games, args.runs, workers, args.seed) for workers in WORKERS]
        print(
            f"{bot}: {speeds[0]:.2f} games per second with 1 worker, {speeds[1]:.2f} with 2 "
            f"workers, speed-up {speeds[1] / speeds[0]:.2f}."
        )


if __name__ == "__main__":
    main()
