"""A game's review: where the points were lost, move by move.

``review_game(board, rules, moves, budget, seed)`` values every position of the
played line (``samegame.review.values``), searches them again from the best
lines known (``recheck``), then gives each move its loss, label
(``samegame.review.labels``), the move that was preferred and why the played
one cost points (``samegame.review.reasons``). The positions are valued first to
last; ``stop()``, checked before each, ends the review early, and the moves up
to the last position valued are reviewed (``Review.reviewed``). The same seed
gives the same review: each search is fixed work seeded by the review's seed
and the position's number, and begun from lines found so.

>>> from samegame.core.formulas import BASIC
>>> from samegame.core.rules import Rules
>>> from samegame.core.textboard import read_board
>>> board = read_board("RBR\\nRBB")
>>> review = review_game(board, Rules(BASIC), [Cell(0, 0), Cell(1, 0)], ReviewBudget(), seed=1)
>>> [(str(m.played), m.points, m.loss, m.label.value, str(m.preferred)) for m in review.moves]
[('A1', 0, 1, 'blunder', 'B1'), ('B1', 1, 0, 'best', 'A1')]
>>> review.best_total, review.score, review.lost
(2, 1, 1)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.rng import derive_seed
from samegame.core.rules import Rules
from samegame.review.carried import carried_line
from samegame.review.clearing import (
    clear_matters,
    clear_seed,
    clearing_value,
    could_clear,
    kept_clear_value,
)
from samegame.review.exact import ExactSolver
from samegame.review.labels import MoveLabel
from samegame.review.reasons import ReasonKind
from samegame.review.reviewed import Review, ReviewedMove, ToldMove, review_of
from samegame.review.values import (
    PlayedLine,
    PositionValue,
    ReviewBudget,
    SettledPosition,
    follow,
    played_line,
    settle_line,
    value_position,
)

__all__ = [
    "Review",
    "ReviewBudget",
    "ReviewedMove",
    "ToldMove",
    "position_seed",
    "recheck",
    "recheck_seed",
    "review_game",
    "review_of",
    "warm_positions",
    "warm_seed",
]


def position_seed(seed: int, index: int) -> int:
    """The seed of the search of position ``index`` in a review seeded ``seed``."""
    return derive_seed("review-position", seed, index)


def review_game(
    board: Board,
    rules: Rules,
    moves: Sequence[Cell],
    budget: ReviewBudget | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> Review:
    """Review ``moves`` played from ``board`` under ``rules`` (see the module).
    ``progress(done, total)`` is called after each position is valued (``total``
    is one more than the moves); ``stop()`` is called before each and a true
    answer ends the review there. ValueError naming the move that cannot be
    played."""
    budget = budget if budget is not None else ReviewBudget()
    played = played_line(board, rules, moves)
    positions = len(played.boards)
    solver = budget.solver(rules)
    found: list[PositionValue] = []
    for index, position in enumerate(played.boards):
        if stop is not None and stop():
            break
        found.append(
            value_position(
                position, rules, played.bases[index], budget, position_seed(seed, index), solver
            )
        )
        if progress is not None:
            progress(index + 1, positions)
    if len(found) < positions:
        return review_of(played, rules, moves, found, budget, seed)
    extra = recheck(played, rules, moves, found, budget, seed, stop, solver)
    if extra is None:
        return review_of(played, rules, moves, found, budget, seed)
    return review_of(played, rules, moves, found, budget, seed, extra, rechecked=True)


RECHECKED_LABELS = (MoveLabel.INACCURACY, MoveLabel.MISTAKE, MoveLabel.BLUNDER)
"""The labels of the moves whose positions are searched more after the warm pass
(unless the exact solver settled their loss), the costliest first."""


def warm_seed(seed: int, index: int) -> int:
    """The seed of the search of position ``index`` begun from the best line known
    through it, in a review seeded ``seed``."""
    return derive_seed("review-warm", seed, index)


def recheck_seed(seed: int, index: int, attempt: int) -> int:
    """The seed of search ``attempt`` made again of position ``index``."""
    return derive_seed("review-recheck", seed, index, attempt)


def _to_recheck(review: Review, done: set[int], exact: Callable[[int], bool]) -> list[int]:
    """The positions around the moves labelled an inaccuracy or worse on found
    values, the costliest first (after the move, then before it), not searched
    again yet and not exact."""
    chosen: list[int] = []
    moves = [m for m in review.moves if m.label in RECHECKED_LABELS and not m.loss_proven]
    for move in sorted(moves, key=lambda m: (-m.loss, m.index)):
        for position in (move.index + 1, move.index):
            if position not in done and position not in chosen and not exact(position):
                chosen.append(position)
    return chosen


def _known_line(
    played: PlayedLine,
    settled: Sequence[SettledPosition],
    index: int,
    after: tuple[int, tuple[Cell, ...]] | None,
) -> tuple[int, tuple[Cell, ...]]:
    """The best line known through position ``index``: its settled line, or the
    move played there followed by ``after`` (the best line known from the next
    position, with its total) when that reaches as much."""
    total, line = settled[index].total, settled[index].line
    if after is not None and after[0] >= total:
        total, line = after[0], (played.groups[index].anchor, *after[1])
    return total, line


def warm_positions(found: Sequence[PositionValue]) -> int:
    """How many positions ``recheck`` searches from a known line, last to first,
    before it searches around the moves that decide a label: every one the exact
    solver did not settle."""
    return sum(not value.exact for value in found)


def recheck(
    played: PlayedLine,
    rules: Rules,
    moves: Sequence[Cell],
    found: Sequence[PositionValue],
    budget: ReviewBudget,
    seed: int,
    stop: Callable[[], bool] | None = None,
    solver: ExactSolver | None = None,
    kept: Sequence[tuple[int, PositionValue]] = (),
    more: Callable[[tuple[tuple[int, PositionValue], ...]], None] | None = None,
) -> tuple[tuple[int, PositionValue], ...] | None:
    """Once every position is valued, search each one the exact solver did not
    settle again, last to first, by ``budget.warm``'s search begun from the best
    line known through it (the move played there and the best line known from the
    next position, or its own line when that reaches more; seeded by
    ``warm_seed``), so that each search goes on from what is known instead of
    starting afresh and a line found late in the game lifts every earlier
    position. Lines are carried over (``_carried``). Then, under rules that give
    something for a clear, the positions around the moves said to give up the
    clear and the mistakes and blunders are searched for a line that clears
    (``_clearing_pass``). Then, before a move is labelled an inaccuracy or worse
    on values the search found, the positions after and before it are searched
    ``budget.recheck`` times more in the same way (seeded by ``recheck_seed``),
    the costliest move first, until no such move is left unsearched or
    ``budget.recheck_positions`` positions were searched more; then the
    clearing pass goes on, on the values now known (the moves those searches
    made costly), within the same ``budget.clear_positions``, and lines are
    carried over again. Every line found lifts the values it can
    (``settle_line``).

    A pure function of its arguments, given in order (``(position, value)``).
    ``kept``: what an earlier run that was stopped gave (a beginning of it), used
    in order instead of searching again, so a stopped run goes on where it
    stopped; ``more(extra)`` is called after each search with everything so far.
    None when ``stop()`` asked to stop (what ``more`` was given is kept)."""
    extra: list[tuple[int, PositionValue]] = []
    warm = budget.warm

    def found_again(position: int, value: Callable[[], PositionValue]) -> PositionValue | None:
        if len(extra) < len(kept) and kept[len(extra)][0] == position:
            extra.append(kept[len(extra)])
            return extra[-1][1]
        if stop is not None and stop():
            return None
        extra.append((position, value()))
        if more is not None:
            more(tuple(extra))
        return extra[-1][1]

    def search_again(position: int, seed_: int, line: tuple[Cell, ...]) -> PositionValue | None:
        return found_again(
            position, lambda: _warm_value(played, rules, position, warm, seed_, solver, line)
        )

    def carry() -> bool:
        for position, value in _carried(played, rules, found, extra):
            if found_again(position, functools.partial(_same, value)) is None:
                return False
        return True

    if budget.warm_iterations > 0:
        settled = settle_line(played, found, rules)
        after: tuple[int, tuple[Cell, ...]] | None = None
        for index in reversed(range(len(found))):
            total, line = _known_line(played, settled, index, after)
            if not found[index].exact:
                value = search_again(index, warm_seed(seed, index), line)
                if value is None:
                    return None
                if value.total > total:
                    total, line = value.total, value.line
            after = (total, line)
    if not carry():
        return None
    cleared: set[int] = set()
    args = (played, rules, moves, found, budget, seed, extra, found_again, carry, cleared)
    if not _clearing_pass(*args):
        return None
    done: set[int] = set()
    while len(done) < budget.recheck_positions and budget.recheck > 0:
        review = review_of(played, rules, moves, found, budget, seed, tuple(extra))
        todo = _to_recheck(review, done, lambda position: found[position].exact)
        if not todo:
            break
        for position in todo[: budget.recheck_positions - len(done)]:
            done.add(position)
            for attempt in range(budget.recheck):
                settled = settle_line(played, found, rules, extra)
                seed_ = recheck_seed(seed, position, attempt)
                if search_again(position, seed_, settled[position].line) is None:
                    return None
    if not _clearing_pass(*args):
        return None
    if not carry():
        return None
    return tuple(extra)


def _clearing_pass(
    played: PlayedLine,
    rules: Rules,
    moves: Sequence[Cell],
    found: Sequence[PositionValue],
    budget: ReviewBudget,
    seed: int,
    extra: list[tuple[int, PositionValue]],
    found_again: Callable[[int, Callable[[], PositionValue]], PositionValue | None],
    carry: Callable[[], bool],
    done: set[int],
) -> bool:
    """The clearing pass of ``recheck``: the positions ``_to_clear`` chooses are
    searched for a line that clears (``samegame.review.clearing``, seeded by
    ``clear_seed``), one after another, at most ``budget.clear_positions``; once
    one clears, its line is credited (lifting every earlier position) and lines
    are carried over again, and the positions are chosen again on the values now
    known. A clearing line that reaches less than the best line known from its
    position is searched from for the points a clear leaves, keeping the clear
    (``kept_clear_value``: ``budget.warm``'s level and iterations under rules
    that put every clear first; seeded by ``clear_seed(..., warm=True)``). Each
    search's line is kept (``found_again``), whether it clears or not. False
    when stopped. ``done``: the positions searched for a clear so far (this
    pass adds to it), shared by the passes of one review, which search at most
    ``budget.clear_positions`` in all."""
    searching = budget.clear_width > 0 or budget.clear_iterations > 0
    while searching and len(done) < budget.clear_positions:
        review = review_of(played, rules, moves, found, budget, seed, tuple(extra))
        settled = settle_line(played, found, rules, extra)
        todo = _to_clear(review, played, settled, rules, done, found)
        if not todo:
            return True
        for position in todo[: budget.clear_positions - len(done)]:
            done.add(position)
            board, base = played.boards[position], played.bases[position]
            seed_ = clear_seed(seed, position)
            search = functools.partial(clearing_value, board, rules, base, budget, seed_)
            value = found_again(position, search)
            if value is None:
                return False
            if value.clears:
                if value.total < settled[position].total:
                    # The clear was found with fewer points than the best line
                    # known: a search goes on from it for points, keeping the clear.
                    seed_ = clear_seed(seed, position, warm=True)
                    again = functools.partial(
                        kept_clear_value, board, rules, base, budget, seed_, value.line
                    )
                    if found_again(position, again) is None:
                        return False
                if not carry():
                    return False
                break
        else:
            return True
    return True


CLEAR_LABELS = (MoveLabel.MISTAKE, MoveLabel.BLUNDER)
"""The labels of the moves whose positions the clearing pass searches for a
clear (with every move whose reason is that the clear was given up)."""


def _to_clear(
    review: Review,
    played: PlayedLine,
    settled: Sequence[SettledPosition],
    rules: Rules,
    done: set[int],
    found: Sequence[PositionValue],
) -> list[int]:
    """The positions the clearing pass searches next: after and before each move
    said to give up the clear, then each move labelled a mistake or a blunder,
    the costliest first, whose loss the exact solver did not settle; of those,
    the positions not searched for a clear yet, not exact, whose best line known
    does not clear (a line that clears may be known and reach less: a search
    for a clear, then from it, may find more), that could be cleared by their
    colours' counts, and where a clear is worth something under ``rules``."""
    gave_up = [m for m in review.moves if m.reason.kind is ReasonKind.GAVE_UP_CLEAR]
    costly = [m for m in review.moves if m.label in CLEAR_LABELS and m not in gave_up]
    chosen: list[int] = []
    for move in (*_costliest(gave_up), *_costliest(costly)):
        if move.loss_proven:
            continue
        for position in (move.index + 1, move.index):
            board = played.boards[position]
            if (
                position in done
                or position in chosen
                or found[position].exact
                or settled[position].clears
                or not clear_matters(rules, board.tile_count())
                or not could_clear(board, rules.min_group)
            ):
                continue
            chosen.append(position)
    return chosen


