"""The two input paths and the switches that choose between them.

- Plain lines (``input()`` and ``print``): append-only, no escape sequences; used in
  accessible mode and whenever standard input or output is not a terminal.
- prompt_toolkit: history and readline-style completion on a sighted terminal; never
  full screen, no mouse, no toolbar, no right prompt, no suggestions.

Both feed the same Session and print the same announcer's lines.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, TextIO

from samegame.core.quoting import printable_line
from samegame.play.player_settings import accessible_from_environment
from samegame.repl.commands import ESCAPE
from samegame.repl.line_wait import wait_for_line

PROMPT = "> "


class LineIO(Protocol):
    """Reads a command line and writes announcement lines."""

    def read(self) -> str | None:
        """The next line, or None at the end of input."""

    def write(self, lines: Sequence[str]) -> None:
        """Print lines and flush before the next prompt."""

    def bell(self) -> None:
        """Ring the terminal bell."""


def resolve_accessible(
    flag: bool | None, setting: bool | None, environ: Mapping[str, str] | None = None
) -> bool:
    """Accessible mode: the flag, else SAMEGAME_ACCESSIBLE, else a non-empty
    ACCESSIBLE (``0``/``false`` mean off), else the saved setting, else off."""
    if flag is not None:
        return flag
    from_environment = accessible_from_environment(environ)
    if from_environment is not None:
        return from_environment
    return bool(setting)


def colour_enabled(
    mode: str, output_is_terminal: bool, accessible: bool, environ: Mapping[str, str] | None = None
) -> bool:
    """ANSI colour only when asked (``always``) or, for ``auto``, on a sighted
    terminal without NO_COLOR and with a TERM other than dumb."""
    env = os.environ if environ is None else environ
    if mode == "always":
        return True
    if mode == "never" or accessible:
        return False
    # no-color.org: NO_COLOR counts when it is set to a non-empty value.
    return output_is_terminal and not env.get("NO_COLOR") and env.get("TERM", "") != "dumb"


class PlainIO:
    """Append-only lines. When input is not a terminal the prompt and the command are
    echoed as one line, so a piped session reads as a transcript."""

    def __init__(self, stdin: TextIO, stdout: TextIO, *, interactive: bool) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.interactive = interactive

    def read(self) -> str | None:
        if self.interactive:
            self.stdout.write(PROMPT)
            self.stdout.flush()
            wait_for_line(self.stdin)  # Ctrl-C right after the prompt is not lost
        line = self.stdin.readline()
        if not line:
            return None
        line = line.rstrip("\r\n")
        if not self.interactive:
            self.stdout.write(printable_line(f"{PROMPT}{line}") + "\n")
        return line

    def write(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.stdout.write(line + "\n")
        self.stdout.flush()

    def bell(self) -> None:
        self.stdout.write("\a")
        self.stdout.flush()


class PromptToolkitIO:
    """prompt_toolkit on a sighted terminal, configured to stay out of the way. The
    Escape key alone cancels the selection (the line ``ESCAPE``).

    ``colour`` says, each time a line is read, whether colour is on (the setting
    may change in a game). What prompt_toolkit itself colours (the grey ``^C`` it
    echoes at Ctrl-C) then uses the terminal's 16 colours, or no colour at all
    when colour is off (A3, A21): never its default 256 or true colours."""

    def __init__(self, words: Sequence[str], colour: Callable[[], bool] = lambda: False) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import WordCompleter
        from prompt_toolkit.history import InMemoryHistory
        from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
        from prompt_toolkit.shortcuts import CompleteStyle

        keys = KeyBindings()

        @keys.add("escape")
        def _cancel(event: KeyPressEvent) -> None:
            # Escape alone (not the start of an Alt key, which prompt_toolkit
            # tells apart by timing) ends the line as the cancel command.
            event.app.exit(result=ESCAPE)

        self.session: PromptSession[str] = PromptSession(
            history=InMemoryHistory(),
            completer=WordCompleter(list(words), ignore_case=True, sentence=True),
            complete_style=CompleteStyle.READLINE_LIKE,
            complete_while_typing=False,
            auto_suggest=None,
            mouse_support=False,
            bottom_toolbar=None,
            rprompt=None,
            refresh_interval=0,
            enable_suspend=True,
            key_bindings=keys,
        )
        self.colour = colour

    def read(self) -> str | None:
        from prompt_toolkit.output import ColorDepth

        depth = ColorDepth.DEPTH_4_BIT if self.colour() else ColorDepth.DEPTH_1_BIT
        try:
            line: str = self.session.prompt(PROMPT, color_depth=depth)
            return line
        except EOFError:
            return None

    def write(self, lines: Sequence[str]) -> None:
        for line in lines:
            print(line)
        sys.stdout.flush()

    def bell(self) -> None:
        sys.stdout.write("\a")
        sys.stdout.flush()


def make_io(
    *,
    accessible: bool,
    stdin: TextIO,
    stdout: TextIO,
    words: Sequence[str],
    colour: Callable[[], bool] = lambda: False,
) -> LineIO:
    """The plain path in accessible mode or off a terminal, else prompt_toolkit
    (``colour``: whether colour is on, asked at every prompt)."""
    interactive = stdin.isatty()
    if accessible or not interactive or not stdout.isatty():
        return PlainIO(stdin, stdout, interactive=interactive)
    return PromptToolkitIO(words, colour)
