"""The read-announce loop: the same for both input paths."""

from __future__ import annotations

from samegame.repl.session import Session
from samegame.repl.terminal import LineIO


def run_session(session: Session, io: LineIO) -> None:
    """Greet, then read a line, perform it and announce, until quit or end of input.

    Ctrl-C and the end of input leave like ``quit``: the game is already saved.
    """
    io.write(session.start())
    if session.draw is not None and session.game is not None:
        io.write([session.draw(session.game.board).rstrip("\n")])
    while True:
        try:
            line = io.read()
        except KeyboardInterrupt:
            line = None
        if line is None:
            io.write([session.tr("bye.saved")])
            return
        reply = session.handle(line)
        lines = list(reply.lines)
        if reply.changed and session.draw is not None and session.game is not None:
            lines.append(session.draw(session.game.board).rstrip("\n"))
        io.write(lines)
        if reply.alert and session.settings.bell:
            io.bell()
        if reply.quit:
            return
