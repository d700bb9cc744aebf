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
from dataclasses import dataclass

from samegame.core.board import Board, Group
from samegame.core.coords import Cell
from samegame.core.game import lookahead_hint
from samegame.core.rng import derive_seed
from samegame.core.rules import Rules
from samegame.review.carried import carried_line
from samegame.review.clearing import clear_matters, clear_seed, clearing_value, could_clear
from samegame.review.exact import ExactSolver
from samegame.review.labels import MoveLabel, label_for
from samegame.review.reasons import NO_REASON, MoveReason, ReasonKind, move_reason
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


@dataclass(frozen=True)
class ReviewedMove:
    """One move of a review. ``index`` counts from 0; ``played`` is the cell given
    and ``played_group`` its group's cells; ``value_before`` and ``value_after``
    are ``V`` of the positions before and after it (future points, settlement
    included), so ``loss = value_before - points - value_after``. ``preferred``
    is the first move of the best line found (the played move's anchor when the
    played line is at least as good), ``preferred_group`` its cells and
    ``preferred_value`` that line's value (``value_before``), ``preferred_total``
    the game's final score along it (``T`` before the move); ``preferred_line``
    the whole line, to the end of the game. ``exact``: ``value_before`` is the
    exact solver's; ``after_exact``: ``value_after`` is. What the loss proves
    (``loss_proven``): both exact, the loss is the true one; the value after
    exact, the true loss is at least ``loss`` (the line before is real, the
    value after the most any line reaches); else it is only what the search
    found, since a better line after the move may exist. ``hinted``: the move is
    the one the built-in hint gives on its position (``lookahead_hint``, a
    look-ahead of two moves), so a player who took the hint is told so."""

    index: int
    played: Cell
    played_group: tuple[Cell, ...]
    points: int
    value_before: int
    value_after: int
    loss: int
    label: MoveLabel
    preferred: Cell
    preferred_group: tuple[Cell, ...]
    preferred_value: int
    preferred_total: int
    preferred_line: tuple[Cell, ...]
    exact: bool
    reason: MoveReason
    after_exact: bool = False
    hinted: bool = False

    @property
    def loss_proven(self) -> bool:
        """Whether ``loss`` is the true loss, every line considered."""
        return self.exact and self.after_exact


@dataclass(frozen=True)
class ToldMove:
    """A move to tell: the move, the board before it and the rules, and the record
    it is of (its number from 1) when several records are reviewed together."""

    move: ReviewedMove
    board: Board
    rules: Rules
    record: int | None = None


