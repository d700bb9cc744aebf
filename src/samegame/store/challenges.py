"""Challenges: start, resume, settle, abandon, and their ranking per preset.

Every row is read through ``rows`` (each value checked): a damaged challenge row
is a ``DamagedChallengeError``, a damaged stage game a ``DamagedGameError``; a
total is summed from the checked stage games, never read from SQL aggregates."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TypeVar, cast

from samegame.store.database import Database
from samegame.store.errors import DamagedChallengeError, DamagedGameError, StatusError
from samegame.store.models import (
    ChallengeEntry,
    ChallengeProgress,
    GameStatus,
    SavedChallenge,
    ScoreOutcome,
    StageRecord,
)
from samegame.store.ranking import ranked, score_outcome, sql_limit
from samegame.store.rows import (
    STAGE_COLUMNS,
    ChallengeFacts,
    Row,
    challenge_row,
    checked_challenge,
    checked_stage,
    now_text,
    selected,
)

_T = TypeVar("_T")


class ChallengeStore:
    """The challenges of a database: stages are games; totals are derived and
    ranked per preset."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def start_challenge(self, preset: str) -> int:
        """Save a new unfinished challenge of a preset and return its id."""
        now = now_text()
        with self.database.writing() as db:
            cursor = db.execute(
                "INSERT INTO challenges (preset, status, created, updated) VALUES (?, ?, ?, ?)",
                (preset, GameStatus.UNFINISHED.value, now, now),
            )
        return cast(int, cursor.lastrowid)

    def _stages(self, db: sqlite3.Connection, challenge_id: int) -> tuple[StageRecord, ...]:
        """The live stage games of a challenge, in stage order, each checked."""
        rows = db.execute(
            f"{selected('games', STAGE_COLUMNS)} "
            "WHERE challenge_id = ? AND status != 'abandoned' ORDER BY stage, id",
            (challenge_id,),
        )
        stages = [self._game(row, checked_stage) for row in rows]
        return tuple(sorted(stages, key=lambda stage: stage.stage))

    def _game(self, row: Row, read: Callable[[Row], _T]) -> _T:
        try:
            return read(row)
        except (ValueError, TypeError) as error:
            game_id = row["id"] if type(row["id"]) is int else 0
            problem = str(error).splitlines()[0][:200]
            raise DamagedGameError(game_id, problem, self.database.path) from None

    def _challenge(self, row: Row) -> ChallengeFacts:
        """The checked facts of a challenge row; DamagedChallengeError otherwise."""
        try:
            return checked_challenge(row)
        except (ValueError, TypeError) as error:
            challenge_id = row["id"] if type(row["id"]) is int else 0
            problem = str(error).splitlines()[0][:200]
            raise DamagedChallengeError(challenge_id, problem, self.database.path) from None

    def load_challenge(self, challenge_id: int) -> SavedChallenge:
        """The saved challenge with this id and its live stage games (NotFoundError)."""
        with self.database.reading() as db:
            facts = self._challenge(challenge_row(db, challenge_id))
            return SavedChallenge(
                challenge_id=facts.challenge_id,
                preset=facts.preset,
                status=facts.status,
                created=facts.created,
                updated=facts.updated,
                finished=facts.finished,
                stages=self._stages(db, challenge_id),
            )

    def latest_unfinished_challenge(
        self, preset: str, stage_count: int | None = None
    ) -> ChallengeProgress | None:
        """Where to resume the most recently saved unfinished challenge of a preset:
        its latest live stage game, finished or not (see ChallengeProgress). With
        ``stage_count`` (the preset's number of stages), a stage game past the
        last stage is a DamagedGameError."""
        with self.database.reading() as db:
            row = db.execute(
                f"{selected('challenges')} WHERE status = 'unfinished' AND preset = ? "
                "ORDER BY updated DESC, id DESC LIMIT 1",
                (preset,),
            ).fetchone()
            if row is None:
                return None
            facts = self._challenge(row)
            stages = self._stages(db, facts.challenge_id)
        if not stages:
            return ChallengeProgress(facts.challenge_id, 0, None)
        last = stages[-1]
        if stage_count is not None and last.stage >= stage_count:
            raise DamagedGameError(
                last.game_id,
                f"stage {last.stage} is not a stage of the {preset} preset "
                f"(0 to {stage_count - 1})",
                self.database.path,
            )
        return ChallengeProgress(facts.challenge_id, last.stage, last.game_id)

    def finish_challenge(self, challenge_id: int) -> ScoreOutcome:
        """Close a challenge whose live stage games are all finished (at least one;
        StatusError otherwise) and say where its total stands among the preset's
        challenges. Finishing a finished challenge answers again."""
        with self.database.writing() as db:
            facts = self._challenge(challenge_row(db, challenge_id))
            if facts.status is GameStatus.ABANDONED:
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
            now = now_text()
            db.execute(
                "UPDATE challenges SET status = 'finished', finished = COALESCE(finished, ?), "
                "updated = ? WHERE id = ?",
                (now, now, challenge_id),
            )
            total = sum(s.score or 0 for s in stages)
            others = [
                entry.score
                for entry in self._totals(db, facts.preset, skip_damaged=True)
                if entry.challenge_id != challenge_id
            ]
        practice = any(s.practice for s in stages)
        return score_outcome(facts.preset, total, practice, others)

    def abandon_challenge(self, challenge_id: int) -> None:
        """End an unfinished challenge and its unfinished stage game (StatusError
        when it is not unfinished)."""
        now = now_text()
        with self.database.writing() as db:
            facts = self._challenge(challenge_row(db, challenge_id))
            if facts.status is not GameStatus.UNFINISHED:
                raise StatusError(f"challenge {challenge_id} is {facts.status}; nothing to end")
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
        sql_limit(limit)
        with self.database.reading() as db:
            entries = self._totals(db, preset)
        entries.sort(key=lambda e: (e.preset, -e.score, e.finished, e.challenge_id))
        return [
            ChallengeEntry(rank, e.score, e.challenge_id, e.finished, e.preset, e.stage_scores)
            for rank, e in ranked(entries, lambda e: e.preset, lambda e: e.score, limit)
        ]

    def _totals(
        self, db: sqlite3.Connection, preset: str | None, *, skip_damaged: bool = False
    ) -> list[ChallengeEntry]:
        """Every finished challenge (of a preset, or of all) with a finished stage and
        no practice stage, its total summed from its checked stage games (rank 0).
        A damaged challenge or stage game is a StoreError, or left out with
        ``skip_damaged`` (when a result is being recorded)."""
        where, params = ("", ()) if preset is None else (" AND preset = ?", (preset,))
        rows = db.execute(f"{selected('challenges')} WHERE status = 'finished'{where}", params)
        entries = []
        for row in rows.fetchall():
            try:
                facts = self._challenge(row)
                stages = [
                    stage
                    for stage in self._stages(db, facts.challenge_id)
                    if stage.status is GameStatus.FINISHED
                ]
            except (DamagedChallengeError, DamagedGameError):
                if skip_damaged:
                    continue
                raise
            if not stages or any(stage.practice for stage in stages) or facts.finished is None:
                continue
            scores = tuple(stage.score or 0 for stage in stages)
            entries.append(
                ChallengeEntry(
                    0, sum(scores), facts.challenge_id, facts.finished, facts.preset, scores
                )
            )
        return entries
