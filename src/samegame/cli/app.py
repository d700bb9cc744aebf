"""The root ``samegame`` command and ``main()``, which turns every expected failure
into one ``Error:`` line and a documented exit code (see samegame.cli.exit_codes)."""

import contextlib
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from samegame import __version__
from samegame.cli.exit_codes import (
    CommandError,
    ExitCode,
    QuietExit,
    report,
    show_help_without_command,
)
from samegame.cli.help_language import speak_help, without_page_language
from samegame.cli.help_words import words_in_help
from samegame.i18n.said import Said

if TYPE_CHECKING:
    from typer._click import Command

# Every command and the module that holds it, in the order help lists them. A
# command's module is imported only when that command runs (or when help lists
# them all), so `samegame play` never loads the simulator or the search bots.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("samegame.cli.play_cmd", "play_command"),
    "scores": ("samegame.cli.scores_cmd", "scores_command"),
    "history": ("samegame.cli.scores_cmd", "history_command"),
    "review": ("samegame.cli.review_cmd", "review_command"),
    "serve": ("samegame.cli.serve_cmd", "serve_command"),
    "tutorial": ("samegame.cli.tutorial_cmd", "tutorial_command"),
    "accessibility": ("samegame.cli.accessibility_cmd", "accessibility_command"),
    "presets": ("samegame.cli.presets_cmd", "presets_app"),
    "board": ("samegame.cli.groups_cmd", "board_app"),  # board_cmd's, with board groups
    "replay": ("samegame.cli.replay_cmd", "replay_command"),
    "plugins": ("samegame.cli.plugins_cmd", "plugins_command"),
    "plugin": ("samegame.cli.plugin_new_cmd", "plugin_app"),
    "simulate": ("samegame.cli.sim_cmd", "simulate_command"),
    "verify": ("samegame.cli.verify_cmd", "verify_command"),
    "compare": ("samegame.cli.sim_cmd", "compare_command"),
    "bench": ("samegame.cli.bench_cmd", "bench_app"),
    "solve": ("samegame.cli.solve_cmd", "solve_command"),
}


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"samegame {__version__}")
        raise typer.Exit()


def _root(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Show the version."),
    ] = False,
    plugin: Annotated[
        list[str] | None,
        typer.Option(
            "--plugin",
            "-p",
            help="Load this importable module as a plugin for this run, installed or not.",
        ),
    ] = None,
    plugins_dir: Annotated[
        str | None,
        typer.Option(
            "--plugins-dir", help="Load every .py file of this folder as a plugin for this run."
        ),
    ] = None,
) -> None:
    """SameGame: play, replay and study the tile-removal puzzle."""
    # --plugin and --plugins-dir are taken before the command line is parsed
    # (``plugin_options``): the plugins must be loaded before the commands are.
    show_help_without_command(ctx)


PLUGIN_OPTIONS = ("-p", "--plugin", "--plugins-dir")


def plugin_options(args: Sequence[str]) -> list[str]:
    """``args`` without the global ``--plugin MODULE`` (``-p``) and ``--plugins-dir
    DIR`` before the command, which are put in the environment
    (``SAMEGAME_PLUGIN_MODULES``, ``SAMEGAME_PLUGINS_DIR``) for the plugin host,
    and for the worker processes a run starts. CommandError (exit 2) for a
    missing value or a folder that is not there."""
    if not any(word.partition("=")[0] in PLUGIN_OPTIONS for word in args):
        return list(args)  # nothing more is loaded for the common case
    import os

    from samegame.cli.exit_codes import fail
    from samegame.plugin.loading import DIRECTORY_VAR, MODULES_VAR

    kept: list[str] = []
    modules: list[str] = []
    folder: str | None = None
    index = 0
    while index < len(args):
        word = args[index]
        if word == "--" or not word.startswith("-"):
            kept.extend(args[index:])
            break
        name, equals, value = word.partition("=")
        if name not in PLUGIN_OPTIONS:
            kept.append(word)
            index += 1
            continue
        if not equals:
            if index + 1 >= len(args):
                raise fail(Said.of("error.plugin_option.value", option=name), ExitCode.USAGE)
            value = args[index + 1]
            index += 1
        index += 1
        if name == "--plugins-dir":
            folder = value
        else:
            modules.append(value)
    if folder is not None:
        if not os.path.isdir(folder):
            raise fail(Said.of("error.plugins_dir.missing", path=folder), ExitCode.USAGE)
        os.environ[DIRECTORY_VAR] = folder
    if modules:
        given = [name for name in os.environ.get(MODULES_VAR, "").split(",") if name.strip()]
        os.environ[MODULES_VAR] = ",".join([*given, *modules])
    return kept


