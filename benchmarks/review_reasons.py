"""How often a review says why a costly move lost points, and how much of the loss
its reason covers (issue 44).

Games on random 6x6 boards of 3 colours and 10x10 boards of 4 colours, on the
benchmark rules ((n-2)^2, 1000 for a clear), played by four policies: a random
group, the smallest group, the largest group, and the built-in hint's move
(``lookahead_hint``); each game reviewed at a small budget (NRPA level 2, 10
iterations a level; the exact solver on the last 30 tiles). For every costly
move (labelled inaccuracy or worse) it counts the moves given a reason, by kind,
and the share of the loss the reason covers: its ``part`` where the review
gives one (``samegame.review.reasons``), else (the reasons before they said a
part) the points the reason names: a split's points fewer, the bonus of a clear
given up; and how many of those said more than the move lost.

``--standard POSITIONS`` reviews instead the bot games of standard 15x15
positions (NRPA of level 1, 100 iterations, seeded by ``--game-seed``, as
``review_seeds.py`` plays them), at the default budget or ``--budget quick``:

    nice -n 10 python benchmarks/review_reasons.py --standard 1-20 --game-seed 2

The same script measures the reasons of another tree of samegame: put its
``src`` first on ``PYTHONPATH`` (the games and the values are the same, only the
reasons differ):

    python benchmarks/review_reasons.py --games 10
    git archive main src | tar -x -C /tmp/main && \\
        PYTHONPATH=/tmp/main/src python benchmarks/review_reasons.py --games 10
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable

from samegame.core.board import Board, Group
from samegame.core.formulas import BASIC
from samegame.core.game import lookahead_hint
from samegame.core.rules import Rules
from samegame.review import ReviewBudget, review_game
from samegame.review.labels import MoveLabel
from samegame.review.review import Review

RULES = Rules(BASIC, clear_bonus=1000)
BUDGET = ReviewBudget(level=2, iterations=10)
SIZES = ((6, 6, 3), (10, 10, 4))
COSTLY = (MoveLabel.INACCURACY, MoveLabel.MISTAKE, MoveLabel.BLUNDER)

Policy = Callable[[Board, random.Random], Group]


def _random(board: Board, rng: random.Random) -> Group:
    return rng.choice(board.groups(RULES.min_group))


def _smallest(board: Board, rng: random.Random) -> Group:
    return min(board.groups(RULES.min_group), key=lambda g: (g.size, g.anchor))


def _largest(board: Board, rng: random.Random) -> Group:
    return max(board.groups(RULES.min_group), key=lambda g: (g.size, -g.anchor.col, -g.anchor.row))


def _hint(board: Board, rng: random.Random) -> Group:
    group = lookahead_hint(board, RULES)
    assert group is not None
    return group


POLICIES: dict[str, Policy] = {
    "random": _random,
    "smallest": _smallest,
    "largest": _largest,
    "hint": _hint,
}


def random_board(width: int, height: int, colours: int, rng: random.Random) -> Board:
    columns = [[rng.randrange(colours) for _ in range(height)] for _ in range(width)]
    return Board.from_columns(columns, width, height)


def covered(reason: object, loss: int) -> int:
    """The points of the loss a reason says it covers (see the module)."""
    part = getattr(reason, "part", None)
    if part is not None:
        return int(part)
    kind = getattr(reason, "kind").value  # noqa: B009 - either tree's MoveReason
    if kind == "split-group":
        return int(getattr(reason, "points"))  # noqa: B009
    if kind in ("gave-up-clear", "stranded-colour"):
        return RULES.clear_bonus
    return 0


class Tally:
    """Costly moves and their reasons, over some reviews."""

    def __init__(self) -> None:
        self.costly = self.given = self.over = self.whole = 0
        self.shares: list[float] = []
        self.kinds: Counter[str] = Counter()
        self.by_kind: dict[str, list[float]] = {}

    def add(self, review: Review) -> None:
        for move in review.moves:
            if move.label not in COSTLY:
                continue
            self.costly += 1
            kind = move.reason.kind.value
            if kind == "none":
                continue
            self.given += 1
            self.kinds[kind] += 1
            said = covered(move.reason, move.loss)
            self.over += said > move.loss
            self.whole += said == move.loss
            self.shares.append(said / move.loss)
            self.by_kind.setdefault(kind, []).append(said / move.loss)

    def merge(self, other: Tally) -> None:
        self.costly += other.costly
        self.given += other.given
        self.over += other.over
        self.whole += other.whole
        self.shares += other.shares
        self.kinds.update(other.kinds)
        for kind, shares in other.by_kind.items():
            self.by_kind.setdefault(kind, []).extend(shares)

    def line(self) -> str:
        shares = self.shares
        return (
            f"{self.costly} costly moves, {self.given} with a reason "
            f"({self.given / max(self.costly, 1):.0%}); share of the loss covered median "
            f"{statistics.median(shares) if shares else 0:.0%}, mean "
            f"{statistics.mean(shares) if shares else 0:.0%}; {self.whole} said the whole loss, "
            f"{self.over} more than lost"
        )

    def kinds_lines(self) -> list[str]:
        lines = [
            "by kind: given, share of the loss covered (median), the whole loss, more than lost"
        ]
        for kind, count in self.kinds.most_common():
            shares = self.by_kind[kind]
            lines.append(
                f"  {kind}: {count}, median {statistics.median(shares):.0%}, "
                f"{sum(share == 1 for share in shares)} the whole loss, "
                f"{sum(share > 1 for share in shares)} more than lost"
            )
        return lines


def standard_games(positions: str, game_seed: int, budget_name: str, seed: int) -> Tally:
    """The bot games of standard 15x15 positions (as ``review_seeds.py`` plays
    them: NRPA of level 1, 100 iterations, seeded by ``game_seed``), each reviewed
    at the default or the quick budget with ``seed``."""
    from review_seeds import BENCHMARK_RULES, PLAYER, budget_named

    from samegame.benchmark.positions import parse_positions, standard_positions
    from samegame.bots.search.engine import Algorithm, prepare, search

    prepare(Algorithm.NRPA, 1)
    budget = budget_named(budget_name)
    print(f"budget: {budget}")
    tally = Tally()
    for number in parse_positions(positions):
        board = standard_positions()[number - 1]
        moves = search(PLAYER, board, BENCHMARK_RULES, 0, game_seed).moves
        started = time.process_time()
        review = review_game(board, BENCHMARK_RULES, moves, budget, seed)
        game = Tally()
        game.add(review)
        tally.merge(game)
        print(
            f"position {number}, {len(moves)} moves, {time.process_time() - started:.1f} CPU s: "
            + game.line(),
            flush=True,
        )
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per size and policy")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--standard",
        metavar="POSITIONS",
        help="instead: the bot games of these standard 15x15 positions (1-20, 1,3,5)",
    )
    parser.add_argument("--game-seed", type=int, default=0, help="with --standard: the bot's seed")
    parser.add_argument("--budget", choices=["default", "quick"], default="default")
    args = parser.parse_args()
    if args.standard:
        tally = standard_games(args.standard, args.game_seed, args.budget, args.seed)
        print("all: " + tally.line())
        print("\n".join(tally.kinds_lines()))
        return
    print(f"budget: {BUDGET}")
    every = Tally()
    for width, height, colours in SIZES:
        for name, policy in POLICIES.items():
            tally = Tally()
            for game in range(args.games):
                rng = random.Random(f"{args.seed}-{width}-{name}-{game}")
                board = random_board(width, height, colours, random.Random(f"{width}-{game}"))
                moves, position = [], board
                while position.has_move(RULES.min_group):
                    group = policy(position, rng)
                    moves.append(group.anchor)
                    position = position.remove(group)
                tally.add(review_game(board, RULES, moves, BUDGET, args.seed))
            every.merge(tally)
            print(f"{width}x{height} {name:8s}: " + tally.line(), flush=True)
    print("all: " + every.line())
    print("\n".join(every.kinds_lines()))


if __name__ == "__main__":
    main()
