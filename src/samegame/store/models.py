"""The records the store takes and gives back: setups, saved games and challenges, score tables, completions; every one has ``to_dict()`` for JSON output."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import NamedTuple, TypeAlias

from samegame.core.coords import Cell, format_cell
from samegame.core.game import GameResult
from samegame.core.variant import RuleVariant

JSONValue: TypeAlias = bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"] | None

# -- records -----------------------------------------------------------------------


class GameStatus(StrEnum):
    """Where a saved game stands."""

    UNFINISHED = "unfinished"
    FINISHED = "finished"
    ABANDONED = "abandoned"


@dataclass(frozen=True)
class SavedSetup:
    """What a saved game was started with: the preset's name, the rule variant, the
    board asked for and the initial board. ``board`` is the initial board in the text
    format (``textboard.write_board``), one string per row, top row first; any
    sequence is kept as a tuple. ``board_number`` is None for a board from a file.
    ``challenge_id`` and ``stage`` (0-based) are both set for a challenge stage or
    both None. ``category`` is the key of the scores it is ranked with
    (``samegame.core.variant.Category``). ValueError for names a category key cannot
    hold, a board that is not ``height`` rows of ``width`` cells, or half a stage."""

    preset: str
    category: str = field(init=False)
    variant: RuleVariant
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
        key = self.variant.category_key(self.width, self.height, self.colours, self.board_type)
        object.__setattr__(self, "category", key)
        if len(self.board) != self.height or any(len(row) != self.width for row in self.board):
            raise ValueError(f"the board must be {self.height} rows of {self.width} cells")
        if (self.challenge_id is None) != (self.stage is None):
            raise ValueError("a challenge stage needs both challenge_id and stage")

    @property
    def board_text(self) -> str:
        """The initial board as ``textboard.read_board`` reads it."""
        return "".join(row + "\n" for row in self.board)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready; the variant's parts side by side with the rest, and ``board``
        a list of rows, as in game records."""
        return {
            "preset": self.preset,
            "category": self.category,
            **self.variant.to_dict(),
            "width": self.width,
            "height": self.height,
            "colours": self.colours,
            "board_type": self.board_type,
            "board_number": self.board_number,
            "board": list(self.board),
            "challenge_id": self.challenge_id,
            "stage": self.stage,
        }


def result_dict(result: GameResult) -> dict[str, object]:
    """A result's fields as saved games show them (``practice`` and ``assistance``
    are the game's own)."""
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
    """A game as saved. ``moves`` and ``redo`` are the canonical tiles of the moves
    (the next move to redo is last); ``result`` is set when the game is finished. Times are UTC."""

    game_id: int
    setup: SavedSetup
    moves: tuple[Cell, ...]
    redo: tuple[Cell, ...]
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
            "moves": [format_cell(cell) for cell in self.moves],
            "redo": [format_cell(cell) for cell in self.redo],
            "practice": self.practice,
            "reasons": list(self.reasons),
            "assistance": list(self.assistance),
            "result": None if self.result is None else result_dict(self.result),
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
