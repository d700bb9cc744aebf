"""SQLite persistence of ``samegame play``: games saved move by move, history, best
scores per rule category, challenges and the player's settings.

One file, ``paths.data_dir() / "samegame.sqlite3"`` unless a path is given, read and
written with the standard library's sqlite3 only. docs/store.md gives the schema,
the durability argument and the error behaviour in full.

Data model
----------
* A **game** row holds the :class:`GameSetup` it was started with (preset, rule
  category, scoring names, board size, colours, board type, board number, the
  initial board in the text format, the challenge and stage it belongs to), the
  current move list and redo list (canonical cells such as ``"C5"``, as JSON
  arrays), the practice flag and its reasons, a status (unfinished, finished,
  abandoned), the help used (``assistance``: hint, undo, explain), a revision
  counted up by every change, and, when finished, the result (the fields of
  :class:`samegame.game.GameResult`, which the store takes and gives back as is).
  Every save rewrites the whole move list of one row: one short transaction.
* **A finished game is a result, for good**: nothing turns it back into an
  unfinished game; playing its board again is another game row (the
  application layer, ``samegame.play``, decides when).
* **Practice is sticky**: once a game is practice (the flag, or any reason) it stays
  practice and its reasons accumulate; practice games never enter a ranking.
* A **category** (:func:`category_key`, for example
  ``"8x10/4/basic/1000/none/2/solvable"``) says which scores are comparable: board
  size, colours, formula, clear bonus, penalty, minimum group and board type. Best
  scores are the finished non-practice games of one category, ranked by
  standard competition ranking (50, 40, 40, 10 rank 1, 2, 2, 4); among equal scores
  the earlier finish is listed first. Challenge stage games are ordinary games of
  their category here too.
* A **challenge** row holds its preset and status; its stages are its games (the
  stage is the index in the preset's stages, 0-based, at most one live game per
  stage). Finishing a stage game settles that stage in the same transaction; a
  challenge's total is the sum of its finished stage games' scores and is never
  stored apart from them. Challenge totals are ranked per preset, separately from
  single-game scores; a challenge with a practice stage is not ranked.
* **Settings** map a string key to a JSON value.

Status changes: ``save_progress`` works on an unfinished game (on a finished one
only when the moves are unchanged); ``finish_game`` on an unfinished game, and
again on a finished one with the same result (nothing changes: a resumed process
may finish a game twice); ``abandon_game`` ends an unfinished game without a
result. Format 1 databases are upgraded to format 2 (two new columns) on opening.

Errors are :class:`StoreError` (one line, saying what to do); a missing game or
challenge is its subclass :class:`NotFoundError`, a change the status forbids
:class:`StatusError`. Arguments that break a contract (a move not written like
``C5``, a setup whose category disagrees with its fields) raise ValueError.

A Store holds one connection: use it from one thread, and close it (``with``).

>>> category_key(8, 10, 4, "basic", 1000, "none", 2, "solvable")
'8x10/4/basic/1000/none/2/solvable'
>>> competition_ranks([50, 40, 40, 10])
[1, 2, 2, 4]
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from itertools import groupby
from pathlib import Path
from types import TracebackType
from typing import NamedTuple, TypeAlias, cast

from samegame import paths
from samegame.coords import CoordinateError, format_cell, parse_cell
from samegame.game import GameResult
from samegame.textboard import read_board

__all__ = [
    "APPLICATION_ID",
    "DB_NAME",
    "SCHEMA_VERSION",
    "ChallengeEntry",
    "ChallengeProgress",
    "Completion",
    "ConflictError",
    "DamagedGameError",
    "GameSetup",
    "GameStatus",
    "JSONValue",
    "NotFoundError",
    "SavedChallenge",
    "SavedGame",
    "ScoreEntry",
    "ScoreOutcome",
    "StageRecord",
    "StatusError",
    "Store",
    "StoreError",
    "category_key",
    "competition_ranks",
    "default_path",
]

DB_NAME = "samegame.sqlite3"
SCHEMA_VERSION = 2
APPLICATION_ID = int.from_bytes(b"SAME", "big")
BUSY_TIMEOUT_SECONDS = 5.0

JSONValue: TypeAlias = bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"] | None


# -- errors ------------------------------------------------------------------------


class StoreError(Exception):
    """The store cannot do what was asked. ``str()`` is one line that ends with
    what to do."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.splitlines()))


class NotFoundError(StoreError):
    """No game or challenge has the id asked for."""


class StatusError(StoreError):
    """The game's or challenge's status does not allow the change asked for."""


class ConflictError(StoreError):
    """The game was changed by another samegame since this one last read or saved
    it (its revision moved on); nothing was written."""

    def __init__(self, game_id: int, message: str) -> None:
        super().__init__(message)
        self.game_id = game_id


class DamagedGameError(StoreError):
    """A saved game's row cannot be read back as a game (edited or damaged by
    something else); it is left exactly as it is."""

    def __init__(self, game_id: int, problem: str, path: Path) -> None:
        super().__init__(
            f"saved game {game_id} in {path} is damaged ({problem}); it is left as it is: "
            "play another game (samegame play --fresh or --game ID), or move the "
            f"database away or set {paths.HOME_VAR} to start afresh"
        )
        self.game_id = game_id


# -- records -----------------------------------------------------------------------


class GameStatus(StrEnum):
    """Where a saved game stands."""

    UNFINISHED = "unfinished"
    FINISHED = "finished"
    ABANDONED = "abandoned"


