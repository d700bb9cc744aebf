"""Kept reviews: one per game, with the moves it is of (a resumed game whose
moves changed has none), and whether it covers every move.

A review is derived from its game and can always be made again, so a kept one
is only a saving of work: ``load_review`` returns its text as kept (at most
``MAX_REVIEW_TEXT`` characters read), and the reader (``samegame.review.stored``)
checks it against the game; one that does not check is made again and replaced.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from samegame.core.coords import Cell
from samegame.store.database import Database
from samegame.store.rows import cells_json, game_row, now_text

MAX_REVIEW_TEXT = 4_000_000
"""The most characters of a kept review read back (a review of a game of 400
moves on the largest board keeps about a megabyte)."""


@dataclass(frozen=True)
class KeptReview:
    """A kept review's text (``samegame.review.stored``'s JSON, unchecked) and
    whether it covers every move of its game."""

    text: str
    complete: bool


class ReviewStore:
    """The reviews kept with the games of a database."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def save_review(
        self, game_id: int, moves: Sequence[Cell], text: str, *, complete: bool
    ) -> None:
        """Keep ``text`` as the review of game ``game_id`` played with ``moves``,
        replacing any review kept before (NotFoundError when there is no such
        game; ValueError for a text over ``MAX_REVIEW_TEXT``)."""
        if len(text) > MAX_REVIEW_TEXT:
            raise ValueError(f"a review is at most {MAX_REVIEW_TEXT} characters")
        moves_text = cells_json(moves, "moves")
        with self.database.writing() as db:
            game_row(db, game_id)
            db.execute(
                "INSERT INTO reviews (game_id, moves, complete, review, updated) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET "
                "moves = excluded.moves, complete = excluded.complete, "
                "review = excluded.review, updated = excluded.updated",
                (game_id, moves_text, int(complete), text, now_text()),
            )

    def load_review(self, game_id: int, moves: Sequence[Cell]) -> KeptReview | None:
        """The review kept for game ``game_id`` when it is of exactly these moves,
        else None (none kept, another line of moves, or a text too long to read)."""
        with self.database.reading() as db:
            row = db.execute(
                "SELECT moves, complete, CASE WHEN length(review) > ? THEN NULL "
                "ELSE review END FROM reviews WHERE game_id = ?",
                (MAX_REVIEW_TEXT, game_id),
            ).fetchone()
        if row is None or row[0] != cells_json(moves, "moves") or not isinstance(row[2], str):
            return None
        return KeptReview(row[2], row[1] == 1)

    def reviewed_games(self) -> frozenset[int]:
        """The games whose kept review covers every move they have now."""
        with self.database.reading() as db:
            rows = db.execute(
                "SELECT reviews.game_id FROM reviews JOIN games "
                "ON games.id = reviews.game_id AND games.moves = reviews.moves "
                "WHERE reviews.complete = 1"
            ).fetchall()
        return frozenset(row[0] for row in rows if isinstance(row[0], int))
