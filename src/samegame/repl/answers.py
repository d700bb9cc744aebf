"""Answers to a yes/no question, in every language: ``y``, ``yes`` and ``はい`` say
yes, ``n``, ``no`` and ``いいえ`` say no (full-width letters and a closing full stop
too). A question that changes something acts only on a yes: any other answer
keeps things as they are.

>>> [is_yes(text) for text in ("y", " YES ", "はい", "はい。", "ｙｅｓ")]
[True, True, True, True, True]
>>> [is_yes(text) for text in ("n", "no", "いいえ", "", "maybe")]
[False, False, False, False, False]
>>> [is_no(text) for text in ("n", "No", "いいえ", "maybe")]
[True, True, True, False]
"""

from __future__ import annotations

import unicodedata

__all__ = ["NO_WORDS", "YES_WORDS", "is_no", "is_yes"]

YES_WORDS = frozenset({"y", "yes", "はい"})
NO_WORDS = frozenset({"n", "no", "いいえ"})


def _word(answer: str) -> str:
    return unicodedata.normalize("NFKC", answer).strip().lower().rstrip("。.!")


def is_yes(answer: str) -> bool:
    """Whether a typed answer says yes."""
    return _word(answer) in YES_WORDS


def is_no(answer: str) -> bool:
    """Whether a typed answer says no in so many words."""
    return _word(answer) in NO_WORDS
