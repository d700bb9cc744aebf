"""Games: start, save with revision checks, finish (a result is never changed),
abandon, read back checked, look up by board, best scores and completions.

Every row is read through ``rows`` (each value checked); a row that does not read
back is a ``DamagedGameError`` naming it, and is never written to."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TypeVar, cast

from samegame.core.coords import Cell
from samegame.core.game import GameResult
from samegame.core.limits import SQLITE_MAX_INTEGER
from samegame.store.checked import Fields
from samegame.store.database import Database
from samegame.store.errors import (
    ConflictError,
    DamagedChallengeError,
    DamagedGameError,
    StatusError,
)
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
    MOST_POINTS,
    SCORE_COLUMNS,
    ChallengeFacts,
    Row,
    cells_json,
    challenge_row,
    checked_challenge,
    checked_game,
    checked_score,
    game_row,
    merge_reasons,
    now_text,
    on_board,
    same_result,
    selected,
)
from samegame.store.schema import GAME_COLUMNS

_T = TypeVar("_T")


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
        challenge = self._challenge(challenge_row(db, challenge_id))
        if challenge.status is not GameStatus.UNFINISHED:
            raise StatusError(f"challenge {challenge_id} is {challenge.status}; start a new one")
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
        otherwise; on the board and together no more than its tiles, ValueError
        otherwise) and add to its practice marks and help used, in one
        transaction, and return the game's new revision. Call it after every
        change. A finished game accepts only its own moves; an abandoned one
        nothing (StatusError). With ``revision`` (the one this caller last read or
        saved), a game changed by someone else since is a ConflictError and
        nothing is written."""
        moves_text = cells_json(moves, "moves")
        redo_text = cells_json(redo, "undone moves")
        with self.database.writing() as db:
            game = self._read_game(game_row(db, game_id))
            self._check_revision(game, revision)
            width, height = game.setup.width, game.setup.height
            for what, listed in (("moves", moves), ("undone moves", redo)):
                on_board(listed, what, width, height)
            if len(moves) + len(redo) > width * height:
                raise ValueError(
                    f"{len(moves)} moves and {len(redo)} undone moves are more than the "
                    f"{width * height} tiles of the board"
                )
            status = game.status
            unchanged = game.moves == tuple(moves)
            if status is GameStatus.ABANDONED or (status is GameStatus.FINISHED and not unchanged):
                raise StatusError(f"game {game_id} is {status}; reopen or start a game to play")
            now = now_text()
            db.execute(
                "UPDATE games SET moves = ?, redo = ?, practice = ?, reasons = ?, "
                "assistance = ?, revision = revision + 1, updated = ? WHERE id = ?",
                (
                    moves_text,
                    redo_text,
                    int(game.practice or practice or bool(reasons)),
                    json.dumps(merge_reasons(game.reasons, reasons)),
                    json.dumps(merge_reasons(game.assistance, assistance)),
                    now,
                    game_id,
                ),
            )
            if game.setup.challenge_id is not None:
                db.execute(
                    "UPDATE challenges SET updated = ? WHERE id = ?",
                    (now, game.setup.challenge_id),
                )
        return game.revision + 1

    def _check_revision(self, game: SavedGame, revision: int | None) -> None:
        if revision is not None and game.revision != revision:
            raise ConflictError(
                game.game_id,
                f"game {game.game_id} was changed by another samegame since this one saved it",
            )

    def finish_game(self, game_id: int, result: GameResult) -> ScoreOutcome:
        """Record the result of an unfinished game whose saved moves number
        ``result.moves`` (ValueError otherwise) and say where it stands in its
        category. Finishing a finished game with the same result changes nothing
        and answers again; with another result it is a StatusError. A stage game
        settles its challenge stage in the same transaction."""
        with self.database.writing() as db:
            game = self._read_game(game_row(db, game_id))
            status = game.status
            if status is GameStatus.ABANDONED or (
                status is GameStatus.FINISHED and not same_result(game, result)
            ):
                raise StatusError(f"game {game_id} is {status}; reopen it before finishing again")
            saved = len(game.moves)
            if saved != result.moves:
                raise ValueError(
                    f"the result counts {result.moves} moves but game {game_id} has {saved} "
                    "saved; save the moves first"
                )
            if status is GameStatus.FINISHED:
                # The same result again: it stands as recorded, practice flag included.
                practice = game.practice
            else:
                practice = game.practice or result.practice
                self._record_result(db, game, result, practice)
            category = game.setup.category
            others = self._ranked_scores(db, category, game_id)
        return score_outcome(category, result.score, practice, others)

    def _ranked_scores(self, db: sqlite3.Connection, category: str, game_id: int) -> list[int]:
        """The scores of the other ranked (finished, not practice) games of a
        category, each checked. A damaged one is left out, so that a result is
        recorded whatever another row holds (``scores`` and ``history`` report
        that row)."""
        rows = db.execute(
            f"{selected('games', ('id', 'score'))} WHERE status = 'finished' AND practice = 0 "
            "AND category = ? AND id != ?",
            (category, game_id),
        )
        scores = []
        for row in rows:
            try:
                scores.append(Fields(row, "game").whole("score", -MOST_POINTS, MOST_POINTS))
            except ValueError:
                continue
        return scores

    def _record_result(
        self,
        db: sqlite3.Connection,
        game: SavedGame,
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
                json.dumps(merge_reasons(game.assistance, result.assistance)),
                now,
                now,
                game.game_id,
            ),
        )

    def abandon_game(self, game_id: int, *, revision: int | None = None) -> None:
        """End an unfinished game without a result (StatusError otherwise; with
        ``revision``, ConflictError when someone else changed it since)."""
        with self.database.writing() as db:
            game = self._read_game(game_row(db, game_id))
            self._check_revision(game, revision)
            if game.status is not GameStatus.UNFINISHED:
                raise StatusError(f"game {game_id} is {game.status}; only an unfinished game ends")
            db.execute(
                "UPDATE games SET status = 'abandoned', updated = ? WHERE id = ?",
                (now_text(), game_id),
            )

    def _read_game(self, row: Row) -> SavedGame:
        """The checked game of a row; DamagedGameError naming it otherwise."""
        return self._checked(row, lambda fields: checked_game(fields.row))

    def _checked(self, row: Row, read: Callable[[Fields], _T]) -> _T:
        """What ``read`` makes of a game row's checked fields; DamagedGameError
        naming the row (by its id, when that reads) for any damage."""
        try:
            return read(Fields(row, "game"))
        except (ValueError, TypeError) as error:
            problem = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise DamagedGameError(_row_id(row), problem[:200], self.database.path) from None

    def _challenge(self, row: Row) -> ChallengeFacts:
        """The checked facts of a challenge row; DamagedChallengeError otherwise."""
        try:
            return checked_challenge(row)
        except (ValueError, TypeError) as error:
            raise DamagedChallengeError(
                _row_id(row), str(error).splitlines()[0][:200], self.database.path
            ) from None

    def _games(
        self, where: str, params: tuple[str | int, ...], order: str, limit: int | None = None
    ) -> list[SavedGame]:
        """Games matching a condition, in an order, at most ``limit`` (None: all)."""
        sql = f"{selected('games')} WHERE {where} ORDER BY {order} LIMIT ?"
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
                f"{selected('games', ('id', 'category', 'cleared'))} "
                "WHERE status = 'finished' ORDER BY category"
            ).fetchall()
        counts: dict[str, list[int]] = {}
        for row in rows:
            category, cleared = self._checked(
                row, lambda fields: (fields.text("category"), fields.flag("cleared"))
            )
            counted = counts.setdefault(category, [0, 0])
            counted[0] += 1
            counted[1] += cleared
        return [Completion(key, finished, cleared) for key, (finished, cleared) in counts.items()]

    def best_scores(self, category: str | None = None, limit: int | None = 10) -> list[ScoreEntry]:
        """The best non-practice scores of a category, or of every category (sorted
        by category, each ranked on its own), at most ``limit`` per category."""
        where = "status = 'finished' AND practice = 0"
        params: tuple[str, ...] = ()
        if category is not None:
            where, params = f"{where} AND category = ?", (category,)
        with self.database.reading() as db:
            rows = db.execute(f"{selected('games', SCORE_COLUMNS)} WHERE {where}", params)
            entries = [
                self._checked(row, lambda fields: checked_score(fields.row, 0)) for row in rows
            ]
        entries.sort(key=lambda e: (e.category, -e.score, e.finished, e.game_id))
        return [
            replace(entry, rank=rank)
            for rank, entry in ranked(entries, lambda e: e.category, lambda e: e.score, limit)
        ]


def _row_id(row: Row) -> int:
    """A row's id as messages name it (0 when the id itself is damaged)."""
    try:
        return Fields(row, "row").whole("id", 1, SQLITE_MAX_INTEGER)
    except ValueError:
        return 0
