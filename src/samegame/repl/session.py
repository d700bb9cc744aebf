"""The command interpreter: one Session per ``samegame play``, shared by both input
paths. ``handle(line)`` parses one command, has the Match perform it and returns what
to say. The Match (``samegame.play``) owns the game's life and saves every change
before it is announced, so a killed process loses nothing that was said.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field

from samegame.bots import Bot, GameView
from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.game import Game, MoveRejected, Rejection
from samegame.core.rng import StableRandom, derive_seed
from samegame.core.rules import Rules
from samegame.i18n import Translator, translator
from samegame.play import Change, Finish, Match, Opening, Table
from samegame.plugin.host import PluginHost
from samegame.presets.model import stage_name_adds
from samegame.repl.announcer import Announcer, Pager, Verbosity
from samegame.repl.commands import WORDS, Kind, ParsedCommand, UnknownCommandError, parse_command
from samegame.repl.settings_command import ALIASES, SettingError, Settings, saved_with
from samegame.store import SavedGame, Store

__all__ = ["HintWork", "Renderer", "Reply", "Session", "Table"]


@dataclass
class Reply:
    """What one line produced: lines to say, whether the session ends, whether the
    board should be drawn for a sighted player."""

    lines: list[str] = field(default_factory=list)
    quit: bool = False
    changed: bool = False
    alert: bool = False
    interrupted: bool = False  # Ctrl-C stopped long work: say the lines, then leave (130)


@dataclass(frozen=True)
class HintWork:
    """A hint bot that searches, as long work (A27): its name as typed
    (``nrpa:time=2``), its time budget per search (None: a fixed amount of work),
    ``prepare`` (compiling, done before the search so the budget is the search's)
    and ``interruptible``, a context in which Ctrl-C stops the search at once and
    whose value is true afterwards when Ctrl-C was pressed."""

    label: str
    seconds: float | None
    prepare: Callable[[], None]
    interruptible: Callable[[], AbstractContextManager[object]]
    # Calls its argument with the seconds searched so far, a few times while a
    # long search runs (``samegame.cli.longwork.ticks``); None: no progress lines.
    progress: Callable[[Callable[[float], None]], AbstractContextManager[object]] | None = None


Renderer = Callable[[Board], str]


# Clicks that find no group also drop the selection; the player is told.
_POINTED_AWAY = (Rejection.OUTSIDE, Rejection.EMPTY_CELL, Rejection.TOO_SMALL)


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
        hint_bot: tuple[str, Callable[[], Bot]] | None = None,
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
        return self.match._game

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

    def _opening_lines(self, opening: Opening) -> list[str]:
        tr = self.tr
        lines: list[str] = []
        if opening.kept_result is not None:
            lines.append(tr("result.kept", score=opening.kept_result))
        if opening.kept_game is not None:
            lines.append(tr("new.kept", command=f"samegame play --game {opening.kept_game}"))
        if opening.challenge_started is not None:
            lines.append(tr("challenge.start", stages=opening.challenge_started))
        if opening.challenge_resumed is not None:
            lines.append(tr("challenge.resumed", stage=opening.challenge_resumed))
        if opening.stage is not None:
            lines.append(self._stage_line(*opening.stage))
        if opening.resumed:
            lines.append(tr("resumed", count=opening.moves, score=opening.score))
        lines.append(self._board_line(opening.board, opening.board_number))
        if opening.practice_replay:
            lines.append(tr("practice.replay"))
        game = self.match.game
        lines.append(self.announcer.groups_status(game.board, game.rules))
        if opening.finish is not None:
            lines.extend(self._finish_lines(opening.finish, with_result=True))
        return lines

    def _title(self) -> str:
        preset = self.match.table.preset
        return self.announcer.preset_text("title", preset.name, preset.title)

    def _stage_line(self, number: int, name: str) -> str:
        """``Stage 2: Five colours.``, or ``Stage 2.`` when the name says no more."""
        plain = self.tr("challenge.stage.plain", stage=number)
        if not stage_name_adds(name, number, plain):
            return plain
        return self.tr("challenge.stage", stage=number, name=name)

    def _board_line(self, board: Board, number: int | None) -> str:
        colours = len(board.colour_counts())
        if number is None:
            return self.tr(
                "board.intro.file", width=board.width, height=board.height, colours=colours
            )
        return self.tr(
            "board.intro",
            number=number,
            width=board.width,
            height=board.height,
            colours=colours,
            board_type=self.announcer.named("board_type", self.match.table.board_type),
        )

    # -- the loop body -----------------------------------------------------------

    def handle(self, line: str) -> Reply:
        """Perform one line; the reply's lines are already remembered for ``last``."""
        if self.pending is not None:
            # The answer to a y/n question is not a command: look at it first.
            action, self.pending = self.pending, None
            if line.strip().lower() in ("y", "yes"):
                reply = action()
            else:
                reply = Reply([self.tr("confirm.kept")])
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
            reply.lines.insert(0, self.tr("game.forked", other=forked, game=self.game_id))
        if command.kind is not Kind.LAST:
            self._remember(reply.lines)
        return reply

    def _remember(self, lines: list[str]) -> list[str]:
        if lines:
            self.last = list(lines)
        return lines

    def _dispatch(self, command: ParsedCommand) -> Reply:
        match = self.match
        game = match.game
        kind = command.kind
        board = game.board
        rules = game.rules
        say = self.announcer
        if kind is Kind.MORE:
            return Reply(self.pager.more(self.tr))
        if kind is not Kind.LAST:
            self.pager.clear()
        if kind is Kind.SELECT:
            assert command.cell is not None
            return self._click(command.cell)
        if kind is Kind.REMOVE:
            return self._change(match.confirm)
        if kind is Kind.CANCEL:
            key = "cancelled" if game.cancel() else "cancel.nothing"
            return Reply([self.tr(key)])
        if kind is Kind.UNDO:
            return self._change(match.undo)
        if kind is Kind.REDO:
            return self._change(match.redo)
        if kind is Kind.RESTART:
            if game.moves and not game.finished and not self.assume_yes:
                self.pending = lambda: self._change(match.restart)
                return Reply([self.tr("confirm.restart", count=len(game.moves))])
            return self._change(match.restart)
        if kind is Kind.NEW:
            return self._new()
        if kind is Kind.NEXT:
            return self._next_stage()
        if kind is Kind.HINT:
            group, events, by_bot = match.hint(self._bot_suggestion())
            bot_name = self.hint_bot_spec[0] if self.hint_bot_spec and by_bot else None
            return Reply(
                say.hint(board, group, rules, bot_name)
                + [line for e in events for line in say.event_lines(e)],
                interrupted=self.interrupted,
            )
        if kind is Kind.QUIT:
            return Reply([self.farewell()], quit=True)
        if kind is Kind.HELP:
            return Reply(self.help_lines())
        if kind is Kind.BOARD:
            if self.draw is not None:
                return Reply(self.drawing(board, legend=True))
            return Reply(say.board(board))
        told = say.query(command, board, rules)
        if told is not None:  # a long list of groups is paged (A26)
            return Reply(self.pager.page(told, self.tr) if kind is Kind.GROUPS else told)
        finish = match.finished_result
        if kind is Kind.SUMMARY:
            if finish is not None:
                return Reply(say.final_summary(board, rules, finish.result))
            return Reply(say.summary(board, rules, game.score, len(game.moves), game.practice))
        if kind is Kind.SCORE:
            if finish is not None:
                return Reply(say.final_score(finish.result))
            return Reply(say.score(game.score, len(game.moves), game.practice))
        if kind is Kind.LAST:
            return Reply(list(self.last) or [self.tr("last.nothing")])
        if kind is Kind.RULES:
            return Reply(say.rules(self._title(), rules))
        if kind is Kind.VERBOSITY:
            words = command.words
            return (
                self._set(("verbosity", *words))
                if words
                else Reply([self._setting_line("verbosity")])
            )
        return self._settings(command.words)

    def drawing(self, board: Board, *, legend: bool = False) -> list[str]:
        """The board drawn for a sighted player (nothing without ``draw``), with
        the legend when asked, or always with numbered tiles: a number says no
        colour by itself."""
        if self.draw is None:
            return []
        lines = [self.draw(board).rstrip("\n")]
        if legend or self.settings.symbols == "digits":
            lines.append(self.announcer.legend(board, self.settings.symbols))
        return lines

    def farewell(self) -> str:
        """What to say on leaving: goodbye after the end, else the command that
        resumes exactly this game."""
        if self.match.game.finished:
            return self.tr("bye.finished")
        return self.tr("bye.saved", command=self.match.resume_command())

    def _bot_suggestion(self) -> Callable[[Game], Cell] | None:
        """The hint bot's choice for the game in play (a fresh bot for each game); the
        same position gets the same suggestion again."""
        if self.hint_bot_spec is None:
            return None
        if self.hint_bot is None or self.hint_bot[0] != self.game_id:
            rng = StableRandom(derive_seed("hint", self.game_id))
            self.hint_bot = (self.game_id, self.hint_bot_spec[1](), rng)
        _, bot, rng = self.hint_bot

        def suggest(game: Game) -> Cell:
            if self.last_hint is not None and self.last_hint[0] == game.board:
                return self.last_hint[1]
            cell = self._think(lambda: bot.choose(GameView(game), rng))
            self.last_hint = (game.board, cell)
            return cell

        return suggest

    def _think(self, choose: Callable[[], Cell]) -> Cell:
        """The bot's choice; for a searching bot said first, and stopped by Ctrl-C
        with the best move found so far (``interrupted`` is set)."""
        work = self.hint_work
        if work is None:
            return choose()
        if work.seconds is None:
            line = self.tr("hint.thinking.work", bot=work.label)
        else:
            line = self.tr(
                "hint.thinking",
                bot=work.label,
                seconds=self.tr("seconds", count=work.seconds, number=f"{work.seconds:g}"),
            )
        self.say_now([line])
        with work.interruptible() as interruption:
            work.prepare()
            with self._hint_progress(work):
                cell = choose()
        if interruption:
            self.interrupted = True
        return cell

    def _hint_progress(self, work: HintWork) -> AbstractContextManager[object]:
        """A line now and then while a long hint search runs (A27): said as the
        hint is, and only while nobody types (the player waits for the hint)."""
        if work.progress is None or work.seconds is None:
            return nullcontext()
        total = work.seconds

        def spoken(seconds: float) -> str:
            return self.tr("seconds", count=seconds, number=f"{seconds:g}")

        def report(done: float) -> None:
            self.say_now([self.tr("hint.progress", done=spoken(done), total=spoken(total))])

        return work.progress(report)

    # -- moves -------------------------------------------------------------------

    def _click(self, cell: Cell) -> Reply:
        game = self.match.game
        if game.finished:
            return Reply([self.tr("rejected.game-over")])
        had_selection = game.selection is not None
        try:
            preview, change = self.match.click(cell)
        except MoveRejected as error:
            lines = self.announcer.rejection(error)
            if had_selection and error.reason in _POINTED_AWAY:
                lines.append(self.tr("selection.cleared"))
            return Reply(lines, alert=True)
        if change is None:
            return Reply([*self.announcer.preview(preview), self.tr("selected.confirm")])
        return self._announce(change)

    def _change(self, action: Callable[[], Change]) -> Reply:
        try:
            change = action()
        except MoveRejected as error:
            return Reply(self.announcer.rejection(error), alert=True)
        return self._announce(change)

    def _announce(self, change: Change) -> Reply:
        game = self.match.game
        lines = self.announcer.events(change.events, game.board, game.rules)
        if change.kept_result is not None:
            lines.insert(0, self.tr("result.kept", score=change.kept_result))
        if change.finish is not None:
            finish = self._finish_lines(change.finish, with_result=False)
            if self.announcer.verbosity is Verbosity.TERSE and lines:
                # Terse: the end of the game is one more line, not four.
                lines[-1] = " ".join([lines[-1], *finish])
            else:
                lines.extend(finish)
        return Reply(lines, changed=True, alert=change.finish is not None)

    def _finish_lines(self, finish: Finish, *, with_result: bool) -> list[str]:
        """Where a recorded result stands and what is next; the result itself was
        announced with the move that ended the game (``with_result`` for a board
        that ended without one)."""
        tr = self.tr
        result, outcome = finish.result, finish.outcome
        lines = self.announcer.result(result) if with_result else []
        if finish.repeated:
            lines.append(tr("result.repeated", score=result.score))
        elif outcome.practice or outcome.rank is None:
            lines.append(tr("best.practice"))
        elif outcome.new_best:
            lines.append(tr("best.new", score=result.score))
        else:
            lines.append(tr("best.rank", rank=outcome.rank, best=outcome.best_score))
        stage = finish.stage
        if stage is None:
            lines.append(tr("over.next"))
        elif stage.next_stage is not None:
            lines.append(
                tr(
                    "challenge.stage_done",
                    stage=stage.stage,
                    score=stage.score,
                    next=stage.next_stage,
                )
            )
        else:
            challenge = stage.challenge
            assert challenge is not None
            lines.append(tr("challenge.done", total=challenge.score))
            if challenge.practice or challenge.rank is None:
                lines.append(tr("best.practice"))
            elif challenge.new_best:
                lines.append(tr("challenge.best"))
            else:
                lines.append(tr("best.rank", rank=challenge.rank, best=challenge.best_score))
        return lines

    def _new(self) -> Reply:
        if self.match.stages:
            return Reply([self.tr("challenge.no_new")])
        return Reply(self._opening_lines(self.match.new()), changed=True)

    def _next_stage(self) -> Reply:
        match = self.match
        if not match.stages:
            return Reply([self.tr("next.no_challenge")])
        if not match.game.finished:
            return Reply([self.tr("next.not_finished")])
        if match.stage_index + 1 >= len(match.stages):
            return Reply([self.tr("next.last_stage")])
        return Reply(self._opening_lines(match.next_stage()), changed=True)

    # -- settings and help -------------------------------------------------------

    def _settings(self, words: tuple[str, ...]) -> Reply:
        if not words:
            return Reply([self._setting_line(name, source=True) for name in Settings.NAMES])
        return self._set(words)

    def _setting_line(self, name: str, *, source: bool = False) -> str:
        value = self.settings.shown()[name]
        if not source:
            return self.tr("setting", name=name, value=value)
        if name == "accessible" and value == "auto":
            # The environment is already in the settings: auto left is off (A29).
            value = "off"
        origin = self.sources.get(name, "default")
        return self.tr(
            "setting.source",
            name=name,
            value=value,
            source=self.tr(
                "setting.from.flag"
                if origin == "flag"
                else "setting.from.environment"
                if origin == "environment"
                else "setting.from.saved"
                if origin == "saved"
                else "setting.from.default"
            ),
        )

    def _set(self, words: tuple[str, ...]) -> Reply:
        """Change one setting now and save that one alone over the saved settings:
        a one-off ``--lang`` or ``--accessible`` of this run is never saved (A29)."""
        if len(words) != 2:
            return Reply([self.tr("error.setting_words")])
        name, value = words
        try:
            settings = self.settings.with_value(name, value)
        except SettingError as error:
            canonical = str(error)
            if canonical not in Settings.NAMES:
                return Reply(
                    [self.tr("error.setting_unknown", name=name, names=", ".join(Settings.NAMES))]
                )
            return Reply(
                [
                    self.tr(
                        "error.setting_value",
                        name=canonical,
                        value=value,
                        choices=self.settings.choices(canonical),
                    )
                ]
            )
        canonical = ALIASES.get(name, name)
        self.store.set_setting(
            "settings", saved_with(self.store.get_setting("settings", {}), canonical, value)
        )
        self.settings = settings
        self.sources[canonical] = "saved"
        self.tr = translator(self.settings.language)
        self.announcer = Announcer(
            self.tr, self.settings.verbosity, self.match.table.preset.palette
        )
        self.match.set_one_click(self.settings.one_click)
        return Reply([self._setting_line(canonical)])

    def help_lines(self) -> list[str]:
        lines = [self.tr("help.intro")]
        for kind, words in WORDS.items():
            short = ", ".join(words[1:])
            lines.append(self.tr(f"help.{kind.value}", word=words[0], short=short))
        return lines
