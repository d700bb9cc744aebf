"""The command interpreter: one Session per ``samegame play``, shared by both input
paths. ``handle(line)`` performs one command and returns what to say; the game is
saved after every change, so a killed process loses nothing.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from samegame.board import Board
from samegame.boards import make_board
from samegame.bots import Bot, GameView
from samegame.contributions import BoardSpec
from samegame.coords import SPELLING_EXAMPLES, Cell, column_letter, format_cell, parse_cell
from samegame.events import Event, GameOver
from samegame.game import Game, MoveRejected
from samegame.i18n import Translator, translator
from samegame.plugins import PluginHost
from samegame.presets import Preset, Stage
from samegame.repl.announcer import Announcer, Verbosity
from samegame.repl.commands import WORDS, Command, CommandError, Kind, parse_command
from samegame.repl.settings import SettingError, Settings
from samegame.rng import StableRandom, derive_seed
from samegame.rules import Rules, SelectionMode
from samegame.store import GameSetup, GameStatus, SavedGame, ScoreOutcome, Store, category_key
from samegame.textboard import read_board, write_board


@dataclass(frozen=True)
class Table:
    """What is being played: the preset, its resolved rules, board type and size."""

    preset: Preset
    rules: Rules
    board_type: str
    spec: BoardSpec

    @property
    def category(self) -> str:
        r = self.rules
        return category_key(
            self.spec.width,
            self.spec.height,
            self.spec.colours,
            r.formula.name,
            r.clear_bonus,
            r.penalty.name,
            r.min_group,
            self.board_type,
        )

    def for_stage(self, stage: Stage) -> Table:
        return replace(
            self,
            board_type=stage.board_type,
            spec=BoardSpec(stage.width, stage.height, stage.colours),
        )


@dataclass
class Reply:
    """What one line produced: lines to say, whether the session ends, whether the
    board should be drawn for a sighted player."""

    lines: list[str] = field(default_factory=list)
    quit: bool = False
    changed: bool = False
    alert: bool = False


Renderer = Callable[[Board], str]

# New boards get a random number below a million: short enough to say and type.
RANDOM_BOARD_NUMBERS = 999_999


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
    ) -> None:
        """``saved_game`` is resumed when unfinished and replayed as practice when
        finished; ``assume_yes`` answers yes to every confirmation question;
        ``hint_bot`` names a bot and makes it (one per game) for ``hint`` to ask."""
        self.host = host
        self.base_table = table
        self.table = table
        self.store = store
        self.settings = settings
        self.draw = draw
        self.tr: Translator = translator(settings.language)
        self.announcer = Announcer(self.tr, settings.verbosity)
        self.requested_number = board_number
        self.board_number: int | None = None
        self.game: Game | None = None
        self.game_id = 0
        self.challenge_id: int | None = None
        self.stage_index = 0
        self.last: list[str] = []
        self.saved_result: ScoreOutcome | None = None
        self.saved_game = saved_game
        self.assume_yes = assume_yes
        self.pending: Callable[[], Reply] | None = None
        self.hint_bot_spec = hint_bot
        self.hint_bot: tuple[int, Bot, StableRandom] | None = None
        self.last_hint: tuple[Board, Cell] | None = None

    # -- starting ----------------------------------------------------------------

    @property
    def stages(self) -> tuple[Stage, ...]:
        return self.base_table.preset.stages

    def rules(self) -> Rules:
        rules = self.table.rules
        if self.settings.one_click and SelectionMode.ONE_CLICK in self.table.preset.selection_modes:
            rules = replace(rules, selection=SelectionMode.ONE_CLICK)
        return rules

    def start(self) -> list[str]:
        """Resume the unfinished game of this table, or start a new one."""
        lines = [self.tr("welcome", title=self.table.preset.title)]
        if self.saved_game is not None:
            saved = self.saved_game
            if saved.status is GameStatus.UNFINISHED:
                lines.extend(self._resume(saved))
            else:
                lines.extend(self._new_game(saved.setup.board_number))
        elif self.stages:
            lines.extend(self._start_challenge())
        else:
            saved = None
            if self.requested_number is None:
                saved = self.store.latest_unfinished(self.table.preset.name, self.table.category)
            if saved is not None:
                lines.extend(self._resume(saved))
            else:
                lines.extend(self._new_game(self.requested_number))
        lines.append(self.tr("start.hint"))
        return self._remember(lines)

    def _start_challenge(self) -> list[str]:
        found = self.store.latest_unfinished_challenge(self.table.preset.name)
        if found is not None:
            self.challenge_id, self.stage_index, game_id = found
            self.table = self.base_table.for_stage(self.stages[self.stage_index])
            if game_id is not None:
                return [
                    self.tr("challenge.resumed", stage=self.stage_index + 1),
                    *self._resume(self.store.load_game(game_id)),
                ]
            return self._new_game(None)
        self.challenge_id = self.store.start_challenge(self.table.preset.name)
        self.stage_index = 0
        self.table = self.base_table.for_stage(self.stages[0])
        return [self.tr("challenge.start", stages=len(self.stages)), *self._new_game(None)]

    def _new_game(self, number: int | None) -> list[str]:
        if number is None:
            number = 1 + secrets.randbelow(RANDOM_BOARD_NUMBERS)
        generator = self.host.generator(self.table.board_type)
        board = make_board(generator, self.table.spec, number).board
        practice_reasons = ["replay"] if self.store.has_played(self.table.category, number) else []
        setup = GameSetup(
            preset=self.table.preset.name,
            category=self.table.category,
            formula=self.table.rules.formula.name,
            clear_bonus=self.table.rules.clear_bonus,
            penalty=self.table.rules.penalty.name,
            min_group=self.table.rules.min_group,
            width=board.width,
            height=board.height,
            colours=self.table.spec.colours,
            board_type=self.table.board_type,
            board_number=number,
            board=write_board(board).splitlines(),
            challenge_id=self.challenge_id,
            stage=self.stage_index if self.stages else None,
        )
        self.board_number = number
        self.game = Game(
            board, self.rules(), observers=[self.host.notify], practice=bool(practice_reasons)
        )
        self.game_id = self.store.start_game(
            setup, practice=bool(practice_reasons), reasons=practice_reasons
        )
        self.saved_result = None
        lines = []
        if self.stages:
            stage = self.stages[self.stage_index]
            lines.append(self.tr("challenge.stage", stage=self.stage_index + 1, name=stage.name))
        lines.append(self._board_line(board))
        if practice_reasons:
            lines.append(self.tr("practice.replay"))
        return lines + self._opening(board)

    def _resume(self, saved: SavedGame) -> list[str]:
        board = read_board("\n".join(saved.setup.board))
        game = Game.resume(
            board,
            self.rules(),
            [parse_cell(m) for m in saved.moves],
            [parse_cell(m) for m in saved.redo],
            reasons=saved.reasons or (("replay",) if saved.practice else ()),
            observers=[self.host.notify],
        )
        self.game, self.game_id, self.board_number = game, saved.game_id, saved.setup.board_number
        self.saved_result = None
        lines = [
            self.tr("resumed", count=len(saved.moves), score=game.score),
            self._board_line(board),
        ]
        return lines + self._opening(game.board)

    def _board_line(self, board: Board) -> str:
        colours = len(board.colour_counts())
        if self.board_number is None:
            return self.tr(
                "board.intro.file", width=board.width, height=board.height, colours=colours
            )
        return self.tr(
            "board.intro",
            number=self.board_number,
            width=board.width,
            height=board.height,
            colours=colours,
            board_type=self.table.board_type,
        )

    def _opening(self, board: Board) -> list[str]:
        assert self.game is not None
        lines = [self.announcer.groups_status(board, self.game.rules)]
        if self.game.finished:
            lines.extend(self._finish([]))
        return lines

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
        except CommandError as error:
            return Reply([self.tr(error.key, **error.params)])
        if command is None:
            return Reply([])
        reply = self._dispatch(command)
        if command.kind is not Kind.LAST:
            self._remember(reply.lines)
        return reply

    def _remember(self, lines: list[str]) -> list[str]:
        if lines:
            self.last = list(lines)
        return lines

    def _dispatch(self, command: Command) -> Reply:
        game = self.game
        assert game is not None
        kind = command.kind
        board = game.board
        rules = game.rules
        say = self.announcer
        if kind is Kind.SELECT:
            assert command.cell is not None
            return self._click(command.cell)
        if kind is Kind.REMOVE:
            return self._change(game.confirm)
        if kind is Kind.CANCEL:
            key = "cancelled" if game.cancel() else "cancel.nothing"
            return Reply([self.tr(key)])
        if kind is Kind.UNDO:
            return self._change(game.undo)
        if kind is Kind.REDO:
            return self._change(game.redo)
        if kind is Kind.RESTART:
            if game.moves and not self.assume_yes:
                self.pending = lambda: self._change(game.restart)
                return Reply([self.tr("confirm.restart", count=len(game.moves))])
            return self._change(game.restart)
        if kind is Kind.NEW:
            return self._new()
        if kind is Kind.NEXT:
            return self._next_stage()
        if kind is Kind.HINT:
            bot_name = self.hint_bot_spec[0] if self.hint_bot_spec else None
            try:
                group, events = game.hint(self._bot_suggestion())
            except MoveRejected:  # the bot named no legal group: fall back
                bot_name = None
                group, events = game.hint()
            self._save()
            return Reply(
                say.hint(board, group, rules, bot_name)
                + [line for e in events for line in say.event_lines(e)]
            )
        if kind is Kind.QUIT:
            key = "bye.finished" if game.finished else "bye.saved"
            return Reply([self.tr(key)], quit=True)
        if kind is Kind.HELP:
            return Reply(self.help_lines())
        if kind is Kind.BOARD:
            if self.draw is not None:
                return Reply([self.draw(board).rstrip("\n"), say.legend(board)])
            return Reply(say.board(board))
        if kind is Kind.ROW:
            assert command.number is not None
            return Reply(say.row(board, command.number))
        if kind is Kind.COLUMN:
            assert command.number is not None
            return Reply(say.column(board, command.number))
        if kind is Kind.CELL:
            assert command.cell is not None
            return Reply(say.cell(board, command.cell, rules))
        if kind is Kind.GROUPS:
            return Reply(say.groups(board, rules))
        if kind is Kind.SUMMARY:
            return Reply(say.summary(board, rules, game.score, len(game.moves), game.practice))
        if kind is Kind.COLOURS:
            return Reply(say.colours(board))
        if kind is Kind.SCORE:
            return Reply(say.score(game.score, len(game.moves), game.practice))
        if kind is Kind.LAST:
            return Reply(list(self.last) or [self.tr("last.nothing")])
        if kind is Kind.COORDS:
            return Reply(self.coords_lines(board))
        if kind is Kind.RULES:
            return Reply(say.rules(self.table.preset.title, rules))
        if kind is Kind.VERBOSITY:
            words = command.words
            return (
                self._set(("verbosity", *words))
                if words
                else Reply([self._setting_line("verbosity")])
            )
        return self._settings(command.words)

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
            cell = bot.choose(GameView(game), rng)
            self.last_hint = (game.board, cell)
            return cell

        return suggest

    # -- moves -------------------------------------------------------------------

    def _click(self, cell: Cell) -> Reply:
        game = self.game
        assert game is not None
        if game.finished:
            return Reply([self.tr("rejected.game-over")])
        try:
            preview, events = game.click(cell)
        except MoveRejected as error:
            return Reply(self.announcer.rejection(error), alert=True)
        if not events:
            return Reply([*self.announcer.preview(preview), self.tr("selected.confirm")])
        return self._after_change(events)

    def _change(self, action: Callable[[], list[Event]]) -> Reply:
        try:
            events = action()
        except MoveRejected as error:
            return Reply(self.announcer.rejection(error), alert=True)
        return self._after_change(events)

    def _after_change(self, events: list[Event]) -> Reply:
        game = self.game
        assert game is not None
        lines = self.announcer.events(events, game.board, game.rules)
        if self.saved_result is not None and not game.finished:
            self.store.reopen_game(self.game_id)
            self.saved_result = None
        self._save()
        over = any(isinstance(e, GameOver) for e in events)
        if over:
            finish = self._finish(events)
            if self.announcer.verbosity is Verbosity.TERSE and lines:
                # Terse: the end of the game is one more line, not four.
                lines[-1] = " ".join([lines[-1], *finish])
            else:
                lines.extend(finish)
        return Reply(lines, changed=True, alert=over)

    def _save(self) -> None:
        game = self.game
        assert game is not None
        self.store.save_progress(
            self.game_id,
            [format_cell(c) for c in game.move_cells],
            [format_cell(c) for c in game.redo_cells],
            game.practice,
            game.practice_reasons,
        )

    def _finish(self, events: list[Event]) -> list[str]:
        """Record a finished game and say where it stands; the GameOver event itself
        was announced with the move (or here, for a board with no move at all)."""
        game = self.game
        assert game is not None
        result = game.result()
        assert result is not None
        lines = [] if events else self.announcer.result(result)
        outcome = self.store.finish_game(self.game_id, result)
        self.saved_result = outcome
        if outcome.practice or outcome.rank is None:
            lines.append(self.tr("best.practice"))
        elif outcome.new_best:
            lines.append(self.tr("best.new", score=result.score))
        else:
            lines.append(self.tr("best.rank", rank=outcome.rank, best=outcome.best_score))
        if self.stages:
            lines.extend(self._stage_done(result.score))
        else:
            lines.append(self.tr("over.next"))
        return lines

    def _stage_done(self, score: int) -> list[str]:
        """Finishing a stage game settled the stage in the store; say what is next."""
        assert self.challenge_id is not None
        if self.stage_index + 1 < len(self.stages):
            return [
                self.tr(
                    "challenge.stage_done",
                    stage=self.stage_index + 1,
                    score=score,
                    next=self.stage_index + 2,
                )
            ]
        outcome = self.store.finish_challenge(self.challenge_id)
        lines = [self.tr("challenge.done", total=outcome.score)]
        if outcome.new_best:
            lines.append(self.tr("challenge.best"))
        else:
            lines.append(self.tr("best.rank", rank=outcome.rank, best=outcome.best_score))
        return lines

    def _new(self) -> Reply:
        game = self.game
        assert game is not None
        if self.stages:
            return Reply([self.tr("challenge.no_new")])
        kept = []
        if not game.finished:
            if game.moves or game.redo_cells:
                kept = [self.tr("new.kept", game=self.game_id)]
            else:
                self.store.abandon_game(self.game_id)
        number = (
            None
            if self.board_number is None or self.requested_number is None
            else self.board_number + 1
        )
        if number is not None:
            self.requested_number = number
        return Reply(kept + self._new_game(number), changed=True)

    def _next_stage(self) -> Reply:
        game = self.game
        assert game is not None
        if not self.stages:
            return Reply([self.tr("next.no_challenge")])
        if not game.finished:
            return Reply([self.tr("next.not_finished")])
        if self.stage_index + 1 >= len(self.stages):
            return Reply([self.tr("next.last_stage")])
        self.stage_index += 1
        self.table = self.base_table.for_stage(self.stages[self.stage_index])
        return Reply(self._new_game(None), changed=True)

    # -- settings and help -------------------------------------------------------

    def _settings(self, words: tuple[str, ...]) -> Reply:
        if not words:
            return Reply([self._setting_line(name) for name in Settings.NAMES])
        return self._set(words)

    def _setting_line(self, name: str) -> str:
        return self.tr("setting", name=name, value=self.settings.shown()[name])

    def _set(self, words: tuple[str, ...]) -> Reply:
        if len(words) != 2:
            return Reply([self.tr("error.setting_words")])
        name, value = words
        try:
            self.settings = self.settings.with_value(name, value)
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
        self.store.set_setting("settings", self.settings.to_json())
        self.tr = translator(self.settings.language)
        self.announcer = Announcer(self.tr, self.settings.verbosity)
        if self.game is not None:
            self.game.rules = self.rules()
        canonical = {"lang": "language", "color": "colour", "oneclick": "one-click"}.get(name, name)
        return Reply([self._setting_line(canonical)])

    def help_lines(self) -> list[str]:
        lines = [self.tr("help.intro")]
        for kind, words in WORDS.items():
            short = ", ".join(words[1:])
            lines.append(self.tr(f"help.{kind.value}", word=words[0], short=short))
        return lines

    def coords_lines(self, board: Board) -> list[str]:
        return [
            self.tr(
                "coords",
                last=column_letter(board.width - 1),
                height=board.height,
                spellings=self.announcer.join(list(SPELLING_EXAMPLES), either=True),
            )
        ]
