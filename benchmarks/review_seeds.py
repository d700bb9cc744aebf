"""How much a review depends on its seed, on 15x15 games (issue 44).

For each standard position a bot plays one game (one fixed NRPA search of level
1, 100 iterations, seed 0 or ``--game-seed``, as ``review_time.py``); the game is reviewed with each
seed at a budget (``--budget default`` or ``quick``). Printed per game: the
moves, the labels every seed gives alike, the labels alike in each pair of seeds
on average, whether every seed names the same costliest move, the CPU seconds of
each review (one core: the review runs in one thread) and where the seeds
disagree: the moves whose labels differ, by the pair of labels (``best/good``:
one seed calls it best, another good), and the spread of the best total from
the start. Then the totals over the games. ``--json FILE`` writes every review's
labels, losses and totals (one JSON line a game, with the budget's ``scale``),
which ``--merge FILE...`` sums up again (so that two processes can measure halves of the positions).
``--against FILE`` (a ``--json`` file of the same games at another budget, seed
by seed) also counts the labels alike between the two budgets. ``--scale K``
(a whole number, 1 by default) gives every search of the budget K times its
work (``scaled``), to see how agreement grows with the budget.

Each review's record also holds the best final score known from each position
(``totals``, ``T(s_i)``) and whether that line clears (``clears``), so the
moves whose labels differ by more than best/good are sorted by cause
(``cause``, printed per game and summed up): a clear placed apart (a seed
holds a clear after the move that another charges it with, or the seeds hold
clearing lines of other points before a move none clears after), a better line
one seed found while every seed agrees on the clear (before or after the move),
or the same loss labelled apart by the best total from the start.

The summary also gives the share of positions where the seeds' best totals
differ by 2 % of the best total from the start or more (``spread_positions``).

    nice -n 10 python benchmarks/review_seeds.py --positions 1,2,3 --seeds 0,1,2
"""

from __future__ import annotations

import argparse
import collections
import itertools
import json
import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from samegame.benchmark.positions import parse_positions, standard_positions
from samegame.bots.search.engine import Algorithm, prepare, search
from samegame.bots.search.spec import MAX_WIDTH, NrpaSpec
from samegame.core.formulas import BASIC
from samegame.core.rules import Rules
from samegame.review import ReviewBudget, review_game
from samegame.review.labels import INACCURACY_SHARE
from samegame.review.review import Review
from samegame.review.values import played_line, settle_line

BENCHMARK_RULES = Rules(BASIC, clear_bonus=1000)
PLAYER = NrpaSpec(level=1, iterations=100)


def budget_named(name: str) -> ReviewBudget:
    """The budget of ``--budget``: the default, or ``samegame review --quick``'s."""
    if name == "quick":
        from samegame.review.values import QUICK_BUDGET

        quick: ReviewBudget = QUICK_BUDGET
        return quick
    return ReviewBudget()


def scaled_iterations(iterations: int, level: int, scale: int) -> int:
    """The iterations a level that give an NRPA search of ``level`` about
    ``scale`` times the playouts of ``iterations`` (its playouts are
    ``iterations ** level``): ``iterations * scale ** (1 / level)``, rounded, at
    least ``iterations``; ``iterations`` itself at scale 1."""
    if scale == 1:
        return iterations
    return max(iterations, round(iterations * math.pow(scale, 1 / level)))


def scaled(budget: ReviewBudget, scale: int) -> ReviewBudget:
    """``budget`` with each search that grows with its figures given ``scale``
    times its work: the first search's ``iterations`` (at ``level``), the search
    again's ``warm_iterations`` (at ``warm_level``) and the clearing pass's NRPA
    ``clear_iterations`` (at level ``CLEAR_LEVEL``) by ``scaled_iterations``, not
    times ``scale``, since NRPA's playouts grow as its iterations to the power
    of its level (times 2 at level 3 would be 8 times the work), and the
    clearing beam's ``clear_width`` times ``scale`` (a beam's work grows as its
    width), at most ``MAX_WIDTH``. Unchanged: how many positions are searched
    more (``recheck``, ``recheck_positions``) or for a clear
    (``clear_positions``), the levels, and the exact solver's bounds; a search
    of 0 (none) stays 0. The same budget at scale 1."""
    if scale < 1:
        raise ValueError(f"a scale is a whole number of 1 or more, not {scale}")
    from samegame.review.clearing import CLEAR_LEVEL

    return replace(
        budget,
        iterations=scaled_iterations(budget.iterations, budget.level, scale),
        warm_iterations=scaled_iterations(budget.warm_iterations, budget.warm_level, scale),
        clear_iterations=scaled_iterations(budget.clear_iterations, CLEAR_LEVEL, scale),
        clear_width=min(budget.clear_width * scale, MAX_WIDTH),
    )


