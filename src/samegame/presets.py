"""Presets: YAML rule sets, loaded, validated and resolved through the plugin host.

A preset names a scoring formula, a penalty and board generators that plugins
registered, and adds the sizes, colour counts and choices a player may make. Files
live in preset directories contributed by plugins (the built-in ones ship in
``samegame/presets/``) and in the user's folder, ``paths.user_presets_dir()``.

Schema (every key but the required ones may be left out; defaults in brackets)::

    name: basic                 # required; equals the file's stem
    title: Basic                # required; non-empty
    description: One sentence.  # required; non-empty
    formula: basic              # required; a scoring formula name
    clear_bonus: 1000           # [0] points for clearing the board, 0 or more
    penalty: none               # [none] an end-of-board penalty name
    min_group: 2                # [2] smallest removable group, 1 or more
    undo: practice              # [allowed] allowed | practice | disabled
    hint: practice              # [practice] practice | allowed: does a hint mark
                                #   the game as practice?
    replay: allowed             # [allowed] allowed | practice: does playing a board
                                #   again (restart after moves, another attempt
                                #   after the end, a board number finished before)
                                #   mark the game as practice?
    selection: confirm          # [first of selection_modes] confirm | one-click
    selection_modes: [confirm]  # [[selection]] modes the player may choose
    board_type: solvable        # required; the default board generator
    board_types: [solvable, random]  # [[board_type]] generators the player may choose
    colours: [3, 4, 5]          # [[] = any] colour counts the player may choose
    clear_bonus_choices: [0, 1000]   # [[clear_bonus]] bonuses the player may
                                #   choose, or the word any (any bonus of 0 or more)
    formula_choice: false       # [false] may the player choose another formula?
    sizes:                      # required; name -> size, at least one
      small: {width: 6, height: 8, colours: 3}   # columns, rows, default colours
    default_size: small         # [the first size] one of the sizes' names
    stages:                     # [[]] challenge stages, played in order
      - {name: Stage 1, width: 18, height: 18, colours: 3, board_type: solvable}

Every problem in a file is one ``PresetError`` whose message is one line,
``path:LINE:COL: message`` (1-based), pointing at the offending node: YAML syntax,
unknown or unsafe tags, duplicate or unknown keys, missing keys, wrong types,
unknown plugin names (the known ones are listed), out-of-range numbers (board
limits come from ``samegame.boards.check_spec``), and values that disagree with
each other (``board_type`` not in ``board_types``, a size's colours not in
``colours``, ``default_size`` not a size, ``selection`` not in
``selection_modes``, ``clear_bonus`` not in ``clear_bonus_choices``). A size's and
every allowed colour count must suit every board type offered. Files are parsed
with ``yaml.compose`` and the safe loader; nothing in them is ever constructed as
a Python object.

>>> from samegame.plugins import PluginHost
>>> preset = find_preset("basic", PluginHost(autoload=False))
>>> preset.rules.points(5), preset.rules.clear_bonus
(9, 1000)
>>> preset.board_setup("6x7", colours=3)
BoardSetup(spec=BoardSpec(width=6, height=7, colours=3), board_type='solvable', palette=())
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeVar

import yaml

from samegame import paths
from samegame.board import MAX_HEIGHT
from samegame.boards import BoardSpecError, check_spec
from samegame.contributions import BoardGenerator, BoardSpec, Penalty, ScoringFormula
from samegame.coords import MAX_COLUMNS
from samegame.limits import (
    MAX_DIGITS,
    MAX_POINTS,
    InputTooLargeError,
    parse_digits,
    read_file_capped,
)
from samegame.palette import PALETTE, colour_named, palette_order
from samegame.plugins import PluginHost, UnknownNameError
from samegame.quoting import shown
from samegame.rules import Rules, SelectionMode, UndoPolicy

YAML_SUFFIXES = (".yaml", ".yml")
MAX_GROUP = MAX_COLUMNS * MAX_HEIGHT  # the most tiles a board holds
# A YAML integer longer than this is refused before it is constructed (the
# largest allowed value, MAX_POINTS, has 16 digits).
_MAX_INT_TEXT = 40

_T = TypeVar("_T")


class PresetError(ValueError):
    """A preset that cannot be loaded or used. The message is one line: for a
    problem in a file ``path:LINE:COL: message``, otherwise plain words."""


@dataclass(frozen=True)
class SizeOption:
    """A named board size: columns, rows and its default colour count."""

    name: str
    width: int
    height: int
    colours: int


@dataclass(frozen=True)
class Stage:
    """One board of a multi-stage (challenge) preset."""

    name: str
    width: int
    height: int
    colours: int
    board_type: str


@dataclass(frozen=True)
class BoardSetup:
    """What to ask a generator for: the spec and the generator's name; ``palette``
    is the preset's palette order for boards shown to a player (empty: as made)."""

    spec: BoardSpec
    board_type: str
    palette: tuple[int, ...] = ()


