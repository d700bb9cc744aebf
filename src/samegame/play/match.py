"""Match: the one owner of a game's life in ``samegame play``.

The line interface parses and announces; the store persists; every rule about a
game's life lives here, over :class:`samegame.core.game.Game` and the store:

* **Start.** A board that has an unfinished game resumes it (and says so), whether
  it is reached by ``samegame play`` (the latest unfinished game of the rules), by
  ``--board-number N`` (the unfinished game on board N) or by ``new``; a *fresh*
  start restarts that game instead (the caller asks first when it has moves). A
  board reached by number is practice only when the rules make replaying practice
  (``replay: practice``) and a game on that board was finished before.
* **A finished game is a result, for good.** It is saved before it is announced
  and nothing withdraws it: undo after the end, restart after the end and ``new``
  leave it recorded (``Change.kept_result``) and play on in a new game row, a new
  attempt on the same board, practice when the rules say so. An attempt that ends
  with exactly the moves of a recorded result is that result again, not a second
  one (``Finish.repeated``).
* **Practice** comes from the rules: a hint where ``hint: practice``, undo where
  ``undo: practice``, playing a board again where ``replay: practice``.
  Assistance (hint, undo) is recorded whether or not it makes practice.
* **Challenges** play their stages in order, each stage a game
  (:mod:`samegame.play.challenge` keeps the challenge's place). A stage is played
  once: restart (and undo, where the rules allow it) works within a stage, but
  after its end it changes nothing (``Rejection.STAGE_SETTLED``).
* **Come back.** :meth:`Match.resume_command` names a command that resumes exactly
  this game, with the mode and language this run was given by option
  (``Match.carried``, kept by the session's settings; A39).
* **Two windows, one game.** Every save says which revision of the game row it
  follows; when another samegame saved the game in between, nothing is
  overwritten: this window's moves continue in a new game row (``forked_from``
  names the other), so the moves of both are kept.

Every change is saved before it is returned, so a killed process loses nothing
that was announced.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import replace

from samegame.core.board import Board, Group
from samegame.core.coords import Cell
from samegame.core.events import Event
from samegame.core.game import Game, MoveRejected, Preview, Rejection
from samegame.core.numbering import MAX_BOARD_NUMBER, make_board
from samegame.core.rules import Rules, SelectionMode
from samegame.core.textboard import read_board, write_board
from samegame.play.challenge import ChallengeStages
from samegame.play.program import Carried, come_back_command
from samegame.play.reports import Change, Finish, Opening
from samegame.play.table import Table
from samegame.plugin.host import PluginHost
from samegame.store import (
    ConflictError,
    DamagedGameError,
    GameStatus,
    SavedGame,
    SavedSetup,
    Store,
)

__all__ = ["RANDOM_BOARD_NUMBERS", "Match"]

# New boards get a random number below a million: short enough to say and type.
RANDOM_BOARD_NUMBERS = 999_999

Suggest = Callable[[Game], Cell]


class Match(ChallengeStages):
    """Plays games of one table (a preset with its choices) against one store."""

    def __init__(
        self,
        *,
        host: PluginHost,
        table: Table,
        store: Store,
        one_click: bool | None = None,
        board_number: int | None = None,
        saved_game: SavedGame | None = None,
    ) -> None:
        """``one_click`` None keeps the preset's selection mode; True or False asks
        for one-click or confirm where the preset offers it. ``board_number`` asks
        for a board (for a challenge: its first stage); ``saved_game`` is resumed
        when unfinished, and its board played again when finished. Its
        ``carried`` is what every command the match names carries (A39); the
        session keeps it to the settings in force."""
        self.host = host
        self.carried = Carried()
        self.base_table = table
        self.table = table
        self.store = store
        self.one_click = one_click
        self.requested_number = board_number
        self.saved_game = saved_game
        self._game: Game | None = None
        self.game_id = 0
        self.board_number: int | None = None
        self.setup: SavedSetup | None = None
        self.challenge_id: int | None = None
        self.stage_index = 0
        self.recorded: Finish | None = None
        self.revision = 0
        self.forked_from: int | None = None

    # -- what is played ------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game in play, for code that runs after ``start``: RuntimeError
        before it. Code that may run before ``start`` reads ``game_or_none``."""
        if self._game is None:
            raise RuntimeError("the match has not started; call start() first")
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        self._game = game

    @property
    def game_or_none(self) -> Game | None:
        """The game in play, or None before ``start`` (never raises). The same
        object as ``game`` once started; read-only (the match alone changes the
        game in play, as it starts, resumes and opens boards)."""
        return self._game

    def rules(self) -> Rules:
        """The table's rules with the player's selection mode where the preset
        offers it."""
        rules = self.table.rules
        if self.one_click is None:
            return rules
        wanted = SelectionMode.ONE_CLICK if self.one_click else SelectionMode.CONFIRM
        if wanted in self.table.preset.selection_modes:
            rules = replace(rules, selection=wanted)
        return rules

    def set_one_click(self, one_click: bool | None) -> None:
        self.one_click = one_click
        if self._game is not None:
            self._game.rules = self.rules()

    @property
    def finished_result(self) -> Finish | None:
        """The recorded result of the game in play, once it has ended."""
        return self.recorded if self.game.finished else None

    def play_command(self, *extra: str) -> str | None:
        """``samegame play`` with the options that choose this table, or None."""
        args = self.base_table.play_args
        if args is None:
            return None
        if args == ("--preset", "basic"):
            args = ()
        return come_back_command("play", *args, *extra, carried=self.carried)

    def resume_command(self) -> str:
        """A command that resumes exactly this game (or its challenge): the table's
        own command when this game is the one it resumes, else ``--game ID``."""
        table = self.base_table
        command = self.play_command()
        if self.stages and command is not None:
            return command
        latest = self.store.latest_unfinished(table.preset.name, table.category)
        if command is not None and latest is not None and latest.game_id == self.game_id:
            return command
        return self.game_command(self.game_id)

    def game_command(self, game_id: int) -> str:
        """The command that opens a saved game by its id, as typed here."""
        return come_back_command("play", "--game", str(game_id), carried=self.carried)

    # -- starting ------------------------------------------------------------------

    def start(self, *, fresh: bool = False) -> Opening:
        """Resume the game the player asked for, or start one (see the module's
        rules). With ``fresh`` an unfinished challenge is abandoned, and an
        unfinished game on the requested board is returned resumed for the caller
        to restart (after asking, when it has moves)."""
        saved = self.saved_game
        if saved is not None:
            if saved.status is GameStatus.UNFINISHED:
                return self._resume(saved)
            return self._open_board(saved.setup.board_number, saved.setup.board)
        if self.stages:
            return self._start_challenge(fresh)
        if self.requested_number is None and not fresh:
            latest = self.store.latest_unfinished(self.table.preset.name, self.table.category)
            if latest is not None:
                return self._resume(latest)
        return self._open_board(self.requested_number, None)

    def _open_board(self, number: int | None, board_rows: Sequence[str] | None) -> Opening:
        """Resume the unfinished game on a numbered board, or start one."""
        if number is not None:
            live = self.store.unfinished_on_board(
                self.table.preset.name, self.table.category, number
            )
            if live is not None:
                return self._resume(live)
        return self._new_game(number, board_rows)

    def _new_game(self, number: int | None, board_rows: Sequence[str] | None) -> Opening:
        """A new game row on a board number (random when None), or on the given
        initial board (a board from a file has no number)."""
        if board_rows is not None:
            board = read_board("".join(row + "\n" for row in board_rows))
        else:
            if number is None:
                number = 1 + secrets.randbelow(RANDOM_BOARD_NUMBERS)
            generator = self.host.generator(self.table.board_type)
            board = make_board(generator, self.table.spec, number).board
            if self.table.preset.palette:
                board = board.recoloured(self.table.preset.palette)
        replay = (
            number is not None
            and self.table.rules.replay_is_practice
            and self.store.has_finished(self.table.category, number)
        )
        self.setup = self._setup(board, number)
        self.board_number = number
        self.game = Game(board, self.rules(), observers=[self.host.notify], practice=replay)
        self.game_id = self.store.start_game(
            self.setup, practice=replay, reasons=["replay"] if replay else []
        )
        self.revision = 0
        self.recorded = None
        finish = self._finish() if self.game.finished else None
        return Opening(
            self.game_id,
            board,
            number,
            resumed=False,
            moves=0,
            score=0,
            stage=self._stage_label(),
            practice_replay=replay,
            finish=finish,
        )

    def _setup(self, board: Board, number: int | None) -> SavedSetup:
        return SavedSetup(
            preset=self.table.preset.name,
            variant=self.table.rules.variant,
            width=board.width,
            height=board.height,
            colours=self.table.spec.colours,
            board_type=self.table.board_type,
            board_number=number,
            board=write_board(board).splitlines(),
            challenge_id=self.challenge_id,
            stage=self.stage_index if self.stages else None,
        )

    def _resume(self, saved: SavedGame) -> Opening:
        board = read_board(saved.setup.board_text)
        try:
            game = Game.resume(
                board,
                self.rules(),
                saved.moves,
                saved.redo,
                reasons=saved.reasons or (("replay",) if saved.practice else ()),
                assistance=saved.assistance,
                observers=[self.host.notify],
            )
        except MoveRejected as error:
            raise DamagedGameError(
                saved.game_id, f"a saved move is not legal: {error}", self.store.path
            ) from None
        self.game, self.game_id = game, saved.game_id
        self.revision = saved.revision
        self.setup, self.board_number = saved.setup, saved.setup.board_number
        self.recorded = None
        finish = None
        if game.finished:
            finish = self._finish()
        return Opening(
            saved.game_id,
            board,
            saved.setup.board_number,
            resumed=True,
            moves=len(saved.moves),
            score=game.score,
            stage=None,
            finish=finish,
        )

    # -- moves ---------------------------------------------------------------------

    def click(self, cell: Cell) -> tuple[Preview, Change | None]:
        """A click; MoveRejected when it finds no removable group (the selection is
        then cleared). A removal gives its Change."""
        preview, events = self.game.click(cell)
        return preview, (self._after(events) if events else None)

    def confirm(self) -> Change:
        return self._after(self.game.confirm())

    def undo(self) -> Change:
        """Undo, also after the end: the result stays recorded and play goes on in
        a new attempt on the same board (not after a challenge stage's end:
        MoveRejected, see ``_change``)."""
        return self._change(self.game.undo)

    def redo(self) -> Change:
        return self._change(self.game.redo)

    def restart(self) -> Change:
        """Back to the starting board; after the end the result stays recorded and
        the restart is a new attempt (not after a challenge stage's end:
        MoveRejected, see ``_change``)."""
        return self._change(self.game.restart)

    def _change(self, action: Callable[[], list[Event]]) -> Change:
        """Perform undo, redo or restart and save it; after the end, keep the
        result and go on in a new attempt. A finished challenge stage is not
        played again (its challenge has one game per stage): MoveRejected with
        ``STAGE_SETTLED``, and nothing changes."""
        kept = self.finished_result
        if kept is not None and kept.stage is not None:
            raise MoveRejected(
                Rejection.STAGE_SETTLED,
                f"stage {kept.stage.stage} is over; a challenge plays each stage once",
            )
        events = action()  # MoveRejected: nothing changed, nothing saved
        if kept is None:
            return self._after(events)
        events.extend(self._new_attempt())
        change = self._after(events)
        return replace(change, kept_result=kept.result.score)

    def _new_attempt(self) -> list[Event]:
        """A new unfinished game row for the game in play, on the board of the
        finished one (practice when the rules make replaying practice)."""
        assert self.setup is not None
        events = self.game.mark_practice("replay") if self.rules().replay_is_practice else []
        self.game_id = self.store.start_game(
            self.setup, practice=self.game.practice, reasons=self.game.practice_reasons
        )
        self.revision = 0
        self.recorded = None
        return events

    def _after(self, events: list[Event]) -> Change:
        self.save()
        finish = self._finish() if self.game.finished and self.recorded is None else None
        return Change(events, finish=finish)

    def save(self) -> None:
        """Save the game in play: moves, redo list, practice marks and help used.
        When another samegame changed the game row since, this game goes on in a
        new row (``forked_from`` is set) and the other row is left as it is; a
        challenge stage cannot fork, so there the ConflictError is raised."""
        game = self.game
        state = (
            game.move_cells,
            game.redo_cells,
            game.practice,
            game.practice_reasons,
            game.assistance,
        )
        try:
            self.revision = self.store.save_progress(self.game_id, *state, revision=self.revision)
        except ConflictError:
            if self.stages or self.setup is None:
                raise
            self.forked_from = self.game_id
            self.game_id = self.store.start_game(
                self.setup, practice=game.practice, reasons=game.practice_reasons
            )
            self.revision = self.store.save_progress(self.game_id, *state, revision=0)

    def take_fork(self) -> int | None:
        """The game another samegame changed, once, after a save moved this game
        to a new row; None otherwise."""
        forked, self.forked_from = self.forked_from, None
        return forked

    def _finish(self) -> Finish:
        """Record the finished game (before anything is announced) and say where
        it stands; the same moves as a recorded result are that result."""
        result = self.game.result()
        assert result is not None
        assert self.setup is not None
        moves = self.game.move_cells
        same = (
            None
            if self.stages
            else self.store.same_finished(self.setup.category, self.setup.board, moves)
        )
        repeated = same is not None and same != self.game_id
        if same is not None and repeated:
            self.store.abandon_game(self.game_id)
            self.game_id = same
        outcome = self.store.finish_game(self.game_id, result)
        self.revision = self.store.load_game(self.game_id).revision
        if repeated:
            # What is said and played on is what is stored: that game's result and
            # marks, not the attempt's.
            saved = self.store.load_game(self.game_id)
            assert saved.result is not None
            result = saved.result
            self.game.practice = saved.practice
            self.game.practice_reasons = list(saved.reasons)
            self.game.assistance = list(saved.assistance)
        stage = self._stage_end(result.score) if self.stages else None
        self.recorded = Finish(self.game_id, result, outcome, repeated, stage)
        return self.recorded

    # -- hints ---------------------------------------------------------------------

    def hint(self, suggest: Suggest | None = None) -> tuple[Group | None, list[Event], bool]:
        """A suggested group, selected so that ``confirm`` removes it; the last
        item is False when ``suggest`` named no legal group and the built-in
        look-ahead chose instead. Saved: a hint may make the game practice."""
        by_bot = suggest is not None
        try:
            group, events = self.game.hint(suggest)
        except MoveRejected:
            by_bot = False
            group, events = self.game.hint()
        if group is not None:
            self.game.select(group.anchor)
        self.save()
        return group, events, by_bot

    # -- new boards and stages -----------------------------------------------------

    def _stage_finished(self) -> bool:
        return self.game.finished

    def new(self) -> Opening:
        """Another board: the next number after a numbered board, else a random
        one. An unfinished game with moves stays saved (``kept_game``); one with
        none is abandoned; a finished result stays recorded (``kept_result``)."""
        game = self.game
        kept_game = kept_result = None
        if game.finished:
            kept_result = self.recorded.result.score if self.recorded else None
        elif game.moves or game.redo_cells:
            kept_game = self.game_id
        else:
            try:
                self.store.abandon_game(self.game_id, revision=self.revision)
            except ConflictError:  # another samegame played it meanwhile: keep it
                kept_game = self.game_id
        number = None
        if self.board_number is not None and self.requested_number is not None:
            number = (self.board_number + 1) % (MAX_BOARD_NUMBER + 1)
            self.requested_number = number
        opening = self._open_board(number, None)
        return replace(opening, kept_game=kept_game, kept_result=kept_result)
