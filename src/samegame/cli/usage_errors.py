"""The words of an error the command line reports, in the player's language.

The language is the ``--lang`` of the command line when it names a language (read
from the words typed, so an error while the options are parsed is said in it
too), else the saved ``language`` setting (read without writing anything), else
English. Errors of the option parser (Typer's) become catalogue messages
(``error.usage.*``); every other error says the message it carries
(``samegame.i18n.said``) or its English text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import typer

from samegame.core.quoting import shown
from samegame.i18n.said import Listed, Said, said_of

__all__ = ["error_language", "error_words", "usage_said"]


def typed_language(args: Sequence[str]) -> str | None:
    """The last ``--lang CODE`` or ``--lang=CODE`` before ``--`` that names an
    available language, or None.

    >>> typed_language(["play", "--lang", "ja", "--game", "x"])
    'ja'
    >>> typed_language(["play", "--lang=xx"]) is None
    True
    """
    from samegame.i18n import LANGUAGES

    found = None
    for index, word in enumerate(args):
        if word == "--":
            break
        value = None
        if word == "--lang" and index + 1 < len(args):
            value = args[index + 1]
        elif word.startswith("--lang="):
            value = word.partition("=")[2]
        if value in LANGUAGES:
            found = value
    return found


def saved_language() -> str:
    """The saved language setting, read without writing; English when there is
    none or the saved data cannot be read. It is read while another error is
    reported, so no failure of its own may escape."""
    from samegame.play.player_settings import Settings
    from samegame.store.settings import read_setting_only

    try:
        return Settings.from_json(read_setting_only("settings", {})).language
    except Exception:  # the error being reported comes first
        return "en"


def error_language(args: Sequence[str]) -> str:
    """The language errors are said in for a command line (see the module)."""
    return typed_language(args) or saved_language()


def error_words(error: BaseException, language: str) -> str:
    """An error's message in ``language``: a usage error of the option parser as a
    catalogue message with where to read the help, any other by the message it
    carries, else its English text."""
    if isinstance(error, typer.TyperException):
        said = usage_said(error)
        context = getattr(error, "ctx", None)
        command = context.command_path if context is not None else "samegame"
        return Said.of("error.see_help", message=said, command=command).in_language(language)
    found = said_of(error)
    return found.in_language(language) if found is not None else str(error)


PROBLEM_SHOWN = 400
"""The most characters of the parser's own words (which hold the value typed)
an error says."""

_NO_SUCH_COMMAND = re.compile(
    r"No such command (?P<quote>['\"])(?P<name>.*?)(?P=quote)(?:\.? Did you mean (?P<maybe>.*)|\.?$)"
)
"""The parser's words for an unknown command: the name typed (as Python writes a
string: between quotes, with its own quotes escaped) and Typer's suggestions."""
_NOT_ONE_OF = re.compile(r"'(.*)' is not one of (.*?)\.?$")


def usage_said(error: typer.TyperException) -> Said:
    """The catalogue message of a parser error; ``error.usage.bad_value`` with
    the parser's own English words for a kind it has no message for."""
    from typer._click import exceptions as click_errors

    message = error.format_message().rstrip(".")
    if isinstance(error, click_errors.NoSuchOption):
        if error.possibilities:
            options = ", ".join(sorted(error.possibilities))
            return Said.of(
                "error.usage.no_such_option.maybe",
                option=shown(error.option_name),
                options=options,
            )
        return Said.of("error.usage.no_such_option", option=shown(error.option_name))
    if isinstance(error, click_errors.BadOptionUsage) and "requires an argument" in message:
        return Said.of("error.usage.needs_value", option=shown(error.option_name))
    if isinstance(error, click_errors.MissingParameter):
        return _missing(error)
    if isinstance(error, click_errors.BadParameter):
        return _bad_value(error, message)
    if isinstance(error, click_errors.BadArgumentUsage) and "extra argument" in message:
        return Said.of("error.usage.extra", text=shown(message.rpartition("(")[2].rstrip(")")))
    found = _NO_SUCH_COMMAND.search(message)
    if found is not None:
        name = shown(found["name"])
        maybe = re.findall(r"'([^']*)'", found["maybe"] or "")
        if maybe:  # Typer's "Did you mean 'play', 'replay'?", a sentence of its own
            commands = Listed.of(maybe, either=True)
            return Said.of("error.usage.no_such_command.maybe", name=name, commands=commands)
        return Said.of("error.usage.no_such_command", name=name)
    return Said.of(
        "error.usage.bad_value", option="samegame", problem=shown(message, PROBLEM_SHOWN)
    )


def _hint(error: typer.TyperException) -> str:
    param = getattr(error, "param", None)
    hint = getattr(error, "param_hint", None)
    if hint is None and param is not None:
        hint = param.get_error_hint()
    if isinstance(hint, (list, tuple)):
        hint = " / ".join(str(part) for part in hint)
    return str(hint) if hint is not None else "?"


def _missing(error: typer.TyperException) -> Said:
    param = getattr(error, "param", None)
    kind = "error.usage.missing"
    if param is not None and getattr(param, "param_type_name", "option") == "argument":
        kind = "error.usage.missing_argument"
    return Said.of(kind, option=_hint(error))


def _bad_value(error: typer.TyperException, message: str) -> Said:
    """A value the parser refused, by the validation error underneath (pydantic's)
    where there is one."""
    option = _hint(error)
    details = _validation_details(error.__cause__)
    if details is not None:
        kind, value, context = details
        value = shown(value) if isinstance(value, str) else value
        if kind in ("int_parsing", "int_from_float"):
            return Said.of("error.usage.not_whole_number", option=option, value=value)
        if kind == "float_parsing":
            return Said.of("error.usage.not_number", option=option, value=value)
        if kind in ("greater_than_equal", "greater_than"):
            low = context.get("ge", context.get("gt"))
            low = low + 1 if kind == "greater_than" and isinstance(low, int) else low
            return Said.of("error.usage.too_small", option=option, value=value, low=low)
        if kind in ("less_than_equal", "less_than"):
            high = context.get("le", context.get("lt"))
            high = high - 1 if kind == "less_than" and isinstance(high, int) else high
            return Said.of("error.usage.too_large", option=option, value=value, high=high)
    inner = message.partition(": ")[2] if message.startswith("Invalid value") else message
    choice = _NOT_ONE_OF.search(inner)
    if choice is not None:
        choices = ", ".join(re.findall(r"'([^']*)'", choice[2]))
        return Said.of(
            "error.usage.not_a_choice", option=option, value=shown(choice[1]), choices=choices
        )
    return Said.of("error.usage.bad_value", option=option, problem=shown(inner, PROBLEM_SHOWN))


def _validation_details(
    cause: BaseException | None,
) -> tuple[str, object, dict[str, object]] | None:
    """The kind, input and context of the first error of a pydantic
    ValidationError, or None for any other cause."""
    errors = getattr(cause, "errors", None)
    if cause is None or not callable(errors):
        return None
    try:
        first = errors()[0]
    except (IndexError, TypeError, ValueError):
        return None
    return str(first.get("type")), first.get("input"), dict(first.get("ctx") or {})
