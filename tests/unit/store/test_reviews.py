"""Kept reviews: saved with the moves they are of, found only for those moves,
replaced by the next, marked complete or not; a format 2 file gains the table."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samegame.core.coords import Cell, parse_cell
from samegame.core.variant import RuleVariant
from samegame.store import DB_NAME, SCHEMA_VERSION, NotFoundError, SavedSetup, Store
from samegame.store.reviews import MAX_REVIEW_TEXT


def cells(*names: str) -> tuple[Cell, ...]:
    return tuple(parse_cell(name) for name in names)


SETUP = SavedSetup(
    "basic", RuleVariant("basic", 0, "none", 2), 3, 2, 2, "random", 1, ["RBR", "RBB"]
)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "data" / DB_NAME


@pytest.fixture
def store(db: Path) -> Iterator[Store]:
    with Store(db) as opened:
        yield opened


def test_a_review_is_found_for_the_moves_it_is_of_only(store: Store) -> None:
    game = store.start_game(SETUP)
    store.save_progress(game, cells("A1"), (), False, [])
    assert store.load_review(game, cells("A1")) is None
    store.save_review(game, cells("A1"), "first", complete=False)
    kept = store.load_review(game, cells("A1"))
    assert kept is not None
    assert (kept.text, kept.complete) == ("first", False)
    assert store.load_review(game, cells("A1", "B1")) is None
    assert store.reviewed_games() == frozenset()
    store.save_progress(game, cells("A1", "B1"), (), False, [])
    store.save_review(game, cells("A1", "B1"), "second", complete=True)
    kept = store.load_review(game, cells("A1", "B1"))
    assert kept is not None
    assert (kept.text, kept.complete) == ("second", True)
    assert store.load_review(game, cells("A1")) is None, "replaced, not added"
    assert store.reviewed_games() == frozenset({game})


def test_a_review_of_moves_the_game_no_longer_has_does_not_mark_it(store: Store) -> None:
    game = store.start_game(SETUP)
    store.save_progress(game, cells("A1", "B1"), (), False, [])
    store.save_review(game, cells("A1", "B1"), "whole", complete=True)
    store.save_progress(game, cells("A1"), cells("B1"), False, [])  # undone
    assert store.reviewed_games() == frozenset()


def test_no_review_is_kept_for_a_game_that_is_not_there(store: Store) -> None:
    with pytest.raises(NotFoundError):
        store.save_review(99, (), "text", complete=True)
    with pytest.raises(ValueError, match="at most"):
        store.save_review(store.start_game(SETUP), (), "x" * (MAX_REVIEW_TEXT + 1), complete=True)


def test_a_review_too_long_to_read_is_not_read(store: Store, db: Path) -> None:
    game = store.start_game(SETUP)
    store.save_review(game, (), "short", complete=True)
    with closing(sqlite3.connect(db)) as raw:
        raw.execute("UPDATE reviews SET review = ?", ("x" * (MAX_REVIEW_TEXT + 1),))
        raw.commit()
    assert store.load_review(game, ()) is None


@settings(max_examples=30, deadline=None)
@given(text=st.text(max_size=200), complete=st.booleans())
def test_a_kept_text_comes_back_as_it_was(
    tmp_path_factory: pytest.TempPathFactory, text: str, complete: bool
) -> None:
    with Store(tmp_path_factory.mktemp("kept") / DB_NAME) as store:
        game = store.start_game(SETUP)
        store.save_review(game, (), text, complete=complete)
        kept = store.load_review(game, ())
        assert kept is not None
        assert (kept.text, kept.complete) == (text, complete)


def test_a_format_2_database_gains_the_reviews_table(db: Path) -> None:
    with Store(db) as store:
        game = store.start_game(SETUP)
    with closing(sqlite3.connect(db)) as raw:
        raw.execute("DROP TABLE reviews")
        raw.execute("PRAGMA user_version = 2")
        raw.commit()
    with Store(db) as store:
        store.save_review(game, (), "text", complete=True)
        assert store.reviewed_games() == frozenset({game})
    with closing(sqlite3.connect(db)) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3


def test_a_format_2_file_with_a_reviews_table_is_damaged(db: Path) -> None:
    with Store(db):
        pass
    with closing(sqlite3.connect(db)) as raw:
        raw.execute("PRAGMA user_version = 2")
        raw.commit()
    with pytest.raises(Exception, match="damaged"):
        Store(db)