def category_key(
    width: int,
    height: int,
    colours: int,
    formula: str,
    clear_bonus: int,
    penalty: str,
    min_group: int,
    board_type: str,
) -> str:
    """The stable key of the scores that can be compared: games with the same key
    share a best-score table and resume each other. Names may not be empty or
    contain ``/`` (ValueError), so a key reads back unambiguously."""
    for name in (formula, penalty, board_type):
        if not name or "/" in name:
            raise ValueError(f"'{name}' cannot be part of a category key: empty or contains /")
    return f"{width}x{height}/{colours}/{formula}/{clear_bonus}/{penalty}/{min_group}/{board_type}"


def competition_ranks(scores: Sequence[int]) -> list[int]:
    """Standard competition ranks of scores sorted best first: equal scores share
    a rank and the next rank skips (50, 40, 40, 10 -> 1, 2, 2, 4)."""
    ranks: list[int] = []
    for index, score in enumerate(scores):
        tied = index > 0 and score == scores[index - 1]
        ranks.append(ranks[-1] if tied else index + 1)
    return ranks


@dataclass(frozen=True)
class GameSetup:
    """What a game was started with. ``board`` is the initial board in the text
    format (``textboard.write_board``), one string per row, top row first; any
    sequence is kept as a tuple. ``board_number`` is None for a board from a file.
    ``challenge_id`` and ``stage`` (0-based) are both set for a challenge stage or
    both None. ``category`` must equal :func:`category_key` of the fields and the
    board must be ``height`` rows of ``width`` cells (ValueError otherwise)."""

    preset: str
    category: str
    formula: str
    clear_bonus: int
    penalty: str
    min_group: int
    width: int
    height: int
    colours: int
    board_type: str
    board_number: int | None
    board: Sequence[str]
    challenge_id: int | None = None
    stage: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "board", tuple(self.board))
        expected = category_key(
            self.width,
            self.height,
            self.colours,
            self.formula,
            self.clear_bonus,
            self.penalty,
            self.min_group,
            self.board_type,
        )
        if self.category != expected:
            raise ValueError(f"category '{self.category}' disagrees with the setup ({expected})")
        if len(self.board) != self.height or any(len(row) != self.width for row in self.board):
            raise ValueError(f"the board must be {self.height} rows of {self.width} cells")
        if (self.challenge_id is None) != (self.stage is None):
            raise ValueError("a challenge stage needs both challenge_id and stage")

    @property
    def board_text(self) -> str:
        """The initial board as ``textboard.read_board`` reads it."""
        return "".join(row + "\n" for row in self.board)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready; ``board`` is a list of rows, as in game records."""
        return {
            "preset": self.preset,
            "category": self.category,
            "formula": self.formula,
            "clear_bonus": self.clear_bonus,
            "penalty": self.penalty,
            "min_group": self.min_group,
            "width": self.width,
            "height": self.height,
            "colours": self.colours,
            "board_type": self.board_type,
            "board_number": self.board_number,
            "board": list(self.board),
            "challenge_id": self.challenge_id,
            "stage": self.stage,
        }


def _result_dict(result: GameResult) -> dict[str, object]:
    return {
        "points": result.points,
        "bonus": result.bonus,
        "penalty": result.penalty,
        "score": result.score,
        "remaining": result.remaining,
        "moves": result.moves,
        "cleared": result.cleared,
    }


def _time(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


@dataclass(frozen=True)
class SavedGame:
    """A game as saved. ``moves`` and ``redo`` are canonical cells (the next move to
    redo is last); ``result`` is set when the game is finished. Times are UTC."""

    game_id: int
    setup: GameSetup
    moves: tuple[str, ...]
    redo: tuple[str, ...]
    practice: bool
    reasons: tuple[str, ...]
    status: GameStatus
    result: GameResult | None
    created: datetime
    updated: datetime
    finished: datetime | None
    assistance: tuple[str, ...] = ()
    revision: int = 0

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: times as ISO 8601 strings, the result without ``practice``."""
        return {
            "game_id": self.game_id,
            "status": self.status.value,
            "created": _time(self.created),
            "updated": _time(self.updated),
            "finished": _time(self.finished),
            "setup": self.setup.to_dict(),
            "moves": list(self.moves),
            "redo": list(self.redo),
            "practice": self.practice,
            "reasons": list(self.reasons),
            "assistance": list(self.assistance),
            "result": None if self.result is None else _result_dict(self.result),
        }


@dataclass(frozen=True)
class ScoreEntry:
    """One line of a category's best-score table."""

    rank: int
    score: int
    game_id: int
    finished: datetime
    category: str
    preset: str
    moves: int
    cleared: bool
    board_number: int | None

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {
            "rank": self.rank,
            "score": self.score,
            "game_id": self.game_id,
            "finished": _time(self.finished),
            "category": self.category,
            "preset": self.preset,
            "moves": self.moves,
            "cleared": self.cleared,
            "board_number": self.board_number,
        }


@dataclass(frozen=True)
class ScoreOutcome:
    """Where a finished game (or challenge) stands in its ranking: ``ranking`` is
    the category key (for a challenge, the preset's name). ``previous_best`` is the
    best score of the others; ``best_score`` the best including this one (practice
    excluded). A practice result is never a new best and has no rank. ``entries``
    counts the ranked results, this one included unless it is practice."""

    score: int
    ranking: str
    practice: bool
    new_best: bool
    rank: int | None
    best_score: int | None
    previous_best: int | None
    entries: int

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {
            "score": self.score,
            "ranking": self.ranking,
            "practice": self.practice,
            "new_best": self.new_best,
            "rank": self.rank,
            "best_score": self.best_score,
            "previous_best": self.previous_best,
            "entries": self.entries,
        }


@dataclass(frozen=True)
class Completion:
    """How many games of a category were finished, and how many of them cleared
    the board (practice included: a completion is a completion)."""

    category: str
    finished: int
    cleared: int

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {"category": self.category, "finished": self.finished, "cleared": self.cleared}


