"""The command interpreter: one Session per ``samegame play``, shared by both input
paths. ``handle(line)`` parses one command, has the Match perform it and returns what
to say. The Match (``samegame.play``) owns the game's life and saves every change
before it is announced, so a killed process loses nothing that was said.

The Session is one class in four parts, each in its own module: this one starts the
game, reads a line and routes the command; ``move_commands`` performs the commands
that change the game and announces them; ``hint_asking`` answers ``hint``;
``query_commands`` answers everything that changes nothing in the game, and the
settings.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from samegame.bots import Bot
from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.game import Game
from samegame.core.rng import StableRandom
from samegame.core.rules import Rules
from samegame.i18n import Translator, translator
from samegame.play import Match, Table
from samegame.play.hint_bot import HintBot, HintWork
from samegame.plugin.host import PluginHost
from samegame.repl.announcer import Announcer
from samegame.repl.answers import is_yes
from samegame.repl.commands import Kind, ParsedCommand, UnknownCommandError, parse_command
from samegame.repl.hint_asking import HintAsking
from samegame.repl.move_commands import MOVE_KINDS, MoveCommands
from samegame.repl.pager import Pager
from samegame.repl.query_commands import QueryCommands, Renderer
from samegame.repl.reply import Reply
from samegame.repl.settings_command import Settings
from samegame.store import SavedGame, Store

__all__ = ["HintWork", "Renderer", "Reply", "Session", "Table"]


class Session(MoveCommands, HintAsking, QueryCommands):
    """Plays games of one table (a preset with its choices) until the player quits."""

    def __init__(
        self,
        *,
        host: PluginHost,
        table: Table,
        store: Store,
        settings: Settings,
        board_number: int | None = None,
        draw: Renderer | None = None,
        saved_game: SavedGame | None = None,
        assume_yes: bool = False,
        hint_bot: HintBot | None = None,
        fresh: bool = False,
        sources: Mapping[str, str] | None = None,
        hint_work: HintWork | None = None,
    ) -> None:
        """``saved_game`` is resumed when unfinished and its board played again when
        finished; ``assume_yes`` answers yes to every confirmation question;
        ``hint_bot`` names a bot and makes it (one per game) for ``hint`` to ask;
        ``fresh`` starts the board afresh instead of resuming its unfinished game;
        ``sources`` says where each setting in force came from (``settings`` says
        it): flag, environment, saved or default; ``hint_work`` makes the hint bot's
        search long work: ``hint`` first says (through ``say_now``) that the bot is
        thinking and for how long, and Ctrl-C stops it with the best move so far."""
        self.match = Match(
            host=host,
            table=table,
            store=store,
            one_click=settings.one_click,
            board_number=board_number,
            saved_game=saved_game,
        )
        self.store = store
        self.settings = settings
        self.sources = dict(sources or {})
        self.draw = draw
        self.tr: Translator = translator(settings.language)
        self.announcer = Announcer(self.tr, settings.verbosity, table.preset.palette)
        self.last: list[str] = []
        self.assume_yes = assume_yes
        self.fresh = fresh
        self.pending: Callable[[], Reply] | None = None
        self.hint_bot_spec = hint_bot
        self.hint_work = hint_work
        # Lines said at once, before long work starts (run_session sets it).
        self.say_now: Callable[[Sequence[str]], None] = lambda lines: None
        self.interrupted = False
        self.hint_bot: tuple[int, Bot, StableRandom] | None = None
        self.last_hint: tuple[Board, Cell] | None = None
        self.pager = Pager()

    # -- what is played ----------------------------------------------------------

    @property
    def game(self) -> Game | None:
        return self.match.game_or_none

    @property
    def game_id(self) -> int:
        return self.match.game_id

    @property
    def board_number(self) -> int | None:
        return self.match.board_number

    @property
    def table(self) -> Table:
        return self.match.table

    def rules(self) -> Rules:
        return self.match.rules()

    # -- starting ----------------------------------------------------------------

    def start(self) -> list[str]:
        """Resume the game asked for, or start one, and say so. A fresh start of a
        board whose unfinished game has moves asks first."""
        lines = [self.tr("welcome", title=self._title())]
        opening = self.match.start(fresh=self.fresh)
        lines.extend(self._opening_lines(opening))
        game = self.match.game
        if self.fresh and opening.resumed and not game.finished:
            if game.moves and not self.assume_yes:
                self.pending = lambda: self._change(self.match.restart)
                lines.append(self.tr("confirm.restart", count=len(game.moves)))
            elif game.moves or game.redo_cells:
                lines.extend(self._change(self.match.restart).lines)
        lines.append(self.tr("start.hint"))
        return self._remember(lines)

    # -- the loop body -----------------------------------------------------------

    def handle(self, line: str) -> Reply:
        """Perform one line; the reply's lines are already remembered for ``last``."""
        if self.pending is not None:
            # The answer to a y/n question is not a command: look at it first.
            action, self.pending = self.pending, None
            reply = action() if is_yes(line) else Reply([self.tr("confirm.kept")])
            if reply.changed:  # a confirmed move is the one ``last`` repeats (A35)
                self._remember(reply.lines)
            return reply
        try:
            command = parse_command(line)
        except UnknownCommandError as error:
            return Reply([self.tr(error.key, **error.params)])
        if command is None:
            return Reply([])
        reply = self._dispatch(command)
        forked = self.match.take_fork()
        if forked is not None:
            command_words = self.match.game_command(forked)
            forked_line = self.tr(
                "game.forked", other=forked, game=self.game_id, command=command_words
            )
            reply.lines.insert(0, forked_line)
        if command.kind in MOVE_KINDS and self.pending is None:
            # ``last`` repeats the last move's words, whatever queries came after (A35).
            self._remember(reply.lines)
        return reply

    def _remember(self, lines: list[str]) -> list[str]:
        if lines:
            self.last = list(lines)
        return lines

    def _dispatch(self, command: ParsedCommand) -> Reply:
        kind = command.kind
        if kind is Kind.MORE:
            return Reply(self.pager.more(self.tr))
        if kind is not Kind.LAST:
            self.pager.clear()
        if kind in MOVE_KINDS:
            return self._move(command)
        if kind is Kind.HINT:
            return self._hint()
        if kind is Kind.QUIT:
            return Reply([self.farewell()], quit=True)
        return self._query(command)

    def farewell(self) -> str:
        """What to say on leaving: goodbye after the end, else the command that
        resumes exactly this game."""
        if self.match.game.finished:
            return self.tr("bye.finished")
        return self.tr("bye.saved", command=self.match.resume_command())
