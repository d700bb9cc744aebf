"""``samegame play``: the line interface on an embedded default, nothing to configure."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from samegame.bots import Bot, BotOptionError, parse_bot_spec
from samegame.cli.common import (
    BoardNumberOption,
    BoardTypeOption,
    ClearBonusOption,
    ColoursOption,
    FormulaOption,
    PresetOption,
    SizeOption,
    SymbolChoice,
    SymbolsOption,
    board_setup,
    chosen_renderer,
    host,
    load_preset,
    numbered_board,
)
from samegame.cli.exit_codes import ExitCode, QuietExit, fail
from samegame.core.board import Board
from samegame.core.limits import SQLITE_MAX_INTEGER
from samegame.core.rules import SelectionMode
from samegame.i18n import LANGUAGES
from samegame.play import PlayError, Table
from samegame.plugin.contributions import BoardSpec
from samegame.plugin.host import UnknownNameError
from samegame.presets import BoardSetup, Preset, PresetError
from samegame.repl.announcer import Verbosity
from samegame.repl.commands import ALL_WORDS
from samegame.repl.loop import run_session
from samegame.repl.session import HintWork, Renderer, Session
from samegame.repl.settings_command import in_force
from samegame.repl.terminal import colour_enabled, make_io, resolve_accessible
from samegame.store import NotFoundError, SavedGame, Store, StoreError


class ColourMode(StrEnum):
    auto = "auto"
    always = "always"
    never = "never"


def play_command(
    preset_name: PresetOption = "basic",
    size: SizeOption = None,
    colours: ColoursOption = None,
    board_type: BoardTypeOption = None,
    board_number: BoardNumberOption = None,
    formula: FormulaOption = None,
    clear_bonus: ClearBonusOption = None,
    accessible: Annotated[
        bool | None,
        typer.Option(
            "--accessible/--no-accessible",
            help="Plain append-only lines for screen readers (also SAMEGAME_ACCESSIBLE=1).",
        ),
    ] = None,
    verbosity: Annotated[
        Verbosity | None, typer.Option("--verbosity", help="terse, normal or verbose.")
    ] = None,
    lang: Annotated[
        str | None, typer.Option("--lang", help="Language code; samegame accessibility lists them.")
    ] = None,
    color: Annotated[
        ColourMode | None, typer.Option("--color", "--colour", help="auto, always or never.")
    ] = None,
    one_click: Annotated[
        bool | None,
        typer.Option(
            "--one-click/--confirm", help="Remove with one click, where the preset allows it."
        ),
    ] = None,
    bell: Annotated[
        bool | None,
        typer.Option("--bell/--no-bell", help="Ring the bell on a refused move and at the end."),
    ] = None,
    game_id: Annotated[
        int | None,
        typer.Option(
            "--game",
            min=1,
            max=SQLITE_MAX_INTEGER,
            help="Resume this saved game, or replay a finished one as practice (see history).",
        ),
    ] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Answer yes to every question.")] = False,
    renderer_name: Annotated[
        str | None,
        typer.Option(
            "--renderer",
            help="How the board is drawn for a sighted player: text, ansi or a plugin's "
            "renderer (default: ansi in colour, else text; accessible mode reads rows).",
        ),
    ] = None,
    fresh: Annotated[
        bool,
        typer.Option(
            "--fresh",
            help="Start afresh instead of resuming the unfinished game of this board "
            "(asks first when it has moves); for a challenge, start a new one.",
        ),
    ] = False,
    symbols: SymbolsOption = None,
    hint_bot: Annotated[
        str | None,
        typer.Option(
            "--hint-bot", help="A bot that gives the hints, for example nrpa:time=2 or tabu."
        ),
    ] = None,
) -> None:
    """Play SameGame in the line interface; an unfinished game of the same rules resumes.

    Type help in the game for every command. Games are saved after every move.
    """
    if game_id is not None:
        preset, setup, saved = _saved_table(game_id)
    else:
        preset = load_preset(preset_name, formula, clear_bonus)
        setup = board_setup(preset, size, colours, board_type)
        saved = None
    if board_number is not None:
        numbered_board(setup, board_number)  # checks the number before anything is saved
    if lang is not None and lang not in LANGUAGES:
        raise fail(
            f"language '{lang}' is not available; use --lang en or --lang ja", ExitCode.USAGE
        )
    if one_click is not None:
        mode = SelectionMode.ONE_CLICK if one_click else SelectionMode.CONFIRM
        try:
            preset.with_overrides(host(), selection=mode)
        except PresetError as error:
            raise fail(str(error), ExitCode.USAGE) from None
    make_hint_bot = _hint_bot(hint_bot) if hint_bot is not None else None
    hint_work = _hint_work(hint_bot) if hint_bot is not None else None
    drawing = None if renderer_name is None else chosen_renderer(renderer_name, "--renderer")
    try:
        with Store() as store:
            chosen = in_force(
                store.get_setting("settings", {}),
                _flags(accessible, verbosity, lang, color, one_click, bell, symbols),
            )
            settings = chosen.settings
            accessible_mode = resolve_accessible(accessible, settings.accessible)
            io = make_io(
                accessible=accessible_mode, stdin=sys.stdin, stdout=sys.stdout, words=ALL_WORDS
            )
            draw: Renderer | None = None
            if not accessible_mode:

                def draw(board: Board) -> str:
                    # The session's settings of the moment: colour and symbols may
                    # change in the game.
                    current = session.settings
                    renderer = drawing
                    if renderer is None:
                        use_colour = colour_enabled(current.colour, sys.stdout.isatty(), False)
                        renderer = host().renderer("ansi" if use_colour else "text")
                    options = {"symbols": current.symbols, "palette": list(preset.palette)}
                    return renderer.render(board, options)

            args = (
                None
                if game_id is not None
                else _play_args(preset_name, size, colours, board_type, formula, clear_bonus)
            )
            table = Table(preset, preset.rules, setup.board_type, setup.spec, args)
            session = Session(
                host=host(),
                table=table,
                store=store,
                settings=settings,
                board_number=board_number,
                draw=draw,
                saved_game=saved,
                assume_yes=yes,
                hint_bot=make_hint_bot,
                fresh=fresh,
                sources=chosen.sources,
                hint_work=hint_work,
            )
            status = run_session(session, io)
    except PlayError as error:
        raise fail(str(error), ExitCode.USAGE) from None
    except StoreError as error:
        raise fail(str(error), ExitCode.DATA) from None
    if status:
        raise QuietExit(ExitCode(status))


def _play_args(
    preset: str,
    size: str | None,
    colours: int | None,
    board_type: str | None,
    formula: str | None,
    clear_bonus: int | None,
) -> tuple[str, ...]:
    """The options that choose this table again from any folder (a preset file by
    its absolute path): what a "come back" message tells the player to type."""
    if preset.endswith((".yaml", ".yml")) or "/" in preset:
        preset = str(Path(preset).resolve())
    args = ["--preset", preset]
    chosen = {
        "--size": size,
        "--colours": colours,
        "--board-type": board_type,
        "--formula": formula,
        "--clear-bonus": clear_bonus,
    }
    for option, value in chosen.items():
        if value is not None:
            args += [option, str(value)]
    return tuple(args)


def _hint_bot(text: str) -> tuple[str, Callable[[], Bot]]:
    """A maker of the ``--hint-bot`` bot, its name and options checked now."""
    try:
        spec = parse_bot_spec(text)
        factory = host().bot(spec.name)
        factory.create(spec.options)
    except BotOptionError as error:
        raise fail(str(error), ExitCode.USAGE) from None
    except UnknownNameError as error:
        raise fail(str(error), ExitCode.CONFIG) from None
    return spec.name, lambda: factory.create(spec.options)


HINT_PROGRESS_FROM = 5.0
"""A hint search of this many seconds or more says how far it is, every quarter."""


def _hint_work(text: str) -> HintWork | None:
    """A searching hint bot as long work: it says what it does and for how long,
    and Ctrl-C stops it at once (A27); None for a bot that answers at once. The
    spec was checked by ``_hint_bot``."""
    from samegame.bots.search.bot import SearchBot
    from samegame.bots.search.engine import prepare
    from samegame.cli.longwork import interruptible, ticks

    spec = parse_bot_spec(text)
    bot = host().bot(spec.name).create(spec.options)
    if not isinstance(bot, SearchBot):
        return None
    algorithm = bot.spec.algorithm
    seconds = bot.spec.seconds
    # A few lines while it thinks, for a search long enough to wonder about.
    ticking = seconds is not None and seconds >= HINT_PROGRESS_FROM
    return HintWork(
        str(spec),
        seconds,
        lambda: prepare(algorithm),
        interruptible,
        (lambda report: ticks(seconds, report)) if ticking else None,
    )


def _saved_table(game_id: int) -> tuple[Preset, BoardSetup, SavedGame]:
    """The preset, board setup and saved game of ``--game ID``, or a one-line error."""
    try:
        with Store() as store:
            saved = store.load_game(game_id)
    except NotFoundError:
        raise fail(
            f"there is no saved game {game_id}; see samegame history", ExitCode.USAGE
        ) from None
    except StoreError as error:
        raise fail(str(error), ExitCode.DATA) from None
    setup = saved.setup
    if setup.challenge_id is not None:
        raise fail(
            f"game {game_id} is a challenge stage; resume it with samegame play --preset {setup.preset}",
            ExitCode.USAGE,
        )
    preset = load_preset(setup.preset)
    try:
        rules = replace(
            preset.rules,
            formula=host().formula(setup.formula),
            clear_bonus=setup.clear_bonus,
            penalty=host().penalty(setup.penalty),
            min_group=setup.min_group,
        )
    except UnknownNameError as error:
        raise fail(
            f"game {game_id} needs a plugin that is not loaded: {error}", ExitCode.CONFIG
        ) from None
    preset = replace(preset, rules=rules)
    spec = BoardSpec(setup.width, setup.height, setup.colours)
    return preset, BoardSetup(spec, setup.board_type), saved


def _flags(
    accessible: bool | None,
    verbosity: Verbosity | None,
    lang: str | None,
    color: ColourMode | None,
    one_click: bool | None,
    bell: bool | None,
    symbols: SymbolChoice | None = None,
) -> dict[str, str]:
    """This run's command-line choices as typed setting words (never saved)."""
    flags: dict[str, str] = {}
    for name, value in (("accessible", accessible), ("one-click", one_click), ("bell", bell)):
        if value is not None:
            flags[name] = "on" if value else "off"
    if verbosity is not None:
        flags["verbosity"] = verbosity.value
    if lang is not None:
        flags["language"] = lang
    if color is not None:
        flags["colour"] = color.value
    if symbols is not None:
        flags["symbols"] = symbols.value
    return flags
