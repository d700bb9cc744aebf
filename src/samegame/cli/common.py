"""Pieces shared by the commands: the plugin host, preset and board look-ups,
option declarations and JSON output."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from samegame.cli.exit_codes import CommandError, ExitCode, fail, warn
from samegame.cli.whole_numbers import whole_number
from samegame.core.board import Board, BoardError
from samegame.core.limits import MAX_FILE_BYTES, InputTooLargeError, read_file_capped
from samegame.core.quoting import shown
from samegame.core.regular_files import (
    PATH_SHOWN,
    NotRegularFileError,
    read_regular_file,
    unreadable,
)
from samegame.core.textboard import TextBoardError, read_board, read_boards
from samegame.i18n.said import Said
from samegame.play import choices
from samegame.play.choices import ChoiceError, Fault
from samegame.plugin.contributions import GeneratedBoard, Renderer
from samegame.plugin.host import PluginHost, UnknownNameError, get_host

if TYPE_CHECKING:
    from samegame.bots import BotSpec
    from samegame.execution.executors import ExecutorKind
    from samegame.i18n import Translator
    from samegame.presets import BoardSetup, Preset
    from samegame.repl.settings_command import InForce

_warned = False


def host() -> PluginHost:
    """The plugin host; its load problems are printed once as warnings on stderr."""
    global _warned
    loaded = get_host()
    if not _warned:
        _warned = True
        for problem in loaded.problems:
            warn(problem)
    return loaded


_FAULT_EXIT = {Fault.USAGE: ExitCode.USAGE, Fault.CONFIG: ExitCode.CONFIG}


def choice_failure(error: ChoiceError) -> CommandError:
    """The command's error for a choice that cannot be made: exit 2 for the
    player's option, 3 for a preset or plugin."""
    return fail(str(error), _FAULT_EXIT[error.fault])


def chosen_renderer(name: str, option: str) -> Renderer:
    """The renderer a ``--format`` or ``--renderer`` names, or an exit-2 error that
    lists the renderers there are."""
    try:
        return choices.chosen_renderer(host(), name, option)
    except ChoiceError as error:
        raise choice_failure(error) from None


class TextOrJson(StrEnum):
    text = "text"
    json = "json"


FormatOption = Annotated[TextOrJson, typer.Option("--format", "-f", help="text or json.")]

PresetOption = Annotated[
    str,
    typer.Option("--preset", "-p", help="Preset name or path to a preset YAML file."),
]
SizeOption = Annotated[
    str | None,
    typer.Option("--size", "-s", help="A size name of the preset, or WxH (columns x rows)."),
]
ColoursOption = Annotated[
    int | None,
    typer.Option(
        "--colours",
        "--colors",
        "-c",
        parser=whole_number(None),
        help="Number of colours (overrides the size's).",
    ),
]
BoardTypeOption = Annotated[
    str | None,
    typer.Option("--board-type", "-t", help="Board type (generator), for example solvable."),
]
BoardNumberOption = Annotated[
    int | None,
    typer.Option(
        "--board-number",
        "-n",
        parser=whole_number(None),
        help="Board number: the same number gives the same board.",
    ),
]
FormulaOption = Annotated[
    str | None, typer.Option("--formula", help="Scoring formula, where the preset allows a choice.")
]
ClearBonusOption = Annotated[
    int | None,
    typer.Option("--clear-bonus", parser=whole_number(None), help="Points for clearing the board."),
]


LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help="Language code; samegame accessibility lists them (default: the saved setting, else en).",
    ),
]


class SymbolChoice(StrEnum):
    """The values of ``--symbols``: the ``symbols`` setting's choices."""

    letters = "letters"
    shapes = "shapes"
    digits = "digits"


SymbolsOption = Annotated[
    SymbolChoice | None,
    typer.Option(
        "--symbols",
        help="How tiles are drawn for a sighted player: letters, shapes or digits "
        "(1 to 9, the legend says which colour each is); default: the saved setting.",
    ),
]
BotTimeoutOption = Annotated[
    float | None,
    typer.Option(
        "--bot-timeout",
        help="Seconds one game that calls plugin code (a plugin's bot, formula, penalty "
        "or board generator) may take before it is stopped with exit 3 "
        "(default: the bot's time option plus 5, else 60).",
    ),
]


def check_bot_timeout(seconds: float | None) -> float | None:
    """``--bot-timeout`` checked: a number of seconds above 0 and at most
    ``samegame.execution.bounded.MAX_SECONDS`` (exit 2 otherwise, NaN and infinity
    included)."""
    from samegame.execution.bounded import MAX_SECONDS  # the simulator only when asked

    if seconds is not None and not 0 < seconds <= MAX_SECONDS:
        raise fail(
            f"--bot-timeout must be a number of seconds above 0 and at most "
            f"{MAX_SECONDS:.0f}, not {seconds:g}",
            ExitCode.USAGE,
        )
    return seconds


BotOption = Annotated[
    str, typer.Option("--bot", help="Bot and options, for example nrpa:level=3 or beam:width=64.")
]
BotSeedOption = Annotated[
    int, typer.Option("--seed", parser=whole_number(), help="Root seed of the bot's choices.")
]


