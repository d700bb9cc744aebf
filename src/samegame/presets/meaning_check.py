"""The meaning pass of the preset reader: formula, penalty and generator names
resolved through the plugin host (the known ones are listed), board limits from
``check_spec`` for every board type offered, and keys that must agree
(``board_type`` in ``board_types``, a size's colours in ``colours``,
``default_size`` a size, ``selection`` in ``selection_modes``, ``clear_bonus`` in
``clear_bonus_choices``, names given once); each problem at its node."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import TypeVar

import yaml

from samegame.core.numbering import BoardSpecError, check_spec
from samegame.core.palette import PALETTE, colour_named, palette_order
from samegame.core.quoting import shown
from samegame.core.rules import Rules, SelectionMode, UndoPolicy
from samegame.plugin.contributions import BoardGenerator, BoardSpec
from samegame.plugin.host import PluginHost, UnknownNameError
from samegame.presets.document import PresetDocument, SizeDocument, StageDocument
from samegame.presets.model import Preset, PresetError, SizeOption, Stage, or_list
from samegame.presets.safe_yaml import Loc, YamlTree, describe

__all__ = ["MeaningCheck"]

_T = TypeVar("_T")


class MeaningCheck:
    """Pass 4: names resolved through the plugin host and keys that must agree."""

    def __init__(self, tree: YamlTree, document: PresetDocument, host: PluginHost) -> None:
        self.tree = tree
        self.document = document
        self.host = host

    def error(self, loc: Loc, message: str) -> PresetError:
        return self.tree.error(self.tree.values[loc], message)

    def given(self, key: str) -> bool:
        return key in self.document.model_fields_set

    def plugin(self, loc: Loc, name: str, find: Callable[[str], _T]) -> _T:
        try:
            return find(name)
        except UnknownNameError as error:
            raise self.error(loc, f"{describe(loc)}: {error}") from None

    def text(self, loc: Loc, value: str) -> str:
        if not value.strip():
            raise self.error(loc, f"{describe(loc)}: must not be empty")
        return value.strip()

    def unique(self, loc: Loc, values: Sequence[Hashable]) -> None:
        """The first value listed twice is an error at its second place (linear:
        a set of the values seen)."""
        seen: set[Hashable] = set()
        for index, value in enumerate(values):
            if value not in seen:
                seen.add(value)
            else:
                node = self.tree.values[(*loc, index)]
                named = node.value if isinstance(node, yaml.ScalarNode) else value
                raise self.error(
                    (*loc, index), f"{describe(loc)}: {shown(str(named))} is listed twice"
                )

    def board(
        self, loc: Loc, spec: BoardSpec, generators: Sequence[BoardGenerator | None] = (None,)
    ) -> None:
        for generator in generators:
            try:
                check_spec(spec, generator)
            except BoardSpecError as error:
                raise self.error(loc, f"{describe(loc)}: {error}") from None

    def preset(self, path: Path) -> Preset:
        doc = self.document
        name = self.text(("name",), doc.name)
        title = self.text(("title",), doc.title)
        description = self.text(("description",), doc.description)
        rules, modes, bonus_choices = self.rules()
        board_type, generators = self.board_types()
        colour_choices = self.colour_choices(generators)
        sizes, default_size = self.sizes(generators, colour_choices)
        return Preset(
            name=name,
            title=title,
            description=description,
            path=path,
            rules=rules,
            board_type=board_type,
            board_types=tuple(g.name for g in generators),
            sizes=sizes,
            default_size=default_size,
            colour_choices=colour_choices,
            selection_modes=modes,
            clear_bonus_choices=bonus_choices,
            formula_choice=doc.formula_choice,
            stages=self.stages(board_type),
            palette=self.palette(),
            generators=generators,
        )

    def rules(self) -> tuple[Rules, tuple[SelectionMode, ...], tuple[int, ...] | None]:
        doc = self.document
        bonus_choices = self.clear_bonus_choices()
        selection, modes = self.selection()
        rules = Rules(
            formula=self.plugin(("formula",), doc.formula, self.host.formula),
            clear_bonus=doc.clear_bonus,
            penalty=self.plugin(("penalty",), doc.penalty, self.host.penalty),
            min_group=doc.min_group,
            undo=UndoPolicy(doc.undo),
            selection=selection,
            hint_is_practice=doc.hint == "practice",
            replay_is_practice=doc.replay == "practice",
        )
        return rules, modes, bonus_choices

    def clear_bonus_choices(self) -> tuple[int, ...] | None:
        doc = self.document
        choices = doc.clear_bonus_choices
        if choices is None:
            return (doc.clear_bonus,)
        if choices == "any":
            return None
        self.unique(("clear_bonus_choices",), choices)
        if doc.clear_bonus not in choices:
            where = ("clear_bonus",) if self.given("clear_bonus") else ("clear_bonus_choices",)
            raise self.error(
                where,
                f"clear_bonus: {doc.clear_bonus} is not in clear_bonus_choices ({or_list(choices)})",
            )
        return tuple(choices)

    def selection(self) -> tuple[SelectionMode, tuple[SelectionMode, ...]]:
        doc = self.document
        if doc.selection_modes is None:
            mode = SelectionMode(doc.selection or SelectionMode.CONFIRM)
            return mode, (mode,)
        self.unique(("selection_modes",), doc.selection_modes)
        modes = tuple(SelectionMode(mode) for mode in doc.selection_modes)
        if doc.selection is None:
            return modes[0], modes
        if doc.selection not in modes:
            raise self.error(
                ("selection",),
                f"selection: '{doc.selection}' is not in selection_modes ({', '.join(modes)})",
            )
        return SelectionMode(doc.selection), modes

    def board_types(self) -> tuple[str, tuple[BoardGenerator, ...]]:
        """The default board type and the generators offered, default included."""
        doc = self.document
        default = self.plugin(("board_type",), doc.board_type, self.host.generator)
        if doc.board_types is None:
            return default.name, (default,)
        generators = tuple(
            self.plugin(("board_types", index), name, self.host.generator)
            for index, name in enumerate(doc.board_types)
        )
        self.unique(("board_types",), generators)
        if default not in generators:
            names = ", ".join(g.name for g in generators)
            raise self.error(
                ("board_type",), f"board_type: '{default.name}' is not in board_types ({names})"
            )
        return default.name, generators

    def palette(self) -> tuple[int, ...]:
        """``palette: [red, yellow, blue]``: the colours a board's first colours are
        shown in, the rest following in palette order; () when left out."""
        names = self.document.palette
        if names is None:
            return ()
        colours: list[int] = []
        for index, name in enumerate(names):
            loc: Loc = ("palette", index)
            text = self.text(loc, name)
            try:
                colours.append(colour_named(text).index)
            except KeyError:
                known = ", ".join(c.name for c in PALETTE)
                raise self.error(
                    loc, f"palette: no colour is named '{shown(text)}'; known: {known}"
                ) from None
        self.unique(("palette",), colours)
        return palette_order(colours)

    def colour_choices(self, generators: Sequence[BoardGenerator]) -> tuple[int, ...]:
        choices = self.document.colours
        self.unique(("colours",), choices)
        for index, count in enumerate(choices):
            self.board(("colours", index), BoardSpec(1, 1, count), generators)
        return tuple(choices)

    def sizes(
        self, generators: Sequence[BoardGenerator], colour_choices: tuple[int, ...]
    ) -> tuple[tuple[SizeOption, ...], str]:
        """The sizes in file order and the default size's name."""
        sizes: list[SizeOption] = []
        folded: set[str] = set()
        for name, size in self.document.sizes.items():
            loc: Loc = ("sizes", name)
            if not name.strip():
                raise self.tree.error(self.tree.keys[loc], "a size name: must not be empty")
            if name.strip().lower() in folded:
                raise self.tree.error(
                    self.tree.keys[loc], f"size '{shown(name)}' is given twice (names ignore case)"
                )
            self.dimensions(loc, size, generators)
            if colour_choices and size.colours not in colour_choices:
                raise self.error(
                    (*loc, "colours"),
                    f"colours of size '{shown(name)}': {size.colours} is not in colours "
                    f"({or_list(colour_choices)})",
                )
            sizes.append(SizeOption(name.strip(), size.width, size.height, size.colours))
            folded.add(name.strip().lower())
        default = self.document.default_size
        if default is None:
            return tuple(sizes), sizes[0].name
        if default not in (size.name for size in sizes):
            names = ", ".join(size.name for size in sizes)
            raise self.error(
                ("default_size",),
                f"default_size: '{shown(default)}' is not one of the sizes ({names})",
            )
        return tuple(sizes), default

    def dimensions(
        self,
        loc: Loc,
        size: SizeDocument | StageDocument,
        generators: Sequence[BoardGenerator],
    ) -> None:
        """Width, height and colours of a size or stage, each checked by check_spec,
        then the whole size by each board type's own answer (``impossible``)."""
        self.board((*loc, "width"), BoardSpec(size.width, 1, 1))
        self.board((*loc, "height"), BoardSpec(1, size.height, 1))
        self.board((*loc, "colours"), BoardSpec(1, 1, size.colours), generators)
        spec = BoardSpec(size.width, size.height, size.colours)
        for generator in generators:
            why = self.impossible(generator, spec)
            if why is not None:
                raise self.error(loc, f"{describe(loc)}: board type {generator.name}: {why}")

    def impossible(self, generator: BoardGenerator, spec: BoardSpec) -> str | None:
        """Why ``generator`` never makes a board of ``spec``, by its own answer; None
        when it can, or gives no answer. A plugin's answer comes through the plugin
        host's containment (a failure is a PluginError, exit 3)."""
        if generator.impossible is None:
            return None
        return generator.impossible(spec)

    def stages(self, board_type: str) -> tuple[Stage, ...]:
        stages: list[Stage] = []
        names: set[str] = set()
        for index, stage in enumerate(self.document.stages):
            loc: Loc = ("stages", index)
            if stage.board_type is None:
                generator = self.host.generator(board_type)
            else:
                generator = self.plugin((*loc, "board_type"), stage.board_type, self.host.generator)
            self.dimensions(loc, stage, (generator,))
            name = self.text((*loc, "name"), stage.name)
            if name in names:
                raise self.error(loc, f"stage {index + 1}: the name '{shown(name)}' is used twice")
            names.add(name)
            stages.append(Stage(name, stage.width, stage.height, stage.colours, generator.name))
        return tuple(stages)
