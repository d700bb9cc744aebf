"""Challenges: start, resume, settle, abandon, and their ranking per preset."""

from __future__ import annotations

import sqlite3
from datetime import datetime
from typing import cast

from samegame.store.database import Database
from samegame.store.errors import StatusError
from samegame.store.models import (
    ChallengeEntry,
    ChallengeProgress,
    GameStatus,
    SavedChallenge,
    ScoreOutcome,
    StageRecord,
)
from samegame.store.ranking import ranked, score_outcome
from samegame.store.rows import challenge_row, moment, now_text
from samegame.store.schema import CHALLENGE_TOTALS


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
        with self.database.reading() as db:
            row = challenge_row(db, challenge_id)
            return SavedChallenge(
                challenge_id=row["id"],
                preset=row["preset"],
                status=GameStatus(row["status"]),
                created=datetime.fromisoformat(row["created"]),
                updated=datetime.fromisoformat(row["updated"]),
                finished=moment(row["finished"]),
                stages=self._stages(db, challenge_id),
            )

    def latest_unfinished_challenge(self, preset: str) -> ChallengeProgress | None:
        """Where to resume the most recently saved unfinished challenge of a preset:
        its latest live stage game, finished or not (see ChallengeProgress)."""
        with self.database.reading() as db:
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
        with self.database.writing() as db:
            row = challenge_row(db, challenge_id)
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
            now = now_text()
            db.execute(
                "UPDATE challenges SET status = 'finished', finished = COALESCE(finished, ?), "
                "updated = ? WHERE id = ?",
                (now, now, challenge_id),
            )
            total = sum(s.score or 0 for s in stages)
            others = db.execute(
                "SELECT MAX(total) AS best, COUNT(*) AS count, SUM(total > ?) AS better "
                f"FROM ({CHALLENGE_TOTALS}) WHERE preset = ? AND practice = 0 AND id != ?",
                (total, row["preset"], challenge_id),
            ).fetchone()
        practice = any(s.practice for s in stages)
        return score_outcome(row["preset"], total, practice, others)

    def abandon_challenge(self, challenge_id: int) -> None:
        """End an unfinished challenge and its unfinished stage game (StatusError
        when it is not unfinished)."""
        now = now_text()
        with self.database.writing() as db:
            row = challenge_row(db, challenge_id)
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
        with self.database.reading() as db:
            rows = db.execute(
                f"SELECT id, preset, finished, total AS score FROM ({CHALLENGE_TOTALS}) "
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
                for rank, row in ranked(rows, "preset", limit)
            ]