class ChallengeProgress(NamedTuple):
    """What to resume in a challenge: the stage (0-based) of its latest live game
    and that game (unfinished, or finished when the player had not moved on), or
    stage 0 and no game when no stage was started."""

    challenge_id: int
    stage: int
    game_id: int | None


@dataclass(frozen=True)
class StageRecord:
    """A live (not abandoned) stage game of a challenge; ``score`` once finished."""

    stage: int
    game_id: int
    status: GameStatus
    score: int | None
    practice: bool

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {
            "stage": self.stage,
            "game_id": self.game_id,
            "status": self.status.value,
            "score": self.score,
            "practice": self.practice,
        }


@dataclass(frozen=True)
class SavedChallenge:
    """A challenge as saved. ``total`` sums the finished stages; ``practice`` is
    true when any stage game is practice."""

    challenge_id: int
    preset: str
    status: GameStatus
    created: datetime
    updated: datetime
    finished: datetime | None
    stages: tuple[StageRecord, ...]

    @property
    def total(self) -> int:
        return sum(stage.score or 0 for stage in self.stages)

    @property
    def practice(self) -> bool:
        return any(stage.practice for stage in self.stages)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {
            "challenge_id": self.challenge_id,
            "preset": self.preset,
            "status": self.status.value,
            "created": _time(self.created),
            "updated": _time(self.updated),
            "finished": _time(self.finished),
            "stages": [stage.to_dict() for stage in self.stages],
            "total": self.total,
            "practice": self.practice,
        }


@dataclass(frozen=True)
class ChallengeEntry:
    """One line of a challenge preset's ranking; ``stage_scores`` in stage order."""

    rank: int
    score: int
    challenge_id: int
    finished: datetime
    preset: str
    stage_scores: tuple[int, ...]

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {
            "rank": self.rank,
            "score": self.score,
            "challenge_id": self.challenge_id,
            "finished": _time(self.finished),
            "preset": self.preset,
            "stage_scores": list(self.stage_scores),
        }


# -- schema ------------------------------------------------------------------------

_STATUS_CHECK = "CHECK (status IN ('unfinished', 'finished', 'abandoned'))"

_SCHEMA = (
    f"""CREATE TABLE challenges (
        id INTEGER PRIMARY KEY,
        preset TEXT NOT NULL,
        status TEXT NOT NULL {_STATUS_CHECK},
        created TEXT NOT NULL,
        updated TEXT NOT NULL,
        finished TEXT
    )""",
    f"""CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        created TEXT NOT NULL,
        updated TEXT NOT NULL,
        finished TEXT,
        preset TEXT NOT NULL,
        category TEXT NOT NULL,
        formula TEXT NOT NULL,
        clear_bonus INTEGER NOT NULL,
        penalty TEXT NOT NULL,
        min_group INTEGER NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        colours INTEGER NOT NULL,
        board_type TEXT NOT NULL,
        board_number INTEGER,
        board TEXT NOT NULL,
        challenge_id INTEGER REFERENCES challenges (id),
        stage INTEGER,
        moves TEXT NOT NULL,
        redo TEXT NOT NULL,
        practice INTEGER NOT NULL CHECK (practice IN (0, 1)),
        reasons TEXT NOT NULL,
        status TEXT NOT NULL {_STATUS_CHECK},
        points INTEGER,
        bonus INTEGER,
        penalty_points INTEGER,
        score INTEGER,
        remaining INTEGER,
        move_count INTEGER,
        cleared INTEGER,
        assistance TEXT NOT NULL DEFAULT '[]',
        revision INTEGER NOT NULL DEFAULT 0,
        CHECK ((status = 'finished') = (score IS NOT NULL)),
        CHECK ((challenge_id IS NULL) = (stage IS NULL))
    )""",
    "CREATE INDEX games_by_status ON games (status, preset, category, updated)",
    "CREATE INDEX games_by_board ON games (category, board_number)",
    """CREATE UNIQUE INDEX one_live_game_per_stage ON games (challenge_id, stage)
        WHERE challenge_id IS NOT NULL AND status != 'abandoned'""",
    "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    f"PRAGMA application_id = {APPLICATION_ID}",
    f"PRAGMA user_version = {SCHEMA_VERSION}",
)

# From format 1: the help used, and a revision per game row.
_UPGRADE_TO_2 = (
    "ALTER TABLE games ADD COLUMN assistance TEXT NOT NULL DEFAULT '[]'",
    "ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0",
    "PRAGMA user_version = 2",
)

_GAME_COLUMNS = (
    "created, updated, preset, category, formula, clear_bonus, penalty, min_group, width, "
    "height, colours, board_type, board_number, board, challenge_id, stage, moves, redo, "
    "practice, reasons, status"
)

# Finished challenges with their derived total and practice flag.
_CHALLENGE_TOTALS = """
    SELECT c.id, c.preset, c.finished, SUM(g.score) AS total, MAX(g.practice) AS practice
    FROM challenges AS c JOIN games AS g ON g.challenge_id = c.id AND g.status = 'finished'
    WHERE c.status = 'finished'
    GROUP BY c.id
"""


class _Facts(NamedTuple):
    """What the opening checks read from a database file."""

    check: tuple[str, ...]
    version: int
    application_id: int
    objects: int


def default_path() -> Path:
    """The database of the current user (or of ``$SAMEGAME_HOME``)."""
    return paths.data_dir() / DB_NAME


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _damaged(path: Path) -> StoreError:
    return StoreError(
        f"{path} is not a samegame database or is damaged; move it away (a new one is "
        f"then started) or set {paths.HOME_VAR} to another folder"
    )


