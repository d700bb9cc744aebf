"""``samegame accessibility`` and ``samegame tutorial``."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from samegame.cli.errors import ExitCode, fail
from samegame.i18n import LANGUAGES, Translator, translator
from samegame.repl.commands import WORDS, Kind
from samegame.repl.terminal import PlainIO
from samegame.repl.tutorial import Tutorial

LangOption = Annotated[str, typer.Option("--lang", help="Language: en or ja.")]

QUERY_KINDS = (
    Kind.BOARD,
    Kind.ROW,
    Kind.COLUMN,
    Kind.CELL,
    Kind.GROUPS,
    Kind.SUMMARY,
    Kind.COLOURS,
    Kind.SCORE,
    Kind.LAST,
    Kind.COORDS,
    Kind.RULES,
    Kind.HELP,
    Kind.SETTINGS,
)


def _translator(lang: str) -> Translator:
    if lang not in LANGUAGES:
        raise fail(
            f"language '{lang}' is not available; use --lang en or --lang ja", ExitCode.USAGE
        )
    return translator(lang)


def accessibility_lines(tr: Translator) -> list[str]:
    """Every switch, variable and query command, as sentences."""
    lines = [tr("a11y.title"), tr("a11y.switches")]
    for name in ("accessible", "verbosity", "lang", "color", "one_click", "bell", "yes"):
        lines.append(tr(f"a11y.switch.{name}"))
    lines.append(tr("a11y.variables"))
    for name in ("samegame_accessible", "accessible", "no_color", "home"):
        lines.append(tr(f"a11y.var.{name}"))
    lines.append(tr("a11y.queries"))
    for kind in QUERY_KINDS:
        words = WORDS[kind]
        lines.append(tr(f"help.{kind.value}", word=words[0], short=", ".join(words[1:])))
    lines.extend([tr("a11y.settings"), tr("a11y.json"), tr("a11y.input")])
    return lines


def accessibility_command(lang: LangOption = "en") -> None:
    """List every accessibility switch, environment variable and query command."""
    for line in accessibility_lines(_translator(lang)):
        typer.echo(line)


def tutorial_command(lang: LangOption = "en") -> None:
    """A short interactive lesson: cells, groups, how tiles fall and columns close, scoring."""
    tr = _translator(lang)
    io = PlainIO(sys.stdin, sys.stdout, interactive=sys.stdin.isatty())
    Tutorial(io, tr).run()
