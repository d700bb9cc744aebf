"""A review that goes on from where it stopped: the values kept with a saved game
loaded (when they are of the same moves, budget and seed and check against the
game), each value found kept at once, so that a stopped review is never found
again and asking again costs nothing.

``review_subject`` values the positions after the kept ones (here, or on an
executor's workers), first to last, until the last or until ``stopped()``; the
value being found when the work is stopped is dropped (a search cut short is
not a fixed amount of work) and the review so far is returned.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from samegame.execution.executors import (
    Executor,
    ExecutorFailed,
    failure_words,
    is_executor_failure,
)
from samegame.review.review import Review, recheck, review_of, warm_positions
from samegame.review.sources import ReviewSubject
from samegame.review.stored import StoredReviewError, review_from_stored, stored_review
from samegame.review.values import PositionValue, ReviewBudget, played_line
from samegame.review.valuing import valued_positions
from samegame.store import Store

if TYPE_CHECKING:
    from samegame.bots.search.bot import Preparing

__all__ = ["keeper", "kept_values", "review_subject"]


def kept_values(
    store: Store, subject: ReviewSubject, budget: ReviewBudget, seed: int
) -> Review | None:
    """The review kept with a saved game (its values, and the searches made again
    once they were all found), when it is of the same moves, budget and seed and
    checks against the game; else None."""
    assert subject.game_id is not None
    kept = store.load_review(subject.game_id, subject.moves)
    if kept is None:
        return None
    try:
        return review_from_stored(
            json.loads(kept.text), subject.board, subject.rules, subject.moves, (budget, seed)
        )
    except (StoredReviewError, ValueError, RecursionError):
        return None


def keeper(store: Store, subject: ReviewSubject) -> Callable[[Review], None]:
    """What keeps a saved game's review (complete or not) each time it grows."""
    assert subject.game_id is not None
    game_id = subject.game_id

    def save(review: Review) -> None:
        text = json.dumps(stored_review(review), separators=(",", ":"))
        complete = len(review.values) == review.total_moves + 1 and review.rechecked
        store.save_review(game_id, subject.moves, text, complete=complete)

    return save


def _prepare_search(budget: ReviewBudget, preparing: Callable[[Preparing], None]) -> None:
    """Load (or, the first time, compile) the search, and the beam of the search
    for a clear when the budget has one; ``preparing(what)`` once when that
    compiles (at once) or takes more than a second (``prepare_searches``)."""
    from samegame.bots.search.bot import prepare_searches
    from samegame.bots.search.spec import BeamSpec, NrpaSpec, SearchSpec

    specs: list[SearchSpec] = [NrpaSpec(level=budget.level, iterations=budget.iterations)]
    if budget.clear_positions > 0 and budget.clear_width > 0:
        specs.append(BeamSpec(width=budget.clear_width))
    prepare_searches(specs, preparing)  # one line said for both, at most


def review_subject(
    subject: ReviewSubject,
    budget: ReviewBudget,
    seed: int,
    kept: Review | None = None,
    *,
    stopped: Callable[[], bool] = lambda: False,
    progress: Callable[[int, int], None] | None = None,
    again: Callable[[int, int], None] | None = None,
    checking: Callable[[], None] | None = None,
    save: Callable[[Review], None] | None = None,
    executor: Executor | None = None,
    preparing: Callable[[Preparing], None] = lambda preparing: None,
) -> Review:
    """The review of a subject, going on from the review ``kept`` (its values, in
    order, and its searches made again): each further position valued (here, or
    on ``executor``'s workers), then ``save(review)`` and ``progress(done,
    total)`` (positions); once every position is valued, the positions are
    searched again here from the best lines known (``samegame.review.review.recheck``,
    going on from the searches again kept), each search followed by
    ``save(review)`` and, for the positions searched last to first, ``again(done,
    total)``; ``checking()`` once, when those are done and the searches around
    the costly moves begin (so that a long last stretch is not silent).
    The search is loaded first when a position is too large for the exact
    solver (``preparing(what)`` said when that compiles or takes long). Stopped by
    ``stopped()``, it returns the review so far (with the searches again made); ``ExecutorFailed`` when the
    executor fails; ``ValueError`` for moves that are not a legal line."""
    played = played_line(subject.board, subject.rules, subject.moves)
    if kept is not None and kept.rechecked:
        return kept
    found = list(kept.values) if kept is not None else []
    total = len(played.boards)
    if len(found) < total and played.boards[len(found)].tile_count() > budget.exact_tiles:
        _prepare_search(budget, preparing)
    values = valued_positions(
        played,
        subject.rules,
        subject.variant,
        budget,
        seed,
        len(found),
        stopped,
        executor,
    )
    try:
        for value in values:
            found.append(value)
            if save is not None:
                save(review_of(played, subject.rules, subject.moves, found, budget, seed))
            if progress is not None:
                progress(len(found), total)
    except Exception as error:
        if not is_executor_failure(error):
            raise
        raise ExecutorFailed(failure_words(error)) from None
    args = (played, subject.rules, subject.moves, found, budget, seed)
    if len(found) < total or stopped():
        return review_of(*args)
    so_far = kept.extra if kept is not None else ()
    searching = warm_positions(found)

    told = False

    def more(extra: tuple[tuple[int, PositionValue], ...]) -> None:
        nonlocal so_far, told
        so_far = extra
        if save is not None:
            save(review_of(*args, extra))
        if again is not None and len(extra) <= searching:
            again(len(extra), searching)
        if checking is not None and len(extra) >= searching and not told:
            told = True
            checking()

    extra = recheck(*args, stopped, budget.solver(subject.rules), so_far, more)
    if extra is None:
        return review_of(*args, so_far)
    review = review_of(*args, extra, rechecked=True)
    if save is not None:
        save(review)
    return review