@dataclass(frozen=True)
class Preset:
    """A validated rule set with the choices it offers the player.

    ``rules`` holds the resolved formula and penalty records; ``generators`` the
    resolved records of ``board_types`` (same order). ``colour_choices`` empty
    means any colour count the board type allows; ``clear_bonus_choices`` None means
    any bonus of 0 or more. ``stages`` is empty except for challenge presets.
    """

    name: str
    title: str
    description: str
    path: Path | None
    rules: Rules
    board_type: str
    board_types: tuple[str, ...]
    sizes: tuple[SizeOption, ...]
    default_size: str
    colour_choices: tuple[int, ...]
    selection_modes: tuple[SelectionMode, ...]
    clear_bonus_choices: tuple[int, ...] | None
    formula_choice: bool
    stages: tuple[Stage, ...]
    # The palette order boards are shown in (``palette.palette_order``): board
    # colour i is drawn and spoken as palette colour palette[i]; empty: as made.
    palette: tuple[int, ...] = ()
    generators: tuple[BoardGenerator, ...] = field(default=(), repr=False, compare=False)

    # -- choosing a board --------------------------------------------------------

    def board_setup(
        self, size: str | None = None, colours: int | None = None, board_type: str | None = None
    ) -> BoardSetup:
        """The board spec and generator for the player's choices.

        ``size`` is a size's name (any case) or ``WxH`` (columns x rows); a ``WxH``
        size takes the default size's colour count. ``colours`` overrides the size's
        colour count and must be one of ``colour_choices`` when there are any.
        ``board_type`` must be one of ``board_types``. Raises PresetError saying what
        is allowed.
        """
        chosen = self._size(size)
        kind = self._board_type(board_type)
        count = chosen.colours if colours is None else self._colour_count(colours)
        spec = BoardSpec(chosen.width, chosen.height, count)
        generator = next((g for g in self.generators if g.name == kind), None)
        try:
            check_spec(spec, generator)
        except BoardSpecError as error:
            raise PresetError(str(error)) from None
        return BoardSetup(spec, kind, self.palette)

    def _size(self, size: str | None) -> SizeOption:
        if size is None:
            return self._default_size_option()
        wanted = size.strip().lower()
        for option in self.sizes:
            if option.name.lower() == wanted:
                return option
        match = re.fullmatch(rf"([0-9]{{1,{MAX_DIGITS}}})\s*x\s*([0-9]{{1,{MAX_DIGITS}}})", wanted)
        width, height = (parse_digits(match[1]), parse_digits(match[2])) if match else (None, None)
        if width is not None and height is not None:
            return SizeOption(
                f"{width}x{height}", width, height, self._default_size_option().colours
            )
        default = self._default_size_option()
        names = ", ".join(option.name for option in self.sizes)
        raise PresetError(
            f"size '{shown(size)}' is not one of {names}; "
            f"or give WxH such as {default.width}x{default.height}"
        )

    def _default_size_option(self) -> SizeOption:
        return next(option for option in self.sizes if option.name == self.default_size)

    def _board_type(self, board_type: str | None) -> str:
        if board_type is None:
            return self.board_type
        wanted = board_type.strip().lower()
        for name in self.board_types:
            if name.lower() == wanted:
                return name
        raise PresetError(
            f"board type '{shown(board_type)}' is not offered by the {self.name} preset; "
            f"choose {_or_list(self.board_types)}"
        )

    def _colour_count(self, colours: int) -> int:
        if self.colour_choices and colours not in self.colour_choices:
            raise PresetError(
                f"{colours} colours is not offered by the {self.name} preset; "
                f"choose {_or_list(self.colour_choices)}"
            )
        return colours

    # -- overriding the rules ----------------------------------------------------

    def with_overrides(
        self,
        host: PluginHost,
        formula: str | None = None,
        clear_bonus: int | None = None,
        selection: SelectionMode | None = None,
    ) -> Preset:
        """This preset with the player's choices applied to its rules.

        A formula other than the preset's own needs ``formula_choice``; a bonus must
        be in ``clear_bonus_choices`` (any bonus of 0 or more when that is None); a
        selection mode must be in ``selection_modes``. Raises PresetError otherwise.
        """
        rules = self.rules
        if formula is not None:
            rules = replace(rules, formula=self._formula_override(host, formula))
        if clear_bonus is not None:
            rules = replace(rules, clear_bonus=self._bonus_override(clear_bonus))
        if selection is not None:
            rules = replace(rules, selection=self._selection_override(selection))
        return replace(self, rules=rules)

    def _formula_override(self, host: PluginHost, name: str) -> ScoringFormula:
        current = self.rules.formula
        if name == current.name:
            return current
        if not self.formula_choice:
            raise PresetError(
                f"the {self.name} preset does not let you choose the scoring formula "
                f"(it uses {current.name})"
            )
        try:
            return host.formula(name)
        except UnknownNameError as error:
            raise PresetError(str(error)) from None

    def _bonus_override(self, bonus: int) -> int:
        if bonus < 0:
            raise PresetError(f"the clear bonus cannot be negative ({shown(str(bonus))})")
        if bonus > MAX_POINTS:
            raise PresetError(
                f"the clear bonus must be at most {MAX_POINTS}, not {shown(str(bonus))}"
            )
        choices = self.clear_bonus_choices
        if choices is not None and bonus not in choices:
            raise PresetError(
                f"the {self.name} preset does not offer a clear bonus of {bonus}; "
                f"choose {_or_list(choices)}"
            )
        return bonus

    def _selection_override(self, selection: SelectionMode) -> SelectionMode:
        if selection not in self.selection_modes:
            raise PresetError(
                f"the {self.name} preset does not offer {selection} selection; "
                f"choose {_or_list(self.selection_modes)}"
            )
        return SelectionMode(selection)

    # -- showing -----------------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        """JSON-ready; without ``path`` it is a valid preset document again."""
        rules = self.rules
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "path": str(self.path) if self.path is not None else None,
            "formula": rules.formula.name,
            "clear_bonus": rules.clear_bonus,
            "penalty": rules.penalty.name,
            "min_group": rules.min_group,
            "undo": rules.undo.value,
            "hint": "practice" if rules.hint_is_practice else "allowed",
            "replay": "practice" if rules.replay_is_practice else "allowed",
            "selection": rules.selection.value,
            "selection_modes": [mode.value for mode in self.selection_modes],
            "board_type": self.board_type,
            "board_types": list(self.board_types),
            "colours": list(self.colour_choices),
            "clear_bonus_choices": (
                "any" if self.clear_bonus_choices is None else list(self.clear_bonus_choices)
            ),
            "formula_choice": self.formula_choice,
            "sizes": {
                size.name: {"width": size.width, "height": size.height, "colours": size.colours}
                for size in self.sizes
            },
            "default_size": self.default_size,
            **({"palette": [PALETTE[c].name for c in self.palette]} if self.palette else {}),
            "stages": [
                {
                    "name": stage.name,
                    "width": stage.width,
                    "height": stage.height,
                    "colours": stage.colours,
                    "board_type": stage.board_type,
                }
                for stage in self.stages
            ],
        }

    def describe(self) -> list[str]:
        """The preset in plain English, one sentence per line."""
        return [
            f"{self.title} (preset {self.name}). {self.description}",
            *self._describe_scoring(),
            *self._describe_play(),
            *self._describe_boards(),
            *([f"Loaded from {self.path}."] if self.path is not None else []),
        ]

    def _describe_scoring(self) -> Iterator[str]:
        rules = self.rules
        yield f"Scoring formula {rules.formula.name}: {rules.formula.description}."
        if self.formula_choice:
            yield "Another scoring formula may be chosen."
        if rules.clear_bonus:
            yield f"Clearing the board earns a bonus of {rules.clear_bonus} points."
        else:
            yield "Clearing the board earns no bonus."
        if self.clear_bonus_choices is None:
            yield "Any clear bonus of 0 or more may be chosen."
        elif len(self.clear_bonus_choices) > 1:
            yield f"The clear bonus may be {_or_list(self.clear_bonus_choices)}."
        yield f"End-of-board penalty {rules.penalty.name}: {rules.penalty.description}."
        yield f"Groups of {rules.min_group} or more tiles can be removed."

    def _describe_play(self) -> Iterator[str]:
        rules = self.rules
        yield {
            UndoPolicy.ALLOWED: "Undo and redo are allowed.",
            UndoPolicy.PRACTICE: "Undo is allowed but marks the game as practice.",
            UndoPolicy.DISABLED: "Undo is not available.",
        }[rules.undo]
        if rules.hint_is_practice:
            yield "Asking for a hint marks the game as practice."
        else:
            yield "Hints are allowed and do not mark the game as practice."
        if rules.replay_is_practice:
            yield "Playing a board again (a restart or another attempt) marks it as practice."
        else:
            yield "A board may be played again (a restart or another attempt) for a score."
        others = [mode for mode in self.selection_modes if mode != rules.selection]
        sentence = f"Selection mode {rules.selection} ({_SELECTION_WORDS[rules.selection]})"
        if others:
            yield f"{sentence} is the default; {_or_list(others)} may be chosen."
        else:
            yield f"{sentence}."

    def _describe_boards(self) -> Iterator[str]:
        described = {g.name: g.description for g in self.generators}
        for name in self.board_types:
            default = " (the default)" if name == self.board_type else ""
            about = f", {described[name]}" if name in described else ""
            yield f"Board type {name}{default}{about}."
        for size in self.sizes:
            default = " (the default)" if size.name == self.default_size else ""
            yield (
                f"Size {size.name}{default}: {size.width} columns by {size.height} rows, "
                f"{size.colours} colours."
            )
        example = self._default_size_option()
        yield (
            "Any other size may be given as columns x rows, "
            f"such as {example.width}x{example.height}."
        )
        if self.colour_choices:
            yield f"The number of colours may be {_or_list(self.colour_choices)}."
        for stage in self.stages:
            yield (
                f"{stage.name}: {stage.width} columns by {stage.height} rows, "
                f"{stage.colours} colours, board type {stage.board_type}."
            )