@dataclass(frozen=True)
class Review:
    """A game's review: its moves (the first ``reviewed`` of ``total_moves``),
    ``best_total`` (``V`` of the first position, the best final score found),
    ``score`` (the final score when the line ends the game, else the points of
    the moves played), ``finished``, ``reviewed_score`` (the points scored by
    the moves reviewed: where a stopped review stands; ``score`` before the
    settlement when it is complete), and ``costliest``: the moves that lost
    points, the largest loss first (then by index). When the review is complete
    the losses add up to ``lost = best_total - end_total``, where ``end_total`` is
    the final score of a finished game, or the best found from where an
    unfinished line stopped. ``values``: what was found from each position
    valued, as ``value_position`` gave it (what a saved review keeps:
    ``samegame.review.stored``); ``extra``: the lines of the searches made again
    from the best lines known and the lines carried over (``(position, value)``,
    in the order ``recheck`` gives them), and ``rechecked`` whether they are all
    made (a complete review is rechecked before it is told)."""

    moves: tuple[ReviewedMove, ...]
    total_moves: int
    best_total: int
    end_total: int
    score: int
    finished: bool
    costliest: tuple[ReviewedMove, ...]
    budget: ReviewBudget
    seed: int
    values: tuple[PositionValue, ...] = ()
    reviewed_score: int = 0
    extra: tuple[tuple[int, PositionValue], ...] = ()
    rechecked: bool = False

    @property
    def reviewed(self) -> int:
        """How many moves were reviewed (all of them unless the review stopped)."""
        return len(self.moves)

    @property
    def complete(self) -> bool:
        return self.reviewed == self.total_moves

    @property
    def lost(self) -> int:
        """The points lost by the moves reviewed: the sum of their losses."""
        return sum(move.loss for move in self.moves)


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
    args = (played, rules, moves, found, budget, seed, extra, found_again, carry, solver, cleared)
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
    solver: ExactSolver | None,
    done: set[int],
) -> bool:
    """The clearing pass of ``recheck``: the positions ``_to_clear`` chooses are
    searched for a line that clears (``samegame.review.clearing``, seeded by
    ``clear_seed``), one after another, at most ``budget.clear_positions``; once
    one clears, its line is credited (lifting every earlier position) and lines
    are carried over again, and the positions are chosen again on the values now
    known. A clearing line that reaches less than the best line known from its
    position is searched from by ``budget.warm``'s search (seeded by
    ``clear_seed(..., warm=True)``), for the points a clear leaves. Each
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
                    # known: the review's search goes on from it for points.
                    seed_ = clear_seed(seed, position, warm=True)
                    line = value.line
                    again = functools.partial(
                        _warm_value, played, rules, position, budget.warm, seed_, solver, line
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


def review_of(
    played: PlayedLine,
    rules: Rules,
    moves: Sequence[Cell],
    found: Sequence[PositionValue],
    budget: ReviewBudget,
    seed: int,
    extra: Sequence[tuple[int, PositionValue]] = (),
    *,
    rechecked: bool = False,
) -> Review:
    """The review of ``moves`` (whose positions are ``played``) from the values
    ``found`` of its first positions, first to last (as ``value_position`` gives
    them, computed here or elsewhere), and the ``extra`` lines of searches made
    again (``recheck``): the moves up to the last position valued are reviewed."""
    if len(found) > len(played.boards):
        raise ValueError(f"{len(found)} values for {len(played.boards)} positions")
    if not found:
        return Review((), len(moves), 0, 0, 0, played.finished, (), budget, seed, ())
    settled = settle_line(played, found, rules, extra)
    best_total = settled[0].total
    reviewed = tuple(
        _reviewed_move(played, settled, i, rules, best_total, moves[i])
        for i in range(len(settled) - 1)
    )
    end = len(played.groups)
    score = rules.settle(played.bases[end], played.boards[end].tile_count()).final
    costliest = tuple(sorted((m for m in reviewed if m.loss > 0), key=lambda m: (-m.loss, m.index)))
    return Review(
        reviewed,
        len(moves),
        best_total,
        settled[-1].total,
        score if played.finished else played.bases[end],
        played.finished,
        costliest,
        budget,
        seed,
        tuple(found),
        played.bases[len(found) - 1],
        tuple(extra),
        rechecked,
    )


def _reviewed_move(
    played: PlayedLine,
    settled: Sequence[SettledPosition],
    i: int,
    rules: Rules,
    best_total: int,
    cell: Cell,
) -> ReviewedMove:
    before, after = settled[i], settled[i + 1]
    board, group = played.boards[i], played.groups[i]
    loss = before.total - after.total
    preferred_group = board.group_at(before.line[0]) if before.line else group
    assert preferred_group is not None
    if loss > 0:
        reason = move_reason(
            board,
            group,
            rules,
            base=played.bases[i],
            preferred=before.line,
            after_line=after.line,
            exact=before.exact and after.exact,
            after_can_clear=after.can_clear,
        )
        assert reason.loss in (0, loss), "a reason's lines reach the totals of the move's loss"
    else:
        reason = NO_REASON
    return ReviewedMove(
        i,
        cell,
        tuple(board.cells(group.mask)),
        played.points[i],
        before.value,
        after.value,
        loss,
        label_for(loss, best_total),
        preferred_group.anchor,
        tuple(board.cells(preferred_group.mask)),
        before.value,
        before.total,
        before.line,
        before.exact,
        reason,
        after.exact,
        _is_hint(board, group, rules),
    )


def _is_hint(board: Board, group: Group, rules: Rules) -> bool:
    hint = lookahead_hint(board, rules)
    return hint is not None and hint.mask == group.mask
