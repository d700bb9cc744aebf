"""An independent check of the review's "no clear" statements, on full-size games.

For each standard 15x15 position given, bots play one game each (NRPA of level
1 with 100 iterations, as benchmarks/review_time.py, and the built-in hint's
two-move look-ahead), under the benchmark rules ((n-2)^2, 1000 for a clear);
each game is reviewed at the default budget. At every move whose reason is that
the clear was lost (``gave-up-clear``: "after it the board can no longer be
cleared" when proven by the exact solver, else "the search found no line that
clears after it"), the position after the move is searched for a clearing line
by searches other than the review's, each under rules that reward clearing
alone (a point a tile removed and 100,000 for a clear, so the best line of a
search is the one that removes the most tiles):

- a beam search (``samegame.kernel.search.beam``) of ``--width`` (8,192) valued
  by the ``mixed`` evaluation;
- NRPA of level 2 with ``--iterations`` (200) a level, keeping a colour back for
  last (selective playouts), seeded by the checker's seed and the move.

The review's own clearing pass (``samegame.review.clearing``) searches under the
same kind of rules with a beam of 4,096 valued by the ``groups`` evaluation and
NRPA of level 3 with 30 iterations, seeded by the review's seed and the
position: the checker's searches are other ones (another evaluation and a beam
twice as wide, another level, more iterations and other seeds), so what the
review misses is not missed here for the same reason. (Before the clearing
pass, this checker searched with the ``groups`` beam of 2,048 and NRPA of level
2 with 100 iterations.)

With ``--small N``, the first ``N`` games of benchmarks/review_practice_verdicts.py
(random 6x6 boards, three policies) are checked the same way: their late
positions are within the exact solver's bound, so they hold the proven
statements that full-size games seldom reach.

A clearing line found, replayed under the game's rules, disproves the
statement. Printed: the statements, proven and found, and those disproved, each
with the line that clears.

    nice -n 10 .venv/bin/python benchmarks/review_no_clear.py --positions 1,6,11
    nice -n 10 .venv/bin/python benchmarks/review_no_clear.py --positions '' --small 30
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from review_practice_verdicts import game as small_game

from samegame.benchmark.positions import parse_positions, standard_positions
from samegame.bots.search.engine import Algorithm, prepare, search
from samegame.bots.search.spec import BeamSpec, Evaluation, NrpaSpec, PlayoutPolicy, SearchSpec
from samegame.core.board import Board
from samegame.core.coords import Cell, format_cell
from samegame.core.formulas import BASIC
from samegame.core.game import lookahead_hint
from samegame.core.rule_parts import ScoringFormula
from samegame.core.rules import Rules
from samegame.review import ReviewBudget, review_game
from samegame.review.reasons import ReasonKind
from samegame.review.values import follow, played_line

BENCHMARK_RULES = Rules(BASIC, clear_bonus=1000)
"""The benchmark preset's rules: (n-2)^2, 1000 for a clear, no penalty."""

CLEARING_RULES = Rules(
    ScoringFormula("tiles", lambda n: n, "a point a tile removed"), clear_bonus=100_000
)
"""Rules under which a search's best line is the one that removes the most
tiles, a clearing one above all."""

NRPA_PLAYER = NrpaSpec(level=1, iterations=100)


def nrpa_game(board: Board, seed: int) -> tuple[Cell, ...]:
    return search(NRPA_PLAYER, board, BENCHMARK_RULES, 0, seed).moves


def hint_game(board: Board, seed: int) -> tuple[Cell, ...]:
    moves = []
    while (group := lookahead_hint(board, BENCHMARK_RULES)) is not None:
        moves.append(group.anchor)
        board = board.remove(group)
    return tuple(moves)


PLAYERS = {"nrpa-1x100": nrpa_game, "hint": hint_game}


def clearing_line(
    board: Board, searches: Sequence[SearchSpec], seed: int
) -> tuple[str, tuple[Cell, ...]] | None:
    """A line that clears ``board`` found by one of ``searches``, or None."""
    for spec in searches:
        found = search(spec, board, CLEARING_RULES, 0, seed)
        if follow(board, BENCHMARK_RULES, 0, found.moves)[1]:
            return spec.algorithm.value, found.moves
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", default="1,6,11", help="standard positions")
    parser.add_argument("--players", default=",".join(PLAYERS), help="bots, by name")
    parser.add_argument("--width", type=int, default=8192, help="the beam's width")
    parser.add_argument("--iterations", type=int, default=200, help="NRPA's a level")
    parser.add_argument("--small", type=int, default=0, help="6x6 games checked too")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    prepare(Algorithm.NRPA, 1)
    prepare(Algorithm.BEAM, 1)
    searches: list[SearchSpec] = [
        BeamSpec(width=args.width, evaluation=Evaluation.MIXED),
        NrpaSpec(level=2, iterations=args.iterations, policy=PlayoutPolicy.SELECTIVE),
    ]
    budget = ReviewBudget()
    counts = {"games": 0, "moves": 0, "proven": 0, "found": 0}
    disproved = {"proven": 0, "found": 0}
    started = time.perf_counter()
    games: list[tuple[str, Board, Sequence[Cell]]] = []
    for number in parse_positions(args.positions) if args.positions else ():
        board = standard_positions()[number - 1]
        games += [
            (f"position {number}, {name}", board, PLAYERS[name](board, args.seed))
            for name in args.players.split(",")
        ]
    for number in range(args.small):
        name, colours, board, cells = small_game(number)
        games.append((f"6x6 game {number} ({name}, {colours} colours)", board, cells))
    for what, board, moves in games:
        review = review_game(board, BENCHMARK_RULES, moves, budget, args.seed)
        played = played_line(board, BENCHMARK_RULES, moves)
        counts["games"] += 1
        counts["moves"] += len(moves)
        said = [m for m in review.moves if m.reason.kind is ReasonKind.GAVE_UP_CLEAR]
        print(
            f"{what}: {len(moves)} moves, score {review.score}, "
            f"best found {review.best_total}; {len(said)} moves said to lose the clear",
            flush=True,
        )
        for move in said:
            kind = "proven" if move.reason.proven else "found"
            counts[kind] += 1
            after = played.boards[move.index + 1]
            seed = args.seed * 1000 + move.index
            found = clearing_line(after, searches, seed)
            if found is not None:
                disproved[kind] += 1
                algorithm, line = found
                print(
                    f"  move {move.index + 1} ({kind}, {after.tile_count()} tiles left): "
                    f"{algorithm} clears with {' '.join(format_cell(c) for c in line)}",
                    flush=True,
                )
    seconds = time.perf_counter() - started
    print(
        f"{counts['games']} games, {counts['moves']} moves; said the clear lost: "
        f"{counts['proven']} proven, {counts['found']} as found; disproved: "
        f"{disproved['proven']} proven, {disproved['found']} found ({seconds:.0f} s)"
    )


if __name__ == "__main__":
    main()
