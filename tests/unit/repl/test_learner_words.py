"""A40: a learner's words are never marked wrong.

At a tutorial question (a number, or yes or no) and at the practice's reset
question, a command (``help``, ``repeat``, ``board`` ...), a number in words or a
typo gets the question again, or help, or its query's answer: never "Not quite"
and never the explanation, which gives the answer away. Only a readable answer
that is wrong gets "Not quite" and the explanation. Both languages.

The transcripts pin the words; the generator (Hypothesis) draws learner inputs from
a list of commands, number words and typos and from random short strings.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from samegame.i18n import Translator, translator
from samegame.plugin.host import get_host
from samegame.repl.answers import read_number, read_yes_no
from samegame.repl.tutorial import Tutorial, lesson_facts
from samegame.repl.tutorial.lessons import LESSONS, AnswerKind, Compare, LessonMove, Question
from samegame.repl.tutorial.position import practice_board

pytestmark = pytest.mark.usefixtures("isolated_home")

LANGS = ("en", "ja")
QUESTIONS = [step for lesson in LESSONS for step in lesson.steps if isinstance(step, Question)]
# The right answers, as the reference tutorial (shared/TUTORIAL.md) gives them.
RIGHT: dict[str, int | bool] = {
    "tutorial.step.sides.question": 5,
    "tutorial.step.zero.question": True,
    "tutorial.step.count.question": 25,
    "tutorial.closing.biggest": False,
    "tutorial.closing.diagonal": False,
}
# Right answers through the lessons: what brings the tutorial to the practice.
LESSONS_RIGHT = ["5", "yes", "C1", "remove", "25", "A1", "remove", "next", "no", "no"]

# Numbers 0 to 20 in words, written here apart from the reader: English, kanji.
ENGLISH = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
]
KANJI = [
    "零",
    "一",
    "二",
    "三",
    "四",
    "五",
    "六",
    "七",
    "八",
    "九",
    "十",
    "十一",
    "十二",
    "十三",
    "十四",
    "十五",
    "十六",
    "十七",
    "十八",
    "十九",
    "二十",
]
# What a learner may type that answers nothing: commands of the game (queries
# among them) and typos of yes, no and numbers.
COMMANDS = [
    "help",
    "h",
    "?",
    "repeat",
    "last",
    "board",
    "b",
    "row 2",
    "column B",
    "cell A1",
    "groups",
    "colours",
    "score",
    "coords",
    "rules",
    "summary",
    "hint",
    "undo",
    "redo",
    "remove",
    "settings",
    "verbosity",
    "A1",
    "C4",
]
TYPOS = [
    "yse",
    "yess",
    "noo",
    "nope",
    "yeah",
    "fiev",
    "fve",
    "tewnty",
    "5 5",
    "five five",
    "ｈｅｌｐ",
]
# Words that leave the question by design (skip, quit) are not learner mistakes.
LEAVING = {"skip", "quit", "q", "exit"}


class Script:
    """A LineIO that answers from a list and keeps what was said after each answer."""

    def __init__(self, answers: Sequence[str]) -> None:
        self.answers = list(answers)
        self.blocks: list[tuple[str | None, list[str]]] = [(None, [])]

    def read(self) -> str | None:
        answer = self.answers.pop(0) if self.answers else None
        self.blocks.append((answer, []))
        return answer

    def write(self, lines: Sequence[str]) -> None:
        self.blocks[-1][1].extend(lines)

    def bell(self) -> None:
        raise AssertionError("the tutorial never rings")


def skips_to(question: Question) -> list[str]:
    """One skip per question or move before ``question``."""
    count = 0
    for lesson in LESSONS:
        for step in lesson.steps:
            if step is question:
                return ["skip"] * count
            if isinstance(step, Question | LessonMove | Compare):
                count += 1
    raise AssertionError(question.key)


def said_after(question: Question, typed: str, lang: str) -> list[str]:
    """What the tutorial says when ``typed`` is answered to ``question``."""
    before = skips_to(question)
    script = Script([*before, typed, "quit"])
    Tutorial(script, translator(lang), practice=practice_board(get_host())).run()
    answer, lines = script.blocks[len(before) + 1]
    assert answer == typed
    return lines


def give_away(tr: Translator, question: Question) -> tuple[str, str]:
    """'Not quite' and the explanation: what an unreadable answer never gets."""
    return tr("tutorial.wrong"), tr(question.explain, **lesson_facts(tr))


def readable(question: Question, typed: str) -> int | bool | None:
    reader = read_number if question.expects.kind is AnswerKind.NUMBER else read_yes_no
    return reader(typed)


def check_said(question: Question, typed: str, lang: str) -> None:
    """The property: an unreadable answer is never marked wrong nor answered; a
    readable wrong one gets 'Not quite' and the explanation, a right one 'Right'."""
    tr = translator(lang)
    facts = lesson_facts(tr)
    lines = said_after(question, typed, lang)
    wrong, explanation = give_away(tr, question)
    value = readable(question, typed)
    if value is None:
        assert wrong not in lines, (typed, lines)
        assert explanation not in lines, (typed, lines)
        assert tr("tutorial.right") not in lines, (typed, lines)
    elif value == RIGHT[question.key]:
        assert lines[:2] == [tr("tutorial.right"), explanation]
    else:
        assert lines == [wrong, explanation, tr(question.key, **facts)]


# -- transcripts ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_help_repeat_and_a_typo_get_the_question_again_never_the_answer(lang: str) -> None:
    """The issue's words: ``help``, ``repeat`` and ``fiev`` at the first question,
    ``yse`` at a yes/no question."""
    tr = translator(lang)
    facts = lesson_facts(tr)
    first, zero = QUESTIONS[0], QUESTIONS[1]
    asked = tr(first.key, **facts)
    assert said_after(first, "help", lang) == [tr("tutorial.question.help"), asked]
    assert said_after(first, "repeat", lang) == [asked]
    assert said_after(first, "fiev", lang) == [tr("tutorial.want.number"), asked]
    assert said_after(first, "yes", lang) == [tr("tutorial.want.number"), asked]
    assert said_after(zero, "yse", lang) == [tr("tutorial.want.yes_no"), tr(zero.key, **facts)]
    assert said_after(zero, "99", lang) == [tr("tutorial.want.yes_no"), tr(zero.key, **facts)]
    # A query answers and changes nothing; it is not an answer either.
    board = said_after(first, "board", lang)
    assert board
    assert tr("tutorial.wrong") not in board
    assert asked not in board


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("five", ["five", "Five", "5", "５", "五", "5個", "five diamonds"])
def test_a_number_in_words_or_digits_is_an_answer(lang: str, five: str) -> None:
    tr = translator(lang)
    assert said_after(QUESTIONS[0], five, lang)[0] == tr("tutorial.right")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("twenty_five", ["twenty-five", "twenty five", "二十五", "２５点"])
def test_twenty_five_in_words_is_an_answer(lang: str, twenty_five: str) -> None:
    count = next(q for q in QUESTIONS if q.key == "tutorial.step.count.question")
    assert said_after(count, twenty_five, lang)[0] == translator(lang)("tutorial.right")


def test_every_number_word_from_zero_to_twenty_is_read() -> None:
    for number, (english, kanji) in enumerate(zip(ENGLISH, KANJI, strict=True)):
        assert read_number(english) == number
        assert read_number(english.upper()) == number
        assert read_number(kanji) == number
        assert read_number(str(number)) == number


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("typed", ["y", "yes", "Yes.", "はい", "n", "no", "いいえ", "ｎｏ"])
def test_yes_and_no_in_every_spelling_are_answers(lang: str, typed: str) -> None:
    for question in QUESTIONS[1:2] + QUESTIONS[3:]:
        check_said(question, typed, lang)
        assert translator(lang)("tutorial.want.yes_no") not in said_after(question, typed, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_typo_at_the_practice_reset_question_is_asked_again(lang: str) -> None:
    """The practice's question (reset?) asks again at a typo instead of taking it
    as no; yes then resets."""
    tr = translator(lang)
    script = Script([*LESSONS_RIGHT, "C1", "remove", "reset", "yse", "help", "yes", "skip"])
    tutorial = Tutorial(script, tr, practice=practice_board(get_host()))
    tutorial.run()
    said = dict(script.blocks)
    ask = tr("tutorial.practice.reset.ask", count=1)
    assert said["yse"] == [tr("tutorial.want.yes_no"), ask]
    assert said["help"] == [tr("tutorial.want.yes_no"), ask]
    assert tr("confirm.kept") not in said["yse"]
    assert tr("tutorial.practice.reset.done") in said["yes"]
    assert tutorial.game.moves == ()


@pytest.mark.parametrize("lang", LANGS)
def test_selecting_again_only_selects(lang: str) -> None:
    """shared/TUTORIAL.md: "selecting again only selects"; remove confirms. In a
    lesson's move and in the practice."""
    tr = translator(lang)
    script = Script(
        [*LESSONS_RIGHT[:2], "C1", "C1", "D1", "remove", *LESSONS_RIGHT[4:], "C1", "C1", "skip"]
    )
    tutorial = Tutorial(script, tr, practice=practice_board(get_host()))
    tutorial.run()
    selected = [lines for answer, lines in script.blocks if answer in ("C1", "D1")]
    assert len(selected) == 5
    for lines in selected[:3]:
        assert lines[-1] == tr("tutorial.lesson.confirm")
    for lines in selected[3:]:
        assert lines[-1] == tr("tutorial.confirm")
    assert tutorial.game.moves == (), "the practice's group is selected, not removed"


# -- the generator ----------------------------------------------------------------------

LEARNER_WORDS = st.one_of(
    st.sampled_from(COMMANDS + TYPOS + ENGLISH + KANJI),
    st.text(
        alphabet=st.characters(codec="utf-8", categories=("L", "N", "P", "Zs")),
        min_size=1,
        max_size=6,
    ),
)


@pytest.mark.slow  # a tutorial run per example, 200 examples
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(question=st.sampled_from(QUESTIONS), typed=LEARNER_WORDS, lang=st.sampled_from(LANGS))
def test_no_learner_words_are_marked_wrong_unless_readable_and_wrong(
    question: Question, typed: str, lang: str
) -> None:
    text = typed.strip()
    assume(text and text.lower() not in LEAVING)
    assume(text == typed and "\n" not in typed and "\r" not in typed)
    check_said(question, typed, lang)
