"""``samegame accessibility`` and ``samegame tutorial``."""

from __future__ import annotations

import sys

import typer

from samegame.cli.common import AccessibleOption, LangOption, SymbolsOption, chosen_settings, host
from samegame.cli.errors import ExitCode, QuietExit
from samegame.i18n import Translator, translator
from samegame.repl.commands import WORDS, Kind
from samegame.repl.tutorial import run_tutorial

QUERY_KINDS = (
    Kind.BOARD,
    Kind.ROW,
    Kind.COLUMN,
    Kind.CELL,
    Kind.GROUPS,
    Kind.MORE,
    Kind.SUMMARY,
    Kind.COLOURS,
    Kind.SCORE,
    Kind.LAST,
    Kind.COORDS,
    Kind.RULES,
    Kind.HELP,
    Kind.SETTINGS,
)


def accessibility_lines(tr: Translator) -> list[str]:
    """Every switch, variable and query command, as sentences."""
    lines = [tr("a11y.title"), tr("a11y.switches")]
    for name in ("accessible", "verbosity", "lang", "color", "symbols", "one_click", "bell", "yes"):
        lines.append(tr(f"a11y.switch.{name}"))
    lines.append(tr("a11y.variables"))
    for name in ("samegame_accessible", "accessible", "no_color", "home"):
        lines.append(tr(f"a11y.var.{name}"))
    lines.append(tr("a11y.queries"))
    for kind in QUERY_KINDS:
        words = WORDS[kind]
        lines.append(tr(f"help.{kind.value}", word=words[0], short=", ".join(words[1:])))
    lines.extend([tr("a11y.settings"), tr("a11y.json"), tr("a11y.input"), tr("a11y.keys")])
    lines.extend([tr("a11y.every_command"), tr("a11y.long_work"), tr("a11y.long_work.hint")])
    return lines


def accessibility_command(lang: LangOption = None, accessible: AccessibleOption = None) -> None:
    """List every accessibility switch, environment variable and query command."""
    chosen = chosen_settings(lang, accessible)
    for line in accessibility_lines(translator(chosen.settings.language)):
        typer.echo(line)


def tutorial_command(
    lang: LangOption = None, accessible: AccessibleOption = None, symbols: SymbolsOption = None
) -> None:
    """An interactive lesson: groups, scoring, falling and closing columns, then three
    moves of your own on a practice board (nothing is saved)."""
    chosen = chosen_settings(lang, accessible, read_only=True)
    settings = chosen.settings
    if symbols is not None:
        settings = settings.with_value("symbols", symbols.value)
    status = run_tutorial(settings, stdin=sys.stdin, stdout=sys.stdout, host=host())
    if status:
        raise QuietExit(ExitCode(status))
