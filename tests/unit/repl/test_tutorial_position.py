"""The tutorial's position: what every step says of it is true by the real rules.

The position is pinned (board number, cut and a golden text), so a change of the
Lesson generator that would change it fails here. Each teaching point's board fact
is computed with the rules core (Board, Game, the Lesson rules) and compared with
``position.FACTS``, the values the sentences are filled with; and no
sentence of the steps carries a number or a cell of its own, so a wrong sentence
can only come from a wrong fact, which these tests catch.
"""

from __future__ import annotations

import os
import re
import string

import pytest

from locations import TESTS
from playkit import espeak_words
from samegame.core.board import Board, Removal
from samegame.core.coords import Cell, column_letter, format_cell, parse_cell
from samegame.core.events import GroupRemoved
from samegame.core.game import Game
from samegame.core.numbering import make_board
from samegame.core.palette import PALETTE
from samegame.core.textboard import write_board
from samegame.i18n import LANGUAGES, translator
from samegame.plugin.host import get_host
from samegame.presets import find_preset
from samegame.repl.tutorial import lesson_facts
from samegame.repl.tutorial.lessons import LESSON_RULES, LESSONS, LessonMove, Question, Say, Show
from samegame.repl.tutorial.position import (
    FACTS,
    LESSON_HEIGHTS,
    LESSON_NUMBER,
    PRACTICE_NUMBER,
    TAGS,
    follow,
    lesson_position,
)
from system_programs import needs

GOLDEN = TESTS / "golden" / "tutorial" / "lesson_position.txt"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
SHAPE = {entry.shape: entry.index for entry in PALETTE}
CIRCLE, DIAMOND, TRIANGLE = SHAPE["circle"], SHAPE["diamond"], SHAPE["triangle"]


def fact(name: str) -> str:
    value = FACTS[name]
    assert isinstance(value, str), name
    return value


def number(name: str) -> int:
    value = FACTS[name]
    assert isinstance(value, int), name
    return value


def cells_of(name: str) -> list[Cell]:
    value = FACTS[name]
    assert isinstance(value, tuple), name
    return [parse_cell(cell) for cell in value]


def group_cells(board: Board, cell: Cell) -> set[Cell]:
    group = board.group_at(cell)
    assert group is not None, format_cell(cell)
    return set(board.cells(group.mask))


def side_touch(a: Cell, b: Cell) -> bool:
    return abs(a.col - b.col) + abs(a.row - b.row) == 1


def corner_touch(a: Cell, b: Cell) -> bool:
    return abs(a.col - b.col) == 1 and abs(a.row - b.row) == 1


class Stages:
    """The position at the start, after the pair ("opened") and after the seven
    diamonds ("chosen"), with the removals between them."""

    def __init__(self) -> None:
        self.game = Game(lesson_position(get_host()), LESSON_RULES)
        self.start = self.game.board
        self.pair_events = self.game.play(parse_cell(fact("pair_first")))
        self.first: Removal = self.game.moves[-1].removal
        self.opened = self.game.board
        self.seven_events = self.game.play(parse_cell(fact("seven_anchor")))
        self.second: Removal = self.game.moves[-1].removal
        self.chosen = self.game.board

    def tag(self, name: str, stage: str) -> Cell:
        cell: Cell | None = TAGS[name]
        for removal in {"start": [], "opened": [self.first], "chosen": [self.first, self.second]}[
            stage
        ]:
            assert cell is not None
            cell = follow(removal, cell)
        assert cell is not None, f"{name} was removed"
        return cell


@pytest.fixture(scope="module")
def stages() -> Stages:
    return Stages()


# -- the position is pinned -------------------------------------------------------------