def _costliest(moves: Sequence[ReviewedMove]) -> list[ReviewedMove]:
    return sorted(moves, key=lambda m: (-m.loss, m.index))


def _same(value: PositionValue) -> PositionValue:
    return value


def _carried(
    played: PlayedLine,
    rules: Rules,
    found: Sequence[PositionValue],
    extra: Sequence[tuple[int, PositionValue]],
) -> list[tuple[int, PositionValue]]:
    """First to last, the best line known from each position that begins with
    another move than the one played, carried over to the position after the
    move played (``samegame.review.carried``), where it reaches more than every
    line known from there: those lines, each with its position. No search."""
    settled = settle_line(played, found, rules, extra)
    lifted: list[tuple[int, PositionValue]] = []
    line = settled[0].line
    for index in range(len(settled) - 1):
        after = (settled[index + 1].total, settled[index + 1].line)
        group = played.groups[index]
        if line and played.boards[index].group_at(line[0]) != group:
            carried = carried_line(played.boards[index], rules, line, group)
            board, base = played.boards[index + 1], played.bases[index + 1]
            reaches, clears = follow(board, rules, base, carried)
            if reaches > after[0]:
                value = PositionValue(reaches, carried, clears, False, True if clears else None)
                lifted.append((index + 1, value))
                after = (reaches, carried)
        line = after[1]
    return lifted


def _warm_value(
    played: PlayedLine,
    rules: Rules,
    index: int,
    budget: ReviewBudget,
    seed: int,
    solver: ExactSolver | None,
    line: tuple[Cell, ...],
) -> PositionValue:
    """The value of position ``index`` of ``played`` found by ``budget``'s search
    begun from ``line``, a whole line from it (never below it)."""
    board, base = played.boards[index], played.bases[index]
    return value_position(board, rules, base, budget, seed, solver, line)
