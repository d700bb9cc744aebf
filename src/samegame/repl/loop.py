"""The read-announce loop: the same for both input paths."""

from __future__ import annotations

from samegame.core.stops import Terminated
from samegame.repl.session import Session
from samegame.repl.terminal import LineIO

# The exit status of a play ended by Ctrl-C, and by SIGTERM or SIGHUP, as for any
# command stopped so.
INTERRUPTED = 130
TERMINATED = 143


def run_session(session: Session, io: LineIO) -> int:
    """Greet, then read a line, perform it and announce, until quit or end of input;
    return the exit status: 0, or 130 after Ctrl-C (143 after SIGTERM or SIGHUP).

    Ctrl-C and the end of input leave like ``quit`` (the game is already saved),
    on a line of their own: the farewell never joins the prompt's line. Ctrl-C
    during long work (a hint bot's search) stops it: what it found is said, on a
    line of its own, then the farewell, and the status is 130.
    """
    session.say_now = io.write
    io.write(session.start())
    if session.draw is not None and session.game is not None:
        # The first drawing says which letter is which colour and shape (A4).
        io.write(session.drawing(session.game.board))
    while True:
        try:
            line = io.read()
        except KeyboardInterrupt as stop:
            io.write(["", session.farewell()])
            return TERMINATED if isinstance(stop, Terminated) else INTERRUPTED
        if line is None:
            ended = [""] if getattr(io, "interactive", False) else []
            io.write([*ended, session.farewell()])
            return 0
        selected = session.game.selection if session.game is not None else None
        reply = session.handle(line)
        if reply.interrupted:
            # The search's Ctrl-C ended the line of the ^C the terminal echoed
            # (samegame.core.interrupted_line); the cursor is at a line's start.
            io.write([*reply.lines, session.farewell()])
            return INTERRUPTED
        lines = list(reply.lines)
        # A sighted player sees the board again after a move, and when the
        # selection it marks changed (A36).
        game = session.game
        redraw = reply.changed or (game is not None and game.selection != selected)
        if redraw and session.draw is not None and game is not None:
            lines.extend(session.drawing(game.board))
        io.write(lines)
        if reply.alert and session.settings.bell:
            io.bell()
        if reply.quit:
            return 0