def _newer(path: Path, version: int) -> StoreError:
    return StoreError(
        f"{path} was written by a newer samegame (database format {version}, this version "
        f"reads format {SCHEMA_VERSION}); upgrade samegame or set {paths.HOME_VAR} to "
        "another folder"
    )


def _failure(path: Path, doing: str, error: sqlite3.Error) -> StoreError:
    if getattr(error, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        advice = "another samegame kept it busy; try again"
    else:
        advice = (
            "check that the folder is writable and has space, "
            f"or set {paths.HOME_VAR} to another folder"
        )
    return StoreError(f"could not {doing} {path}: {error}; {advice}")


def _is_damage(error: sqlite3.Error) -> bool:
    name = getattr(error, "sqlite_errorname", "")
    return name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT"))


def _read_facts(connection: sqlite3.Connection, *, quick_check: bool) -> _Facts:
    check: tuple[str, ...] = ("ok",)
    if quick_check:
        check = tuple(str(row[0]) for row in connection.execute("PRAGMA quick_check"))
    version = int(connection.execute("PRAGMA user_version").fetchone()[0])
    application_id = int(connection.execute("PRAGMA application_id").fetchone()[0])
    objects = int(connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0])
    return _Facts(check, version, application_id, objects)


def _is_new(path: Path, facts: _Facts) -> bool:
    """True for a new (empty) database, False for a samegame database of this
    format; StoreError for anything else: damaged, foreign or newer."""
    if facts.check != ("ok",):
        raise _damaged(path)
    if facts.objects == 0 and facts.version == 0 and facts.application_id == 0:
        return True
    if facts.application_id != APPLICATION_ID or facts.version < 1:
        raise _damaged(path)
    if facts.version > SCHEMA_VERSION:
        raise _newer(path, facts.version)
    return False


def _check_existing(path: Path) -> None:
    """Judge an existing file through a read-only connection, so that a damaged,
    foreign or newer file is never written to."""
    uri = f"{path.resolve().as_uri()}?mode=ro"
    try:
        with closing(sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_SECONDS)) as connection:
            facts = _read_facts(connection, quick_check=True)
    except sqlite3.Error as error:
        raise (_damaged(path) if _is_damage(error) else _failure(path, "open", error)) from None
    _is_new(path, facts)


def _make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(
            f"cannot create the folder {folder}: {error.strerror}; "
            f"set {paths.HOME_VAR} to a writable folder"
        ) from None


def _canonical_cells(cells: Sequence[str], what: str) -> list[str]:
    """The cells as a list; ValueError unless each is written like ``C5``."""
    for cell in cells:
        try:
            canonical = format_cell(parse_cell(cell)) == cell
        except CoordinateError:
            canonical = False
        if not canonical:
            raise ValueError(f"{what}: {cell!r} is not a cell written like C5")
    return list(cells)


def _merge_reasons(old: Sequence[str], new: Sequence[str]) -> list[str]:
    return list(dict.fromkeys([*old, *new]))


def _setup_from_row(row: sqlite3.Row) -> GameSetup:
    return GameSetup(
        preset=row["preset"],
        category=row["category"],
        formula=row["formula"],
        clear_bonus=row["clear_bonus"],
        penalty=row["penalty"],
        min_group=row["min_group"],
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
        assistance=tuple(json.loads(row["assistance"])),
    )


def _moment(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def _on_board(cells: Sequence[str], what: str, width: int, height: int) -> None:
    """ValueError unless every canonical cell lies on a ``width`` x ``height`` board."""
    for cell in cells:
        place = parse_cell(cell)
        if not (place.col < width and place.row < height):
            raise ValueError(f"{what}: {cell} is outside the {width}x{height} board")


def _json_cells(text: object, what: str, width: int, height: int) -> tuple[str, ...]:
    """A JSON array of canonical cells on the board, or ValueError saying why."""
    cells = json.loads(str(text))
    if not isinstance(cells, list) or not all(isinstance(c, str) for c in cells):
        raise ValueError(f"{what} are not a list of cells")
    _on_board(_canonical_cells(cells, what), what, width, height)
    return tuple(cells)


def _json_words(text: object, what: str) -> tuple[str, ...]:
    words = json.loads(str(text))
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise ValueError(f"{what} are not a list of words")
    return tuple(words)


def _checked_game(row: sqlite3.Row) -> SavedGame:
    """The game of a row, every field checked: its types, its board against its
    size, its moves as cells inside the board, its times; ValueError or TypeError
    saying what is wrong otherwise."""
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
        finished=_moment(row["finished"]),
        assistance=_json_words(row["assistance"], "help used"),
        revision=int(row["revision"]),
    )


def _same_result(row: sqlite3.Row, result: GameResult) -> bool:
    stored = _result_from_row(row)
    assert stored is not None
    return _result_dict(stored) == _result_dict(result)


def _is_old(facts: _Facts) -> bool:
    return facts.version < SCHEMA_VERSION


def _outcome(ranking: str, score: int, practice: bool, others: sqlite3.Row) -> ScoreOutcome:
    """The outcome of a score given the others' best, count and count above it."""
    previous, count, better = others["best"], int(others["count"]), int(others["better"] or 0)
    if practice:
        return ScoreOutcome(score, ranking, True, False, None, previous, previous, count)
    best = score if previous is None else max(score, previous)
    new_best = previous is None or score > previous
    return ScoreOutcome(score, ranking, False, new_best, better + 1, best, previous, count + 1)


def _sql_limit(limit: int | None) -> int:
    """SQLite's LIMIT for a count or None (all, -1); a negative count is a ValueError."""
    if limit is None:
        return -1
    if limit < 0:
        raise ValueError(f"limit must be 0 or more, not {limit}")
    return limit