def game_record(
    number: int,
    reviews: Sequence[Review],
    cpu: Sequence[float],
    settled: Sequence[Sequence[tuple[int, bool]]] = (),
    scale: int = 1,
) -> dict[str, Any]:
    """What is kept of one game's reviews (one per seed); ``settled``: each
    review's ``(T(s_i), clears)`` by position (``settled_of``); ``scale``: the
    budget's (``scaled``)."""
    kept: list[dict[str, Any]] = [
        {
            "seed": review.seed,
            "cpu": round(seconds, 2),
            "best_total": review.best_total,
            "labels": [move.label.value for move in review.moves],
            "losses": [move.loss for move in review.moves],
            "costliest": review.costliest[0].index + 1 if review.costliest else None,
        }
        for review, seconds in zip(reviews, cpu, strict=True)
    ]
    for review, known in zip(kept, settled, strict=False):
        review["totals"] = [total for total, _ in known]
        review["clears"] = [clears for _, clears in known]
    return {
        "position": number,
        "moves": reviews[0].total_moves,
        "scale": scale,
        "reviews": kept,
    }


def settled_of(board: Any, moves: Sequence[Any], review: Review) -> list[tuple[int, bool]]:
    """The best final score known from each position of ``review`` and whether
    its line clears (outside the time measured)."""
    played = played_line(board, BENCHMARK_RULES, moves)
    settled = settle_line(played, review.values, BENCHMARK_RULES, review.extra)
    return [(position.total, position.clears) for position in settled]


ORDER = ["best", "good", "inaccuracy", "mistake", "blunder"]


def cause(game: dict[str, Any], index: int) -> str:
    """Why the seeds label move ``index`` (from 0) apart, from the totals and
    clears of its positions before and after in each review (see the module)."""
    reviews = game["reviews"]
    before = [(r["totals"][index], r["clears"][index]) for r in reviews]
    after = [(r["totals"][index + 1], r["clears"][index + 1]) for r in reviews]
    clears_before = {clears for _, clears in before}
    clears_after = {clears for _, clears in after}
    charged = any(b[1] and not a[1] for b, a in zip(before, after, strict=True))
    if charged or len(clears_before) > 1 or len(clears_after) > 1:
        if True in clears_after:
            return "clear placed apart: another seed holds a clear after the move"
        return "clear placed apart: clearing lines of other points before, none after"
    if len({r["losses"][index] for r in reviews}) == 1:
        return "the same loss, another best total from the start"
    spread_before = max(t for t, _ in before) - min(t for t, _ in before)
    spread_after = max(t for t, _ in after) - min(t for t, _ in after)
    side = "before" if spread_before >= spread_after else "after"
    sides = "both clear" if all(c for _, c in before + after) else "the clear agreed"
    return f"a better line one seed found {side} the move ({sides})"


def causes(game: dict[str, Any]) -> collections.Counter[str]:
    """The moves whose labels differ by more than best/good, by ``cause``;
    nothing for a record without totals."""
    found: collections.Counter[str] = collections.Counter()
    if not all("totals" in review for review in game["reviews"]):
        return found
    for index, column in enumerate(zip(*(r["labels"] for r in game["reviews"]), strict=True)):
        if len(set(column)) > 1 and not set(column) <= {"best", "good"}:
            found[cause(game, index)] += 1
    return found


def agreement(game: dict[str, Any]) -> tuple[int, float, bool]:
    """Moves whose label every review gives alike, the mean of the pairs, and
    whether every review names the same costliest move."""
    labels = [review["labels"] for review in game["reviews"]]
    alike = sum(len(set(column)) == 1 for column in zip(*labels, strict=True))
    pairs = [
        sum(a == b for a, b in zip(first, second, strict=True))
        for first, second in itertools.combinations(labels, 2)
    ]
    costliest = {review["costliest"] for review in game["reviews"]}
    return alike, statistics.mean(pairs), len(costliest) == 1


def disagreements(game: dict[str, Any]) -> collections.Counter[str]:
    """The moves whose labels differ, by the set of labels the seeds give."""
    found: collections.Counter[str] = collections.Counter()
    order = ["best", "good", "inaccuracy", "mistake", "blunder"]
    for column in zip(*(review["labels"] for review in game["reviews"]), strict=True):
        if len(set(column)) > 1:
            found["/".join(sorted(set(column), key=order.index))] += 1
    return found


def spread_positions(game: dict[str, Any]) -> tuple[int, int] | None:
    """The positions of ``game`` (the start, after each move, the end) whose best
    totals in the seeds differ by the width of the inaccuracy band
    (``INACCURACY_SHARE``, 2 %) of the mean of the seeds' best totals from the
    start or more, and all its positions; None for a record without totals."""
    reviews = game["reviews"]
    if not all("totals" in review for review in reviews):
        return None
    start = statistics.mean(review["best_total"] for review in reviews)
    columns = list(zip(*(review["totals"] for review in reviews), strict=True))
    wide = sum(max(column) - min(column) >= INACCURACY_SHARE * start for column in columns)
    return wide, len(columns)


def describe(game: dict[str, Any]) -> str:
    alike, pairs, same = agreement(game)
    count = game["moves"]
    reviews = game["reviews"]
    totals = [review["best_total"] for review in reviews]
    return (
        f"position {game['position']}, {count} moves: {alike} of {count} labels alike in "
        f"every seed, {pairs:.1f} a pair; costliest move "
        f"{'the same' if same else 'differs'} ({[r['costliest'] for r in reviews]}); "
        f"best totals {totals}; CPU s {[r['cpu'] for r in reviews]}; "
        f"differ: {dict(disagreements(game))}; causes: {dict(causes(game))}"
    )