_SELECTION_WORDS = {
    SelectionMode.CONFIRM: "select a group, then confirm it",
    SelectionMode.ONE_CLICK: "a group goes with one click",
}


def _or_list(items: Sequence[object]) -> str:
    """'a', 'a or b', 'a, b or c'."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} or {words[-1]}"


# -- reading a file ----------------------------------------------------------------

_CORE_TAG = "tag:yaml.org,2002:"
# Tags the safe loader resolves on its own, with the words used in messages.
_KINDS = {
    "map": "a mapping",
    "seq": "a list",
    "str": "a string",
    "int": "a whole number",
    "bool": "true or false",
    "float": "a decimal number",
    "null": "an empty value",
    "timestamp": "a date",
}
_NODE_CLASS = {"map": yaml.MappingNode, "seq": yaml.SequenceNode}
_CONSTRUCTOR = yaml.constructor.SafeConstructor()

_PRESET_KEYS = (
    "name",
    "title",
    "description",
    "formula",
    "clear_bonus",
    "penalty",
    "min_group",
    "undo",
    "hint",
    "replay",
    "selection",
    "selection_modes",
    "board_type",
    "board_types",
    "colours",
    "palette",
    "clear_bonus_choices",
    "formula_choice",
    "sizes",
    "default_size",
    "stages",
)
_REQUIRED_KEYS = ("name", "title", "description", "formula", "board_type", "sizes")
_SIZE_KEYS = ("width", "height", "colours")
_STAGE_KEYS = ("name", "width", "height", "colours", "board_type")


def _error_at(path: Path, line: int, column: int, message: str) -> PresetError:
    """An error at a 0-based line and column, shown 1-based."""
    return PresetError(f"{path}:{line + 1}:{column + 1}: {message}")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _read_text(path: Path) -> str:
    try:
        data = read_file_capped(str(path))
    except OSError as error:
        raise PresetError(f"cannot read preset file {path}: {error.strerror or error}") from None
    except InputTooLargeError as error:
        raise PresetError(f"cannot read preset file: {error}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        column = error.start - (before.rfind(b"\n") + 1)
        raise _error_at(path, before.count(b"\n"), column, "the file is not UTF-8 text") from None


def _compose(path: Path, text: str) -> yaml.Node:
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line, mark.column) if mark else (0, 0)
        context = ""
        if error.context and error.context_mark:
            context = f"{error.context} (from line {error.context_mark.line + 1}), "
        message = _one_line(f"YAML syntax error: {context}{error.problem}")
        raise _error_at(path, line, column, message) from None
    except yaml.reader.ReaderError as error:
        before = text[: error.position]
        column = error.position - (before.rfind("\n") + 1)
        message = f"character #x{int(error.character):04x} is not allowed in YAML"
        raise _error_at(path, before.count("\n"), column, message) from None
    if root is None:
        raise _error_at(path, 0, 0, "the file is empty; a preset is a mapping such as 'name: x'")
    return root


class _Reader:
    """Checks a composed node tree against the schema and builds the Preset."""

    def __init__(self, path: Path, host: PluginHost) -> None:
        self.path = path
        self.host = host

    def error(self, node: yaml.Node, message: str) -> PresetError:
        return _error_at(self.path, node.start_mark.line, node.start_mark.column, message)

    # -- the whole tree: tags, keys, aliases --------------------------------------

    def check_tree(self, node: yaml.Node, active: set[int], done: set[int]) -> None:
        """Reject unknown or unsafe tags, non-scalar and duplicate keys and
        self-containing aliases anywhere, in document order."""
        if id(node) in done:
            return
        if id(node) in active:
            raise self.error(node, "a YAML alias refers to a node that contains it")
        self.check_tag(node)
        active.add(id(node))
        if isinstance(node, yaml.MappingNode):
            seen: dict[str, int] = {}
            for key, value in node.value:
                self.check_key(key, seen)
                self.check_tree(key, active, done)
                self.check_tree(value, active, done)
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                self.check_tree(item, active, done)
        active.discard(id(node))
        done.add(id(node))

    def check_tag(self, node: yaml.Node) -> None:
        short = node.tag.removeprefix(_CORE_TAG)
        if not node.tag.startswith(_CORE_TAG) or short not in _KINDS:
            shown = f"!!{short}" if node.tag.startswith(_CORE_TAG) else node.tag
            raise self.error(
                node,
                f"the YAML tag {shown} is unknown or unsafe; use plain strings, numbers, "
                "true or false, lists and mappings",
            )
        if not isinstance(node, _NODE_CLASS.get(short, yaml.ScalarNode)):
            raise self.error(node, f"the YAML tag !!{short} does not fit this value")

    def check_key(self, key: yaml.Node, seen: dict[str, int]) -> None:
        if not isinstance(key, yaml.ScalarNode):
            raise self.error(key, "a mapping key must be a plain name, not a list or mapping")
        if key.value in seen:
            raise self.error(
                key,
                f"duplicate key '{shown(key.value)}'; it is already given on line {seen[key.value]}",
            )
        seen[key.value] = key.start_mark.line + 1

    # -- values -------------------------------------------------------------------

    def expect(self, node: yaml.Node, kind: str, what: str) -> None:
        if node.tag != _CORE_TAG + kind:
            got = _KINDS[node.tag.removeprefix(_CORE_TAG)]
            raise self.error(node, f"{what}: expected {_KINDS[kind]}, got {got}")

    def scalar(
        self, node: yaml.Node, kind: str, what: str, make: Callable[[yaml.ScalarNode], _T]
    ) -> _T:
        """The value of a scalar of the given kind (check_tree has matched its class)."""
        self.expect(node, kind, what)
        assert isinstance(node, yaml.ScalarNode)
        try:
            return make(node)
        except (ValueError, KeyError, IndexError, TypeError, OverflowError):
            # PyYAML's constructors raise IndexError for !!int "" or !!int _.
            raise self.error(node, f"{what}: '{shown(node.value)}' is not {_KINDS[kind]}") from None

    def string(self, node: yaml.Node, what: str) -> str:
        return self.scalar(node, "str", what, lambda n: str(n.value))

    def text(self, node: yaml.Node, what: str) -> str:
        value = self.string(node, what).strip()
        if not value:
            raise self.error(node, f"{what}: must not be empty")
        return value

    def integer(
        self, node: yaml.Node, what: str, minimum: int | None = None, maximum: int | None = None
    ) -> int:
        if isinstance(node, yaml.ScalarNode) and len(node.value) > _MAX_INT_TEXT:
            raise self.error(
                node, f"{what}: a number of {len(node.value):,} characters is far too large"
            )
        value = self.scalar(node, "int", what, _CONSTRUCTOR.construct_yaml_int)
        if minimum is not None and value < minimum:
            raise self.error(node, f"{what}: must be at least {minimum}, not {value}")
        if maximum is not None and value > maximum:
            raise self.error(node, f"{what}: must be at most {maximum}, not {value}")
        return value

    def boolean(self, node: yaml.Node, what: str) -> bool:
        return self.scalar(node, "bool", what, _CONSTRUCTOR.construct_yaml_bool)

    def choice(self, node: yaml.Node, what: str, options: Sequence[str]) -> str:
        value = self.string(node, what)
        if value not in options:
            raise self.error(node, f"{what}: '{shown(value)}' is not one of {', '.join(options)}")
        return value

    def plugin(self, node: yaml.Node, what: str, find: Callable[[str], _T]) -> _T:
        name = self.string(node, what)
        try:
            return find(name)
        except UnknownNameError as error:
            raise self.error(node, f"{what}: {error}") from None

    def optional(
        self,
        found: dict[str, yaml.Node],
        key: str,
        read: Callable[[yaml.Node, str], _T],
        default: _T,
    ) -> _T:
        """The value of an optional key, or its default when the key is left out."""
        node = found.get(key)
        return default if node is None else read(node, key)

    def penalty(self, node: yaml.Node, what: str) -> Penalty:
        return self.plugin(node, what, self.host.penalty)

    def group_size(self, node: yaml.Node, what: str) -> int:
        return self.integer(node, what, minimum=1, maximum=MAX_GROUP)

    def undo_policy(self, node: yaml.Node, what: str) -> UndoPolicy:
        return UndoPolicy(self.choice(node, what, list(UndoPolicy)))

    def hint_is_practice(self, node: yaml.Node, what: str) -> bool:
        return self.choice(node, what, ("practice", "allowed")) == "practice"

    def replay_is_practice(self, node: yaml.Node, what: str) -> bool:
        return self.choice(node, what, ("practice", "allowed")) == "practice"

    def bonus(self, node: yaml.Node, what: str) -> int:
        return self.integer(node, what, minimum=0, maximum=MAX_POINTS)

    def selection_mode(self, node: yaml.Node, what: str) -> SelectionMode:
        return SelectionMode(self.choice(node, what, list(SelectionMode)))

    def generator(self, node: yaml.Node, what: str) -> BoardGenerator:
        return self.plugin(node, what, self.host.generator)

    def items(
        self,
        node: yaml.Node,
        what: str,
        read: Callable[[yaml.Node, str], _T],
        *,
        allow_empty: bool,
    ) -> list[tuple[_T, yaml.Node]]:
        """A list's values with their nodes; a repeated value is an error."""
        self.expect(node, "seq", what)
        if not node.value and not allow_empty:
            raise self.error(node, f"{what}: give at least one value")
        values: list[tuple[_T, yaml.Node]] = []
        for item in node.value:
            value = read(item, what)
            if any(value == earlier for earlier, _ in values):
                named = item.value if isinstance(item, yaml.ScalarNode) else value
                raise self.error(item, f"{what}: {shown(str(named))} is listed twice")
            values.append((value, item))
        return values

    def fields(
        self, node: yaml.Node, where: str, allowed: Sequence[str], required: Sequence[str]
    ) -> dict[str, yaml.Node]:
        """A mapping's value nodes by key; unknown and missing keys are errors."""
        self.expect(node, "map", where)
        found: dict[str, yaml.Node] = {}
        for key, value in node.value:
            name = self.string(key, f"a key in {where}")
            if name not in allowed:
                raise self.error(
                    key,
                    f"unknown key '{shown(name)}' in {where}; allowed keys: {', '.join(allowed)}",
                )
            found[name] = value
        for name in required:
            if name not in found:
                raise self.error(
                    node,
                    f"{where} is missing the required key '{name}'; "
                    f"required keys: {', '.join(required)}",
                )
        return found

    def check_board(
        self,
        node: yaml.Node,
        what: str,
        spec: BoardSpec,
        generators: Sequence[BoardGenerator | None] = (None,),
    ) -> None:
        for generator in generators:
            try:
                check_spec(spec, generator)
            except BoardSpecError as error:
                raise self.error(node, f"{what}: {error}") from None

    # -- the preset ---------------------------------------------------------------

    def preset(self, root: yaml.Node) -> Preset:
        found = self.fields(root, "the preset", _PRESET_KEYS, _REQUIRED_KEYS)
        name = self.text(found["name"], "name")
        if name != self.path.stem:
            raise self.error(
                found["name"],
                f"name: '{shown(name)}' must equal the file name's stem '{self.path.stem}'",
            )
        rules, selection_modes, bonus_choices = self.rules(found)
        board_type, generators = self.board_types(found)
        colour_choices = self.colour_choices(found, generators)
        sizes, default_size = self.sizes(found, generators, colour_choices)
        return Preset(
            name=name,
            title=self.text(found["title"], "title"),
            description=self.text(found["description"], "description"),
            path=self.path,
            rules=rules,
            board_type=board_type,
            board_types=tuple(g.name for g in generators),
            sizes=sizes,
            default_size=default_size,
            colour_choices=colour_choices,
            selection_modes=selection_modes,
            clear_bonus_choices=bonus_choices,
            formula_choice=self.optional(found, "formula_choice", self.boolean, False),
            stages=self.stages(found.get("stages"), board_type),
            palette=self.palette(found.get("palette")),
            generators=generators,
        )

    def rules(
        self, found: dict[str, yaml.Node]
    ) -> tuple[Rules, tuple[SelectionMode, ...], tuple[int, ...] | None]:
        """The Rules, the selection modes offered and the clear bonus choices."""
        clear_bonus, bonus_choices = self.clear_bonus(found)
        selection, modes = self.selection(found)
        rules = Rules(
            formula=self.plugin(found["formula"], "formula", self.host.formula),
            clear_bonus=clear_bonus,
            penalty=self.optional(found, "penalty", self.penalty, self.host.penalty("none")),
            min_group=self.optional(found, "min_group", self.group_size, 2),
            undo=self.optional(found, "undo", self.undo_policy, UndoPolicy.ALLOWED),
            selection=selection,
            hint_is_practice=self.optional(found, "hint", self.hint_is_practice, True),
            replay_is_practice=self.optional(found, "replay", self.replay_is_practice, False),
        )
        return rules, modes, bonus_choices

    def clear_bonus(self, found: dict[str, yaml.Node]) -> tuple[int, tuple[int, ...] | None]:
        node = found.get("clear_bonus")
        bonus = 0 if node is None else self.bonus(node, "clear_bonus")
        choices_node = found.get("clear_bonus_choices")
        if choices_node is None:
            return bonus, (bonus,)
        what = "clear_bonus_choices"
        if choices_node.tag == _CORE_TAG + "str":
            self.choice(choices_node, what, ("any",))
            return bonus, None
        values = self.items(choices_node, what, self.bonus, allow_empty=False)
        choices = tuple(value for value, _ in values)
        if bonus not in choices:
            raise self.error(
                choices_node if node is None else node,
                f"clear_bonus: {bonus} is not in {what} ({_or_list(choices)})",
            )
        return bonus, choices

    def selection(
        self, found: dict[str, yaml.Node]
    ) -> tuple[SelectionMode, tuple[SelectionMode, ...]]:
        read = self.selection_mode
        modes_node = found.get("selection_modes")
        node = found.get("selection")
        if modes_node is None:
            mode = SelectionMode.CONFIRM if node is None else read(node, "selection")
            return mode, (mode,)
        values = self.items(modes_node, "selection_modes", read, allow_empty=False)
        modes = tuple(mode for mode, _ in values)
        if node is None:
            return modes[0], modes
        mode = read(node, "selection")
        if mode not in modes:
            raise self.error(
                node, f"selection: '{mode}' is not in selection_modes ({', '.join(modes)})"
            )
        return mode, modes

    def board_types(self, found: dict[str, yaml.Node]) -> tuple[str, tuple[BoardGenerator, ...]]:
        """The default board type and the generators offered, default included."""
        node = found["board_type"]
        default = self.generator(node, "board_type")
        types_node = found.get("board_types")
        if types_node is None:
            return default.name, (default,)
        values = self.items(types_node, "board_types", self.generator, allow_empty=False)
        generators = tuple(generator for generator, _ in values)
        if default not in generators:
            names = ", ".join(g.name for g in generators)
            raise self.error(node, f"board_type: '{default.name}' is not in board_types ({names})")
        return default.name, generators

    def palette(self, node: yaml.Node | None) -> tuple[int, ...]:
        """``palette: [red, yellow, blue]``: the colours a board's first colours are
        shown in, the rest following in palette order; () when left out."""
        if node is None:
            return ()
        names = self.items(node, "palette", self.colour_name, allow_empty=False)
        return palette_order([index for index, _ in names])

    def colour_name(self, node: yaml.Node, what: str) -> int:
        name = self.text(node, what)
        try:
            return colour_named(name).index
        except KeyError:
            known = ", ".join(c.name for c in PALETTE)
            raise self.error(
                node, f"{what}: no colour is named '{shown(name)}'; known: {known}"
            ) from None

    def colour_choices(
        self, found: dict[str, yaml.Node], generators: Sequence[BoardGenerator]
    ) -> tuple[int, ...]:
        node = found.get("colours")
        if node is None:
            return ()
        choices = self.items(node, "colours", self.integer, allow_empty=True)
        for count, item in choices:
            self.check_board(item, "colours", BoardSpec(1, 1, count), generators)
        return tuple(count for count, _ in choices)

    def sizes(
        self,
        found: dict[str, yaml.Node],
        generators: Sequence[BoardGenerator],
        colour_choices: tuple[int, ...],
    ) -> tuple[tuple[SizeOption, ...], str]:
        """The sizes in file order and the default size's name."""
        node = found["sizes"]
        self.expect(node, "map", "sizes")
        if not node.value:
            raise self.error(node, "sizes: give at least one size")
        sizes: list[SizeOption] = []
        for key, value in node.value:
            name = self.text(key, "a size name")
            if any(name.lower() == size.name.lower() for size in sizes):
                raise self.error(key, f"size '{shown(name)}' is given twice (names ignore case)")
            sizes.append(self.size(name, value, generators, colour_choices))
        default_node = found.get("default_size")
        if default_node is None:
            return tuple(sizes), sizes[0].name
        default = self.string(default_node, "default_size")
        if default not in (size.name for size in sizes):
            names = ", ".join(size.name for size in sizes)
            raise self.error(
                default_node, f"default_size: '{shown(default)}' is not one of the sizes ({names})"
            )
        return tuple(sizes), default

    def size(
        self,
        name: str,
        node: yaml.Node,
        generators: Sequence[BoardGenerator],
        colour_choices: tuple[int, ...],
    ) -> SizeOption:
        where = f"size '{name}'"
        found = self.fields(node, where, _SIZE_KEYS, _SIZE_KEYS)
        width, height, colours = self.dimensions(found, where, generators)
        if colour_choices and colours not in colour_choices:
            raise self.error(
                found["colours"],
                f"colours of {where}: {colours} is not in colours ({_or_list(colour_choices)})",
            )
        return SizeOption(name, width, height, colours)

    def dimensions(
        self, found: dict[str, yaml.Node], where: str, generators: Sequence[BoardGenerator]
    ) -> tuple[int, int, int]:
        """Width, height and colours of a size or stage, each checked by check_spec."""
        width = self.integer(found["width"], f"width of {where}")
        self.check_board(found["width"], f"width of {where}", BoardSpec(width, 1, 1))
        height = self.integer(found["height"], f"height of {where}")
        self.check_board(found["height"], f"height of {where}", BoardSpec(1, height, 1))
        colours = self.integer(found["colours"], f"colours of {where}")
        spec = BoardSpec(1, 1, colours)
        self.check_board(found["colours"], f"colours of {where}", spec, generators)
        return width, height, colours

    def stages(self, node: yaml.Node | None, board_type: str) -> tuple[Stage, ...]:
        if node is None:
            return ()
        self.expect(node, "seq", "stages")
        stages: list[Stage] = []
        for number, item in enumerate(node.value, start=1):
            stage = self.stage(item, f"stage {number}", board_type)
            if any(stage.name == earlier.name for earlier in stages):
                raise self.error(item, f"stage {number}: the name '{stage.name}' is used twice")
            stages.append(stage)
        return tuple(stages)

    def stage(self, node: yaml.Node, where: str, board_type: str) -> Stage:
        found = self.fields(node, where, _STAGE_KEYS, _STAGE_KEYS[:4])
        type_node = found.get("board_type")
        generator = (
            self.host.generator(board_type)
            if type_node is None
            else self.generator(type_node, f"board_type of {where}")
        )
        width, height, colours = self.dimensions(found, where, (generator,))
        name = self.text(found["name"], f"name of {where}")
        return Stage(name, width, height, colours, generator.name)


