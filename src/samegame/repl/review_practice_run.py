"""``samegame review --practice``: the reviewed game's costly positions played
again on the line interface (``samegame.repl.review_practice``) in a terminal,
with the player's settings: boards read row by row in accessible mode, drawn (in
colour on a terminal that takes it) otherwise."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.palette import palette_order
from samegame.i18n import translator
from samegame.plugin.host import PluginHost
from samegame.repl.announcer import Announcer
from samegame.repl.review_practice import ReviewPractice
from samegame.repl.terminal import PlainIO, colour_enabled, resolve_accessible
from samegame.repl.tutorial.voice import Draw, Voice
from samegame.review.review import Review
from samegame.review.sources import ReviewSubject
from samegame.review.values import ReviewBudget, played_line

if TYPE_CHECKING:
    from samegame.play.player_settings import Settings

__all__ = ["run_practice"]


def run_practice(
    subject: ReviewSubject,
    review: Review,
    budget: ReviewBudget,
    seed: int,
    settings: Settings,
    host: PluginHost,
) -> None:
    """Practise the costly positions of ``review`` on standard input and output,
    drawn by ``host``'s renderers as ``settings`` say; on Ctrl-C an empty line,
    then the KeyboardInterrupt goes on (the command line ends with 130)."""
    from samegame.plugin.contributions import drawing_options

    stdin, stdout = sys.stdin, sys.stdout
    io = PlainIO(stdin, stdout, interactive=stdin.isatty())
    draw: Draw | None = None
    if not resolve_accessible(None, settings.accessible):
        use_colour = colour_enabled(settings.colour, stdout.isatty(), False)
        renderer = host.renderer("ansi" if use_colour else "text")
        palette = palette_order(())

        def draw(board: Board, outline: Sequence[Cell] = ()) -> str:
            options = drawing_options(settings.symbols, palette, selected=outline)
            return renderer.render(board, options)

    tr = translator(settings.language)
    announcer = Announcer(tr, settings.verbosity)
    voice = Voice(io, tr, announcer, draw, settings.symbols)
    played = played_line(subject.board, subject.rules, subject.moves)
    practice = ReviewPractice(voice, review, played, subject.rules, budget, seed)
    try:
        practice.run()
    except KeyboardInterrupt:
        io.write([""])
        raise
