"""The lessons of ``samegame tutorial``: small boards, each showing one idea, with
the steps that teach it.

Every lesson follows the plan in docs/accessibility.md step by step: follow the sides (a branching
group; a corner touch or the same shape elsewhere does not count), zero can still
be a move (a pair scores 2 minus 2, squared: 0), straight down then close left, count
the new opportunity (7 tiles: 25 points), and a choice changes the next choice.
Each has a question whose answer is checked against the real Game on the lesson's
board, and an explanation for a wrong answer.

The boards use the Lesson preset's three shapes (its ``palette``): red circles (R),
yellow diamonds (Y) and blue triangles (B). The rules are the Lesson preset's: a group of n tiles
scores n minus 2, squared; no bonus for clearing the board; no penalty.

>>> [lesson.name for lesson in LESSONS]
['sides', 'zero', 'down', 'chance', 'choice']
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from samegame.core.coords import CoordinateError, format_cell, parse_cell
from samegame.core.formulas import BASIC
from samegame.core.game import Game
from samegame.core.limits import parse_digits
from samegame.core.rules import Rules

# The Lesson preset's rules: n minus 2, squared; no clear bonus; no penalty
# (tests/unit/repl/test_tutorial.py holds them to presets/lesson.yaml).
LESSON_RULES = Rules(BASIC, clear_bonus=0)

Check = Callable[[Game, str], bool]


def normalised(answer: str) -> str:
    """An answer as typed, with full-width digits and letters (a Japanese input
    method's) read as ASCII, and surrounding spaces dropped."""
    return unicodedata.normalize("NFKC", answer).strip()


# Words a number may be answered with: ``6 tiles``, ``25 points``, ``6個``, ``25点``.
UNITS = ("tiles", "tile", "points", "point", "個", "点")


def without_unit(answer: str) -> str:
    """The answer without the unit word after its number.

    >>> without_unit("6 tiles"), without_unit("25点"), without_unit("7")
    ('6', '25', '7')
    """
    for unit in UNITS:
        if answer.lower().endswith(unit):
            return answer[: -len(unit)].strip()
    return answer


def is_number(expected: Callable[[Game], int]) -> Check:
    """The answer is the number ``expected`` gives on the game when it is asked,
    with or without its unit (``6``, ``6 tiles``, ``6個``)."""

    def check(game: Game, answer: str) -> bool:
        number = parse_digits(without_unit(normalised(answer)))
        return number is not None and number == expected(game)

    return check


def is_cell(expected: str) -> Check:
    """The answer names the cell ``expected``, in any spelling of a cell."""

    def check(game: Game, answer: str) -> bool:
        try:
            return format_cell(parse_cell(normalised(answer))) == expected
        except CoordinateError:
            return False

    return check


def in_group_of(cell: str) -> Check:
    """The answer is any tile of the group at ``cell``."""

    def check(game: Game, answer: str) -> bool:
        try:
            chosen = game.board.group_at(parse_cell(normalised(answer)))
        except CoordinateError:
            return False
        return chosen is not None and chosen == game.board.group_at(parse_cell(cell))

    return check


def size_at(cell: str) -> Callable[[Game], int]:
    """The number of tiles in the group at ``cell``."""

    def size(game: Game) -> int:
        group = game.board.group_at(parse_cell(cell))
        return 0 if group is None else group.size

    return size


def points_at(cell: str) -> Callable[[Game], int]:
    """What removing the group at ``cell`` scores under the game's rules."""
    return lambda game: game.rules.points(size_at(cell)(game))


@dataclass(frozen=True)
class Say:
    """Words said as they are: the idea of the lesson, or what just happened."""

    key: str


@dataclass(frozen=True)
class Question:
    """A question, the check of an answer on the game, and the explanation said
    after a wrong answer (or ``skip``)."""

    key: str
    check: Check
    explain: str


@dataclass(frozen=True)
class LessonMove:
    """Ask the player to remove the group at ``cell`` (selecting, then confirming)."""

    key: str
    cell: str


Step = Say | Question | LessonMove


@dataclass(frozen=True)
class Lesson:
    """One idea: its name, its board (text format, top row first) and its steps;
    the board is shown after the first step, which says the idea."""

    name: str
    board: str
    steps: tuple[Step, ...]


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "sides",
        "BRYBR\nYRRYB\nRRBRY\nBRYBR\n",
        (
            Say("tutorial.sides.idea"),
            Question("tutorial.sides.question", is_number(size_at("B2")), "tutorial.sides.explain"),
        ),
    ),
    Lesson(
        "zero",
        "RR.\nBBR\n",
        (
            Say("tutorial.zero.idea"),
            Question("tutorial.zero.question", is_number(points_at("A1")), "tutorial.zero.explain"),
            LessonMove("tutorial.zero.move", "A1"),
            Say("tutorial.zero.after"),
        ),
    ),
    Lesson(
        "down",
        "B...\nYYRB\nYYYR\n",
        (
            Say("tutorial.down.idea"),
            LessonMove("tutorial.down.move", "A1"),
            Question("tutorial.down.question", is_cell("B1"), "tutorial.down.explain"),
        ),
    ),
    Lesson(
        "chance",
        ".RY.\nYRY.\nRYRY\nRYRR\n",
        (
            Say("tutorial.chance.idea"),
            LessonMove("tutorial.chance.move", "B1"),
            Question(
                "tutorial.chance.question", is_number(points_at("A1")), "tutorial.chance.explain"
            ),
        ),
    ),
    Lesson(
        "choice",
        "B.B\nBRB\nBRB\n",
        (
            Say("tutorial.choice.idea"),
            Question("tutorial.choice.question", in_group_of("B1"), "tutorial.choice.explain"),
            LessonMove("tutorial.choice.move", "B1"),
            LessonMove("tutorial.choice.move.blue", "A1"),
            Say("tutorial.choice.after"),
        ),
    ),
)