def test_the_position_is_the_lower_left_of_a_seeded_lesson_board() -> None:
    assert (LESSON_NUMBER, LESSON_HEIGHTS) == (123339, (1, 6, 4, 1, 2, 1))
    assert PRACTICE_NUMBER != LESSON_NUMBER, "the practice plays another position"
    host = get_host()
    setup = find_preset("lesson", host).board_setup()
    assert (setup.spec.width, setup.spec.height, setup.spec.colours) == (7, 9, 3)
    whole = make_board(host.generator(setup.board_type), setup.spec, LESSON_NUMBER).board
    board = lesson_position(host)
    assert (board.width, board.height) == (len(LESSON_HEIGHTS), max(LESSON_HEIGHTS))
    for col, height in enumerate(LESSON_HEIGHTS):
        assert board.column_height(col) == height
        for row in range(height):
            colour = whole.cell(Cell(col, row))
            assert colour is not None
            assert board.cell(Cell(col, row)) == setup.palette[colour]
    if UPDATE:
        GOLDEN.write_text(write_board(board), encoding="utf-8")
    assert write_board(board) == GOLDEN.read_text(encoding="utf-8")


def test_shapes_tell_the_tiles_apart(stages: Stages) -> None:
    assert set(stages.start.colour_counts()) == {CIRCLE, DIAMOND, TRIANGLE}
    assert {PALETTE[c].shape for c in stages.start.colour_counts()} == {
        *("circle", "diamond", "triangle")
    }


# -- step 1: follow the sides -----------------------------------------------------------


def test_step_1_the_group_has_five_diamonds_and_no_tag(stages: Stages) -> None:
    board = stages.start
    group = group_cells(board, parse_cell(fact("group")))
    assert len(group) == number("size") == 5
    assert group == set(cells_of("group_cells"))
    assert {board.cell(c) for c in group} == {DIAMOND}
    for name in "ABC":
        tag = stages.tag(name, "start")
        assert format_cell(tag) == fact(name.lower())
        assert board.cell(tag) == DIAMOND, f"{name} is a diamond"
        assert tag not in group
        assert not any(side_touch(tag, cell) for cell in group), f"{name} touches no side"
    # A touches the group only at a corner, by the cell the explanation names.
    a = stages.tag("A", "start")
    corner = parse_cell(fact("corner"))
    assert corner in group
    assert corner_touch(a, corner)


# -- step 2: zero can still be a move ---------------------------------------------------


def test_step_2_the_bottom_pair_scores_zero_and_is_legal(stages: Stages) -> None:
    board = stages.start
    pair = cells_of("pair")
    assert format_cell(pair[0]) == fact("pair_first")
    assert group_cells(board, pair[0]) == set(pair)
    assert len(pair) == number("pair_size") == 2
    assert {board.cell(c) for c in pair} == {CIRCLE}
    assert all(c.row == 0 for c in pair), "a bottom pair"
    assert LESSON_RULES.points(len(pair)) == 0
    assert Game(board, LESSON_RULES).preview(pair[0]).points == 0


# -- step 3: open the space ---------------------------------------------------------------


def test_step_3_exactly_the_pair_goes_and_the_score_stays(stages: Stages) -> None:
    removed = [e for e in stages.pair_events if isinstance(e, GroupRemoved)]
    assert len(removed) == 1, "one removal, nothing more"
    assert set(removed[0].cells) == set(cells_of("pair"))
    assert removed[0].score == 0
    assert stages.opened.tile_count() == stages.start.tile_count() - 2


# -- step 4: first straight down ---------------------------------------------------------


def test_step_4_tiles_fall_within_their_column_in_order(stages: Stages) -> None:
    removal = stages.first
    column = fact("column")
    col = parse_cell(column + "1").col
    falls = {(f.col, f.from_row): f.to_row for f in removal.falls}
    for cell in cells_of("fallen"):
        assert cell.col == col
        assert falls[(cell.col, cell.row)] == cell.row - 1, "fell one square"
    a = stages.tag("A", "start")
    assert a.col == col
    assert format_cell(stages.tag("A", "opened")) == fact("a_fallen")
    assert stages.tag("A", "opened") == Cell(col, a.row - 1), "A fell one square"
    # The tiles below A that fell are exactly the ones the step names.
    below = [Cell(col, row) for row in range(1, a.row)]
    assert below == cells_of("fallen")
    # Order kept: the column's tiles are the same, bottom tile gone.
    assert stages.opened.columns()[col] == stages.start.columns()[col][1:]
    # The pair's other column held one tile and became empty.
    emptied = parse_cell(fact("emptied") + "1").col
    assert removal.emptied_columns == (emptied,)
    assert stages.start.column_height(emptied) == 1


