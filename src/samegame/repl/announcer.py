"""The announcer: every sentence the line interface says, built from catalogue keys.

One announcer serves both input paths and every language. Announcements are lists
of lines, result first, then consequences. Verbosity:

- ``terse``: one line per move (and one more when the game ends);
- ``normal``: the result, a summary of what fell and moved, the groups left;
- ``verbose``: as normal, plus every tile that fell and every column that moved.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from samegame.core.board import Board, Fall, Group, Shift
from samegame.core.coords import SPELLING_EXAMPLES, Cell, column_letter, describe_span, format_cell
from samegame.core.events import (
    ColumnsShifted,
    Event,
    GameOver,
    GameRestarted,
    GroupRemoved,
    MoveRedone,
    MoveUndone,
    PracticeMarked,
    TilesFell,
)
from samegame.core.game import GameResult, MoveRejected, Preview, Rejection
from samegame.core.palette import PALETTE, tile_number
from samegame.core.rules import Rules
from samegame.i18n import Translator
from samegame.plugin.contributions import Penalty, ScoringFormula
from samegame.repl.commands import GroupFilter, Kind, ParsedCommand

# A long answer stops after this many lines and says how many more ``more`` gives.
PAGE_LINES = 10


class Pager:
    """A long answer said ``PAGE_LINES`` lines at a time (A26), for play and the
    tutorial alike: ``page`` says the first lines and how many more there are,
    ``more`` the next ones."""

    def __init__(self) -> None:
        self.rest: list[str] = []

    def page(self, lines: list[str], tr: Translator) -> list[str]:
        if len(lines) <= PAGE_LINES:
            self.rest = []
            return lines
        self.rest = lines[PAGE_LINES:]
        return [*lines[:PAGE_LINES], tr("more.left", count=len(self.rest))]

    def more(self, tr: Translator) -> list[str]:
        return self.page(self.rest, tr) if self.rest else [tr("more.nothing")]

    def clear(self) -> None:
        self.rest = []


class Verbosity(StrEnum):
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


class Announcer:
    """Turns game events, rejections and queries into sentences."""

    def __init__(
        self, tr: Translator, verbosity: Verbosity = Verbosity.NORMAL, order: Sequence[int] = ()
    ) -> None:
        """``order`` is the preset's palette order (``palette.palette_order``;
        empty: the palette's): the legend lists colours in it and numbers them by it."""
        self.tr = tr
        self.verbosity = verbosity
        self.order = tuple(order)

    # -- words -------------------------------------------------------------------

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

    # -- moves -------------------------------------------------------------------

    def preview(self, preview: Preview) -> list[str]:
        return [
            self.tr(
                "selected",
                tiles=self.tiles(preview.group.colour, preview.group.size),
                span=self.span(list(preview.cells)),
                points=self.points(preview.points),
            )
        ]

    def rejection(self, error: MoveRejected) -> list[str]:
        cell = format_cell(error.cell) if error.cell is not None else ""
        reason = error.reason
        if reason is Rejection.OUTSIDE:
            return [self.tr("rejected.outside", cell=cell)]
        if reason is Rejection.EMPTY_CELL:
            return [self.tr("rejected.empty", cell=cell)]
        if reason is Rejection.TOO_SMALL:
            if error.tiles == 1:
                return [self.tr("rejected.single", cell=cell)]
            return [self.tr("rejected.small", cell=cell, count=error.tiles)]
        return [self.tr(f"rejected.{reason.value}")]

    def events(self, events: Sequence[Event], board_after: Board, rules: Rules) -> list[str]:
        """A move (or undo, redo, restart) in words: what happened first, then what
        fell and moved, then the groups left, or the result when the game ended."""
        happened: list[str] = []
        consequences: list[str] = []
        ending: list[str] = []
        for event in events:
            if isinstance(event, TilesFell):
                consequences.extend(self._falls(event.falls))
            elif isinstance(event, ColumnsShifted):
                consequences.extend(self._shifts(event.emptied, event.shifts))
            elif isinstance(event, GameOver):
                ending.extend(self.result(event.result))
            else:
                happened.extend(self.event_lines(event))
        status = [self.groups_status(board_after, rules)] if happened and not ending else []
        if self.verbosity is Verbosity.TERSE:
            lines = [" ".join(happened + status)] if happened else []
            return lines + ([" ".join(ending)] if ending else [])
        return happened + consequences + status + ending

    def event_lines(self, event: Event) -> list[str]:
        """The sentence of one event that is not a fall, shift or game over."""
        if isinstance(event, GroupRemoved):
            return [
                self.tr(
                    "removed",
                    tiles=self.tiles(event.colour, event.tiles),
                    span=self.span(list(event.cells)),
                    points=self.points(event.points),
                    score=event.score,
                )
            ]
        if isinstance(event, TilesFell):
            return self._falls(event.falls)
        if isinstance(event, ColumnsShifted):
            return self._shifts(event.emptied, event.shifts)
        if isinstance(event, GameOver):
            return self.result(event.result)
        if isinstance(event, MoveUndone):
            return [
                self.tr(
                    "undone", cell=format_cell(event.anchor), count=event.tiles, score=event.score
                )
            ]
        if isinstance(event, MoveRedone):
            return [self.tr("redone", number=event.move_number)]
        if isinstance(event, GameRestarted):
            return [self.tr("restarted")]
        if isinstance(event, PracticeMarked):
            return [self.tr(f"practice.{event.reason}")]
        return []

    def _falls(self, falls: Sequence[Fall]) -> list[str]:
        if self.verbosity is not Verbosity.VERBOSE:
            columns = sorted({f.col for f in falls})
            return [
                self.tr(
                    "fell.summary",
                    count=len(columns),
                    tiles=self.tr("tile.count", count=len(falls)),
                    columns=self.columns(columns),
                )
            ]
        return [
            self.tr(
                "fell.tile",
                tile=self.tile(fall.colour),
                origin=format_cell(Cell(fall.col, fall.from_row)),
                target=format_cell(Cell(fall.col, fall.to_row)),
            )
            for fall in falls
        ]

    def _shifts(self, emptied: Sequence[int], shifts: Sequence[Shift]) -> list[str]:
        lines = [self.tr("emptied", count=len(emptied), columns=self.columns(emptied))]
        if not shifts:
            return lines
        if self.verbosity is Verbosity.VERBOSE:
            lines.extend(
                self.tr(
                    "moved.column", origin=column_letter(s.from_col), target=column_letter(s.to_col)
                )
                for s in shifts
            )
        else:
            moved = [s.from_col for s in shifts]
            lines.append(self.tr("moved.summary", count=len(moved), columns=self.columns(moved)))
        return lines

    def groups_status(self, board: Board, rules: Rules) -> str:
        groups = board.groups(rules.min_group)
        if not groups:
            return self.tr("groups.none")
        largest = max(groups, key=lambda g: (g.size, -g.anchor.col, -g.anchor.row))
        return self.tr(
            "groups.status",
            count=len(groups),
            largest=self.tiles(largest.colour, largest.size),
            cell=format_cell(largest.anchor),
        )

    def result(self, result: GameResult) -> list[str]:
        if result.cleared:
            head = self.tr("over.cleared", bonus=result.bonus, score=result.score)
        else:
            head = self.tr(
                "over.stuck", count=result.remaining, penalty=result.penalty, score=result.score
            )
        return [head, self.tr("over.moves", count=result.moves, points=self.points(result.points))]

    # -- queries -----------------------------------------------------------------

    def query(self, command: ParsedCommand, board: Board, rules: Rules) -> list[str] | None:
        """The answer to a query about the board alone (``row``, ``column``,
        ``cell``, ``groups``, ``colours``, ``coords``), for play and the tutorial
        alike; None for any other command."""
        kind = command.kind
        if kind is Kind.ROW and command.number is not None:
            return self.row(board, command.number)
        if kind is Kind.COLUMN and command.number is not None:
            return self.column(board, command.number)
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
            self.tr("board.heading", width=board.width, height=board.height),
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
                chunks.append(self.tr("cells.empty", count=empties))
                empties = 0
            letters.append(symbol)
        if letters:
            chunks.append(" ".join(letters))
        if empties:
            chunks.append(self.tr("cells.empty", count=empties))
        return self.tr("list.separator").join(chunks)

    def _row_line(self, board: Board, number: int) -> str:
        colours = [board.cell(Cell(col, number - 1)) for col in range(board.width)]
        tiles = sum(colour is not None for colour in colours)
        if tiles == 0:
            return self.tr("row.empty", number=number)
        symbols = [None if c is None else PALETTE[c].letter for c in colours]
        return self.tr("row", number=number, count=tiles, cells=self.cells_spoken(symbols))

    def legend(self, board: Board, symbols: str = "letters") -> str:
        """Which symbol is which colour and shape: ``R red circle``, or for a board
        drawn with ``digits`` ``1 red circle``. Spoken rows and columns always use
        letters: a number there would be confused with a count of empty cells."""
        order = self.order
        used = sorted(board.colour_counts(), key=lambda c: order.index(c) if c in order else c)

        def symbol(colour: int) -> str:
            entry = PALETTE[colour]
            return tile_number(entry, order) if symbols == "digits" else entry.letter

        parts = [f"{symbol(c)} {self.tile(c)}" for c in used]
        return self.tr(
            "legend", entries=self.tr("list.separator").join(parts) or self.tr("legend.empty")
        )

    def coords(self, board: Board) -> list[str]:
        """How cells are named on this board, and the spellings a cell may take."""
        return [
            self.tr(
                "coords",
                last=column_letter(board.width - 1),
                height=board.height,
                spellings=self.join(list(SPELLING_EXAMPLES), either=True),
            )
        ]

    def row(self, board: Board, number: int) -> list[str]:
        if not 1 <= number <= board.height:
            return [self.tr("query.bad_row", number=number, height=board.height)]
        return [self._row_line(board, number)]

    def column(self, board: Board, col: int) -> list[str]:
        if not 0 <= col < board.width:
            return [self.tr("query.bad_column", last=column_letter(board.width - 1))]
        height = board.column_height(col)
        if height == 0:
            return [self.tr("column.empty", column=column_letter(col))]
        symbols: list[str | None] = [PALETTE[c].letter for c in board.columns()[col]]
        symbols += [None] * (board.height - height)
        cells = self.cells_spoken(symbols)
        return [self.tr("column", column=column_letter(col), count=height, cells=cells)]

    def cell(self, board: Board, cell: Cell, rules: Rules) -> list[str]:
        name = format_cell(cell)
        if not (0 <= cell.col < board.width and 0 <= cell.row < board.height):
            return [self.tr("rejected.outside", cell=name)]
        group = board.group_at(cell)
        if group is None:
            return [self.tr("cell.empty", cell=name)]
        if group.size == 1:
            return [self.tr("cell.single", cell=name, tile=self.tile(group.colour))]
        return [
            self.tr(
                "cell.group",
                cell=name,
                tile=self.tile(group.colour),
                group=self.group(board, group, rules),
            )
        ]

    def groups(self, board: Board, rules: Rules, only: GroupFilter | None = None) -> list[str]:
        """Every group, largest first with its anchor, the count first; ``only``
        narrows them to a colour, a least size or a column they touch."""
        if only is not None and only.column is not None and not 0 <= only.column < board.width:
            return [self.tr("query.bad_column", last=column_letter(board.width - 1))]
        groups = sorted(board.groups(rules.min_group), key=lambda g: (-g.size, g.anchor))
        if only is not None:
            groups = [g for g in groups if _matches(board, g, only)]
        filters = self._filters(only) if only is not None else ""
        if not groups:
            if only is not None:
                return [self.tr("groups.filtered.none", filters=filters)]
            return [self.tr("groups.none")]
        if only is not None:
            lines = [self.tr("groups.filtered", count=len(groups), filters=filters)]
        else:
            lines = [self.tr("groups.heading", count=len(groups))]
        lines.extend(
            self.tr(
                "groups.item",
                tiles=self.tiles(g.colour, g.size),
                cell=format_cell(g.anchor),
                points=self.points(rules.points(g.size)),
            )
            for g in groups
        )
        return lines

    def _filters(self, only: GroupFilter) -> str:
        parts = []
        if only.colour is not None:
            kind = self.tr.tile(only.colour, count=2)
            parts.append(self.tr("groups.filter.colour", tiles=kind))
        if only.min_size is not None:
            parts.append(self.tr("groups.filter.size", size=only.min_size))
        if only.column is not None:
            parts.append(self.tr("groups.filter.column", column=column_letter(only.column)))
        return self.tr("list.separator").join(parts)

    def colours(self, board: Board) -> list[str]:
        counts = board.colour_counts()
        if not counts:
            return [self.tr("colours.none")]
        parts = [self.tiles(colour, count) for colour, count in sorted(counts.items())]
        return [self.tr("colours", entries=self.join(parts))]

    def summary(
        self, board: Board, rules: Rules, score: int, moves: int, practice: bool
    ) -> list[str]:
        lines = [
            self.tr(
                "summary",
                score=score,
                count=moves,
                tiles=self.tr("tile.count", count=board.tile_count()),
            ),
            self.groups_status(board, rules),
        ]
        lonely = [c for c, n in sorted(board.colour_counts().items()) if n == 1]
        if lonely:
            lines.append(
                self.tr("summary.lonely", colours=self.join([self.tile(c) for c in lonely]))
            )
        if practice:
            lines.append(self.tr("summary.practice"))
        return lines

    def final_score(self, result: GameResult) -> list[str]:
        """After the end: the settled score with its parts."""
        key = "score.final.practice" if result.practice else "score.final"
        return [
            self.tr(
                key,
                score=result.score,
                points=result.points,
                bonus=result.bonus,
                penalty=result.penalty,
                count=result.moves,
            )
        ]

    def final_summary(self, board: Board, rules: Rules, result: GameResult) -> list[str]:
        """After the end: the settled score with its parts, how the board ended and
        the help used."""
        if result.cleared:
            end = self.tr("summary.end.cleared")
        else:
            end = self.tr("summary.end.stuck", count=result.remaining)
        lines = [*self.final_score(result), end]
        if result.assistance:
            used = [self.tr(f"assistance.{kind}") for kind in result.assistance]
            lines.append(self.tr("summary.assistance", used=self.join(used)))
        return lines

    def score(self, score: int, moves: int, practice: bool) -> list[str]:
        key = "score.practice" if practice else "score"
        return [self.tr(key, score=score, count=moves)]

    def rules(self, title: str, rules: Rules) -> list[str]:
        lines = [
            self.tr("rules.title", title=title),
            self.tr(
                "rules.formula",
                name=self.named("formula", rules.formula.name),
                description=self.described(rules.formula),
            ),
            self.tr("rules.bonus", bonus=rules.clear_bonus)
            if rules.clear_bonus
            else self.tr("rules.no_bonus"),
            self.tr("rules.min_group", count=rules.min_group),
        ]
        if rules.penalty.name != "none":
            lines.append(
                self.tr(
                    "rules.penalty",
                    name=self.named("penalty", rules.penalty.name),
                    description=self.described(rules.penalty),
                )
            )
        lines.append(self.tr(f"rules.undo.{rules.undo.value}"))
        lines.append(
            self.tr("rules.hint.practice" if rules.hint_is_practice else "rules.hint.free")
        )
        if rules.replay_is_practice:
            lines.append(self.tr("rules.replay.practice"))
        lines.append(self.tr(f"rules.selection.{rules.selection.value}"))
        return lines

    def described(self, record: ScoringFormula | Penalty) -> str:
        """What a formula or penalty does, in the player's language when a
        catalogue (the program's or its plugin's) has words for it."""
        family = "formula" if isinstance(record, ScoringFormula) else "penalty"
        return self.tr.description_of(family, record.name, record.description)

    def hint(
        self, board: Board, group: Group | None, rules: Rules, bot: str | None = None
    ) -> list[str]:
        """The suggestion and one sentence of reason; ``bot`` names the bot that chose."""
        if group is None:
            return [self.tr("hint.none")]
        return [
            self.tr(
                "hint",
                tiles=self.tiles(group.colour, group.size),
                cell=format_cell(group.anchor),
                points=self.points(rules.points(group.size)),
            ),
            self.hint_reason(board, group, rules, bot),
        ]

    def hint_reason(self, board: Board, group: Group, rules: Rules, bot: str | None = None) -> str:
        """One sentence on why the hint is good: it clears the board, joins tiles into
        a bigger group, removes a colour's last tiles, or else scores most now (the
        built-in look-ahead) or leads to the best game the bot found."""
        after = board.remove(group)
        if after.is_empty():
            return self.tr("hint.reason.clears")
        before_best = _largest_by_colour(board)
        after_best = _largest_by_colour(after)
        gains = {c: after_best[c] - before_best.get(c, 0) for c in after_best}
        colour, gain = max(gains.items(), key=lambda item: (item[1], -item[0]), default=(0, 0))
        if gain > 0:
            return self.tr("hint.reason.joins", tiles=self.tiles(colour, after_best[colour]))
        if group.colour not in after.colour_counts():
            return self.tr("hint.reason.last", tile=self.tile(group.colour))
        if bot is not None:
            return self.tr("hint.reason.search", bot=bot)
        return self.tr("hint.reason.points")


def _matches(board: Board, group: Group, only: GroupFilter) -> bool:
    if only.colour is not None and group.colour != only.colour:
        return False
    if only.min_size is not None and group.size < only.min_size:
        return False
    if only.column is not None:
        return any(cell.col == only.column for cell in board.cells(group.mask))
    return True


def _largest_by_colour(board: Board) -> dict[int, int]:
    best: dict[int, int] = {}
    for group in board.iter_groups(1):
        best[group.colour] = max(best.get(group.colour, 0), group.size)
    return best
