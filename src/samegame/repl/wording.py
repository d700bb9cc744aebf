"""The words every sentence of the line interface is built from: tiles
(``5 red circles``), points, column lists (``C to F``), cell spans (``C5 to E6``),
lists (``a, b and c``), a group, and the names of presets, formulas and penalties
in the player's language; and how much is said (``Verbosity``)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from samegame.core.board import Board, Group
from samegame.core.coords import Cell, column_letter, describe_span
from samegame.core.palette import PALETTE
from samegame.core.rules import Rules
from samegame.i18n import Translator

__all__ = ["Verbosity", "Wording"]


class Verbosity(StrEnum):
    """How much the announcer says after a move (see ``samegame.repl.announcer``)."""

    TERSE = "terse"
    NORMAL = "normal"
    VERBOSE = "verbose"


def _ranges(indices: Sequence[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for index in sorted(set(indices)):
        if runs and runs[-1][1] == index - 1:
            runs[-1] = (runs[-1][0], index)
        else:
            runs.append((index, index))
    return runs


class Wording:
    """Words in the player's language, at a verbosity; the base of the announcer."""

    def __init__(
        self, tr: Translator, verbosity: Verbosity = Verbosity.NORMAL, order: Sequence[int] = ()
    ) -> None:
        """``order`` is the preset's palette order (``palette.palette_order``;
        empty: the palette's): the legend lists colours in it and numbers them by it."""
        self.tr = tr
        self.verbosity = verbosity
        self.order = tuple(order)

    def tiles(self, colour: int, count: int) -> str:
        """``5 red circles``: count, colour and shape."""
        entry = PALETTE[colour]
        return self.tr(
            "tiles",
            count=count,
            colour=self.tr(f"colour.{entry.name}"),
            shape=self.tr(f"shape.{entry.shape}", count=count),
        )

    def tile(self, colour: int) -> str:
        """``red circle``: one tile's colour and shape, without a number."""
        return self.tr.tile(colour)

    def named(self, family: str, name: str) -> str:
        """A ``board_type``, ``formula`` or ``penalty`` name in the player's language."""
        return self.tr.name_of(family, name)

    def preset_name(self, name: str) -> str:
        """A preset as a record names it (``lesson``): its title in the player's
        language when a catalogue has one (``Lesson``, ``レッスン``), else the name."""
        return self.tr.name_of("preset.title", name)

    def preset_text(self, part: str, name: str, text: str) -> str:
        """A preset's ``title`` or ``description`` in the player's language."""
        return self.tr.preset_text(part, name, text)

    def points(self, points: int) -> str:
        return self.tr("points", count=points)

    def columns(self, indices: Sequence[int]) -> str:
        """``C``, ``C and E``, ``C to F``, ``A, C to F and H``."""
        parts: list[str] = []
        for low, high in _ranges(indices):
            if high - low <= 1:
                parts.extend(column_letter(c) for c in range(low, high + 1))
            else:
                parts.append(self.tr("range", low=column_letter(low), high=column_letter(high)))
        return self.join(parts)

    def span(self, cells: list[Cell]) -> str:
        """``C5``, or the corners of the cells' bounding box: ``C5 to E6``."""
        return describe_span(cells, self.tr("range", low="{low}", high="{high}"))

    def join(self, parts: Sequence[str], *, either: bool = False) -> str:
        """``a, b and c``, or ``a, b or c`` when ``either``."""
        return self.tr.join(parts, either=either)

    def group(self, board: Board, group: Group, rules: Rules) -> str:
        """``9 blue triangles at A1 to B5, 49 points``."""
        span = self.span(board.cells(group.mask))
        return self.tr(
            "group",
            tiles=self.tiles(group.colour, group.size),
            span=span,
            points=self.points(rules.points(group.size)),
        )
