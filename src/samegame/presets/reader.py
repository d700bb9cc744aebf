"""Reading a preset file: YAML text to a validated ``Preset``, errors at the node.

Four passes, each stopping at the first problem with one ``PresetError`` whose
message is one line, ``path:LINE:COL: message`` (1-based):

1. the text: capped size, UTF-8 (a byte-order mark is accepted), YAML syntax,
   composed with the safe loader (nothing in a file is ever constructed as a
   Python object beyond plain scalars);
2. the tree: only plain tags (strings, numbers, true or false, lists, mappings),
   no duplicate or non-scalar keys, no alias that contains itself, no number of
   more than ``MAX_INT_TEXT`` characters;
3. the shape: ``PresetDocument`` (pydantic, strict) checks keys, types, ranges and
   word choices; each error's location is mapped back to its node;
4. the meaning: formula, penalty and generator names resolved through the plugin
   host (the known ones are listed), board limits from ``check_spec`` for every
   board type offered, and keys that must agree (``board_type`` in
   ``board_types``, a size's colours in ``colours``, ``default_size`` a size,
   ``selection`` in ``selection_modes``, ``clear_bonus`` in
   ``clear_bonus_choices``, the name equal to the file's stem).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import ValidationError
from pydantic_core import ErrorDetails

from samegame.core.limits import InputTooLargeError, read_file_capped
from samegame.core.numbering import BoardSpecError, check_spec
from samegame.core.palette import PALETTE, colour_named, palette_order
from samegame.core.quoting import shown
from samegame.core.rules import Rules, SelectionMode, UndoPolicy
from samegame.plugin.contributions import BoardGenerator, BoardSpec
from samegame.plugin.host import PluginHost, UnknownNameError
from samegame.presets.document import PresetDocument, SizeDocument, StageDocument
from samegame.presets.model import Preset, PresetError, SizeOption, Stage, or_list

MAX_INT_TEXT = 40
"""A YAML integer longer than this is refused before it is constructed (the
largest allowed value, MAX_POINTS, has 16 digits)."""

MAX_VALUES = 100_000
"""The most values a file may hold once its aliases are expanded (a real preset
holds a few hundred); more is refused before it is built (alias bombs)."""

_T = TypeVar("_T")
Loc = tuple[str | int, ...]

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
# pydantic's type errors, with the words of what was expected.
_EXPECTED = {
    "int_type": "a whole number",
    "string_type": "a string",
    "bool_type": "true or false",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "list_type": "a list",
}


def error_at(path: Path, line: int, column: int, message: str) -> PresetError:
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
        raise error_at(path, before.count(b"\n"), column, "the file is not UTF-8 text") from None


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
        raise error_at(path, line, column, message) from None
    except yaml.reader.ReaderError as error:
        before = text[: error.position]
        column = error.position - (before.rfind("\n") + 1)
        message = f"character #x{int(error.character):04x} is not allowed in YAML"
        raise error_at(path, before.count("\n"), column, message) from None
    if root is None:
        raise error_at(path, 0, 0, "the file is empty; a preset is a mapping such as 'name: x'")
    return root


def _kind(node: yaml.Node) -> str:
    return _KINDS[node.tag.removeprefix(_CORE_TAG)]


class _Tree:
    """Pass 2 over the composed nodes, then their plain values with the node of
    every location (for messages)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.values: dict[Loc, yaml.Node] = {}
        self.keys: dict[Loc, yaml.Node] = {}
        self.count = 0

    def error(self, node: yaml.Node, message: str) -> PresetError:
        return error_at(self.path, node.start_mark.line, node.start_mark.column, message)

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

    # -- plain values ---------------------------------------------------------------

    def value(self, node: yaml.Node, loc: Loc) -> Any:
        """The plain value of a checked node; every location's node is kept."""
        self.count += 1
        if self.count > MAX_VALUES:
            raise self.error(
                node,
                f"the file holds more than {MAX_VALUES:,} values once its aliases are expanded",
            )
        self.values[loc] = node
        if isinstance(node, yaml.MappingNode):
            result: dict[str, Any] = {}
            for key, item in node.value:
                name = self.scalar(key, (*loc, "[key]"))
                self.keys[(*loc, name)] = key
                result[name] = self.value(item, (*loc, name))
            return result
        if isinstance(node, yaml.SequenceNode):
            return [self.value(item, (*loc, index)) for index, item in enumerate(node.value)]
        return self.scalar(node, loc)

    def scalar(self, node: yaml.Node, loc: Loc) -> Any:
        assert isinstance(node, yaml.ScalarNode)
        kind = node.tag.removeprefix(_CORE_TAG)
        if kind == "int" and len(node.value) > MAX_INT_TEXT:
            raise self.error(
                node,
                f"{describe(loc)}: a number of {len(node.value):,} characters is far too large",
            )
        try:
            return _CONSTRUCTOR.construct_object(node)
        except (ValueError, KeyError, IndexError, TypeError, OverflowError, yaml.YAMLError):
            # PyYAML's constructors raise IndexError for !!int "" or !!int _.
            raise self.error(
                node, f"{describe(loc)}: '{shown(node.value)}' is not {_KINDS[kind]}"
            ) from None


