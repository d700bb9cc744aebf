"""The command interpreter (samegame.repl.session.Session) on its own: what each command
says and changes, and (A8) a hypothesis state machine checking that queries never
change the game: board, score, moves, selection, redo list, practice flag and the
saved record stay exactly as they were.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from playkit import greedy_moves, lesson_game
from samegame.core.coords import Cell, format_cell
from samegame.play.player_settings import Settings
from samegame.plugin.host import get_host
from samegame.presets import find_preset
from samegame.repl.announcer import Verbosity
from samegame.repl.session import Reply, Session, Table
from samegame.store import Store

SINGLE_ON_BOARD_1 = "B9"


pytestmark = pytest.mark.usefixtures("isolated_home")


def lesson_table() -> Table:
    host = get_host()
    preset = find_preset("lesson", host)
    setup = preset.board_setup()
    return Table(preset, preset.rules, setup.board_type, setup.spec, ("--preset", "lesson"))


def new_session(store: Store, number: int = 1, **options: object) -> Session:
    session = Session(
        host=get_host(),
        table=lesson_table(),
        store=store,
        settings=options.pop("settings", Settings()),  # type: ignore[arg-type]
        board_number=number,
        **options,  # type: ignore[arg-type]
    )
    session.start()
    return session


@pytest.fixture
def store(tmp_path: Path):
    with Store(tmp_path / "db" / "samegame.sqlite3") as opened:
        yield opened


def state(session: Session) -> tuple[object, ...]:
    """Everything a query must leave alone, including what is saved."""
    game = session.game
    assert game is not None
    saved = session.store.load_game(session.game_id)
    return (
        game.board,
        game.score,
        tuple(game.move_cells),
        tuple(game.redo_cells),
        game.selection,
        game.practice,
        tuple(game.practice_reasons),
        game.finished,
        session.game_id,
        session.board_number,
        session.settings,
        session.pending is None,
        saved.moves,
        saved.redo,
        saved.practice,
        saved.status,
    )


def play(session: Session, *lines: str) -> list[Reply]:
    return [session.handle(line) for line in lines]


# -- moves and refusals ----------------------------------------------------------------------


def test_the_game_is_none_before_start_and_the_match_game_after(store: Store) -> None:
    session = Session(host=get_host(), table=lesson_table(), store=store, settings=Settings())
    assert session.game is None
    assert session.match.game_or_none is None
    with pytest.raises(RuntimeError, match="start"):
        _ = session.match.game
    session.start()
    assert session.game is session.match.game
    assert session.match.game_or_none is session.match.game


def test_select_then_confirm_removes_and_saves(store: Store) -> None:
    session = new_session(store)
    selected, removed = play(session, "A1", "A1")
    assert selected.lines == [
        "Selected 9 red circles on A1, columns A, B to E, rows 1 to 4, 49 points if removed.",
        "Type the same cell again or remove to remove it, cancel to keep it.",
    ]
    assert not selected.changed
    assert removed.changed
    assert removed.lines[0] == (
        "Removed 9 red circles on A1, columns A, B to E, rows 1 to 4, 49 points, score 49."
    )
    assert store.load_game(session.game_id).moves == (Cell(0, 0),)


@pytest.mark.parametrize(
    ("line", "said"),
    [
        (SINGLE_ON_BOARD_1, "B9 is a single tile; nothing removed."),
        ("H1", "H1 is outside the board; nothing removed."),
        ("remove", "Nothing is selected; type a cell first."),
        ("undo", "There is no move to undo."),
        ("redo", "There is no undone move to redo."),
        ("next", "Next is for challenges; type new for another board."),
    ],
)
def test_refusals_change_nothing(store: Store, line: str, said: str) -> None:
    session = new_session(store)
    before = state(session)
    reply = session.handle(line)
    assert reply.lines == [said]
    assert not reply.changed
    assert state(session) == before


def test_refused_move_alerts_but_queries_do_not(store: Store) -> None:
    session = new_session(store)
    assert session.handle(SINGLE_ON_BOARD_1).alert
    assert not session.handle("score").alert


def test_empty_cell_is_refused(store: Store) -> None:
    session = new_session(store)
    play(session, "A1", "A1")
    before = state(session)
    assert session.handle("A9").lines == ["A9 is empty; nothing removed."]
    assert state(session) == before


def test_after_the_end_a_cell_is_refused(store: Store) -> None:
    session = new_session(store)
    for cell in greedy_moves(lesson_game(1)):
        play(session, cell, cell)
    assert session.game is not None
    assert session.game.finished
    before = state(session)
    assert session.handle("C1").lines == ["The game is over; type undo, restart or new."]
    assert state(session) == before


def test_terse_end_is_one_more_line(store: Store) -> None:
    session = new_session(store, settings=Settings(verbosity=Verbosity.TERSE))
    cells = greedy_moves(lesson_game(1))
    replies = [play(session, cell, cell)[1] for cell in cells]
    assert [len(reply.lines) for reply in replies[:-1]] == [1] * (len(cells) - 1)
    last = replies[-1].lines
    assert len(last) == 2
    assert last[1].startswith("No moves left. 2 tiles left, penalty 0. Final score 317.")
    assert "New best score for these rules: 317." in last[1]
    assert replies[-1].alert


@pytest.mark.parametrize("verbosity", [Verbosity.NORMAL, Verbosity.TERSE])
def test_the_ending_is_the_lines_that_said_the_end(store: Store, verbosity: Verbosity) -> None:
    session = new_session(store, settings=Settings(verbosity=verbosity))
    assert session.ending is None
    cells = greedy_moves(lesson_game(1))
    for cell in cells[:-1]:
        play(session, cell, cell)
    assert session.ending is None
    last = play(session, cells[-1], cells[-1])[1].lines
    ending = session.ending
    assert ending is not None
    assert last[-len(ending) :] == ending
    assert ending[0].startswith("No moves left.")
    if verbosity is Verbosity.TERSE:
        assert ending == [last[-1]]
    else:
        assert ending[1] == "10 moves, 317 points from groups."  # the result, then its rank
        assert len(ending) > 2
    session.handle("summary")
    assert session.ending == ending
    session.handle("undo")
    assert session.ending is None  # play goes on: the game in play is not finished


def test_undo_and_redo(store: Store) -> None:
    session = new_session(store)
    play(session, "A1", "A1")
    after_move = state(session)
    undone = session.handle("u")
    assert undone.lines[0] == "Undid the move on A1: 9 tiles back, score 0."
    assert store.load_game(session.game_id).redo == (Cell(0, 0),)
    redone = session.handle("r")
    assert redone.lines[:2] == [
        "Redoing move 1.",
        "Removed 9 red circles on A1, columns A, B to E, rows 1 to 4, 49 points, score 49.",
    ]
    assert state(session) == after_move


# -- the y/n question ---------------------------------------------------------------------------


def test_restart_question_n_keeps_the_game(store: Store) -> None:
    session = new_session(store)
    play(session, "A1", "A1")
    before = state(session)
    question = session.handle("restart")
    assert question.lines == ["Restart and lose the 1 move of this game? Type y or n."]
    assert session.handle("n").lines == ["Nothing changed."]
    assert state(session) == before
    # "n" is no move: last still says the move made before the question (A35).
    assert session.handle("last").lines[0].startswith("Removed 9 red circles")


@pytest.mark.parametrize("answer", ["y", "Y", "yes", " yes "])
def test_restart_question_y_restarts(store: Store, answer: str) -> None:
    session = new_session(store)
    play(session, "A1", "A1")
    session.handle("rs")
    reply = session.handle(answer)
    assert reply.lines[0] == "Back to the starting board."
    assert reply.changed
    assert session.game is not None
    assert session.game.moves == ()
    assert not session.game.practice  # the Lesson rules allow playing a board again
    assert session.handle("last").lines == reply.lines


def test_restart_with_assume_yes_asks_nothing(store: Store) -> None:
    session = new_session(store, assume_yes=True)
    play(session, "A1", "A1")
    assert session.handle("restart").lines[0] == "Back to the starting board."


# -- queries say what they should ---------------------------------------------------------------


def test_last_repeats_the_previous_announcement(store: Store) -> None:
    session = new_session(store)
    opening = session.handle("last").lines
    assert opening[0] == "SameGame, Lesson rules."
    removed = play(session, "A1", "A1")[1]
    assert session.handle("repeat").lines == removed.lines
    assert session.handle("l").lines == removed.lines
    assert session.handle("foo").lines != removed.lines
    assert session.handle("last").lines == removed.lines  # errors are not remembered
    assert session.handle("groups").lines != removed.lines
    assert session.handle("last").lines == removed.lines  # nor are queries (A35)


def test_board_query_with_a_drawing_adds_the_legend(store: Store) -> None:
    session = new_session(store, draw=lambda board: "DRAWN\n")
    assert session.handle("board").lines == [
        "DRAWN",
        "Legend: R red circle, Y yellow diamond, B blue triangle.",
    ]


def test_board_query_without_a_drawing_reads_rows(store: Store) -> None:
    session = new_session(store)
    lines = session.handle("b").lines
    assert lines[0] == "Board, 7 columns by 9 rows, top row first:"
    # Lesson boards are shown in the preset's palette: circle, diamond, triangle.
    assert lines[1] == "Row 9, 7 tiles: R Y R R R Y B"
    assert lines[9] == "Row 1, 7 tiles: R Y B B Y R R"
    assert lines[10] == "Legend: R red circle, Y yellow diamond, B blue triangle."


def test_groups_are_largest_first_with_an_anchor(store: Store) -> None:
    session = new_session(store)
    lines = session.handle("groups").lines
    assert lines[0] == "14 groups, largest first:"
    # A26: a long answer stops after 10 lines; more gives the rest.
    assert len(lines) == 11
    assert lines[-1] == "5 more: type more."
    rest = session.handle("more").lines
    assert len(rest) == 5
    sizes = [int(line.split()[0]) for line in lines[1:-1] + rest]
    assert sizes == sorted(sizes, reverse=True)
    assert lines[1] == "9 red circles on A1, columns A, B to E, rows 1 to 4, 49 points."
    assert session.handle("more").lines == ["Nothing more to say; that was all."]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_groups_can_be_narrowed_with_the_count_first(store: Store, language: str) -> None:
    """A26, golden: a colour (by name or shape, in either language), a least size,
    a column, or all at once; the count comes first."""
    session = new_session(store, settings=Settings(language=language))
    heard = {line: session.handle(line).lines for line in NARROWED[language]}
    assert heard == NARROWED[language]


NARROWED = {
    "en": {
        "groups red": [
            "6 groups of red circles, largest first:",
            "9 red circles on A1, columns A, B to E, rows 1 to 4, 49 points.",
            "4 red circles on A7, columns A, B, rows 7 to 9, 4 points.",
            "4 red circles on C9, columns C to E, rows 8 to 9, 4 points.",
            "4 red circles on G3, column G, rows 3 to 6, 4 points.",
            "2 red circles on D5 and D6, 0 points.",
            "2 red circles on F1 and G1, 0 points.",
        ],
        "groups triangles 5": [
            "1 group of blue triangles, of 5 or more tiles, largest first:",
            "5 blue triangles on F2, columns F and G, rows 2 to 5, 9 points.",
        ],
        "groups 5": [
            "2 groups of 5 or more tiles, largest first:",
            "9 red circles on A1, columns A, B to E, rows 1 to 4, 49 points.",
            "5 blue triangles on F2, columns F and G, rows 2 to 5, 9 points.",
        ],
        "groups C": [
            "5 groups touching column C, largest first:",
            "9 red circles on A1, columns A, B to E, rows 1 to 4, 49 points.",
            "4 blue triangles on B4, columns B and C, rows 4 to 6, 4 points.",
            "4 blue triangles on C1, columns C and D, rows 1 to 2, 4 points.",
            "4 red circles on C9, columns C to E, rows 8 to 9, 4 points.",
            "2 yellow diamonds on C7 and C8, 0 points.",
        ],
        "groups red 3 A": [
            "2 groups of red circles, of 3 or more tiles, touching column A, largest first:",
            "9 red circles on A1, columns A, B to E, rows 1 to 4, 49 points.",
            "4 red circles on A7, columns A, B, rows 7 to 9, 4 points.",
        ],
        "groups 99": [
            "No groups of 99 or more tiles.",
        ],
        "groups Z": [
            "There is no such column; the columns are A, B and so on to G.",
        ],
    },
    "ja": {
        "groups 赤": [
            "赤の丸のグループは6個、大きい順です。",
            "A1、A、BからE列、1から4行目の赤の丸9個、49点。",
            "A7、A、B列、7から9行目の赤の丸4個、4点。",
            "C9、CからE列、8から9行目の赤の丸4個、4点。",
            "G3、G列、3から6行目の赤の丸4個、4点。",
            "D5とD6の赤の丸2個、0点。",
            "F1とG1の赤の丸2個、0点。",
        ],
        "groups 青の三角 ５": [
            "青の三角、5個以上のグループは1個、大きい順です。",
            "F2、FとG列、2から5行目の青の三角5個、9点。",
        ],
        "groups 5": [
            "5個以上のグループは2個、大きい順です。",
            "A1、A、BからE列、1から4行目の赤の丸9個、49点。",
            "F2、FとG列、2から5行目の青の三角5個、9点。",
        ],
        "groups Ｃ": [
            "C列沿いのグループは5個、大きい順です。",
            "A1、A、BからE列、1から4行目の赤の丸9個、49点。",
            "B4、BとC列、4から6行目の青の三角4個、4点。",
            "C1、CとD列、1から2行目の青の三角4個、4点。",
            "C9、CからE列、8から9行目の赤の丸4個、4点。",
            "C7とC8の黄色のひし形2個、0点。",
        ],
        "groups red 3 A": [
            "赤の丸、3個以上、A列沿いのグループは2個、大きい順です。",
            "A1、A、BからE列、1から4行目の赤の丸9個、49点。",
            "A7、A、B列、7から9行目の赤の丸4個、4点。",
        ],
        "groups 99": [
            "99個以上のグループはありません。",
        ],
        "groups Z": [
            "その列はありません。列はAからGまでです。",
        ],
    },
}


def test_settings_change_and_say_it(store: Store) -> None:
    session = new_session(store)
    assert session.handle("settings verbosity terse").lines == ["verbosity: terse"]
    assert session.announcer.verbosity is Verbosity.TERSE
    assert session.handle("v verbose").lines == ["verbosity: verbose"]
    assert session.handle("set lang ja").lines == ["language: ja"]
    assert session.handle("score").lines == ["0手でスコア0。"]
    # Only the settings changed are saved, over the saved ones (A29).
    assert store.get_setting("settings") == {"verbosity": "verbose", "language": "ja"}


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("settings bell maybe", "bell cannot be maybe; choose on, off."),
        ("settings colour pink", "colour cannot be pink; choose auto, always, never."),
        (
            "settings foo bar",
            "There is no setting foo; the settings are verbosity, language, accessible, "
            "colour, symbols, one-click, bell.",
        ),
        ("settings verbosity", "Write settings NAME VALUE, for example settings verbosity terse."),
    ],
)
def test_bad_settings_change_nothing(store: Store, line: str, said: str) -> None:
    session = new_session(store)
    before = state(session)
    assert session.handle(line).lines == [said]
    assert state(session) == before
    assert store.get_setting("settings") is None


def test_quit_says_saved_or_goodbye(store: Store) -> None:
    session = new_session(store)
    reply = session.handle("quit")
    assert reply.quit
    assert reply.lines == ["Game saved. Type samegame play --preset lesson to come back to it."]


def test_new_keeps_an_unfinished_game_and_takes_the_next_number(store: Store) -> None:
    session = new_session(store, number=4)
    play(session, *[greedy_moves(lesson_game(4), limit=1)[0]] * 2)
    first = session.game_id
    reply = session.handle("new")
    assert reply.lines[0] == (
        f"Your unfinished game stays saved; resume it with samegame play --game {first}."
    )
    assert reply.lines[1].startswith("Board 5: 7 columns by 9 rows")
    # The new game has no move yet; the first one is kept, unfinished.
    assert store.load_game(first).status.value == "unfinished"
    assert session.game_id != first


# -- A8: queries never change the game (stateful) -------------------------------------------

QUERIES = (
    "board",
    "b",
    "groups",
    "g",
    "summary",
    "s",
    "colours",
    "colors",
    "co",
    "score",
    "sc",
    "last",
    "repeat",
    "coords",
    "rules",
    "help",
    "?",
    "settings",
    "set",
    "verbosity",
    "more",
    "m",
    "groups red",
    "groups 3",
    "groups c",
    "groups blue 2 a",
)
BAD_LINES = ("foo", "row x", "column 0", "cell", "q now", "undo twice", "groups pink", "")


def query_lines() -> st.SearchStrategy[str]:
    rows = st.integers(0, 12).map(lambda n: f"row {n}")
    columns = st.sampled_from("ABCDEFGHZ").map(lambda c: f"column {c}")
    numbered = st.integers(1, 9).map(lambda n: f"col {n}")
    cells = st.builds(lambda c, r: f"cell {c}{r}", st.sampled_from("ABCDEFGH"), st.integers(1, 10))
    return st.one_of(st.sampled_from(QUERIES), rows, columns, numbered, cells)


class QueriesChangeNothing(RuleBasedStateMachine):
    """Moves, undo, redo, selection and restart change the game; queries never do."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="samegame-a8-"))
        self.store = Store(self.folder / "samegame.sqlite3")
        self.session = new_session(self.store, number=2)

    def teardown(self) -> None:
        self.store.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    @rule(col=st.integers(0, 7), row=st.integers(0, 9))
    def click(self, col: int, row: int) -> None:
        self.session.handle(format_cell(Cell(col, row)))

    @rule(col=st.integers(0, 6), row=st.integers(0, 8))
    def move(self, col: int, row: int) -> None:
        cell = format_cell(Cell(col, row))
        self.session.handle("cancel")
        self.session.handle(cell)
        self.session.handle(cell)

    @rule(line=st.sampled_from(["remove", "cancel", "undo", "redo"]))
    def action(self, line: str) -> None:
        self.session.handle(line)

    @rule()
    def restart(self) -> None:
        self.session.handle("restart")
        self.session.handle("y")

    @rule(line=st.sampled_from(QUERIES))
    def query_word(self, line: str) -> None:
        self.query(line)

    @rule(line=query_lines())
    def query_with_argument(self, line: str) -> None:
        self.query(line)

    @rule(index=st.integers(0, 40), line=query_lines())
    def query_while_selected(self, index: int, line: str) -> None:
        game = self.session.game
        assert game is not None
        groups = game.legal_groups()
        if groups:
            self.session.handle("cancel")
            self.session.handle(format_cell(groups[index % len(groups)].anchor))
            assert game.selection is not None
        self.query(line)

    def query(self, line: str) -> None:
        before = state(self.session)
        last_move = self.session.handle("last").lines
        reply = self.session.handle(line)
        assert state(self.session) == before, line
        assert reply.lines, line
        assert not reply.changed
        assert not reply.quit
        # A35: last still says the last move's words, whatever the query was.
        assert self.session.handle("last").lines == last_move, line
        assert state(self.session) == before

    @rule(line=st.sampled_from(BAD_LINES))
    def bad_line(self, line: str) -> None:
        before = state(self.session)
        reply = self.session.handle(line)
        assert state(self.session) == before
        assert bool(reply.lines) == bool(line)

    @invariant()
    def saved_matches_the_game(self) -> None:
        game = self.session.game
        assert game is not None
        saved = self.store.load_game(self.session.game_id)
        assert list(saved.moves) == game.move_cells
        assert list(saved.redo) == game.redo_cells


