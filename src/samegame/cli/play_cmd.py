"""``samegame play``: the line interface on an embedded default, nothing to configure.

The command only turns its options into ``PlayOptions``; ``samegame.play.startup``
checks them and starts the play, in the line interface of ``samegame.repl``.
"""

import sys
from enum import StrEnum
from typing import Annotated

import typer

from samegame.cli.exit_codes import ExitCode, QuietExit, fail
from samegame.cli.options import (
    BoardNumberOption,
    BoardTypeOption,
    ClearBonusOption,
    ColoursOption,
    FormulaOption,
    PresetOption,
    SizeOption,
    SymbolsOption,
    choice_failure,
    host,
    whole_number_option,
)
from samegame.play import PlayError
from samegame.play.choices import ChoiceError
from samegame.play.hint_bot import LongWork
from samegame.play.player_settings import Verbosity
from samegame.play.startup import PlayOptions, PlayStart, start_play
from samegame.repl.play_session import run_play
from samegame.store import Store, StoreError


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
        whole_number_option(
            "--game",
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
    options = PlayOptions(
        preset=preset_name,
        size=size,
        colours=colours,
        board_type=board_type,
        board_number=board_number,
        formula=formula,
        clear_bonus=clear_bonus,
        game_id=game_id,
        fresh=fresh,
        assume_yes=yes,
        hint_bot=hint_bot,
        renderer=renderer_name,
        accessible=accessible,
        verbosity=None if verbosity is None else verbosity.value,
        language=lang,
        colour=None if color is None else color.value,
        one_click=one_click,
        bell=bell,
        symbols=None if symbols is None else symbols.value,
    )
    try:
        status = start_play(options, host=host, interface=_terminal, long_work=_long_work)
    except ChoiceError as error:
        raise choice_failure(error) from None
    except PlayError as error:
        raise fail(str(error), ExitCode.USAGE) from None
    except StoreError as error:
        raise fail(str(error), ExitCode.DATA) from None
    if status:
        raise QuietExit(ExitCode(status))


def _terminal(start: PlayStart, store: Store) -> int:
    """The line interface on this process's standard input and output."""
    return run_play(start, store, stdin=sys.stdin, stdout=sys.stdout)


def _long_work() -> LongWork:
    """Ctrl-C and progress lines of the command line, for a searching hint bot
    (loaded only for one)."""
    from samegame.cli.longwork import interruptible, ticks

    return LongWork(interruptible, ticks)
