"""The one way to open a session from the player's choices, for every interface:
the terminal's ``samegame play`` (``samegame.repl.play_session``) and the web
page (``samegame.web.page_games``) alike, so that both play the same table by the
same settings and say the same sentences.

The choices are a ``PlayStart`` (``samegame.play.startup.prepare_play``: the table,
the saved game, the hint bot with its long work, and the options as asked) and
the store; the settings in force come from the store's saved settings, then the
environment, then the options (``samegame.play.player_settings.in_force``).
"""

from __future__ import annotations

from collections.abc import Callable

from samegame.play.player_settings import Settings, in_force
from samegame.play.startup import PlayStart
from samegame.repl.session import Renderer, Session
from samegame.store import Store

__all__ = ["Sight", "open_session"]

Sight = Callable[[Settings], Renderer | None]
"""Given the settings in force at the start, how boards are drawn for a sighted
player; None: they are read row by row (accessible mode)."""


def open_session(start: PlayStart, store: Store, *, sight: Sight | None = None) -> Session:
    """The session of ``start`` against ``store``, not yet started (call
    ``start()``): the settings in force (see the module) with where each came from,
    the table, the board number asked for, a fresh start, yes to every question,
    the saved game to resume or play again, and the hint bot with its long work,
    all as ``start`` resolved them. ``sight`` chooses the drawing from the settings
    in force; without it boards are read row by row."""
    asked = start.options
    chosen = in_force(store.get_setting("settings", {}), asked.setting_flags())
    return Session(
        host=start.host,
        table=start.table,
        store=store,
        settings=chosen.settings,
        board_number=asked.board_number,
        draw=None if sight is None else sight(chosen.settings),
        saved_game=start.saved_game,
        assume_yes=asked.assume_yes,
        hint_bot=start.hint_bot,
        fresh=asked.fresh,
        sources=chosen.sources,
        hint_work=start.hint_work,
    )
