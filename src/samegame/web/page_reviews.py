"""The page's reviews (docs/web.md, "Reviewing a game"): a saved game reviewed as
``samegame review --game ID`` reviews it, with the same engine, budget and seed,
going on from (and keeping) the one review kept with the game in the store
(``samegame.review.keeping``), so the page and the command share it; told in the
command's own sentences (``samegame.repl.review_words``, ``review_views``), and
practised with the command's own judge (``samegame.repl.practice_judge``): a
cell judged, ``hint`` the search's choice, the board's queries (``row 5``,
``groups red``, ``cell C3``, ``board``) answered as the command's practice
answers them, ``help`` the page's practice in words; nothing is saved.

Each review has a ``Worker`` of its own (a daemon thread with its own store), on
which the review runs, so the server's event loop never waits for a search:
while it runs, what the page is told is read from counters the review updates
(no plugin code, no store); once it is done, its words are made on that thread,
and each practice answer is judged there too. ``cancel`` stops a review after
the position being valued (a search cut short is dropped, what was valued is
kept, as the command does); ``close`` (the server's stop) stops every review at
once: it tells every running search to stop (``stop_flags.interrupt``), so a
search gives up at once and is dropped, and waits at most ``CLOSE_SECONDS``.

At most ``MAX_REVIEWS`` reviews are held; the oldest finished one is dropped
first (its review is kept in the store, and asking again costs nothing).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from samegame.core.coords import format_cell
from samegame.core.quoting import shown
from samegame.i18n import translator
from samegame.plugin.host import PluginHost
from samegame.repl.announcer import Announcer
from samegame.repl.commands import Kind, UnknownCommandError, parse_command
from samegame.repl.practice_judge import PracticeJudge
from samegame.repl.review_views import graph_lines, total_after
from samegame.repl.review_words import ReviewWords, ToldMove, told_moves
from samegame.repl.tutorial.voice import QUERIES
from samegame.review.keeping import keeper, kept_values, review_subject
from samegame.review.review import Review
from samegame.review.sources import ReviewSourceError, ReviewSubject, saved_subject
from samegame.review.values import DEFAULT_ITERATIONS, PlayedLine, ReviewBudget, played_line
from samegame.web.page_games import MAX_LINE, PageError, Worker
from samegame.web.page_state import board_rows

if TYPE_CHECKING:
    from samegame.bots.search.bot import Preparing

__all__ = [
    "CLOSE_SECONDS",
    "MAX_REVIEWS",
    "PAGE_BUDGET",
    "PAGE_SEED",
    "PageReviews",
    "ReviewState",
]

PAGE_BUDGET = ReviewBudget(iterations=DEFAULT_ITERATIONS)
"""The budget of a page's review: the command's default (``--iterations``)."""

PAGE_SEED = 0
"""The seed of a page's review: the command's default (``--seed``)."""

MAX_REVIEWS = 16
"""The most reviews held at once."""

CLOSE_SECONDS = 0.5
"""The longest a stop waits for the reviews' threads to end."""


class ReviewState(StrEnum):
    """Where a review stands: running, done (every move), stopped (cancelled:
    the moves reviewed so far), or failed (one line says why)."""

    RUNNING = "running"
    DONE = "done"
    STOPPED = "stopped"
    FAILED = "failed"


@dataclass
class _Job:
    """One review: its game, worker, stop flag and where it stands."""

    game_id: int
    subject: ReviewSubject
    played: PlayedLine
    worker: Worker
    stop: threading.Event = field(default_factory=threading.Event)
    done: int = 0
    kept: int = 0
    again: tuple[int, int] | None = None
    checking: bool = False
    searched: bool = True
    preparing: Preparing | None = None
    review: Review | None = None
    error: BaseException | None = None
    results: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return len(self.subject.moves) + 1

    @property
    def state(self) -> ReviewState:
        if self.error is not None:
            return ReviewState.FAILED
        if self.review is None:
            return ReviewState.RUNNING
        whole = len(self.review.values) == self.total and self.review.rechecked
        return ReviewState.DONE if whole else ReviewState.STOPPED


