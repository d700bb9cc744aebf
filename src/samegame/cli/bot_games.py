"""Playing a bot's game for ``bench standard`` and ``solve``: the bot checked (with
its time budget), a game here (one that calls plugin code in a child process
stopped at its limit: ``samegame.execution.bounded.run_game``) or on an executor's
worker, Ctrl-C, and the numbers and seconds those commands print."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Annotated

import typer

from samegame.benchmark.runs import Played, PlayTask, play
from samegame.bots import BotError, BotOptionError, BotSpec, parse_bot_spec
from samegame.bots.search.bot import SearchBot
from samegame.cli import interrupts
from samegame.cli.common import TextOrJson, host
from samegame.cli.executor_options import Where
from samegame.cli.exit_codes import CommandError, ExitCode, fail
from samegame.cli.longwork import Interruption, interruptible
from samegame.cli.whole_numbers import whole_number
from samegame.execution import bounded
from samegame.execution.executors import ExecutorKind, Handle, failure_words, is_executor_failure
from samegame.i18n.said import Said
from samegame.plugin.host import UnknownNameError
from samegame.presets import find_preset
from samegame.sim.stats import english

if TYPE_CHECKING:
    from samegame.i18n import Translator

BotOption = Annotated[
    str, typer.Option("--bot", help="Bot and options, for example nrpa:level=3 or beam:width=64.")
]
SeedOption = Annotated[
    int, typer.Option("--seed", parser=whole_number(), help="Root seed of the bot's choices.")
]
FormatOption = Annotated[TextOrJson, typer.Option("--format", "-f", help="text or json.")]


def timed_bot(
    text: str, seconds: float | None, flag: str, bot_timeout: float | None = None
) -> BotSpec:
    """The bot spec with ``time`` set to ``seconds`` (when given), checked by making
    the bot once (a plugin's bot in a child process under the game's bound,
    ``bounded.check_bot``): exit 2 for a bad option, 3 for an unknown bot or a
    plugin's bot whose ``create`` fails or does not return."""
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
        bounded.check_bot(host(), spec, bounded.game_limit(bot_timeout, spec.options))
    except BotOptionError as error:
        raise fail(str(error), ExitCode.USAGE) from None
    except UnknownNameError as error:
        raise fail(str(error), ExitCode.CONFIG) from None
    return spec


def play_bounded(task: PlayTask) -> Played:
    """A task's game (``samegame.benchmark.runs.play``), here or on an executor's
    worker. Exit 1 if the bot breaks the rules.

    A game that calls plugin code (the bot, or the preset's formula or penalty)
    plays in a child process stopped at its limit (``bounded.run_game``, limit
    ``bounded.game_limit``: the task's ``bot_timeout``, else the bot's ``time``
    option plus a grace, else 60 seconds): exit 3, naming the plugin callable
    that did not return, when it overruns."""
    spec = parse_bot_spec(task.bot)
    loaded = host()
    variant = find_preset(task.preset, loaded).rules.variant
    parts = bounded.plugin_parts(
        loaded, formula=variant.formula, penalty=variant.penalty, bot=spec.name
    )
    limit = bounded.game_limit(task.bot_timeout, spec.options)
    return bounded.run_game(lambda: _play_here(task), parts, limit)


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
    if where.kind is ExecutorKind.local or host().third_party("bot", spec.name) is not None:
        return  # a plugin's bot is contained: never a SearchBot of samegame's
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


def remote_game(
    handle: Handle, interruption: Interruption, kept: str | Callable[[str], Said] = ""
) -> Played | None:
    """A game played by an executor's worker, or None after Ctrl-C (the rest of the
    work is then cancelled by the executor). Exit 1 if the bot broke the rules;
    ``ExecutorFailed`` (exit 1) if the executor failed: its message ends in
    ``kept``, or is ``kept`` of the failure's words."""
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
            problem = failure_words(error)
            message = kept(problem) if callable(kept) else problem + kept
            raise ExecutorFailed(message, ExitCode.REJECTED) from None
        return game
    return None


def number_text(value: float) -> str:
    """``12,345``: a whole number with its thousands separated."""
    return f"{value:,.0f}"


def seconds_text(value: float, tr: Translator | None = None) -> str:
    """``5.1 seconds``: a unit a speech synthesizer reads as a word (A30), in the
    language of ``tr`` (English when none is given)."""
    tr = english(tr)
    return tr("research.seconds", seconds=f"{value:.1f}")


def stop_if_interrupted(interrupted: bool, interrupted_kept: Said, terminated_kept: Said) -> None:
    """After Ctrl-C: one line on what was kept (``interrupted_kept``; after SIGTERM
    or SIGHUP ``terminated_kept``), and exit status 130 (143 after SIGTERM or
    SIGHUP)."""
    if interrupted:
        said = terminated_kept if interrupts.terminated() else interrupted_kept
        raise fail(said, ExitCode(interrupts.exit_code()))
