"""The read-announce loop: the same for both input paths."""

from __future__ import annotations

from samegame.repl.session import Session
from samegame.repl.terminal import LineIO

# The exit status of a play ended by Ctrl-C, as for any command interrupted so.
INTERRUPTED = 130


def run_session(session: Session, io: LineIO) -> int:
    """Greet, then read a line, perform it and announce, until quit or end of input;
    return the exit status: 0, or 130 after Ctrl-C.

    Ctrl-C and the end of input leave like ``quit`` (the game is already saved),
    on a line of their own: the farewell never joins the prompt's line. Ctrl-C
    during long work (a hint bot's search) stops it: what it found is said, on a
    line of its own, then the farewell, and the status is 130.
    """
    session.say_now = io.write
    io.write(session.start())
    if session.draw is not None and session.game is not None:
        # The first drawing says which letter is which colour and shape (A4).
        io.write(session.drawing(session.game.board, legend=True))
    while True:
        try:
            line = io.read()
        except KeyboardInterrupt:
            io.write(["", session.farewell()])
            return INTERRUPTED
        if line is None:
            ended = [""] if getattr(io, "interactive", False) else []
            io.write([*ended, session.farewell()])
            return 0
        reply = session.handle(line)
        if reply.interrupted:
            io.write(["", *reply.lines, session.farewell()])
            return INTERRUPTED
        lines = list(reply.lines)
        if reply.changed and session.draw is not None and session.game is not None:
            lines.extend(session.drawing(session.game.board))
        io.write(lines)
        if reply.alert and session.settings.bell:
            io.bell()
        if reply.quit:
            return 0
