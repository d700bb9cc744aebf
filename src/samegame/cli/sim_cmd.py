"""``samegame simulate`` and ``compare``: thin commands over samegame.sim
(``samegame.sim.plan`` turns the options into the run's setups).

Exit codes (see samegame.cli.exit_codes): 1 a game failed (a built-in bot's
illegal move, a lost worker), a gate was not met (compare); 2 a bad option (bot
option, --games, --workers, --bot-timeout, --scheduler without --executor dask,
board options with --boards, a bad gate); 3 an unknown preset or bot, a plugin
that failed, returned a bad result or did not return within --bot-timeout, or an
executor that cannot start (Dask not installed, scheduler out of reach); 4 an unreadable file or
an --out that cannot be written; 130 Ctrl-C and 143 SIGTERM (the records written so
far stay complete).
"""

import sys
import time
from dataclasses import replace
from functools import reduce
from typing import TYPE_CHECKING, Annotated

import typer

from samegame.bots import BotOptionError, parse_bot_spec
from samegame.cli.executor_options import (
    ExecutorOption,
    SchedulerOption,
    WorkersOption,
    running_executor,
    where_to_play,
)
from samegame.cli.exit_codes import ExitCode, fail
from samegame.cli.inputs import load_preset, read_board_file
from samegame.cli.longwork import budget_words, ended_in_full, say
from samegame.cli.options import (
    BoardTypeOption,
    BotTimeoutOption,
    ColoursOption,
    FormatOption,
    LangOption,
    PresetOption,
    SizeOption,
    TextOrJson,
    check_bot_timeout,
    chosen_translator,
    host,
    print_json,
    whole_number_option,
)
from samegame.cli.whole_numbers import whole_number
from samegame.execution.lifetime import terminate_raises
from samegame.i18n.said import Said
from samegame.plugin.host import UnknownNameError
from samegame.presets import PresetError
from samegame.records.writing import record_output
from samegame.repl.terminal import resolve_accessible
from samegame.sim.compare import compare, split_bots
from samegame.sim.gate import Gate, GateError, not_met, parse_better, parse_mean
from samegame.sim.plan import Plan, plan
from samegame.sim.progress import Progress
from samegame.sim.runner import Stop
from samegame.sim.simulate import simulate

if TYPE_CHECKING:
    from samegame.i18n import Translator

MAX_GAMES = 10**9
GamesOption = Annotated[
    int,
    whole_number_option(
        "--games", "-g", help="Number of games (boards).", low=None, high=MAX_GAMES
    ),
]
SeedOption = Annotated[
    int,
    typer.Option(
        "--seed", parser=whole_number(), help="Root seed: boards and bot seeds derive from it."
    ),
]
BoardsOption = Annotated[
    str | None,
    typer.Option("--boards", help="Play these boards in turn (text or digit format) instead."),
]


def _plan(
    bots: list[str],
    preset_name: str,
    games: int,
    seed: int,
    size: str | None,
    colours: int | None,
    board_type: str | None,
    boards_file: str | None,
    bot_timeout: float | None = None,
) -> Plan:
    """The run's plan (``samegame.sim.plan``) of the checked options: exit 2 for a
    bad option or bot option, 3 for an unknown preset or bot, 4 for an unreadable
    board file."""
    check_bot_timeout(bot_timeout)
    if games < 1:
        raise fail(f"--games must be 1 or more, not {games}", ExitCode.USAGE)
    if boards_file is not None and (size, colours, board_type) != (None, None, None):
        raise fail(
            "--size, --colours and --board-type do not apply to --boards; give one or the other",
            ExitCode.USAGE,
        )
    preset = load_preset(preset_name)
    boards = [] if boards_file is None else read_board_file(boards_file, many=True)
    try:
        return plan(
            preset,
            bots,
            seed,
            boards=boards,
            boards_from=boards_file,
            size=size,
            colours=colours,
            board_type=board_type,
            bot_timeout=bot_timeout,
            host=host(),
        )
    except BotOptionError as error:
        raise fail(str(error), ExitCode.USAGE) from None
    except UnknownNameError as error:
        raise fail(str(error), ExitCode.CONFIG) from None
    except PresetError as error:  # a board choice the preset does not offer
        raise fail(str(error), ExitCode.USAGE) from None


def _thinking_words(tr: "Translator", bots: list[str]) -> str:
    """``, 60 seconds per search`` (``, 2 or 5 seconds per search``) for the bots
    that search, said before their first search is prepared; empty for none."""
    budgets = [budget_words(parse_bot_spec(bot), tr)[1] for bot in bots]
    each = sorted({budget for budget in budgets if budget is not None})
    if not each:
        return ""
    either = reduce(lambda head, last: tr("list.or", head=head, last=last), each)
    return tr("research.thinking", budget=either)


