"""Make tests/data/review-standard-1.json: a full-size review kept as the store keeps it.

The game: standard position 1 (15x15, 5 colours) on the benchmark rules ((n-2)^2,
1000 for a clear), played by one NRPA search of level 1 with 100 iterations,
seed 0 (the game of ``benchmarks/review_time.py``); the review: the default
``ReviewBudget``, seed 0 (about 50 CPU seconds). The file holds the board's
number, the moves (cell names) and the review's kept form
(``samegame.review.stored.stored_review``), which the golden test
(tests/unit/cli/test_review_full_golden.py) keeps with a saved game and tells.

    .venv/bin/python tests/data/make_full_review.py
"""

from __future__ import annotations

import json
from pathlib import Path

from samegame.benchmark.positions import standard_positions
from samegame.bots.search.engine import search
from samegame.bots.search.spec import NrpaSpec
from samegame.core.coords import format_cell
from samegame.core.formulas import BASIC
from samegame.core.rules import Rules
from samegame.review import ReviewBudget, review_game
from samegame.review.stored import stored_review

POSITION = 1
RULES = Rules(BASIC, clear_bonus=1000)
PLAYER = NrpaSpec(level=1, iterations=100)
OUT = Path(__file__).with_name("review-standard-1.json")


def main() -> None:
    board = standard_positions()[POSITION - 1]
    game = search(PLAYER, board, RULES, 0, 0)
    review = review_game(board, RULES, game.moves, ReviewBudget(), 0)
    kept = {
        "position": POSITION,
        "moves": [format_cell(cell) for cell in game.moves],
        "review": stored_review(review),
    }
    OUT.write_text(json.dumps(kept, indent=1) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(game.moves)} moves, score {review.score}, best {review.best_total}")


if __name__ == "__main__":
    main()
