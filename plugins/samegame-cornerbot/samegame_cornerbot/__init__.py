"""samegame-cornerbot: an example plugin contributing a bot.

``cornerbot`` removes the legal group whose anchor (its canonical tile, the lowest
tile of its leftmost column) lies nearest a corner of the board. One option:

- ``prefer=low`` (the default): the lowest anchor, ties to the leftmost; the bot
  works from the bottom-left corner.
- ``prefer=high``: the highest anchor, ties to the leftmost; the bot works from the
  top of the left side.

The value is read without regard to case; anything else, or another option, raises
``BotOptionError``. The bot never draws from the generator it is given, so it plays
the same moves on the same board whatever the seed.

>>> from samegame import BASIC, Rules, read_board
>>> from samegame.plugin import play_game
>>> board = read_board("RBB\\nRGG\\nBBR")
>>> [str(cell) for cell in play_game(CORNERBOT.create({}), board, Rules(BASIC), seed=1).moves]
['A1', 'A1']
>>> high = CORNERBOT.create({"prefer": "high"})
>>> [str(cell) for cell in play_game(high, board, Rules(BASIC), seed=1).moves]
['B3', 'A2', 'B2', 'A1']
"""

from __future__ import annotations

from collections.abc import Mapping

from samegame import Cell
from samegame.plugin import (
    BotFactory,
    BotOptionError,
    GameView,
    StableRandom,
    check_options,
    hookimpl,
)

PREFERENCES = ("low", "high")


class CornerBot:
    """Removes the group with the lowest (or highest) anchor, ties to the leftmost."""

    def __init__(self, prefer: str = "low") -> None:
        if prefer not in PREFERENCES:
            raise BotOptionError(f"bot option prefer must be low or high, not '{prefer}'")
        self.prefer = prefer
        self._sign = 1 if prefer == "low" else -1

    def choose(self, view: GameView, rng: StableRandom) -> Cell:
        return min(view.groups, key=lambda g: (self._sign * g.anchor.row, g.anchor.col)).anchor


def create(options: Mapping[str, str]) -> CornerBot:
    """A CornerBot from its options (``prefer``); BotOptionError for anything else."""
    check_options(options, ("prefer",), "cornerbot")
    return CornerBot(options.get("prefer", "low").lower())


CORNERBOT = BotFactory(
    "cornerbot",
    create,
    "the group nearest the bottom-left corner (prefer=high: the highest on the left)",
    options=("prefer",),
)


@hookimpl
def samegame_bots() -> list[BotFactory]:
    return [CORNERBOT]
