"""The shape pass of the preset reader: the plain values checked by pydantic
(``PresetDocument``, strict: keys, types, ranges and word choices), and its first
error mapped back to the YAML node it is about, ``path:LINE:COL: message`` in
words a preset's author reads (the keys allowed or required, the kind expected,
the choices there are)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from samegame.core.quoting import shown
from samegame.presets.document import PresetDocument, SizeDocument, StageDocument
from samegame.presets.model import PresetError
from samegame.presets.safe_yaml import Loc, YamlTree, describe, kind_of

__all__ = ["ShapeCheck"]

# pydantic's type errors, with the words of what was expected.
_EXPECTED = {
    "int_type": "a whole number",
    "string_type": "a string",
    "bool_type": "true or false",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "list_type": "a list",
}


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


class ShapeCheck:
    """Pass 3: the document checked by pydantic, its first error at its node."""

    def __init__(self, tree: YamlTree, data: Any) -> None:
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
                key_node,
                f"a key in {describe(loc[:-1])}: expected a string, got {kind_of(key_node)}",
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
            return tree.error(node, f"{what}: expected {expected}, got {kind_of(node)}")
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
