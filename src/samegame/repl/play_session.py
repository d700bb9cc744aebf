"""A play in the terminal: the session the player's choices open
(``session_opening.open_session``), the input path the settings in force choose,
the drawing for a sighted player, run until the player leaves. This is the
interface ``samegame.play.startup.start_play`` plays in."""

from __future__ import annotations

from typing import TextIO

from samegame.core.board import Board
from samegame.play.player_settings import Settings
from samegame.play.startup import PlayStart
from samegame.plugin.contributions import drawing_options
from samegame.repl.commands import ALL_WORDS
from samegame.repl.loop import run_session
from samegame.repl.query_commands import Drawn
from samegame.repl.session import Renderer
from samegame.repl.session_opening import open_session
from samegame.repl.terminal import colour_enabled, make_io, resolve_accessible
from samegame.store import Store

__all__ = ["run_play"]


def run_play(start: PlayStart, store: Store, *, stdin: TextIO, stdout: TextIO) -> int:
    """Play ``start`` against ``store`` on ``stdin`` and ``stdout``; the exit
    status: 0, or 130 after Ctrl-C. Accessible mode (plain lines, boards read row
    by row) is decided once, from the settings in force at the start."""
    asked = start.options
    host = start.host
    preset = start.table.preset

    def draw(board: Board) -> Drawn:
        # The session's settings of the moment: colour and symbols may change in
        # the game.
        current = session.settings
        renderer = start.renderer
        if renderer is None:
            use_colour = colour_enabled(current.colour, stdout.isatty(), False)
            renderer = host.renderer("ansi" if use_colour else "text")
        selection = session.game.selection if session.game is not None else None
        selected = board.cells(selection.mask) if selection is not None else ()
        options = drawing_options(current.symbols, preset.palette, selected=selected)
        text = renderer.render(board, options)
        # The renderer says what goes under its board: samegame's legend, its own,
        # or nothing (a plugin's renderer, unless it asks).
        own = renderer.legend
        return Drawn(text, own if isinstance(own, bool) else own(board, options))

    def sight(settings: Settings) -> Renderer | None:
        return None if resolve_accessible(asked.accessible, settings.accessible) else draw

    session = open_session(start, store, sight=sight)
    accessible_mode = resolve_accessible(asked.accessible, session.settings.accessible)
    io = make_io(
        accessible=accessible_mode,
        stdin=stdin,
        stdout=stdout,
        words=ALL_WORDS,
        colour=lambda: colour_enabled(session.settings.colour, stdout.isatty(), accessible_mode),
    )
    return run_session(session, io)
