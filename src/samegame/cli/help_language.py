"""``--help`` pages in the player's language (A33). A page in English is the
code's own: each command's description (its docstring or ``help=``) and each
option's ``help=``, written once, where the command is defined. In another
language the descriptions and option help are that language's translations, in
the catalogue area ``help`` (``samegame.i18n.ja.help``), and click's own words
(``Usage``, ``Options``, ``[default: ...]``, ``[required]``) come from the area
in every language, English included.

The language of a page is chosen as an error's is (``samegame.cli.usage_errors``):
the ``--lang`` typed on the command line when it names a language, else the saved
``language`` setting, read without writing anything, else English. It is asked
only when a page is shown. A ``--lang`` beside ``--help`` chooses the page's
language for every command, one that takes no ``--lang`` of its own too
(``samegame --help --lang ja``, ``samegame plugins --help --lang ja``).

A translation's key names the command tree: ``cli`` is the root's description,
``cli.play`` the first paragraph of ``play``'s (the line in the list of
commands), ``cli.play.2`` its second, ``cli.play.--preset`` an option's help by
its first long name, ``cli.verify.files`` an argument's; ``help_texts`` gives the
English each key translates. The words a player types that hold a symbol
(``nrpa:level=3``, ``1,4,9-12``) are parameters, ``TYPED``, so that the catalogues
hold none. A text without a translation (a plugin's command) is said in its own
words.

>>> help_key(("bench", "standard"))
'cli.bench.standard'
>>> HelpWords("ja").text("cli.play.--yes", "Answer yes to every question.")
'すべての質問に yes と答えます。'
>>> HelpWords("ja").text("cli.plugin-command.--x", "Its own words.")
'Its own words.'
>>> HelpWords("en").text("cli.play.--yes", "Answer yes to every question.")
'Answer yes to every question.'
>>> typed_as_parameters("Bot and options, e.g. lookahead:depth=2.")
'Bot and options, e.g. {lookahead_depth}.'
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import typer

from samegame.cli.help_page import HelpPage
from samegame.cli.help_words import one_line, ranges_in_words, types_in_words

__all__ = [
    "TYPED",
    "HelpWords",
    "help_key",
    "help_texts",
    "help_tree",
    "param_key",
    "speak_help",
    "typed_as_parameters",
    "without_page_language",
]

TYPED: Mapping[str, str] = {
    "nrpa_level": "nrpa:level=3",
    "nrpa_time": "nrpa:time=2",
    "beam_width": "beam:width=64",
    "lookahead_depth": "lookahead:depth=2",
    "bots": "random,greedy,lookahead:depth=2",
    "bot_score": "BOT=SCORE",
    "accessible_variable": "SAMEGAME_ACCESSIBLE=1",
    "some_positions": "1,4,9-12",
    "accessible_option": "--accessible",
}
"""What a player types, written into the help texts as it is typed in every
language (``{nrpa_level}`` in a catalogue's text)."""

HEADINGS = {
    "Options": "help_page.options",
    "Commands": "help_page.commands",
    "Arguments": "help_page.arguments",
}
"""Click's section headings and the keys of their words."""

CLICK_OPTIONS_METAVAR = "[OPTIONS]"
"""Click's usage word for the options, which a page says in its language."""

_SAID = "_samegame_help_said"


def help_key(path: Sequence[str]) -> str:
    """The key of the command at ``path`` (names below the root)."""
    return ".".join(("cli", *path))


def param_key(path: Sequence[str], param: Any) -> str:
    """The key of an option's or argument's help: the command's key and the
    option's first long name (``--colours`` of ``-c, --colours, --colors``),
    else its first name, or the argument's name."""
    if getattr(param, "param_type_name", "option") == "argument":
        name = param.name
    else:
        name = next((opt for opt in param.opts if opt.startswith("--")), param.opts[0])
    return f"{help_key(path)}.{name}"


def help_tree(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every command and group under ``command`` with its path, itself first."""
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from help_tree(sub, (*path, name))


def help_texts(command: Any) -> dict[str, str]:
    """The English help of every command, option and argument of the tree under
    ``command`` (a click command built by Typer), by key, as a translation
    translates it: a description paragraph by paragraph (``cli.play``,
    ``cli.play.2``), each on one line, and what a player types as its ``TYPED``
    parameter. A command or option without help has no text to translate. The
    tree is read as built, before ``speak_help`` has said a page in a language."""
    found: dict[str, str] = {}
    for path, each in help_tree(command):
        paragraphs = inspect.cleandoc(each.help).split("\n\n") if each.help else []
        for number, paragraph in enumerate(paragraphs, 1):
            key = help_key(path) if number == 1 else f"{help_key(path)}.{number}"
            found[key] = typed_as_parameters(" ".join(paragraph.splitlines()))
        for param in each.params:
            if getattr(param, "help", None):
                found[param_key(path, param)] = typed_as_parameters(param.help)
    return found


def typed_as_parameters(text: str) -> str:
    """``text`` with what a player types (a value of ``TYPED``) written as its
    parameter (``{nrpa_level}``), as the catalogues write it."""
    for name, typed in sorted(TYPED.items(), key=lambda item: -len(item[1])):
        text = text.replace(typed, f"{{{name}}}")
    return text


class HelpWords:
    """The words of the help pages in one language (English for one without a
    catalogue)."""

    def __init__(self, language: str) -> None:
        from samegame.i18n import LANGUAGES, translator

        self.language = language if language in LANGUAGES else "en"
        self._say = translator(self.language)

    def word(self, key: str, **params: object) -> str:
        """One of the page's own words (``help_page.*``)."""
        return self._say(key, **params)

    def text(self, key: str, own: str | None) -> str | None:
        """The help at ``key``, or ``own`` when the catalogue has none."""
        return self._say(key, **TYPED) if self._say.has(key) else own

    def description(self, key: str, own: str | None) -> str | None:
        """A command's description: its paragraphs ``key``, ``key.2``, and so on,
        or ``own`` when the catalogue has none."""
        if not self._say.has(key):
            return own
        paragraphs, number = [self._say(key, **TYPED)], 2
        while self._say.has(f"{key}.{number}"):
            paragraphs.append(self._say(f"{key}.{number}", **TYPED))
            number += 1
        return "\n\n".join(paragraphs)


def speak_help(command: Any, language: Callable[[], str]) -> None:
    """Make every help page of the tree under ``command`` (a click command built
    by Typer, after ``words_in_help``) speak the language ``language()`` names,
    asked once, when a page is first shown."""
    words = functools.cache(lambda: HelpWords(language()))
    for path, each in help_tree(command):
        each.get_help = functools.partial(_page, each, path, words)


def _page(command: Any, path: tuple[str, ...], words: Callable[[], HelpWords], ctx: Any) -> str:
    """The help page of ``command``, as ``Command.get_help`` gives it."""
    said = words()
    _in_words(command, path, said, ctx)
    page = HelpPage(
        usage=said.word("help_page.usage"),
        headings={heading: said.word(key) for heading, key in HEADINGS.items()},
        width=ctx.terminal_width,
        max_width=ctx.max_content_width,
    )
    command.format_help(ctx, page)
    return page.getvalue().rstrip("\n")


def _in_words(command: Any, path: tuple[str, ...], said: HelpWords, ctx: Any) -> None:
    """Put the words of ``command``'s page in ``said``'s language: its
    description, usage, options and the descriptions of its commands."""
    if getattr(command, _SAID, False):
        return
    setattr(command, _SAID, True)
    command.help = said.description(help_key(path), command.help)
    if command.options_metavar == CLICK_OPTIONS_METAVAR:
        command.options_metavar = said.word("help_page.usage.options")
    if isinstance(command, typer.core.TyperGroup):
        command.subcommand_metavar = said.word("help_page.usage.command")
        for name, sub in command.commands.items():
            sub.short_help = one_line(said.description(help_key((*path, name)), sub.help))
    help_option = command.get_help_option(ctx)
    for param in command.get_params(ctx):
        if param is help_option:
            param.help = said.word("help_page.help_option")
        else:
            param.help = said.text(param_key(path, param), param.help)
        ranges_in_words(param, said.language)
        _details_in_words(param, said)


def _details_in_words(param: Any, said: HelpWords) -> None:
    """An option's type and the bracket after its help (``[default: 1; 1 or
    more; required]``) in ``said``'s words."""
    record = param.get_help_record
    types_in_words(param, said.language)
    param.get_help_record = lambda ctx: _record(record(ctx), param, said)


def _record(found: tuple[str, str] | None, param: Any, said: HelpWords) -> tuple[str, str] | None:
    """An option's row with the bracket Typer writes after its help, ``default:
    VALUE``, the range and ``required`` joined by ``; ``, in ``said``'s words."""
    if found is None:
        return None
    name, text = found
    own = param.help or ""
    bracket = text.removeprefix(own).strip()
    if not (text.startswith(own) and bracket.startswith("[") and bracket.endswith("]")):
        return found
    inner, after = bracket[1:-1], []
    if param.required and (inner == "required" or inner.endswith("; required")):
        inner = inner.removesuffix("required").removesuffix("; ")
        after.append(said.word("help_page.required"))
    ranged = getattr(param, "_get_number_range_help_str", None)
    span = ranged() if ranged is not None else None
    if span and (inner == span or inner.endswith(f"; {span}")):
        inner = inner.removesuffix(span).removesuffix("; ")
        after.insert(0, span)
    value = inner.removeprefix("default: ")
    if value != inner:
        after.insert(0, said.word("help_page.default", value=value))
    elif inner:  # words Typer adds that have no catalogue words (none so far)
        after.insert(0, inner)
    separator = said.word("help_page.separator")
    shown = f"[{separator.join(after)}]"
    return name, f"{own}  {shown}" if own else shown


def without_page_language(command: Any, args: Sequence[str]) -> list[str]:
    """The words given to the parser: ``args``, except that when they ask for
    help (``--help`` before any ``--``), a ``--lang CODE`` typed where the
    command it follows takes no ``--lang`` is left out, having chosen the
    page's language (it would be an error otherwise: no such option).

    >>> app = typer.Typer(add_completion=False)
    >>> _ = app.command()(lambda: None)
    >>> root = typer.main.get_command(app)
    >>> without_page_language(root, ["--help", "--lang", "ja"])
    ['--help']
    >>> without_page_language(root, ["--lang", "ja"])
    ['--lang', 'ja']
    """
    words = list(args)
    end = words.index("--") if "--" in words else len(words)
    if "--help" not in words[:end]:
        return words
    kept: list[str] = []
    reached, value_left_out = command, False
    for word in words[:end]:
        if value_left_out:
            value_left_out = False
            continue
        if word == "--lang" or word.startswith("--lang="):
            if not any("--lang" in getattr(param, "opts", ()) for param in reached.params):
                value_left_out = word == "--lang"
                continue
        elif not word.startswith("-"):
            reached = getattr(reached, "commands", {}).get(word, reached)
        kept.append(word)
    return kept + words[end:]
