"""The command interpreter: one Session per ``samegame play`` (and per game of the
web page), shared by every input path. ``handle(line)`` parses one command, has
the part that owns its kind perform it and returns what to say. The Match
(``samegame.play``) owns the game's life and saves every change before it is
announced, so a killed process loses nothing that was said.

The Session holds its parts, each made with exactly what it needs and each in its
own module: ``move_commands`` opens games and performs the commands that change
the game; ``hint_asking`` answers ``hint``; ``query_commands`` answers what
changes nothing in the game; ``settings_command`` answers ``settings`` and
``verbosity``. They share the one Match, the one Announcer (retuned in place when
the language or verbosity changes), and what the session passes them: the
pending yes/no question (``question.PendingQuestion``) and the pager. The Session
itself starts, reads a line, answers a pending question, routes the command,
says a forked game, remembers what ``last`` repeats, and says goodbye.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from samegame.core.board import Board
from samegame.core.game import Game
from samegame.core.rules import Rules, SelectionMode
from samegame.i18n import Translator, translator
from samegame.play import Match, Table
from samegame.play.hint_bot import HintBot, HintWork
from samegame.play.player_settings import Settings
from samegame.plugin.host import PluginHost
from samegame.repl.announcer import Announcer
from samegame.repl.answers import is_yes
from samegame.repl.commands import Kind, ParsedCommand, UnknownCommandError, parse_command
from samegame.repl.hint_asking import HintAsking
from samegame.repl.move_commands import MOVE_KINDS, MoveCommands
from samegame.repl.pager import Pager
from samegame.repl.query_commands import QueryCommands, Renderer
from samegame.repl.question import PendingQuestion
from samegame.repl.reply import Reply
from samegame.repl.settings_command import SETTING_KINDS, SettingsCommand
from samegame.store import SavedGame, Store

__all__ = ["HintWork", "Renderer", "Reply", "Session", "Table"]


class Session:
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
        self.fresh = fresh
        self.announcer = Announcer(
            translator(settings.language), settings.verbosity, table.preset.palette
        )
        self.question = PendingQuestion()
        self.pager = Pager()
        self.last: list[str] = []
        self._settings = SettingsCommand(store, self.match, self.announcer, settings, sources)
        self._moves = MoveCommands(self.match, self.announcer, self.question, assume_yes=assume_yes)
        self._hints = HintAsking(self.match, self.announcer, bot=hint_bot, work=hint_work)
        self._queries = QueryCommands(
            self.match,
            self.announcer,
            self.pager,
            draw=draw,
            symbols=lambda: self._settings.settings.symbols,
        )

    # -- what is played and said ---------------------------------------------------

    @property
    def game(self) -> Game | None:
        """The game in play; None before ``start``."""
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

    @property
    def settings(self) -> Settings:
        """The settings in force now (the ``settings`` command may change them)."""
        return self._settings.settings

    @property
    def sources(self) -> dict[str, str]:
        """Where each setting in force came from: flag, environment, saved or default."""
        return self._settings.sources

    @property
    def tr(self) -> Translator:
        """The translator of the language spoken now."""
        return self.announcer.tr

    @property
    def pending(self) -> Callable[[], Reply] | None:
        """What a yes to the question now waiting does; None when none waits."""
        return self.question.action

    @property
    def ending(self) -> list[str] | None:
        """How the game in play ended, in the lines that said it (its result, where
        it stands, what is next); None while it is not finished."""
        game, ending = self.game, self._moves.ending
        return list(ending) if game is not None and game.finished and ending else None

    @property
    def draw(self) -> Renderer | None:
        """Draws the board for a sighted player; None: boards are read row by row."""
        return self._queries.draw

    def drawing(self, board: Board) -> list[str]:
        """The board drawn for a sighted player with its legend (nothing without
        ``draw``); see ``QueryCommands.drawing``."""
        return self._queries.drawing(board)

    @property
    def say_now(self) -> Callable[[Sequence[str]], None]:
        """Says lines at once, before long work starts (``run_session`` sets it)."""
        return self._hints.say_now

    @say_now.setter
    def say_now(self, say: Callable[[Sequence[str]], None]) -> None:
        self._hints.say_now = say

    # -- starting ------------------------------------------------------------------

    def start(self) -> list[str]:
        """Resume the game asked for, or start one, and say so. A fresh start of a
        board whose unfinished game has moves asks first."""
        lines = [self.tr("welcome", title=self._queries.title())]
        lines.extend(self._moves.open(fresh=self.fresh))
        one_click = self.rules().selection is SelectionMode.ONE_CLICK
        lines.append(self.tr("start.hint.one_click" if one_click else "start.hint"))
        return self._remember(lines)

    # -- the loop body -------------------------------------------------------------

    def handle(self, line: str) -> Reply:
        """Perform one line; the reply's lines are already remembered for ``last``."""
        action = self.question.take()
        if action is not None:
            # The answer to a y/n question is not a command: look at it first.
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
        """Route a command to the part that owns its kind."""
        kind = command.kind
        if kind is Kind.MORE:
            return Reply(self.pager.more(self.tr))
        if kind is not Kind.LAST:
            self.pager.clear()
        if kind in MOVE_KINDS:
            return self._moves.perform(command)
        if kind is Kind.HINT:
            return self._hints.answer()
        if kind is Kind.QUIT:
            return Reply([self.farewell()], quit=True)
        if kind is Kind.LAST:
            return Reply(list(self.last) or [self.tr("last.nothing")])
        if kind in SETTING_KINDS:
            return self._settings.answer(command)
        return self._queries.answer(command)

    def farewell(self) -> str:
        """What to say on leaving: goodbye after the end, else the command that
        resumes exactly this game."""
        if self.match.game.finished:
            return self.tr("bye.finished")
        return self.tr("bye.saved", command=self.match.resume_command())
