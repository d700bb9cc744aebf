"""The command language of the line interface: one parser for both input paths.

A line is a cell (``C5``, ``c 5``, ``5c``, ``column 3 row 5``), or a command word
(or its short form) with its argument.

>>> parse_command("C5")
ParsedCommand(kind=<Kind.SELECT: 'select'>, cell=Cell(col=2, row=4), number=None, words=(), only=None)
>>> parse_command("row 3").number, parse_command("u").kind.value
(3, 'undo')
>>> parse_command("set verbosity terse").words
('verbosity', 'terse')
>>> parse_command("groups red 5").only
GroupFilter(colour=0, min_size=5, column=None)
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import StrEnum

from samegame.core.coords import COLUMN_LETTERS, Cell, CoordinateError, parse_cell
from samegame.core.limits import parse_digits
from samegame.core.palette import PALETTE, tile_words
from samegame.core.quoting import shown


class Kind(StrEnum):
    SELECT = "select"
    REMOVE = "remove"
    CANCEL = "cancel"
    UNDO = "undo"
    REDO = "redo"
    RESTART = "restart"
    NEW = "new"
    NEXT = "next"
    HINT = "hint"
    QUIT = "quit"
    HELP = "help"
    BOARD = "board"
    ROW = "row"
    COLUMN = "column"
    CELL = "cell"
    GROUPS = "groups"
    MORE = "more"
    SUMMARY = "summary"
    COLOURS = "colours"
    SCORE = "score"
    LAST = "last"
    COORDS = "coords"
    RULES = "rules"
    SETTINGS = "settings"
    VERBOSITY = "verbosity"


# Every command word with its short forms, in the order help lists them.
WORDS: dict[Kind, tuple[str, ...]] = {
    Kind.REMOVE: ("remove", "x", "ok"),
    Kind.CANCEL: ("cancel", "c"),
    Kind.UNDO: ("undo", "u", "z"),
    Kind.REDO: ("redo", "r"),
    Kind.RESTART: ("restart", "rs"),
    Kind.NEW: ("new", "ne"),
    Kind.NEXT: ("next", "nx"),
    Kind.HINT: ("hint", "i"),
    Kind.QUIT: ("quit", "q", "exit"),
    Kind.HELP: ("help", "h", "?"),
    Kind.BOARD: ("board", "b"),
    Kind.ROW: ("row", "ro"),
    Kind.COLUMN: ("column", "col"),
    Kind.CELL: ("cell", "ce"),
    Kind.GROUPS: ("groups", "g"),
    Kind.MORE: ("more", "m"),
    Kind.SUMMARY: ("summary", "s"),
    Kind.COLOURS: ("colours", "colors", "co"),
    Kind.SCORE: ("score", "sc"),
    Kind.LAST: ("last", "repeat", "l"),
    Kind.COORDS: ("coords", "coordinates"),
    Kind.RULES: ("rules", "ru"),
    Kind.SETTINGS: ("settings", "set"),
    Kind.VERBOSITY: ("verbosity", "v"),
}
# The Escape key, typed alone on a line (or pressed at the prompt_toolkit prompt,
# which gives this line), cancels the selection.
ESCAPE = "\x1b"
_BY_WORD = {word: kind for kind, words in WORDS.items() for word in words}
ALL_WORDS = tuple(word for words in WORDS.values() for word in words)


@dataclass(frozen=True)
class GroupFilter:
    """What ``groups`` is narrowed to: a colour (palette index), a least size, a
    column (0-based) the group touches; None for no narrowing."""

    colour: int | None = None
    min_size: int | None = None
    column: int | None = None


def _colour_words() -> dict[str, int]:
    """Words that name a colour in ``groups red``: colour names and shape names,
    in every language (``groups 赤``, ``groups 丸``, ``groups 赤の丸``)."""
    from samegame.i18n import LANGUAGES, translator

    words = {
        word: entry.index
        for entry in PALETTE
        for word in (entry.name, entry.shape, entry.plural_shape)
    }
    for language in LANGUAGES:
        tr = translator(language)
        for entry in PALETTE:
            colour = tr(f"colour.{entry.name}")
            for count in (1, 2):
                shape = tr(f"shape.{entry.shape}", count=count)
                tile = tile_words(tr, entry.index, count=count)
                for word in (colour, shape, tile):
                    words.setdefault(word.lower(), entry.index)
    return words


_COLOUR_WORDS = _colour_words()


@dataclass(frozen=True)
class ParsedCommand:
    """A parsed line. ``cell`` for SELECT and CELL, ``number`` for ROW and COLUMN
    (a 0-based column index for COLUMN, a 1-based row number for ROW), ``words``
    for SETTINGS and VERBOSITY, ``only`` for a narrowed GROUPS."""

    kind: Kind
    cell: Cell | None = None
    number: int | None = None
    words: tuple[str, ...] = ()
    only: GroupFilter | None = None


class UnknownCommandError(ValueError):
    """A line that is not a command: ``key`` and ``params`` name the message."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def parse_command(line: str) -> ParsedCommand | None:
    """Parse one line; None for a blank line; UnknownCommandError for anything unknown."""
    text = " ".join(line.strip().split())
    if not text:
        return None
    if text == ESCAPE:
        return ParsedCommand(Kind.CANCEL)
    try:
        return ParsedCommand(Kind.SELECT, cell=parse_cell(text))
    except CoordinateError:
        pass
    word, _, rest = text.partition(" ")
    kind = _BY_WORD.get(word.lower())
    if kind is None:
        raise UnknownCommandError("error.unknown", text=shown(text))
    rest = rest.strip()
    if kind is Kind.CELL:
        try:
            return ParsedCommand(kind, cell=parse_cell(rest))
        except CoordinateError:
            raise UnknownCommandError("error.cell_argument", text=shown(rest)) from None
    if kind is Kind.ROW:
        rest, names = _names_word(rest)
        number = parse_digits(rest)
        if number is None or number < 1:
            raise UnknownCommandError("error.row_argument", text=shown(rest))
        return ParsedCommand(kind, number=number, words=names)
    if kind is Kind.COLUMN:
        rest, names = _names_word(rest)
        return ParsedCommand(kind, number=_column_argument(rest), words=names)
    if kind in (Kind.SETTINGS, Kind.VERBOSITY):
        return ParsedCommand(kind, words=tuple(rest.lower().split()))
    if kind is Kind.GROUPS and rest:
        return ParsedCommand(kind, only=_group_filter(rest))
    if rest:
        raise UnknownCommandError("error.no_argument", command=word.lower(), text=shown(rest))
    return ParsedCommand(kind)


