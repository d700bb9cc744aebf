"""Answers to a question, in every language: the one reader of yes and no and the
one reader of a number, shared by the tutorial, its practice and the game's own
questions.

A yes/no answer: ``y``, ``yes`` and ``はい`` say yes, ``n``, ``no`` and ``いいえ``
say no (full-width letters and a closing full stop too); anything else is not an
answer (``read_yes_no`` gives None), so that a typo is asked again rather than
taken as no. A question that changes something acts only on a yes: any other
answer keeps things as they are.

A number: digits (full-width too), or words in English (``five``,
``twenty-five``) or Japanese (``五``, ``二十五``), with or without a unit after
it (``5 tiles``, ``25点``); anything else is not a number (None), never a wrong
number (A40).

>>> [is_yes(text) for text in ("y", " YES ", "はい", "はい。", "ｙｅｓ")]
[True, True, True, True, True]
>>> [is_yes(text) for text in ("n", "no", "いいえ", "", "maybe")]
[False, False, False, False, False]
>>> [is_no(text) for text in ("n", "No", "いいえ", "maybe")]
[True, True, True, False]
>>> [read_yes_no(text) for text in ("yes", "いいえ", "yse", "")]
[True, False, None, None]
>>> [read_number(text) for text in ("5", "５", "five", "Twenty-five", "五", "二十五", "25点")]
[5, 5, 5, 25, 5, 25, 25]
>>> [read_number(text) for text in ("fiev", "help", "A1", "-5", "五五")]
[None, None, None, None, None]
"""

from __future__ import annotations

import re
import unicodedata

from samegame.core.limits import parse_digits

__all__ = ["NO_WORDS", "YES_WORDS", "is_no", "is_yes", "read_number", "read_yes_no"]

YES_WORDS = frozenset({"y", "yes", "はい"})
NO_WORDS = frozenset({"n", "no", "いいえ"})

# Words a number may be answered with after it: ``5 tiles``, ``25 points``,
# ``5個``, ``25点``.
UNITS = ("diamonds", "diamond", "tiles", "tile", "points", "point", "個", "点")

_ENGLISH_ONES = [
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
]
_ENGLISH_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_KANJI = {"〇": 0, "零": 0, "一": 1, "二": 2, "三": 3, "四": 4}
_KANJI |= {"五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_KANJI_NUMBER = re.compile(r"([二三四五六七八九])?(十)?([一二三四五六七八九])?")


def _word(answer: str) -> str:
    return unicodedata.normalize("NFKC", answer).strip().lower().rstrip("。.!")


def read_yes_no(answer: str) -> bool | None:
    """True for a yes, False for a no, None for anything else."""
    word = _word(answer)
    if word in YES_WORDS:
        return True
    if word in NO_WORDS:
        return False
    return None


def is_yes(answer: str) -> bool:
    """Whether a typed answer says yes."""
    return read_yes_no(answer) is True


def is_no(answer: str) -> bool:
    """Whether a typed answer says no in so many words."""
    return read_yes_no(answer) is False


def without_unit(answer: str) -> str:
    """The answer without the unit word after its number.

    >>> without_unit("5 tiles"), without_unit("25点"), without_unit("7")
    ('5', '25', '7')
    """
    for unit in UNITS:
        if answer.endswith(unit):
            return answer[: -len(unit)].strip()
    return answer


def _english(words: str) -> int | None:
    """``five``, ``twenty five``, ``twenty-five``: 0 to 99."""
    parts = words.replace("-", " ").split()
    if len(parts) == 1 and parts[0] in _ENGLISH_ONES:
        return _ENGLISH_ONES.index(parts[0])
    if parts and parts[0] in _ENGLISH_TENS and len(parts) <= 2:
        tens = 20 + 10 * _ENGLISH_TENS.index(parts[0])
        if len(parts) == 1:
            return tens
        ones = _ENGLISH_ONES.index(parts[1]) if parts[1] in _ENGLISH_ONES else 0
        return tens + ones if 1 <= ones <= 9 else None
    return None


def _japanese(words: str) -> int | None:
    """``五``, ``十``, ``十五``, ``二十五``, ``零``: 0 to 99 in kanji."""
    if words in _KANJI:
        return _KANJI[words]
    match = _KANJI_NUMBER.fullmatch(words)
    if match is None or match.group(2) is None:
        return None
    tens = _KANJI[match.group(1)] if match.group(1) else 1
    return 10 * tens + (_KANJI[match.group(3)] if match.group(3) else 0)


def read_number(answer: str) -> int | None:
    """The whole number an answer says, in digits or words, else None."""
    text = without_unit(_word(answer))
    number = parse_digits(text)
    if number is not None:
        return number
    english = _english(text)
    return english if english is not None else _japanese(text)
