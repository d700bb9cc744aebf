"""A bot's games for ``bench standard`` and ``solve``: the bot checked (with its
time budget), a game here (one that calls plugin code in a child process stopped
at its limit: ``samegame.execution.bounded.run_game``) or on an executor's
worker, and the wait for a worker's game that a stop request cuts short.

Every problem is a library error the command line turns into its exit code: a
bad bot option or time budget, or a bot that cannot run on the executor's
workers, is a ``BotOptionError``; a bot no plugin offers an ``UnknownNameError``;
a plugin's bot that fails, overruns or breaks the rules a ``PluginError``; a
built-in bot that breaks the rules (a samegame bug) a ``BotError``; a game the
executor lost an ``ExecutorFailed``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from samegame.benchmark.runs import Played, PlayTask, play
from samegame.bots import BotOptionError, BotSpec, parse_bot_spec
from samegame.bots.search.bot import SearchBot
from samegame.execution import bounded
from samegame.execution.executors import (
    Executor,
    ExecutorFailed,
    ExecutorKind,
    Handle,
    failure_words,
    is_executor_failure,
)
from samegame.i18n.said import Said
from samegame.plugin.host import PluginHost, get_host
from samegame.presets import find_preset

__all__ = [
    "POLL",
    "BestGame",
    "Stopping",
    "best_game",
    "check_executor",
    "play_bounded",
    "remote_game",
    "timed_bot",
]


def timed_bot(
    host: PluginHost,
    text: str,
    seconds: float | None,
    flag: str,
    bot_timeout: float | None = None,
) -> BotSpec:
    """The bot spec with ``time`` set to ``seconds`` (when given; ``flag`` is the
    option that gave it), checked by making the bot once (a plugin's bot in a
    child process under the game's bound, ``bounded.check_bot``):
    ``BotOptionError`` for a bad option or a time budget the bot cannot take,
    ``UnknownNameError`` for an unknown bot, ``PluginError`` for a plugin's bot
    whose ``create`` fails or does not return."""
    spec = parse_bot_spec(text)
    factory = host.bot(spec.name)
    if seconds is not None:
        if "time" not in factory.options:
            raise BotOptionError(f"bot {spec.name} has no time budget; leave out {flag}")
        if "time" in spec.options:
            raise BotOptionError(f"give the time once: either {flag} or the bot option time")
        if not seconds > 0:
            raise BotOptionError(f"{flag} must be a positive number of seconds")
        spec = BotSpec(spec.name, {**spec.options, "time": f"{seconds:g}"})
    bounded.check_bot(host, spec, bounded.game_limit(bot_timeout, spec.options))
    return spec


def play_bounded(task: PlayTask) -> Played:
    """A task's game (``samegame.benchmark.runs.play``), here or on an executor's
    worker; ``BotError`` if the bot breaks the rules.

    A game that calls plugin code (the bot, or the preset's formula or penalty)
    plays in a child process stopped at its limit (``bounded.run_game``, limit
    ``bounded.game_limit``: the task's ``bot_timeout``, else the bot's ``time``
    option plus a grace, else 60 seconds): a ``PluginError`` naming the plugin
    callable that did not return, when it overruns."""
    spec = parse_bot_spec(task.bot)
    loaded = get_host()
    variant = find_preset(task.preset, loaded).rules.variant
    parts = bounded.plugin_parts(
        loaded, formula=variant.formula, penalty=variant.penalty, bot=spec.name
    )
    limit = bounded.game_limit(task.bot_timeout, spec.options)
    return bounded.run_game(lambda: play(task), parts, limit)


def check_executor(host: PluginHost, spec: BotSpec, kind: ExecutorKind) -> None:
    """``BotOptionError`` for a bot that starts worker processes of its own
    (root-parallel workers) on an executor whose workers are processes: they may
    not have children (Dask's and the pool's workers are daemonic)."""
    if kind is ExecutorKind.local or host.third_party("bot", spec.name) is not None:
        return  # a plugin's bot is contained: never a SearchBot of samegame's
    bot = host.bot(spec.name).create(spec.options)
    if isinstance(bot, SearchBot) and bot.spec.processes > 1:
        raise BotOptionError(
            f"bot {spec} starts worker processes, which cannot run inside the "
            f"executor's workers; use threads (nrpa's workers) or --executor local"
        )


POLL = 0.2
"""Seconds between checks for a stop request while waiting for a remote game."""


class Stopping(Protocol):
    """True once the work is asked to stop (the command line's ``Interruption``)."""

    def __bool__(self) -> bool: ...


def remote_game(
    handle: Handle, stopping: Stopping, kept: str | Callable[[str], Said] = ""
) -> Played | None:
    """A game played by an executor's worker, or None once ``stopping`` is true (the
    rest of the work is then cancelled by the executor). ``BotError`` if the bot
    broke the rules; ``ExecutorFailed`` if the executor failed: its message ends in
    ``kept``, or is ``kept`` of the failure's words."""
    while not stopping:
        try:
            game: Played = handle.result(timeout=POLL)
        except TimeoutError:
            continue
        except Exception as error:
            if not is_executor_failure(error):
                raise
            problem = failure_words(error)
            message = kept(problem) if callable(kept) else problem + kept
            raise ExecutorFailed(message) from None
        return game
    return None


@dataclass(frozen=True)
class BestGame:
    """The best of several games: the best (None when none finished), how many
    finished, and the executor's failures for those it lost."""

    best: Played | None
    finished: int
    failures: list[ExecutorFailed]


def best_game(
    tasks: Sequence[PlayTask], executor: Executor, local: bool, stopping: Stopping
) -> BestGame:
    """The best game of the tasks (the first of the highest score), played here one
    after another (``local``) or all at once on the executor's workers, and the
    searches the executor lost (the others are still awaited, and the best of them
    kept). Once ``stopping`` is true, the best of those finished (a search here
    returns its best line at once)."""
    games: list[Played] = []
    failures: list[ExecutorFailed] = []
    if local:
        for task in tasks:
            games.append(play_bounded(task))
            if stopping:
                break
    else:
        for handle in [executor.call(play_bounded, task) for task in tasks]:
            try:
                game = remote_game(handle, stopping)
            except ExecutorFailed as error:
                failures.append(error)
                continue
            if game is None:
                break
            games.append(game)
    if not games:
        return BestGame(None, 0, failures)
    best = games[0]
    for game in games[1:]:
        if game.played.result.score > best.played.result.score:
            best = game
    return BestGame(best, len(games), failures)