def describe(loc: Loc) -> str:
    """What a location is called in messages: ``min_group``, ``width of size
    'small'``, ``stage 2``, ``a size name``, ``the preset``."""
    if not loc:
        return "the preset"
    if loc[-1] == "[key]":
        return "a size name" if loc[0] == "sizes" else "a key"
    if loc[0] == "sizes" and len(loc) >= 2:
        where = f"size '{loc[1]}'"
        return where if len(loc) == 2 else f"{loc[2]} of {where}"
    if loc[0] == "stages" and len(loc) >= 2 and isinstance(loc[1], int):
        where = f"stage {loc[1] + 1}"
        return where if len(loc) == 2 else f"{loc[2]} of {where}"
    return str(loc[0])


def _holds(data: Any, part: int | str) -> bool:
    """Whether a plain value has a key or index ``part``."""
    if isinstance(data, dict):
        return part in data
    return isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data)


def _model_of(loc: Loc) -> type[PresetDocument | SizeDocument | StageDocument]:
    if loc[:1] == ("sizes",) and len(loc) == 2:
        return SizeDocument
    if loc[:1] == ("stages",) and len(loc) == 2:
        return StageDocument
    return PresetDocument


def _keys(model: type[PresetDocument | SizeDocument | StageDocument], required: bool) -> str:
    fields = model.model_fields.items()
    return ", ".join(name for name, info in fields if info.is_required() or not required)


class _Shape:
    """Pass 3: the document checked by pydantic, its first error at its node."""

    def __init__(self, tree: _Tree, data: Any) -> None:
        self.tree = tree
        self.data = data

    def check(self) -> PresetDocument:
        try:
            return PresetDocument.model_validate(self.data)
        except ValidationError as error:
            raise self.message(self.first(error.errors())) from None

    def first(self, errors: Sequence[ErrorDetails]) -> tuple[Loc, ErrorDetails]:
        """The first error, its location cleared of union branch names; within
        a union, the branch that fits the value given."""
        located = [(self.real(error["loc"]), error) for error in errors]
        loc, error = located[0]
        branches = [(where, e) for where, e in located if where == loc or where[: len(loc)] == loc]
        if len(branches) > 1:
            given = self.at(loc)
            fitting = [
                (where, e)
                for where, e in branches
                if (isinstance(given, str) and e["type"] == "literal_error")
                or (isinstance(given, list) and e["type"] != "literal_error")
            ]
            return (fitting or branches)[0]
        return loc, error

    def real(self, loc: tuple[int | str, ...]) -> Loc:
        """``loc`` without the names pydantic gives union branches."""
        data: Any = self.data
        kept: list[int | str] = []
        for part in loc:
            if part == "[key]":
                kept.append(part)
            elif _holds(data, part):
                kept.append(part)
                data = data[part]
        return tuple(kept)

    def at(self, loc: Loc) -> Any:
        data: Any = self.data
        for part in loc:
            data = data[part]
        return data

    def message(self, located: tuple[Loc, ErrorDetails]) -> PresetError:
        loc, error = located
        kind = error["type"]
        tree = self.tree
        if kind == "extra_forbidden":
            where, key = loc[:-1], str(loc[-1])
            return tree.error(
                tree.keys[loc],
                f"unknown key '{shown(key)}' in {describe(where)}; "
                f"allowed keys: {_keys(_model_of(where), required=False)}",
            )
        if kind == "invalid_key":
            key_node = tree.keys[loc]
            return tree.error(
                key_node, f"a key in {describe(loc[:-1])}: expected a string, got {_kind(key_node)}"
            )
        if kind == "missing":  # the missing key is not in the data: loc stops before it
            where, key = loc, str(error["loc"][-1])
            return tree.error(
                tree.values[where],
                f"{describe(where)} is missing the required key '{key}'; "
                f"required keys: {_keys(_model_of(where), required=True)}",
            )
        node = tree.keys[loc[:-1]] if loc and loc[-1] == "[key]" else tree.values[loc]
        what = describe(loc)
        value = error.get("input")
        if kind in _EXPECTED or (kind == "literal_error" and not isinstance(value, str)):
            expected = _EXPECTED.get(kind, "a string")
            return tree.error(node, f"{what}: expected {expected}, got {_kind(node)}")
        if kind == "literal_error":
            expected_words = str(error.get("ctx", {}).get("expected", ""))
            if loc == ("clear_bonus_choices",):
                return tree.error(
                    node, f"{what}: '{shown(str(value))}' is neither the word any nor a list"
                )
            choices = ", ".join(
                part.strip(" '") for part in expected_words.replace(" or ", ", ").split(",")
            )
            return tree.error(node, f"{what}: '{shown(str(value))}' is not one of {choices}")
        if kind == "greater_than_equal":
            limit = error.get("ctx", {}).get("ge")
            return tree.error(node, f"{what}: must be at least {limit}, not {value}")
        if kind == "less_than_equal":
            limit = error.get("ctx", {}).get("le")
            return tree.error(node, f"{what}: must be at most {limit}, not {value}")
        if kind == "too_short":
            wanted = "size" if loc == ("sizes",) else "value"
            return tree.error(node, f"{what}: give at least one {wanted}")
        return tree.error(node, f"{what}: {error['msg']}")


