"""``samegame bench standard`` and ``samegame solve``: a bot on the standard
positions against the published scores, and the best line a bot finds on a board.

Exit codes (see samegame.cli.exit_codes): 1 the bot played an illegal move; 2 a bad
option (a bot option, ``--positions``, a time budget for a bot without one,
``--bot-timeout``); 3 an unknown bot or preset, or a plugin's bot that failed or
did not finish within its limit (it plays in a child process:
``samegame.sim.bounded``); 4 an unreadable board or records file; 130 Ctrl-C.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager, nullcontext
from pathlib import Path
from typing import IO, Annotated, Any

import typer

from samegame.benchmark.positions import (
    ANCHORS,
    PublishedComparison,
    compare,
    parse_positions,
    published,
    standard_positions,
)
from samegame.benchmark.runs import Played, PlayTask, play
from samegame.bots import (
    BotError,
    BotOptionError,
    BotSpec,
    parse_bot_spec,
)
from samegame.bots.search.bot import SearchBot
from samegame.cli.common import (
    BotTimeoutOption,
    PresetOption,
    TextOrJson,
    check_bot_timeout,
    host,
    load_preset,
    print_json,
    read_board_file,
)
from samegame.cli.exit_codes import CommandError, ExitCode, fail, show_help_without_command
from samegame.cli.longwork import Interruption, budget_words, interruptible, progress, say
from samegame.cli.sim_cmd import (
    ExecutorOption,
    SchedulerOption,
    Where,
    WorkersOption,
    running_executor,
    where_to_play,
)
from samegame.core.coords import format_cell
from samegame.core.replay import replay
from samegame.core.rng import derive_seed
from samegame.plugin.host import UnknownNameError
from samegame.records.verification import make_record
from samegame.sim import bounded
from samegame.sim.executors import (
    Executor,
    ExecutorKind,
    Handle,
    failure_words,
    is_executor_failure,
)
from samegame.sim.tasks import board_text

BENCHMARK_PRESET = "benchmark"

bench_app = typer.Typer(
    help="Measure bots on benchmark positions.", rich_markup_mode=None, invoke_without_command=True
)


@bench_app.callback()
def _group(ctx: typer.Context) -> None:
    show_help_without_command(ctx)


BotOption = Annotated[
    str, typer.Option("--bot", help="Bot and options, for example nrpa:level=3 or beam:width=64.")
]
SeedOption = Annotated[int, typer.Option("--seed", help="Root seed of the bot's choices.")]
FormatOption = Annotated[TextOrJson, typer.Option("--format", "-f", help="text or json.")]


def _timed_bot(text: str, seconds: float | None, flag: str) -> BotSpec:
    """The bot spec with ``time`` set to ``seconds`` (when given), checked by making
    the bot once: exit 2 for a bad option, 3 for an unknown bot."""
    try:
        spec = parse_bot_spec(text)
        factory = host().bot(spec.name)
        if seconds is not None:
            if "time" not in factory.options:
                raise fail(f"bot {spec.name} has no time budget; leave out {flag}", ExitCode.USAGE)
            if "time" in spec.options:
                raise fail(
                    f"give the time once: either {flag} or the bot option time", ExitCode.USAGE
                )
            if not seconds > 0:
                raise fail(f"{flag} must be a positive number of seconds", ExitCode.USAGE)
            spec = BotSpec(spec.name, {**spec.options, "time": f"{seconds:g}"})
        factory.create(spec.options)
    except BotOptionError as error:
        raise fail(str(error), ExitCode.USAGE) from None
    except UnknownNameError as error:
        raise fail(str(error), ExitCode.CONFIG) from None
    return spec


def _play(task: PlayTask) -> Played:
    """A task's game (``bench_tasks.play``), here or on an executor's worker. Exit 1
    if the bot breaks the rules.

    A plugin's bot plays in a child process stopped at its limit
    (``bounded.game_limit``: the task's ``bot_timeout``, else its ``time`` option
    plus a grace, else 60 seconds): exit 3, naming the plugin, when it overruns."""
    spec = parse_bot_spec(task.bot)
    source = host().third_party("bot", spec.name)
    if source is None or not bounded.AVAILABLE:
        return _play_here(task)
    limit = bounded.game_limit(task.bot_timeout, spec.options)
    try:
        return bounded.run_bounded(lambda: _play_here(task), limit)
    except bounded.Overrun:
        raise fail(
            f"plugin {source}: bot '{spec.name}' did not finish within {bounded.seconds_words(limit)} "
            "and was stopped; allow more with --bot-timeout",
            ExitCode.CONFIG,
        ) from None
    except bounded.BoundedError as error:
        raise fail(f"plugin {source}: bot '{spec.name}': {error}", ExitCode.CONFIG) from None


def _play_here(task: PlayTask) -> Played:
    """``_play`` in this process, unbounded."""
    try:
        return play(task)
    except BotError as error:
        raise fail(str(error), ExitCode.REJECTED) from None


def _interruptible(spec: BotSpec) -> AbstractContextManager[Interruption]:
    """Ctrl-C during the games of ``spec``: a built-in bot's search stops and keeps
    its best (``longwork.interruptible``); a plugin's bot is simply interrupted (a
    KeyboardInterrupt, which also stops its child process), since nothing can make
    it stop early and keep its best."""
    if host().third_party("bot", spec.name) is not None:
        return nullcontext(Interruption())
    return interruptible()


def _check_executor(spec: BotSpec, where: Where) -> None:
    """Exit 2 for a bot that starts worker processes of its own (root-parallel
    workers) on an executor whose workers are processes: they may not have
    children (Dask's and the pool's workers are daemonic)."""
    if where.kind is ExecutorKind.local:
        return
    bot = host().bot(spec.name).create(spec.options)
    if isinstance(bot, SearchBot) and bot.spec.processes > 1:
        raise fail(
            f"bot {spec} starts worker processes, which cannot run inside the "
            f"executor's workers; use threads (nrpa's parallel=policy) or --executor local",
            ExitCode.USAGE,
        )


POLL = 0.2
"""Seconds between checks for Ctrl-C while waiting for a remote game."""


class ExecutorFailed(CommandError):
    """The executor lost a game (a worker killed, a scheduler lost): exit 1."""


def _remote(handle: Handle, interruption: Interruption, kept: str = "") -> Played | None:
    """A game played by an executor's worker, or None after Ctrl-C (the rest of the
    work is then cancelled by the executor). Exit 1 if the bot broke the rules;
    ``ExecutorFailed`` (exit 1, its message ending in ``kept``) if the executor
    failed."""
    while not interruption:
        try:
            game: Played = handle.result(timeout=POLL)
        except TimeoutError:
            continue
        except BotError as error:
            raise fail(str(error), ExitCode.REJECTED) from None
        except Exception as error:
            if not is_executor_failure(error):
                raise
            raise ExecutorFailed(failure_words(error) + kept, ExitCode.REJECTED) from None
        return game
    return None


@contextmanager
def _records(out: str | None) -> Iterator[IO[str] | None]:
    if out is None:
        yield None
        return
    with ExitStack() as stack:
        try:
            stream = stack.enter_context(Path(out).open("w", encoding="utf-8"))
        except OSError as error:
            raise fail(
                f"cannot write {out}: {error.strerror or error}; check the path", ExitCode.INPUT
            ) from None
        yield stream


def _number(value: float) -> str:
    return f"{value:,.0f}"


def _seconds(value: float) -> str:
    """``5.1 seconds``: a unit a speech synthesizer reads as a word (A30)."""
    return f"{value:.1f} seconds"


def _position_line(position: int, entry: dict[str, Any]) -> str:
    result = "board cleared" if entry["cleared"] else f"{entry['remaining']} tiles left"
    anchors = ", ".join(
        f"{anchor.name} {_number(published(anchor.key)[position - 1])}" for anchor in ANCHORS
    )
    return (
        f"Position {position}: {_number(entry['score'])} points in {entry['move_count']} moves, "
        f"{result}, {_seconds(entry['seconds'])} (CPU {_seconds(entry['cpu_seconds'])}). "
        f"Published: {anchors}."
    )


def _comparison_line(total: int, comparisons: list[PublishedComparison], count: int) -> str:
    parts = [
        f"{c.percent:.1f} percent of {c.anchor.name} ({_number(c.total)})" for c in comparisons
    ]
    which = "the published totals" if count == 20 else f"their totals on these {count} positions"
    return f"{_number(total)} is " + ", ".join(parts[:-1]) + f" and {parts[-1]}: {which}."


@bench_app.command("standard")
def standard_command(
    bot: BotOption,
    time_per_position: Annotated[
        float | None,
        typer.Option("--time-per-position", help="Seconds per position (sets the bot's time)."),
    ] = None,
    positions: Annotated[
        str, typer.Option("--positions", help="Positions to play, e.g. 1-20 or 1,4,9-12.")
    ] = "1-20",
    out: Annotated[
        str | None, typer.Option("--out", "-o", help="Write one game record per line here.")
    ] = None,
    seed: SeedOption = 0,
    output: FormatOption = TextOrJson.text,
    workers: WorkersOption = None,
    executor_kind: ExecutorOption = None,
    scheduler: SchedulerOption = None,
    bot_timeout: BotTimeoutOption = None,
) -> None:
    """Play a bot on the 20 standard research positions (15 by 15, 5 colours, n minus 2,
    squared, and 1000 for a clear) and compare with the published scores, one line
    per position.

    Position p's bot seed derives from (--seed, p). The records verify with
    'samegame verify'. With --executor process or dask, positions are played at
    once by the executor's workers (the same games as here with a fixed budget).
    """
    try:
        chosen = parse_positions(positions)
    except ValueError as error:
        raise fail(f"--positions: {error}", ExitCode.USAGE) from None
    check_bot_timeout(bot_timeout)
    where = where_to_play(workers, executor_kind, scheduler)
    spec = _timed_bot(bot, time_per_position, "--time-per-position")
    _check_executor(spec, where)
    preset = load_preset(BENCHMARK_PRESET)
    rules = preset.rules
    boards = standard_positions()
    entries: list[dict[str, Any]] = []
    seconds_each, budget = budget_words(spec)
    count = len(chosen)
    local = where.kind is ExecutorKind.local
    started = time.perf_counter()
    with (
        running_executor(where) as executor,
        _records(out) as stream,
        _interruptible(spec) as interruption,
    ):
        each = "" if budget is None else f", {budget} per search"
        there = "" if local else f", {where.describe()}"
        say(
            f"Playing {count} standard {'position' if count == 1 else 'positions'} "
            f"with {spec}{each}{there}; Ctrl-C stops early and keeps the positions played."
        )
        tasks = [
            PlayTask(
                str(spec),
                BENCHMARK_PRESET,
                derive_seed("bench", seed, p),
                position=p,
                bot_timeout=bot_timeout,
            )
            for p in chosen
        ]
        handles = [] if local else [executor.call(_play, task) for task in tasks]
        for index, position in enumerate(chosen):
            board = boards[position - 1]
            bot_seed = tasks[index].seed
            if local:
                with progress(
                    seconds_each, f"Position {position}: searched {{done}} of {{total}}."
                ):
                    game = _play(tasks[index])
            else:
                places = [
                    *(["above"] if output is TextOrJson.text else []),
                    *([f"in {out}"] if out is not None else []),
                ]
                kept = f"; stopped after {index} of {count} positions" + (
                    f", kept {' and '.join(places)}" if places and index else ""
                )
                remote = _remote(handles[index], interruption, kept)
                if remote is None:
                    break
                game = remote
            played = game.played
            record = make_record(
                played,
                board=board,
                rules=rules,
                preset=BENCHMARK_PRESET,
                generator=None,
                board_number=None,
                colours=len(board.colour_counts()),
                bot=str(spec),
                seed=bot_seed,
            )
            if stream is not None:
                stream.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
                stream.flush()
            entry = {
                "position": position,
                "score": played.result.score,
                "move_count": len(played.moves),
                "moves": [format_cell(cell) for cell in played.moves],
                "cleared": played.result.cleared,
                "remaining": played.result.remaining,
                "seconds": round(played.seconds, 3),
                "cpu_seconds": round(game.cpu_seconds, 3),
                "seed": bot_seed,
                "published": {a.name: published(a.key)[position - 1] for a in ANCHORS},
            }
            entries.append(entry)
            if output is TextOrJson.text:
                typer.echo(_position_line(position, entry))
            if interruption:
                break
            if count >= 4 and (index + 1) * 4 // count > index * 4 // count:
                say(f"Played {index + 1} of {count} positions.")
    chosen = tuple(int(e["position"]) for e in entries)
    seconds = time.perf_counter() - started
    total = sum(int(e["score"]) for e in entries)
    cpu = sum(float(e["cpu_seconds"]) for e in entries)
    comparisons = compare(chosen, total)
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
        _stop_if(bool(interruption), "the positions played so far are above")
        return
    count = len(chosen)
    noun = "position" if count == 1 else "positions"
    typer.echo(
        f"Total: {_number(total)} points on {count} {noun} with {spec}, "
        f"{_seconds(seconds)} (CPU {_seconds(cpu)})."
    )
    typer.echo(_comparison_line(total, comparisons, count))
    if out is not None:
        typer.echo(
            f"{count} {'record' if count == 1 else 'records'} written to {out}, one per line."
        )
    _stop_if(bool(interruption), "the positions played so far are above")


MAX_SEARCHES = 10_000


def solve_seed(seed: int, search: int) -> int:
    """The bot seed of independent search ``search`` (from 0) of ``solve --seed``:
    search 0 is the one search of a plain ``solve``."""
    return derive_seed("solve", seed) if search == 0 else derive_seed("solve", seed, search)


def _best_of(
    tasks: list[PlayTask], executor: Executor, local: bool, interruption: Interruption
) -> tuple[Played, str | None]:
    """The best game of the tasks (the first of the highest score), played here one
    after another or all at once on the executor's workers, and what was lost:
    None, or the words for the searches the executor failed (the others are still
    awaited, and the best of them kept). After Ctrl-C, the best of those finished
    (a search here returns its best line at once)."""
    games: list[Played] = []
    failures: list[ExecutorFailed] = []
    if local:
        for task in tasks:
            games.append(_play(task))
            if interruption:
                break
    else:
        for handle in [executor.call(_play, task) for task in tasks]:
            try:
                game = _remote(handle, interruption)
            except ExecutorFailed as error:
                failures.append(error)
                continue
            if game is None:
                break
            games.append(game)
    if not games:
        if failures:
            raise failures[0]
        raise fail("interrupted before any search finished", ExitCode.INTERRUPTED)
    best = games[0]
    for game in games[1:]:
        if game.played.result.score > best.played.result.score:
            best = game
    if not failures:
        return best, None
    lost = f"{len(failures)} of {len(tasks)} searches lost, the best of the {len(games)} finished"
    return best, f"{failures[0]}; {lost} is above"


def _stop_if(interrupted: bool, kept: str) -> None:
    """After Ctrl-C: one line on what was kept, and exit status 130."""
    if interrupted:
        raise fail(f"interrupted; {kept}", ExitCode.INTERRUPTED)


def _stop_if_lost(lost: str | None) -> None:
    """After searches the executor lost: one line on them, and exit status 1."""
    if lost is not None:
        raise fail(lost, ExitCode.REJECTED)


def solve_command(
    board_file: Annotated[
        str, typer.Option("--board", "-b", help="Board text file ('-' for standard input).")
    ],
    bot: BotOption,
    preset_name: PresetOption = "basic",
    seconds: Annotated[
        float | None, typer.Option("--time", help="Seconds to search (sets the bot's time).")
    ] = None,
    seed: SeedOption = 0,
    output: FormatOption = TextOrJson.text,
    searches: Annotated[
        int | None,
        typer.Option(
            "--searches",
            help="Independent searches, the best kept (default: 1, or one per worker).",
        ),
    ] = None,
    workers: WorkersOption = None,
    executor_kind: ExecutorOption = None,
    scheduler: SchedulerOption = None,
    bot_timeout: BotTimeoutOption = None,
) -> None:
    """Search a board with a bot and print the best line found: its moves and score.

    The JSON output is exactly what 'samegame replay --format json' prints for
    those moves; replay them with 'samegame replay --board FILE --moves "..."'.
    With --searches N (on an executor's workers with --executor process or dask)
    N independent searches run and the best line is kept. A plugin's bot is stopped
    at --bot-timeout seconds (default: --time plus 5, else 60) with exit 3.
    """
    check_bot_timeout(bot_timeout)
    where = where_to_play(workers, executor_kind, scheduler)
    if searches is not None and not 1 <= searches <= MAX_SEARCHES:
        raise fail(
            f"--searches must be a whole number from 1 to {MAX_SEARCHES}, not {searches}",
            ExitCode.USAGE,
        )
    preset = load_preset(preset_name)
    board = read_board_file(board_file)[0]
    spec = _timed_bot(bot, seconds, "--time")
    _check_executor(spec, where)
    budget_seconds, budget = budget_words(spec)
    with running_executor(where) as executor:
        count = searches or (1 if where.kind is ExecutorKind.local else executor.slots)
        if budget is not None:
            there = "" if where.kind is ExecutorKind.local else f" {where.describe()}"
            many = "" if count == 1 else f" ({count} independent searches{there}, the best kept)"
            say(
                f"Searching the board with {spec} for {budget}{many}; "
                "Ctrl-C stops early and keeps the best line found so far."
            )
        tasks = [
            PlayTask(
                str(spec),
                preset_name,
                solve_seed(seed, i),
                rows=board_text(board),
                bot_timeout=bot_timeout,
            )
            for i in range(count)
        ]
        # Searches one after another here; in rounds of the workers' number there.
        local = where.kind is ExecutorKind.local
        rounds = count if local else -(-count // max(1, executor.slots))
        total = None if budget_seconds is None else budget_seconds * rounds
        with (
            _interruptible(spec) as interruption,
            progress(total, "Searched {done} of {total}."),
        ):
            game, lost = _best_of(tasks, executor, local, interruption)
    moves = [format_cell(cell) for cell in game.played.moves]
    result = replay(board, preset.rules, moves)
    if output is TextOrJson.json:
        print_json(result.to_dict())
        _stop_if(bool(interruption), "the best line found so far is above")
        _stop_if_lost(lost)
        return
    line = " ".join(moves)
    ending = "board cleared" if result.cleared else f"{result.remaining} tiles left"
    typer.echo(f"Best line found by {spec}: {line}")
    typer.echo(
        f"Score {_number(result.score)}: {len(moves)} moves, {ending}, bonus {result.bonus}, "
        f"penalty {result.penalty}; {_seconds(game.played.seconds)} "
        f"(CPU {_seconds(game.cpu_seconds)})."
    )
    preset_part = "" if preset_name == "basic" else f" --preset {preset_name}"
    typer.echo(f'Replay it: samegame replay --board {board_file}{preset_part} --moves "{line}"')
    _stop_if(bool(interruption), "the best line found so far is above")
    _stop_if_lost(lost)
