"""The ``Store`` callers hold: one database connection and the parts that work on it
(games, challenges, settings, reviews), each public method handed to its part.

The parts are composed, not inherited: a ``Database`` owns the connection and its
transactions, and ``GameStore``, ``ChallengeStore`` and ``SettingStore`` each take
it. ``Store`` keeps the methods callers have always called, so a caller needs one
object and one name per operation; the contracts are in the parts' docstrings.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Self

from samegame.core.coords import Cell
from samegame.core.game import GameResult
from samegame.store.challenges import ChallengeStore
from samegame.store.database import Database
from samegame.store.games import GameStore
from samegame.store.models import (
    ChallengeEntry,
    ChallengeProgress,
    Completion,
    JSONValue,
    SavedChallenge,
    SavedGame,
    SavedSetup,
    ScoreEntry,
    ScoreOutcome,
)
from samegame.store.reviews import KeptReview, ReviewStore
from samegame.store.settings import SettingStore


class Store:
    """The samegame database: games, challenges and settings over one connection.
    Opening creates the folder and the schema if needed, checks an existing file
    read-only first (quick_check, format version), upgrades format 1, and raises
    StoreError for a damaged, foreign or newer file, leaving it untouched. Every
    write is one ``BEGIN IMMEDIATE`` transaction; see docs/store.md. For one
    thread; close it (or use ``with``)."""

    def __init__(self, path: Path | None = None) -> None:
        self.database = Database(path)
        self._games = GameStore(self.database)
        self._challenges = ChallengeStore(self.database)
        self._settings = SettingStore(self.database)
        self._reviews = ReviewStore(self.database)

    @property
    def path(self) -> Path:
        """The database file."""
        return self.database.path

    def close(self) -> None:
        """Close the connection (idempotent); the last one out checkpoints the WAL."""
        self.database.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    # -- games (GameStore) -------------------------------------------------------------

    def start_game(
        self, setup: SavedSetup, *, practice: bool = False, reasons: Sequence[str] = ()
    ) -> int:
        """Save a new unfinished game and return its id (``GameStore.start_game``)."""
        return self._games.start_game(setup, practice=practice, reasons=reasons)

    def save_progress(
        self,
        game_id: int,
        moves: Sequence[Cell],
        redo: Sequence[Cell],
        practice: bool,
        reasons: Sequence[str],
        assistance: Sequence[str] = (),
        *,
        revision: int | None = None,
    ) -> int:
        """Replace a game's moves and return its new revision
        (``GameStore.save_progress``)."""
        return self._games.save_progress(
            game_id, moves, redo, practice, reasons, assistance, revision=revision
        )

    def finish_game(self, game_id: int, result: GameResult) -> ScoreOutcome:
        """Record a game's result and say where it stands (``GameStore.finish_game``)."""
        return self._games.finish_game(game_id, result)

    def abandon_game(self, game_id: int, *, revision: int | None = None) -> None:
        """End an unfinished game without a result (``GameStore.abandon_game``)."""
        self._games.abandon_game(game_id, revision=revision)

    def load_game(self, game_id: int) -> SavedGame:
        """The saved game with this id (``GameStore.load_game``)."""
        return self._games.load_game(game_id)

    def latest_unfinished(self, preset: str, category: str) -> SavedGame | None:
        """The game to resume for a preset and category (``GameStore.latest_unfinished``)."""
        return self._games.latest_unfinished(preset, category)

    def unfinished_games(self) -> list[SavedGame]:
        """Every unfinished game, most recently saved first."""
        return self._games.unfinished_games()

    def history(self, limit: int | None = None) -> list[SavedGame]:
        """Finished games, most recently finished first (``GameStore.history``)."""
        return self._games.history(limit)

    def unfinished_on_board(
        self, preset: str, category: str, board_number: int
    ) -> SavedGame | None:
        """The game a numbered board resumes (``GameStore.unfinished_on_board``)."""
        return self._games.unfinished_on_board(preset, category, board_number)

    def has_finished(self, category: str, board_number: int) -> bool:
        """Whether a board was finished before (``GameStore.has_finished``)."""
        return self._games.has_finished(category, board_number)

    def same_finished(
        self, category: str, board: Sequence[str], moves: Sequence[Cell]
    ) -> int | None:
        """The finished game with exactly these moves (``GameStore.same_finished``)."""
        return self._games.same_finished(category, board, moves)

    def completions(self) -> list[Completion]:
        """Finished games and cleared boards per category (``GameStore.completions``)."""
        return self._games.completions()

    def best_scores(self, category: str | None = None, limit: int | None = 10) -> list[ScoreEntry]:
        """The best-score tables (``GameStore.best_scores``)."""
        return self._games.best_scores(category, limit)

    # -- challenges (ChallengeStore) ---------------------------------------------------

    def start_challenge(self, preset: str) -> int:
        """Save a new unfinished challenge and return its id."""
        return self._challenges.start_challenge(preset)

    def load_challenge(self, challenge_id: int) -> SavedChallenge:
        """The saved challenge with this id (``ChallengeStore.load_challenge``)."""
        return self._challenges.load_challenge(challenge_id)

    def latest_unfinished_challenge(
        self, preset: str, stage_count: int | None = None
    ) -> ChallengeProgress | None:
        """Where to resume a preset's challenge of ``stage_count`` stages
        (``ChallengeStore.latest_unfinished_challenge``)."""
        return self._challenges.latest_unfinished_challenge(preset, stage_count)

    def finish_challenge(self, challenge_id: int) -> ScoreOutcome:
        """Close a challenge and say where its total stands
        (``ChallengeStore.finish_challenge``)."""
        return self._challenges.finish_challenge(challenge_id)

    def abandon_challenge(self, challenge_id: int) -> None:
        """End an unfinished challenge (``ChallengeStore.abandon_challenge``)."""
        self._challenges.abandon_challenge(challenge_id)

    def challenge_scores(
        self, preset: str | None = None, limit: int | None = 10
    ) -> list[ChallengeEntry]:
        """The challenge rankings (``ChallengeStore.challenge_scores``)."""
        return self._challenges.challenge_scores(preset, limit)

    # -- settings (SettingStore) -------------------------------------------------------

    def get_setting(self, key: str, default: JSONValue = None) -> JSONValue:
        """A saved setting, or ``default`` (``SettingStore.get_setting``)."""
        return self._settings.get_setting(key, default)

    def set_setting(self, key: str, value: JSONValue) -> None:
        """Save a setting (``SettingStore.set_setting``)."""
        self._settings.set_setting(key, value)

    def settings(self) -> dict[str, JSONValue]:
        """Every saved setting."""
        return self._settings.settings()

    # -- reviews (ReviewStore) ---------------------------------------------------------

    def save_review(
        self, game_id: int, moves: Sequence[Cell], text: str, *, complete: bool
    ) -> None:
        """Keep a game's review (``ReviewStore.save_review``)."""
        self._reviews.save_review(game_id, moves, text, complete=complete)

    def load_review(self, game_id: int, moves: Sequence[Cell]) -> KeptReview | None:
        """A game's kept review of these moves (``ReviewStore.load_review``)."""
        return self._reviews.load_review(game_id, moves)

    def reviewed_games(self) -> frozenset[int]:
        """The games with a complete review (``ReviewStore.reviewed_games``)."""
        return self._reviews.reviewed_games()
