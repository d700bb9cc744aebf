"""Help pages that read right aloud (A34): a number's range in words ("1 to 9",
"1 or more") instead of the parser's ``[1<=x<=9223372036854775807]``, every
command's one-line description whole in the list of commands, never cut short
with an ellipsis, and no "..." after a usage line's arguments.

>>> range_in_words(1, 9), range_in_words(0, None), range_in_words(1, 2**63 - 1)
('1 to 9', '0 or more', '1 or more')
>>> range_in_words(None, 5), range_in_words(None, None) is None
('5 or less', True)
"""

from __future__ import annotations

import inspect
from typing import Any

import typer

__all__ = ["UNBOUNDED", "one_line", "range_in_words", "words_in_help"]

UNBOUNDED = 2**31
"""A bound this large or larger only stands for "any size" (the parser's
``sys.maxsize``); it is left unsaid."""


def range_in_words(low: float | None, high: float | None) -> str | None:
    """The range of a number option as words, or None when it has no bound."""
    if high is not None and abs(high) >= UNBOUNDED:
        high = None
    if low is not None and abs(low) >= UNBOUNDED:
        low = None
    if low is not None and high is not None:
        return f"{low:g} to {high:g}"
    if low is not None:
        return f"{low:g} or more"
    if high is not None:
        return f"{high:g} or less"
    return None


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


def words_in_help(command: Any) -> None:
    """Give every command of the tree under ``command`` (a click command built by
    Typer) whole one-line descriptions and its number options ranges in words."""
    for param in getattr(command, "params", ()):
        if hasattr(param, "_get_number_range_help_str"):
            low, high = getattr(param, "min", None), getattr(param, "max", None)
            param._get_number_range_help_str = lambda low=low, high=high: range_in_words(low, high)
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
