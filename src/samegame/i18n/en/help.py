"""The words of every help page (``samegame ... --help``) that are click's and
Typer's own: ``Usage``, the section headings, ``[default: ...]``, the range
words, the names of value types, the help of ``--help``.

A command's description and an option's help are not here: in English they are
the code's own, written once where the command is defined (``help=`` and
docstrings), and the ``help`` area of another language holds their translations
(``samegame.cli.help_language``)."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str] = {
    # The page's own words (click's and Typer's).
    "help_page.usage": "Usage",
    "help_page.usage.options": "[OPTIONS]",
    "help_page.usage.command": "COMMAND [ARGS]",
    "help_page.options": "Options",
    "help_page.commands": "Commands",
    "help_page.arguments": "Arguments",
    "help_page.help_option": "Show this message and exit.",
    "help_page.default": "default: {value}",
    "help_page.required": "required",
    "help_page.separator": "; ",
    "help_page.range": "{low} to {high}",
    "help_page.range.whole": "{low} to {high}",
    "help_page.range.low": "any number from {low}",
    "help_page.range.low.whole": "any whole number from {low}",
    "help_page.range.high": "{high} or less",
    "help_page.type.str": "TEXT",
    "help_page.type.int": "NUMBER",
    "help_page.type.float": "NUMBER",
    "help_page.type.int_range": "NUMBER",
    "help_page.type.path": "PATH",
    "help_page.type.list_str": "TEXT",
}
