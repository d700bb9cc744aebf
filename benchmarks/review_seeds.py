"""How much a review depends on its seed, on 15x15 games (issue 44, item 4).

For each standard position a bot plays one game (one fixed NRPA search of level
1, 100 iterations, as ``review_time.py``); the game is reviewed with each seed at
the default ``ReviewBudget`` (the searches made again around the moves about to
be labelled a mistake or a blunder included) and, from the same first searches,
without them (``review_of`` of the values alone: the review before item 4).
Printed per game: the moves, the labels the seeds agree on (all seeds alike, and
pairs of seeds on average), whether every seed names the same costliest move, and
the CPU seconds of each review (one core: the review runs in one thread).

    python benchmarks/review_seeds.py --positions 1,6,11 --seeds 0,1,2
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time

from samegame.benchmark.positions import parse_positions, standard_positions
from samegame.bots.search.engine import Algorithm, prepare, search
from samegame.bots.search.spec import NrpaSpec
from samegame.core.formulas import BASIC
from samegame.core.rules import Rules
from samegame.review import ReviewBudget, review_game
from samegame.review.review import Review, review_of
from samegame.review.values import played_line

BENCHMARK_RULES = Rules(BASIC, clear_bonus=1000)
PLAYER = NrpaSpec(level=1, iterations=100)


def agreement(reviews: list[Review]) -> tuple[int, float, bool]:
    """Moves whose label every review gives alike, the mean of the pairs, and
    whether every review names the same costliest move."""
    labels = [[move.label for move in review.moves] for review in reviews]
    alike = sum(len(set(column)) == 1 for column in zip(*labels, strict=True))
    pairs = [
        sum(a == b for a, b in zip(first, second, strict=True))
        for first, second in itertools.combinations(labels, 2)
    ]
    costliest = {review.costliest[0].index if review.costliest else None for review in reviews}
    return alike, statistics.mean(pairs), len(costliest) == 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", default="1,6,11")
    parser.add_argument("--seeds", default="0,1,2")
    args = parser.parse_args()
    seeds = [int(seed) for seed in args.seeds.split(",")]
    prepare(Algorithm.NRPA, 1)
    budget = ReviewBudget()
    print(f"budget: {budget}")
    totals = {"with": [0, 0.0, 0], "without": [0, 0.0, 0]}
    moves_in_all = 0
    for number in parse_positions(args.positions):
        board = standard_positions()[number - 1]
        game = search(PLAYER, board, BENCHMARK_RULES, 0, 0)
        played = played_line(board, BENCHMARK_RULES, game.moves)
        reviews, plain, cpu = [], [], []
        for seed in seeds:
            started = time.process_time()
            review = review_game(board, BENCHMARK_RULES, game.moves, budget, seed)
            cpu.append(time.process_time() - started)
            reviews.append(review)
            plain.append(
                review_of(played, BENCHMARK_RULES, game.moves, review.values, budget, seed)
            )
        count = len(game.moves)
        moves_in_all += count
        for name, chosen in (("with", reviews), ("without", plain)):
            alike, pairs, same = agreement(chosen)
            totals[name][0] += alike
            totals[name][1] += pairs
            totals[name][2] += same
            print(
                f"position {number}, {count} moves, {name} searches again: "
                f"{alike} of {count} labels alike in every seed, {pairs:.1f} a pair; "
                f"costliest move {'the same' if same else 'differs'} "
                f"({[r.costliest[0].index + 1 if r.costliest else None for r in chosen]})",
                flush=True,
            )
        again = [len({p for p, _ in review.extra}) for review in reviews]
        print(
            f"position {number}: CPU s per review {[round(c, 1) for c in cpu]}, "
            f"positions searched again {again}",
            flush=True,
        )
    for name, (alike, pairs, same) in totals.items():
        games = len(parse_positions(args.positions))
        print(
            f"{name} searches again: {alike} of {moves_in_all} labels alike in every seed "
            f"({100 * alike / moves_in_all:.1f}%), {100 * pairs / moves_in_all:.1f}% a pair; "
            f"the same costliest move in {same} of {games} games"
        )


if __name__ == "__main__":
    main()
