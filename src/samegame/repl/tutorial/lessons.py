"""The lessons of ``samegame tutorial``: seven steps on ONE position, then two
closing questions.

Every step changes the same position (``position.lesson_position``), so
the learner follows the same tiles from the first question to the end; the tagged
diamonds A, B and C are pointed at by tag and cell. The steps, in order:

1. follow the sides: count the diamonds of a group; A, B and C are not in it;
2. zero can still be a move: a pair scores 0 and is still legal;
3. open the space: remove the pair;
4. first straight down: tiles fall within their column, keeping their order;
5. then close left: an empty column goes, the columns on its right move left; a
   column with even one tile stays; removal never chains;
6. count the new opportunity: seven connected diamonds earn 25;
7. a choice changes the next choice: remove them; the board is not cleared; undo
   compares plans; no bonus, no penalty, no timer.

Then: always take the biggest group? Do diagonals count? Each question's answer is
checked against the real Game; sentences take their cells and numbers from
``position.FACTS`` (checked against the real rules by the tests).

The rules are the Lesson preset's: n minus 2, squared; no clear bonus; no penalty.

>>> [lesson.name for lesson in LESSONS]
['sides', 'zero', 'space', 'down', 'left', 'count', 'choice', 'questions']
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from samegame.core.coords import CoordinateError, parse_cell
from samegame.core.formulas import BASIC
from samegame.core.game import Game
from samegame.core.rules import Rules
from samegame.repl.answers import read_number, read_yes_no

# The Lesson preset's rules: n minus 2, squared; no clear bonus; no penalty
# (tests/unit/repl/test_tutorial.py holds them to presets/lesson.yaml).
LESSON_RULES = Rules(BASIC, clear_bonus=0)


class AnswerKind(StrEnum):
    """What kind of answer a question wants, and so how it is read."""

    NUMBER = "number"
    YES_NO = "yes_no"


READERS: dict[AnswerKind, Callable[[str], int | bool | None]] = {
    AnswerKind.NUMBER: read_number,
    AnswerKind.YES_NO: read_yes_no,
}


@dataclass(frozen=True)
class Expects:
    """The kind of answer a question wants and the right one, on the game as it is
    when asked."""

    kind: AnswerKind
    right: Callable[[Game], int | bool]

    def judge(self, game: Game, answer: str) -> bool | None:
        """True for a right answer, False for a readable wrong one, None when the
        answer cannot be read as the kind wanted (a command, a typo): that is never
        marked wrong (A40)."""
        value = READERS[self.kind](answer)
        if value is None:
            return None
        return value == self.right(game)


def normalised(answer: str) -> str:
    """An answer as typed, with full-width digits and letters (a Japanese input
    method's) read as ASCII, and surrounding spaces dropped."""
    return unicodedata.normalize("NFKC", answer).strip()


def a_number(expected: Callable[[Game], int]) -> Expects:
    """A number question: its answer is read by ``answers.read_number`` (digits or
    words, with or without a unit: ``5``, ``five``, ``五``, ``5個``) and is right when
    it is the number ``expected`` gives on the game when it is asked."""
    return Expects(AnswerKind.NUMBER, expected)


def a_yes_no(expected: Callable[[Game], bool]) -> Expects:
    """A yes/no question: its answer is read by ``answers.read_yes_no``."""
    return Expects(AnswerKind.YES_NO, expected)


def size_at(cell: str) -> Callable[[Game], int]:
    """The number of tiles in the group at ``cell``."""

    def size(game: Game) -> int:
        group = game.board.group_at(parse_cell(cell))
        return 0 if group is None else group.size

    return size


def points_at(cell: str) -> Callable[[Game], int]:
    """What removing the group at ``cell`` scores under the game's rules."""
    return lambda game: game.rules.points(size_at(cell)(game))


def removable_at(cell: str) -> Callable[[Game], bool]:
    """Whether the group at ``cell`` is a legal move now."""

    def legal(game: Game) -> bool:
        try:
            return game.board.group_at(parse_cell(cell)) in game.legal_groups()
        except CoordinateError:
            return False

    return legal


@dataclass(frozen=True)
class Say:
    """Words said as they are."""

    key: str


@dataclass(frozen=True)
class Show:
    """The board, then where the tags are now (``key``); ``outline`` names a cell
    whose group a sighted player sees outlined."""

    key: str
    outline: str | None = None


@dataclass(frozen=True)
class Question:
    """A question, the answer it expects, and the explanation said after a
    readable answer (right or wrong) or ``skip``."""

    key: str
    expects: Expects
    explain: str


@dataclass(frozen=True)
class LessonMove:
    """Ask the player to remove the group at ``cell`` (select, then remove)."""

    key: str
    cell: str


@dataclass(frozen=True)
class Compare:
    """Undo and redo are open: the player may take moves back and play them again,
    then goes on with ``next``; the position of the lesson is restored."""

    key: str


Step = Say | Show | Question | LessonMove | Compare


@dataclass(frozen=True)
class Lesson:
    """One step of the tutorial: its name, its title (said as ``Step n of 7:
    title``; None for the closing questions) and its parts."""

    name: str
    title: Say | None
    steps: tuple[Step, ...]


# The seven steps have a heading; the closing questions follow them.
NUMBERED = 7

LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "sides",
        Say("tutorial.step.sides.title"),
        (
            Say("tutorial.step.sides.idea"),
            Show("tutorial.tags.start", outline="A1"),
            Question(
                "tutorial.step.sides.question",
                a_number(size_at("A1")),
                "tutorial.step.sides.explain",
            ),
        ),
    ),
    Lesson(
        "zero",
        Say("tutorial.step.zero.title"),
        (
            Say("tutorial.step.zero.idea"),
            Question(
                "tutorial.step.zero.question",
                a_yes_no(removable_at("C1")),
                "tutorial.step.zero.explain",
            ),
            Say("tutorial.step.zero.preview"),
        ),
    ),
    Lesson(
        "space",
        Say("tutorial.step.space.title"),
        (
            LessonMove("tutorial.step.space.move", "C1"),
            Say("tutorial.step.space.after"),
        ),
    ),
    Lesson("down", Say("tutorial.step.down.title"), (Say("tutorial.step.down.idea"),)),
    Lesson(
        "left",
        Say("tutorial.step.left.title"),
        (Say("tutorial.step.left.idea"), Show("tutorial.tags.opened")),
    ),
    Lesson(
        "count",
        Say("tutorial.step.count.title"),
        (
            Question(
                "tutorial.step.count.question",
                a_number(points_at("A1")),
                "tutorial.step.count.explain",
            ),
        ),
    ),
    Lesson(
        "choice",
        Say("tutorial.step.choice.title"),
        (
            LessonMove("tutorial.step.choice.move", "A1"),
            Say("tutorial.step.choice.after"),
            Show("tutorial.tags.chosen"),
            Compare("tutorial.step.choice.compare"),
            Say("tutorial.step.choice.rules"),
        ),
    ),
    Lesson(
        "questions",
        None,
        (
            Question(
                "tutorial.closing.biggest",
                a_yes_no(lambda game: False),
                "tutorial.closing.biggest.explain",
            ),
            Question(
                "tutorial.closing.diagonal",
                a_yes_no(lambda game: False),
                "tutorial.closing.diagonal.explain",
            ),
        ),
    ),
)
