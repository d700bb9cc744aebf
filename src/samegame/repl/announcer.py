"""The announcer: every sentence the line interface says, built from catalogue keys.

One announcer serves both input paths and every language. Announcements are lists
of lines, result first, then consequences. Verbosity:

- ``terse``: one line per move (and one more when the game ends);
- ``normal``: the result, a summary of what fell and moved, the groups left;
- ``verbose``: as normal, plus every tile that fell and every column that moved.

The announcer is made of two parts it holds: the words sentences are built from
(``wording.Wording``: tiles, points, columns, places, names, in one language at
one verbosity) and the board in words (``board_descriptions.BoardDescriptions``:
rows, columns, cells, groups, the legend). Their methods are the announcer's too,
delegated. ``retune`` changes the language and verbosity of the one announcer a
session holds, so every part of the session speaks the new setting at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from samegame.core.board import Board, Fall, Group, Shift
from samegame.core.coords import Cell, column_letter, format_cell
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
from samegame.core.rules import Rules
from samegame.i18n import Translator
from samegame.plugin.contributions import Penalty, ScoringFormula
from samegame.repl.board_descriptions import BoardDescriptions
from samegame.repl.commands import GroupFilter, ParsedCommand
from samegame.repl.pager import PAGE_LINES, Pager
from samegame.repl.wording import Verbosity, Wording

__all__ = ["PAGE_LINES", "Announcer", "Pager", "Verbosity"]


class Announcer:
    """Turns game events, rejections and queries into sentences."""

    def __init__(
        self, tr: Translator, verbosity: Verbosity = Verbosity.NORMAL, order: Sequence[int] = ()
    ) -> None:
        """``tr`` says every sentence in its language; ``verbosity`` is how much a
        move says; ``order`` is the preset's palette order (``palette.palette_order``;
        empty: the palette's), in which the legend lists and numbers colours."""
        self.words = Wording(tr, verbosity, order)
        self.board_words = BoardDescriptions(self.words)

    def retune(self, tr: Translator, verbosity: Verbosity) -> None:
        """Say everything from now on in ``tr``'s language at ``verbosity`` (the
        palette order stays): a setting changed in a session, whose parts all hold
        this one announcer."""
        self.words = Wording(tr, verbosity, self.words.order)
        self.board_words = BoardDescriptions(self.words)

    @property
    def tr(self) -> Translator:
        """The translator of the language spoken now."""
        return self.words.tr

    @property
    def verbosity(self) -> Verbosity:
        """How much a move says now."""
        return self.words.verbosity

    @property
    def order(self) -> tuple[int, ...]:
        """The palette order the legend follows."""
        return self.words.order

    # -- moves -------------------------------------------------------------------

    def preview(self, preview: Preview) -> list[str]:
        return [
            self.tr(
                "selected",
                tiles=self.tiles(preview.group.colour, preview.group.size),
                place=self.place(preview.cells, preview.group.anchor),
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
                    place=self.place(event.cells, event.anchor),
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

    def result(self, result: GameResult) -> list[str]:
        if result.cleared:
            head = self.tr("over.cleared", bonus=result.bonus, score=result.score)
        else:
            head = self.tr(
                "over.stuck", count=result.remaining, penalty=result.penalty, score=result.score
            )
        return [head, self.tr("over.moves", count=result.moves, points=self.points(result.points))]

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

    def challenge_final(self, stages: Sequence[tuple[int, int]]) -> str:
        """After a challenge's last stage: its final score and each stage's (A28)."""
        parts = [self.tr("challenge.final.stage", stage=n, score=score) for n, score in stages]
        total = sum(score for _, score in stages)
        return self.tr("challenge.final", total=total, stages=self.join(parts))

    def challenge_running(self, stage: int, count: int, total: int) -> str:
        """During a challenge: the stage in play and the total so far (A28)."""
        return self.tr("challenge.running", stage=stage, count=count, total=total)

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
            self.tr("hint", group=self.group(board, group, rules)),
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

    # -- the words, delegated to the Wording held ---------------------------------

    def tiles(self, colour: int, count: int) -> str:
        """``5 red circles`` (``Wording.tiles``)."""
        return self.words.tiles(colour, count)

    def tile(self, colour: int) -> str:
        """``red circle`` (``Wording.tile``)."""
        return self.words.tile(colour)

    def named(self, family: str, name: str) -> str:
        """A board type, formula or penalty name (``Wording.named``)."""
        return self.words.named(family, name)

    def preset_name(self, name: str) -> str:
        """A preset as a record names it (``Wording.preset_name``)."""
        return self.words.preset_name(name)

    def preset_text(self, part: str, name: str, text: str) -> str:
        """A preset's title or description (``Wording.preset_text``)."""
        return self.words.preset_text(part, name, text)

    def points(self, points: int) -> str:
        """``25 points`` (``Wording.points``)."""
        return self.words.points(points)

    def columns(self, indices: Sequence[int]) -> str:
        """``C to F`` (``Wording.columns``)."""
        return self.words.columns(indices)

    def place(self, cells: Sequence[Cell], anchor: Cell) -> str:
        """Where a group lies (``Wording.place``)."""
        return self.words.place(cells, anchor)

    def join(self, parts: Sequence[str], *, either: bool = False) -> str:
        """``a, b and c`` (``Wording.join``)."""
        return self.words.join(parts, either=either)

    def group(self, board: Board, group: Group, rules: Rules) -> str:
        """A group with its place and points (``Wording.group``)."""
        return self.words.group(board, group, rules)

    def placed(self, board: Board, group: Group) -> str:
        """A group with its place (``Wording.placed``)."""
        return self.words.placed(board, group)

    # -- the board in words, delegated to the BoardDescriptions held ----------------

    def query(self, command: ParsedCommand, board: Board, rules: Rules) -> list[str] | None:
        """The answer to a query about the board alone (``BoardDescriptions.query``)."""
        return self.board_words.query(command, board, rules)

    def board(self, board: Board) -> list[str]:
        """Every row, top first, then the legend (``BoardDescriptions.board``)."""
        return self.board_words.board(board)

    def cells_spoken(self, symbols: Sequence[str | None]) -> str:
        """Cells as a screen reader says them (``BoardDescriptions.cells_spoken``)."""
        return self.board_words.cells_spoken(symbols)

    def cell_word(self, colour: int, names: bool = False) -> str:
        """A tile in a spoken row (``BoardDescriptions.cell_word``)."""
        return self.board_words.cell_word(colour, names)

    def legend(self, board: Board, symbols: str = "letters") -> str:
        """Which symbol is which tile (``BoardDescriptions.legend``)."""
        return self.board_words.legend(board, symbols)

    def coords(self, board: Board) -> list[str]:
        """How cells are named (``BoardDescriptions.coords``)."""
        return self.board_words.coords(board)

    def row(self, board: Board, number: int, names: bool = False) -> list[str]:
        """One row (``BoardDescriptions.row``)."""
        return self.board_words.row(board, number, names)

    def column(self, board: Board, col: int, names: bool = False) -> list[str]:
        """One column (``BoardDescriptions.column``)."""
        return self.board_words.column(board, col, names)

    def cell(self, board: Board, cell: Cell, rules: Rules) -> list[str]:
        """One cell and its group (``BoardDescriptions.cell``)."""
        return self.board_words.cell(board, cell, rules)

    def groups(self, board: Board, rules: Rules, only: GroupFilter | None = None) -> list[str]:
        """Every group, largest first (``BoardDescriptions.groups``)."""
        return self.board_words.groups(board, rules, only)

    def colours(self, board: Board) -> list[str]:
        """The tiles of each colour (``BoardDescriptions.colours``)."""
        return self.board_words.colours(board)

    def groups_status(self, board: Board, rules: Rules) -> str:
        """The groups left, and the largest (``BoardDescriptions.groups_status``)."""
        return self.board_words.groups_status(board, rules)


def _largest_by_colour(board: Board) -> dict[int, int]:
    best: dict[int, int] = {}
    for group in board.iter_groups(1):
        best[group.colour] = max(best.get(group.colour, 0), group.size)
    return best
