"""English where no language was asked for: the English translator in place of
none (a library call that passes no translator speaks English), and an English
noun's plural for the plain-English text of a library error or note, which has no
catalogue key.

>>> english(None).language, english(translator("ja")).language
('en', 'ja')
>>> plural(1, "record"), plural(2, "record")
('record', 'records')
"""

from __future__ import annotations

from samegame.i18n import Translator, translator

__all__ = ["english", "plural"]


def english(tr: Translator | None) -> Translator:
    """``tr``, or the English translator when there is none."""
    return translator("en") if tr is None else tr


def plural(count: int, noun: str) -> str:
    """``noun`` as English says it after ``count``: as it is for one, else with an
    ``s`` (only for nouns whose plural is that regular)."""
    return noun if count == 1 else noun + "s"
