"""``samegame review``: where a game's points were lost, move by move, in words
or as JSON; for a saved game (the review is kept with it) or game records.

Each position is valued by ``samegame.review`` with a fixed amount of work, so a
review is the same for the same seed: what is reviewed is
``samegame.review.sources``, the review going on from the one kept with a saved
game ``samegame.review.keeping``, the costliest moves of a file
``samegame.review.worst``; this module turns the options into those calls and
their results into words, JSON and exit codes. Positions are valued first to last, with
a few progress lines on stderr; Ctrl-C (or SIGTERM) stops at once, the review
of the moves valued so far is printed (and kept with a saved game, so asking
again goes on from there), and the command exits 130 (143). A search cut short
by Ctrl-C is never used: its position is valued again next time.

Exit codes (see samegame.cli.exit_codes): 1 a worker process or cluster lost;
2 a bad option; 3 rules that need a
plugin that is not loaded; 4 a record file that cannot be read or a record that
is not a game record; 5 a damaged database or saved game; 130 and 143 stopped.
"""

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from samegame.cli import interrupts
from samegame.cli.executor_options import (
    ExecutorOption,
    SchedulerOption,
    running_executor,
    where_to_play,
    workers_option,
)
from samegame.cli.exit_codes import CommandError, ExitCode, QuietExit, fail
from samegame.cli.longwork import interruptible, say
from samegame.cli.options import (
    AccessibleOption,
    FormatOption,
    LangOption,
    TextOrJson,
    chosen_settings,
    chosen_translator,
    host,
    print_json,
    whole_number_option,
)
from samegame.cli.scores_cmd import open_store
from samegame.core.quoting import shown
from samegame.core.regular_files import PATH_SHOWN
from samegame.execution.executors import Executor, ExecutorKind
from samegame.i18n.said import said_of
from samegame.play.hint_bot import preparing_line
from samegame.repl.review_practice_run import run_practice
from samegame.repl.review_views import (
    alternative_lines,
    chart_line,
    export_text,
    graph_lines,
    line_lines,
)
from samegame.repl.review_words import ReviewWords, ToldMove, told_moves
from samegame.repl.terminal import resolve_accessible
from samegame.review.annotated import annotated_text
from samegame.review.keeping import keeper, kept_values, review_subject
from samegame.review.report import review_report
from samegame.review.review import Review
from samegame.review.sources import (
    ReviewSourceError,
    ReviewSubject,
    SourceFault,
    record_count,
    record_subjects,
    saved_subject,
)
from samegame.review.values import QUICK_BUDGET, ReviewBudget, played_line
from samegame.review.worst import worst_of_file
from samegame.store import Store

if TYPE_CHECKING:
    from samegame.bots.search.bot import Preparing
    from samegame.review.alternatives import Alternative

ReviewWorkersOption = Annotated[
    int | None,
    workers_option("Positions valued at once, in worker processes (the review is the same)."),
]

MAX_ITERATIONS = 1000
"""The most iterations a level a review's search may be asked for."""

_FAULT_EXIT = {
    SourceFault.CHOICE: ExitCode.USAGE,
    SourceFault.PLUGIN: ExitCode.CONFIG,
    SourceFault.INPUT: ExitCode.INPUT,
    SourceFault.DATA: ExitCode.DATA,
}


@contextmanager
def _source_errors() -> Iterator[None]:
    """A game that cannot be reviewed (``samegame.review.sources``): its line and
    the exit code of its fault."""
    try:
        yield
    except ReviewSourceError as error:
        raise CommandError(said_of(error) or str(error), _FAULT_EXIT[error.fault]) from None


def _progress_lines(
    words: ReviewWords, *, games: bool = False, again: bool = False
) -> Callable[[int, int], None]:
    """A progress line on stderr each time another tenth of the positions (of the
    games with ``games``; of the positions searched again with ``again``) is done."""
    shown = [0]

    def progress(done: int, total: int) -> None:
        tenths = done * 10 // max(total, 1)
        if tenths > shown[0]:
            shown[0] = tenths
            if games:
                say(words.tr("review.progress.games", done=done, total=total))
            elif again:
                say(words.tr("review.progress.again", done=done, total=total))
            else:
                say(words.tr("review.progress", done=done, total=total))

    return progress


