"""Help pages that read right aloud (A34): a number's range in words ("1 to 9",
"1 or more") instead of the parser's ``[1<=x<=9223372036854775807]``, every
command's one-line description whole in the list of commands, never cut short
with an ellipsis, and no "..." after a usage line's arguments.

>>> range_in_words(1, 9), range_in_words(0, None), range_in_words(1, 2**63 - 1)
('1 to 9', '0 or more', '1 or more')
>>> range_in_words(None, 5), range_in_words(None, None) is None
('5 or less', True)
>>> range_in_words(1, 9, "ja"), range_in_words(1, None, "ja")
('1から9', '1以上')
"""

from __future__ import annotations

import inspect
from typing import Any

import typer

__all__ = ["UNBOUNDED", "one_line", "range_in_words", "ranges_in_words", "words_in_help"]

UNBOUNDED = 2**31
"""A bound this large or larger only stands for "any size" (the parser's
``sys.maxsize``); it is left unsaid."""


def range_in_words(low: float | None, high: float | None, language: str = "en") -> str | None:
    """The range of a number option as words in ``language`` (the catalogue's
    ``help_page.range`` messages), or None when it has no bound."""
    from samegame.i18n import translator

    say = translator(language)
    if high is not None and abs(high) >= UNBOUNDED:
        high = None
    if low is not None and abs(low) >= UNBOUNDED:
        low = None
    if low is not None and high is not None:
        return say("help_page.range", low=_number(low), high=_number(high))
    if low is not None:
        return say("help_page.range.low", low=_number(low))
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
        param._get_number_range_help_str = lambda: range_in_words(low, high, language)


def words_in_help(command: Any) -> None:
    """Give every command of the tree under ``command`` (a click command built by
    Typer) whole one-line descriptions and its number options ranges in words."""
    for param in getattr(command, "params", ()):
        ranges_in_words(param)
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
