"""``samegame bench standard``: a bot on the standard positions against the
published scores (``samegame solve`` is in samegame.cli.solve_cmd).

Exit codes (see samegame.cli.exit_codes): 1 the bot played an illegal move, or the
executor lost a position; 2 a bad option (a bot option, ``--positions``, a time
budget for a bot without one, ``--bot-timeout``); 3 an unknown bot, or a plugin's
bot that failed or did not finish within its limit (it plays in a child process:
``samegame.execution.bounded``); 4 a records file that cannot be written; 130 Ctrl-C.
"""

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from samegame.benchmark.bot_games import play_bounded, remote_game
from samegame.benchmark.positions import (
    ANCHORS,
    PublishedComparison,
    compare,
    parse_positions,
    published,
)
from samegame.benchmark.standard_run import BENCHMARK_PRESET, position_result, position_tasks
from samegame.cli.executor_options import (
    ExecutorOption,
    SchedulerOption,
    WorkersOption,
    running_executor,
    where_to_play,
)
from samegame.cli.exit_codes import ExitCode, fail, show_help_without_command
from samegame.cli.inputs import load_preset
from samegame.cli.longwork import (
    budget_words,
    interruptible_bot,
    number_text,
    progress,
    say,
    seconds_text,
    stop_if_interrupted,
)
from samegame.cli.options import (
    BotOption,
    BotSeedOption,
    BotTimeoutOption,
    FormatOption,
    LangOption,
    TextOrJson,
    check_bot_timeout,
    checked_bot,
    chosen_translator,
    print_json,
)
from samegame.execution.executors import ExecutorKind
from samegame.i18n.said import Said
from samegame.records.writing import record_output

if TYPE_CHECKING:
    from samegame.i18n import Translator

bench_app = typer.Typer(
    help="Measure bots on benchmark positions.", rich_markup_mode=None, invoke_without_command=True
)


@bench_app.callback()
def _group(ctx: typer.Context) -> None:
    show_help_without_command(ctx)


def _position_line(tr: "Translator", position: int, entry: dict[str, Any]) -> str:
    ending = (
        tr("research.cleared")
        if entry["cleared"]
        else tr("research.tiles_left", count=entry["remaining"])
    )
    anchors = tr("list.separator").join(
        tr(
            "research.bench.anchor",
            name=anchor.name,
            score=number_text(published(anchor.key)[position - 1]),
        )
        for anchor in ANCHORS
    )
    return tr(
        "research.bench.position",
        position=position,
        score=number_text(entry["score"]),
        moves=entry["move_count"],
        ending=ending,
        seconds=seconds_text(entry["seconds"], tr),
        cpu=seconds_text(entry["cpu_seconds"], tr),
        anchors=anchors,
    )


def _comparison_line(
    tr: "Translator", total: int, comparisons: list[PublishedComparison], count: int
) -> str:
    shares = tr.join(
        [
            tr(
                "research.bench.share",
                percent=f"{c.percent:.1f}",
                anchor=c.anchor.name,
                total=number_text(c.total),
            )
            for c in comparisons
        ]
    )
    if count == 20:
        return tr("research.bench.shares.all", total=number_text(total), shares=shares)
    return tr("research.bench.shares.some", total=number_text(total), shares=shares, count=count)


def _lost(index: int, count: int, text: bool, out: str | None) -> Callable[[str], Said]:
    """The words of a position the executor lost: where the positions played so
    far were kept (above, in the records file, both, or nowhere yet)."""

    def said(problem: str) -> Said:
        if index and text and out is not None:
            return Said.of(
                "research.bench.lost.both", problem=problem, done=index, count=count, path=out
            )
        if index and out is not None:
            return Said.of(
                "research.bench.lost.file", problem=problem, done=index, count=count, path=out
            )
        if index and text:
            return Said.of("research.bench.lost.above", problem=problem, done=index, count=count)
        return Said.of("research.bench.lost", problem=problem, done=index, count=count)

    return said