def _progress(total: int, noun: str, tr: "Translator") -> Progress:
    live = sys.stderr.isatty() and not resolve_accessible(None, None)
    return Progress(total, sys.stderr, noun=noun, live=live, tr=tr)


def _raise_if_stopped(stop: Stop | None, done: Said) -> None:
    """Raise the one-line error of a run that stopped early after ``done`` (``3 of
    10 games``)."""
    if stop is None:
        return
    if stop.reason == "interrupted":
        said = Said.of("research.interrupted.after", done=done)
        raise fail(said, ExitCode.INTERRUPTED)
    if stop.reason == "terminated":
        raise fail(Said.of("research.terminated.after", done=done), ExitCode.TERMINATED)
    code = ExitCode.CONFIG if stop.reason == "plugin" else ExitCode.REJECTED
    raise fail(Said.of("research.failed.after", problem=stop.message, done=done), code)


def simulate_command(
    bot: Annotated[str, typer.Option("--bot", help="Bot and options, e.g. lookahead:depth=2.")],
    preset_name: PresetOption = "basic",
    games: GamesOption = 100,
    seed: SeedOption = 0,
    size: SizeOption = None,
    colours: ColoursOption = None,
    board_type: BoardTypeOption = None,
    boards_file: BoardsOption = None,
    workers: WorkersOption = None,
    executor_kind: ExecutorOption = None,
    scheduler: SchedulerOption = None,
    out: Annotated[
        str | None, typer.Option("--out", "-o", help="Write one game record per line here.")
    ] = None,
    output: FormatOption = TextOrJson.text,
    bot_timeout: BotTimeoutOption = None,
    lang: LangOption = None,
) -> None:
    """Play a bot on many boards, reproducibly, and summarise the scores.

    Game i's board number and bot seed derive from (--seed, i), so the records are
    the same with any number of workers or executor (only 'seconds' differs).
    """
    tr = chosen_translator(lang, None, read_only=True)
    where = where_to_play(workers, executor_kind, scheduler)
    plan = _plan(
        [bot], preset_name, games, seed, size, colours, board_type, boards_file, bot_timeout
    )
    with ended_in_full() as ending:  # the summary is said in full (issue 43)
        with terminate_raises(), record_output(out) as records, running_executor(where) as executor:
            bot_name = plan.setups[0].bot
            thinking = _thinking_words(tr, [bot_name])
            about = plan.said.in_language(tr.language)
            say(
                tr(
                    "research.start.simulate",
                    count=games,
                    bot=bot_name,
                    plan=about,
                    where=where.describe(tr),
                    thinking=thinking,
                )
            )
            progress = _progress(games, "games", tr)
            started = time.perf_counter()
            summary, stop = ending.play(  # a search in this process lets go at once
                lambda: simulate(
                    plan.setups[0],
                    games,
                    executor,
                    boards=plan.boards,
                    write=records.write,
                    progress=progress,
                )
            )
            seconds = time.perf_counter() - started
            progress.close()
            if summary.games or stop is None:  # an early stop keeps the whole records so far
                records.commit()
        speed = summary.games / seconds if seconds > 0 else None
        if output is TextOrJson.json:
            print_json(
                {
                    "preset": plan.preset,
                    "bot": plan.setups[0].bot,
                    "seed": seed,
                    "requested": games,
                    **summary.to_dict(),
                    "seconds": round(seconds, 3),
                    "games_per_second": speed,
                    "executor": where.kind.value,
                    "workers": where.workers,
                    "out": out,
                    "stopped": stop.to_dict() if stop else None,
                }
            )
        else:
            about = plan.said.in_language(tr.language)
            bot_name = plan.setups[0].bot
            if stop is None:
                head = tr("research.simulate.done", count=games, bot=bot_name, plan=about)
            else:
                head = tr(
                    "research.simulate.stopped",
                    done=summary.games,
                    count=games,
                    bot=bot_name,
                    plan=about,
                )
            typer.echo(head)
            for line in summary.describe(tr):
                typer.echo(line)
            if speed is not None:
                typer.echo(
                    tr(
                        "research.speed",
                        speed=f"{speed:.1f}",
                        seconds=f"{seconds:.1f}",
                        where=where.describe(tr),
                    )
                )
            said = records.said(tr)
            if said is not None:
                typer.echo(said)
        _raise_if_stopped(stop, Said.of("research.count.games", done=summary.games, count=games))