def build_app(names: Sequence[str] | None = None) -> typer.Typer:
    """The root command with the named commands registered (None: every one)."""
    root = typer.Typer(
        name="samegame",
        rich_markup_mode=None,
        invoke_without_command=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    root.callback()(_root)
    for name in COMMANDS if names is None else names:
        module, attribute = COMMANDS[name]
        _add(root, name, getattr(importlib.import_module(module), attribute), None)
    if names is None:
        _add_plugin_commands(root)
    return root


def _add(root: typer.Typer, name: str, found: Callable[..., Any], description: str | None) -> None:
    """Register a command or a group; a group without ``description`` keeps its
    own help (None given to Typer would blank it)."""
    if isinstance(found, typer.Typer):
        if description is None:
            root.add_typer(found, name=name)
        else:
            root.add_typer(found, name=name, help=description)
    else:
        root.command(name, help=description)(found)


def _add_plugin_commands(root: typer.Typer) -> None:
    """The commands plugins add (samegame_commands); a built-in name is refused."""
    from samegame.cli.options import host

    for name, command in sorted(host().commands().items()):
        if name in COMMANDS:
            typer.echo(
                f"Warning: command '{name}' from {command.source} rejected: samegame has "
                "a built-in command of that name",
                err=True,
            )
            continue
        _add(root, name, command.run, command.description)


def _wanted(argv: Sequence[str]) -> list[str] | None:
    """The one command ``argv`` runs, when it names a built-in command; none for
    ``--version`` before any command (it answers before a command is looked at);
    else None (help, a plugin's command, a typo, no command: every command is
    loaded, the plugins' too, so that help lists all)."""
    for word in argv:
        if word in ("--", "--help"):
            break
        if word == "--version":
            return []
        if not word.startswith("-"):
            return [word] if word in COMMANDS else None
    return None


def _library_errors() -> tuple[tuple[type[BaseException], ExitCode], ...]:
    """Library errors that reach the top and their exit codes (imported only when
    an error has to be sorted)."""
    from samegame.core.board import BoardError
    from samegame.core.numbering import BoardSpecError
    from samegame.core.textboard import TextBoardError
    from samegame.execution.executors import ExecutorFailed
    from samegame.plugin.bot_api import BotError
    from samegame.plugin.containment import PluginError
    from samegame.plugin.host import UnknownNameError
    from samegame.presets import PresetError
    from samegame.records.writing import RecordFileError

    return (
        (PresetError, ExitCode.CONFIG),
        (UnknownNameError, ExitCode.CONFIG),
        (PluginError, ExitCode.CONFIG),
        (BoardSpecError, ExitCode.USAGE),
        (TextBoardError, ExitCode.INPUT),
        (BoardError, ExitCode.INPUT),
        (RecordFileError, ExitCode.INPUT),
        (BotError, ExitCode.REJECTED),
        (ExecutorFailed, ExitCode.REJECTED),
    )


def run(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` and return the exit code (never raises)."""
    args = list(argv) if argv is not None else sys.argv[1:]
    from samegame.cli import interrupts
    from samegame.core.stops import held

    try:
        # A request to stop while the command line loads is held to the end of the
        # loading, then ends the run: nothing has begun, so nothing is said.
        with held():
            interrupts.reset()
            args = plugin_options(args)
            command = _command_line(args)
    except KeyboardInterrupt as stop:
        return interrupts.stop_code(stop)
    except CommandError as error:
        from samegame.cli.usage_errors import error_words

        report(error_words(error, _language(args)))
        return error.code

    def say(error: BaseException) -> None:
        from samegame.cli.usage_errors import error_words

        words = error_words(error, _language(args))
        with contextlib.suppress(BrokenPipeError):  # stderr's reader has gone: no one to tell
            report(words)

    try:
        returned = command.main(
            args=without_page_language(command, args), prog_name="samegame", standalone_mode=False
        )
    except typer.TyperException as error:
        say(error)
        return int(getattr(error, "exit_code", ExitCode.USAGE))
    except typer.Exit as error:
        return int(error.exit_code)
    except (typer.Abort, KeyboardInterrupt) as error:
        return _stopped(error, args)
    except CommandError as error:
        say(error)
        return error.code
    except QuietExit as error:
        return error.code
    except (BrokenPipeError, SystemExit) as error:
        # Click ends a command whose output lost its reader with SystemExit(1).
        from samegame.cli.closed_output import closed_by_reader

        if closed_by_reader(error):
            return ExitCode.OK
        raise
    except Exception as error:
        for kind, code in _library_errors():
            if isinstance(error, kind):
                say(error)
                return code
        raise
    if returned == ExitCode.INTERRUPTED:
        # Typer turns a KeyboardInterrupt inside a command into this exit code.
        return _stopped(None, args)
    return int(returned) if isinstance(returned, int) else ExitCode.OK


def _command_line(args: Sequence[str]) -> "Command":
    """The click command that runs ``args``: the root with the command ``args``
    names (every command when unsure), its help in whole words and in the
    player's language."""
    command = typer.main.get_command(build_app(_wanted(args)))
    words_in_help(command)
    speak_help(command, lambda: _language(args))
    return command


def _language(args: Sequence[str]) -> str:
    """The language of errors and help pages: the ``--lang`` typed, else the
    saved setting (read without writing), else English."""
    from samegame.cli.usage_errors import error_language

    return error_language(args)


def _stopped(error: BaseException | None, args: Sequence[str]) -> int:
    """Report a command stopped by Ctrl-C (130) or by SIGTERM or SIGHUP (143): click
    hands the KeyboardInterrupt on as the cause of an Abort."""
    from samegame.cli import interrupts
    from samegame.cli.usage_errors import error_language
    from samegame.core.stops import Terminated

    cause = error.__cause__ or error.__context__ if isinstance(error, typer.Abort) else error
    if isinstance(cause, Terminated) or interrupts.terminated():
        report(Said.of("error.terminated").in_language(error_language(args)))
        return ExitCode.TERMINATED
    report(Said.of("error.interrupted").in_language(error_language(args)))
    return ExitCode.INTERRUPTED


def main() -> None:
    """Run the command line on ``sys.argv`` and exit with its code, after
    ``samegame.cli.main`` has armed ``samegame.cli.interrupts`` (so a second
    Ctrl-C ends the process at once). A request to stop that comes after the
    command has finished, until the process has ended, ends it with the
    request's code, silently (``interrupts.end_process``)."""
    from samegame.cli import interrupts

    try:
        code = run()
        from samegame.cli.closed_output import settle

        settle()
    except KeyboardInterrupt as stop:
        code = interrupts.stop_code(stop)
    interrupts.end_process(code)