def summary(games: Sequence[dict[str, Any]]) -> str:
    moves = sum(game["moves"] for game in games)
    alike = sum(agreement(game)[0] for game in games)
    pairs = sum(agreement(game)[1] for game in games)
    same = sum(agreement(game)[2] for game in games)
    cpu = [review["cpu"] for game in games for review in game["reviews"]]
    per_move = [review["cpu"] / game["moves"] for game in games for review in game["reviews"]]
    differ: collections.Counter[str] = collections.Counter()
    why: collections.Counter[str] = collections.Counter()
    for game in games:
        differ.update(disagreements(game))
        why.update(causes(game))
    spreads = [spread_positions(game) for game in games]
    known = [spread for spread in spreads if spread is not None]
    wide = sum(spread[0] for spread in known)
    positions = sum(spread[1] for spread in known)
    spread = (
        f"; best totals 2% apart or more at {wide} of {positions} positions "
        f"({100 * wide / positions:.1f}%)"
        if positions
        else ""
    )
    return (
        f"{len(games)} games, {moves} moves: {alike} labels alike in every seed "
        f"({100 * alike / moves:.1f}%), {100 * pairs / moves:.1f}% a pair; the same costliest "
        f"move in {same} of {len(games)} games; CPU s a review median {statistics.median(cpu):.1f} "
        f"(max {max(cpu):.1f}), {60 * statistics.median(per_move):.1f} for 60 moves; "
        f"labels that differ: {dict(differ.most_common())}; larger than best/good, by cause: "
        f"{dict(why.most_common())}{spread}"
    )


def against(games: Sequence[dict[str, Any]], others: Sequence[dict[str, Any]]) -> str:
    """Labels alike between two budgets' reviews of the same games, seed by seed,
    and the costliest move named alike."""
    by_position = {game["position"]: game for game in others}
    alike = total = same = reviews = 0
    for game in games:
        other = by_position.get(game["position"])
        if other is None:
            continue
        seeds = {review["seed"]: review for review in other["reviews"]}
        for review in game["reviews"]:
            twin = seeds.get(review["seed"])
            if twin is None:
                continue
            alike += sum(a == b for a, b in zip(review["labels"], twin["labels"], strict=True))
            total += len(review["labels"])
            same += review["costliest"] == twin["costliest"]
            reviews += 1
    if not total:
        return "no review of the same game and seed in both files"
    return (
        f"against the other budget, seed by seed: {alike} of {total} labels alike "
        f"({100 * alike / total:.1f}%); the same costliest move in {same} of {reviews} reviews"
    )


def read_games(paths: Sequence[str]) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = []
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            games.extend(json.loads(line) for line in lines if line.strip())
    return games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", default="1,2,3")
    parser.add_argument("--seeds", default="0,1,2")
    parser.add_argument("--budget", choices=["default", "quick"], default="default")
    parser.add_argument(
        "--scale",
        type=int,
        default=1,
        help="give every search of the budget this many times its work (1: the budget itself)",
    )
    parser.add_argument(
        "--game-seed",
        type=int,
        default=0,
        help="the seed of the bot's search that plays each game (other games, same positions)",
    )
    parser.add_argument("--json", help="write each game's reviews to this file (JSON lines)")
    parser.add_argument("--merge", nargs="+", help="sum up --json files instead of reviewing")
    parser.add_argument("--against", nargs="+", help="--json files of the same games")
    args = parser.parse_args()
    if args.merge:
        merged = read_games(args.merge)
        for game in merged:
            print(describe(game))
        print(summary(merged))
        if args.against:
            print(against(merged, read_games(args.against)))
        return
    seeds = [int(seed) for seed in args.seeds.split(",")]
    prepare(Algorithm.NRPA, 1)
    budget = scaled(budget_named(args.budget), args.scale)
    print(f"budget: {budget}", flush=True)
    games: list[dict[str, Any]] = []
    out = open(args.json, "w", encoding="utf-8") if args.json else None  # noqa: SIM115
    try:
        for number in parse_positions(args.positions):
            board = standard_positions()[number - 1]
            played = search(PLAYER, board, BENCHMARK_RULES, 0, args.game_seed).moves
            reviews, cpu = [], []
            for seed in seeds:
                started = time.process_time()
                reviews.append(review_game(board, BENCHMARK_RULES, played, budget, seed))
                cpu.append(time.process_time() - started)
            settled = [settled_of(board, played, review) for review in reviews]
            record = game_record(number, reviews, cpu, settled, args.scale)
            games.append(record)
            print(describe(record), flush=True)
            if out is not None:
                out.write(json.dumps(record) + "\n")
                out.flush()
    finally:
        if out is not None:
            out.close()
    print(summary(games))
    if args.against:
        print(against(games, read_games(args.against)))


if __name__ == "__main__":
    main()
