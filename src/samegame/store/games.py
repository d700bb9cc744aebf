"""Games: start, save with revision checks, finish (a result is never changed), abandon, read back checked, look up by board, best scores and completions."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import cast

from samegame.core.coords import Cell, CoordinateError
from samegame.core.game import GameResult
from samegame.store.database import Database
from samegame.store.errors import ConflictError, DamagedGameError, StatusError
from samegame.store.models import (
    Completion,
    GameStatus,
    SavedGame,
    SavedSetup,
    ScoreEntry,
    ScoreOutcome,
)
from samegame.store.ranking import ranked, score_outcome, sql_limit
from samegame.store.rows import (
    cells_json,
    challenge_row,
    checked_game,
    game_row,
    merge_reasons,
    now_text,
    on_board,
    same_result,
)
from samegame.store.schema import GAME_COLUMNS


class GameStore:
    """The games of a database: start, save, finish, abandon, read, and the
    best-score tables."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def start_game(
        self, setup: SavedSetup, *, practice: bool = False, reasons: Sequence[str] = ()
    ) -> int:
        """Save a new unfinished game with no moves and return its id. A challenge
        stage needs an unfinished challenge and a stage with no live game
        (NotFoundError, StatusError)."""
        now = now_text()
        variant = setup.variant
        values = (
            now,
            now,
            setup.preset,
            setup.category,
            variant.formula,
            variant.clear_bonus,
            variant.penalty,
            variant.min_group,
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
            json.dumps(merge_reasons((), reasons)),
            GameStatus.UNFINISHED.value,
        )
        with self.database.writing() as db:
            if setup.challenge_id is not None:
                self._claim_stage(db, setup.challenge_id, setup.stage, now)
            cursor = db.execute(
                f"INSERT INTO games ({GAME_COLUMNS}) VALUES ({', '.join('?' * len(values))})",
                values,
            )
        return cast(int, cursor.lastrowid)

    def _claim_stage(
        self, db: sqlite3.Connection, challenge_id: int, stage: int | None, now: str
    ) -> None:
        row = challenge_row(db, challenge_id)
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
        moves: Sequence[Cell],
        redo: Sequence[Cell],
        practice: bool,
        reasons: Sequence[str],
        assistance: Sequence[str] = (),
        *,
        revision: int | None = None,
    ) -> int:
        """Replace the game's move and redo lists (Cell values, TypeError
        otherwise) and add to its practice marks and help used, in one
        transaction, and return the game's new revision. Call it after every
        change. A finished game accepts only its own moves; an abandoned one
        nothing (StatusError). With ``revision`` (the one this caller last read or
        saved), a game changed by someone else since is a ConflictError and
        nothing is written."""
        moves_text = cells_json(moves, "moves")
        redo_text = cells_json(redo, "undone moves")
        with self.database.writing() as db:
            row = game_row(db, game_id)
            self._check_revision(row, revision)
            for what, listed in (("moves", moves), ("undone moves", redo)):
                on_board(listed, what, int(row["width"]), int(row["height"]))
            status = GameStatus(row["status"])
            unchanged = row["moves"] == moves_text
            if status is GameStatus.ABANDONED or (status is GameStatus.FINISHED and not unchanged):
                raise StatusError(f"game {game_id} is {status}; reopen or start a game to play")
            now = now_text()
            db.execute(
                "UPDATE games SET moves = ?, redo = ?, practice = ?, reasons = ?, "
                "assistance = ?, revision = revision + 1, updated = ? WHERE id = ?",
                (
                    moves_text,
                    redo_text,
                    int(bool(row["practice"]) or practice or bool(reasons)),
                    json.dumps(merge_reasons(json.loads(row["reasons"]), reasons)),
                    json.dumps(merge_reasons(json.loads(row["assistance"]), assistance)),
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
        with self.database.writing() as db:
            row = game_row(db, game_id)
            status = GameStatus(row["status"])
            if status is GameStatus.ABANDONED or (
                status is GameStatus.FINISHED and not same_result(row, result)
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
        return score_outcome(row["category"], result.score, practice, others)

    def _record_result(
        self,
        db: sqlite3.Connection,
        game_id: int,
        row: sqlite3.Row,
        result: GameResult,
        practice: bool,
    ) -> None:
        now = now_text()
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
                json.dumps(merge_reasons(json.loads(row["assistance"]), result.assistance)),
                now,
                now,
                game_id,
            ),
        )

    def abandon_game(self, game_id: int, *, revision: int | None = None) -> None:
        """End an unfinished game without a result (StatusError otherwise; with
        ``revision``, ConflictError when someone else changed it since)."""
        with self.database.writing() as db:
            row = game_row(db, game_id)
            self._check_revision(row, revision)
            if row["status"] != GameStatus.UNFINISHED:
                raise StatusError(
                    f"game {game_id} is {row['status']}; only an unfinished game ends"
                )
            db.execute(
                "UPDATE games SET status = 'abandoned', updated = ? WHERE id = ?",
                (now_text(), game_id),
            )

    def _read_game(self, row: sqlite3.Row) -> SavedGame:
        """The checked game of a row; DamagedGameError naming it otherwise."""
        try:
            return checked_game(row)
        except (ValueError, TypeError, KeyError, CoordinateError) as error:
            problem = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise DamagedGameError(int(row["id"]), problem[:200], self.database.path) from None

    def _games(
        self, where: str, params: tuple[str | int, ...], order: str, limit: int | None = None
    ) -> list[SavedGame]:
        """Games matching a condition, in an order, at most ``limit`` (None: all)."""
        sql = f"SELECT * FROM games WHERE {where} ORDER BY {order} LIMIT ?"
        with self.database.reading() as db:
            rows = db.execute(sql, (*params, sql_limit(limit)))
            return [self._read_game(row) for row in rows]

    def load_game(self, game_id: int) -> SavedGame:
        """The saved game with this id (NotFoundError if none)."""
        with self.database.reading() as db:
            return self._read_game(game_row(db, game_id))

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
        with self.database.reading() as db:
            row = db.execute(
                "SELECT EXISTS (SELECT 1 FROM games WHERE category = ? AND board_number = ? "
                "AND status = 'finished')",
                (category, board_number),
            ).fetchone()
        return bool(row[0])

    def same_finished(
        self, category: str, board: Sequence[str], moves: Sequence[Cell]
    ) -> int | None:
        """The id of a finished game of this category on this initial board (rows,
        top first) with exactly these moves, the earliest one, or None: the same
        game played again is the same result, not a second one."""
        with self.database.reading() as db:
            row = db.execute(
                "SELECT id FROM games WHERE status = 'finished' AND category = ? AND board = ? "
                "AND moves = ? AND challenge_id IS NULL ORDER BY id LIMIT 1",
                (category, "".join(r + "\n" for r in board), cells_json(moves, "moves")),
            ).fetchone()
        return None if row is None else int(row["id"])

    def completions(self) -> list[Completion]:
        """Finished games and cleared boards per category (practice included),
        sorted by category."""
        with self.database.reading() as db:
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
        with self.database.reading() as db:
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
            for rank, row in ranked(rows, "category", limit)
        ]