def _preparing(words: ReviewWords) -> "Callable[[Preparing], None]":
    """What is said when the search compiles or its load takes long (A37, A41)."""
    return lambda preparing: say(preparing_line(preparing, words.tr))


def _stop_error(words: ReviewWords, done: int, total: int, *, games: bool = False) -> Exception:
    """The exit-130 (143) error of a review stopped after ``done`` of ``total``
    moves (of ``total`` games with ``games``)."""
    word = words.tr(
        "review.word.terminated" if interrupts.terminated() else "review.word.interrupted"
    )
    if games:
        message = words.tr("review.stopped.games", word=word, done=done, total=total)
    else:
        message = words.tr("review.stopped", word=word, done=done, total=total)
    return fail(message, ExitCode(interrupts.exit_code()))


@dataclass(frozen=True)
class Views:
    """What is told of one game's review: the review itself (the summary and
    accuracy, the key moments or ``every`` move, each with its best moves when
    ``alternatives``, then how to ask for the rest: A45), or the views asked for
    instead: ``graph`` (with a ``chart`` for a sighted terminal), the line
    preferred before move ``line``, and the annotated record written to
    ``export``."""

    every: bool = False
    alternatives: bool = False
    graph: bool = False
    chart: bool = False
    line: int | None = None
    export: Path | None = None

    @property
    def told(self) -> bool:
        """Whether the review itself is told (no other view was asked for)."""
        return not (self.graph or self.line is not None or self.export is not None)


def _best_moves(
    subject: ReviewSubject, review: Review, told: list[ToldMove], views: Views
) -> "dict[int, tuple[Alternative, ...]]":
    """The best moves of each position told, when asked for (by move index)."""
    if not views.alternatives:
        return {}
    from samegame.review.alternatives import alternatives_of

    played = played_line(subject.board, subject.rules, subject.moves)
    return alternatives_of(played, subject.rules, review, [item.move for item in told])


def _tell(words: ReviewWords, subject: ReviewSubject, review: Review, views: Views) -> None:
    played = played_line(subject.board, subject.rules, subject.moves)
    told = told_moves(review, played, subject.rules, every=views.every)
    best = _best_moves(subject, review, told, views)
    if views.export is not None:
        _export(words, subject, review, views, best)
    if views.graph:
        if views.chart and (chart := chart_line(words, review)) is not None:
            typer.echo(chart)
        for line in graph_lines(words, review):
            typer.echo(line)
    if views.line is not None and views.line <= review.reviewed:
        if views.graph:
            typer.echo("")
        for line in line_lines(words, review.moves[views.line - 1], played, subject.rules):
            typer.echo(line)
    if not views.told:
        return
    for line in words.summary(review, subject.what(words)):
        typer.echo(line)
    for item in told:
        typer.echo("")
        for line in words.move(item):
            typer.echo(line)
        for line in alternative_lines(words, item.move, best.get(item.move.index, ())):
            typer.echo(line)
    rest = words.rest(review, len(told))
    if rest:
        typer.echo("")
        for line in rest:
            typer.echo(line)


def _export(
    words: ReviewWords,
    subject: ReviewSubject,
    review: Review,
    views: Views,
    best: "dict[int, tuple[Alternative, ...]]",
) -> None:
    """Write the annotated record: every move reviewed with the review's words for
    it (and its best moves, where they were valued), as JSON lines or text."""
    assert views.export is not None
    played = played_line(subject.board, subject.rules, subject.moves)
    summary = words.summary(review, subject.what(words))
    comments = []
    for move in review.moves:
        item = ToldMove(move, played.boards[move.index], subject.rules)
        found = best.get(move.index, ())
        comments.append(words.move(item) + alternative_lines(words, move, found))
    if views.export.suffix == ".jsonl":
        head = {"language": words.tr.language, "what": subject.what(words), "summary": summary}
        text = annotated_text(review, subject.board, subject.variant, head, comments)
    else:
        text = export_text(words, summary, review, played, comments)
    named = shown(str(views.export), PATH_SHOWN)
    try:
        views.export.write_text(text, encoding="utf-8")
    except OSError as error:
        said = words.tr("error.review.export_write", file=named, problem=error.strerror or error)
        raise fail(said, ExitCode.INPUT) from None
    say(words.tr("review.export.done", file=named, count=review.reviewed))


