"""The cost of ``samegame review --alternatives``: the best moves of each key
moment, against the review itself.

For each standard position a bot plays one game (the games ``review_time.py``
reviews: one NRPA search of level 1, 100 iterations); the game is reviewed at the
default ``ReviewBudget``, then the best moves of every move a review tells by
default are found (``samegame.review.alternatives``), and the CPU seconds of
each are printed with the number of key positions and of moves valued.

    python benchmarks/review_alternatives.py --positions 1
"""

from __future__ import annotations

import argparse
import time

from samegame.benchmark.positions import parse_positions, standard_positions
from samegame.bots.search.engine import Algorithm, prepare, search
from samegame.bots.search.spec import NrpaSpec
from samegame.core.formulas import BASIC
from samegame.core.rules import Rules
from samegame.repl.review_words import told_moves
from samegame.review import ReviewBudget, review_game
from samegame.review.alternatives import alternatives
from samegame.review.values import played_line

RULES = Rules(BASIC, clear_bonus=1000)
PLAYER = NrpaSpec(level=1, iterations=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", default="1", help="standard positions, as bench takes them")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    prepare(Algorithm.NRPA, 1)
    for number in parse_positions(args.positions):
        board = standard_positions()[number - 1]
        game = search(PLAYER, board, RULES, 0, args.seed)
        started = time.process_time()
        review = review_game(board, RULES, game.moves, ReviewBudget(), args.seed)
        review_cpu = time.process_time() - started
        played = played_line(board, RULES, game.moves)
        told = told_moves(review, played, RULES, every=False)
        solver = review.budget.solver(RULES)
        started = time.process_time()
        valued = sum(len(alternatives(played, RULES, review, item.move, solver)) for item in told)
        extra_cpu = time.process_time() - started
        print(
            f"position {number}: {len(game.moves)} moves, review {review_cpu:.1f} s CPU; "
            f"best moves of {len(told)} key positions ({valued} moves valued) "
            f"{extra_cpu:.1f} s CPU, {100 * extra_cpu / review_cpu:.0f} percent more",
            flush=True,
        )


if __name__ == "__main__":
    main()
