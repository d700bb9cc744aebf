"""Exit codes and the one-line error report of every command.

| code | meaning |
|---:|---|
| 0 | success; also a command whose output's reader went away (`samegame presets list` piped to `head -1`): it stops there, silently |
| 1 | the game said no: a gate that is not met (`compare --require-better`, `--require-mean`), a record that does not verify or cannot be checked here, an illegal move in a replay, a game the executor lost |
| 2 | usage: an unknown option, a bad option value (a number out of range included), a missing argument |
| 3 | a preset or plugin problem, in every command: invalid YAML, an unknown preset, formula, board type or bot; a plugin that failed (whatever it raised), returned a bad result (a bot's illegal move included), did not return within `--bot-timeout`, or whose board generator gives two boards for one number; an optional extra that is not installed (`serve` without `samegame[web]`) or an address `serve` cannot use |
| 4 | an input file problem: unreadable file, bad board text, a file larger than its cap |
| 5 | saved data problem (corrupt or newer-format database) |
| 130 | interrupted (Ctrl-C, also inside a plugin that never returns; copies of one signal that arrive together, as `timeout` sends them, count once; a second Ctrl-C ends at once; while the command is still loading, or once it has said everything, silently; only in Python's own first few hundredths of a second, before samegame runs, is a Ctrl-C Python's, which may print its traceback) |
| 143 | terminated (SIGTERM, or SIGHUP when the terminal closes), taken like Ctrl-C: the results so far kept and said; while the command is still loading, or once it has said everything, silently (in Python's own first few hundredths of a second, before samegame runs, the signal ends the process itself: 143 for SIGTERM, 129 for SIGHUP, in a shell) |

The table is README.md's, word for word (tests/unit/cli/test_exit_code_table.py
checks both against ``ExitCode``). A plugin's fault is 3 whatever the command: the
containment wrappers (``samegame.plugin.containment``) turn anything a plugin
raises into a ``PluginError``, and a game that calls plugin code runs under one time
bound (``samegame.execution.bounded.run_game``).
"""

from __future__ import annotations

from enum import IntEnum

import typer

from samegame.core.quoting import printable_line
from samegame.i18n.said import Said, said_of


class ExitCode(IntEnum):
    OK = 0
    REJECTED = 1
    USAGE = 2
    CONFIG = 3
    INPUT = 4
    DATA = 5
    INTERRUPTED = 130
    TERMINATED = 143


class CommandError(Exception):
    """A failure reported as ``Error: <message>`` and a documented exit code. A
    catalogue message (``Said``) is said in the player's language; ``str()`` is
    its English."""

    def __init__(self, message: str | Said, code: ExitCode) -> None:
        super().__init__(str(message))
        if isinstance(message, Said):
            self.said = message
        self.code = code

    def __reduce__(self) -> tuple[type[CommandError], tuple[str | Said, ExitCode]]:
        """Picklable, so a command's error crosses from a child process."""
        return (type(self), (said_of(self) or str(self), self.code))


class QuietExit(Exception):
    """End with an exit code and nothing more said: the command has already told
    the player what happened (``play`` after Ctrl-C has said goodbye)."""

    def __init__(self, code: ExitCode) -> None:
        super().__init__(int(code))
        self.code = code


def fail(message: str | Said, code: ExitCode) -> CommandError:
    """Build the error to raise: ``raise fail("...", ExitCode.INPUT)``, or with a
    catalogue message, ``raise fail(Said.of("error.file.missing", path=path), ...)``."""
    return CommandError(message, code)


def report(message: str) -> None:
    """Print one ``Error:`` line on stderr; the message ends with what to do. The
    ``Error:`` mark is the same in every language, for scripts and for people.
    Whatever the message echoes, the line reaches the terminal escaped and capped
    (``samegame.core.quoting.printable_line``): one line, no escape sequence."""
    typer.echo(printable_line(f"Error: {message}"), err=True)


def warn(message: str) -> None:
    """Print one ``Warning:`` line on stderr, escaped and capped as ``report``'s."""
    typer.echo(printable_line(f"Warning: {message}"), err=True)


def show_help_without_command(ctx: typer.Context) -> None:
    """A command group called with no sub-command prints its help (exit 0)."""
    if ctx.invoked_subcommand is None and not ctx.resilient_parsing:
        typer.echo(ctx.get_help())
        raise typer.Exit()