QueriesChangeNothing.TestCase.settings = hypothesis_settings(
    max_examples=25, stateful_step_count=20, deadline=None
)
test_queries_change_nothing = QueriesChangeNothing.TestCase


# -- the sources' keys: z for undo, Escape or cancel for cancel -----------------------------


@pytest.mark.parametrize("key", ["z", "Z", "u", "undo"])
def test_z_undoes_like_undo(store: Store, key: str) -> None:
    session = new_session(store)
    play(session, "A1", "A1")
    reply = session.handle(key)
    assert reply.changed
    assert reply.lines[0] == "Undid the move on A1: 9 tiles back, score 0."
    assert session.game is not None
    assert session.game.moves == ()
    assert store.load_game(session.game_id).moves == ()


@pytest.mark.parametrize("key", ["\x1b", " \x1b ", "cancel", "c", "CANCEL"])
def test_escape_and_cancel_clear_the_selection(store: Store, key: str) -> None:
    session = new_session(store)
    session.handle("A1")
    assert session.game is not None
    assert session.game.selection is not None
    assert session.handle(key).lines == ["Selection cancelled."]
    assert session.game.selection is None
    assert session.handle(key).lines == ["Nothing was selected."]
    # A later remove takes nothing.
    assert session.handle("remove").lines == ["Nothing is selected; type a cell first."]


def test_cancel_takes_no_argument(store: Store) -> None:
    session = new_session(store)
    session.handle("A1")
    assert session.handle("cancel A1").lines == [
        "cancel takes nothing after it; 'A1' was ignored, nothing done."
    ]
    assert session.game is not None
    assert session.game.selection is not None