def _ranked(
    rows: Sequence[sqlite3.Row], group: str, limit: int | None
) -> Iterator[tuple[int, sqlite3.Row]]:
    """(rank, row) for rows sorted by ``group`` then best score first; at most
    ``limit`` per group (None: all)."""
    count = _sql_limit(limit)
    for _, members in groupby(rows, key=lambda row: row[group]):
        listed = list(members)[: None if count < 0 else count]
        yield from zip(competition_ranks([row["score"] for row in listed]), listed, strict=True)


# -- the store ---------------------------------------------------------------------


class Store:
    """The samegame database. Opening creates the folder and the schema if needed,
    checks an existing file read-only first (quick_check, format version) and
    raises StoreError for a damaged, foreign or newer file, leaving it untouched.
    Every write is one ``BEGIN IMMEDIATE`` transaction; see docs/store.md."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = default_path() if path is None else Path(path)
        _make_folder(self.path.parent)
        if self.path.exists():
            _check_existing(self.path)
        self._connection = self._connect()

    def _connect(self) -> sqlite3.Connection:
        try:
            connection = sqlite3.connect(
                self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None
            )
        except sqlite3.Error as error:
            raise _failure(self.path, "open", error) from None
        connection.row_factory = sqlite3.Row
        try:
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = FULL")
            connection.execute("PRAGMA foreign_keys = ON")
            self._ensure_schema(connection)
        except sqlite3.Error as error:
            connection.close()
            raise _failure(self.path, "set up", error) from None
        except StoreError:
            connection.close()
            raise
        return connection

    def _ensure_schema(self, connection: sqlite3.Connection) -> None:
        """Create the schema in a new database; re-check the format inside the
        write transaction (another process may have created the file meanwhile).
        Taking the write lock here also proves the file is writable."""
        connection.execute("BEGIN IMMEDIATE")
        try:
            facts = _read_facts(connection, quick_check=False)
            if _is_new(self.path, facts):
                for statement in _SCHEMA:
                    connection.execute(statement)
            elif _is_old(facts):
                for statement in _UPGRADE_TO_2:
                    connection.execute(statement)
            else:
                # A real write, so that a read-only file or folder is reported now,
                # when the store is opened, not at the first move.
                connection.execute(f"PRAGMA user_version = {facts.version}")
            connection.execute("COMMIT")
        finally:
            if connection.in_transaction:
                connection.execute("ROLLBACK")

    def close(self) -> None:
        """Close the connection (idempotent); the last one out checkpoints the WAL."""
        self._connection.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    # -- transactions --------------------------------------------------------------

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One short write transaction: the write lock is taken at BEGIN (waiting up
        to the busy timeout), so it never has to be upgraded mid-way; any error
        rolls back and sqlite errors become StoreError."""
        connection = self._connection
        try:
            connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise _failure(self.path, "save to", error) from None
        try:
            yield connection
            connection.execute("COMMIT")
        except sqlite3.Error as error:
            self._rollback()
            raise _failure(self.path, "save to", error) from None
        except BaseException:
            self._rollback()
            raise

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """A read transaction: one consistent snapshot; writers are not blocked."""
        connection = self._connection
        try:
            connection.execute("BEGIN")
            try:
                yield connection
            finally:
                self._rollback()
        except sqlite3.Error as error:
            raise _failure(self.path, "read", error) from None

    def _rollback(self) -> None:
        if self._connection.in_transaction:
            self._connection.execute("ROLLBACK")

    # -- games ---------------------------------------------------------------------

    def start_game(
        self, setup: GameSetup, *, practice: bool = False, reasons: Sequence[str] = ()
    ) -> int:
        """Save a new unfinished game with no moves and return its id. A challenge
        stage needs an unfinished challenge and a stage with no live game
        (NotFoundError, StatusError)."""
        now = _now()
        values = (
            now,
            now,
            setup.preset,
            setup.category,
            setup.formula,
            setup.clear_bonus,
            setup.penalty,
            setup.min_group,
            setup.width,
            setup.height,
            setup.colours,
            setup.board_type,
            setup.board_number,
            setup.board_text,
            setup.challenge_id,
            setup.stage,
            "[]",
            "[]",
            int(practice or bool(reasons)),
            json.dumps(_merge_reasons((), reasons)),
            GameStatus.UNFINISHED.value,
        )
        with self._writing() as db:
            if setup.challenge_id is not None:
                self._claim_stage(db, setup.challenge_id, setup.stage, now)
            cursor = db.execute(
                f"INSERT INTO games ({_GAME_COLUMNS}) VALUES ({', '.join('?' * len(values))})",
                values,
            )
        return cast(int, cursor.lastrowid)

    def _claim_stage(
        self, db: sqlite3.Connection, challenge_id: int, stage: int | None, now: str
    ) -> None:
        row = self._challenge_row(db, challenge_id)
        if row["status"] != GameStatus.UNFINISHED:
            raise StatusError(f"challenge {challenge_id} is {row['status']}; start a new one")
        live = db.execute(
            "SELECT id FROM games WHERE challenge_id = ? AND stage = ? AND status != 'abandoned'",
            (challenge_id, stage),
        ).fetchone()
        if live is not None:
            raise StatusError(
                f"stage {stage} of challenge {challenge_id} is already game {live['id']}; "
                "resume that game"
            )
        db.execute("UPDATE challenges SET updated = ? WHERE id = ?", (now, challenge_id))

    def save_progress(
        self,
        game_id: int,
        moves: Sequence[str],
        redo: Sequence[str],
        practice: bool,
        reasons: Sequence[str],
        assistance: Sequence[str] = (),
        *,
        revision: int | None = None,
    ) -> int:
        """Replace the game's move and redo lists (canonical cells, ValueError
        otherwise) and add to its practice marks and help used, in one
        transaction, and return the game's new revision. Call it after every
        change. A finished game accepts only its own moves; an abandoned one
        nothing (StatusError). With ``revision`` (the one this caller last read or
        saved), a game changed by someone else since is a ConflictError and
        nothing is written."""
        cells = _canonical_cells(moves, "moves")
        redo_cells = _canonical_cells(redo, "redo")
        with self._writing() as db:
            row = self._game_row(db, game_id)
            self._check_revision(row, revision)
            for what, listed in (("moves", cells), ("undone moves", redo_cells)):
                _on_board(listed, what, int(row["width"]), int(row["height"]))
            status = GameStatus(row["status"])
            unchanged = json.loads(row["moves"]) == cells
            if status is GameStatus.ABANDONED or (status is GameStatus.FINISHED and not unchanged):
                raise StatusError(f"game {game_id} is {status}; reopen or start a game to play")
            now = _now()
            db.execute(
                "UPDATE games SET moves = ?, redo = ?, practice = ?, reasons = ?, "
                "assistance = ?, revision = revision + 1, updated = ? WHERE id = ?",
                (
                    json.dumps(cells),
                    json.dumps(redo_cells),
                    int(bool(row["practice"]) or practice or bool(reasons)),
                    json.dumps(_merge_reasons(json.loads(row["reasons"]), reasons)),
                    json.dumps(_merge_reasons(json.loads(row["assistance"]), assistance)),
                    now,
                    game_id,
                ),
            )
            if row["challenge_id"] is not None:
                db.execute(
                    "UPDATE challenges SET updated = ? WHERE id = ?", (now, row["challenge_id"])
                )
        return int(row["revision"]) + 1

    def _check_revision(self, row: sqlite3.Row, revision: int | None) -> None:
        if revision is not None and int(row["revision"]) != revision:
            raise ConflictError(
                int(row["id"]),
                f"game {row['id']} was changed by another samegame since this one saved it",
            )

    def finish_game(self, game_id: int, result: GameResult) -> ScoreOutcome:
        """Record the result of an unfinished game whose saved moves number
        ``result.moves`` (ValueError otherwise) and say where it stands in its
        category. Finishing a finished game with the same result changes nothing
        and answers again; with another result it is a StatusError. A stage game
        settles its challenge stage in the same transaction."""
        with self._writing() as db:
            row = self._game_row(db, game_id)
            status = GameStatus(row["status"])
            if status is GameStatus.ABANDONED or (
                status is GameStatus.FINISHED and not _same_result(row, result)
            ):
                raise StatusError(f"game {game_id} is {status}; reopen it before finishing again")
            saved = len(json.loads(row["moves"]))
            if saved != result.moves:
                raise ValueError(
                    f"the result counts {result.moves} moves but game {game_id} has {saved} "
                    "saved; save the moves first"
                )
            if status is GameStatus.FINISHED:
                # The same result again: it stands as recorded, practice flag included.
                practice = bool(row["practice"])
            else:
                practice = bool(row["practice"]) or result.practice
                self._record_result(db, game_id, row, result, practice)
            others = db.execute(
                "SELECT MAX(score) AS best, COUNT(*) AS count, SUM(score > ?) AS better "
                "FROM games WHERE status = 'finished' AND practice = 0 AND category = ? "
                "AND id != ?",
                (result.score, row["category"], game_id),
            ).fetchone()
        return _outcome(row["category"], result.score, practice, others)

    def _record_result(
        self,
        db: sqlite3.Connection,
        game_id: int,
        row: sqlite3.Row,
        result: GameResult,
        practice: bool,
    ) -> None:
        now = _now()
        db.execute(
            "UPDATE games SET status = 'finished', points = ?, bonus = ?, "
            "penalty_points = ?, score = ?, remaining = ?, move_count = ?, cleared = ?, "
            "practice = ?, assistance = ?, revision = revision + 1, "
            "finished = COALESCE(finished, ?), updated = ? WHERE id = ?",
            (
                result.points,
                result.bonus,
                result.penalty,
                result.score,
                result.remaining,
                result.moves,
                int(result.cleared),
                int(practice),
                json.dumps(_merge_reasons(json.loads(row["assistance"]), result.assistance)),
                now,
                now,
                game_id,
            ),
        )

    def abandon_game(self, game_id: int, *, revision: int | None = None) -> None:
        """End an unfinished game without a result (StatusError otherwise; with
        ``revision``, ConflictError when someone else changed it since)."""
        with self._writing() as db:
            row = self._game_row(db, game_id)
            self._check_revision(row, revision)
            if row["status"] != GameStatus.UNFINISHED:
                raise StatusError(
                    f"game {game_id} is {row['status']}; only an unfinished game ends"
                )
            db.execute(
                "UPDATE games SET status = 'abandoned', updated = ? WHERE id = ?",
                (_now(), game_id),
            )

    def _read_game(self, row: sqlite3.Row) -> SavedGame:
        """The checked game of a row; DamagedGameError naming it otherwise."""
        try:
            return _checked_game(row)
        except (ValueError, TypeError, KeyError, CoordinateError) as error:
            problem = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise DamagedGameError(int(row["id"]), problem[:200], self.path) from None

    def _game_row(self, db: sqlite3.Connection, game_id: int) -> sqlite3.Row:
        row = db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise NotFoundError(f"there is no saved game {game_id}; see samegame history")
        return cast(sqlite3.Row, row)

    def _games(
        self, where: str, params: tuple[str | int, ...], order: str, limit: int | None = None
    ) -> list[SavedGame]:
        """Games matching a condition, in an order, at most ``limit`` (None: all)."""
        sql = f"SELECT * FROM games WHERE {where} ORDER BY {order} LIMIT ?"
        with self._reading() as db:
            rows = db.execute(sql, (*params, _sql_limit(limit)))
            return [self._read_game(row) for row in rows]

    def load_game(self, game_id: int) -> SavedGame:
        """The saved game with this id (NotFoundError if none)."""
        with self._reading() as db:
            return self._read_game(self._game_row(db, game_id))

    def latest_unfinished(self, preset: str, category: str) -> SavedGame | None:
        """The most recently saved unfinished game of a preset and category, not
        counting challenge stages (they resume through their challenge)."""
        games = self._games(
            "status = 'unfinished' AND preset = ? AND category = ? AND challenge_id IS NULL",
            (preset, category),
            "updated DESC, id DESC",
            limit=1,
        )
        return games[0] if games else None

    def unfinished_games(self) -> list[SavedGame]:
        """Every unfinished game, most recently saved first."""
        return self._games("status = 'unfinished'", (), "updated DESC, id DESC")

    def history(self, limit: int | None = None) -> list[SavedGame]:
        """Finished games (practice included), most recently finished first."""
        return self._games("status = 'finished'", (), "finished DESC, id DESC", limit)

    def unfinished_on_board(
        self, preset: str, category: str, board_number: int
    ) -> SavedGame | None:
        """The most recently saved unfinished game of a preset and category on this
        board number (challenge stages not counted), or None."""
        games = self._games(
            "status = 'unfinished' AND preset = ? AND category = ? AND board_number = ? "
            "AND challenge_id IS NULL",
            (preset, category, board_number),
            "updated DESC, id DESC",
            limit=1,
        )
        return games[0] if games else None

    def has_finished(self, category: str, board_number: int) -> bool:
        """True when a game of this category on this board number was finished."""
        with self._reading() as db:
            row = db.execute(
                "SELECT EXISTS (SELECT 1 FROM games WHERE category = ? AND board_number = ? "
                "AND status = 'finished')",
                (category, board_number),
            ).fetchone()
        return bool(row[0])

    def same_finished(
        self, category: str, board: Sequence[str], moves: Sequence[str]
    ) -> int | None:
        """The id of a finished game of this category on this initial board (rows,
        top first) with exactly these moves, the earliest one, or None: the same
        game played again is the same result, not a second one."""
        with self._reading() as db:
            row = db.execute(
                "SELECT id FROM games WHERE status = 'finished' AND category = ? AND board = ? "
                "AND moves = ? AND challenge_id IS NULL ORDER BY id LIMIT 1",
                (category, "".join(r + "\n" for r in board), json.dumps(list(moves))),
            ).fetchone()
        return None if row is None else int(row["id"])

    def completions(self) -> list[Completion]:
        """Finished games and cleared boards per category (practice included),
        sorted by category."""
        with self._reading() as db:
            rows = db.execute(
                "SELECT category, COUNT(*) AS finished, SUM(cleared) AS cleared FROM games "
                "WHERE status = 'finished' GROUP BY category ORDER BY category"
            ).fetchall()
        return [Completion(r["category"], int(r["finished"]), int(r["cleared"] or 0)) for r in rows]

    def best_scores(self, category: str | None = None, limit: int | None = 10) -> list[ScoreEntry]:
        """The best non-practice scores of a category, or of every category (sorted
        by category, each ranked on its own), at most ``limit`` per category."""
        where = "status = 'finished' AND practice = 0"
        params: tuple[str, ...] = ()
        if category is not None:
            where, params = f"{where} AND category = ?", (category,)
        with self._reading() as db:
            rows = db.execute(
                "SELECT id, score, finished, category, preset, move_count, cleared, board_number "
                f"FROM games WHERE {where} ORDER BY category, score DESC, finished, id",
                params,
            ).fetchall()
        return [
            ScoreEntry(
                rank,
                row["score"],
                row["id"],
                datetime.fromisoformat(row["finished"]),
                row["category"],
                row["preset"],
                row["move_count"],
                bool(row["cleared"]),
                row["board_number"],
            )
            for rank, row in _ranked(rows, "category", limit)
        ]

    # -- challenges ----------------------------------------------------------------

    def start_challenge(self, preset: str) -> int:
        """Save a new unfinished challenge of a preset and return its id."""
        now = _now()
        with self._writing() as db:
            cursor = db.execute(
                "INSERT INTO challenges (preset, status, created, updated) VALUES (?, ?, ?, ?)",
                (preset, GameStatus.UNFINISHED.value, now, now),
            )
        return cast(int, cursor.lastrowid)

    def _challenge_row(self, db: sqlite3.Connection, challenge_id: int) -> sqlite3.Row:
        row = db.execute("SELECT * FROM challenges WHERE id = ?", (challenge_id,)).fetchone()
        if row is None:
            raise NotFoundError(f"there is no saved challenge {challenge_id}; start a new one")
        return cast(sqlite3.Row, row)

    def _stages(self, db: sqlite3.Connection, challenge_id: int) -> tuple[StageRecord, ...]:
        rows = db.execute(
            "SELECT stage, id, status, score, practice FROM games "
            "WHERE challenge_id = ? AND status != 'abandoned' ORDER BY stage",
            (challenge_id,),
        )
        return tuple(
            StageRecord(
                row["stage"],
                row["id"],
                GameStatus(row["status"]),
                row["score"],
                bool(row["practice"]),
            )
            for row in rows
        )

    def load_challenge(self, challenge_id: int) -> SavedChallenge:
        """The saved challenge with this id and its live stage games (NotFoundError)."""
        with self._reading() as db:
            row = self._challenge_row(db, challenge_id)
            return SavedChallenge(
                challenge_id=row["id"],
                preset=row["preset"],
                status=GameStatus(row["status"]),
                created=datetime.fromisoformat(row["created"]),
                updated=datetime.fromisoformat(row["updated"]),
                finished=_moment(row["finished"]),
                stages=self._stages(db, challenge_id),
            )

    def latest_unfinished_challenge(self, preset: str) -> ChallengeProgress | None:
        """Where to resume the most recently saved unfinished challenge of a preset:
        its latest live stage game, finished or not (see ChallengeProgress)."""
        with self._reading() as db:
            row = db.execute(
                "SELECT id FROM challenges WHERE status = 'unfinished' AND preset = ? "
                "ORDER BY updated DESC, id DESC LIMIT 1",
                (preset,),
            ).fetchone()
            if row is None:
                return None
            stages = self._stages(db, row["id"])
        if not stages:
            return ChallengeProgress(row["id"], 0, None)
        return ChallengeProgress(row["id"], stages[-1].stage, stages[-1].game_id)

    def finish_challenge(self, challenge_id: int) -> ScoreOutcome:
        """Close a challenge whose live stage games are all finished (at least one;
        StatusError otherwise) and say where its total stands among the preset's
        challenges. Finishing a finished challenge answers again."""
        with self._writing() as db:
            row = self._challenge_row(db, challenge_id)
            if row["status"] == GameStatus.ABANDONED:
                raise StatusError(f"challenge {challenge_id} was abandoned; start a new one")
            stages = self._stages(db, challenge_id)
            if not stages:
                raise StatusError(f"challenge {challenge_id} has no stage yet; play stage 1 first")
            waiting = [s for s in stages if s.status is not GameStatus.FINISHED]
            if waiting:
                raise StatusError(
                    f"stage {waiting[0].stage} of challenge {challenge_id} is not finished "
                    f"(game {waiting[0].game_id}); finish it first"
                )
            now = _now()
            db.execute(
                "UPDATE challenges SET status = 'finished', finished = COALESCE(finished, ?), "
                "updated = ? WHERE id = ?",
                (now, now, challenge_id),
            )
            total = sum(s.score or 0 for s in stages)
            others = db.execute(
                "SELECT MAX(total) AS best, COUNT(*) AS count, SUM(total > ?) AS better "
                f"FROM ({_CHALLENGE_TOTALS}) WHERE preset = ? AND practice = 0 AND id != ?",
                (total, row["preset"], challenge_id),
            ).fetchone()
        practice = any(s.practice for s in stages)
        return _outcome(row["preset"], total, practice, others)

    def abandon_challenge(self, challenge_id: int) -> None:
        """End an unfinished challenge and its unfinished stage game (StatusError
        when it is not unfinished)."""
        now = _now()
        with self._writing() as db:
            row = self._challenge_row(db, challenge_id)
            if row["status"] != GameStatus.UNFINISHED:
                raise StatusError(f"challenge {challenge_id} is {row['status']}; nothing to end")
            db.execute(
                "UPDATE challenges SET status = 'abandoned', updated = ? WHERE id = ?",
                (now, challenge_id),
            )
            db.execute(
                "UPDATE games SET status = 'abandoned', updated = ? "
                "WHERE challenge_id = ? AND status = 'unfinished'",
                (now, challenge_id),
            )

    def challenge_scores(
        self, preset: str | None = None, limit: int | None = 10
    ) -> list[ChallengeEntry]:
        """The best finished non-practice challenge totals of a preset, or of every
        preset (sorted by preset, each ranked on its own), at most ``limit`` each."""
        where, params = (
            ("WHERE practice = 0", ())
            if preset is None
            else ("WHERE practice = 0 AND preset = ?", (preset,))
        )
        with self._reading() as db:
            rows = db.execute(
                f"SELECT id, preset, finished, total AS score FROM ({_CHALLENGE_TOTALS}) "
                f"{where} ORDER BY preset, total DESC, finished, id",
                params,
            ).fetchall()
            return [
                ChallengeEntry(
                    rank,
                    row["score"],
                    row["id"],
                    datetime.fromisoformat(row["finished"]),
                    row["preset"],
                    tuple(s.score or 0 for s in self._stages(db, row["id"])),
                )
                for rank, row in _ranked(rows, "preset", limit)
            ]

    # -- settings ------------------------------------------------------------------

    def get_setting(self, key: str, default: JSONValue = None) -> JSONValue:
        """The saved value of a setting, or ``default`` when it was never set or its
        saved text is not JSON (damaged)."""
        with self._reading() as db:
            row = db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        if row is None:
            return default
        try:
            return cast(JSONValue, json.loads(row["value"]))
        except (ValueError, TypeError):
            return default  # a damaged value reads as never set; the next save replaces it

    def set_setting(self, key: str, value: JSONValue) -> None:
        """Save a setting; the value comes back as JSON gives it (tuples as lists).
        TypeError or ValueError for a value JSON cannot hold (NaN included)."""
        text = json.dumps(value, allow_nan=False, sort_keys=True)
        with self._writing() as db:
            db.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (key, text))

    def settings(self) -> dict[str, JSONValue]:
        """Every saved setting."""
        with self._reading() as db:
            rows = db.execute("SELECT key, value FROM settings ORDER BY key").fetchall()
        found: dict[str, JSONValue] = {}
        for row in rows:
            try:
                found[row["key"]] = cast(JSONValue, json.loads(row["value"]))
            except (ValueError, TypeError):
                continue  # damaged: reads as never set, as in get_setting
        return found
