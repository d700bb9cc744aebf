"""Exit codes and the one-line error report of every command.

| code | meaning |
|---:|---|
| 0 | success |
| 1 | the game said no: an illegal move in a replay, a record that does not verify |
| 2 | usage: an unknown option, a bad option value, a missing argument |
| 3 | a preset or plugin problem: invalid YAML, an unknown name, a failing plugin |
| 4 | an input file problem: unreadable file, bad board text, a file over its cap |
| 5 | saved data problem: a corrupt or newer-format database |
| 130 | interrupted (Ctrl-C; a second Ctrl-C ends at once: samegame.cli.interrupts) |
| 143 | terminated (SIGTERM) during a simulation or comparison |
"""

from __future__ import annotations

from enum import IntEnum

import typer


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
    """A failure reported as ``Error: <message>`` and a documented exit code."""

    def __init__(self, message: str, code: ExitCode) -> None:
        super().__init__(message)
        self.code = code

    def __reduce__(self) -> tuple[type[CommandError], tuple[str, ExitCode]]:
        """Picklable, so a command's error crosses from a child process."""
        return (type(self), (str(self), self.code))


class QuietExit(Exception):
    """End with an exit code and nothing more said: the command has already told
    the player what happened (``play`` after Ctrl-C has said goodbye)."""

    def __init__(self, code: ExitCode) -> None:
        super().__init__(int(code))
        self.code = code


def fail(message: str, code: ExitCode) -> CommandError:
    """Build the error to raise: ``raise fail("...", ExitCode.INPUT)``."""
    return CommandError(message, code)


def report(message: str) -> None:
    """Print one ``Error:`` line on stderr; the message ends with what to do."""
    typer.echo(f"Error: {message}", err=True)


def show_help_without_command(ctx: typer.Context) -> None:
    """A command group called with no sub-command prints its help (exit 0)."""
    if ctx.invoked_subcommand is None and not ctx.resilient_parsing:
        typer.echo(ctx.get_help())
        raise typer.Exit()
