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
from collections import Counter
from collections.abc import Callable

from samegame.core.board import Board, Group
from samegame.core.formulas import BASIC
from samegame.core.game import lookahead_hint
from samegame.core.rules import Rules
from samegame.review import ReviewBudget, review_game
from samegame.review.labels import MoveLabel

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per size and policy")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"budget: {BUDGET}")
    every: list[float] = []
    given_all = costly_all = over_all = whole_all = 0
    kinds: Counter[str] = Counter()
    by_kind: dict[str, list[float]] = {}
    for width, height, colours in SIZES:
        for name, policy in POLICIES.items():
            costly = given = over = whole = 0
            shares: list[float] = []
            for game in range(args.games):
                rng = random.Random(f"{args.seed}-{width}-{name}-{game}")
                board = random_board(width, height, colours, random.Random(f"{width}-{game}"))
                moves, position = [], board
                while position.has_move(RULES.min_group):
                    group = policy(position, rng)
                    moves.append(group.anchor)
                    position = position.remove(group)
                review = review_game(board, RULES, moves, BUDGET, args.seed)
                for move in review.moves:
                    if move.label not in COSTLY:
                        continue
                    costly += 1
                    kind = move.reason.kind.value
                    if kind == "none":
                        continue
                    given += 1
                    kinds[kind] += 1
                    said = covered(move.reason, move.loss)
                    over += said > move.loss
                    whole += said == move.loss
                    shares.append(said / move.loss)
                    by_kind.setdefault(kind, []).append(said / move.loss)
            every += shares
            given_all += given
            costly_all += costly
            over_all += over
            whole_all += whole
            median = statistics.median(shares) if shares else 0.0
            print(
                f"{width}x{height} {name:8s}: {costly:3d} costly moves, {given:3d} with a reason "
                f"({given / max(costly, 1):.0%}), share of the loss covered median {median:.0%}, "
                f"mean {statistics.mean(shares) if shares else 0:.0%}, {whole} said the whole loss, "
                f"{over} more than lost",
                flush=True,
            )
    print(
        f"all: {costly_all} costly moves, {given_all} with a reason "
        f"({given_all / max(costly_all, 1):.0%}); share covered median "
        f"{statistics.median(every) if every else 0:.0%}, mean "
        f"{statistics.mean(every) if every else 0:.0%}; {whole_all} said the whole loss, "
        f"{over_all} more than lost"
    )
    print("by kind: given, share of the loss covered (median), said the whole loss, more than lost")
    for kind, count in kinds.most_common():
        shares = by_kind[kind]
        print(
            f"  {kind}: {count}, median {statistics.median(shares):.0%}, "
            f"{sum(share == 1 for share in shares)} the whole loss, "
            f"{sum(share > 1 for share in shares)} more than lost"
        )


if __name__ == "__main__":
    main()
