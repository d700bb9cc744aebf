"""The words every sentence of the line interface is built from: tiles
(``5 red circles``), points, column lists (``C to F``), where a group lies (its
anchor cell and its extent: ``C3, columns C to F, rows 2 to 8``), lists (``a, b
and c``), a group, and the names of presets, formulas and penalties in the
player's language; and how much is said (``Verbosity``, a setting of
``samegame.play.player_settings``).

Two rules keep cell names heard right (espeak-ng, and screen readers built on
it, read a lone ``A`` before a word as the article "uh"): a column list starting
at A says A on its own before a comma (``A, B to F``), and the catalogues never
put a cell name after "at", "of", "for", "was", "than" or "not", which espeak-ng
reads together with a following ``A`` as "at uh" (docs/accessibility.md)."""

from __future__ import annotations

from collections.abc import Sequence

from samegame.core.board import Board, Group
from samegame.core.coords import Cell, column_letter, format_cell
from samegame.core.palette import PALETTE, tile_words
from samegame.core.quoting import printable_line
from samegame.core.rules import Rules
from samegame.i18n import Translator
from samegame.play.player_settings import Verbosity

__all__ = ["Verbosity", "Wording"]


def _ranges(indices: Sequence[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for index in sorted(set(indices)):
        if runs and runs[-1][1] == index - 1:
            runs[-1] = (runs[-1][0], index)
        else:
            runs.append((index, index))
    return runs


class Wording:
    """Words in the player's language, at a verbosity; a part the announcer (and
    the board descriptions it holds) speak through."""

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
        return tile_words(self.tr, colour)

    def named(self, family: str, name: str) -> str:
        """A ``board_type``, ``formula`` or ``penalty`` name in the player's language."""
        return self.tr.name_of(family, name)

    def preset_name(self, name: str) -> str:
        """A preset as a record names it (``lesson``): its title in the player's
        language when a catalogue has one (``Lesson``, ``レッスン``), else the name,
        escaped as ``preset_text``."""
        return printable_line(self.tr.name_of("preset.title", name))

    def preset_text(self, part: str, name: str, text: str) -> str:
        """A preset's ``title`` or ``description`` in the player's language. What a
        preset file says is escaped and capped as ``samegame presets show`` shows
        it (``printable_line``: no escape sequence, bell, NUL or bidirectional
        override reaches a terminal or the page); every sentence of the terminal
        and every answer of the page names a preset through here."""
        return printable_line(self.tr.preset_text(part, name, text))

    def points(self, points: int) -> str:
        return self.tr("points", count=points)

    def columns(self, indices: Sequence[int]) -> str:
        """``C``, ``C and E``, ``C to F``, ``A, C to F and H``; a list that starts
        with column A says A alone before a comma (``A, B to F``, ``A, B``), so that
        a speech synthesizer reads it as the letter, not the article."""
        columns = sorted(set(indices))
        if len(columns) > 1 and columns[0] == 0:
            return self.tr("list.separator").join([column_letter(0), self.columns(columns[1:])])
        parts: list[str] = []
        for low, high in _ranges(columns):
            if high - low <= 1:
                parts.extend(column_letter(c) for c in range(low, high + 1))
            else:
                parts.append(self.tr("range", low=column_letter(low), high=column_letter(high)))
        return self.join(parts)

    def place(self, cells: Sequence[Cell], anchor: Cell) -> str:
        """Where a group lies, naming only cells in it: the anchor (the lowest tile
        of its leftmost column, which selects the group when typed) and its extent,
        ``C3, columns C to F, rows 2 to 8``; a one-column group ``C2, column C, rows
        2 to 5``; a pair both its cells, ``A1 and B1``; a single tile its cell.

        >>> from samegame.i18n import translator
        >>> words = Wording(translator("en"))
        >>> words.place([Cell(2, 1), Cell(2, 2), Cell(3, 2)], Cell(2, 1))
        'C2, columns C and D, rows 2 to 3'
        >>> words.place([Cell(0, 0), Cell(0, 1)], Cell(0, 0))
        'A1 and A2'
        """
        if anchor not in cells:
            raise ValueError(f"the anchor {format_cell(anchor)} is not one of the cells")
        if len(cells) <= 2:
            others = sorted(c for c in cells if c != anchor)
            return self.join([format_cell(anchor), *(format_cell(c) for c in others)])
        cols = sorted({c.col for c in cells})
        low, high = min(c.row for c in cells) + 1, max(c.row for c in cells) + 1
        rows = str(low) if low == high else self.tr("range", low=low, high=high)
        return self.tr(
            "place",
            cell=format_cell(anchor),
            columns=self.tr(
                "place.columns",
                count=len(cols),
                columns=self.columns(range(cols[0], cols[-1] + 1)),
            ),
            rows=self.tr("place.rows", count=high - low + 1, rows=rows),
        )

    def join(self, parts: Sequence[str], *, either: bool = False) -> str:
        """``a, b and c``, or ``a, b or c`` when ``either``."""
        return self.tr.join(parts, either=either)

    def group(self, board: Board, group: Group, rules: Rules) -> str:
        """``9 blue triangles on A1, columns A, B to D, rows 1 to 4, 49 points``."""
        return self.tr(
            "group",
            tiles=self.tiles(group.colour, group.size),
            place=self.place(board.cells(group.mask), group.anchor),
            points=self.points(rules.points(group.size)),
        )

    def placed(self, board: Board, group: Group) -> str:
        """``9 blue triangles on A1, columns A, B to D, rows 1 to 4``: a group's
        tiles and where it lies, without points."""
        return self.tr(
            "tiles.placed",
            tiles=self.tiles(group.colour, group.size),
            place=self.place(board.cells(group.mask), group.anchor),
        )
