"""The YAML safety pass of the preset reader: a file's text to plain values, each
problem one ``PresetError`` at its node, ``path:LINE:COL: message`` (1-based).

1. the text: capped size, UTF-8 (a byte-order mark is accepted), YAML syntax,
   composed with the safe loader (nothing in a file is ever constructed as a
   Python object beyond plain scalars);
2. the tree: only plain tags (strings, numbers, true or false, lists, mappings),
   no duplicate or non-scalar keys, no alias that contains itself, no number of
   more than ``MAX_INT_TEXT`` characters, at most ``MAX_VALUES`` values.

``YamlTree`` keeps the node of every location, so the later passes can say where
a problem is (``describe`` says what a location is called).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from samegame.core.limits import InputTooLargeError, read_file_capped
from samegame.core.quoting import shown
from samegame.presets.model import PresetError

__all__ = [
    "MAX_INT_TEXT",
    "MAX_VALUES",
    "Loc",
    "YamlTree",
    "compose",
    "describe",
    "error_at",
    "kind_of",
    "read_text",
]

MAX_INT_TEXT = 40
"""A YAML integer longer than this is refused before it is constructed (the
largest allowed value, MAX_POINTS, has 16 digits)."""

MAX_VALUES = 100_000
"""The most values a file may hold once its aliases are expanded (a real preset
holds a few hundred); more is refused before it is built (alias bombs)."""

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


def error_at(path: Path, line: int, column: int, message: str) -> PresetError:
    """An error at a 0-based line and column, shown 1-based."""
    return PresetError(f"{path}:{line + 1}:{column + 1}: {message}")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def read_text(path: Path) -> str:
    """The file's text: at most the input cap, UTF-8 (with or without a byte-order
    mark)."""
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


def compose(path: Path, text: str) -> yaml.Node:
    """The text's YAML nodes, composed by the safe loader (nothing constructed)."""
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


def kind_of(node: yaml.Node) -> str:
    """What a checked node holds, in the words of messages: ``a list``."""
    return _KINDS[node.tag.removeprefix(_CORE_TAG)]


class YamlTree:
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
