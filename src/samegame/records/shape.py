"""The strict shape of a record line (``samegame-record/1``, ``/2`` and ``/3``): safe
parsing, exact types, bounds.

One declaration per format (``RECORD_V1``, ``RECORD_V2``, ``RECORD``) both checks a parsed record
and publishes itself as a JSON Schema (``json_schema()``, printed by ``samegame
verify --schema``), so the two never disagree. A record is an object with exactly
the keys of docs/records.md for its ``format``, each of
one JSON type: an integer is never a float, a string or a boolean (Python reads
``true`` as a bool, a subclass of int: it is refused), and every size and number is
bounded. ``parse_line`` reads one line and raises only LineError for bad input:
the line length and the nesting depth are capped before ``json.loads``, integers
longer than 20 digits, ``NaN``, ``Infinity``, overflowing floats and repeated keys
are refused, and a RecursionError is caught. Every step takes time linear in the
line's length (no regular expression here can backtrack), so a hostile 1 MiB line
costs a fraction of a second.

>>> check_shape({"format": "samegame-record/1"})
'the record lacks the keys preset, rules, generator, board_number, width, height, colours, board, bot, seed, moves, bonus, penalty, score, remaining, cleared, finished, seconds'
>>> parse_line(b'{"a": 1e999}')
Traceback (most recent call last):
samegame.records.shape.LineError: the line is not a JSON record (1e999 is not a finite number)
>>> parse_line(b'[' * 9 + b']' * 9)
Traceback (most recent call last):
samegame.records.shape.LineError: the line is not a JSON record (it nests more than 8 deep)
>>> parse_line(b'[' * 100000)
Traceback (most recent call last):
samegame.records.shape.LineError: the line is not a JSON record (it is nested too deeply)
>>> parse_line(b'{"moves": [{"move": "[[[[[[[[[["}]}')
{'moves': [{'move': '[[[[[[[[[['}]}
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from samegame.core.board import MAX_HEIGHT
from samegame.core.coords import MAX_COLUMNS
from samegame.core.numbering import MAX_BOARD_NUMBER
from samegame.core.palette import MAX_COLOURS, PALETTE
from samegame.core.quoting import shown, shown_list

RECORD_FORMAT_V1 = "samegame-record/1"
RECORD_FORMAT_V2 = "samegame-record/2"  # v1 and the generator's version
RECORD_FORMAT = "samegame-record/3"  # what samegame writes: v2 and the plugins it used
KNOWN_FORMATS = (RECORD_FORMAT_V1, RECORD_FORMAT_V2, RECORD_FORMAT)
PLUGIN_KINDS = ("scoring formula", "penalty", "board generator", "bot")
"""The kinds of contribution a record names, in the order of its ``plugins``."""
MAX_GENERATOR_VERSION = 2**31 - 1  # a generator's version, as plugins are held to
MAX_LINE_BYTES = 1 << 20  # one MiB; the longest possible genuine record is far shorter
MAX_INT_DIGITS = 20  # 2**64 - 1 has 20 digits
MAX_DEPTH = 8  # a record nests 3 deep (the record, its moves, a move)
MAX_CELLS = MAX_COLUMNS * MAX_HEIGHT
MAX_POINTS = 10**15  # any one number of points: a move's, a bonus, a penalty, a score
MAX_SECONDS = 10**9
MAX_SEED = 2**64 - 1
NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"
PRESET_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$"  # a name, never a path
BOT_PATTERN = r"^[!-~]{1,200}$"  # printable ASCII, no spaces: the normal spelling
MOVE_PATTERN = r"^[A-Z][1-9][0-9]?$"
DISTRIBUTION_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$"  # a project name (PEP 508)
VERSION_PATTERN = r"^[!-~]{0,64}$"  # printable ASCII (empty for a plugin not installed)
KIND_PATTERN = "^(" + "|".join(PLUGIN_KINDS) + ")$"
ROW_PATTERN = "^[" + "".join(c.letter for c in PALETTE) + r".]{1," + str(MAX_COLUMNS) + "}$"


class LineError(ValueError):
    """Why a line is not a JSON value we accept (the message is one sentence)."""


@dataclass(frozen=True)
class Spec:
    """One JSON value's allowed type and bounds. ``kind`` is one of integer,
    number, string, boolean, const, array, object; ``nullable`` adds null."""

    kind: str
    low: int = 0
    high: int = 0
    pattern: str = ""
    const: str = ""
    items: Spec | None = None
    fields: tuple[tuple[str, Spec], ...] = ()
    nullable: bool = False

    def check(self, value: object, where: str) -> str | None:
        """None when ``value`` fits; otherwise what is wrong, in one sentence."""
        if value is None and self.nullable:
            return None
        wrong = self._check(value, where)
        if wrong is not None and self.nullable:
            return wrong + " or null"
        return wrong

    def _check(self, value: object, where: str) -> str | None:
        if self.kind == "integer":
            if type(value) is not int or not self.low <= value <= self.high:
                return (
                    f"{where} must be an integer from {self.low} to {self.high}, not {_show(value)}"
                )
        elif self.kind == "number":
            if type(value) not in (int, float) or not self.low <= value <= self.high:  # type: ignore[operator]
                return (
                    f"{where} must be a number from {self.low} to {self.high}, not {_show(value)}"
                )
        elif self.kind == "boolean":
            if type(value) is not bool:
                return f"{where} must be true or false, not {_show(value)}"
        elif self.kind == "const":
            if value != self.const or type(value) is not str:
                return f"{where} must be {self.const!r}, not {_show(value)}"
        elif self.kind == "string":
            if type(value) is not str or not _matches(self.pattern, value):
                return f"{where} must be a string matching {self.pattern}, not {_show(value)}"
        elif self.kind == "array":
            return self._check_array(value, where)
        else:
            return self._check_object(value, where)
        return None

    def _check_array(self, value: object, where: str) -> str | None:
        if type(value) is not list or not self.low <= len(value) <= self.high:
            return f"{where} must be a list of {self.low} to {self.high} items, not {_show(value)}"
        assert self.items is not None, "an array spec names its items"
        for number, item in enumerate(value, start=1):
            wrong = self.items.check(item, f"{where}[{number}]")
            if wrong is not None:
                return wrong
        return None

    def _check_object(self, value: object, where: str) -> str | None:
        if type(value) is not dict:
            return f"{where} must be a JSON object, not {_show(value)}"
        names = [name for name, _ in self.fields]
        unknown = [str(key) for key in value if key not in names]
        if unknown:
            return f"{where} has unknown keys {shown_list(unknown)}; known: {', '.join(names)}"
        missing = [name for name in names if name not in value]
        if missing:
            return f"{where} lacks the keys {', '.join(missing)}"
        for name, spec in self.fields:
            wrong = spec.check(
                value[name], f"{name}" if where == "the record" else f"{where}.{name}"
            )
            if wrong is not None:
                return wrong
        return None

    def to_schema(self) -> dict[str, Any]:
        """This spec as a JSON Schema (draft 2020-12) fragment."""
        schema = self._schema()
        if self.nullable:
            return {"anyOf": [schema, {"type": "null"}]}
        return schema

    def _schema(self) -> dict[str, Any]:
        if self.kind in ("integer", "number"):
            return {"type": self.kind, "minimum": self.low, "maximum": self.high}
        if self.kind == "boolean":
            return {"type": "boolean"}
        if self.kind == "const":
            return {"const": self.const}
        if self.kind == "string":
            return {"type": "string", "pattern": self.pattern}
        if self.kind == "array":
            assert self.items is not None, "an array spec names its items"
            return {
                "type": "array",
                "minItems": self.low,
                "maxItems": self.high,
                "items": self.items.to_schema(),
            }
        return {
            "type": "object",
            "properties": {name: spec.to_schema() for name, spec in self.fields},
            "required": [name for name, _ in self.fields],
            "additionalProperties": False,
        }


def _matches(pattern: str, text: str) -> bool:
    return re.fullmatch(pattern.removeprefix("^").removesuffix("$"), text) is not None


def _show(value: object) -> str:
    """A value as JSON, cut to 40 characters (a long string is cut before it is
    written, so showing it costs no more than its first characters)."""
    if isinstance(value, str):
        value = value[:41]
    text = json.dumps(value) if not isinstance(value, float) or math.isfinite(value) else "?"
    return text if len(text) <= 40 else text[:37] + "..."


def _int(low: int, high: int, *, nullable: bool = False) -> Spec:
    return Spec("integer", low, high, nullable=nullable)


def _string(pattern: str, *, nullable: bool = False) -> Spec:
    return Spec("string", pattern=pattern, nullable=nullable)


def _object(*fields: tuple[str, Spec]) -> Spec:
    return Spec("object", fields=fields)


POINTS = _int(-MAX_POINTS, MAX_POINTS)
_RULES = _object(
    ("formula", _string(NAME_PATTERN)),
    ("clear_bonus", _int(0, MAX_POINTS)),
    ("penalty", _string(NAME_PATTERN)),
    ("min_group", _int(1, MAX_CELLS)),
)
_PLUGIN = _object(
    ("kind", _string(KIND_PATTERN)),
    ("name", _string(NAME_PATTERN)),
    ("distribution", _string(DISTRIBUTION_PATTERN)),
    ("version", _string(VERSION_PATTERN)),
)
_MOVE = _object(
    ("move", _string(MOVE_PATTERN)),
    ("tiles", _int(1, MAX_CELLS)),
    ("points", POINTS),
)


def _record(record_format: str) -> Spec:
    """The record's keys in the order samegame writes them; ``samegame-record/2``
    adds ``generator_version`` after ``generator``, ``samegame-record/3`` adds
    ``plugins`` after ``seed``: the distribution and version that provided each
    formula, penalty, generator and bot of a plugin the game used."""
    version: tuple[tuple[str, Spec], ...] = ()
    if record_format != RECORD_FORMAT_V1:
        version = (("generator_version", _int(0, MAX_GENERATOR_VERSION, nullable=True)),)
    plugins: tuple[tuple[str, Spec], ...] = ()
    if record_format == RECORD_FORMAT:
        plugins = (("plugins", Spec("array", 0, len(PLUGIN_KINDS), items=_PLUGIN)),)
    return _object(
        ("format", Spec("const", const=record_format)),
        ("preset", _string(PRESET_PATTERN, nullable=True)),
        ("rules", _RULES),
        ("generator", _string(NAME_PATTERN, nullable=True)),
        *version,
        ("board_number", _int(0, MAX_BOARD_NUMBER, nullable=True)),
        ("width", _int(1, MAX_COLUMNS)),
        ("height", _int(1, MAX_HEIGHT)),
        ("colours", _int(1, MAX_COLOURS)),
        ("board", Spec("array", 1, MAX_HEIGHT, items=_string(ROW_PATTERN))),
        ("bot", _string(BOT_PATTERN)),
        ("seed", _int(0, MAX_SEED)),
        *plugins,
        ("moves", Spec("array", 0, MAX_CELLS, items=_MOVE)),
        ("bonus", _int(0, MAX_POINTS)),
        ("penalty", _int(0, MAX_POINTS)),
        ("score", POINTS),
        ("remaining", _int(0, MAX_CELLS)),
        ("cleared", Spec("boolean")),
        ("finished", Spec("boolean")),
        ("seconds", Spec("number", 0, MAX_SECONDS)),
    )


RECORD_V1 = _record(RECORD_FORMAT_V1)
RECORD_V2 = _record(RECORD_FORMAT_V2)
RECORD = _record(RECORD_FORMAT)
SPECS = {RECORD_FORMAT_V1: RECORD_V1, RECORD_FORMAT_V2: RECORD_V2, RECORD_FORMAT: RECORD}


def check_shape(record: object) -> str | None:
    """None for a record of the right shape for its ``format``; otherwise its first
    fault (a record of no known format is held to the current one)."""
    spec = RECORD
    if isinstance(record, dict) and isinstance(record.get("format"), str):
        spec = SPECS.get(record["format"], RECORD)
    return spec.check(record, "the record")


def json_schema() -> dict[str, Any]:
    """Every record format samegame reads, as one JSON Schema document: a record
    is exactly one of them (their ``format`` constants differ)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://samegame.invalid/schemas/samegame-record.json",
        "title": "samegame game record",
        "description": (
            "One samegame game record (one line of a JSONL file), of any format version "
            f"samegame reads ({', '.join(KNOWN_FORMATS)}). Lines are at most "
            f"{MAX_LINE_BYTES} bytes of UTF-8; integers have at most {MAX_INT_DIGITS} digits."
        ),
        "oneOf": [{"title": name, **spec.to_schema()} for name, spec in SPECS.items()],
    }


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise LineError(f"an integer of {len(text.lstrip('-'))} digits is too long")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise LineError(f"{text[:20]} is not a finite number")
    return value