class _Meaning:
    """Pass 4: names resolved through the plugin host and keys that must agree."""

    def __init__(self, tree: _Tree, document: PresetDocument, host: PluginHost) -> None:
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

    def unique(self, loc: Loc, values: Sequence[object]) -> None:
        for index, value in enumerate(values):
            if value in values[:index]:
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
        for name, size in self.document.sizes.items():
            loc: Loc = ("sizes", name)
            if not name.strip():
                raise self.tree.error(self.tree.keys[loc], "a size name: must not be empty")
            if any(name.strip().lower() == known.name.lower() for known in sizes):
                raise self.tree.error(
                    self.tree.keys[loc], f"size '{shown(name)}' is given twice (names ignore case)"
                )
            self.dimensions(loc, size, generators)
            if colour_choices and size.colours not in colour_choices:
                raise self.error(
                    (*loc, "colours"),
                    f"colours of size '{name}': {size.colours} is not in colours "
                    f"({or_list(colour_choices)})",
                )
            sizes.append(SizeOption(name.strip(), size.width, size.height, size.colours))
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
        """Width, height and colours of a size or stage, each checked by check_spec."""
        self.board((*loc, "width"), BoardSpec(size.width, 1, 1))
        self.board((*loc, "height"), BoardSpec(1, size.height, 1))
        self.board((*loc, "colours"), BoardSpec(1, 1, size.colours), generators)

    def stages(self, board_type: str) -> tuple[Stage, ...]:
        stages: list[Stage] = []
        for index, stage in enumerate(self.document.stages):
            loc: Loc = ("stages", index)
            if stage.board_type is None:
                generator = self.host.generator(board_type)
            else:
                generator = self.plugin((*loc, "board_type"), stage.board_type, self.host.generator)
            self.dimensions(loc, stage, (generator,))
            name = self.text((*loc, "name"), stage.name)
            if any(name == earlier.name for earlier in stages):
                raise self.error(loc, f"stage {index + 1}: the name '{name}' is used twice")
            stages.append(Stage(name, stage.width, stage.height, stage.colours, generator.name))
        return tuple(stages)


def _check_name(tree: _Tree, data: Any, path: Path) -> None:
    """The name must equal the file's stem: checked first, as the file's identity."""
    name = data.get("name") if isinstance(data, dict) else None
    if isinstance(name, str) and name.strip() and name.strip() != path.stem:
        raise tree.error(
            tree.values[("name",)],
            f"name: '{shown(name.strip())}' must equal the file name's stem '{path.stem}'",
        )


def load_preset_file(path: Path, host: PluginHost) -> Preset:
    """Load and validate one preset file, resolving its names through ``host``.

    Raises PresetError (one line, ``path:LINE:COL: message`` for problems inside
    the file).
    """
    text = _read_text(path)
    tree = _Tree(path)
    try:
        root = _compose(path, text)
        tree.check_tree(root, set(), set())
        data = tree.value(root, ())
    except RecursionError:
        raise PresetError(f"{path}: the YAML is nested too deeply") from None
    _check_name(tree, data, path)
    document = _Shape(tree, data).check()
    return _Meaning(tree, document, host).preset(path)
