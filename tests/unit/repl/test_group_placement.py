"""A31: a group is placed by a cell in it and its extent in words, never by the
corners of its bounding box. Over random boards and the real announcer, in English
and Japanese: every cell named in an announcement about a group (its selection,
its removal, a hint, the ``groups`` list, the groups-left status, a ``cell``
answer) is in that group, typing it selects exactly that group, the first cell
named is the group's anchor (the lowest tile of its leftmost column), and the
extent said in English is the group's true extent. A session on Lesson boards
checks the same by typing every cell the ``groups`` answer names."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samegame.core.board import Board, Group
from samegame.core.coords import COLUMN_LETTERS, Cell, parse_cell
from samegame.core.game import Game
from samegame.core.rules import Rules
from samegame.i18n import translator
from samegame.play.player_settings import Settings
from samegame.plugin.host import get_host
from samegame.presets import find_preset
from samegame.repl.announcer import Announcer, Verbosity
from samegame.repl.commands import Kind, parse_command
from samegame.repl.session import Session, Table
from samegame.store import Store
from strategies import boards

CELL_NAME = re.compile(r"(?<![A-Za-z])[A-Z][0-9]+")
EXTENT = re.compile(r"(columns? [A-Z ,andto]+), (rows? [0-9 to]+)")


pytestmark = pytest.mark.usefixtures("isolated_home")


def basic_rules() -> Rules:
    return find_preset("basic", get_host()).rules


def named_cells(line: str) -> list[Cell]:
    return [parse_cell(name) for name in CELL_NAME.findall(line)]


def said_columns(words: str) -> set[int]:
    """The columns an English extent names: ``columns A, B to E``, ``column C``."""
    columns: set[int] = set()
    text = words.split(" ", 1)[1]
    for part in re.split(r", | and ", text):
        low, _, high = part.partition(" to ")
        first = COLUMN_LETTERS.index(low)
        last = COLUMN_LETTERS.index(high) if high else first
        columns.update(range(first, last + 1))
    return columns


def said_rows(words: str) -> tuple[int, int]:
    numbers = [int(n) for n in re.findall(r"[0-9]+", words)]
    return numbers[0], numbers[-1]


def check_placed(line: str, board: Board, group: Group, rules: Rules, english: bool) -> None:
    """Every cell ``line`` names is in ``group`` and selects it; the first is its anchor."""
    cells = set(board.cells(group.mask))
    named = named_cells(line)
    assert named, line
    assert named[0] == group.anchor, line
    for cell in named:
        assert cell in cells, (line, cell)
        command = parse_command(CELL_NAME.findall(line)[named.index(cell)])
        assert command is not None
        assert command.kind is Kind.SELECT
        assert command.cell is not None
        assert Game(board, rules).select(command.cell).group == group, line
    if group.size <= 2:
        assert len(named) == group.size, line
        return
    if english:
        found = EXTENT.search(line)
        assert found is not None, line
        assert said_columns(found.group(1)) == {c.col for c in cells}, line
        rows = sorted(c.row + 1 for c in cells)
        assert said_rows(found.group(2)) == (rows[0], rows[-1]), line


def announcements(board: Board, rules: Rules, say: Announcer) -> list[tuple[str, Group]]:
    """Every announcement that places a group, with the group it places."""
    placed: list[tuple[str, Group]] = []
    groups = sorted(board.groups(rules.min_group), key=lambda g: (-g.size, g.anchor))
    listed = say.groups(board, rules)[1:]
    placed.extend(zip(listed, groups, strict=True))
    if groups:
        largest = max(groups, key=lambda g: (g.size, -g.anchor.col, -g.anchor.row))
        placed.append((say.groups_status(board, rules), largest))
    for group in groups:
        cells = board.cells(group.mask)
        game = Game(board, rules)
        placed.append((say.preview(game.select(cells[-1]))[0], group))
        removed = say.events(game.confirm(), game.board, rules)
        # Terse joins the groups-left status to the same line: the first sentence.
        placed.append((re.split(r"(?<=[.\u3002]) ", removed[0])[0], group))
        placed.append((say.hint(board, group, rules)[0], group))
        # A cell's answer names the cell asked about first, then places its group.
        answer = say.cell(board, cells[len(cells) // 2], rules)[0]
        asked = CELL_NAME.match(answer)
        assert asked is not None
        assert parse_cell(asked.group()) in cells
        placed.append((answer[asked.end() :], group))
    return placed


@settings(max_examples=60, deadline=None)
@given(
    board=boards(max_width=10, max_height=10, max_colours=4),
    language=st.sampled_from(["en", "ja"]),
    verbosity=st.sampled_from(list(Verbosity)),
)
def test_every_cell_named_for_a_group_is_in_it_and_selects_it(
    board: Board, language: str, verbosity: Verbosity
) -> None:
    rules = basic_rules()
    say = Announcer(translator(language), verbosity)
    for line, group in announcements(board, rules, say):
        check_placed(line, board, group, rules, english=language == "en")


def test_the_old_corner_wording_would_fail() -> None:
    """The check catches a corner that lies outside the group: "A1 to C3" for an
    L-shaped group whose C3 corner is another colour."""
    from samegame.core.textboard import read_board

    board = read_board("R B B\nR B B\nR R R")
    rules = basic_rules()
    group = board.group_at(Cell(0, 0))
    assert group is not None
    with pytest.raises(AssertionError):
        check_placed("5 red circles at A1 to C3", board, group, rules, english=True)
    check_placed(
        Announcer(translator("en")).groups(board, rules)[1], board, group, rules, english=True
    )


def lesson_session(store: Store, number: int, language: str) -> Session:
    host = get_host()
    preset = find_preset("lesson", host)
    setup = preset.board_setup()
    table = Table(preset, preset.rules, setup.board_type, setup.spec, ("--preset", "lesson"))
    session = Session(
        host=host,
        table=table,
        store=store,
        settings=Settings(language=language),
        board_number=number,
    )
    session.start()
    return session


@settings(max_examples=8, deadline=None)
@given(number=st.integers(1, 10_000), language=st.sampled_from(["en", "ja"]))
def test_typing_a_named_cell_in_a_session_selects_that_group(
    tmp_path_factory: pytest.TempPathFactory, number: int, language: str
) -> None:
    folder = tmp_path_factory.mktemp("store")
    with Store(folder / "samegame.sqlite3") as store:
        session = lesson_session(store, number, language)
        game = session.game
        assert game is not None
        lines = session.handle("groups").lines[1:]
        while lines and ("more" in lines[-1]):
            lines = lines[:-1] + session.handle("more").lines
        lines = [line for line in lines if CELL_NAME.search(line)]
        assert len(lines) == len(game.legal_groups())
        for line in lines:
            anchor, *others = named_cells(line)
            group = game.board.group_at(anchor)
            assert group is not None
            for cell in (anchor, *others):
                session.handle("cancel")
                selected = session.handle(
                    CELL_NAME.findall(line)[0] if cell == anchor else str(cell)
                )
                assert game.selection == group, line
                assert set(named_cells(selected.lines[0])) == {anchor, *others}, selected.lines
                assert cell in game.board.cells(group.mask)
