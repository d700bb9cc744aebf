"""Rows to records, every value read through ``checked.Fields``; the row lookups
the parts of the store share; the records' arguments checked on the way in; and
the time a row records.

A row is read with ``SELECT`` lists from ``selected`` (every value capped in
size by SQLite before Python reads it), then turned into a record by one
``checked_*`` function, which raises ``DamagedValueError`` (or another
ValueError) for anything the record cannot hold. The parts say which row was
damaged (``DamagedGameError``, ``DamagedSettingError``).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime

from samegame.core.board import MAX_HEIGHT
from samegame.core.coords import MAX_COLUMNS, Cell, format_cell
from samegame.core.game import GameResult
from samegame.core.limits import MAX_POINTS, SQLITE_MAX_INTEGER
from samegame.core.numbering import MAX_BOARD_NUMBER
from samegame.core.palette import MAX_COLOURS
from samegame.core.quoting import shown
from samegame.core.textboard import read_board
from samegame.core.variant import Category, RuleVariant
from samegame.store.checked import DamagedValueError, Fields, Row, capped_columns
from samegame.store.errors import NotFoundError
from samegame.store.models import (
    GameStatus,
    JSONValue,
    SavedGame,
    SavedSetup,
    ScoreEntry,
    StageRecord,
    result_dict,
)
from samegame.store.schema import column_names

__all__ = [
    "ChallengeFacts",
    "DamagedValueError",
    "Row",
    "cells_json",
    "challenge_row",
    "checked_challenge",
    "checked_game",
    "checked_score",
    "checked_stage",
    "game_row",
    "merge_reasons",
    "now_text",
    "on_board",
    "same_result",
    "selected",
    "setting_value",
]

MOST_TILES = MAX_COLUMNS * MAX_HEIGHT
MOST_POINTS = MAX_POINTS * (MOST_TILES + 1)
"""The most a game's points or score can be: every move and the bonus at the
most one value may be worth."""


def now_text() -> str:
    """The current UTC time as rows keep it (ISO 8601 with microseconds)."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def selected(table: str, columns: Sequence[str] | None = None) -> str:
    """``SELECT <columns> FROM <table>`` (every column when None), each value capped
    in size (``checked.capped_columns``); add WHERE and ORDER clauses to it."""
    return f"SELECT {capped_columns(columns or column_names(table))} FROM {table}"


