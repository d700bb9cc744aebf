"""The start of ``samegame play``: the options as asked (``PlayOptions``) checked and
resolved into what is played (``PlayStart``), then played in a line interface.

``start_play`` checks, in this order, each stopping at the first problem: the saved
game of ``--game`` (or the preset with its overrides and the board setup), the board
number, the language, the selection mode, the hint bot and the renderer. Nothing is
saved before every check has passed. Then it opens the store and hands the start to
the interface, which plays until the player leaves and gives the exit status.

Problems are ``ChoiceError`` (a fault of the player's option or of a preset or
plugin), ``PlayError`` (a start that cannot be made as asked) and ``StoreError``
(the saved data).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from samegame.core.rules import SelectionMode
from samegame.i18n.said import Said
from samegame.play.choices import (
    ChoiceError,
    Fault,
    check_language,
    chosen_board_setup,
    chosen_preset,
    chosen_renderer,
    numbered_board,
)
from samegame.play.hint_bot import HintBot, HintWork, LongWork, hint_bot, hint_work
from samegame.play.program import Carried, come_back_command
from samegame.play.table import Table
from samegame.plugin.contributions import BoardSpec, Renderer
from samegame.plugin.host import PluginHost, UnknownNameError
from samegame.presets import BoardSetup, Preset, PresetError
from samegame.store import NotFoundError, SavedGame, Store

__all__ = ["Interface", "PlayOptions", "PlayStart", "prepare_play", "start_play"]


@dataclass(frozen=True)
class PlayOptions:
    """What ``samegame play`` was asked, as typed; None is "not given".

    The table: ``preset`` (a name or a path), ``size``, ``colours``,
    ``board_type``, ``formula``, ``clear_bonus``; or ``game_id``, a saved game to
    resume or (finished) to play again. ``board_number`` asks for a board,
    ``fresh`` to start afresh, ``assume_yes`` answers yes to every question,
    ``hint_bot`` is a bot spec (``nrpa:time=2``), ``renderer`` a renderer's name.
    The settings of this run alone, never saved, as the words the ``settings``
    command takes: ``accessible``, ``verbosity``, ``language``, ``colour``,
    ``one_click``, ``bell`` and ``symbols``.
    """

    preset: str = "basic"
    size: str | None = None
    colours: int | None = None
    board_type: str | None = None
    board_number: int | None = None
    formula: str | None = None
    clear_bonus: int | None = None
    game_id: int | None = None
    fresh: bool = False
    assume_yes: bool = False
    hint_bot: str | None = None
    renderer: str | None = None
    accessible: bool | None = None
    verbosity: str | None = None
    language: str | None = None
    colour: str | None = None
    one_click: bool | None = None
    bell: bool | None = None
    symbols: str | None = None

    def setting_flags(self) -> dict[str, str]:
        """This run's command-line choices as typed setting words (never saved).

        >>> PlayOptions(bell=False, language="ja").setting_flags()
        {'bell': 'off', 'language': 'ja'}
        """
        flags: dict[str, str] = {}
        for name, value in (
            ("accessible", self.accessible),
            ("one-click", self.one_click),
            ("bell", self.bell),
        ):
            if value is not None:
                flags[name] = "on" if value else "off"
        for name, word in (
            ("verbosity", self.verbosity),
            ("language", self.language),
            ("colour", self.colour),
            ("symbols", self.symbols),
        ):
            if word is not None:
                flags[name] = word
        return flags

    def play_args(self) -> tuple[str, ...] | None:
        """The options that choose this table again from any folder (a preset file
        by its absolute path): what a "come back" message tells the player to type;
        None for a game opened by id.

        >>> PlayOptions(preset="lesson", colours=3).play_args()
        ('--preset', 'lesson', '--colours', '3')
        """
        if self.game_id is not None:
            return None
        preset = self.preset
        if preset.endswith((".yaml", ".yml")) or "/" in preset:
            preset = str(Path(preset).resolve())
        args = ["--preset", preset]
        chosen = {
            "--size": self.size,
            "--colours": self.colours,
            "--board-type": self.board_type,
            "--formula": self.formula,
            "--clear-bonus": self.clear_bonus,
        }
        for option, value in chosen.items():
            if value is not None:
                args += [option, str(value)]
        return tuple(args)


@dataclass(frozen=True)
class PlayStart:
    """A play ready to start: the table, the saved game to resume or play again,
    the hint bot (with its long work when it searches) and the renderer asked for
    (None: the interface chooses by colour), with the options it came from."""

    host: PluginHost
    table: Table
    options: PlayOptions
    saved_game: SavedGame | None = None
    hint_bot: HintBot | None = None
    hint_work: HintWork | None = None
    renderer: Renderer | None = None


Interface = Callable[[PlayStart, Store], int]
"""A line interface: plays a start against the open store until the player leaves
and gives the exit status (0, or 130 after Ctrl-C)."""


def start_play(
    options: PlayOptions,
    *,
    host: Callable[[], PluginHost],
    interface: Interface,
    long_work: Callable[[], LongWork],
) -> int:
    """Check and resolve ``options`` (see the module), open the store and play in
    ``interface``; its exit status. ``host`` gives the plugin host when it is first
    needed; ``long_work`` how the command line runs a searching hint bot (called
    only for one)."""
    start = prepare_play(options, host=host, long_work=long_work)
    with Store() as store:
        return interface(start, store)


def prepare_play(
    options: PlayOptions, *, host: Callable[[], PluginHost], long_work: Callable[[], LongWork]
) -> PlayStart:
    """``options`` checked and resolved, nothing saved (see the module for the
    order of the checks)."""
    if options.game_id is not None:
        preset, setup, saved = _saved_table(options, host)
    else:
        preset = chosen_preset(host(), options.preset, options.formula, options.clear_bonus)
        setup = chosen_board_setup(preset, options.size, options.colours, options.board_type)
        saved = None
    if options.board_number is not None:
        numbered_board(host(), setup, options.board_number)  # checks the number
    check_language(options.language)
    if options.one_click is not None:
        mode = SelectionMode.ONE_CLICK if options.one_click else SelectionMode.CONFIRM
        try:
            preset.with_overrides(host(), selection=mode)
        except PresetError as error:
            raise ChoiceError(str(error), Fault.USAGE) from None
    bot = work = None
    if options.hint_bot is not None:
        bot = hint_bot(host(), options.hint_bot)
        work = hint_work(host(), options.hint_bot, long_work)
    renderer = None
    if options.renderer is not None:
        renderer = chosen_renderer(host(), options.renderer, "--renderer")
    table = Table(preset, preset.rules, setup.board_type, setup.spec, options.play_args())
    return PlayStart(host(), table, options, saved, bot, work, renderer)


def _saved_table(
    options: PlayOptions, host: Callable[[], PluginHost]
) -> tuple[Preset, BoardSetup, SavedGame]:
    """The preset, board setup and saved game of ``--game ID``."""
    assert options.game_id is not None
    game_id = options.game_id
    try:
        with Store() as store:
            saved = store.load_game(game_id)
    except NotFoundError:
        said = Said.of("error.game.unknown", game=game_id)
        raise said.error(lambda message: ChoiceError(message, Fault.USAGE)) from None
    setup = saved.setup
    if setup.challenge_id is not None:
        carried = Carried(options.accessible, options.language)
        command = come_back_command("play", "--preset", setup.preset, carried=carried)
        raise ChoiceError(
            f"game {game_id} is a challenge stage; resume it with {command}",
            Fault.USAGE,
        )
    preset = chosen_preset(host(), setup.preset)
    try:
        rules = replace(
            preset.rules,
            formula=host().formula(setup.variant.formula),
            clear_bonus=setup.variant.clear_bonus,
            penalty=host().penalty(setup.variant.penalty),
            min_group=setup.variant.min_group,
        )
    except UnknownNameError as error:
        raise ChoiceError(
            f"game {game_id} needs a plugin that is not loaded: {error}", Fault.CONFIG
        ) from None
    preset = replace(preset, rules=rules)
    spec = BoardSpec(setup.width, setup.height, setup.colours)
    return preset, BoardSetup(spec, setup.board_type), saved
