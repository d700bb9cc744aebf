"""What the lessons and the practice of ``samegame tutorial`` share: reading a
line, saying lines, the board for the player's way of reading it, and the queries
(which answer at every step and change nothing)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.events import Event
from samegame.core.game import Game
from samegame.i18n import Translator
from samegame.play.program import Carried
from samegame.repl.announcer import Announcer
from samegame.repl.commands import WORDS, Kind, ParsedCommand, UnknownCommandError, parse_command
from samegame.repl.pager import Pager
from samegame.repl.terminal import LineIO

__all__ = ["QUERIES", "Draw", "Left", "Voice"]

# Commands that only tell, never change: answered at every step.
QUERIES = (
    Kind.BOARD,
    Kind.ROW,
    Kind.COLUMN,
    Kind.CELL,
    Kind.GROUPS,
    Kind.COLOURS,
    Kind.SCORE,
    Kind.COORDS,
)

# Draws a board for a sighted player, the given cells outlined.
Draw = Callable[[Board, Sequence[Cell]], str]


class Left(Exception):
    """The player left the tutorial (``quit`` or the end of input)."""


@dataclass
class Voice:
    """Reading and saying lines, the board and the queries, for the lessons and
    the practice alike. ``carried`` is the mode and language this run was given
    by option, which every command line the tutorial tells the player to run
    carries (``samegame.play.program.come_back_command``; A38, A39)."""

    io: LineIO
    tr: Translator
    announcer: Announcer
    draw: Draw | None = None
    symbols: str = "letters"
    pager: Pager = field(default_factory=Pager)
    carried: Carried = field(default_factory=Carried)

    def say(self, *lines: str) -> None:
        self.io.write(list(lines))

    def read(self) -> str:
        """The next line, stripped; Left for ``quit`` or the end of input."""
        line = self.io.read()
        if line is None:
            raise Left
        text = line.strip()
        if text.lower() in WORDS[Kind.QUIT]:
            raise Left
        return text

    def board(self, board: Board, outline: Sequence[Cell] = ()) -> list[str]:
        """Drawn with its legend for a sighted player (``outline`` between
        brackets), else read row by row."""
        if self.draw is not None:
            drawn = self.draw(board, outline).rstrip("\n")
            return [drawn, self.announcer.legend(board, self.symbols)]
        return self.announcer.board(board)

    def changed(self, events: Sequence[Event], game: Game) -> list[str]:
        """A move's announcement; a sighted player also sees the board after it."""
        lines = self.announcer.events(events, game.board, game.rules)
        if self.draw is not None and not game.board.is_empty():
            lines.append(self.draw(game.board, ()).rstrip("\n"))
            if self.symbols == "digits":  # a number says no colour by itself
                lines.append(self.announcer.legend(game.board, self.symbols))
        return lines

    def command(self, text: str) -> ParsedCommand | None:
        """The line as a command of the shared language, or None."""
        try:
            return parse_command(text)
        except UnknownCommandError:
            return None

    def query(self, command: ParsedCommand | None, game: Game) -> list[str] | None:
        """The answer to a query, or None when the command is not one."""
        if command is not None and command.kind is Kind.MORE:
            return self.pager.more(self.tr)
        self.pager.clear()
        if command is None or command.kind not in QUERIES:
            return None
        if command.kind is Kind.GROUPS:  # a long list is paged, as in play (A26)
            told = self.announcer.query(command, game.board, game.rules) or []
            return self.pager.page(told, self.tr)
        if command.kind is Kind.BOARD:
            return self.board(game.board)
        if command.kind is Kind.SCORE:
            return self.announcer.score(game.score, len(game.moves), False)
        return self.announcer.query(command, game.board, game.rules)