class PageReviews:
    """The reviews of one server (see the module)."""

    def __init__(self, host: Callable[[], PluginHost], store_path: Path | None = None) -> None:
        """``host`` gives the plugin host whose formulas and penalties make a
        saved game's rules (as for the command: plugin code is called in the
        review's thread, unbounded)."""
        self._host = host
        self._store_path = store_path
        self._jobs: OrderedDict[str, _Job] = OrderedDict()

    async def start(self, game_id: int, language: str) -> dict[str, Any]:
        """Review saved game ``game_id`` (a running review of it is joined, not
        started twice): its status (``status``). A game that cannot be reviewed
        (no such game, rules whose plugin is not loaded, a damaged game) is a
        PageError with the command's one line."""
        for name, job in self._jobs.items():
            if job.game_id == game_id and job.state is ReviewState.RUNNING:
                return self._status(name, job, language)
        worker = Worker("samegame-review", self._store_path)
        try:
            subject, played = await worker.run(self._subject, worker, game_id, language)
        except BaseException:
            worker.stop()
            raise
        self._make_room()
        name = secrets.token_urlsafe(16)
        job = _Job(game_id, subject, played, worker)
        self._jobs[name] = job
        worker.submit(self._run, job)
        return self._status(name, job, language)

    async def status(self, name: str, language: str) -> dict[str, Any]:
        """Where review ``name`` stands, and once it ended its words (``result``)."""
        job = self._job(name, language)
        if job.state in (ReviewState.DONE, ReviewState.STOPPED) and language not in job.results:
            job.results[language] = await job.worker.run(self._result, job, language)
        return self._status(name, job, language)

    async def cancel(self, name: str, language: str) -> dict[str, Any]:
        """Stop review ``name`` after the position being valued; its status."""
        job = self._job(name, language)
        job.stop.set()
        return await self.status(name, language)

    async def practice(self, name: str, number: int, line: str, language: str) -> list[str]:
        """A practice line on key moment ``number`` (a move number, from 1) of
        review ``name``: a cell judged, ``hint`` the search's choice, anything
        else told it is not a practice command; the lines to say."""
        job = self._job(name, language)
        tr = translator(language)
        if len(line) > MAX_LINE:
            raise PageError(tr("serve.error.line_too_long", limit=MAX_LINE))
        review = job.review
        if review is None or job.state is ReviewState.FAILED:
            raise PageError(tr("serve.error.review_running"))
        moments = {told.move.index + 1: told for told in self._told(job, review)}
        told = moments.get(number)
        if told is None:
            raise PageError(tr("serve.error.not_a_moment", number=number))
        return await job.worker.run(self._judge, job, review, told, line, language)

    def close(self, wait: float = CLOSE_SECONDS) -> None:
        """Stop every review and wait at most ``wait`` seconds for their threads: a
        running search is told to stop at once, and is dropped."""
        jobs = list(self._jobs.values())
        self._jobs.clear()
        running = False
        for job in jobs:
            job.stop.set()
            running = running or job.state is ReviewState.RUNNING
            job.worker.stop()
        if running:
            from samegame.bots.search.stop_flags import interrupt

            interrupt()
        deadline = time.monotonic() + wait
        for job in jobs:
            job.worker.join(deadline)

    def _job(self, name: str, language: str) -> _Job:
        job = self._jobs.get(name)
        if job is None:
            raise PageError(translator(language)("serve.error.no_review"), 404)
        self._jobs.move_to_end(name)
        return job

    def _make_room(self) -> None:
        """Drop the oldest reviews that ended until there is room for one more."""
        while len(self._jobs) >= MAX_REVIEWS:
            ended = [n for n, job in self._jobs.items() if job.state is not ReviewState.RUNNING]
            name = ended[0] if ended else next(iter(self._jobs))
            job = self._jobs.pop(name)
            job.stop.set()
            job.worker.stop()

    def _status(self, name: str, job: _Job, language: str) -> dict[str, Any]:
        tr = translator(language)
        words = ReviewWords(tr)
        state = job.state
        said: list[str] = []
        if state is ReviewState.RUNNING:
            said.append(tr("serve.review.start", what=job.subject.what(words), count=job.total - 1))
            if job.kept:
                said.append(
                    tr("review.again", number=min(job.kept + 1, job.total), total=job.total)
                )
            if job.preparing is not None:
                from samegame.play.hint_bot import preparing_line

                said.append(preparing_line(job.preparing, tr))
        elif state is not ReviewState.FAILED and job.searched:
            key = "review.kept" if state is ReviewState.DONE else "review.kept.partial"
            said.append(tr(key, game=job.game_id))
        # "Looking for ..." is true only while the review runs; once it has ended,
        # the last count of work done is.
        if job.checking and state is ReviewState.RUNNING:
            phase, step, progress = "checking", (0, 0), tr("review.progress.checking")
        elif job.again is not None:
            done, total = job.again
            phase, step = "again", job.again
            progress = tr("review.progress.again", done=done, total=total)
        else:
            phase, step = "positions", (job.done, job.total)
            progress = tr("review.progress", done=job.done, total=job.total)
        return {
            "review": name,
            "game": job.game_id,
            "state": state.value,
            "done": job.done,
            "total": job.total,
            "phase": phase,
            "step": list(step),
            "progress": progress,
            "said": said,
            "error": None if job.error is None else _said(job.error, language),
            "result": job.results.get(language),
        }

    # -- on a review's worker --------------------------------------------------------------

    def _subject(
        self, worker: Worker, game_id: int, language: str
    ) -> tuple[ReviewSubject, PlayedLine]:
        """The saved game as the command reviews it, and its line played."""
        try:
            subject = saved_subject(worker.store(), game_id, self._host())
            return subject, played_line(subject.board, subject.rules, subject.moves)
        except ReviewSourceError as error:
            raise PageError(_said(error, language)) from None
        except ValueError as error:
            said = translator(language)("error.review.moves", game=game_id, problem=str(error))
            raise PageError(said) from None

    @staticmethod
    def _run(job: _Job) -> None:
        """The review, going on from the one kept with the game and keeping each
        value found (``review_subject``, as the command calls it)."""
        store = job.worker.store()
        try:
            kept = kept_values(store, job.subject, PAGE_BUDGET, PAGE_SEED)
            job.searched = kept is None or not kept.rechecked
            job.kept = job.done = len(kept.values) if kept is not None else 0

            def progress(done: int, total: int) -> None:
                job.done = done

            def again(done: int, total: int) -> None:
                job.again = (done, total)

            def checking() -> None:
                job.checking = True

            def preparing(what: Preparing) -> None:
                job.preparing = what

            job.review = review_subject(
                job.subject,
                PAGE_BUDGET,
                PAGE_SEED,
                kept,
                stopped=job.stop.is_set,
                progress=progress,
                again=again,
                checking=checking,
                save=keeper(store, job.subject),
                preparing=preparing,
            )
            job.done = len(job.review.values)
        except BaseException as error:  # a plugin's formula that raised, a store that failed
            job.error = error

    @staticmethod
    def _told(job: _Job, review: Review) -> list[ToldMove]:
        return told_moves(review, job.played, job.subject.rules, every=False)

    def _result(self, job: _Job, language: str) -> dict[str, Any]:
        """A review's words in ``language`` (docs/web.md): the summary, the key
        moments with their positions, and the evaluation over the game."""
        assert job.review is not None
        review = job.review
        tr = translator(language)
        words = ReviewWords(tr)
        moments = []
        for told in self._told(job, review):
            move, board = told.move, told.board
            played = {format_cell(cell) for cell in move.played_group}
            preferred = (
                {format_cell(cell) for cell in move.preferred_group} if move.loss > 0 else set()
            )
            rows = board_rows(board, tr)
            for row in rows:
                for cell in row:
                    if cell is None:
                        continue
                    if cell["cell"] in played:
                        cell["label"] = tr("serve.review.played", label=cell["label"])
                    elif cell["cell"] in preferred:
                        cell["label"] = tr("serve.review.preferred", label=cell["label"])
            lines = words.move(told)
            moments.append(
                {
                    "move": move.index + 1,
                    "name": lines[0],
                    "lines": lines,
                    "width": board.width,
                    "height": board.height,
                    "rows": rows,
                    "played": sorted(played),
                    "preferred": sorted(preferred),
                }
            )
        series = [
            {"move": 0, "played": None, "points": None, "loss": None, "label": None,
             "value": review.best_total},
            *(
                {
                    "move": move.index + 1,
                    "played": format_cell(move.played),
                    "points": move.points,
                    "loss": move.loss,
                    "label": tr(f"review.label.{move.label.value}"),
                    "value": total_after(move),
                }
                for move in review.moves
            ),
        ]  # fmt: skip
        return {
            "summary": words.summary(review, job.subject.what(words)),
            "moments": moments,
            "graph": graph_lines(words, review),
            "series": series,
        }

    @staticmethod
    def _judge(job: _Job, review: Review, told: ToldMove, line: str, language: str) -> list[str]:
        """A practice line on a key moment, judged by the command's judge."""
        tr = translator(language)
        judge = PracticeJudge(tr, review, job.played, job.subject.rules, PAGE_BUDGET, PAGE_SEED)
        try:
            command = parse_command(line)
        except UnknownCommandError:
            command = None
        board, rules = told.board, job.subject.rules
        if command is None:
            return [tr("review.practice.unknown", text=shown(line))]
        if command.kind is Kind.HINT:
            return judge.hint(board, told.move)
        if command.kind is Kind.SELECT:
            assert command.cell is not None
            lines, _better = judge.judge(board, told.move, command.cell)
            return lines
        if command.kind is Kind.HELP:
            return [tr("web.review.practice.hint")]
        say = Announcer(tr)
        if command.kind is Kind.BOARD:
            return say.board(board)
        if command.kind in QUERIES and command.kind is not Kind.SCORE:
            told_lines = say.query(command, board, rules)
            if told_lines is not None:
                return told_lines
        return [tr("review.practice.unknown", text=shown(line))]


def _said(error: BaseException, language: str) -> str:
    """An error's one line, in the page's language when it carries a catalogue
    one; what plugin code raised said as ``samegame play`` says it."""
    from samegame.i18n.said import said_of
    from samegame.plugin.containment import error_words

    said = said_of(error) if isinstance(error, Exception) else None
    if said is not None:
        text = said.in_language(language)
    elif isinstance(error, PageError | ReviewSourceError):
        text = str(error)
    else:
        text = translator(language)("serve.error.review_failed", problem=error_words(error))
    lines = text.splitlines()
    return lines[0] if lines else type(error).__name__