def checked_bot(
    text: str,
    seconds: float | None,
    flag: str,
    bot_timeout: float | None,
    kind: ExecutorKind,
) -> BotSpec:
    """``bench``'s and ``solve``'s ``--bot``, its time budget (given by ``flag``)
    set and checked, fit for the executor of ``kind``
    (``samegame.benchmark.bot_games``): exit 2 for a bad bot option or time budget
    or a bot that cannot run on the executor's workers, 3 for an unknown bot or a
    plugin's bot whose ``create`` fails or does not return."""
    from samegame.benchmark.bot_games import check_executor, timed_bot
    from samegame.bots import BotOptionError

    try:
        spec = timed_bot(host(), text, seconds, flag, bot_timeout)
        check_executor(host(), spec, kind)
    except BotOptionError as error:
        raise fail(str(error), ExitCode.USAGE) from None
    except UnknownNameError as error:
        raise fail(str(error), ExitCode.CONFIG) from None
    return spec


AccessibleOption = Annotated[
    bool | None,
    typer.Option(
        "--accessible/--no-accessible",
        help="Plain append-only lines for screen readers (default: the saved setting).",
    ),
]


def check_language(lang: str | None) -> None:
    """An exit-2 error for a language that is not available."""
    try:
        choices.check_language(lang)
    except ChoiceError as error:
        raise choice_failure(error) from None


def chosen_settings(
    lang: str | None, accessible: bool | None, *, read_only: bool = False
) -> InForce:
    """The saved language and accessible setting under this run's ``--lang`` and
    ``--accessible`` (never saved): what every command honours (A29). A store that
    cannot be read gives the defaults, with a warning. ``read_only`` reads the
    saved settings without creating or writing the database (the tutorial)."""
    from samegame.repl.settings_command import in_force
    from samegame.store import DamagedSettingError, Store, StoreError
    from samegame.store.settings import read_setting_only

    check_language(lang)
    try:
        if read_only:
            saved = read_setting_only("settings", {})
        else:
            with Store() as store:
                saved = store.get_setting("settings", {})
    except StoreError as error:
        from samegame.cli.usage_errors import error_words

        language = lang or "en"  # the saved language cannot be read
        problem = error_words(error, language).rstrip("。.")
        said = Said.of("error.warning.settings", problem=problem)
        # A damaged database is reported once, by the command that uses it.
        if read_only or isinstance(error, DamagedSettingError):
            warn(said.in_language(language))
        saved = {}
    flags: dict[str, str] = {}
    if lang is not None:
        flags["language"] = lang
    if accessible is not None:
        flags["accessible"] = "on" if accessible else "off"
    return in_force(saved, flags)


def chosen_translator(
    lang: str | None, accessible: bool | None, *, read_only: bool = False
) -> Translator:
    """The translator of the language in force for this run (``read_only`` as for
    ``chosen_settings``)."""
    from samegame.i18n import translator

    return translator(chosen_settings(lang, accessible, read_only=read_only).settings.language)


def load_preset(name: str, formula: str | None = None, clear_bonus: int | None = None) -> Preset:
    """The preset with the player's rule overrides applied, or an exit-3 error."""
    try:
        return choices.chosen_preset(host(), name, formula, clear_bonus)
    except ChoiceError as error:
        raise choice_failure(error) from None


def board_setup(
    preset: Preset, size: str | None, colours: int | None, board_type: str | None
) -> BoardSetup:
    """The board setup of the player's choices, or an exit-2 error."""
    try:
        return choices.chosen_board_setup(preset, size, colours, board_type)
    except ChoiceError as error:
        raise choice_failure(error) from None


def numbered_board(setup: BoardSetup, number: int) -> GeneratedBoard:
    """The board of a number under a setup, in the preset's palette order (as a
    player sees it), or an exit-2 error saying what is allowed."""
    try:
        return choices.numbered_board(host(), setup, number)
    except ChoiceError as error:
        raise choice_failure(error) from None


def unreadable_file(path: str, error: OSError) -> CommandError:
    """The exit-4 error for a file that cannot be read: missing, or the system's
    reason."""
    return fail(unreadable(path, error), ExitCode.INPUT)


def _file_bytes(path: str) -> bytes:
    """The bytes of a board file (``-`` is standard input), at most
    ``MAX_FILE_BYTES``; a named pipe, a device or a folder is refused at once."""
    if path == "-":
        return read_file_capped(path)
    return read_regular_file(path, "a board file")


def read_board_file(path: str, *, many: bool = False) -> list[Board]:
    """Boards from a file (``-`` is standard input), at most ``MAX_FILE_BYTES``, each
    with at least one tile; or an exit-4 error (a path that is not a regular file
    included: it is refused without waiting on it)."""
    named = shown(path, PATH_SHOWN)
    try:
        text = _file_bytes(path).decode("utf-8-sig")
    except NotRegularFileError as error:
        raise fail(str(error), ExitCode.INPUT) from None
    except OSError as error:
        raise unreadable_file(path, error) from None
    except InputTooLargeError:
        said = Said.of("error.file.too_large", path=named, limit=f"{MAX_FILE_BYTES:,}")
        raise fail(said, ExitCode.INPUT) from None
    except UnicodeDecodeError:
        raise fail(Said.of("error.file.not_text", path=named), ExitCode.INPUT) from None
    try:
        return (
            read_boards(text, tiles_required=True)
            if many
            else [read_board(text, tiles_required=True)]
        )
    except (TextBoardError, BoardError) as error:
        said = Said.of("error.file.board", path=named, problem=str(error))
        raise fail(said, ExitCode.INPUT) from None


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
