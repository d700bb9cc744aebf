"""``samegame tutorial``: the interactive lesson, then three moves of practice."""

import sys

from samegame.cli.exit_codes import ExitCode, QuietExit
from samegame.cli.options import AccessibleOption, LangOption, SymbolsOption, chosen_settings, host
from samegame.play.program import Carried
from samegame.repl.tutorial import run_tutorial


def tutorial_command(
    lang: LangOption = None, accessible: AccessibleOption = None, symbols: SymbolsOption = None
) -> None:
    """An interactive lesson in seven steps on one small position: groups, scoring,
    falling and closing columns, then three moves of your own (nothing is saved)."""
    chosen = chosen_settings(lang, accessible, read_only=True)
    settings = chosen.settings
    if symbols is not None:
        settings = settings.with_value("symbols", symbols.value)
    carried = Carried.in_force(settings.accessible, settings.language, chosen.sources)
    status = run_tutorial(
        settings, stdin=sys.stdin, stdout=sys.stdout, host=host(), carried=carried
    )
    if status:
        raise QuietExit(ExitCode(status))
