"""Built-in search bots: ``nmcs``, ``nrpa`` and ``beam`` (see samegame.search.bots).

Registered like every other bot; creating one checks its options and imports
nothing heavy: the numba kernels load when the bot first searches.
"""

from __future__ import annotations

from samegame.contributions import BotFactory
from samegame.hookspecs import hookimpl
from samegame.search.bots import SEARCH_BOTS


@hookimpl
def samegame_bots() -> list[BotFactory]:
    return list(SEARCH_BOTS)
