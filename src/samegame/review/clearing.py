"""A search aimed at clearing the board, for the review's clearing pass.

The review's searches value a position under the game's rules, and at 100 tiles
or more a fixed amount of such search often misses every line that clears the
board, though one exists: a search aimed at the clear alone finds it (issue 44,
benchmarks/results/review.md, "The review's 'no clear' statements checked by
other searches"). Missing it makes a move look as if it gave up the clear
bonus. So, at the positions that decide a verdict (``samegame.review.review.recheck``),
``clearing_value`` searches for a clearing line under **clearing rules**: a
point a tile removed and ``CLEAR_WEIGHT`` for a clear, the game's smallest
group, no penalty, so that the best line of a search is the one that removes
the most tiles, a clearing one above all. The searches, in order, until one
clears:

- a beam search of ``ReviewBudget.clear_width`` valued by the groups already
  formed (``samegame.kernel.search.beam``, ``Evaluation.GROUPS``): deterministic
  (the same in every seed), under two seconds at 4,096 wide on a 15x15
  position of 180 tiles (on 100-tile positions of bot games, 4,096 cleared
  where 2,048 did not);
- NRPA of level ``CLEAR_LEVEL`` (3) with ``ReviewBudget.clear_iterations`` a
  level keeping a colour back for last (selective playouts), seeded by the
  review's seed and the position: it clears positions the beam does not (on a
  position of 178 tiles where beams of 4,096 clear nothing, 5 seeds of 5 at 30
  iterations, about a second; 1 of 5 at level 2 with 100).

A line found is replayed under the game's own rules (``values.follow``) and
given only when it clears: what it reaches under the game's rules is its total,
so it is a line found, never a claim, and it may well reach less than the best
line known (it was not looking for points); it still shows that the position
can be cleared.

Whether the clear decides the verdict depends on the points a clearing line
leaves, so ``kept_clear_value`` searches such a position again for points **keeping
the clear**: NRPA (the review's search again, ``ReviewBudget.warm_level`` and
``warm_iterations``) under **clear-first rules**, the game's own with a bonus so
large that every line that clears scores more than every line that does not
(``clear_first_rules``), with uniform random playouts, once afresh and once
begun from the clearing line (which such playouts can play, where the review's
own playouts above 175 tiles keep a colour back and cannot).

>>> from samegame.core.formulas import BASIC
>>> from samegame.core.rules import Rules
>>> clear_matters(Rules(BASIC)), clear_matters(Rules(BASIC, clear_bonus=1000))
(False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.limits import MAX_POINTS
from samegame.core.rng import derive_seed
from samegame.core.rule_parts import ScoringFormula
from samegame.core.rules import Rules
from samegame.review.values import PositionValue, ReviewBudget, follow

__all__ = [
    "CLEAR_LEVEL",
    "CLEAR_WEIGHT",
    "clear_first_rules",
    "clear_matters",
    "clear_seed",
    "clearing_rules",
    "clearing_value",
    "could_clear",
    "kept_clear_value",
]

CLEAR_LEVEL = 3
"""The level of the NRPA search for a clear."""

CLEAR_WEIGHT = 100_000
"""The clearing rules' bonus for a clear: more than any board's tiles, so a line
that clears beats every line that does not."""

TILES = ScoringFormula("tiles", lambda n: n, "a point a tile removed")


def clear_matters(rules: Rules, tiles: int = 1) -> bool:
    """Whether clearing a board is worth something under ``rules``: a clear
    bonus, or a penalty for the tiles left (looked at with ``tiles`` left, 1 at
    least)."""
    return rules.clear_bonus > 0 or rules.settle(0, max(tiles, 1)).penalty > 0


def clearing_rules(rules: Rules) -> Rules:
    """The rules a search for a clear works under: a point a tile removed,
    ``CLEAR_WEIGHT`` for a clear, no penalty, ``rules``' smallest group."""
    return Rules(TILES, clear_bonus=CLEAR_WEIGHT, min_group=rules.min_group)