def review_command(
    records: Annotated[
        str | None,
        typer.Argument(help="A file of game records (JSON lines), instead of a saved game."),
    ] = None,
    game_id: Annotated[
        int | None,
        whole_number_option(
            "--game", help="The saved game to review (default: the last finished game)."
        ),
    ] = None,
    index: Annotated[
        int | None,
        whole_number_option("--index", help="Which record of the file to review, from 1."),
    ] = None,
    worst: Annotated[
        int | None,
        whole_number_option(
            "--worst",
            help="Review every record of the file and tell the N costliest moves of them all.",
        ),
    ] = None,
    practice: Annotated[
        bool,
        typer.Option(
            "--practice",
            help="After the review, put you on the position before each costly move and "
            "judge your better move (nothing is saved).",
        ),
    ] = False,
    every: Annotated[
        bool, typer.Option("--all", help="Tell every move, not only the costly ones.")
    ] = False,
    alternatives: Annotated[
        bool,
        typer.Option(
            "--alternatives",
            help="Tell the 3 best moves of each position told, with what each reaches "
            "(each move after it valued: more work).",
        ),
    ] = False,
    graph: Annotated[
        bool,
        typer.Option(
            "--graph",
            help="Instead of the review, the game move by move: one line per move with its "
            "label, points and the best final score reachable after it.",
        ),
    ] = False,
    line: Annotated[
        int | None,
        whole_number_option(
            "--line", help="Instead of the review, the line preferred before move N, move by move."
        ),
    ] = None,
    export: Annotated[
        Path | None,
        typer.Option(
            "--export",
            help="Instead of telling the review, write the game with the review's comment on "
            "each move to FILE: .jsonl (JSON lines) or .txt (text).",
            metavar="FILE",
        ),
    ] = None,
    seed: Annotated[
        int,
        whole_number_option("--seed", help="The searches' seed.", low=0),
    ] = 0,
    iterations: Annotated[
        int | None,
        whole_number_option(
            "--iterations",
            help="The iterations a level of the search of each position from the best line "
            "known: its work grows as the cube of this (default 28; a review is the same for "
            "the same number and seed).",
            high=MAX_ITERATIONS,
        ),
    ] = None,
    quick: Annotated[
        bool,
        typer.Option(
            "--quick",
            help="A smaller search of each position (a 60-move game in a few seconds); its "
            "labels depend more on the seed.",
        ),
    ] = False,
    output: FormatOption = TextOrJson.text,
    workers: ReviewWorkersOption = None,
    executor_kind: ExecutorOption = None,
    scheduler: SchedulerOption = None,
    lang: LangOption = None,
    accessible: AccessibleOption = None,
) -> None:
    """Review a game: each move's points lost against the best line a search finds,
    its label (best, good, inaccuracy, mistake, blunder), the better move and why.

    A saved game's review is kept with it, so asking again costs nothing; a
    stopped review goes on from where it stopped. The search gives a bound from
    below: a move is called worse than best only when a better line was found."""
    words = ReviewWords(chosen_translator(lang, accessible))
    budget = QUICK_BUDGET if quick else ReviewBudget()
    if iterations is not None:
        budget = replace(budget, warm_iterations=iterations)
    if records is not None and game_id is not None:
        raise fail(words.tr("error.review.source"), ExitCode.USAGE)
    if practice and (worst is not None or output is TextOrJson.json):
        raise fail(words.tr("error.review.practice"), ExitCode.USAGE)
    if records is None and (index is not None or worst is not None):
        raise fail(words.tr("error.review.index_needs_file"), ExitCode.USAGE)
    asked = graph or line is not None or export is not None or alternatives
    if asked and (worst is not None or practice):
        raise fail(words.tr("error.review.views"), ExitCode.USAGE)
    if (graph or line is not None) and output is TextOrJson.json:
        raise fail(words.tr("error.review.views"), ExitCode.USAGE)
    if export is not None and export.suffix not in (".jsonl", ".txt"):
        said = words.tr("error.review.export", file=shown(str(export), PATH_SHOWN))
        raise fail(said, ExitCode.USAGE)
    sighted = not resolve_accessible(
        None, chosen_settings(lang, accessible, read_only=True).settings.accessible
    )
    views = Views(every, alternatives, graph, sighted and sys.stdout.isatty(), line, export)
    where = where_to_play(workers, executor_kind, scheduler)
    with _source_errors(), running_executor(where) as running:
        executor = None if where.kind is ExecutorKind.local else running
        if records is None:
            with open_store() as store:
                subject = saved_subject(store, game_id, host())
                review = _review_one(
                    words, subject, budget, seed, views, output, store, practice, executor
                )
        elif worst is not None:
            _review_worst(words, records, worst, budget, seed, output, executor)
            return
        else:
            if index is None and (count := record_count(records)) > 1:
                named = shown(records, PATH_SHOWN)
                said = words.tr("error.review.many_records", file=named, count=count)
                raise fail(said, ExitCode.USAGE)
            subject = next(iter(record_subjects(records, host(), index or 1)))
            review = _review_one(
                words, subject, budget, seed, views, output, None, practice, executor
            )
    if practice:
        settings = chosen_settings(lang, accessible, read_only=True).settings
        try:
            run_practice(subject, review, budget, seed, settings, host())
        except KeyboardInterrupt:
            raise QuietExit(ExitCode.INTERRUPTED) from None