def load_preset_file(path: Path, host: PluginHost) -> Preset:
    """Load and validate one preset file, resolving its names through ``host``.

    Raises PresetError (one line, ``path:LINE:COL: message`` for problems inside
    the file).
    """
    text = _read_text(path)
    reader = _Reader(path, host)
    try:
        root = _compose(path, text)
        reader.check_tree(root, set(), set())
    except RecursionError:
        raise PresetError(f"{path}: the YAML is nested too deeply") from None
    return reader.preset(root)


# -- finding presets -----------------------------------------------------------------


def _directories(host: PluginHost) -> list[Path]:
    """Preset folders in look-up order: plugins' (built-in first), then the user's."""
    return [directory.path for directory in host.preset_directories()] + [paths.user_presets_dir()]


def _preset_files(directory: Path) -> list[Path]:
    if not directory.is_dir():
        return []
    return sorted(
        path
        for path in directory.iterdir()
        if path.suffix.lower() in YAML_SUFFIXES and path.is_file()
    )


def _looks_like_path(name_or_path: str) -> bool:
    has_separator = "/" in name_or_path or os.sep in name_or_path
    return has_separator or name_or_path.lower().endswith(YAML_SUFFIXES)


def find_preset(name_or_path: str, host: PluginHost) -> Preset:
    """The preset of a file path (it contains a slash or ends in .yaml or .yml) or
    of a name, ignoring case: the first match in the plugins' preset directories
    (built-in first), then the user's preset folder. Raises PresetError."""
    if _looks_like_path(name_or_path):
        return load_preset_file(Path(name_or_path).expanduser(), host)
    wanted = name_or_path.strip().lower()
    known: dict[str, str] = {}
    for directory in _directories(host):
        for path in _preset_files(directory):
            if path.stem.lower() == wanted:
                return load_preset_file(path, host)
            known.setdefault(path.stem.lower(), path.stem)
    names = ", ".join(sorted(known.values(), key=str.lower)) or "none"
    raise PresetError(f"no preset named '{name_or_path}'; known: {names}")


def list_presets(host: PluginHost) -> tuple[list[Preset], list[str]]:
    """Every loadable preset, sorted by name, and one line per problem.

    A file that fails to load is reported and skipped; so is a preset whose name
    (ignoring case) an earlier directory already gave, naming both files.
    """
    presets: dict[str, Preset] = {}
    problems: list[str] = []
    for directory in _directories(host):
        for path in _preset_files(directory):
            try:
                preset = load_preset_file(path, host)
            except PresetError as error:
                problems.append(f"{error} (preset skipped)")
                continue
            first = presets.setdefault(preset.name.lower(), preset)
            if first is not preset:
                problems.append(
                    f"preset '{preset.name}' in {path} skipped: "
                    f"the name is already used by {first.path}"
                )
    return sorted(presets.values(), key=lambda p: p.name.lower()), problems


__all__ = [
    "BoardSetup",
    "Preset",
    "PresetError",
    "SizeOption",
    "Stage",
    "find_preset",
    "list_presets",
    "load_preset_file",
]
