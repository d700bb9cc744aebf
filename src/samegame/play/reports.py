"""What a match reports to the line interface: how a game opened, what a move
changed, and how a finished game (and a challenge stage) stands."""

from __future__ import annotations

from dataclasses import dataclass

from samegame.core.board import Board
from samegame.core.events import Event
from samegame.core.game import GameResult
from samegame.store import ScoreOutcome

__all__ = ["Change", "Finish", "Opening", "StageEnd"]


@dataclass(frozen=True)
class StageEnd:
    """A challenge stage settled: its 1-based number and score, the next stage's
    number (None after the last) and, after the last, the challenge's standing."""

    stage: int
    score: int
    next_stage: int | None
    challenge: ScoreOutcome | None


@dataclass(frozen=True)
class Finish:
    """A game that ended and is recorded: its result and where it stands.
    ``repeated`` is true when these exact moves were recorded before (no new
    result: ``outcome`` is that result's standing)."""

    game_id: int
    result: GameResult
    outcome: ScoreOutcome
    repeated: bool
    stage: StageEnd | None


@dataclass(frozen=True)
class Opening:
    """What starting or resuming a game did, for the announcer."""

    game_id: int
    board: Board
    board_number: int | None
    resumed: bool
    moves: int
    score: int
    challenge_started: int | None = None
    challenge_resumed: int | None = None
    stage: tuple[int, str] | None = None
    practice_replay: bool = False
    kept_game: int | None = None
    kept_result: int | None = None
    finish: Finish | None = None


@dataclass(frozen=True)
class Change:
    """What a move, undo, redo or restart did. ``kept_result`` is the score of a
    finished result that stays recorded while play goes on in a new attempt."""

    events: list[Event]
    kept_result: int | None = None
    finish: Finish | None = None