@bench_app.command("standard")
def standard_command(
    bot: BotOption,
    time_per_position: Annotated[
        float | None,
        typer.Option("--time-per-position", help="Seconds per position (sets the bot's time)."),
    ] = None,
    positions: Annotated[
        str,
        typer.Option(
            "--positions",
            help="Positions to play, such as 1,4,9-12 for positions 1, 4 and 9 to 12; "
            "all 20 when not given.",
            show_default=False,
        ),
    ] = "1-20",
    out: Annotated[
        str | None, typer.Option("--out", "-o", help="Write one game record per line here.")
    ] = None,
    seed: BotSeedOption = 0,
    output: FormatOption = TextOrJson.text,
    workers: WorkersOption = None,
    executor_kind: ExecutorOption = None,
    scheduler: SchedulerOption = None,
    bot_timeout: BotTimeoutOption = None,
    lang: LangOption = None,
) -> None:
    """Play a bot on the 20 standard research positions (15 by 15, 5 colours, n minus 2,
    squared, and 1000 for a clear) and compare with the published scores, one line
    per position.

    Position p's bot seed derives from (--seed, p). The records verify with
    'samegame verify'. With --executor process or dask, positions are played at
    once by the executor's workers (the same games as here with a fixed budget).
    """
    tr = chosen_translator(lang, None, read_only=True)
    try:
        chosen = parse_positions(positions)
    except ValueError as error:
        raise fail(f"--positions: {error}", ExitCode.USAGE) from None
    check_bot_timeout(bot_timeout)
    where = where_to_play(workers, executor_kind, scheduler)
    spec = checked_bot(bot, time_per_position, "--time-per-position", bot_timeout, where.kind)
    rules = load_preset(BENCHMARK_PRESET).rules
    entries: list[dict[str, Any]] = []
    seconds_each, budget = budget_words(spec, tr)
    count = len(chosen)
    local = where.kind is ExecutorKind.local
    started = time.perf_counter()
    with (
        running_executor(where) as executor,
        record_output(out) as records,
        interruptible_bot(spec) as interruption,
    ):
        each = "" if budget is None else tr("research.thinking", budget=budget)
        there = "" if local else tr("research.there", where=where.describe(tr))
        say(tr("research.start.bench", count=count, bot=str(spec), thinking=each, there=there))
        tasks = position_tasks(str(spec), chosen, seed, bot_timeout)
        handles = [] if local else [executor.call(play_bounded, task) for task in tasks]
        for index, position in enumerate(chosen):
            if local:
                with progress(seconds_each, _searched(tr, position), tr):
                    game = play_bounded(tasks[index])
            else:
                kept = _lost(index, count, output is TextOrJson.text, out)
                remote = remote_game(handles[index], interruption, kept)
                if remote is None:
                    break
                game = remote
            result = position_result(tasks[index], game, rules)
            record, entry = result.record, result.entry
            records.write(record)
            entries.append(entry)
            if output is TextOrJson.text:
                typer.echo(_position_line(tr, position, entry))
            if interruption:
                break
            if count >= 4 and (index + 1) * 4 // count > index * 4 // count:
                say(tr("research.progress.positions", done=index + 1, total=count))
        if entries or not interruption:  # an early stop keeps the positions played so far
            records.commit()
    chosen = tuple(int(e["position"]) for e in entries)
    seconds = time.perf_counter() - started
    total = sum(int(e["score"]) for e in entries)
    cpu = sum(float(e["cpu_seconds"]) for e in entries)
    comparisons = compare(chosen, total) if chosen else []
    kept_so_far = (
        Said.of("research.interrupted.positions"),
        Said.of("research.terminated.positions"),
    )
    if output is TextOrJson.json:
        print_json(
            {
                "bot": str(spec),
                "preset": BENCHMARK_PRESET,
                "seed": seed,
                "positions": entries,
                "total": total,
                "seconds": round(seconds, 3),
                "cpu_seconds": round(cpu, 3),
                "anchors": [
                    {"name": c.anchor.name, "total": c.total, "percent": round(c.percent, 2)}
                    for c in comparisons
                ],
                "out": out,
                "interrupted": bool(interruption),
            }
        )
        stop_if_interrupted(bool(interruption), *kept_so_far)
        return
    count = len(chosen)
    typer.echo(
        tr(
            "research.bench.total",
            total=number_text(total),
            count=count,
            bot=str(spec),
            seconds=seconds_text(seconds, tr),
            cpu=seconds_text(cpu, tr),
        )
    )
    if comparisons:
        typer.echo(_comparison_line(tr, total, comparisons, count))
    said = records.said(tr)
    if said is not None:
        typer.echo(said)
    stop_if_interrupted(bool(interruption), *kept_so_far)


def _searched(tr: "Translator", position: int) -> Callable[[str, str], str]:
    """The progress line of a timed search on one position."""
    return lambda done, total: tr(
        "research.progress.position", position=position, done=done, total=total
    )
