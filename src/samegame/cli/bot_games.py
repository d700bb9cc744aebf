"""Playing a bot's game for ``bench standard`` and ``solve``: the bot checked (with
its time budget), a game here (a plugin's bot in a child process stopped at its
limit: ``samegame.sim.bounded``) or on an executor's worker, Ctrl-C, and the
numbers and seconds those commands print."""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import Annotated

import typer

from samegame.benchmark.runs import Played, PlayTask, play
from samegame.bots import BotError, BotOptionError, BotSpec, parse_bot_spec
from samegame.bots.search.bot import SearchBot
from samegame.cli.common import TextOrJson, host
from samegame.cli.executor_options import Where
from samegame.cli.exit_codes import CommandError, ExitCode, fail
from samegame.cli.longwork import Interruption, interruptible
from samegame.plugin.host import UnknownNameError
from samegame.sim import bounded
from samegame.sim.executors import ExecutorKind, Handle, failure_words, is_executor_failure

BotOption = Annotated[
    str, typer.Option("--bot", help="Bot and options, for example nrpa:level=3 or beam:width=64.")
]
SeedOption = Annotated[int, typer.Option("--seed", help="Root seed of the bot's choices.")]
FormatOption = Annotated[TextOrJson, typer.Option("--format", "-f", help="text or json.")]


def timed_bot(text: str, seconds: float | None, flag: str) -> BotSpec:
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


def play_bounded(task: PlayTask) -> Played:
    """A task's game (``samegame.benchmark.runs.play``), here or on an executor's worker. Exit 1
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
    """``play_bounded`` in this process, unbounded."""
    try:
        return play(task)
    except BotError as error:
        raise fail(str(error), ExitCode.REJECTED) from None


def interruptible_bot(spec: BotSpec) -> AbstractContextManager[Interruption]:
    """Ctrl-C during the games of ``spec``: a built-in bot's search stops and keeps
    its best (``longwork.interruptible``); a plugin's bot is simply interrupted (a
    KeyboardInterrupt, which also stops its child process), since nothing can make
    it stop early and keep its best."""
    if host().third_party("bot", spec.name) is not None:
        return nullcontext(Interruption())
    return interruptible()


def check_executor(spec: BotSpec, where: Where) -> None:
    """Exit 2 for a bot that starts worker processes of its own (root-parallel
    workers) on an executor whose workers are processes: they may not have
    children (Dask's and the pool's workers are daemonic)."""
    if where.kind is ExecutorKind.local:
        return
    bot = host().bot(spec.name).create(spec.options)
    if isinstance(bot, SearchBot) and bot.spec.processes > 1:
        raise fail(
            f"bot {spec} starts worker processes, which cannot run inside the "
            f"executor's workers; use threads (nrpa's workers) or --executor local",
            ExitCode.USAGE,
        )


POLL = 0.2
"""Seconds between checks for Ctrl-C while waiting for a remote game."""


class ExecutorFailed(CommandError):
    """The executor lost a game (a worker killed, a scheduler lost): exit 1."""


def remote_game(handle: Handle, interruption: Interruption, kept: str = "") -> Played | None:
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


def number_text(value: float) -> str:
    """``12,345``: a whole number with its thousands separated."""
    return f"{value:,.0f}"


def seconds_text(value: float) -> str:
    """``5.1 seconds``: a unit a speech synthesizer reads as a word (A30)."""
    return f"{value:.1f} seconds"


def stop_if_interrupted(interrupted: bool, kept: str) -> None:
    """After Ctrl-C: one line on what was kept, and exit status 130."""
    if interrupted:
        raise fail(f"interrupted; {kept}", ExitCode.INTERRUPTED)