def game_row(db: sqlite3.Connection, game_id: int) -> Row:
    """The row of a game (NotFoundError if there is none)."""
    row = db.execute(f"{selected('games')} WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise NotFoundError(f"there is no saved game {game_id}; see samegame history")
    return row  # type: ignore[no-any-return]


def challenge_row(db: sqlite3.Connection, challenge_id: int) -> Row:
    """The row of a challenge (NotFoundError if there is none)."""
    row = db.execute(f"{selected('challenges')} WHERE id = ?", (challenge_id,)).fetchone()
    if row is None:
        raise NotFoundError(f"there is no saved challenge {challenge_id}; start a new one")
    return row  # type: ignore[no-any-return]


# -- arguments on the way in ---------------------------------------------------------


def cells_json(cells: Sequence[Cell], what: str) -> str:
    """The cells as the JSON array a row keeps (``["C5", "A1"]``); TypeError for
    anything but Cell values, ValueError for a negative coordinate."""
    for cell in cells:
        if not isinstance(cell, Cell):
            raise TypeError(f"{what}: {cell!r} is not a Cell")
        if cell.col < 0 or cell.row < 0:
            raise ValueError(f"{what}: {cell!r} is not on any board")
    return json.dumps([format_cell(cell) for cell in cells])


def merge_reasons(old: Sequence[str], new: Sequence[str]) -> list[str]:
    """The old words, then the new ones not among them (practice reasons, help used)."""
    return list(dict.fromkeys([*old, *new]))


def on_board(cells: Sequence[Cell], what: str, width: int, height: int) -> None:
    """ValueError unless every cell lies on a ``width`` x ``height`` board."""
    for cell in cells:
        if not (cell.col < width and cell.row < height):
            raise ValueError(f"{what}: {cell} is outside the {width}x{height} board")


# -- rows to records -----------------------------------------------------------------


def _id(fields: Fields, column: str = "id") -> int:
    return fields.whole(column, 1, SQLITE_MAX_INTEGER)


def _setup(fields: Fields) -> SavedSetup:
    """The setup of a game row; its category must be the key of its fields
    (checked first: it names the field that was changed)."""
    variant = RuleVariant(
        fields.text("formula"),
        fields.whole("clear_bonus", 0, MAX_POINTS),
        fields.text("penalty"),
        fields.whole("min_group", 1, MOST_TILES),
    )
    width = fields.whole("width", 1, MAX_COLUMNS)
    height = fields.whole("height", 1, MAX_HEIGHT)
    colours = fields.whole("colours", 1, MAX_COLOURS)
    board_type = fields.text("board_type")
    key = variant.category_key(width, height, colours, board_type)
    category = fields.text("category")
    if category != key:
        raise DamagedValueError(f"category '{shown(category)}' disagrees with the setup ({key})")
    challenge_id = fields.raw("challenge_id")
    stage = fields.raw("stage")
    if (challenge_id is None) != (stage is None):
        raise DamagedValueError("challenge_id and stage are not both set or both empty")
    board = fields.text("board")
    parsed = read_board(board)
    if (parsed.width, parsed.height) != (width, height):
        raise DamagedValueError("the board disagrees with its size")
    return SavedSetup(
        preset=fields.text("preset"),
        variant=variant,
        width=width,
        height=height,
        colours=colours,
        board_type=board_type,
        board_number=fields.optional_whole("board_number", 0, MAX_BOARD_NUMBER),
        board=board.splitlines(),
        challenge_id=None if challenge_id is None else _id(fields, "challenge_id"),
        stage=fields.optional_whole("stage", 0, SQLITE_MAX_INTEGER),
    )


def _result(fields: Fields, status: GameStatus, tiles: int, moves: int) -> GameResult | None:
    """The result of a finished game row (None for any other status)."""
    if status is not GameStatus.FINISHED:
        return None
    result = GameResult(
        points=fields.whole("points", -MOST_POINTS, MOST_POINTS),
        bonus=fields.whole("bonus", 0, MAX_POINTS),
        penalty=fields.whole("penalty_points", -MOST_POINTS, MOST_POINTS),
        score=fields.whole("score", -MOST_POINTS, MOST_POINTS),
        remaining=fields.whole("remaining", 0, tiles),
        moves=fields.whole("move_count", moves, moves),
        cleared=fields.flag("cleared"),
        practice=fields.flag("practice"),
        assistance=fields.words("assistance"),
    )
    fields.optional_moment("finished")
    if fields.raw("finished") is None:
        raise DamagedValueError("finished is empty for a finished game")
    return result


def checked_game(row: Row) -> SavedGame:
    """The game of a row, every field checked: types, ranges and sizes, its
    category against its fields, its board against its size, its moves as cells
    on the board (no more of them than the board has tiles), its times, and its
    result when it is finished; DamagedValueError (or another ValueError) saying
    what is wrong otherwise."""
    fields = Fields(row, "game")
    setup = _setup(fields)
    width, height = setup.width, setup.height
    moves = fields.cells("moves", width, height)
    redo = fields.cells("redo", width, height)
    if len(moves) + len(redo) > width * height:
        raise DamagedValueError("moves and undone moves are more than the board has tiles")
    status = fields.choice("status", GameStatus)
    return SavedGame(
        game_id=_id(fields),
        setup=setup,
        moves=moves,
        redo=redo,
        practice=fields.flag("practice"),
        reasons=fields.words("reasons"),
        status=status,
        result=_result(fields, status, width * height, len(moves)),
        created=fields.moment("created"),
        updated=fields.moment("updated"),
        finished=fields.optional_moment("finished"),
        assistance=fields.words("assistance"),
        revision=fields.whole("revision", 0, SQLITE_MAX_INTEGER),
    )


SCORE_COLUMNS = (
    "id",
    "score",
    "finished",
    "category",
    "preset",
    "move_count",
    "cleared",
    "board_number",
)


def checked_score(row: Row, rank: int) -> ScoreEntry:
    """A line of a best-score table from a finished game's row (its
    ``SCORE_COLUMNS``), checked; DamagedValueError otherwise."""
    fields = Fields(row, "game")
    category = fields.checked("category", Category.parse)
    return ScoreEntry(
        rank,
        fields.whole("score", -MOST_POINTS, MOST_POINTS),
        _id(fields),
        fields.moment("finished"),
        category,
        fields.text("preset"),
        fields.whole("move_count", 0, MOST_TILES),
        fields.flag("cleared"),
        fields.optional_whole("board_number", 0, MAX_BOARD_NUMBER),
    )


def same_result(game: SavedGame, result: GameResult) -> bool:
    """True when a finished game holds this result."""
    return game.result is not None and result_dict(game.result) == result_dict(result)


# -- challenges ----------------------------------------------------------------------

STAGE_COLUMNS = ("stage", "id", "status", "score", "practice")


def checked_stage(row: Row) -> StageRecord:
    """A live stage game of a challenge (its ``STAGE_COLUMNS``), checked."""
    fields = Fields(row, "game")
    status = fields.choice("status", GameStatus)
    score = fields.optional_whole("score", -MOST_POINTS, MOST_POINTS)
    if (score is None) != (status is not GameStatus.FINISHED):
        raise DamagedValueError("score is set exactly when the game is finished, and is not")
    return StageRecord(
        fields.whole("stage", 0, SQLITE_MAX_INTEGER),
        _id(fields),
        status,
        score,
        fields.flag("practice"),
    )


class ChallengeFacts:
    """A challenge row, checked: its id, preset, status and times."""

    def __init__(self, row: Row) -> None:
        fields = Fields(row, "challenge")
        self.challenge_id = _id(fields)
        self.preset = fields.text("preset")
        self.status = fields.choice("status", GameStatus)
        self.created = fields.moment("created")
        self.updated = fields.moment("updated")
        self.finished = fields.optional_moment("finished")


def checked_challenge(row: Row) -> ChallengeFacts:
    """The checked facts of a challenge row; DamagedValueError otherwise."""
    return ChallengeFacts(row)


# -- settings ------------------------------------------------------------------------


def setting_value(db: sqlite3.Connection, key: str) -> tuple[bool, JSONValue]:
    """``(True, value)`` for a saved setting, ``(False, None)`` when it was never
    set; DamagedValueError for a value that is not JSON text within the caps."""
    row = db.execute(f"{selected('settings', ('value',))} WHERE key = ?", (key,)).fetchone()
    if row is None:
        return False, None
    return True, Fields(row, "setting").json("value")