def _parse_constant(text: str) -> object:
    raise LineError(f"{text} is not a JSON number")


def _no_repeats(pairs: Sequence[tuple[str, object]]) -> dict[str, object]:
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            raise LineError(f"the key '{shown(key, 40)}' appears twice")
        result[key] = value
    return result


# A string, or an unterminated one up to the end of the line. Possessive loops
# cannot backtrack and each match ends at its closing quote or the end, so the
# search is linear: an unterminated string is consumed once, never re-tried from
# each quote inside it.
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")


def _too_deep(text: str) -> bool:
    """True when arrays and objects nest more than ``MAX_DEPTH`` deep (found
    without recursion: strings are removed, then innermost pairs one level at a
    time, ``MAX_DEPTH`` linear passes at most).

    >>> _too_deep("[" * 9 + "]" * 9), _too_deep('["[[[[[[[[["]'), _too_deep('"[[[[[[[[[')
    (True, False, False)
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for _ in range(MAX_DEPTH):
        brackets, removed = _INNERMOST.subn("", brackets)
        if not removed:
            return False
    return _INNERMOST.search(brackets) is not None


def parse_line(raw: bytes) -> object:
    """The JSON value of one line (at most ``MAX_LINE_BYTES``). Raises LineError,
    saying why, for any line that is not one; never any other exception."""
    if len(raw) > MAX_LINE_BYTES:
        raise LineError(f"the line is longer than {MAX_LINE_BYTES} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LineError(f"the line is not UTF-8 text (byte {error.start + 1})") from None
    if _too_deep(text):
        raise LineError(f"the line is not a JSON record (it nests more than {MAX_DEPTH} deep)")
    try:
        return json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
            object_pairs_hook=_no_repeats,
        )
    except RecursionError:
        raise LineError("the line is not a JSON record (it is nested too deeply)") from None
    except LineError as error:
        raise LineError(f"the line is not a JSON record ({error})") from None
    except ValueError as error:
        raise LineError(f"the line is not a complete JSON record ({error})") from None