# -- step 5: then close left -------------------------------------------------------------


def test_step_5_the_empty_column_closes_and_the_others_move_left(stages: Stages) -> None:
    removal = stages.first
    moved = FACTS["moved"]
    assert isinstance(moved, tuple)
    assert [(s.from_col, s.to_col) for s in removal.shifts] == [
        (parse_cell(c + "1").col, parse_cell(c + "1").col - 1) for c in moved
    ]
    # A column with even one tile stays: column C lost a tile and stayed; the lone
    # triangle is a column of its own.
    col = parse_cell(fact("column") + "1").col
    assert col not in removal.emptied_columns
    lone = parse_cell(fact("lone_column") + "1").col
    assert stages.opened.columns()[lone] == [TRIANGLE]


def test_step_5_b_moves_left_and_a_and_b_join_the_bottom_diamonds(stages: Stages) -> None:
    b, b_moved = stages.tag("B", "start"), stages.tag("B", "opened")
    assert format_cell(b_moved) == fact("b_moved")
    assert (b_moved.col, b_moved.row) == (b.col - 1, b.row), "B moved left with its column"
    bottom = {follow(stages.first, c) for c in cells_of("group_cells")}
    assert any(side_touch(b_moved, c) for c in bottom if c is not None)
    seven = group_cells(stages.opened, parse_cell(fact("seven_anchor")))
    assert stages.tag("A", "opened") in seven
    assert b_moved in seven
    assert format_cell(stages.tag("C", "opened")) == fact("c_opened")
    assert stages.tag("C", "opened") not in seven


def test_step_5_removal_never_chains(stages: Stages) -> None:
    """New neighbours stay: the move removed one group, and the seven it made are
    still on the board."""
    assert sum(isinstance(e, GroupRemoved) for e in stages.pair_events) == 1
    group = stages.opened.group_at(parse_cell(fact("seven_anchor")))
    assert group is not None
    assert group in stages.opened.groups(LESSON_RULES.min_group)


# -- step 6: count the new opportunity ----------------------------------------------------


def test_step_6_seven_connected_diamonds_earn_25(stages: Stages) -> None:
    seven = group_cells(stages.opened, parse_cell(fact("seven_anchor")))
    assert len(seven) == number("seven") == 7
    assert {stages.opened.cell(c) for c in seven} == {DIAMOND}
    assert LESSON_RULES.points(7) == 25
    assert [LESSON_RULES.points(n) for n in (2, 3, 5)] == [0, 1, 9]
    assert Game(stages.opened, LESSON_RULES).preview(parse_cell(fact("seven_anchor"))).points == 25


# -- step 7: a choice changes the next choice ----------------------------------------------


def test_step_7_three_circles_remain_c_is_alone_the_board_is_not_cleared(
    stages: Stages,
) -> None:
    board = stages.chosen
    assert stages.second.falls, "the survivors fell"
    assert stages.second.shifts, "and closed left"
    circles = group_cells(board, cells_of("circles")[0])
    assert circles == set(cells_of("circles"))
    assert len(circles) == number("circles_size") == 3
    assert {board.cell(c) for c in circles} == {CIRCLE}
    assert board.groups(LESSON_RULES.min_group) == [board.group_at(cells_of("circles")[0])]
    c = stages.tag("C", "chosen")
    assert format_cell(c) == fact("c_chosen")
    assert board.cell(c) == DIAMOND
    assert group_cells(board, c) == {c}, "a lone diamond"
    assert not board.is_empty()
    assert not stages.game.finished
    assert len(stages.game.moves) == 2
    assert stages.game.score == 25


