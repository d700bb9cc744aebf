"""Bots: the bot API, the simple bots and the search bots.

- ``samegame.plugin.bot_api``: what a bot sees (``GameView``), the ``Bot`` protocol,
  bot specs and options, and ``play_game``, the match loop that checks every move;
  re-exported here, so a plugin writes ``from samegame.bots import Bot, GameView``.
- ``samegame.bots.simple``: random, greedy, largest, tabu, lookahead.
- ``samegame.bots.search``: NMCS, NRPA and beam search over the numba kernels.
- ``samegame.benchmark.positions``: the 20 standard positions and the published scores.

The built-ins are registered by ``samegame.builtins.bots`` through the same hook
as third-party bots.
"""

from samegame.plugin.bot_api import (
    Bot,
    BotError,
    BotOptionError,
    BotSpec,
    GameView,
    PlayedGame,
    check_options,
    int_option,
    parse_bot_spec,
    play_game,
)

__all__ = [
    "Bot",
    "BotError",
    "BotOptionError",
    "BotSpec",
    "GameView",
    "PlayedGame",
    "check_options",
    "int_option",
    "parse_bot_spec",
    "play_game",
]
