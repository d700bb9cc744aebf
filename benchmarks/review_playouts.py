"""Which playouts a review's search should use, by the tiles left on the board.

For each standard position a bot plays one game (one fixed NRPA search of level
1, 100 iterations, seed 3); every other position of the game (the 1st, 3rd, ...)
whose tile count is in ``--tiles`` is searched twice at the review's default
search (NRPA level 3, 30 iterations, seed 5), once with selective playouts (a
colour kept back for last) and once with uniform random playouts, with the
points the game had scored before it. Printed, by bands of ``--band`` tiles: how
often each found the higher final score (ties are not counted) and of how many
positions.

    python benchmarks/review_playouts.py --positions 1,4,7,10,13,16,19 --tiles 31-150 --band 30
    python benchmarks/review_playouts.py --positions 1,5,9,13,17 --tiles 151-225 --band 25
"""

from __future__ import annotations

import argparse
import collections

from samegame.benchmark.positions import parse_positions, standard_positions
from samegame.bots.search.engine import Algorithm, prepare, search
from samegame.bots.search.spec import NrpaSpec, PlayoutPolicy
from samegame.core.formulas import BASIC
from samegame.core.rules import Rules
from samegame.review.values import DEFAULT_ITERATIONS, DEFAULT_LEVEL, played_line

RULES = Rules(BASIC, clear_bonus=1000)
PLAYER = NrpaSpec(level=1, iterations=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", default="1,4,7,10,13,16,19")
    parser.add_argument("--tiles", default="31-150", help="the tile counts compared, low-high")
    parser.add_argument("--band", type=int, default=30, help="tiles in a band of the report")
    args = parser.parse_args()
    low, high = (int(n) for n in args.tiles.split("-"))
    prepare(Algorithm.NRPA, 1)
    wins: dict[int, list[int]] = collections.defaultdict(lambda: [0, 0, 0])
    for number in parse_positions(args.positions):
        board = standard_positions()[number - 1]
        game = search(PLAYER, board, RULES, 0, 3)
        line = played_line(board, RULES, game.moves)
        for i, position in enumerate(line.boards):
            tiles = position.tile_count()
            if i % 2 or not low <= tiles <= high:
                continue
            found = [
                search(
                    NrpaSpec(level=DEFAULT_LEVEL, iterations=DEFAULT_ITERATIONS, policy=policy),
                    position,
                    RULES,
                    line.bases[i],
                    5,
                ).score
                for policy in (PlayoutPolicy.SELECTIVE, PlayoutPolicy.RANDOM)
            ]
            band = wins[(tiles - 1) // args.band]
            band[0] += found[0] > found[1]
            band[1] += found[1] > found[0]
            band[2] += 1
    for band, (selective, uniform, count) in sorted(wins.items()):
        tiles = f"{band * args.band + 1}-{(band + 1) * args.band}"
        print(f"{tiles} tiles: selective higher {selective}, random higher {uniform}, of {count}")


if __name__ == "__main__":
    main()
