"""Rows to records and back, every field of a game row checked on the way in; the
row lookups the parts of the store share; and the time a row records."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import cast

from samegame.core.coords import Cell, CoordinateError, format_cell, parse_cell
from samegame.core.game import GameResult
from samegame.core.textboard import read_board
from samegame.core.variant import RuleVariant
from samegame.store.errors import NotFoundError
from samegame.store.models import GameStatus, SavedGame, SavedSetup, result_dict


def now_text() -> str:
    """The current UTC time as rows keep it (ISO 8601 with microseconds)."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def moment(text: str | None) -> datetime | None:
    """The time a row keeps, or None."""
    return None if text is None else datetime.fromisoformat(text)


def game_row(db: sqlite3.Connection, game_id: int) -> sqlite3.Row:
    """The row of a game (NotFoundError if there is none)."""
    row = db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise NotFoundError(f"there is no saved game {game_id}; see samegame history")
    return cast(sqlite3.Row, row)


def challenge_row(db: sqlite3.Connection, challenge_id: int) -> sqlite3.Row:
    """The row of a challenge (NotFoundError if there is none)."""
    row = db.execute("SELECT * FROM challenges WHERE id = ?", (challenge_id,)).fetchone()
    if row is None:
        raise NotFoundError(f"there is no saved challenge {challenge_id}; start a new one")
    return cast(sqlite3.Row, row)


def cells_json(cells: Sequence[Cell], what: str) -> str:
    """The cells as the JSON array a row keeps (``["C5", "A1"]``); TypeError for
    anything but Cell values, ValueError for a negative coordinate."""
    for cell in cells:
        if not isinstance(cell, Cell):
            raise TypeError(f"{what}: {cell!r} is not a Cell")
        if cell.col < 0 or cell.row < 0:
            raise ValueError(f"{what}: {cell!r} is not on any board")
    return json.dumps([format_cell(cell) for cell in cells])


def _canonical_cells(texts: Sequence[str], what: str) -> list[Cell]:
    """The cells of their canonical names; ValueError unless each is written like C5."""
    cells = []
    for text in texts:
        try:
            cell = parse_cell(text)
            canonical = format_cell(cell) == text
        except CoordinateError:
            canonical = False
        if not canonical:
            raise ValueError(f"{what}: {text!r} is not a cell written like C5")
        cells.append(cell)
    return cells


def merge_reasons(old: Sequence[str], new: Sequence[str]) -> list[str]:
    """The old words, then the new ones not among them (practice reasons, help used)."""
    return list(dict.fromkeys([*old, *new]))


def _setup_from_row(row: sqlite3.Row) -> SavedSetup:
    """The setup of a row; ValueError when its category disagrees with its fields
    (checked first: it names the field that was changed), or the setup's own."""
    variant = RuleVariant(row["formula"], row["clear_bonus"], row["penalty"], row["min_group"])
    key = variant.category_key(row["width"], row["height"], row["colours"], row["board_type"])
    if row["category"] != key:
        raise ValueError(f"category '{row['category']}' disagrees with the setup ({key})")
    return SavedSetup(
        preset=row["preset"],
        variant=variant,
        width=row["width"],
        height=row["height"],
        colours=row["colours"],
        board_type=row["board_type"],
        board_number=row["board_number"],
        board=str(row["board"]).splitlines(),
        challenge_id=row["challenge_id"],
        stage=row["stage"],
    )


def _result_from_row(row: sqlite3.Row) -> GameResult | None:
    if row["status"] != GameStatus.FINISHED:
        return None
    return GameResult(
        points=row["points"],
        bonus=row["bonus"],
        penalty=row["penalty_points"],
        score=row["score"],
        remaining=row["remaining"],
        moves=row["move_count"],
        cleared=bool(row["cleared"]),
        practice=bool(row["practice"]),
        assistance=_json_words(row["assistance"], "help used"),
    )


def on_board(cells: Sequence[Cell], what: str, width: int, height: int) -> None:
    """ValueError unless every cell lies on a ``width`` x ``height`` board."""
    for cell in cells:
        if not (cell.col < width and cell.row < height):
            raise ValueError(f"{what}: {cell} is outside the {width}x{height} board")


def _json_cells(text: object, what: str, width: int, height: int) -> tuple[Cell, ...]:
    """The cells of a JSON array of canonical names on the board, or ValueError."""
    texts = json.loads(str(text))
    if not isinstance(texts, list) or not all(isinstance(c, str) for c in texts):
        raise ValueError(f"{what} are not a list of cells")
    cells = _canonical_cells(texts, what)
    on_board(cells, what, width, height)
    return tuple(cells)


def _json_words(text: object, what: str) -> tuple[str, ...]:
    words = json.loads(str(text))
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise ValueError(f"{what} are not a list of words")
    return tuple(words)


def checked_game(row: sqlite3.Row) -> SavedGame:
    """The game of a row, every field checked: its types, its category against its
    fields, its board against its size, its moves as cells inside the board, its
    times; ValueError or TypeError saying what is wrong otherwise."""
    setup = _setup_from_row(row)
    for name in ("width", "height", "colours", "clear_bonus", "min_group"):
        if type(row[name]) is not int:
            raise ValueError(f"{name} is not a number")
    board = read_board(setup.board_text)
    if (board.width, board.height) != (setup.width, setup.height):
        raise ValueError("the board disagrees with its size")
    return SavedGame(
        game_id=row["id"],
        setup=setup,
        moves=_json_cells(row["moves"], "moves", setup.width, setup.height),
        redo=_json_cells(row["redo"], "undone moves", setup.width, setup.height),
        practice=bool(row["practice"]),
        reasons=_json_words(row["reasons"], "practice reasons"),
        status=GameStatus(row["status"]),
        result=_result_from_row(row),
        created=datetime.fromisoformat(row["created"]),
        updated=datetime.fromisoformat(row["updated"]),
        finished=moment(row["finished"]),
        assistance=_json_words(row["assistance"], "help used"),
        revision=int(row["revision"]),
    )


def same_result(row: sqlite3.Row, result: GameResult) -> bool:
    """True when a finished game's row holds this result."""
    stored = _result_from_row(row)
    assert stored is not None
    return result_dict(stored) == result_dict(result)
