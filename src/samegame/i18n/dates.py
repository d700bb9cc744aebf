"""Dates in words, in the reader's language: ``6 December 2026, 3:03`` and
``2026年12月6日 3時03分``, never ``2026-12-06`` (A34). A moment with a time zone
is said in the local time of the machine, as its clock shows it.

>>> from datetime import datetime
>>> from samegame.i18n import translator
>>> moment = datetime(2026, 12, 6, 3, 3)
>>> date_in_words(translator("en"), moment), date_in_words(translator("ja"), moment)
('6 December 2026', '2026年12月6日')
>>> date_in_words(translator("en"), moment, time=True)
'6 December 2026, 3:03'
>>> date_in_words(translator("ja"), moment, time=True)
'2026年12月6日 3時03分'
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from samegame.i18n import Translator

__all__ = ["date_in_words"]


def date_in_words(tr: Translator, moment: datetime, *, time: bool = False) -> str:
    """The day of ``moment`` in words, with the hour and minute when ``time``."""
    local = moment.astimezone() if moment.tzinfo is not None else moment
    day = tr("date", day=local.day, month=tr(f"month.{local.month}"), year=local.year)
    if not time:
        return day
    return tr("date.time", date=day, hour=local.hour, minute=f"{local.minute:02d}")
