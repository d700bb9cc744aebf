"""Time of a game's review at the default budget, on standard positions.

For each standard position a bot plays one game (one fixed NRPA search of level
1, 100 iterations: a game of 40 to 70 moves with mistakes to find); the game is
reviewed ``--runs`` times at the default ``ReviewBudget`` and the median CPU
seconds of this process (one core: the review runs in one thread) and the wall
seconds are printed, with the moves, the best total found and the score; the
reviews of one game must be identical (the script stops otherwise). The search
kernels are compiled (or loaded) before any timing.

    python benchmarks/review_time.py --positions 1,6,11 --runs 3
"""

from __future__ import annotations

import argparse
import statistics
import time

from samegame.benchmark.positions import parse_positions, standard_positions
from samegame.bots.search.engine import Algorithm, prepare, search
from samegame.bots.search.spec import NrpaSpec
from samegame.core.formulas import BASIC
from samegame.core.rules import Rules
from samegame.review import ReviewBudget, review_game

BENCHMARK_RULES = Rules(BASIC, clear_bonus=1000)
"""The benchmark preset's rules: (n-2)^2, 1000 for a clear, no penalty."""

PLAYER = NrpaSpec(level=1, iterations=100)
"""The bot whose games are reviewed."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--positions", default="1,6,11", help="standard positions, as bench takes them"
    )
    parser.add_argument(
        "--runs", type=int, default=3, help="reviews of each game (the median is kept)"
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    prepare(Algorithm.NRPA, 1)
    budget = ReviewBudget()
    print(f"budget: {budget}")
    medians = []
    for number in parse_positions(args.positions):
        board = standard_positions()[number - 1]
        game = search(PLAYER, board, BENCHMARK_RULES, 0, args.seed)
        cpu, wall, reviews = [], [], []
        for _ in range(args.runs):
            started, started_cpu = time.time(), time.process_time()
            reviews.append(review_game(board, BENCHMARK_RULES, game.moves, budget, args.seed))
            cpu.append(time.process_time() - started_cpu)
            wall.append(time.time() - started)
        review = reviews[0]
        if any(other != review for other in reviews):
            raise SystemExit(f"position {number}: the reviews of one game differ")
        medians.append(statistics.median(cpu))
        exact = sum(move.exact for move in review.moves)
        print(
            f"position {number}: {len(game.moves)} moves, score {review.score}, "
            f"best found {review.best_total}, {exact} moves exact; "
            f"review {statistics.median(cpu):.1f} CPU s, {statistics.median(wall):.1f} wall s "
            f"(median of {args.runs})",
            flush=True,
        )
    print(f"median over the games: {statistics.median(medians):.1f} CPU s a game")


if __name__ == "__main__":
    main()
