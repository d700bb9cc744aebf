"""The costliest moves of a file of records (``samegame review FILE --worst N``):
every record reviewed in turn, each from scratch, and the ``worst`` moves that
lost the most points of them all, costliest first (ties by record, then move).

A record that cannot be reviewed stops the work with its ``ReviewSourceError``;
a stop request ends it after the records reviewed whole (``WorstOfFile.done``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from samegame.execution.executors import Executor
from samegame.plugin.host import PluginHost
from samegame.review.keeping import review_subject
from samegame.review.report import move_report, review_report
from samegame.review.review import Review, ToldMove
from samegame.review.sources import record_count, record_subjects
from samegame.review.values import ReviewBudget, played_line

if TYPE_CHECKING:
    from samegame.bots.search.bot import Preparing

__all__ = ["WorstOfFile", "worst_of_file"]

SUMMARY_NUMBERS = ("total_moves", "finished", "score", "best_total", "lost")
"""The numbers of each record's review that the JSON of ``--worst`` gives."""


@dataclass(frozen=True)
class WorstOfFile:
    """The records of a file (``count``), how many were reviewed whole
    (``done``), each one's summary numbers (with its ``record`` number) and the
    moves chosen, costliest first."""

    count: int
    done: int
    summaries: list[dict[str, Any]]
    chosen: list[ToldMove]

    def report(self) -> dict[str, Any]:
        """The JSON of the result: the records' summaries and the moves chosen."""
        return {
            "records": self.summaries,
            "worst": [
                {"record": told.record, **move_report(told.move, self._best_total(told.record))}
                for told in self.chosen
            ],
        }

    def _best_total(self, record: int | None) -> int:
        for summary in self.summaries:
            if summary["record"] == record:
                best = summary["best_total"]
                assert isinstance(best, int)
                return best
        return 0


def _summary_numbers(review: Review) -> dict[str, Any]:
    return {key: value for key, value in review_report(review).items() if key in SUMMARY_NUMBERS}


def worst_of_file(
    path: str,
    host: PluginHost,
    worst: int,
    budget: ReviewBudget,
    seed: int,
    *,
    count: int | None = None,
    stopped: Callable[[], bool] = lambda: False,
    progress: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
    preparing: Callable[[Preparing], None] = lambda preparing: None,
) -> WorstOfFile:
    """Review every record of the file at ``path`` (``count`` records, counted
    here when not given) and keep the ``worst`` costliest moves;
    ``progress(done, count)`` after each record."""
    total = record_count(path) if count is None else count
    told: list[ToldMove] = []
    summaries: list[dict[str, Any]] = []
    done = 0
    for subject in record_subjects(path, host):
        if stopped():
            break
        review = review_subject(
            subject, budget, seed, stopped=stopped, executor=executor, preparing=preparing
        )
        if not review.complete or not review.rechecked:
            break
        done += 1
        played = played_line(subject.board, subject.rules, subject.moves)
        summaries.append({"record": subject.record, **_summary_numbers(review)})
        told.extend(
            ToldMove(move, played.boards[move.index], subject.rules, subject.record)
            for move in review.costliest
        )
        if progress is not None:
            progress(done, total)
    told.sort(key=lambda t: (-t.move.loss, t.record or 0, t.move.index))
    return WorstOfFile(total, done, summaries, told[:worst])
