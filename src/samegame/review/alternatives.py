"""The best moves of a reviewed position (``samegame review --alternatives``):
every move of the position before a reviewed move, with the best final score
known after it, best first.

What each move reaches is the best of what the review already knows and one
more valuation of the position after it:

- known: the move played reaches the value after it (``T(s_{i+1})``), the move
  preferred the value before it, and each line found from the position (its own
  search's, and those of the searches made again) what it reaches;
- valued: the position after each move by the exact solver when it is in the
  budget's bounds (so every move of an exactly solved position is exact: its
  children are in the solver's table), else by one search of a level less than
  the review's search from the best line known (a 28th of its work at the default
  budget), seeded by the
  review's seed, the position and the move's anchor.

So each total is a line that was found and replayed; it is the most any line
after the move reaches only where ``exact``. This is work the review itself does
not do: it is made only when asked, on the positions told (docs/review.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from samegame.core.coords import Cell
from samegame.core.rng import derive_seed
from samegame.core.rules import Rules
from samegame.review.exact import ExactSolver
from samegame.review.review import Review, ReviewedMove
from samegame.review.values import PlayedLine, ReviewBudget, exact_value, value_position

__all__ = [
    "SHOWN_ALTERNATIVES",
    "Alternative",
    "alternative_budget",
    "alternatives",
    "alternatives_of",
]

SHOWN_ALTERNATIVES = 3
"""How many of a position's best moves are told."""


@dataclass(frozen=True)
class Alternative:
    """One move of a position: its group (anchor, cells, colour), the final score
    of the best line known after it (``total``), whether that is the most any line
    after it reaches (``exact``), and whether it is the move played."""

    anchor: Cell
    cells: tuple[Cell, ...]
    colour: int
    total: int
    exact: bool
    played: bool


def alternative_budget(budget: ReviewBudget) -> ReviewBudget:
    """The search of a position after a move: one level less than the review's
    search from the best line known (``warm_level``; level 1 stays 1), with its
    iterations, the same exact bounds, no searches again."""
    return replace(
        budget,
        level=max(1, budget.warm_level - 1),
        iterations=max(1, budget.warm_iterations),
        warm_iterations=0,
        recheck=0,
    )


def alternatives(
    played: PlayedLine,
    rules: Rules,
    review: Review,
    move: ReviewedMove,
    solver: ExactSolver | None = None,
) -> tuple[Alternative, ...]:
    """Every move of the position before ``move``, best first (then by anchor):
    see the module. ``solver`` (``review.budget.solver(rules)``) only saves work."""
    i = move.index
    board, base = played.boards[i], played.bases[i]
    budget = alternative_budget(review.budget)
    solver = solver if solver is not None else review.budget.solver(rules)
    if solver is not None:
        solver.outcomes(board)  # an exact position puts every child in the table
    known: dict[int, tuple[int, bool]] = {}

    def know(cell: Cell, total: int, exact: bool) -> None:
        group = board.group_at(cell)
        assert group is not None, "a known line is legal from its position"
        held_total, held_exact = known.get(group.mask, (total, exact))
        known[group.mask] = (max(held_total, total), held_exact or exact)

    know(move.played, move.preferred_total - move.loss, move.after_exact)
    know(move.preferred, move.preferred_total, move.exact)
    lines = [review.values[i]] if i < len(review.values) else []
    lines += [value for position, value in review.extra if position == i]
    for value in lines:
        if value.line:
            know(value.line[0], value.total, False)
    found = []
    for group in board.groups(rules.min_group):
        after = board.remove(group)
        after_base = base + rules.points(group.size)
        valued = exact_value(after, rules, after_base, review.budget, solver)
        if valued is None:
            seed = derive_seed(
                "review-alternative", review.seed, i, group.anchor.col, group.anchor.row
            )
            valued = value_position(after, rules, after_base, budget, seed, solver)
        total, exact = valued.total, valued.exact
        if group.mask in known:
            held_total, held_exact = known[group.mask]
            total, exact = max(total, held_total), exact or held_exact
        found.append(
            Alternative(
                group.anchor,
                tuple(board.cells(group.mask)),
                group.colour,
                total,
                exact,
                bool(group.mask & board.bit(move.played)),
            )
        )
    found.sort(
        key=lambda alternative: (-alternative.total, alternative.anchor.col, alternative.anchor.row)
    )
    return tuple(found)


def alternatives_of(
    played: PlayedLine, rules: Rules, review: Review, moves: Sequence[ReviewedMove]
) -> dict[int, tuple[Alternative, ...]]:
    """The best moves of the position before each of ``moves`` (``alternatives``),
    by move index, with one exact solver within the review's bounds for them all."""
    solver = review.budget.solver(rules)
    return {move.index: alternatives(played, rules, review, move, solver) for move in moves}
