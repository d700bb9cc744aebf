"""The YAML safety pass of the preset reader: a file's text to plain values, each
problem one ``PresetError`` at its node, ``path:LINE:COL: message`` (1-based).

1. the text: capped size, UTF-8 (a byte-order mark is accepted), YAML syntax,
   composed with the safe loader (nothing in a file is ever constructed as a
   Python object beyond plain scalars);
2. the tree: only plain tags (strings, numbers, true or false, lists, mappings),
   no duplicate or non-scalar keys, no alias that contains itself, at most
   ``MAX_VALUES`` values and ``MAX_EXPANDED_CHARACTERS`` characters of scalars once
   every alias is expanded (counted on the composed nodes, before any value is
   built); then the values, with keys that are names (never numbers, true or
   false, or empty) and whole numbers written in ASCII digits 0 to 9 only, at most
   ``MAX_INT_TEXT`` of them.

The cost is linear in the file's size: each composed node is visited once, an
alias adds its expanded size without being walked again.

``YamlTree`` keeps the node of every location, so the later passes can say where
a problem is (``describe`` says what a location is called).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from samegame.core.limits import MAX_FILE_BYTES, InputTooLargeError
from samegame.core.quoting import shown
from samegame.core.regular_files import NotRegularFileError, read_regular_file
from samegame.presets.model import PresetError

__all__ = [
    "MAX_EXPANDED_CHARACTERS",
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
"""The most values (scalars, lists and mappings, keys included) a file may hold
once its aliases are expanded (a real preset holds a few hundred); more is
refused before anything is built (alias bombs)."""

MAX_EXPANDED_CHARACTERS = MAX_FILE_BYTES
"""The most characters the scalars of a file may hold once its aliases are
expanded: aliases never make a preset larger than a file without them could be."""

_TOO_DEEP = "the YAML is nested too deeply"
_DIGITS = re.compile(r"[0-9]+")
_WHOLE = re.compile(r"[0-9]+|-[1-9][0-9]*")
"""How a whole number is written: ASCII digits, a minus sign before a negative
one (which every key then refuses by its range); never ``+5``, ``1_000``,
``0x1F``, ``0o17`` or ``1:30``, which YAML 1.1 also reads as numbers."""

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


def error_at(path: Path, line: int, column: int, message: str) -> PresetError:
    """An error at a 0-based line and column, shown 1-based."""
    return PresetError(f"{path}:{line + 1}:{column + 1}: {message}")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def read_text(path: Path) -> str:
    """The file's text: a regular file (never a named pipe, device or directory,
    which would wait or never end), at most the input cap, UTF-8 (with or without
    a byte-order mark)."""
    try:
        data = read_regular_file(path, "a preset file")
    except NotRegularFileError as error:
        raise PresetError(f"cannot read preset file: {error}") from None
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


_FAST_LOADER: Any = getattr(yaml, "CSafeLoader", None)
"""libyaml's safe loader, when PyYAML was built with it: the same nodes, tags and
marks, about ten times faster than the pure-Python parser on a large file."""


def compose(path: Path, text: str) -> yaml.Node:
    """The text's YAML nodes, composed by the safe loader (nothing constructed):
    libyaml's when there is one, and the pure-Python parser's words for a syntax
    error (the file is parsed again to say where and what is wrong)."""
    if _FAST_LOADER is not None:
        try:
            return _root(path, yaml.compose(text, Loader=_FAST_LOADER))
        except yaml.MarkedYAMLError as error:
            mark = error.problem_mark
            if mark is not None and "nesting depth" in str(error.problem):
                raise error_at(path, mark.line, mark.column, _TOO_DEEP) from None
        except yaml.YAMLError:
            pass  # said again below, in the words the documentation shows
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
    return _root(path, root)


def _root(path: Path, root: yaml.Node | None) -> yaml.Node:
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
        # The expanded size of every checked node: (values, scalar characters).
        self.sizes: dict[int, tuple[int, int]] = {}
        self.constructor = yaml.constructor.SafeConstructor()

    def error(self, node: yaml.Node, message: str) -> PresetError:
        return error_at(self.path, node.start_mark.line, node.start_mark.column, message)

    def check_tree(self, node: yaml.Node, active: set[int], done: set[int]) -> None:
        """Reject unknown or unsafe tags, non-scalar and duplicate keys,
        self-containing aliases and more than the caps once aliases are expanded,
        anywhere, in document order. Each node is walked once: a node met again
        (an alias) adds the size already counted for it."""
        key = id(node)
        if key in done:
            return
        if key in active:
            raise self.error(node, "a YAML alias refers to a node that contains it")
        self.check_tag(node)
        active.add(key)
        values, characters = 1, 0
        if isinstance(node, yaml.ScalarNode):
            characters = len(node.value)
        else:
            children: list[yaml.Node] = node.value
            if isinstance(node, yaml.MappingNode):
                seen: dict[str, int] = {}
                children = []
                for item_key, item in node.value:
                    self.check_key(item_key, seen)
                    children += (item_key, item)
            sizes = self.sizes
            for child in children:
                self.check_tree(child, active, done)
                more_values, more_characters = sizes[id(child)]
                values += more_values
                characters += more_characters
            self.check_size(node, values, characters)
        self.sizes[key] = (values, characters)
        active.discard(key)
        done.add(key)

    def check_size(self, node: yaml.Node, values: int, characters: int) -> None:
        """Refuse a node whose expanded size passes a cap (at the node that
        passes it, before anything is built)."""
        if values > MAX_VALUES:
            raise self.error(
                node,
                f"the file holds more than {MAX_VALUES:,} values once its aliases are "
                "expanded; a preset needs a few hundred",
            )
        if characters > MAX_EXPANDED_CHARACTERS:
            raise self.error(
                node,
                f"the file holds more than {MAX_EXPANDED_CHARACTERS:,} characters once its "
                "aliases are expanded; write the text once",
            )

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
                name = self.key_name(key, loc)
                self.keys[(*loc, name)] = key
                result[name] = self.value(item, (*loc, name))
            return result
        if isinstance(node, yaml.SequenceNode):
            return [self.value(item, (*loc, index)) for index, item in enumerate(node.value)]
        return self.scalar(node, loc)

    def key_name(self, key: yaml.Node, loc: Loc) -> str:
        """A mapping key's name: a string. ``null:``, ``~:``, ``5:``, ``yes:`` and
        other keys YAML reads as something else are refused at the key, before
        they are read, saying to quote them."""
        assert isinstance(key, yaml.ScalarNode)
        if key.tag != _CORE_TAG + "str":
            raise self.error(
                key,
                f"{describe((*loc, '[key]'))} must be a name, not {kind_of(key)} "
                f"('{shown(key.value)}'); put a name in quotes to use it as it is",
            )
        return str(key.value)

    def scalar(self, node: yaml.Node, loc: Loc) -> Any:
        assert isinstance(node, yaml.ScalarNode)
        kind = node.tag.removeprefix(_CORE_TAG)
        plain = not node.style  # None from PyYAML's parser, "" from libyaml's
        if kind == "str" and plain and _DIGITS.fullmatch(node.value):
            node.tag = _CORE_TAG + "int"  # 09 and 08: digits YAML 1.1 leaves as text
            kind = "int"
        if kind == "int":
            return self.whole_number(node, loc)
        try:
            return self.constructor.construct_object(node)
        except (ValueError, KeyError, IndexError, TypeError, OverflowError, yaml.YAMLError):
            # PyYAML's constructors raise IndexError for !!int "" or !!int _.
            raise self.error(
                node, f"{describe(loc)}: '{shown(node.value)}' is not {_KINDS[kind]}"
            ) from None

    def whole_number(self, node: yaml.ScalarNode, loc: Loc) -> int:
        """A whole number written in ASCII digits, read in base 10 (YAML 1.1 would
        read ``010`` as 8 and refuse ``09``); anything else YAML calls a number is
        refused, as is one of more than ``MAX_INT_TEXT`` characters."""
        text = node.value
        if len(text) > MAX_INT_TEXT:
            raise self.error(
                node, f"{describe(loc)}: a number of {len(text):,} characters is far too large"
            )
        if not _WHOLE.fullmatch(text):
            raise self.error(
                node,
                f"{describe(loc)}: '{shown(text)}' is not a whole number written in digits "
                "0 to 9; write it as 1000, without signs, underscores or prefixes",
            )
        return int(text, 10)


def describe(loc: Loc) -> str:
    """What a location is called in messages: ``min_group``, ``width of size
    'small'``, ``stage 2``, ``a size name``, ``the preset``."""
    if not loc:
        return "the preset"
    if loc[-1] == "[key]":
        return "a size name" if loc == ("sizes", "[key]") else "a key"
    if loc[0] == "sizes" and len(loc) >= 2:
        where = f"size '{loc[1]}'"
        return where if len(loc) == 2 else f"{loc[2]} of {where}"
    if loc[0] == "stages" and len(loc) >= 2 and isinstance(loc[1], int):
        where = f"stage {loc[1] + 1}"
        return where if len(loc) == 2 else f"{loc[2]} of {where}"
    return str(loc[0])
