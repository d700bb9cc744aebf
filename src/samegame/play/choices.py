"""The player's choices of what to play and how it is shown, checked: a preset with
its rule overrides, a board setup, a board number, a renderer and a language.

Each problem is one ``ChoiceError`` whose message is one line ending with what to
do, and whose ``fault`` says whose it is: the player's option (``USAGE``) or a
preset or plugin (``CONFIG``). ``samegame play`` checks its options with these,
and so do the other commands (``samegame.cli.options`` turns a fault into an exit
code).

>>> from samegame.plugin.host import PluginHost
>>> host = PluginHost(autoload=False)
>>> chosen_board_setup(chosen_preset(host, "basic"), "6x7", 3, None).spec
BoardSpec(width=6, height=7, colours=3)
>>> check_language("xx")
Traceback (most recent call last):
...
samegame.play.choices.ChoiceError: language 'xx' is not available; use --lang en or --lang ja
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum
from typing import TYPE_CHECKING

from samegame.core.numbering import BoardSpecError, make_board
from samegame.core.quoting import shown
from samegame.i18n import LANGUAGES
from samegame.i18n.said import Said
from samegame.plugin.contributions import GeneratedBoard, Renderer
from samegame.plugin.host import PluginHost, UnknownNameError

if TYPE_CHECKING:
    from samegame.presets import BoardSetup, Preset

__all__ = [
    "ChoiceError",
    "Fault",
    "check_language",
    "chosen_board_setup",
    "chosen_preset",
    "chosen_renderer",
    "numbered_board",
]


class Fault(StrEnum):
    """Whose a problem is: the player's option, or a preset or plugin."""

    USAGE = "usage"
    CONFIG = "config"


class ChoiceError(Exception):
    """A choice that cannot be made; the message is one line saying what to do."""

    def __init__(self, message: str, fault: Fault) -> None:
        super().__init__(message)
        self.fault = fault


def chosen_preset(
    host: PluginHost, name: str, formula: str | None = None, clear_bonus: int | None = None
) -> Preset:
    """The preset with the player's rule overrides applied: a CONFIG fault for a
    preset or a formula that cannot be found or read, a USAGE fault for an override
    the preset does not offer (a clear bonus it does not allow), as for the board's
    size and colours."""
    # The preset reader (pydantic's models) loads only for a command that reads a
    # preset: ``scores`` and ``history`` start without it.
    from samegame.presets import PresetError, find_preset

    try:
        preset = find_preset(name, host)
    except (PresetError, UnknownNameError) as error:
        raise ChoiceError(str(error), Fault.CONFIG) from None
    if formula is None and clear_bonus is None:
        return preset
    try:
        return preset.with_overrides(host, formula=formula, clear_bonus=clear_bonus)
    except UnknownNameError as error:
        raise ChoiceError(str(error), Fault.CONFIG) from None
    except PresetError as error:
        raise ChoiceError(str(error), Fault.USAGE) from None


def chosen_board_setup(
    preset: Preset, size: str | None, colours: int | None, board_type: str | None
) -> BoardSetup:
    """The board setup of the player's size, colours and board type (a USAGE fault)."""
    from samegame.presets import PresetError

    try:
        return preset.board_setup(size=size, colours=colours, board_type=board_type)
    except PresetError as error:
        raise ChoiceError(str(error), Fault.USAGE) from None


def numbered_board(host: PluginHost, setup: BoardSetup, number: int) -> GeneratedBoard:
    """The board of a number under a setup, in the preset's palette order (as a
    player sees it); a USAGE fault says which numbers are allowed, a CONFIG fault
    names a board type no plugin offers."""
    try:
        generator = host.generator(setup.board_type)
        made = make_board(generator, setup.spec, number)
        if setup.palette:
            return replace(made, board=made.board.recoloured(setup.palette))
        return made
    except UnknownNameError as error:
        raise ChoiceError(str(error), Fault.CONFIG) from None
    except BoardSpecError as error:
        raise ChoiceError(str(error), Fault.USAGE) from None


def chosen_renderer(host: PluginHost, name: str, option: str) -> Renderer:
    """The renderer a ``--format`` or ``--renderer`` (``option``) names; a USAGE
    fault lists the renderers there are."""
    try:
        return host.renderer(name)
    except UnknownNameError:
        known = ", ".join(sorted(host.records("renderer")))
        said = Said.of("error.renderer.unknown", option=option, name=shown(name), known=known)
        raise said.error(lambda message: ChoiceError(message, Fault.USAGE)) from None


def check_language(lang: str | None) -> None:
    """A USAGE fault for a language that is not available (None: no choice)."""
    if lang is not None and lang not in LANGUAGES:
        said = Said.of("error.language.unknown", name=shown(lang))
        raise said.error(lambda message: ChoiceError(message, Fault.USAGE))