def test_step_7_no_group_of_two_ends_the_game_at_the_score(stages: Stages) -> None:
    game = Game(stages.start, LESSON_RULES)
    for cell in (fact("pair_first"), fact("seven_anchor")):
        game.play(parse_cell(cell))
    game.play(cells_of("circles")[0])
    assert game.finished
    result = game.result()
    assert result is not None
    assert result.remaining == number("left_after_circles") == 3
    assert (result.bonus, result.penalty) == (0, 0)
    assert result.score == 25 + LESSON_RULES.points(3) == 26


def test_the_moves_of_the_steps_are_the_pair_then_the_seven() -> None:
    moves = [s.cell for lesson in LESSONS for s in lesson.steps if isinstance(s, LessonMove)]
    assert moves == [fact("pair_first"), fact("seven_anchor")]


# -- the sentences take every number and cell from the facts ------------------------------

STEP_KEYS = [
    *(s.key for lesson in LESSONS for s in lesson.steps if isinstance(s, Say | Show)),
    *(s.key for lesson in LESSONS for s in lesson.steps if isinstance(s, LessonMove)),
    *(
        k
        for lesson in LESSONS
        for s in lesson.steps
        if isinstance(s, Question)
        for k in (s.key, s.explain)
    ),
]


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_no_step_sentence_has_a_number_or_cell_of_its_own(language: str) -> None:
    catalogue = LANGUAGES[language]
    cell = re.compile(r"\b[A-Z][0-9]+\b")
    for key in STEP_KEYS:
        template = catalogue[key]
        assert isinstance(template, str), key
        text = "".join(literal for literal, *_ in string.Formatter().parse(template))
        assert not any(ch.isdigit() for ch in text), f"{language} {key}: {text}"
        assert not cell.search(text), key


def test_english_never_puts_a_cell_after_a_word_that_swallows_column_a() -> None:
    """A cell of column A after "at", "of", "for", "was", "than" or "not" is heard
    as the article; the tutorial's sentences put cells after other words."""
    catalogue = LANGUAGES["en"]
    cells = {name for name, value in FACTS.items() if isinstance(value, str | tuple)}
    pattern = re.compile(r"\b(at|of|for|was|than|not) \{(\w+)\}")
    for key, template in catalogue.items():
        if not key.startswith("tutorial.") or not isinstance(template, str):
            continue
        for match in pattern.finditer(template):
            assert match.group(2) not in cells | {"cell"}, f"{key}: {match.group(0)}"


def test_follow_keeps_a_tag_on_its_tile(stages: Stages) -> None:
    for name in "ABC":
        start = stages.tag(name, "start")
        opened = stages.tag(name, "opened")
        assert stages.start.cell(start) == stages.opened.cell(opened) == DIAMOND
    assert column_letter(stages.tag("B", "opened").col) == fact("b_moved")[0]


class Filled(dict[str, object]):
    """The facts, and 3 for any other placeholder (a count or a score)."""

    def __missing__(self, key: str) -> object:
        return 3


@needs("espeak-ng")
@pytest.mark.slow
def test_the_tag_a_is_heard_as_the_letter() -> None:
    """A32 for the tags: every sentence of the tutorial, filled with its facts, is
    said by espeak-ng with no article where the text has the tag or column A (the
    article of the text, "a" or a sentence's "A group", is written "the" first, so any
    article heard is a tag or a column)."""
    facts = lesson_facts(translator("en"))
    catalogue = LANGUAGES["en"]
    for key, template in catalogue.items():
        if not key.startswith("tutorial.") or not isinstance(template, str):
            continue
        text = template.format_map(Filled({"cell": "A1", "title": "", "group": "A1", **facts}))
        text = re.sub(r"\ba\b", "the", text)
        text = re.sub(r"\bA (?=(group|pair|column|board|small|removal)\b)", "The ", text)
        assert "a#" not in espeak_words(text), f"{key}: {text}"
