"""How often the practice's verdict on an answer is wrong, against the exact solver.

``--games`` games on random 6x6 boards (3 and 4 colours in turn) are played by
three policies in turn (uniformly random legal moves, always the smallest group,
always the built-in hint), under the basic rules ((n-2)^2, 1000 for a clear);
each is reviewed at the default budget (seed: the game's number) and, at every
practice position (``samegame.repl.review_practice.practice_moves``), every group
of the position is judged as the practice judges it (its sentence and numbers).
The oracle is the exact solver of the whole board (``ExactSolver`` with a bound
of 36 tiles: every 6x6 board of the sample is settled; the count is printed).

A verdict is wrong in kind when it says better, as good or worse (or the move
played) and the exact values say otherwise, whatever its wording ("as far as
the search found" included); its "N points more" (or fewer) is wrong when it is
not the exact difference of the answer's best total and the played move's. A
proven sentence that is wrong is counted apart (it must be 0), and so is the
share of the answers whose positions (after the move played and after the
answer) the review's own budget settles. The wrong verdicts at positions where
the review's value of the move played (a search's, the position after it being
beyond the exact solver's 30 tiles) is below the true one are counted too: the
practice judges against that value (docs/review.md), so those are the review's
to mend.

    nice -n 10 .venv/bin/python benchmarks/review_practice_verdicts.py --games 100
"""

from __future__ import annotations

import argparse
import re
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from samegame.bots.search.engine import Algorithm, prepare
from samegame.core.board import Board, Group
from samegame.core.coords import Cell
from samegame.core.formulas import BASIC
from samegame.core.game import lookahead_hint
from samegame.core.rng import StableRandom, derive_seed
from samegame.core.rules import Rules
from samegame.i18n import translator
from samegame.repl.practice_judge import PracticeJudge
from samegame.repl.review_practice import practice_moves
from samegame.repl.review_words import CLAIMS, Claim
from samegame.review import ReviewBudget, review_game
from samegame.review.exact import ExactSolver
from samegame.review.values import exact_value, played_line

RULES = Rules(BASIC, clear_bonus=1000)
SIZE = 6
ORACLE_POSITIONS = 5_000_000

Policy = Callable[[Board, StableRandom], Group]


def random_move(board: Board, rng: StableRandom) -> Group:
    groups = board.groups(RULES.min_group)
    return groups[rng.below(len(groups))]


def smallest_move(board: Board, rng: StableRandom) -> Group:
    return min(board.groups(RULES.min_group), key=lambda group: (group.size, group.anchor))


def hint_move(board: Board, rng: StableRandom) -> Group:
    hint = lookahead_hint(board, RULES)
    assert hint is not None
    return hint


POLICIES: dict[str, Policy] = {"random": random_move, "smallest": smallest_move, "hint": hint_move}


def game(number: int) -> tuple[str, int, Board, list[Cell]]:
    """Game ``number``: its policy, colours, board and moves."""
    name = list(POLICIES)[number % len(POLICIES)]
    colours = 3 + number % 2
    rng = StableRandom(derive_seed("review-practice-verdicts", number))
    columns = [[rng.below(colours) for _ in range(SIZE)] for _ in range(SIZE)]
    board = Board.from_columns(columns, SIZE, SIZE)
    moves, position = [], board
    while position.has_move(RULES.min_group):
        group = POLICIES[name](position, rng)
        moves.append(group.anchor)
        position = position.remove(group)
    return name, colours, board, moves


KINDS = {
    "review.practice.same": "same",
    "review.practice.better": "better",
    "review.practice.equal": "equal",
    "review.practice.worse": "worse",
}


def stated(said: list[tuple[str, dict[str, Any]]]) -> tuple[str, bool, int, int | None]:
    """The verdict said: its kind, whether proven, the total and the difference."""
    key, values = said[-1]
    kind = next(kind for prefix, kind in KINDS.items() if key.startswith(prefix))
    number = re.compile(r"-?\d+")

    def parse(name: str) -> int | None:
        if name not in values:
            return None
        found = number.search(str(values[name]))
        assert found is not None
        return int(found.group())

    more, fewer = parse("more"), parse("fewer")
    diff = more if more is not None else (-fewer if fewer is not None else None)
    if kind == "equal":
        diff = 0
    return kind, CLAIMS[key] is Claim.PROVEN, int(values["total"]), diff


