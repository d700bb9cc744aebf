"""``samegame tutorial``: the interactive lesson, in plain lines."""

from __future__ import annotations

import sys

from samegame.cli.common import AccessibleOption, LangOption, chosen_settings
from samegame.i18n import translator
from samegame.repl.terminal import PlainIO
from samegame.repl.tutorial import Tutorial


def tutorial_command(lang: LangOption = None, accessible: AccessibleOption = None) -> None:
    """An interactive lesson: groups, scoring, falling and closing columns, then three
    moves of your own on a practice board (nothing is saved)."""
    chosen = chosen_settings(lang, accessible)
    # The lesson speaks in plain lines on every path: no drawing, no repainting.
    io = PlainIO(sys.stdin, sys.stdout, interactive=sys.stdin.isatty())
    Tutorial(io, translator(chosen.settings.language)).run()
