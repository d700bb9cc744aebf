"""One standard position, or one search of a board, as a pure function of a small
picklable task: what ``samegame bench standard`` and ``samegame solve`` run here
or send to a Dask worker (``--executor dask``), so that both places play exactly
the same game for the same task (a fixed budget gives the same record anywhere).

A task names the bot by its spec text and the rules by preset name; the worker
makes a fresh bot, loads the compiled kernels before the bot's clock starts, and
returns the game with its CPU seconds (this process and any search workers').
A bot that breaks the rules raises ``BotError`` (picklable), which the command
reports.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from samegame.benchmark.positions import standard_positions
from samegame.bots import Bot, PlayedGame, parse_bot_spec, play_game
from samegame.bots.search.bot import SearchBot
from samegame.bots.search.engine import prepare
from samegame.core.board import Board
from samegame.core.textboard import read_board
from samegame.plugin.host import get_host
from samegame.presets import find_preset


@dataclass(frozen=True)
class PlayTask:
    """Play ``bot`` (spec text) with ``seed`` under the rules of ``preset`` on standard
    position ``position`` (1-20), or on the board of ``rows`` (top first, palette
    letters: ``sim.tasks.board_text``) when given."""

    bot: str
    preset: str
    seed: int
    position: int | None = None
    rows: tuple[str, ...] | None = None
    bot_timeout: float | None = None
    """The limit on a plugin's bot (``samegame.execution.bounded.game_limit``); None: the default."""

    def board(self) -> Board:
        if self.rows is not None:
            return read_board("\n".join(self.rows))
        assert self.position is not None, "a task plays a position or a board"
        return standard_positions()[self.position - 1]


@dataclass(frozen=True)
class Played:
    """A task's game and the CPU seconds it took."""

    played: PlayedGame
    cpu_seconds: float


def play(task: PlayTask) -> Played:
    """Play one task's game (module docstring); BotError if the bot breaks the rules."""
    host = get_host()
    spec = parse_bot_spec(task.bot)
    rules = find_preset(task.preset, host).rules
    bot: Bot = host.bot(spec.name).create(spec.options)
    if isinstance(bot, SearchBot):
        # Load the compiled kernels before the clock starts.
        prepare(bot.spec.algorithm, bot.spec.lanes)
    cpu = time.process_time()
    played = play_game(bot, task.board(), rules, task.seed, name=str(spec))
    cpu = time.process_time() - cpu
    if isinstance(bot, SearchBot):
        cpu += sum(result.helper_cpu_seconds for result in bot.results)
    return Played(played, cpu)
