"""The root ``samegame`` command and ``main()``, which turns every expected failure
into one ``Error:`` line and a documented exit code (see samegame.cli.errors)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Annotated

import typer

from samegame import __version__
from samegame.board import BoardError
from samegame.boards import BoardSpecError
from samegame.cli.bench_cmd import bench_app, solve_command
from samegame.cli.board_cmd import board_app
from samegame.cli.errors import (
    CommandError,
    ExitCode,
    SaidExit,
    report,
    show_help_without_command,
)
from samegame.cli.guide_cmd import accessibility_command, tutorial_command
from samegame.cli.play_cmd import play_command
from samegame.cli.plugins_cmd import plugins_command
from samegame.cli.presets_cmd import presets_app
from samegame.cli.replay_cmd import replay_command
from samegame.cli.scores_cmd import history_command, scores_command
from samegame.cli.sim_cmd import compare_command, simulate_command, verify_command
from samegame.containment import PluginError
from samegame.plugins import UnknownNameError
from samegame.presets import PresetError
from samegame.textboard import TextBoardError

app = typer.Typer(
    name="samegame",
    help="SameGame: play, replay and study the tile-removal puzzle.",
    rich_markup_mode=None,
    invoke_without_command=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"samegame {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """SameGame: play, replay and study the tile-removal puzzle."""
    show_help_without_command(ctx)


app.command("play")(play_command)
app.command("scores")(scores_command)
app.command("history")(history_command)
app.command("tutorial")(tutorial_command)
app.command("accessibility")(accessibility_command)
app.add_typer(presets_app, name="presets")
app.add_typer(board_app, name="board")
app.command("replay")(replay_command)
app.command("plugins")(plugins_command)
app.command("simulate")(simulate_command)
app.command("verify")(verify_command)
app.command("compare")(compare_command)
app.add_typer(bench_app, name="bench")
app.command("solve")(solve_command)

_LIBRARY_ERRORS: tuple[tuple[type[BaseException], ExitCode], ...] = (
    (PresetError, ExitCode.CONFIG),
    (UnknownNameError, ExitCode.CONFIG),
    (PluginError, ExitCode.CONFIG),
    (BoardSpecError, ExitCode.USAGE),
    (TextBoardError, ExitCode.INPUT),
    (BoardError, ExitCode.INPUT),
)


def _usage_message(error: typer.TyperException) -> str:
    context = getattr(error, "ctx", None)
    where = context.command_path if context is not None else "samegame"
    message = error.format_message().rstrip(".")
    return f"{message}. See '{where} --help'."


def run(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` and return the exit code (never raises)."""
    command = typer.main.get_command(app)
    args = list(argv) if argv is not None else None
    try:
        returned = command.main(args=args, prog_name="samegame", standalone_mode=False)
    except typer.TyperException as error:
        report(_usage_message(error))
        return int(getattr(error, "exit_code", ExitCode.USAGE))
    except typer.Exit as error:
        return int(error.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        report("interrupted; nothing was lost")
        return ExitCode.INTERRUPTED
    except CommandError as error:
        report(str(error))
        return error.code
    except SaidExit as error:
        return error.code
    except BrokenPipeError:
        return ExitCode.OK
    except Exception as error:
        for kind, code in _LIBRARY_ERRORS:
            if isinstance(error, kind):
                report(str(error))
                return code
        raise
    if returned == ExitCode.INTERRUPTED:
        # Typer turns a KeyboardInterrupt inside a command into this exit code.
        report("interrupted; nothing was lost")
    return int(returned) if isinstance(returned, int) else ExitCode.OK


def main() -> None:
    """Console-script entry point."""
    sys.exit(run())
