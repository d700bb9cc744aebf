"""The command line's options and their checks: the Typer option types the
commands share (``PresetOption``, ``LangOption``, ``FormatOption`` and the rest;
``whole_number_option``, the one block of a whole-number option with its range),
the choices they name (the plugin host, a renderer, a language, a bot) checked
into exit-coded errors, the settings in force under ``--lang`` and
``--accessible``, and ``--format json``'s printing. Reading presets, boards and
files is ``samegame.cli.inputs``."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from samegame.cli.exit_codes import CommandError, ExitCode, fail, warn
from samegame.cli.whole_numbers import whole_number
from samegame.core.limits import MAX_POINTS, SQLITE_MAX_INTEGER
from samegame.i18n.said import Said
from samegame.play import choices
from samegame.play.choices import ChoiceError, Fault
from samegame.plugin.contributions import Renderer
from samegame.plugin.host import PluginHost, UnknownNameError, get_host

if TYPE_CHECKING:
    from samegame.bots import BotSpec
    from samegame.execution.executors import ExecutorKind
    from samegame.i18n import Translator
    from samegame.play.player_settings import InForce


def whole_number_option(
    *names: str, help: str, low: int | None = 1, high: int = SQLITE_MAX_INTEGER
) -> Any:
    """The option of a whole number from ``low`` to ``high`` (``low`` None: no
    least, the command checks it in its own words): read as ASCII digits only
    (``samegame.cli.whole_numbers``), its range shown in the help and checked,
    a value outside it an exit-2 error. ``typer.Option(*names, min=low, max=high,
    parser=whole_number(low, high), help=help)``, written once."""
    return typer.Option(*names, min=low, max=high, parser=whole_number(low, high), help=help)


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
    """The values of ``--format``."""

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
    typer.Option(
        "--clear-bonus", parser=whole_number(0, MAX_POINTS), help="Points for clearing the board."
    ),
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
    from samegame.play.player_settings import in_force
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


def print_json(data: Any) -> None:
    """``--format json``'s output: ``data`` as indented JSON, UTF-8 as it is."""
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
