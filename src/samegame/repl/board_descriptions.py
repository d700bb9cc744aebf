"""The board in words, for play and the tutorial alike: every row, a row, a column,
a cell, the groups (narrowed to a colour, a least size or a column), the colours,
how cells are named, the legend and the groups left. Rows and columns are read
as letters and runs of empty cells, as a screen reader says them at any
punctuation level (A25)."""

from __future__ import annotations

from collections.abc import Sequence

from samegame.builtins.renderers import tile_symbol
from samegame.core.board import Board, Group
from samegame.core.coords import SPELLING_EXAMPLES, Cell, column_letter, format_cell
from samegame.core.palette import PALETTE, tile_words
from samegame.core.rules import Rules
from samegame.repl.commands import GroupFilter, Kind, ParsedCommand
from samegame.repl.wording import Wording

__all__ = ["BoardDescriptions", "largest_first"]


class BoardDescriptions:
    """Answers about the board alone, in the words of a ``Wording`` it holds (its
    language, verbosity and palette order); the announcer holds one and adds
    moves and results."""

    def __init__(self, words: Wording) -> None:
        self.words = words

    def query(self, command: ParsedCommand, board: Board, rules: Rules) -> list[str] | None:
        """The answer to a query about the board alone (``row``, ``column``,
        ``cell``, ``groups``, ``colours``, ``coords``), for play and the tutorial
        alike; None for any other command."""
        kind = command.kind
        names = "names" in command.words
        if kind is Kind.ROW and command.number is not None:
            return self.row(board, command.number, names=names)
        if kind is Kind.COLUMN and command.number is not None:
            return self.column(board, command.number, names=names)
        if kind is Kind.CELL and command.cell is not None:
            return self.cell(board, command.cell, rules)
        if kind is Kind.GROUPS:
            return self.groups(board, rules, command.only)
        if kind is Kind.COLOURS:
            return self.colours(board)
        if kind is Kind.COORDS:
            return self.coords(board)
        return None

    def board(self, board: Board) -> list[str]:
        """``Row 5, 3 tiles: R R, empty, B`` for every row, top first, then the legend."""
        lines = [self._row_line(board, number) for number in range(board.height, 0, -1)]
        return [
            self.words.tr("board.heading", width=board.width, height=board.height),
            *lines,
            self.legend(board),
        ]

    def cells_spoken(self, symbols: Sequence[str | None]) -> str:
        """Cells as words a screen reader says at any punctuation level: letters,
        and each run of empty cells as ``empty`` or ``2 empty`` (A25); a "." is
        skipped by most screen readers, which shifts every tile after it."""
        chunks: list[str] = []
        letters: list[str] = []
        empties = 0
        for symbol in symbols:
            if symbol is None:
                if letters:
                    chunks.append(" ".join(letters))
                    letters = []
                empties += 1
                continue
            if empties:
                chunks.append(self.words.tr("cells.empty", count=empties))
                empties = 0
            letters.append(symbol)
        if letters:
            chunks.append(" ".join(letters))
        if empties:
            chunks.append(self.words.tr("cells.empty", count=empties))
        return self.words.tr("list.separator").join(chunks)

    def cell_word(self, colour: int, names: bool = False) -> str:
        """A tile in a spoken row or column: its letter (``R``), or with ``names``
        its colour's name in the game's language (``red``, ``赤``)."""
        entry = PALETTE[colour]
        return self.words.tr(f"colour.{entry.name}") if names else entry.letter

    def _row_line(self, board: Board, number: int, names: bool = False) -> str:
        colours = [board.cell(Cell(col, number - 1)) for col in range(board.width)]
        tiles = sum(colour is not None for colour in colours)
        if tiles == 0:
            return self.words.tr("row.empty", number=number)
        symbols = [None if c is None else self.cell_word(c, names) for c in colours]
        return self.words.tr("row", number=number, count=tiles, cells=self.cells_spoken(symbols))

    def legend(self, board: Board, symbols: str = "letters") -> str:
        """Which symbol is which colour and shape: ``R red circle``, or for a board
        drawn with ``digits`` ``1 red circle``, with ``shapes`` the shape drawn.
        Spoken rows and columns always use letters: a number there would be
        confused with a count of empty cells."""
        order = self.words.order
        used = sorted(board.colour_counts(), key=lambda c: order.index(c) if c in order else c)

        def symbol(colour: int) -> str:
            return tile_symbol(PALETTE[colour], symbols, order)

        parts = [f"{symbol(c)} {self.words.tile(c)}" for c in used]
        return self.words.tr(
            "legend",
            entries=self.words.tr("list.separator").join(parts) or self.words.tr("legend.empty"),
        )

    def coords(self, board: Board) -> list[str]:
        """How cells are named on this board, and the spellings a cell may take."""
        return [
            self.words.tr(
                "coords",
                last=column_letter(board.width - 1),
                height=board.height,
                spellings=self.words.join(list(SPELLING_EXAMPLES), either=True),
            )
        ]

    def row(self, board: Board, number: int, names: bool = False) -> list[str]:
        if not 1 <= number <= board.height:
            return [self.words.tr("query.bad_row", number=number, height=board.height)]
        return [self._row_line(board, number, names)]

    def column(self, board: Board, col: int, names: bool = False) -> list[str]:
        if not 0 <= col < board.width:
            return [self.words.tr("query.bad_column", last=column_letter(board.width - 1))]
        height = board.column_height(col)
        if height == 0:
            return [self.words.tr("column.empty", column=column_letter(col))]
        symbols: list[str | None] = [self.cell_word(c, names) for c in board.columns()[col]]
        symbols += [None] * (board.height - height)
        cells = self.cells_spoken(symbols)
        return [self.words.tr("column", column=column_letter(col), count=height, cells=cells)]

    def cell(self, board: Board, cell: Cell, rules: Rules) -> list[str]:
        name = format_cell(cell)
        if not (0 <= cell.col < board.width and 0 <= cell.row < board.height):
            return [self.words.tr("rejected.outside", cell=name)]
        group = board.group_at(cell)
        if group is None:
            return [self.words.tr("cell.empty", cell=name)]
        if group.size == 1:
            return [self.words.tr("cell.single", cell=name, tile=self.words.tile(group.colour))]
        return [
            self.words.tr(
                "cell.group",
                cell=name,
                tile=self.words.tile(group.colour),
                group=self.words.group(board, group, rules),
            )
        ]

    def groups(self, board: Board, rules: Rules, only: GroupFilter | None = None) -> list[str]:
        """Every group, largest first with its anchor and extent, the count first; ``only``
        narrows them to a colour, a least size or a column they touch."""
        if only is not None and only.column is not None and not 0 <= only.column < board.width:
            return [self.words.tr("query.bad_column", last=column_letter(board.width - 1))]
        groups = largest_first(board, rules)
        if only is not None:
            groups = [g for g in groups if _matches(board, g, only)]
        filters = self._filters(only) if only is not None else ""
        if not groups:
            if only is not None:
                return [self.words.tr("groups.filtered.none", filters=filters)]
            return [self.words.tr("groups.none")]
        if only is not None:
            lines = [self.words.tr("groups.filtered", count=len(groups), filters=filters)]
        else:
            lines = [self.words.tr("groups.heading", count=len(groups))]
        lines.extend(
            self.words.tr("groups.item", group=self.words.group(board, g, rules)) for g in groups
        )
        return lines

    def _filters(self, only: GroupFilter) -> str:
        parts = []
        if only.colour is not None:
            kind = tile_words(self.words.tr, only.colour, count=2)
            parts.append(self.words.tr("groups.filter.colour", tiles=kind))
        if only.min_size is not None:
            parts.append(self.words.tr("groups.filter.size", size=only.min_size))
        if only.column is not None:
            parts.append(self.words.tr("groups.filter.column", column=column_letter(only.column)))
        return self.words.tr("list.separator").join(parts)

    def colours(self, board: Board) -> list[str]:
        counts = board.colour_counts()
        if not counts:
            return [self.words.tr("colours.none")]
        parts = [self.words.tiles(colour, count) for colour, count in sorted(counts.items())]
        return [self.words.tr("colours", entries=self.words.join(parts))]

    def groups_status(self, board: Board, rules: Rules) -> str:
        groups = board.groups(rules.min_group)
        if not groups:
            return self.words.tr("groups.none")
        largest = max(groups, key=lambda g: (g.size, -g.anchor.col, -g.anchor.row))
        return self.words.tr(
            "groups.status", count=len(groups), largest=self.words.placed(board, largest)
        )


def largest_first(board: Board, rules: Rules) -> list[Group]:
    """The groups that can be removed, largest first, then by anchor: the order
    ``groups`` lists them in and the page's keys jump through them in."""
    return sorted(board.groups(rules.min_group), key=lambda g: (-g.size, g.anchor))


def _matches(board: Board, group: Group, only: GroupFilter) -> bool:
    if only.colour is not None and group.colour != only.colour:
        return False
    if only.min_size is not None and group.size < only.min_size:
        return False
    if only.column is not None:
        return any(cell.col == only.column for cell in board.cells(group.mask))
    return True
