"""Game as a state machine, checked against a naive model kept alongside it.

The model knows the moves (as cell sets of the naive reference board), the redo
stack, the selection and the practice flag; every step compares the Game with it:
score, board (replayed naively from the initial board), events (order and content),
what the observers received, undo/redo, result() and rejections.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from samegame.core.coords import Cell
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
from samegame.core.formulas import BASIC, LEFTOVER_FORMULA, LEFTOVER_SQUARED, PAIRS, SUM
from samegame.core.game import Game, GameResult, MoveRejected, Rejection
from samegame.core.rules import NO_PENALTY, Rules, SelectionMode, UndoPolicy
from samegame.core.textboard import read_board
from strategies import (
    NaiveBoard,
    anchor_of,
    naive,
    naive_boards,
    naive_group,
    naive_groups,
    naive_remove,
    naive_report,
    to_board,
)

GAME_BOARDS = st.one_of(
    naive_boards(max_width=6, max_height=6, max_colours=4),
    st.integers(2, 6).flatmap(
        lambda w: st.integers(2, 6).flatmap(
            lambda h: st.lists(
                st.lists(st.integers(0, 2), min_size=h, max_size=h), min_size=w, max_size=w
            ).map(lambda cols: naive(w, h, cols))
        )
    ),
)
FORMULAS = {"basic": BASIC, "pairs": PAIRS, "sum": SUM}
PENALTIES = {"none": NO_PENALTY, "leftover-squared": LEFTOVER_SQUARED, "leftover-formula": LEFTOVER_FORMULA}  # fmt: skip
Cells = frozenset[tuple[int, int]]


def points(formula: str, n: int) -> int:
    return {"basic": (n - 2) ** 2, "pairs": (n - 1) ** 2, "sum": n * (n + 1) // 2}[formula]


def expected_result(
    formula: str, penalty: str, bonus: int, score: int, remaining: int, moves: int, practice: bool
) -> GameResult:
    if remaining == 0:
        return GameResult(score, bonus, 0, score + bonus, 0, moves, True, practice)
    if penalty == "none":
        taken, final = 0, score
    elif penalty == "leftover-squared":
        taken = max(0, remaining - 2) ** 2
        final = max(0, score - taken)
    else:
        taken = points(formula, remaining)
        final = score - taken
    return GameResult(score, 0, taken, final, remaining, moves, False, practice)


@functools.lru_cache(maxsize=4096)
def legal_groups(nb: NaiveBoard, min_group: int) -> list[Cells]:
    """The naive legal groups by anchor (cached: preconditions ask often)."""
    return sorted(naive_groups(nb, min_group), key=anchor_of)


@dataclass(frozen=True)
class ModelMove:
    before: NaiveBoard
    cells: Cells
    after: NaiveBoard
    points: int


class GameMachine(RuleBasedStateMachine):
    # -- set-up -------------------------------------------------------------------

    @initialize(
        nb=GAME_BOARDS,
        formula=st.sampled_from(sorted(FORMULAS)),
        penalty=st.sampled_from(sorted(PENALTIES)),
        bonus=st.sampled_from([0, 1000]),
        min_group=st.sampled_from([2, 2, 1, 3]),
        undo=st.sampled_from(list(UndoPolicy)),
        selection=st.sampled_from(list(SelectionMode)),
        hint_is_practice=st.booleans(),
        replay_is_practice=st.booleans(),
        practice=st.booleans(),
    )
    def start(
        self,
        nb: NaiveBoard,
        formula: str,
        penalty: str,
        bonus: int,
        min_group: int,
        undo: UndoPolicy,
        selection: SelectionMode,
        hint_is_practice: bool,
        replay_is_practice: bool,
        practice: bool,
    ) -> None:
        self.initial = nb
        self.formula = formula
        self.penalty = penalty
        self.bonus = bonus
        self.min_group = min_group
        self.undo_policy = undo
        self.selection_mode = selection
        self.hint_is_practice = hint_is_practice
        self.replay_is_practice = replay_is_practice
        self.assistance: list[str] = []
        rules = Rules(
            FORMULAS[formula],
            clear_bonus=bonus,
            penalty=PENALTIES[penalty],
            min_group=min_group,
            undo=undo,
            selection=selection,
            hint_is_practice=hint_is_practice,
            replay_is_practice=replay_is_practice,
        )
        self.observed: list[Event] = []
        self.game = Game(to_board(nb), rules, observers=[self.observed.append], practice=practice)
        self.moves: list[ModelMove] = []
        self.redo_stack: list[ModelMove] = []
        self.selected: Cells | None = None
        self.practice = practice
        self.reasons = ["replay"] if practice else []
        assert self.game.practice_reasons == self.reasons

    # -- model helpers --------------------------------------------------------------

    @property
    def current(self) -> NaiveBoard:
        return self.moves[-1].after if self.moves else self.initial

    def legal(self) -> list[Cells]:
        return legal_groups(self.current, self.min_group)

    def has_legal(self) -> bool:
        return bool(self.legal())

    def score(self) -> int:
        return sum(move.points for move in self.moves)

    def result(self) -> GameResult:
        settled = expected_result(
            self.formula,
            self.penalty,
            self.bonus,
            self.score(),
            self.current.tile_count(),
            len(self.moves),
            self.practice,
        )
        return replace(settled, assistance=tuple(self.assistance))

    def assisted(self, kind: str) -> None:
        if kind not in self.assistance:
            self.assistance.append(kind)

    def mark(self, reason: str, expected: list[type | tuple[type, str]]) -> None:
        if reason not in self.reasons:
            self.reasons.append(reason)
        if not self.practice:
            self.practice = True
            expected.append((PracticeMarked, reason))

    def snapshot(self) -> tuple[object, ...]:
        game = self.game
        return (game.board, game.score, len(game.moves), game.finished, game.result())

    def call(self, method, *args):  # type: ignore[no-untyped-def]
        """Call a Game method and check the observers saw exactly the events returned."""
        self.observed.clear()
        try:
            value = method(*args)
        except MoveRejected:
            assert self.observed == []
            raise
        if isinstance(value, list):
            events = value
        elif isinstance(value, tuple):
            events = value[-1]
        else:
            events = []  # a Preview: never an event
        assert self.observed == events
        return value

    def apply_move(self, cells: Cells) -> ModelMove:
        before = self.current
        move = ModelMove(
            before, cells, naive_remove(before, cells), points(self.formula, len(cells))
        )
        self.moves.append(move)
        self.redo_stack.clear()
        self.selected = None
        return move

    def check_move_events(self, events: list[Event], move: ModelMove) -> None:
        """GroupRemoved, TilesFell?, ColumnsShifted?, GameOver? with the right content."""
        falls, shifts, emptied = naive_report(move.before, move.cells)
        colour = move.before.colour(*anchor_of(move.cells))
        expected: list[Event] = [
            GroupRemoved(
                len(self.moves),
                colour,  # type: ignore[arg-type]
                Cell(*anchor_of(move.cells)),
                tuple(Cell(*c) for c in sorted(move.cells)),
                len(move.cells),
                move.points,
                self.score(),
            )
        ]
        kinds = [GroupRemoved]
        if falls:
            kinds.append(TilesFell)
        if emptied:
            kinds.append(ColumnsShifted)
        if not self.has_legal():
            kinds.append(GameOver)
        assert [type(e) for e in events] == kinds
        assert events[0] == expected[0]
        for event in events[1:]:
            if isinstance(event, TilesFell):
                got = sorted((f.col, f.from_row, f.to_row, f.colour) for f in event.falls)
                assert got == falls
            elif isinstance(event, ColumnsShifted):
                assert list(event.emptied) == emptied
                assert sorted((s.from_col, s.to_col) for s in event.shifts) == shifts
            elif isinstance(event, GameOver):
                assert event.result == self.result()

    def draw_legal_cell(self, data: st.DataObject) -> tuple[Cells, Cell]:
        cells = data.draw(st.sampled_from(self.legal()), label="group")
        cell = data.draw(st.sampled_from(sorted(cells)), label="tile")
        return cells, Cell(*cell)

    # -- moves ----------------------------------------------------------------------

    @precondition(lambda self: self.has_legal())
    @rule(data=st.data(), how=st.sampled_from(["play", "select-confirm"]))
    def play(self, data: st.DataObject, how: str) -> None:
        cells, cell = self.draw_legal_cell(data)
        if how == "play":
            events = self.call(self.game.play, cell)
        else:
            preview, noise = self.call(self.game.select, cell), self.observed[:]
            assert noise == []
            assert set(preview.cells) == {Cell(*c) for c in cells}
            assert self.game.selection == preview.group
            events = self.call(self.game.confirm)
        move = self.apply_move(cells)
        self.check_move_events(events, move)

    @precondition(lambda self: self.has_legal())
    @rule(data=st.data())
    def click(self, data: st.DataObject) -> None:
        cells, cell = self.draw_legal_cell(data)
        preview, events = self.call(self.game.click, cell)
        assert {(c.col, c.row) for c in preview.cells} == cells
        assert preview.points == points(self.formula, len(cells))
        if self.selection_mode is SelectionMode.ONE_CLICK or self.selected == cells:
            move = self.apply_move(cells)
            self.check_move_events(events, move)
        else:
            assert events == []
            self.selected = cells

    def confirm_without_selection(self) -> None:
        assert self.selected is None
        before = self.snapshot()
        with pytest.raises(MoveRejected) as info:
            self.call(self.game.confirm)
        assert info.value.reason is Rejection.NO_SELECTION
        assert self.snapshot() == before

    # -- undo, redo, restart ----------------------------------------------------------

    @rule(
        what=st.sampled_from(["undo", "undo", "redo", "redo", "restart"]),
        select_first=st.booleans(),
        data=st.data(),
    )
    def history(self, what: str, select_first: bool, data: st.DataObject) -> None:
        if select_first and self.has_legal():
            # a selection never survives a change of position
            cells, cell = self.draw_legal_cell(data)
            self.call(self.game.select, cell)
            self.selected = cells
        getattr(self, what)()

    def undo(self) -> None:
        before = self.snapshot()
        if self.undo_policy is UndoPolicy.DISABLED or not self.moves:
            with pytest.raises(MoveRejected) as info:
                self.call(self.game.undo)
            if self.undo_policy is UndoPolicy.DISABLED:
                assert info.value.reason is Rejection.UNDO_DISABLED
            else:
                assert info.value.reason is Rejection.NOTHING_TO_UNDO
            assert self.snapshot() == before
            return
        events = self.call(self.game.undo)
        move = self.moves.pop()
        self.redo_stack.append(move)
        self.selected = None
        expected: list[type | tuple[type, str]] = []
        self.assisted("undo")
        if self.undo_policy is UndoPolicy.PRACTICE:
            self.mark("undo", expected)
        assert events[0] == MoveUndone(
            len(self.moves) + 1, Cell(*anchor_of(move.cells)), len(move.cells), self.score()
        )
        assert [(type(e), e.reason) for e in events[1:]] == expected  # type: ignore[union-attr]

    def redo(self) -> None:
        before = self.snapshot()
        if self.undo_policy is UndoPolicy.DISABLED or not self.redo_stack:
            with pytest.raises(MoveRejected) as info:
                self.call(self.game.redo)
            if self.undo_policy is UndoPolicy.DISABLED:
                assert info.value.reason is Rejection.UNDO_DISABLED
            else:
                assert info.value.reason is Rejection.NOTHING_TO_REDO
            assert self.snapshot() == before
            return
        events = self.call(self.game.redo)
        move = self.redo_stack.pop()
        self.moves.append(move)
        self.selected = None
        assert events[0] == MoveRedone(len(self.moves))
        self.check_move_events(events[1:], move)

    @precondition(lambda self: self.undo_policy is not UndoPolicy.DISABLED and self.moves)
    @rule()
    def undo_then_redo(self) -> None:
        before = self.snapshot()
        self.call(self.game.undo)
        assert len(self.game.moves) == len(self.moves) - 1
        self.call(self.game.redo)
        self.assisted("undo")
        if self.undo_policy is UndoPolicy.PRACTICE:
            self.mark("undo", [])
        self.selected = None
        after = self.snapshot()
        # the result may only differ in the practice flag the undo just set
        assert after[:4] == before[:4]

    def restart(self) -> None:
        events = self.call(self.game.restart)
        expected: list[type | tuple[type, str]] = []
        if (self.moves or self.redo_stack) and self.replay_is_practice:
            self.mark("restart", expected)
        assert events[0] == GameRestarted()
        assert [(type(e), e.reason) for e in events[1:]] == expected  # type: ignore[union-attr]
        self.moves.clear()
        self.redo_stack.clear()
        self.selected = None

    # -- things that change nothing ------------------------------------------------------

    @rule(data=st.data(), what=st.sampled_from(["cell", "cell", "cancel", "hint", "confirm"]))
    def inspect(self, data: st.DataObject, what: str) -> None:
        """Things that never change board, score or moves."""
        if what == "cell":
            self.select_any_cell(data)
        elif what == "cancel":
            self.cancel()
        elif what == "hint":
            self.hint()
        elif self.selected is None:
            self.confirm_without_selection()

    def select_any_cell(self, data: st.DataObject) -> None:
        nb = self.current
        col = data.draw(st.integers(-1, nb.width), label="col")
        row = data.draw(st.integers(-1, nb.height), label="row")
        cell = Cell(col, row)
        before = self.snapshot()
        how = data.draw(st.sampled_from(["preview", "select", "play", "click"]), label="how")
        method = getattr(self.game, how)
        inside = 0 <= col < nb.width and 0 <= row < nb.height
        colour = nb.colour(col, row) if inside else None
        group = naive_group(nb, (col, row)) if colour is not None else frozenset()
        if not inside or colour is None or len(group) < self.min_group:
            with pytest.raises(MoveRejected) as info:
                self.call(method, cell)
            assert info.value.cell == cell
            if self.game.finished:
                assert info.value.reason is Rejection.GAME_OVER
            elif not inside:
                assert info.value.reason is Rejection.OUTSIDE
            elif colour is None:
                assert info.value.reason is Rejection.EMPTY_CELL
            else:
                assert info.value.reason is Rejection.TOO_SMALL
                assert info.value.tiles == len(group)
            assert self.snapshot() == before
            if how == "click":  # pointing away from every group drops the selection
                self.selected = None
            return
        if how in ("play", "click"):
            return  # a legal move: the play and click rules cover it
        preview = self.call(method, cell)
        assert self.observed == []
        assert preview.cells == tuple(Cell(*c) for c in sorted(group))
        assert preview.group.size == len(group)
        assert preview.group.colour == colour
        assert preview.points == points(self.formula, len(group))
        if how == "select":
            self.selected = group
        assert self.snapshot() == before

    def cancel(self) -> None:
        before = self.snapshot()
        self.observed.clear()
        assert self.game.cancel() == (self.selected is not None)
        assert self.observed == []
        self.selected = None
        assert self.snapshot() == before

    def hint(self) -> None:
        before = self.snapshot()
        group, events = self.call(self.game.hint)
        assert self.snapshot()[:4] == before[:4]
        legal = self.legal()
        if not legal:
            assert group is None
            assert events == []
            return
        best = None
        choice = None
        for cells in legal:  # by anchor: the first of equals wins
            after = naive_remove(self.current, cells)
            follow = max(
                (points(self.formula, len(g)) for g in naive_groups(after, self.min_group)),
                default=0,
            )
            value = (points(self.formula, len(cells)) + follow, len(cells))
            if best is None or value > best:
                best, choice = value, cells
        assert group is not None
        assert {(c.col, c.row) for c in self.game.board.cells(group.mask)} == choice
        expected: list[type | tuple[type, str]] = []
        self.assisted("hint")
        if self.hint_is_practice:
            self.mark("hint", expected)
        assert [(type(e), e.reason) for e in events] == expected  # type: ignore[union-attr]

    # -- invariants -------------------------------------------------------------------

    @invariant()
    def score_is_the_sum_of_move_points(self) -> None:
        assert self.game.score == self.score()
        assert self.game.score == sum(points(self.formula, len(m.cells)) for m in self.moves)
        assert [m.points for m in self.game.moves] == [m.points for m in self.moves]

    @invariant()
    def board_is_the_replay_of_the_moves(self) -> None:
        board = self.initial
        for move in self.game.moves:
            cells = naive_group(board, (move.anchor.col, move.anchor.row))
            assert move.anchor == Cell(*anchor_of(cells))
            assert move.tiles == len(cells)
            board = naive_remove(board, cells)
        assert self.game.board == to_board(board)
        assert board == self.current
        assert len(self.game.moves) == len(self.moves)
        assert self.game.initial == to_board(self.initial)

    @invariant()
    def flags_agree_with_the_model(self) -> None:
        game = self.game
        assert game.practice == self.practice
        assert game.practice_reasons == self.reasons
        assert game.can_undo == (bool(self.moves) and self.undo_policy is not UndoPolicy.DISABLED)
        assert game.can_redo == (
            bool(self.redo_stack) and self.undo_policy is not UndoPolicy.DISABLED
        )
        selection = game.selection
        if self.selected is None:
            assert selection is None
        else:
            assert selection is not None
            assert {(c.col, c.row) for c in game.board.cells(selection.mask)} == self.selected

    @invariant()
    def finished_iff_no_legal_group(self) -> None:
        legal = self.legal()
        assert self.game.finished == (not legal)
        assert [g.anchor for g in self.game.legal_groups()] == [Cell(*anchor_of(c)) for c in legal]
        result = self.game.result()
        if legal:
            assert result is None
        else:
            assert result == self.result()


GameMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=30, deadline=None)
TestGameMachine = GameMachine.TestCase


# -- plain tests -----------------------------------------------------------------------


def test_board_without_a_legal_group_is_finished_at_once() -> None:
    board = read_board("RB\nBR\n")
    events: list[Event] = []
    game = Game(
        board, Rules(BASIC, clear_bonus=1000, penalty=LEFTOVER_SQUARED), observers=[events.append]
    )
    assert game.finished
    assert game.legal_groups() == []
    assert game.result() == GameResult(0, 0, 4, 0, 4, 0, False, False)
    with pytest.raises(MoveRejected) as info:
        game.play(Cell(0, 0))
    assert info.value.reason is Rejection.GAME_OVER
    assert game.hint() == (None, [])
    assert events == []


def test_empty_board_is_finished_and_cleared() -> None:
    game = Game(read_board("..\n"), Rules(BASIC, clear_bonus=1000))
    assert game.finished
    assert game.result() == GameResult(0, 1000, 0, 1000, 0, 0, True, False)


def test_min_group_three_leaves_pairs() -> None:
    game = Game(read_board("RRB\nGGB\n"), Rules(PAIRS, min_group=3))
    assert game.finished
    assert game.legal_groups() == []
    with pytest.raises(MoveRejected) as info:
        game.play(Cell(0, 1))
    assert info.value.reason is Rejection.GAME_OVER
    playing = Game(read_board("RRR\nGGB\n"), Rules(PAIRS, min_group=3))
    with pytest.raises(MoveRejected) as info:
        playing.preview(Cell(0, 0))
    assert info.value.reason is Rejection.TOO_SMALL
    assert info.value.tiles == 2


def make_game(**kwargs: object) -> tuple[Game, list[Event]]:
    # top row first:  G B .
    #                 R R B
    events: list[Event] = []
    game = Game(read_board("GB.\nRRB\n"), Rules(BASIC, **kwargs), observers=[events.append])  # type: ignore[arg-type]
    return game, events


@pytest.mark.parametrize(
    ("cell", "reason", "tiles"),
    [
        (Cell(0, 1), Rejection.TOO_SMALL, 1),  # A2: a single green tile
        (Cell(2, 1), Rejection.EMPTY_CELL, 0),  # C2 is empty
        (Cell(3, 0), Rejection.OUTSIDE, 0),
        (Cell(0, 2), Rejection.OUTSIDE, 0),
        (Cell(-1, 0), Rejection.OUTSIDE, 0),
        (Cell(0, -1), Rejection.OUTSIDE, 0),
        (Cell(30, 0), Rejection.OUTSIDE, 0),
    ],
)
@pytest.mark.parametrize("how", ["play", "select", "preview", "click"])
def test_rejections_change_nothing(cell: Cell, reason: Rejection, tiles: int, how: str) -> None:
    game, events = make_game()
    game.select(Cell(0, 0))
    selection = game.selection
    with pytest.raises(MoveRejected) as info:
        getattr(game, how)(cell)
    assert info.value.reason is reason
    assert info.value.cell == cell
    assert info.value.tiles == tiles
    assert str(info.value)
    assert game.board == read_board("GB.\nRRB\n")
    # A click that finds no group drops the selection; nothing else changes anything.
    kept = None if how == "click" else selection
    assert selection is not None
    assert (game.score, game.moves, game.selection) == (0, (), kept)
    assert events == []


def test_rejection_messages() -> None:
    game, _ = make_game()
    with pytest.raises(MoveRejected, match="A2 is a single tile; groups need 2 tiles"):
        game.play(Cell(0, 1))
    with pytest.raises(MoveRejected, match="C2 is empty"):
        game.play(Cell(2, 1))
    with pytest.raises(MoveRejected, match="outside the board"):
        game.play(Cell(3, 0))


def test_nothing_to_undo_or_redo() -> None:
    game, events = make_game()
    with pytest.raises(MoveRejected) as info:
        game.undo()
    assert info.value.reason is Rejection.NOTHING_TO_UNDO
    with pytest.raises(MoveRejected) as info:
        game.redo()
    assert info.value.reason is Rejection.NOTHING_TO_REDO
    assert events == []
    assert not game.practice


def test_undo_disabled_changes_nothing() -> None:
    game, events = make_game(undo=UndoPolicy.DISABLED)
    game.play(Cell(0, 0))
    board, score, moves = game.board, game.score, game.moves
    events.clear()
    for action in (game.undo, game.redo):
        with pytest.raises(MoveRejected) as info:
            action()
        assert info.value.reason is Rejection.UNDO_DISABLED
    assert (game.board, game.score, game.moves) == (board, score, moves)
    assert not game.practice
    assert not game.can_undo
    assert events == []


def test_a_move_by_hand() -> None:
    game, events = make_game(clear_bonus=1000)
    returned = game.play(Cell(1, 0))  # B1: the red pair A1 B1
    assert returned == events
    assert [type(e) for e in returned] == [GroupRemoved, TilesFell]
    removed = returned[0]
    assert isinstance(removed, GroupRemoved)
    assert (removed.move_number, removed.colour, removed.anchor) == (1, 0, Cell(0, 0))
    assert removed.cells == (Cell(0, 0), Cell(1, 0))
    assert (removed.tiles, removed.points, removed.score) == (2, 0, 0)
    assert game.board == read_board("...\nGBB\n")
    returned = game.play(Cell(2, 0))  # the blue pair B1 C1 (after the fall)
    assert [type(e) for e in returned] == [GroupRemoved, ColumnsShifted, GameOver]
    assert game.board == read_board("...\nG..\n")
    over = returned[-1]
    assert isinstance(over, GameOver)
    assert over.result == GameResult(0, 0, 0, 0, 1, 2, False, False)


@pytest.mark.parametrize("action", ["undo", "redo", "restart"])
def test_history_clears_the_selection(action: str) -> None:
    game, _ = make_game()
    game.play(Cell(0, 0))
    if action == "redo":
        game.undo()
    assert game.legal_groups()
    game.select(game.legal_groups()[0].anchor)
    assert game.selection is not None
    getattr(game, action)()
    assert game.selection is None


def test_restart_is_practice_only_where_the_rules_say_so() -> None:
    game, _ = make_game()
    game.play(Cell(0, 0))
    assert game.restart() == [GameRestarted()]
    assert not game.practice
    strict = Game(game.initial, replace(game.rules, replay_is_practice=True))
    strict.play(Cell(0, 0))
    strict.undo()
    assert not strict.practice
    assert strict.restart() == [GameRestarted(), PracticeMarked("restart")]
    assert strict.practice
    assert strict.practice_reasons == ["restart"]
    assert not strict.can_redo
    fresh = Game(game.initial, strict.rules)
    assert fresh.restart() == [GameRestarted()]
    assert not fresh.practice


def test_practice_flag_from_the_constructor() -> None:
    game = Game(read_board("RR\n"), Rules(BASIC), practice=True)
    assert game.practice
    assert game.practice_reasons == ["replay"]
    game.play(Cell(0, 0))
    result = game.result()
    assert result is not None
    assert result.practice
    assert result.cleared


def test_confirm_mode_click_twice_one_click_mode_once() -> None:
    game, _events = make_game()
    preview, first = game.click(Cell(0, 0))
    assert first == []
    assert game.selection == preview.group
    assert game.moves == ()
    _, second = game.click(Cell(1, 0))  # another tile of the same group confirms it
    assert [type(e) for e in second] == [GroupRemoved, TilesFell]
    one, _ = make_game(selection=SelectionMode.ONE_CLICK)
    _, removed = one.click(Cell(0, 0))
    assert [type(e) for e in removed] == [GroupRemoved, TilesFell]
    assert len(one.moves) == 1


def test_hint_prefers_two_move_value_and_marks_practice() -> None:
    # B1 B2 (blue pair) then the reds join: R A1..: top row first
    #   R B R
    #   R B R      removing the blues joins the four reds (4 tiles: 4 points)
    game = Game(read_board("RBR\nRBR\n"), Rules(BASIC))
    group, events = game.hint()
    assert group is not None
    assert group.colour == 1
    assert group.anchor == Cell(1, 0)
    assert [type(e) for e in events] == [PracticeMarked]
    assert game.practice
    assert game.moves == ()
    quiet = Game(read_board("RBR\nRBR\n"), Rules(BASIC, hint_is_practice=False))
    assert quiet.hint()[1] == []
    assert not quiet.practice


def test_naive_reference_sanity() -> None:
    nb = naive(3, 2, [[0, 0], [1], [0]])
    assert naive_group(nb, (0, 0)) == {(0, 0), (0, 1)}
    assert naive_remove(nb, frozenset({(1, 0)})).columns == ((0, 0), (0,))
