"""Help pages that read right aloud (A34, A44): a number's range in words ("1 to
9", "any whole number from 1") instead of the parser's
``[1<=x<=9223372036854775807]``, every command's one-line description whole in
the list of commands, never cut short with an ellipsis, and no "..." after a
usage line's arguments.

>>> range_in_words(1, 9), range_in_words(0, None), range_in_words(1, 2**63 - 1)
('1 to 9', 'any whole number from 0', 'any whole number from 1')
>>> range_in_words(0.5, None, whole=False), range_in_words(None, 5)
('any number from 0.5', '5 or less')
>>> range_in_words(None, None) is None
True
>>> range_in_words(1, 9, "ja"), range_in_words(1, None, "ja")
('1から9の整数', '1以上の整数')
"""

from __future__ import annotations

import inspect
from typing import Any

import typer

__all__ = [
    "TYPES",
    "UNBOUNDED",
    "one_line",
    "range_in_words",
    "ranges_in_words",
    "type_in_words",
    "types_in_words",
    "words_in_help",
]

UNBOUNDED = 2**31
"""A bound this large or larger only stands for "any size" (the parser's
``sys.maxsize``); it is left unsaid."""


def range_in_words(
    low: float | None, high: float | None, language: str = "en", *, whole: bool = True
) -> str | None:
    """The range of a number option as words in ``language`` (the catalogue's
    ``help_page.range`` messages; ``whole`` for a whole number's), or None when it
    has no bound."""
    from samegame.i18n import translator

    say = translator(language)
    if high is not None and abs(high) >= UNBOUNDED:
        high = None
    if low is not None and abs(low) >= UNBOUNDED:
        low = None
    if low is not None and high is not None:
        both = "help_page.range.whole" if whole else "help_page.range"
        return say(both, low=_number(low), high=_number(high))
    if low is not None:
        key = "help_page.range.low.whole" if whole else "help_page.range.low"
        return say(key, low=_number(low))
    if high is not None:
        return say("help_page.range.high", high=_number(high))
    return None


def _number(value: float) -> str:
    """A bound as it is read: a whole number in digits (``1000000000``, never
    ``1e+09``), else the shortest decimal (``0.5``)."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def one_line(help_text: str | None) -> str | None:
    """A command's description for the list of commands: the first paragraph of
    its help, whole, on one line.

    >>> one_line("Play a game; it is saved.\\n\\n    More words here.")
    'Play a game; it is saved.'
    """
    if not help_text:
        return None
    first = inspect.cleandoc(help_text).split("\n\n")[0]
    return " ".join(first.split())


def ranges_in_words(param: Any, language: str = "en") -> None:
    """Make a number option's help give its range as words in ``language``."""
    if hasattr(param, "_get_number_range_help_str"):
        low, high = getattr(param, "min", None), getattr(param, "max", None)
        whole = _whole(param)
        param._get_number_range_help_str = lambda: range_in_words(low, high, language, whole=whole)


def _whole(param: Any) -> bool:
    """Whether a number option takes whole numbers only (its annotation names no
    float; with click's own types, an ``IntRange``)."""
    descriptor = getattr(param, "type_descriptor", None)
    annotation = getattr(descriptor, "annotation", None)
    if annotation is not None:
        return "float" not in str(annotation)
    return type(getattr(param, "type", None)).__name__ == "IntRange"


TYPES = {
    "<str>": "help_page.type.str",
    "<int>": "help_page.type.int",
    "<float>": "help_page.type.float",
    "<int range>": "help_page.type.int_range",
    "<float range>": "help_page.type.float",
    "<path>": "help_page.type.path",
    "<list[str]>": "help_page.type.list_str",
}
"""Typer's names of a value's type (``--preset <str>``) and the keys of their
words, said without the angle brackets (A44: a screen reader says "less than
int range greater than"): ``--preset TEXT``, ``--game NUMBER``; choices
(``<text|json>``) are typed, so said as they are, in a list of the page's
language (``text or json``), without the bar."""

_TYPE_SHOWN = "_samegame_type_shown"


def type_in_words(shown: str | None, language: str = "en") -> str | None:
    """A value's type as Typer shows it (``<str>``) in words of ``language``, or
    its choices (``<text|json>``) as a list (``text or json``); no brackets, no bar.

    >>> type_in_words("<int range>"), type_in_words("<text|json>")
    ('NUMBER', 'text or json')
    >>> type_in_words("<a|b|c>", "ja"), type_in_words(None) is None
    ('a、bまたはc', True)
    """
    from samegame.i18n import LANGUAGES, translator

    say = translator(language if language in LANGUAGES else "en")
    if shown in TYPES:
        return say(TYPES[shown])
    if shown is not None and shown.startswith("<") and shown.endswith(">"):
        return say.join(shown[1:-1].split("|"), either=True)
    return shown


def types_in_words(param: Any, language: str = "en") -> None:
    """Make an option's type read as words in ``language`` (``type_in_words``);
    Typer's own name of it is kept, so a page in another language says it again."""
    shown = getattr(param, _TYPE_SHOWN, None) or getattr(param, "display_type_rich", None)
    if shown is None:
        return
    setattr(param, _TYPE_SHOWN, shown)
    param.display_type_rich = lambda ctx: type_in_words(shown(ctx), language)


def words_in_help(command: Any) -> None:
    """Give every command of the tree under ``command`` (a click command built by
    Typer) whole one-line descriptions, its number options ranges in words and
    its options' types in words."""
    for param in getattr(command, "params", ()):
        ranges_in_words(param)
        types_in_words(param)
        if getattr(param, "nargs", 1) != 1:
            # "[files]" for any number of files, where the parser says "[files]...".
            for method in ("_usage_display_name", "_rich_display_name"):
                if hasattr(param, method):
                    shown = getattr(param, method)
                    setattr(param, method, lambda shown=shown: shown().removesuffix("..."))
    if not getattr(command, "short_help", None):
        command.short_help = one_line(getattr(command, "help", None))
    if isinstance(command, typer.core.TyperGroup):
        command.subcommand_metavar = "COMMAND [ARGS]"
        for sub in command.commands.values():
            words_in_help(sub)
