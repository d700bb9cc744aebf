"""``samegame solve``: the best line a bot finds on a board, from one search or the
best of several independent ones (here, or on an executor's workers).

Exit codes (see samegame.cli.exit_codes): 1 the bot played an illegal move, or the
executor lost a search; 2 a bad option (a bot option, ``--searches``, a time budget
for a bot without one, ``--bot-timeout``); 3 an unknown bot or preset, or a
plugin's bot that failed or did not finish within its limit (it plays in a child
process: ``samegame.execution.bounded``); 4 an unreadable board file; 130 Ctrl-C.
"""

from typing import TYPE_CHECKING, Annotated

import typer

from samegame.benchmark.bot_games import best_game
from samegame.benchmark.runs import Played, PlayTask
from samegame.cli import interrupts
from samegame.cli.executor_options import (
    ExecutorOption,
    SchedulerOption,
    Where,
    WorkersOption,
    running_executor,
    where_to_play,
)
from samegame.cli.exit_codes import ExitCode, fail
from samegame.cli.inputs import load_preset, read_board_file
from samegame.cli.longwork import (
    Interruption,
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
    PresetOption,
    TextOrJson,
    check_bot_timeout,
    checked_bot,
    chosen_translator,
    print_json,
)
from samegame.cli.whole_numbers import whole_number
from samegame.core.coords import format_cell
from samegame.core.replay import replay
from samegame.core.rng import derive_seed
from samegame.execution.executors import Executor, ExecutorKind
from samegame.i18n.said import Said, said_of
from samegame.sim.tasks import board_text

if TYPE_CHECKING:
    from samegame.i18n import Translator

MAX_SEARCHES = 10_000


def solve_seed(seed: int, search: int) -> int:
    """The bot seed of independent search ``search`` (from 0) of ``solve --seed``:
    search 0 is the one search of a plain ``solve``."""
    return derive_seed("solve", seed) if search == 0 else derive_seed("solve", seed, search)


def _best_of(
    tasks: list[PlayTask], executor: Executor, local: bool, interruption: Interruption
) -> tuple[Played, Said | None]:
    """The best game of the tasks (``samegame.benchmark.bot_games.best_game``) and
    what was lost: None, or the words for the searches the executor failed. With
    no search finished: the executor's failure, or after Ctrl-C the exit-130 (143)
    error."""
    found = best_game(tasks, executor, local, interruption)
    failures = found.failures
    if found.best is None:
        if failures:
            raise failures[0]
        none = (
            Said.of("research.terminated.no_search")
            if interrupts.terminated()
            else Said.of("research.interrupted.no_search")
        )
        raise fail(none, ExitCode(interrupts.exit_code()))
    if not failures:
        return found.best, None
    lost = Said.of(
        "research.solve.lost",
        problem=said_of(failures[0]) or str(failures[0]),
        lost=len(failures),
        count=len(tasks),
        finished=found.finished,
    )
    return found.best, lost


def _stop_if_lost(lost: Said | None) -> None:
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
    seed: BotSeedOption = 0,
    output: FormatOption = TextOrJson.text,
    searches: Annotated[
        int | None,
        typer.Option(
            "--searches",
            parser=whole_number(None),
            help="Independent searches, the best kept (default: 1, or one per worker).",
        ),
    ] = None,
    workers: WorkersOption = None,
    executor_kind: ExecutorOption = None,
    scheduler: SchedulerOption = None,
    bot_timeout: BotTimeoutOption = None,
    lang: LangOption = None,
) -> None:
    """Search a board with a bot and print the best line found: its moves and score.

    The JSON output is exactly what 'samegame replay --format json' prints for
    those moves; replay them with 'samegame replay --board FILE --moves "MOVES"'.
    With --searches N (on an executor's workers with --executor process or dask)
    N independent searches run and the best line is kept. A plugin's bot is stopped
    at --bot-timeout seconds (default: --time plus 5, else 60) with exit 3.
    """
    tr = chosen_translator(lang, None, read_only=True)
    check_bot_timeout(bot_timeout)
    where = where_to_play(workers, executor_kind, scheduler)
    if searches is not None and not 1 <= searches <= MAX_SEARCHES:
        raise fail(
            f"--searches must be a whole number from 1 to {MAX_SEARCHES}, not {searches}",
            ExitCode.USAGE,
        )
    preset = load_preset(preset_name)
    board = read_board_file(board_file)[0]
    spec = checked_bot(bot, seconds, "--time", bot_timeout, where.kind)
    budget_seconds, budget = budget_words(spec, tr)
    with running_executor(where) as executor:
        count = searches or (1 if where.kind is ExecutorKind.local else executor.slots)
        if budget is not None:
            say(_start_line(tr, str(spec), budget, count, where))
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
        searched = progress(
            total, lambda done, whole: tr("research.progress.searched", done=done, total=whole), tr
        )
        with interruptible_bot(spec) as interruption, searched:
            game, lost = _best_of(tasks, executor, local, interruption)
    moves = [format_cell(cell) for cell in game.played.moves]
    result = replay(board, preset.rules, moves)
    kept = (
        Said.of("research.interrupted.best_line"),
        Said.of("research.terminated.best_line"),
    )
    if output is TextOrJson.json:
        print_json(result.to_dict())
        stop_if_interrupted(bool(interruption), *kept)
        _stop_if_lost(lost)
        return
    line = " ".join(moves)
    ending = (
        tr("research.cleared")
        if result.cleared
        else tr("research.tiles_left", count=result.remaining)
    )
    typer.echo(tr("research.solve.best", bot=str(spec), moves=line))
    typer.echo(
        tr(
            "research.solve.score",
            score=number_text(result.score),
            moves=len(moves),
            ending=ending,
            bonus=result.bonus,
            penalty=result.penalty,
            seconds=seconds_text(game.played.seconds, tr),
            cpu=seconds_text(game.cpu_seconds, tr),
        )
    )
    preset_part = "" if preset_name == "basic" else f" --preset {preset_name}"
    command = f'samegame replay --board {board_file}{preset_part} --moves "{line}"'
    typer.echo(tr("research.solve.replay", command=command))
    stop_if_interrupted(bool(interruption), *kept)
    _stop_if_lost(lost)


def _start_line(tr: "Translator", bot: str, budget: str, count: int, where: Where) -> str:
    """The first line of a timed search: the bot, its time, how many searches
    where, and what Ctrl-C does."""
    if count == 1:
        return tr("research.start.solve", bot=bot, budget=budget)
    if where.kind is ExecutorKind.local:
        return tr("research.start.solve.many", bot=bot, budget=budget, count=count)
    return tr(
        "research.start.solve.many.there",
        bot=bot,
        budget=budget,
        count=count,
        where=where.describe(tr),
    )