def clear_first_rules(rules: Rules, tiles: int) -> Rules:
    """``rules`` with a clear bonus larger by at least ``CLEAR_WEIGHT``, and by
    more than any line from a board of ``tiles`` tiles can score (at most one
    group a tile, each worth at most the most points of a group of up to
    ``tiles``), so that on such a board every line that clears scores more
    than every line that does not, and lines that clear are ordered by their
    points under ``rules`` (capped at ``MAX_POINTS``, where a formula's points
    are that large, the order holds no more)."""
    most = max((rules.points(size) for size in range(rules.min_group, tiles + 1)), default=0)
    weight = max(CLEAR_WEIGHT, (tiles + 1) * max(most, 0))
    return replace(rules, clear_bonus=min(rules.clear_bonus + weight, MAX_POINTS))


def clear_seed(seed: int, index: int, *, warm: bool = False) -> int:
    """The seed of the search for a clear of position ``index`` in a review
    seeded ``seed``; ``warm``: of the search there for the points a clear
    leaves (``kept_clear_value``), once a clearing line was found."""
    return derive_seed("review-clear-warm" if warm else "review-clear", seed, index)


def could_clear(board: Board, min_group: int) -> bool:
    """False when ``board`` can never be cleared: a colour has fewer tiles than
    the smallest group (and more than none). True says nothing."""
    return all(count >= min_group for count in board.colour_counts().values() if count)


def clearing_value(
    board: Board, rules: Rules, base: int, budget: ReviewBudget, seed: int
) -> PositionValue:
    """The line found by the searches of the module (those of ``budget`` that are
    not 0) from ``board``, with its total under ``rules`` with ``base`` points
    before it: the first that clears, else the one of them that reaches the most
    (first on a tie; a line found like any other, and no clear found proves
    nothing). The end of the game when ``board`` has no move. A pure function of
    its arguments."""
    if not board.has_move(rules.min_group):
        total, clears = follow(board, rules, base, ())
        return PositionValue(total, (), clears, False, True if clears else None)
    # Loaded with the first search, as in ``values.value_position``.
    from samegame.bots.search.engine import search
    from samegame.bots.search.spec import BeamSpec, Evaluation, NrpaSpec, PlayoutPolicy, SearchSpec

    searches: list[SearchSpec] = []
    if budget.clear_width > 0:
        searches.append(BeamSpec(width=budget.clear_width, evaluation=Evaluation.GROUPS))
    if budget.clear_iterations > 0:
        policy = PlayoutPolicy.SELECTIVE
        searches.append(
            NrpaSpec(level=CLEAR_LEVEL, iterations=budget.clear_iterations, policy=policy)
        )
    if not searches:
        raise ValueError(
            "the budget has no search for a clear (clear_width and clear_iterations 0)"
        )
    aimed = clearing_rules(rules)
    best: PositionValue | None = None
    for spec in searches:
        moves = tuple(search(spec, board, aimed, 0, seed).moves)
        total, clears = follow(board, rules, base, moves)
        if clears:
            return PositionValue(total, moves, True, False, True)
        if best is None or total > best.total:
            best = PositionValue(total, moves, False, False, None)
    assert best is not None
    return best


def kept_clear_value(
    board: Board,
    rules: Rules,
    base: int,
    budget: ReviewBudget,
    seed: int,
    line: Sequence[Cell],
) -> PositionValue:
    """The best line found from ``board`` (with ``base`` points before it) by two
    searches under ``clear_first_rules`` with uniform random playouts, each NRPA
    of ``budget.warm_level`` with ``budget.warm_iterations`` a level (at least
    1), seeded ``seed``: one afresh, one begun from ``line`` (a whole line from
    ``board`` that clears); of those two lines and ``line``, the first by
    (clears, total), its total its replay under ``rules``. So a line that clears
    whenever ``line`` does, reaching at least what ``line`` reaches: the most
    points among the clearing lines found (see the module). A pure function of
    its arguments."""
    from samegame.bots.search.engine import search
    from samegame.bots.search.spec import NrpaSpec, PlayoutPolicy

    spec = NrpaSpec(
        level=budget.warm_level,
        iterations=max(budget.warm_iterations, 1),
        policy=PlayoutPolicy.RANDOM,
    )
    aimed = clear_first_rules(rules, board.tile_count())
    known, known_clears = follow(board, rules, base, line)
    best = (known_clears, known, tuple(line))
    for start in ((), line):
        moves = tuple(search(spec, board, aimed, base, seed, start).moves)
        total, clears = follow(board, rules, base, moves)
        if (clears, total) > best[:2]:
            best = (clears, total, moves)
    clears, total, moves = best
    return PositionValue(total, moves, clears, False, True if clears else None)
