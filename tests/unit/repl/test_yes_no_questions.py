"""A33 for yes/no questions: every Japanese one names はい and いいえ as its
answers, in the same words, with y and n beside them; no Japanese message asks for
the English answer words ("yes か no", "y/n"). Every word a question names is an
answer ``samegame.repl.answers`` takes."""

from __future__ import annotations

import re

from samegame.i18n import LANGUAGES, Template
from samegame.repl.answers import is_no, is_yes

# How a Japanese yes/no question asks for its answer.
ASKED = "はい か いいえ （y か n）で答えてください。"
# A yes/no question in English: the words it asks for.
ENGLISH_ASKS = re.compile(r"Type (yes or no|y or n)\.")
# English answer words offered as the answers: "yes か no", "yes/no", "y/n", "no、yes".
ENGLISH_ANSWERS = re.compile(
    r"(?<![A-Za-z-])(yes|no|y|n)\s*(か|または|/|、|or)\s*(yes|no|y|n)(?![A-Za-z])", re.I
)


def forms(template: Template) -> list[str]:
    return [template] if isinstance(template, str) else list(template.values())


def test_the_answer_words_are_answers() -> None:
    assert is_yes("はい")
    assert is_yes("y")
    assert is_no("いいえ")
    assert is_no("n")
    assert ASKED.startswith("はい か いいえ （y か n）")


def test_every_japanese_yes_no_question_names_hai_and_iie_alike() -> None:
    english, japanese = LANGUAGES["en"], LANGUAGES["ja"]
    questions = [key for key, template in english.items() if ENGLISH_ASKS.search(str(template))]
    assert len(questions) >= 5, questions  # the restart, the tutorial's questions and reset
    for key in questions:
        for form in forms(japanese[key]):
            assert form.endswith(ASKED), (key, form)
    asking = [key for key, t in japanese.items() if any("はい か いいえ" in f for f in forms(t))]
    assert sorted(asking) == sorted(questions)


def test_no_japanese_message_asks_for_english_answer_words() -> None:
    wrong = []
    for key, template in LANGUAGES["ja"].items():
        for form in forms(template):
            for match in ENGLISH_ANSWERS.finditer(form.replace(ASKED, "")):
                wrong.append((key, match[0]))
    assert not wrong
    assert ENGLISH_ANSWERS.search("元に戻しますか。yes か no で答えてください。")
    assert ENGLISH_ANSWERS.search("戻しますか (y/n)")
