"""Registers the built-in bots: the simple ones and the search bots.

Registered through the ``samegame_bots`` hook like a third-party bot. The
factories are light records: making a search bot checks its options only, and the
numba kernels load when it first searches (see samegame.bots).
"""

from __future__ import annotations

from samegame.bots.search.bot import SEARCH_BOTS
from samegame.bots.simple import SIMPLE_BOTS
from samegame.plugin.contributions import BotFactory
from samegame.plugin.hookspecs import hookimpl


@hookimpl
def samegame_bots() -> list[BotFactory]:
    return [*SIMPLE_BOTS, *SEARCH_BOTS]
