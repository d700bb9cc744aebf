"""Game: one board played under one rule set.

Selection and preview never change the game; a move removes a whole legal group and
returns the events that describe it; undo and redo follow the rules' undo policy,
also after the game has ended; restart goes back to the starting board; hint
suggests a group and never plays it. A board with no legal group is finished at once.

>>> from samegame.core.formulas import BASIC
>>> from samegame.core.textboard import read_board
>>> game = Game(read_board("BR\\nRR\\nRG"), Rules(BASIC, clear_bonus=1000))
>>> game.preview(parse_cell("A2")).points
4
>>> [type(e).__name__ for e in game.play(parse_cell("A2"))]
['GroupRemoved', 'TilesFell', 'GameOver']
>>> game.score, game.finished, game.result().remaining
(4, True, 2)
>>> game.undo() and game.score
0
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from samegame.core.board import Board, Group, Removal
from samegame.core.coords import Cell, CoordinateError, check_cell, parse_cell
from samegame.core.events import (
    ColumnsShifted,
    Event,
    GameOver,
    GameRestarted,
    GroupRemoved,
    MoveRedone,
    MoveUndone,
    PracticeMarked,
    TilesFell,
)
from samegame.core.rules import Rules, SelectionMode, UndoPolicy

__all__ = [
    "ASSISTANCE_KINDS",
    "Game",
    "GameResult",
    "Move",
    "MoveRejected",
    "Preview",
    "Rejection",
    "lookahead_hint",
    "parse_cell",
]

Observer = Callable[[Event], None]

# The help a result records (``Game.note_assistance``): announcers word each kind.
ASSISTANCE_KINDS = ("hint", "undo", "explain")


class Rejection(StrEnum):
    """Why nothing was removed or changed."""

    OUTSIDE = "outside"
    EMPTY_CELL = "empty-cell"
    TOO_SMALL = "too-small"
    NO_SELECTION = "no-selection"
    GAME_OVER = "game-over"
    NOTHING_TO_UNDO = "nothing-to-undo"
    NOTHING_TO_REDO = "nothing-to-redo"
    UNDO_DISABLED = "undo-disabled"
    STAGE_SETTLED = "stage-settled"
    """A finished challenge stage is not played again (raised by the match)."""


class MoveRejected(Exception):
    """A request that changed nothing. ``reason`` says why; ``cell`` and ``tiles``
    give the details an announcer needs (the cell asked for, the group's size)."""

    def __init__(self, reason: Rejection, message: str, cell: Cell | None = None, tiles: int = 0):
        super().__init__(message)
        self.reason = reason
        self.cell = cell
        self.tiles = tiles


@dataclass(frozen=True)
class Preview:
    """What removing a group would do, without doing it."""

    group: Group
    cells: tuple[Cell, ...]
    points: int


@dataclass(frozen=True)
class Move:
    """A move made: the removal and the points it earned."""

    removal: Removal
    points: int

    @property
    def anchor(self) -> Cell:
        return self.removal.group.anchor

    @property
    def tiles(self) -> int:
        return self.removal.group.size


@dataclass(frozen=True)
class GameResult:
    """The settled end of a game. ``score`` is the final score (points + bonus -
    penalty, floored as the penalty says); ``points`` is the sum of move points."""

    points: int
    bonus: int
    penalty: int
    score: int
    remaining: int
    moves: int
    cleared: bool
    practice: bool
    assistance: tuple[str, ...] = ()


class Game:
    """A game in progress. Not thread-safe; cheap to create."""

    def __init__(
        self,
        board: Board,
        rules: Rules,
        *,
        observers: Iterable[Observer] = (),
        practice: bool = False,
    ) -> None:
        self.initial = board
        self.rules = rules
        self._observers = list(observers)
        self._moves: list[Move] = []
        self._redo: list[Move] = []
        self._selection: Group | None = None
        self.practice = practice
        self.practice_reasons: list[str] = ["replay"] if practice else []
        self.assistance: list[str] = []

    @classmethod
    def resume(
        cls,
        board: Board,
        rules: Rules,
        moves: Sequence[Cell],
        redo: Sequence[Cell] = (),
        *,
        reasons: Sequence[str] = (),
        assistance: Sequence[str] = (),
        observers: Iterable[Observer] = (),
    ) -> Game:
        """Rebuild a saved game: play ``moves`` from ``board``, then make ``redo`` (in
        ``redo_cells`` order, the next move to redo last) redoable again. Nothing is
        emitted; ``reasons`` restores the practice marks and ``assistance`` the help
        used. Raises MoveRejected when a saved move is not legal on the saved board."""
        game = cls(board, rules)
        for cell in (*moves, *reversed(redo)):
            game._remove(game.preview(cell).group)
        for _ in redo:
            game._redo.append(game._moves.pop())
        game.practice_reasons = list(reasons)
        game.practice = bool(reasons)
        game.assistance = list(dict.fromkeys(assistance))
        game._observers = list(observers)
        return game

    # -- state -------------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self._moves[-1].removal.after if self._moves else self.initial

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self._moves)

    @property
    def move_cells(self) -> list[Cell]:
        """The canonical tile of every move played, in order (what saves store)."""
        return [move.anchor for move in self._moves]

    @property
    def redo_cells(self) -> list[Cell]:
        """The canonical tiles of the undone moves; the next one to redo is last."""
        return [move.anchor for move in self._redo]

    @property
    def score(self) -> int:
        """Points earned so far (before bonus and penalty)."""
        return sum(move.points for move in self._moves)

    @property
    def selection(self) -> Group | None:
        return self._selection

    @property
    def finished(self) -> bool:
        return not self.board.has_move(self.rules.min_group)

    @property
    def can_undo(self) -> bool:
        return bool(self._moves) and self.rules.undo is not UndoPolicy.DISABLED

    @property
    def can_redo(self) -> bool:
        return bool(self._redo) and self.rules.undo is not UndoPolicy.DISABLED

    def legal_groups(self) -> list[Group]:
        """Every group that may be removed now, by anchor."""
        return self.board.groups(self.rules.min_group)

    def result(self) -> GameResult | None:
        """The settled result when the game is finished, else None."""
        if not self.finished:
            return None
        board = self.board
        remaining = board.tile_count()
        points = self.score
        bonus, penalty, final = self.rules.settle(points, remaining)
        return GameResult(
            points,
            bonus,
            penalty,
            final,
            remaining,
            len(self._moves),
            remaining == 0,
            self.practice,
            tuple(self.assistance),
        )

    # -- selecting ---------------------------------------------------------------

    def preview(self, cell: Cell) -> Preview:
        """The group at a cell and its points; raise MoveRejected if it cannot go."""
        if self.finished:
            raise MoveRejected(
                Rejection.GAME_OVER, "The game is over; no group can be removed.", cell
            )
        board = self.board
        try:
            check_cell(cell, board.width, board.height)
        except CoordinateError as error:
            raise MoveRejected(Rejection.OUTSIDE, str(error), cell) from None
        group = board.group_at(cell)
        if group is None:
            raise MoveRejected(Rejection.EMPTY_CELL, f"{cell} is empty; nothing removed.", cell)
        if group.size < self.rules.min_group:
            what = "a single tile" if group.size == 1 else f"a group of {group.size}"
            raise MoveRejected(
                Rejection.TOO_SMALL,
                f"{cell} is {what}; groups need {self.rules.min_group} tiles. Nothing removed.",
                cell,
                group.size,
            )
        return Preview(group, tuple(board.cells(group.mask)), self.rules.points(group.size))

    def select(self, cell: Cell) -> Preview:
        """Preview a group and remember it as the selection; selecting it again
        only selects it. A cell with no removable group is MoveRejected and changes
        nothing."""
        preview = self.preview(cell)
        self._selection = preview.group
        return preview

    def cancel(self) -> bool:
        """Clear the selection; True if there was one."""
        had = self._selection is not None
        self._selection = None
        return had

    def click(self, cell: Cell) -> tuple[Preview, list[Event]]:
        """A click as the rules' selection mode reads it.

        In confirm mode the first click selects (no events) and a click on a tile
        of the selected group removes it; in one-click mode every click removes. A
        click that finds no removable group (outside, empty, too small) clears the
        selection before MoveRejected is raised, so a later ``confirm`` never
        removes a group the player pointed away from.
        """
        try:
            preview = self.preview(cell)
        except MoveRejected:
            self._selection = None
            raise
        if self.rules.selection is SelectionMode.ONE_CLICK or self._selection == preview.group:
            return preview, self._remove(preview.group)
        self._selection = preview.group
        return preview, []

    def confirm(self) -> list[Event]:
        """Remove the selected group."""
        if self._selection is None:
            raise MoveRejected(Rejection.NO_SELECTION, "Nothing is selected; choose a tile first.")
        return self._remove(self._selection)

    def play(self, cell: Cell) -> list[Event]:
        """Remove the group at a cell at once (what bots, replays and records use)."""
        return self._remove(self.preview(cell).group)

    # -- moves -------------------------------------------------------------------

    def _remove(self, group: Group) -> list[Event]:
        board = self.board
        removal = board.remove_detailed(group)
        points = self.rules.points(group.size)
        self._moves.append(Move(removal, points))
        self._redo.clear()
        self._selection = None
        events = self._move_events(removal, points)
        return self._emit(events)

    def _move_events(self, removal: Removal, points: int) -> list[Event]:
        group = removal.group
        events: list[Event] = [
            GroupRemoved(
                len(self._moves),
                group.colour,
                group.anchor,
                tuple(removal.before.cells(group.mask)),
                group.size,
                points,
                self.score,
            )
        ]
        if removal.falls:
            events.append(TilesFell(removal.falls))
        if removal.shifts or removal.emptied_columns:
            events.append(ColumnsShifted(removal.emptied_columns, removal.shifts))
        result = self.result()
        if result is not None:
            events.append(GameOver(result))
        return events

    def _emit(self, events: list[Event]) -> list[Event]:
        for event in events:
            for observer in self._observers:
                observer(event)
        return events

    def note_assistance(self, kind: str) -> None:
        """Record help the player used (one of ASSISTANCE_KINDS), whether or not the
        rules make it practice; a result says which help was used."""
        if kind not in ASSISTANCE_KINDS:
            raise ValueError(f"unknown kind of help {kind!r}; use one of {ASSISTANCE_KINDS}")
        if kind not in self.assistance:
            self.assistance.append(kind)

    def mark_practice(self, reason: str) -> list[Event]:
        """Make the game practice for ``reason`` (for example ``replay``, when the
        rules make playing a board again practice); emits PracticeMarked the first
        time the game becomes practice."""
        events: list[Event] = []
        self._mark_practice(reason, events)
        return self._emit(events)

    def _mark_practice(self, reason: str, events: list[Event]) -> None:
        if reason not in self.practice_reasons:
            self.practice_reasons.append(reason)
        if not self.practice:
            self.practice = True
            events.append(PracticeMarked(reason))

    def _check_undo(self) -> None:
        if self.rules.undo is UndoPolicy.DISABLED:
            raise MoveRejected(Rejection.UNDO_DISABLED, "These rules do not allow undo or redo.")

    def undo(self) -> list[Event]:
        """Take back the last move (the game may have ended); policy permitting."""
        self._check_undo()
        if not self._moves:
            raise MoveRejected(Rejection.NOTHING_TO_UNDO, "There is no move to undo.")
        move = self._moves.pop()
        self._redo.append(move)
        self._selection = None
        events: list[Event] = [
            MoveUndone(len(self._moves) + 1, move.anchor, move.tiles, self.score)
        ]
        self.note_assistance("undo")
        if self.rules.undo is UndoPolicy.PRACTICE:
            self._mark_practice("undo", events)
        return self._emit(events)

    def redo(self) -> list[Event]:
        """Play the most recently undone move again."""
        self._check_undo()
        if not self._redo:
            raise MoveRejected(Rejection.NOTHING_TO_REDO, "There is no undone move to redo.")
        move = self._redo.pop()
        self._moves.append(move)
        self._selection = None
        events: list[Event] = [MoveRedone(len(self._moves))]
        events.extend(self._move_events(move.removal, move.points))
        return self._emit(events)

    def restart(self) -> list[Event]:
        """Back to the starting board; when the rules make replaying practice, a
        board already played on counts as practice."""
        events: list[Event] = [GameRestarted()]
        if (self._moves or self._redo) and self.rules.replay_is_practice:
            self._mark_practice("restart", events)
        self._moves.clear()
        self._redo.clear()
        self._selection = None
        return self._emit(events)

    def hint(
        self, suggest: Callable[[Game], Cell] | None = None
    ) -> tuple[Group | None, list[Event]]:
        """A suggested group (never removed). ``suggest`` (a bot, for example) names a
        tile of it; without one, a two-move look-ahead chooses: the most points now
        plus the best single follow-up, ties to the larger group, then to the earlier
        anchor. Marks the game as practice when the rules say so. A suggestion that
        is not a legal group raises MoveRejected and marks nothing."""
        events: list[Event] = []
        choice = self.preview(suggest(self)).group if suggest and not self.finished else None
        if suggest is None:
            choice = self._lookahead_hint()
        if choice is not None:
            self.note_assistance("hint")
            if self.rules.hint_is_practice:
                self._mark_practice("hint", events)
        return choice, self._emit(events)

    def _lookahead_hint(self) -> Group | None:
        return lookahead_hint(self.board, self.rules)


def lookahead_hint(board: Board, rules: Rules) -> Group | None:
    """The built-in hint's group on ``board`` (``Game.hint`` without a bot): a
    two-move look-ahead, the most points now plus the best single follow-up,
    ties to the larger group, then to the earlier anchor; None at the end."""
    best: tuple[int, int] | None = None
    choice: Group | None = None
    for group in board.groups(rules.min_group):
        after = board.remove(group)
        follow = max(
            (rules.points(g.size) for g in after.iter_groups(rules.min_group)),
            default=0,
        )
        value = (rules.points(group.size) + follow, group.size)
        if best is None or value > best:
            best, choice = value, group
    return choice
