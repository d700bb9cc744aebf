"""A play in the line interface: the settings in force (saved, then the
environment, then this run's options), the input path they choose, the drawing
for a sighted player and the session, run until the player leaves. This is the
interface ``samegame.play.startup.start_play`` plays in."""

from __future__ import annotations

from typing import TextIO

from samegame.builtins.renderers import drawing_options
from samegame.core.board import Board
from samegame.play.player_settings import in_force
from samegame.play.startup import PlayStart
from samegame.repl.commands import ALL_WORDS
from samegame.repl.loop import run_session
from samegame.repl.session import Renderer, Session
from samegame.repl.terminal import colour_enabled, make_io, resolve_accessible
from samegame.store import Store

__all__ = ["run_play"]


def run_play(start: PlayStart, store: Store, *, stdin: TextIO, stdout: TextIO) -> int:
    """Play ``start`` against ``store`` on ``stdin`` and ``stdout``; the exit
    status: 0, or 130 after Ctrl-C."""
    asked = start.options
    host = start.host
    chosen = in_force(store.get_setting("settings", {}), asked.setting_flags())
    settings = chosen.settings
    accessible_mode = resolve_accessible(asked.accessible, settings.accessible)
    io = make_io(
        accessible=accessible_mode,
        stdin=stdin,
        stdout=stdout,
        words=ALL_WORDS,
        colour=lambda: colour_enabled(session.settings.colour, stdout.isatty(), accessible_mode),
    )
    preset = start.table.preset
    draw: Renderer | None = None
    if not accessible_mode:

        def draw(board: Board) -> str:
            # The session's settings of the moment: colour and symbols may
            # change in the game.
            current = session.settings
            renderer = start.renderer
            if renderer is None:
                use_colour = colour_enabled(current.colour, stdout.isatty(), False)
                renderer = host.renderer("ansi" if use_colour else "text")
            selection = session.game.selection if session.game is not None else None
            selected = board.cells(selection.mask) if selection is not None else ()
            return renderer.render(
                board, drawing_options(current.symbols, preset.palette, selected=selected)
            )

    session = Session(
        host=host,
        table=start.table,
        store=store,
        settings=settings,
        board_number=asked.board_number,
        draw=draw,
        saved_game=start.saved_game,
        assume_yes=asked.assume_yes,
        hint_bot=start.hint_bot,
        fresh=asked.fresh,
        sources=chosen.sources,
        hint_work=start.hint_work,
    )
    return run_session(session, io)