def compare_command(
    bots: Annotated[
        str, typer.Option("--bots", help="Bots to compare, e.g. random,greedy,lookahead:depth=2.")
    ],
    preset_name: PresetOption = "basic",
    games: GamesOption = 100,
    seed: SeedOption = 0,
    size: SizeOption = None,
    colours: ColoursOption = None,
    board_type: BoardTypeOption = None,
    boards_file: BoardsOption = None,
    workers: WorkersOption = None,
    executor_kind: ExecutorOption = None,
    scheduler: SchedulerOption = None,
    output: FormatOption = TextOrJson.text,
    require_better: Annotated[
        list[str] | None,
        typer.Option(
            "--require-better",
            help="A,B: fail (exit 1) unless bot A beats bot B with 95 percent confidence.",
        ),
    ] = None,
    require_mean: Annotated[
        list[str] | None,
        typer.Option(
            "--require-mean",
            help="BOT=SCORE: fail (exit 1) unless the bot's mean is SCORE or more.",
        ),
    ] = None,
    bot_timeout: BotTimeoutOption = None,
    out: Annotated[
        str | None,
        typer.Option("--out", "-o", help="Write every game's record here, one per line."),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Play several bots on the same boards: mean scores with 95 percent intervals,
    clear rates and paired differences against the first bot. The --require-
    options make it a gate for CI: exit 1 when one is not met. --out writes the
    games as verifiable records, as simulate --out does."""
    tr = chosen_translator(lang, None, read_only=True)
    where = where_to_play(workers, executor_kind, scheduler)
    names = split_bots(bots)
    if len(names) < 2:
        raise fail("give at least two bots, for example --bots random,greedy", ExitCode.USAGE)
    plan = _plan(
        names, preset_name, games, seed, size, colours, board_type, boards_file, bot_timeout
    )
    listed = [setup.bot for setup in plan.setups]
    repeated = next((name for name in listed if listed.count(name) > 1), None)
    if repeated is not None:
        raise fail(f"bot {repeated} is listed twice; list each bot once", ExitCode.USAGE)
    gates = _gates(require_better or [], require_mean or [], listed)
    with ended_in_full() as ending:  # the summary is said in full (issue 43)
        with terminate_raises(), record_output(out) as records, running_executor(where) as executor:
            bots_said = reduce(
                lambda head, last: tr("research.bots.and", head=head, last=last), listed
            )
            thinking = _thinking_words(tr, listed)
            say(
                tr(
                    "research.start.compare",
                    bots=bots_said,
                    count=games,
                    plan=plan.said.in_language(tr.language),
                    where=where.describe(tr),
                    thinking=thinking,
                )
            )
            progress = _progress(games, "boards", tr)
            comparison, stop = ending.play(
                lambda: compare(
                    plan.setups,
                    games,
                    executor,
                    boards=plan.boards,
                    progress=progress,
                    write=records.write,
                )
            )
            progress.close()
            if records.written or stop is None:  # an early stop keeps the whole records so far
                records.commit()
        judged = [gate.judge(comparison) for gate in gates] if stop is None else []
        if output is TextOrJson.json:
            print_json(
                {
                    "preset": plan.preset,
                    "seed": seed,
                    "requested": games,
                    **comparison.to_dict(),
                    "gates": [result.to_dict() for result in judged],
                    "stopped": stop.to_dict() if stop else None,
                    "out": out,
                }
            )
        else:
            about = plan.said.in_language(tr.language)
            if stop is None:
                head = tr("research.compare.done", bots=len(listed), count=games, plan=about)
            else:
                head = tr(
                    "research.compare.stopped",
                    done=comparison.boards,
                    count=games,
                    bots=len(listed),
                    plan=about,
                )
            typer.echo(head)
            for line in comparison.describe(tr):
                typer.echo(line)
            for result in judged:
                typer.echo(
                    tr("research.gate.line", sentence=result.verdict.in_language(tr.language))
                )
            said = records.said(tr)
            if said is not None:
                typer.echo(said)
        _raise_if_stopped(
            stop, Said.of("research.count.boards", done=comparison.boards, count=games)
        )
    failed = not_met(judged)
    if failed is not None:
        raise fail(failed, ExitCode.REJECTED)


def _gates(better: list[str], mean: list[str], listed: list[str]) -> list[Gate]:
    """The gates, each bot in its normal spelling and among the compared bots."""
    try:
        gates = [parse_better(text) for text in better] + [parse_mean(text) for text in mean]
        normal = [replace(g, bot=_spelling(g.bot), other=_spelling(g.other)) for g in gates]
    except (GateError, BotOptionError) as error:
        raise fail(str(error), ExitCode.USAGE) from None
    for gate in normal:
        for bot in gate.bots():
            if bot not in listed:
                raise fail(
                    f"the gate names bot {bot}, which is not compared; compared: "
                    f"{', '.join(listed)}",
                    ExitCode.USAGE,
                )
    return normal


def _spelling(text: str) -> str:
    return str(parse_bot_spec(text)) if text else text
