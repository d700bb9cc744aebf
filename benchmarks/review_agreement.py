"""How close a review by search alone comes to the exact review, on small boards.

On ``--boards`` random boards (6x5, 3 colours by default; each board small enough
for the exact solver), a game of uniformly random legal moves is reviewed twice
under the basic rules ((n-2)^2, 1000 for a clear): at the default budget with
the search alone (``exact_tiles=0``), and by the exact solver at every position.
Printed: the share of moves whose label is the same, the share whose "best or
not" is the same, the shares whose label by search is harsher or milder than
the exact one, and the largest and mean differences in points of a position's
value and of a move's loss.

    python benchmarks/review_agreement.py --boards 200
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import replace

from samegame.bots.search.engine import Algorithm, prepare
from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.formulas import BASIC
from samegame.core.rng import StableRandom, derive_seed
from samegame.core.rules import Rules
from samegame.review import MoveLabel, ReviewBudget, review_game

ORDER = list(MoveLabel)
RULES = Rules(BASIC, clear_bonus=1000)


def random_board(number: int, width: int, height: int, colours: int) -> Board:
    rng = StableRandom(derive_seed("review-agreement", number))
    columns = [[rng.below(colours) for _ in range(height)] for _ in range(width)]
    return Board.from_columns(columns, width, height)


def random_line(board: Board, number: int) -> list[Cell]:
    """Uniformly random legal moves to the end of the game."""
    rng = StableRandom(derive_seed("review-agreement-line", number))
    line = []
    while groups := board.groups(RULES.min_group):
        group = groups[rng.below(len(groups))]
        line.append(group.anchor)
        board = board.remove(group)
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--size", default="6x5", help="columns x rows")
    parser.add_argument("--colours", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    prepare(Algorithm.NRPA, 1)
    searched = replace(ReviewBudget(), exact_tiles=0)
    exact = ReviewBudget(level=1, iterations=1, exact_tiles=width * height, exact_positions=10**7)
    print(f"search-only budget: {searched}")
    moves = same_label = same_best = harsher = milder = 0
    value_gaps: list[int] = []
    loss_gaps: list[int] = []
    for number in range(args.boards):
        board = random_board(number, width, height, args.colours)
        line = random_line(board, number)
        guess = review_game(board, RULES, line, searched, args.seed)
        truth = review_game(board, RULES, line, exact, args.seed)
        assert all(move.exact for move in truth.moves), "every position is in the exact bound"
        for a, b in zip(guess.moves, truth.moves, strict=True):
            moves += 1
            same_label += a.label == b.label
            same_best += (a.loss == 0) == (b.loss == 0)
            harsher += ORDER.index(a.label) > ORDER.index(b.label)
            milder += ORDER.index(a.label) < ORDER.index(b.label)
            value_gaps.append(b.value_before - a.value_before)
            loss_gaps.append(abs(b.loss - a.loss))
    print(f"{args.boards} boards {width}x{height}, {args.colours} colours, {moves} moves")
    print(f"same label: {same_label / moves:.1%}; same best-or-not: {same_best / moves:.1%}")
    print(f"search's label harsher: {harsher / moves:.1%}; milder: {milder / moves:.1%}")
    print(
        f"value found below the exact value: largest {max(value_gaps)} points, "
        f"mean {statistics.mean(value_gaps):.1f}, exact at {value_gaps.count(0) / moves:.1%} of "
        f"positions, 100 points or more below at {sum(g >= 100 for g in value_gaps) / moves:.1%}"
    )
    print(
        f"loss difference: largest {max(loss_gaps)} points, mean {statistics.mean(loss_gaps):.1f}"
    )


if __name__ == "__main__":
    main()
