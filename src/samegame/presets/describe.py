"""A preset in sentences, in the player's language (``samegame presets show``).

Every sentence comes from the message catalogue (``describe.preset.*``); names
and descriptions of formulas, penalties and board types come from the catalogue
when it (or the plugin that registered them) has words for them, otherwise from
the plugin's record.

>>> from samegame.i18n import translator
>>> from samegame.plugin.host import PluginHost
>>> from samegame.presets import find_preset
>>> lines = describe_preset(find_preset("basic", PluginHost(autoload=False)), translator("en"))
>>> lines[1]
'Scoring formula basic: a group of n tiles scores n minus 2, squared.'
"""

from __future__ import annotations

from collections.abc import Iterator

from samegame.core.palette import tile_words
from samegame.core.quoting import printable_line
from samegame.i18n import Translator
from samegame.presets.model import Preset


def describe_preset(preset: Preset, tr: Translator) -> list[str]:
    """The preset, one sentence per line; what the file says (its title, its size
    names) is escaped and capped as any echoed text (``printable_line``)."""
    title = tr.preset_text("title", preset.name, preset.title)
    description = tr.preset_text("description", preset.name, preset.description)
    path = [tr("describe.preset.path", path=preset.path)] if preset.path is not None else []
    lines = [
        tr("describe.preset.head", title=title, name=preset.name, description=description),
        *_scoring(preset, tr),
        *_play(preset, tr),
        *_boards(preset, tr),
        *path,
    ]
    return [printable_line(line) for line in lines]


def _numbers(tr: Translator, values: tuple[int, ...] | list[str]) -> str:
    return tr.join([str(value) for value in values], either=True)


def _scoring(preset: Preset, tr: Translator) -> Iterator[str]:
    rules = preset.rules
    formula, penalty = rules.formula, rules.penalty
    yield tr(
        "describe.preset.formula",
        name=tr.name_of("formula", formula.name),
        description=tr.description_of("formula", formula.name, formula.description),
    )
    if preset.formula_choice:
        yield tr("describe.preset.formula_choice")
    if rules.clear_bonus:
        yield tr("describe.preset.bonus", bonus=rules.clear_bonus)
    else:
        yield tr("describe.preset.no_bonus")
    if preset.clear_bonus_choices is None:
        yield tr("describe.preset.any_bonus")
    elif len(preset.clear_bonus_choices) > 1:
        yield tr("describe.preset.bonus_choices", choices=_numbers(tr, preset.clear_bonus_choices))
    yield tr(
        "describe.preset.penalty",
        name=tr.name_of("penalty", penalty.name),
        description=tr.description_of("penalty", penalty.name, penalty.description),
    )
    yield tr("describe.preset.min_group", count=rules.min_group)


def _play(preset: Preset, tr: Translator) -> Iterator[str]:
    rules = preset.rules
    yield tr(f"describe.preset.undo.{rules.undo.value}")
    yield tr(
        "describe.preset.hint.practice"
        if rules.hint_is_practice
        else "describe.preset.hint.allowed"
    )
    yield tr(
        "describe.preset.replay.practice"
        if rules.replay_is_practice
        else "describe.preset.replay.allowed"
    )
    mode = rules.selection
    words = tr(f"describe.preset.selection.{mode.value}")
    named = tr.name_of("selection_mode", mode.value)
    others = [
        tr.name_of("selection_mode", other.value)
        for other in preset.selection_modes
        if other != mode
    ]
    if others:
        yield tr(
            "describe.preset.selection_default",
            mode=named,
            words=words,
            others=_numbers(tr, others),
        )
    else:
        yield tr("describe.preset.selection", mode=named, words=words)


def _boards(preset: Preset, tr: Translator) -> Iterator[str]:
    described = {g.name: g.description for g in preset.generators}
    for name in preset.board_types:
        default = ".default" if name == preset.board_type else ""
        shown = tr.name_of("board_type", name)
        if name in described:
            about = tr.description_of("board_type", name, described[name])
            yield tr(f"describe.preset.board_type{default}.about", name=shown, about=about)
        else:
            yield tr(f"describe.preset.board_type{default}", name=shown)
    for size in preset.sizes:
        key = (
            "describe.preset.size.default"
            if size.name == preset.default_size
            else "describe.preset.size"
        )
        yield tr(
            key,
            name=tr.name_of("size", size.name),
            width=size.width,
            height=size.height,
            colours=size.colours,
        )
    example = next(size for size in preset.sizes if size.name == preset.default_size)
    yield tr(
        "describe.preset.other_size",
        names=_numbers(tr, [size.name for size in preset.sizes]),
        width=example.width,
        height=example.height,
    )
    if preset.colour_choices:
        yield tr("describe.preset.colours", choices=_numbers(tr, preset.colour_choices))
    for number, stage in enumerate(preset.stages, start=1):
        shape = {
            "stage": number,
            "width": stage.width,
            "height": stage.height,
            "colours": stage.colours,
            "board_type": tr.name_of("board_type", stage.board_type),
        }
        if stage.name_adds(number):
            yield tr("describe.preset.stage", name=stage.name, **shape)
        else:
            yield tr("describe.preset.stage.plain", **shape)
    if preset.palette:
        most = max(
            [size.colours for size in preset.sizes]
            + list(preset.colour_choices or ())
            + [stage.colours for stage in preset.stages]
        )
        tiles = tr.join([tile_words(tr, colour, count=2) for colour in preset.palette[:most]])
        yield tr("describe.preset.palette", tiles=tiles)