def _review_one(
    words: ReviewWords,
    subject: ReviewSubject,
    budget: ReviewBudget,
    seed: int,
    views: Views,
    output: TextOrJson,
    store: Store | None,
    quiet: bool = False,
    executor: Executor | None = None,
) -> Review:
    """Review one game, tell it (unless ``quiet``: the practice follows), keep it
    with a saved game, and return it; the exit-130 error when it was stopped."""
    try:
        played_line(subject.board, subject.rules, subject.moves)
    except ValueError as error:
        if subject.game_id is not None:
            said = words.tr("error.review.moves", game=subject.game_id, problem=str(error))
            raise fail(said, ExitCode.DATA) from None
        raise fail(str(error), ExitCode.INPUT) from None
    if views.line is not None and not 1 <= views.line <= len(subject.moves):
        said = words.tr("error.review.line", count=len(subject.moves), number=views.line)
        raise fail(said, ExitCode.USAGE)
    kept_review = None if store is None else kept_values(store, subject, budget, seed)
    kept = kept_review.values if kept_review is not None else ()
    done_before = kept_review is not None and kept_review.rechecked
    save = None if store is None else keeper(store, subject)
    total = len(subject.moves) + 1
    if not done_before:
        say(words.tr("review.start", what=subject.what(words), count=len(subject.moves)))
        if kept:
            say(words.tr("review.again", number=min(len(kept) + 1, total), total=total))
    with interruptible() as interruption:
        review = review_subject(
            subject,
            budget,
            seed,
            kept_review,
            stopped=lambda: bool(interruption),
            progress=_progress_lines(words),
            again=_progress_lines(words, again=True),
            checking=lambda: say(words.tr("review.progress.checking")),
            save=save,
            executor=executor,
            preparing=_preparing(words),
        )
    whole = len(review.values) == total and review.rechecked
    practice_follows = quiet and whole
    if output is TextOrJson.json and views.export is None:
        played = played_line(subject.board, subject.rules, subject.moves)
        told = told_moves(review, played, subject.rules, every=views.every)
        print_json(review_report(review, _best_moves(subject, review, told, views)))
    elif not practice_follows:
        _tell(words, subject, review, views)
    if store is not None and subject.game_id is not None and not done_before:
        key = "review.kept" if whole else "review.kept.partial"
        say(words.tr(key, game=subject.game_id))
    if not whole:
        raise _stop_error(words, review.reviewed, review.total_moves)
    return review


def _review_worst(
    words: ReviewWords,
    path: str,
    worst: int,
    budget: ReviewBudget,
    seed: int,
    output: TextOrJson,
    executor: Executor | None = None,
) -> None:
    """Review every record of a file and tell the ``worst`` costliest moves."""
    count = record_count(path)
    say(words.tr("review.start.many", file=shown(path, PATH_SHOWN), count=count))
    with interruptible() as interruption:
        found = worst_of_file(
            path,
            host(),
            worst,
            budget,
            seed,
            count=count,
            stopped=lambda: bool(interruption),
            progress=_progress_lines(words, games=True),
            executor=executor,
            preparing=_preparing(words),
        )
    if output is TextOrJson.json:
        print_json(found.report())
    else:
        for number, item in enumerate(found.chosen):
            if number:
                typer.echo("")
            for line in words.move(item):
                typer.echo(line)
        if not found.chosen:
            typer.echo(words.tr("review.costliest.none"))
    if found.done < found.count:
        raise _stop_error(words, found.done, found.count, games=True)
