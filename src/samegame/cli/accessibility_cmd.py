"""``samegame accessibility``: every switch, variable and query command, in words."""

import typer

from samegame.cli.options import AccessibleOption, LangOption, chosen_settings
from samegame.i18n import LANGUAGES, Translator, translator
from samegame.repl.commands import WORDS, Kind

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
    languages = tr.join(list(LANGUAGES), either=True)
    for name in ("accessible", "verbosity", "lang", "color", "symbols", "one_click", "bell", "yes"):
        lines.append(tr(f"a11y.switch.{name}", languages=languages))
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
