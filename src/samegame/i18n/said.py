"""Errors that can be said in any language: an exception carries the catalogue key
and parameters of its message beside its English text, so the command line reports
it in the player's language while the library keeps plain English ``str()``.

>>> from samegame.i18n.said import Said, said_of
>>> error = Said.of("error.language.unknown", name="xx").error(ValueError)
>>> str(error)
"language 'xx' is not available; use --lang en or --lang ja"
>>> said_of(error).in_language("ja")
'言語 xx は使えません。--lang en または --lang ja を指定してください。'
>>> said_of(ValueError("plain")) is None
True

A list said in the message's language is a ``Listed`` parameter:

>>> choices = Said.of("error.preset.no_colours", colours=9, preset="basic",
...                   choices=Listed.of([3, 4, 5], either=True))
>>> choices.english()
'9 colours is not offered by the basic preset; choose 3, 4 or 5'
>>> choices.in_language("ja")
'9色は basic プリセットにはありません。3、4または5から選んでください'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

__all__ = ["Listed", "Said", "said_of", "say"]

Raised = TypeVar("Raised", bound=BaseException)

_ATTRIBUTE = "said"


@dataclass(frozen=True)
class Listed:
    """Items said as a list in the language of the message that holds them:
    ``a, b and c`` (``a, b or c`` when ``either``; in Japanese ``a、bとc``)."""

    items: tuple[str, ...]
    either: bool = False

    @classmethod
    def of(cls, items: Iterable[object], *, either: bool = False) -> Listed:
        return cls(tuple(str(item) for item in items), either)

    def in_language(self, language: str) -> str:
        from samegame.i18n import LANGUAGES, translator

        tr = translator(language if language in LANGUAGES else "en")
        return tr.join(list(self.items), either=self.either)


@dataclass(frozen=True)
class Said:
    """A message by catalogue key and parameters. Parameters are plain values
    (names, numbers, paths) said as they are in every language; a parameter that
    is itself a message is a ``Said``, and a list a ``Listed``, said in the same
    language."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    @classmethod
    def of(cls, key: str, **params: object) -> Said:
        return cls(key, params)

    def in_language(self, language: str) -> str:
        """The message in ``language`` (English for a language without it)."""
        from samegame.i18n import LANGUAGES, translator

        tr = translator(language if language in LANGUAGES else "en")
        if not tr.has(self.key):
            tr = translator("en")
        params = {
            name: value.in_language(language) if isinstance(value, Said | Listed) else value
            for name, value in self.params.items()
        }
        return tr(self.key, **params)

    def english(self) -> str:
        return self.in_language("en")

    def __str__(self) -> str:
        return self.english()

    def error(self, kind: Callable[[str], Raised]) -> Raised:
        """An exception of ``kind`` with the English message, carrying this one:
        ``raise Said.of("error.x", name=name).error(PresetError)``."""
        raised = kind(self.english())
        setattr(raised, _ATTRIBUTE, self)
        return raised


def said_of(error: BaseException) -> Said | None:
    """The message an exception carries (see ``Said.error``), or None. An error
    raised while handling another with the very same message (``raise
    CommandError(str(error), code) from None``) carries the other's message.

    >>> try:
    ...     try:
    ...         raise Said.of("error.kind.bot").error(LookupError)
    ...     except LookupError as inner:
    ...         raise RuntimeError(str(inner)) from None
    ... except RuntimeError as outer:
    ...     said_of(outer)
    Said(key='error.kind.bot', params={})
    """
    seen: BaseException | None = error
    while seen is not None:
        found = getattr(seen, _ATTRIBUTE, None)
        if isinstance(found, Said):
            return found
        passed_on = seen.__cause__ or seen.__context__
        if passed_on is None or str(passed_on) != str(seen):
            return None
        seen = passed_on
    return None


def say(error: BaseException, language: str) -> str:
    """An exception's message in ``language``: its carried message when it has
    one, else its English ``str()``."""
    found = said_of(error)
    return found.in_language(language) if found is not None else str(error)