NAMES_WORDS = frozenset({"names", "colours", "colors", "色"})
"""A last word of ``row 5 names`` or ``column C 色``: say colour names, in the
game's language, instead of letters."""


def _names_word(text: str) -> tuple[str, tuple[str, ...]]:
    """The argument of ``row`` or ``column`` without a last names word, and
    ``("names",)`` when it had one.

    >>> _names_word("5 names"), _names_word("C 色"), _names_word("5")
    (('5', ('names',)), ('C', ('names',)), ('5', ()))
    """
    head, _, last = text.rpartition(" ")
    if head and unicodedata.normalize("NFKC", last).lower() in NAMES_WORDS:
        return head.strip(), ("names",)
    return text, ()


def _column_argument(text: str) -> int:
    if len(text) == 1 and text.upper() in COLUMN_LETTERS:
        return COLUMN_LETTERS.index(text.upper())
    number = parse_digits(text)
    if number is not None and number >= 1:
        return number - 1
    raise UnknownCommandError("error.column_argument", text=shown(text))


def _group_filter(text: str) -> GroupFilter:
    """``red``, ``5`` (at least 5 tiles), ``C`` (touching column C), or several of
    them: ``groups red 5``. A colour by name or shape, since letters are columns."""
    colour = min_size = column = None
    for word in unicodedata.normalize("NFKC", text).lower().split():
        number = parse_digits(word)
        if word in _COLOUR_WORDS and colour is None:
            colour = _COLOUR_WORDS[word]
        elif number is not None and number >= 1 and min_size is None:
            min_size = number
        elif len(word) == 1 and word.upper() in COLUMN_LETTERS and column is None:
            column = COLUMN_LETTERS.index(word.upper())
        else:
            raise UnknownCommandError("error.groups_argument", text=shown(word))
    return GroupFilter(colour, min_size, column)
