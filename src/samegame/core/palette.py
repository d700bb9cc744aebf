"""The colour palette: every colour has a name, a letter, a shape and an ANSI code.

Colour is never the only carrier of meaning: text shows the letter, speech names
colour and shape. Colour index ``d`` is also written as the digit ``d`` (the
research board format).

>>> PALETTE[0].name, PALETTE[0].letter, PALETTE[0].shape
('red', 'R', 'circle')
>>> colour_from_symbol("b").name
'blue'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from samegame.i18n import Translator


@dataclass(frozen=True, slots=True)
class Colour:
    """One palette entry. ``ansi`` is a 16-colour SGR foreground code."""

    index: int
    name: str
    letter: str
    shape: str
    plural_shape: str
    ansi: int


PALETTE: tuple[Colour, ...] = (
    Colour(0, "red", "R", "circle", "circles", 31),
    Colour(1, "blue", "B", "triangle", "triangles", 34),
    Colour(2, "green", "G", "square", "squares", 32),
    Colour(3, "yellow", "Y", "diamond", "diamonds", 33),
    Colour(4, "purple", "P", "star", "stars", 35),
    Colour(5, "orange", "O", "hexagon", "hexagons", 91),
    Colour(6, "cyan", "C", "cross", "crosses", 36),
    Colour(7, "white", "W", "heart", "hearts", 37),
    Colour(8, "black", "K", "ring", "rings", 90),
)
MAX_COLOURS = len(PALETTE)

_BY_SYMBOL = {c.letter: c for c in PALETTE} | {str(c.index): c for c in PALETTE}
_BY_NAME = {c.name: c for c in PALETTE}


def palette_order(first: Sequence[int]) -> tuple[int, ...]:
    """The palette order in which a preset shows its boards: board colour i is drawn
    and spoken as palette colour ``order[i]``. ``first`` (distinct palette indices)
    names the first colours; the others follow in palette order.

    >>> palette_order([0, 3, 1])  # red, yellow, blue: circle, diamond, triangle
    (0, 3, 1, 2, 4, 5, 6, 7, 8)
    """
    if len(set(first)) != len(first) or not all(0 <= c < MAX_COLOURS for c in first):
        raise ValueError(f"a palette order names distinct palette colours, not {list(first)}")
    return (*first, *(c.index for c in PALETTE if c.index not in first))


def colour_named(name: str) -> Colour:
    """The palette colour of a colour name (any case); KeyError if none."""
    return _BY_NAME[name.strip().lower()]


def colour_from_symbol(symbol: str) -> Colour:
    """The colour written as a palette letter (any case) or a digit; KeyError if none."""
    return _BY_SYMBOL[symbol.upper()]


def is_colour_symbol(symbol: str) -> bool:
    """True for a palette letter (any case) or a palette digit."""
    return symbol.upper() in _BY_SYMBOL


def tile_number(colour: Colour, order: Sequence[int] = ()) -> str:
    """The number a tile is drawn as when tiles are numbered (``symbols digits``):
    1 for the first colour of the palette order (``palette_order``; the palette
    itself when ``order`` is empty), 2 for the second and so on, so a board of k
    colours is drawn with 1 to k. (The board text format's digits count from 0.)

    >>> tile_number(PALETTE[0]), tile_number(PALETTE[2]), tile_number(PALETTE[3], (0, 3, 1))
    ('1', '3', '2')
    """
    position = order.index(colour.index) if colour.index in order else colour.index
    return str(position + 1)


def describe_tiles(colour_index: int, count: int) -> str:
    """Words for ``count`` tiles of a colour: ``"3 red circles"``, ``"1 blue triangle"``."""
    colour = PALETTE[colour_index]
    shape = colour.shape if count == 1 else colour.plural_shape
    return f"{count} {colour.name} {shape}"


def tile_words(tr: Translator, colour: int, count: int = 1) -> str:
    """``red circle`` (``red circles`` for a ``count`` of 2 or more): the colour
    and shape of palette colour ``colour`` without a number, in the language of
    ``tr``; the words of the announcer and of the preset description alike. (The
    words are the catalogue's: the palette lives in the rules core, which sits
    above ``i18n``, so the catalogue never imports the palette.)

    >>> from samegame.i18n import translator
    >>> tile_words(translator("en"), 1), tile_words(translator("en"), 1, count=2)
    ('blue triangle', 'blue triangles')
    """
    entry = PALETTE[colour]
    return tr(
        "tile",
        colour=tr(f"colour.{entry.name}"),
        shape=tr(f"shape.{entry.shape}", count=count),
    )
