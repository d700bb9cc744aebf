"""The session's commands that change the game (select, remove, cancel, undo,
redo, restart, new, next), the opening of its first game, and what they say: the
board a game opens on, what a move did, where a finished game stands and what
comes next. The Match performs each; this part of the session only chooses the
words, through the announcer it holds."""

from __future__ import annotations

from collections.abc import Callable

from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.events import GameOver
from samegame.core.game import MoveRejected, Rejection
from samegame.i18n import Translator
from samegame.play import Change, Finish, Match, Opening, StageEnd
from samegame.play.player_settings import Verbosity
from samegame.presets.model import stage_name_adds
from samegame.repl.announcer import Announcer
from samegame.repl.commands import Kind, ParsedCommand
from samegame.repl.question import PendingQuestion
from samegame.repl.reply import Reply

__all__ = ["MOVE_KINDS", "MoveCommands"]

MOVE_KINDS = frozenset(
    {
        Kind.SELECT,
        Kind.REMOVE,
        Kind.CANCEL,
        Kind.UNDO,
        Kind.REDO,
        Kind.RESTART,
        Kind.NEW,
        Kind.NEXT,
    }
)
"""The commands ``MoveCommands`` performs."""

# Clicks that find no group also drop the selection; the player is told.
_POINTED_AWAY = (Rejection.OUTSIDE, Rejection.EMPTY_CELL, Rejection.TOO_SMALL)


class MoveCommands:
    """The part of a :class:`samegame.repl.session.Session` that opens games,
    performs the commands of ``MOVE_KINDS`` on the match and announces openings,
    moves and results. A restart that would throw away moves asks first, through
    the session's ``question`` (not when ``assume_yes``)."""

    def __init__(
        self,
        match: Match,
        announcer: Announcer,
        question: PendingQuestion,
        *,
        assume_yes: bool = False,
    ) -> None:
        self.match = match
        self.announcer = announcer
        self.question = question
        self.assume_yes = assume_yes
        self.ending: list[str] | None = None
        """The lines that last said how a game ended (its result, where it stands,
        what is next), as they were said; the session shows them while that game
        stays finished."""

    @property
    def tr(self) -> Translator:
        """The translator of the language the announcer speaks now."""
        return self.announcer.tr

    def open(self, *, fresh: bool = False) -> list[str]:
        """Start the match (resume the game asked for, or start one) and say so. A
        ``fresh`` start of a board whose unfinished game has moves asks first, then
        restarts it."""
        opening = self.match.start(fresh=fresh)
        lines = self._opening_lines(opening)
        game = self.match.game
        if fresh and opening.resumed and not game.finished:
            if game.moves and not self.assume_yes:
                self.question.ask(lambda: self._change(self.match.restart))
                lines.append(self.tr("confirm.restart", count=len(game.moves)))
            elif game.moves or game.redo_cells:
                lines.extend(self._change(self.match.restart).lines)
        return lines

    def perform(self, command: ParsedCommand) -> Reply:
        """Perform a command of ``MOVE_KINDS``; a restart with moves asks first."""
        match = self.match
        game = match.game
        kind = command.kind
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
                self.question.ask(lambda: self._change(match.restart))
                return Reply([self.tr("confirm.restart", count=len(game.moves))])
            return self._change(match.restart)
        if kind is Kind.NEW:
            return self._new()
        assert kind is Kind.NEXT, kind
        return self._next_stage()

    def _click(self, cell: Cell) -> Reply:
        game = self.match.game
        if game.finished:
            if self.match.stages:
                return Reply(self._stage_settled())
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
            if error.reason is Rejection.STAGE_SETTLED:
                return Reply(self._stage_settled(), alert=True)
            return Reply(self.announcer.rejection(error), alert=True)
        return self._announce(change)

    def _stage_settled(self) -> list[str]:
        """Why a finished challenge stage is not played again, and what comes next
        (the next stage, or another challenge after the last)."""
        lines = [self.tr("rejected.stage-settled")]
        finish = self.match.finished_result
        stage = finish.stage if finish is not None else None
        if stage is not None and stage.next_stage is not None:
            lines.append(self._stage_done(stage))
        else:
            lines.append(self.tr("challenge.over.next"))
        return lines

    def _stage_done(self, stage: StageEnd) -> str:
        """``Stage 1 settled at 420. Type next to start stage 2.``"""
        assert stage.next_stage is not None
        return self.tr(
            "challenge.stage_done", stage=stage.stage, score=stage.score, next=stage.next_stage
        )

    def _announce(self, change: Change) -> Reply:
        game = self.match.game
        say = self.announcer
        lines = say.events(change.events, game.board, game.rules)
        if change.kept_result is not None:
            lines.insert(0, self.tr("result.kept", score=change.kept_result))
        if change.finish is not None:
            finish = self._finish_lines(change.finish, with_result=False)
            if say.verbosity is Verbosity.TERSE and lines:
                # Terse: the end of the game is one more line, not four.
                lines[-1] = " ".join([lines[-1], *finish])
                self.ending = [lines[-1]]
            else:
                # The result (said last of the events), then where it stands.
                said = [
                    line
                    for e in change.events
                    if isinstance(e, GameOver)
                    for line in say.result(e.result)
                ]
                self.ending = lines[len(lines) - len(said) :] + finish
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
            lines.append(self._stage_done(stage))
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
            lines.append(tr("challenge.over.next"))
        return lines

    def _new(self) -> Reply:
        match = self.match
        if match.stages:
            if not match.challenge_over():
                return Reply([self.tr("challenge.no_new")])
            return Reply(self._opening_lines(match.new_challenge()), changed=True)
        return Reply(self._opening_lines(match.new()), changed=True)

    def _next_stage(self) -> Reply:
        match = self.match
        if not match.stages:
            return Reply([self.tr("next.no_challenge")])
        if not match.game.finished:
            return Reply([self.tr("next.not_finished")])
        if match.stage_index + 1 >= len(match.stages):
            return Reply([self.tr("next.last_stage")])
        return Reply(self._opening_lines(match.next_stage()), changed=True)

    # -- openings -----------------------------------------------------------------

    def _opening_lines(self, opening: Opening) -> list[str]:
        tr = self.tr
        lines: list[str] = []
        if opening.kept_result is not None:
            lines.append(tr("result.kept", score=opening.kept_result))
        if opening.kept_game is not None:
            lines.append(tr("new.kept", command=self.match.game_command(opening.kept_game)))
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
            self.ending = self._finish_lines(opening.finish, with_result=True)
            lines.extend(self.ending)
        return lines

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