def true_kind(answer: int, played: int) -> str:
    return "better" if answer > played else "equal" if answer == played else "worse"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    parser.add_argument("--show", type=int, default=5, help="wrong verdicts printed")
    args = parser.parse_args()
    prepare(Algorithm.NRPA, 1)
    budget = ReviewBudget()
    tr = translator("en")
    count: Counter[str] = Counter()
    shown = 0
    started = time.perf_counter()
    for number in range(args.first, args.first + args.games):
        name, colours, board, moves = game(number)
        oracle = ExactSolver(RULES, SIZE * SIZE, ORACLE_POSITIONS)
        count["games"] += 1
        if oracle.outcomes(board) is None:
            count["games not settled by the oracle"] += 1
            continue
        review = review_game(board, RULES, moves, budget, seed=number)
        played = played_line(board, RULES, moves)
        practice = PracticeJudge(tr, review, played, RULES, budget, number)
        solver = budget.solver(RULES)
        for move in practice_moves(review):
            i = move.index
            position = played.boards[i]
            count["positions"] += 1
            true_played = oracle.best_total(played.boards[i + 1], played.bases[i + 1])
            assert true_played is not None
            for group in position.groups(RULES.min_group):
                said, _ = practice.judgement(position, move, group.anchor)
                kind, proven, total, diff = stated(said)
                base = played.bases[i] + RULES.points(group.size)
                after = position.remove(group)
                true_answer = oracle.best_total(after, base)
                assert true_answer is not None
                count["alternatives"] += 1
                count["proven"] += proven
                settled = move.after_exact and (
                    kind == "same" or exact_value(after, RULES, base, budget, solver) is not None
                )
                count["settled by the budget"] += settled
                truth = "same" if kind == "same" else true_kind(true_answer, true_played)
                wrong_kind = kind != truth
                if kind == "same":
                    wrong_number = total != true_played
                else:
                    wrong_number = not wrong_kind and diff != true_answer - true_played
                if wrong_kind and kind == "better":
                    count["wrongly better"] += 1
                elif wrong_kind and truth == "better":
                    count["better called as good or worse"] += 1
                elif wrong_kind:
                    count["wrong kind, other"] += 1
                count["wrong N points"] += wrong_number
                wrong = wrong_kind or wrong_number
                count["wrong"] += wrong
                count["wrong and proven"] += wrong and proven
                count["wrong and settled"] += wrong and settled
                said_played = move.preferred_total - move.loss
                count["wrong, the move played under-valued"] += wrong and said_played < true_played
                if wrong and shown < args.show:
                    shown += 1
                    said_diff = "" if diff is None else f" ({diff:+})"
                    print(
                        f"game {number} ({name}, {colours} colours) move {i + 1} answer "
                        f"{group.anchor}: said {kind} {total}{said_diff}, "
                        f"true {true_answer} against {true_played}",
                        flush=True,
                    )
    seconds = time.perf_counter() - started
    alternatives = max(count["alternatives"], 1)
    print(
        f"games {count['games']}, not settled by the oracle {count['games not settled by the oracle']}"
    )
    print(f"practice positions {count['positions']}, alternatives judged {count['alternatives']}")
    print(
        f"proven sentences {count['proven']}; settled by the review's budget {count['settled by the budget']}"
    )
    for key in (
        "wrongly better",
        "better called as good or worse",
        "wrong kind, other",
        "wrong N points",
        "wrong",
        "wrong and proven",
        "wrong and settled",
        "wrong, the move played under-valued",
    ):
        print(f"{key}: {count[key]} ({100 * count[key] / alternatives:.2f} %)")
    print(f"{seconds:.0f} s")


if __name__ == "__main__":
    main()
