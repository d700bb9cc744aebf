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

from __future__ import annotations

import sys
import time
from dataclasses import replace
from typing import Annotated

import typer

from samegame.bots import BotOptionError, parse_bot_spec
from samegame.cli.common import (
    BoardTypeOption,
    BotTimeoutOption,
    ColoursOption,
    PresetOption,
    SizeOption,
    TextOrJson,
    check_bot_timeout,
    host,
    load_preset,
    print_json,
    read_board_file,
)
from samegame.cli.executor_options import (
    ExecutorOption,
    SchedulerOption,
    Where,
    WorkersOption,
    running_executor,
    where_to_play,
)
from samegame.cli.exit_codes import ExitCode, fail
from samegame.cli.longwork import budget_words, interruptible, say
from samegame.cli.record_output import record_output
from samegame.cli.whole_numbers import whole_number
from samegame.plugin.host import UnknownNameError
from samegame.presets import PresetError
from samegame.repl.terminal import resolve_accessible
from samegame.sim.compare import compare, split_bots
from samegame.sim.gate import Gate, GateError, not_met, parse_better, parse_mean
from samegame.sim.lifetime import terminate_raises
from samegame.sim.plan import Plan, plan
from samegame.sim.progress import Progress
from samegame.sim.runner import Stop
from samegame.sim.simulate import simulate
from samegame.sim.stats import plural

MAX_GAMES = 10**9
GamesOption = Annotated[
    int,
    typer.Option(
        "--games",
        "-g",
        max=MAX_GAMES,
        parser=whole_number(None, MAX_GAMES),
        help="Number of games (boards).",
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
FormatOption = Annotated[TextOrJson, typer.Option("--format", "-f", help="text or json.")]


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


def _say_start(what: str, bots: list[str], plan: Plan, where: Where) -> None:
    """The first line of long work (A27), on stderr: ``what`` is played, on what
    boards, where, for how long a search thinks, and what Ctrl-C does."""
    budgets = [budget_words(parse_bot_spec(bot))[1] for bot in bots]
    each = sorted({budget for budget in budgets if budget is not None})
    thinking = f", {' or '.join(each)} per search" if each else ""
    say(
        f"{what}: {plan.about}, {where.describe()}{thinking}; "
        "Ctrl-C stops early and keeps the results so far."
    )


def _progress(total: int, noun: str) -> Progress:
    live = sys.stderr.isatty() and not resolve_accessible(None, None)
    return Progress(total, sys.stderr, noun=noun, live=live)


def _raise_if_stopped(stop: Stop | None, done: int, total: int, noun: str) -> None:
    """Raise the one-line error of a run that stopped early."""
    if stop is None:
        return
    after = f"after {done} of {total} {noun}"
    if stop.reason == "interrupted":
        raise fail(f"interrupted {after}; the results so far are above", ExitCode.INTERRUPTED)
    if stop.reason == "terminated":
        raise fail(f"terminated {after}; the results so far are above", ExitCode.TERMINATED)
    code = ExitCode.CONFIG if stop.reason == "plugin" else ExitCode.REJECTED
    raise fail(f"{stop.message}; stopped {after}", code)


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
) -> None:
    """Play a bot on many boards, reproducibly, and summarise the scores.

    Game i's board number and bot seed derive from (--seed, i), so the records are
    the same with any number of workers or executor (only 'seconds' differs).
    """
    where = where_to_play(workers, executor_kind, scheduler)
    plan = _plan(
        [bot], preset_name, games, seed, size, colours, board_type, boards_file, bot_timeout
    )
    with terminate_raises(), record_output(out) as records, running_executor(where) as executor:
        bot_name = plan.setups[0].bot
        _say_start(
            f"Playing {games} {plural(games, 'game')} with {bot_name}", [bot_name], plan, where
        )
        progress = _progress(games, "games")
        started = time.perf_counter()
        with interruptible(raises=True):  # a search in this process lets go at once
            summary, stop = simulate(
                plan.setups[0],
                games,
                executor,
                boards=plan.boards,
                write=records.write,
                progress=progress,
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
        done = summary.games
        head = "Played" if stop is None else f"Stopped after {done} of"
        typer.echo(f"{head} {games} {plural(games, 'game')}: {plan.setups[0].bot} on {plan.about}.")
        for line in summary.describe():
            typer.echo(line)
        if speed is not None:
            typer.echo(
                f"Speed: {speed:.1f} games per second ({seconds:.1f} seconds, {where.describe()})."
            )
        said = records.said()
        if said is not None:
            typer.echo(said)
    _raise_if_stopped(stop, summary.games, games, plural(games, "game"))


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
) -> None:
    """Play several bots on the same boards: mean scores with 95 percent intervals,
    clear rates and paired differences against the first bot. The --require-
    options make it a gate for CI: exit 1 when one is not met. --out writes the
    games as verifiable records, as simulate --out does."""
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
    with terminate_raises(), record_output(out) as records, running_executor(where) as executor:
        what = f"Comparing {' and '.join(listed)} on {games} {plural(games, 'board')}"
        _say_start(what, listed, plan, where)
        progress = _progress(games, "boards")
        with interruptible(raises=True):
            comparison, stop = compare(
                plan.setups,
                games,
                executor,
                boards=plan.boards,
                progress=progress,
                write=records.write,
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
        done, bots_played = comparison.boards, f"{len(listed)} bots"
        if stop is None:
            head = f"Compared {bots_played} on {games} {plural(games, 'board')}"
        else:
            head = (
                f"Stopped after {done} of {games} {plural(games, 'board')} comparing {bots_played}"
            )
        typer.echo(f"{head}: {plan.about}.")
        for line in comparison.describe():
            typer.echo(line)
        for result in judged:
            typer.echo(f"Gate: {result.sentence}")
        said = records.said()
        if said is not None:
            typer.echo(said)
    _raise_if_stopped(stop, comparison.boards, games, plural(games, "board"))
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
