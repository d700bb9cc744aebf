"""The SQLite store: round trips, rankings, practice, results kept for good, board
lookups, completions, challenges, settings, the format 1 upgrade, refusal of damaged
or newer files, concurrency and survival of kill -9."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import closing
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samegame.core.coords import Cell, format_cell, parse_cell
from samegame.core.game import GameResult
from samegame.core.variant import RuleVariant
from samegame.store import (
    DB_NAME,
    SCHEMA_VERSION,
    ChallengeProgress,
    DamagedGameError,
    DamagedSettingError,
    GameStatus,
    JSONValue,
    NotFoundError,
    SavedSetup,
    StatusError,
    Store,
    StoreError,
    competition_ranks,
    paths,
)
from samegame.store.settings import read_setting_only

# -- helpers -------------------------------------------------------------------------


def cells(*names: str) -> tuple[Cell, ...]:
    """Cells by name: ``cells("A1", "B2")``."""
    return tuple(parse_cell(name) for name in names)


def make_setup(
    *,
    preset: str = "basic",
    width: int = 3,
    height: int = 2,
    colours: int = 2,
    clear_bonus: int = 0,
    board_type: str = "solvable",
    board_number: int | None = 1,
    challenge_id: int | None = None,
    stage: int | None = None,
) -> SavedSetup:
    return SavedSetup(
        preset=preset,
        variant=RuleVariant("basic", clear_bonus, "none", 2),
        width=width,
        height=height,
        colours=colours,
        board_type=board_type,
        board_number=board_number,
        board=["RB."[i % 3] * width for i in range(height)],
        challenge_id=challenge_id,
        stage=stage,
    )


def result(score: int, *, moves: int = 0, practice: bool = False) -> GameResult:
    return GameResult(
        points=score - 7,
        bonus=10,
        penalty=3,
        score=score,
        remaining=4,
        moves=moves,
        cleared=False,
        practice=practice,
    )


def finished(store: Store, score: int, setup: SavedSetup | None = None, **kwargs: bool) -> int:
    """Start and finish a game with no moves; returns its id."""
    game = store.start_game(setup or make_setup())
    store.finish_game(game, result(score, **kwargs))
    return game


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "data" / DB_NAME


@pytest.fixture
def store(db: Path) -> Iterator[Store]:
    with Store(db) as opened:
        yield opened


# -- pure functions ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scores", "ranks"),
    [
        ([50, 40, 40, 10], [1, 2, 2, 4]),
        ([7, 7, 7], [1, 1, 1]),
        ([9, 8, 8, 8, 1], [1, 2, 2, 2, 5]),
        ([], []),
    ],
)
def test_competition_ranks(scores: list[int], ranks: list[int]) -> None:
    assert competition_ranks(scores) == ranks


def test_a_setups_category_is_its_variants_on_its_boards() -> None:
    setup = make_setup(width=3, height=2, colours=2, clear_bonus=1000, board_type="random")
    assert setup.category == "3x2/2/basic/1000/none/2/random"
    assert setup.category == setup.variant.category_key(3, 2, 2, "random")
    assert list(setup.to_dict())[:6] == [
        "preset",
        "category",
        "formula",
        "clear_bonus",
        "penalty",
        "min_group",
    ]


def test_setup_checks_its_names_board_and_stage() -> None:
    good = make_setup()
    with pytest.raises(ValueError, match="category key"):
        replace(good, board_type="a/b")
    with pytest.raises(ValueError, match="category key"):
        replace(good, variant=RuleVariant("", 0, "none", 2))
    with pytest.raises(ValueError, match="rows"):
        replace(good, board=["RB", "RB"])
    with pytest.raises(ValueError, match="both"):
        replace(good, stage=0)


def test_a_row_whose_category_disagrees_with_its_setup_is_damaged(store: Store, db: Path) -> None:
    game = store.start_game(make_setup())
    with closing(sqlite3.connect(db)) as raw:
        raw.execute(
            "UPDATE games SET category = ? WHERE id = ?", ("3x2/2/basic/0/none/2/random", game)
        )
        raw.commit()
    with pytest.raises(DamagedGameError, match="disagrees with the setup"):
        store.load_game(game)


def test_store_error_is_one_line() -> None:
    assert str(StoreError("first\nsecond\r\nthird")) == "first second third"


# -- games -----------------------------------------------------------------------------


def test_a_started_game_reads_back(store: Store) -> None:
    setup = make_setup(board_number=None)
    game = store.start_game(setup, practice=False, reasons=["replay"])
    saved = store.load_game(game)
    assert saved.game_id == game
    assert saved.setup == setup
    assert saved.setup.board == setup.board
    assert (saved.moves, saved.redo) == ((), ())
    assert (saved.practice, saved.reasons) == (True, ("replay",))
    assert saved.status is GameStatus.UNFINISHED
    assert saved.result is None
    assert saved.finished is None
    assert saved.created.utcoffset() == timedelta(0)
    assert saved.updated == saved.created


def test_progress_reads_back_and_practice_is_sticky(store: Store) -> None:
    game = store.start_game(make_setup())
    store.save_progress(game, cells("C2", "A1"), cells("B2"), False, [])
    saved = store.load_game(game)
    assert (saved.moves, saved.redo, saved.practice) == (cells("C2", "A1"), cells("B2"), False)
    assert saved.updated > saved.created
    store.save_progress(game, cells("C2"), (), True, ["undo"])
    store.save_progress(game, cells("C2", "C1"), (), False, ["hint", "undo"])
    saved = store.load_game(game)
    assert saved.moves == cells("C2", "C1")
    assert (saved.practice, saved.reasons) == (True, ("undo", "hint"))


@pytest.mark.parametrize("cell", ["D1", "A3", "Z9"])
def test_progress_takes_only_cells_on_the_board(store: Store, cell: str) -> None:
    game = store.start_game(make_setup())  # 3 columns, 2 rows
    with pytest.raises(ValueError, match="outside the 3x2 board"):
        store.save_progress(game, cells("A1", cell), (), False, [])
    assert store.load_game(game).moves == ()


@pytest.mark.parametrize("cell", ["C5", (0, 0), Cell(-1, 0), Cell(0, -2), None])
def test_progress_takes_only_cell_values(store: Store, cell: object) -> None:
    game = store.start_game(make_setup())
    with pytest.raises((TypeError, ValueError), match=r"Cell|not on any board"):
        store.save_progress(game, [Cell(0, 0), cell], (), False, [])  # type: ignore[list-item]
    assert store.load_game(game).moves == ()


@pytest.mark.parametrize("text", ["c1", "A 1", "1A", "A0", "AA1", ""])
def test_a_row_whose_moves_are_not_canonical_names_is_damaged(
    store: Store, db: Path, text: str
) -> None:
    game = store.start_game(make_setup())
    with closing(sqlite3.connect(db)) as raw:
        raw.execute("UPDATE games SET moves = ? WHERE id = ?", (json.dumps(["A1", text]), game))
        raw.commit()
    with pytest.raises(DamagedGameError, match="written like C5"):
        store.load_game(game)


def test_unknown_ids_are_not_found(store: Store) -> None:
    with pytest.raises(NotFoundError, match="no saved game 42"):
        store.load_game(42)
    with pytest.raises(NotFoundError):
        store.save_progress(42, (), (), False, [])
    with pytest.raises(NotFoundError, match="no saved challenge 9"):
        store.finish_challenge(9)


def test_a_finished_game_reads_back_with_its_result(store: Store) -> None:
    game = store.start_game(make_setup())
    store.save_progress(game, cells("A1", "B1"), (), False, [])
    outcome = store.finish_game(game, result(30, moves=2))
    saved = store.load_game(game)
    assert saved.status is GameStatus.FINISHED
    assert saved.result == result(30, moves=2)
    assert saved.finished is not None
    assert saved.finished >= saved.created
    assert outcome.to_dict() == {
        "score": 30,
        "ranking": saved.setup.category,
        "practice": False,
        "new_best": True,
        "rank": 1,
        "best_score": 30,
        "previous_best": None,
        "entries": 1,
    }
    data = json.loads(json.dumps(saved.to_dict()))
    assert data["result"]["score"] == 30
    assert data["moves"] == ["A1", "B1"]
    assert data["setup"]["board"] == list(saved.setup.board)
    assert data["status"] == "finished"


def test_finish_checks_the_saved_moves_and_is_idempotent(store: Store) -> None:
    game = store.start_game(make_setup())
    store.save_progress(game, cells("A1"), (), False, [])
    with pytest.raises(ValueError, match="save the moves first"):
        store.finish_game(game, result(5, moves=2))
    first = store.finish_game(game, result(5, moves=1))
    when = store.load_game(game).finished
    assert store.finish_game(game, result(5, moves=1)) == first
    assert store.load_game(game).finished == when
    with pytest.raises(StatusError, match="reopen"):
        store.finish_game(game, result(6, moves=1))
    assert store.load_game(game).result == result(5, moves=1)


def test_a_finished_game_keeps_its_moves(store: Store) -> None:
    game = store.start_game(make_setup())
    store.save_progress(game, cells("A1"), (), False, [])
    store.finish_game(game, result(5, moves=1))
    store.save_progress(game, cells("A1"), (), False, [])  # a save after a query: no change
    with pytest.raises(StatusError, match="finished"):
        store.save_progress(game, (), cells("A1"), False, [])
    assert store.load_game(game).moves == cells("A1")


def test_an_abandoned_game_takes_nothing(store: Store) -> None:
    game = store.start_game(make_setup())
    store.abandon_game(game)
    assert store.load_game(game).status is GameStatus.ABANDONED
    with pytest.raises(StatusError):
        store.save_progress(game, cells("A1"), (), False, [])
    with pytest.raises(StatusError):
        store.finish_game(game, result(1))
    with pytest.raises(StatusError):
        store.abandon_game(game)


# -- rankings ----------------------------------------------------------------------


def test_ties_share_a_rank(store: Store) -> None:
    outcomes = [
        store.finish_game(store.start_game(make_setup()), result(score))
        for score in (40, 10, 50, 40)
    ]
    assert [o.rank for o in outcomes] == [1, 2, 1, 2]
    assert [o.new_best for o in outcomes] == [True, False, True, False]
    assert outcomes[3].best_score == 50
    assert outcomes[3].previous_best == 50
    assert outcomes[3].entries == 4
    entries = store.best_scores(make_setup().category)
    assert [(e.rank, e.score) for e in entries] == [(1, 50), (2, 40), (2, 40), (4, 10)]
    assert entries[1].game_id < entries[2].game_id  # the earlier finish first
    assert json.loads(json.dumps(entries[0].to_dict()))["rank"] == 1


def test_an_equal_score_is_not_a_new_best(store: Store) -> None:
    finished(store, 50)
    outcome = store.finish_game(store.start_game(make_setup()), result(50))
    assert (outcome.new_best, outcome.rank, outcome.previous_best) == (False, 1, 50)


def test_practice_never_becomes_best(store: Store) -> None:
    finished(store, 20)
    by_flag = store.start_game(make_setup(), practice=True)
    outcome = store.finish_game(by_flag, result(99))
    assert (outcome.new_best, outcome.rank, outcome.practice) == (False, None, True)
    assert (outcome.best_score, outcome.previous_best, outcome.entries) == (20, 20, 1)
    by_result = store.finish_game(store.start_game(make_setup()), result(98, practice=True))
    assert by_result.new_best is False
    marked = store.start_game(make_setup())
    store.save_progress(marked, (), (), False, ["hint"])
    store.finish_game(marked, result(97))
    assert store.load_game(marked).result == result(97, practice=True)
    assert [e.score for e in store.best_scores()] == [20]


def test_a_practice_game_alone_has_no_best(store: Store) -> None:
    outcome = store.finish_game(store.start_game(make_setup(), practice=True), result(9))
    assert (outcome.new_best, outcome.best_score, outcome.entries) == (False, None, 0)
    assert store.best_scores() == []


def test_categories_are_ranked_separately(store: Store) -> None:
    small, wide = make_setup(), make_setup(width=5)
    for score in (30, 10):
        finished(store, score, small)
    for score in (20, 40, 5):
        finished(store, score, wide)
    new = store.finish_game(store.start_game(small), result(35))
    assert (new.new_best, new.rank, new.previous_best) == (True, 1, 30)
    assert [e.score for e in store.best_scores(small.category)] == [35, 30, 10]
    assert [e.score for e in store.best_scores(wide.category, limit=2)] == [40, 20]
    everything = store.best_scores(limit=2)
    assert [(e.category, e.rank, e.score) for e in everything] == sorted(
        [
            (small.category, 1, 35),
            (small.category, 2, 30),
            (wide.category, 1, 40),
            (wide.category, 2, 20),
        ]
    )
    assert len(store.best_scores(limit=None)) == 6
    with pytest.raises(ValueError, match="limit"):
        store.best_scores(limit=-1)


def test_a_finished_result_cannot_be_changed_or_ended(store: Store) -> None:
    game = store.start_game(make_setup())
    store.save_progress(game, cells("A1", "B1"), (), False, [])
    assert store.finish_game(game, result(60, moves=2)).new_best
    with pytest.raises(StatusError):
        store.save_progress(game, cells("A1"), cells("B1"), False, [])
    with pytest.raises(StatusError):
        store.abandon_game(game)
    with pytest.raises(StatusError):
        store.finish_game(game, result(15, moves=2))
    # The same result again, even from a practice attempt, stands as recorded.
    again = store.finish_game(game, result(60, moves=2, practice=True))
    assert (again.practice, again.rank) == (False, 1)
    assert [e.score for e in store.best_scores()] == [60]
    assert store.load_game(game).status is GameStatus.FINISHED


def test_assistance_and_revision_are_saved(store: Store) -> None:
    game = store.start_game(make_setup())
    assert store.load_game(game).revision == 0
    store.save_progress(game, cells("A1"), (), False, [], ["hint"])
    store.save_progress(game, cells("A1"), (), False, [], ["undo", "hint"])
    saved = store.load_game(game)
    assert (saved.assistance, saved.revision, saved.practice) == (("hint", "undo"), 2, False)
    done = GameResult(1, 0, 0, 1, 4, 1, False, False, ("hint", "undo", "explain"))
    store.finish_game(game, done)
    saved = store.load_game(game)
    assert saved.assistance == ("hint", "undo", "explain")
    assert saved.result is not None
    assert saved.result.assistance == saved.assistance
    assert saved.to_dict()["assistance"] == ["hint", "undo", "explain"]


def test_board_lookups(store: Store) -> None:
    setup = make_setup(board_number=7)
    assert store.unfinished_on_board("basic", setup.category, 7) is None
    first = store.start_game(setup)
    store.start_game(make_setup(board_number=8))
    store.start_game(make_setup(preset="classic", board_number=7))
    found = store.unfinished_on_board("basic", setup.category, 7)
    assert found is not None
    assert found.game_id == first
    assert not store.has_finished(setup.category, 7)
    store.save_progress(first, cells("A1"), (), False, [])
    store.finish_game(first, result(5, moves=1))
    assert store.has_finished(setup.category, 7)
    assert not store.has_finished(setup.category, 8)
    assert store.unfinished_on_board("basic", setup.category, 7) is None
    assert store.same_finished(setup.category, setup.board, cells("A1")) == first
    assert store.same_finished(setup.category, setup.board, cells("B1")) is None
    assert store.same_finished(setup.category, setup.board, ()) is None


def test_completions_count_finished_and_cleared_games(store: Store) -> None:
    assert store.completions() == []
    small, large = make_setup(), make_setup(width=4)
    finished(store, 5, small)
    finished(store, 6, small, practice=True)
    game = store.start_game(large)
    store.finish_game(game, GameResult(1, 1000, 0, 1001, 0, 0, True, False))
    store.start_game(small)  # unfinished: not a completion
    counts = {c.category: (c.finished, c.cleared) for c in store.completions()}
    assert counts == {small.category: (2, 0), large.category: (1, 1)}


def test_a_format_1_database_is_upgraded(db: Path) -> None:
    with Store(db) as store:
        game = store.start_game(make_setup())
        store.save_progress(game, cells("A1"), (), False, [])
    with closing(sqlite3.connect(db)) as raw:  # back to format 1
        raw.execute("ALTER TABLE games DROP COLUMN assistance")
        raw.execute("ALTER TABLE games DROP COLUMN revision")
        raw.execute("DROP TABLE reviews")
        raw.execute("PRAGMA user_version = 1")
        raw.commit()
    with Store(db) as store:
        saved = store.load_game(game)
        assert (saved.moves, saved.assistance, saved.revision) == (cells("A1"), (), 0)
        store.save_progress(game, cells("A1", "B1"), (), False, [], ["hint"])
        assert store.load_game(game).assistance == ("hint",)
    with closing(sqlite3.connect(db)) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3


# -- listings ---------------------------------------------------------------------------


def test_unfinished_games_and_history_newest_first(store: Store) -> None:
    setup = make_setup()
    older = store.start_game(setup)
    newer = store.start_game(setup)
    other_preset = store.start_game(make_setup(preset="classic"))
    store.save_progress(older, cells("A1"), (), False, [])  # the most recently saved
    assert store.latest_unfinished("basic", setup.category).game_id == older  # type: ignore[union-attr]
    assert store.latest_unfinished("basic", make_setup(width=4).category) is None
    assert [g.game_id for g in store.unfinished_games()] == [older, other_preset, newer]
    store.abandon_game(older)
    assert store.latest_unfinished("basic", setup.category).game_id == newer  # type: ignore[union-attr]
    first, second, third = (finished(store, score) for score in (1, 2, 3))
    assert [g.game_id for g in store.history()] == [third, second, first]
    assert [g.game_id for g in store.history(limit=2)] == [third, second]
    assert all(g.status is GameStatus.FINISHED for g in store.history())


def play_challenge(store: Store, scores: list[int], *, practice: bool = False) -> int:
    challenge = store.start_challenge("challenge")
    for stage, score in enumerate(scores):
        setup = make_setup(preset="challenge", challenge_id=challenge, stage=stage)
        game = store.start_game(setup, practice=practice)
        store.finish_game(game, result(score))
    return challenge


def test_a_challenge_resumes_stage_by_stage(store: Store) -> None:
    challenge = store.start_challenge("challenge")
    assert store.latest_unfinished_challenge("challenge") == ChallengeProgress(challenge, 0, None)
    assert store.latest_unfinished_challenge("other") is None
    stage0 = make_setup(preset="challenge", challenge_id=challenge, stage=0)
    first = store.start_game(stage0)
    assert store.latest_unfinished_challenge("challenge") == (challenge, 0, first)
    with pytest.raises(StatusError, match="already game"):
        store.start_game(stage0)
    store.finish_game(first, result(100))
    assert store.latest_unfinished_challenge("challenge") == (challenge, 0, first)
    second = store.start_game(make_setup(preset="challenge", challenge_id=challenge, stage=1))
    with pytest.raises(StatusError, match=r"stage 1 of challenge \d+ is not finished"):
        store.finish_challenge(challenge)
    assert store.latest_unfinished_challenge("challenge") == (challenge, 1, second)
    assert store.latest_unfinished("challenge", stage0.category) is None
    store.finish_game(second, result(50))
    outcome = store.finish_challenge(challenge)
    assert (outcome.score, outcome.ranking, outcome.new_best, outcome.rank) == (
        150,
        "challenge",
        True,
        1,
    )
    assert store.finish_challenge(challenge) == outcome
    assert store.latest_unfinished_challenge("challenge") is None
    saved = store.load_challenge(challenge)
    assert saved.status is GameStatus.FINISHED
    assert saved.finished is not None
    assert [(s.stage, s.score) for s in saved.stages] == [(0, 100), (1, 50)]
    assert (saved.total, saved.practice) == (150, False)
    assert json.loads(json.dumps(saved.to_dict()))["total"] == 150
    with pytest.raises(StatusError, match="finished"):
        store.abandon_game(first)
    with pytest.raises(StatusError, match="finished"):
        store.start_game(make_setup(preset="challenge", challenge_id=challenge, stage=2))


def test_challenge_totals_have_their_own_ranking(store: Store) -> None:
    totals = [sum(s) for s in ([30, 20], [10, 30], [40, 10], [5, 5])]
    ids = [play_challenge(store, scores) for scores in ([30, 20], [10, 30], [40, 10], [5, 5])]
    practice = play_challenge(store, [500, 500], practice=True)
    outcome = store.finish_challenge(practice)
    assert (outcome.practice, outcome.new_best, outcome.rank) == (True, False, None)
    outcomes = [store.finish_challenge(challenge) for challenge in ids]
    assert [o.score for o in outcomes] == totals
    entries = store.challenge_scores("challenge")
    assert [(e.rank, e.score, e.challenge_id) for e in entries] == [
        (1, 50, ids[0]),
        (1, 50, ids[2]),
        (3, 40, ids[1]),
        (4, 10, ids[3]),
    ]
    assert entries[0].stage_scores == (30, 20)
    assert json.loads(json.dumps(entries[0].to_dict()))["stage_scores"] == [30, 20]
    assert store.challenge_scores(limit=1)[0].challenge_id == ids[0]
    assert store.challenge_scores("other") == []
    game_scores = [e.score for e in store.best_scores(limit=None)]
    assert 40 in game_scores  # stage games rank as games of their category,
    assert 50 not in game_scores  # but challenge totals only among challenges


def test_a_challenge_needs_a_finished_stage_and_can_be_abandoned(store: Store) -> None:
    challenge = store.start_challenge("challenge")
    with pytest.raises(StatusError, match="no stage"):
        store.finish_challenge(challenge)
    game = store.start_game(make_setup(preset="challenge", challenge_id=challenge, stage=0))
    store.abandon_challenge(challenge)
    assert store.load_challenge(challenge).status is GameStatus.ABANDONED
    assert store.load_game(game).status is GameStatus.ABANDONED
    assert store.latest_unfinished_challenge("challenge") is None
    with pytest.raises(StatusError, match="abandoned"):
        store.finish_challenge(challenge)
    with pytest.raises(StatusError):
        store.abandon_challenge(challenge)


# -- settings -------------------------------------------------------------------------------


def test_settings_round_trip(store: Store) -> None:
    assert store.get_setting("missing") is None
    assert store.get_setting("missing", {"a": 1}) == {"a": 1}
    values: dict[str, JSONValue] = {"verbosity": "terse", "bell": False, "n": 3, "f": 0.5}
    values |= {"none": None, "nested": {"list": [1, "two", None], "deep": {"x": True}}}
    for key, value in values.items():
        store.set_setting(key, value)
    store.set_setting("n", 4)
    assert store.settings() == {**values, "n": 4}
    with pytest.raises(ValueError, match="JSON"):
        store.set_setting("bad", float("nan"))


def test_settings_persist_in_samegame_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.HOME_VAR, str(tmp_path / "home"))
    with Store() as first:
        first.set_setting("language", "ja")
    assert (tmp_path / "home" / "data" / DB_NAME).is_file()
    with Store() as second:
        assert second.get_setting("language") == "ja"
        assert second.path == tmp_path / "home" / "data" / DB_NAME


# -- opening, refusing ---------------------------------------------------------------------


def test_a_new_database_uses_wal_and_our_format(store: Store, db: Path) -> None:
    with closing(sqlite3.connect(db)) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    connection = store.database.connection
    assert connection.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert connection.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000


def test_an_empty_file_becomes_a_database(db: Path) -> None:
    db.parent.mkdir()
    db.touch()
    with Store(db) as store:
        store.set_setting("k", 1)
    with Store(db) as store:
        assert store.get_setting("k") == 1


def test_a_newer_format_is_refused_and_left_alone(db: Path) -> None:
    with Store(db) as store:
        store.set_setting("keep", "me")
    with closing(sqlite3.connect(db)) as raw:
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = digest(db)
    with pytest.raises(StoreError) as caught:
        Store(db)
    message = str(caught.value)
    assert "newer samegame" in message
    assert "upgrade samegame" in message
    assert paths.HOME_VAR in message
    assert "\n" not in message
    assert digest(db) == before


def corrupt_files() -> Iterator[tuple[str, bytes]]:
    yield "random", bytes(range(256)) * 64
    yield "sqlite-like", b"SQLite format 3\x00" + b"\xff" * 5000


@pytest.mark.parametrize(("name", "content"), list(corrupt_files()))
def test_a_corrupt_file_is_refused_and_left_alone(db: Path, name: str, content: bytes) -> None:
    db.parent.mkdir()
    db.write_bytes(content)
    with pytest.raises(StoreError, match="is not a samegame database or is damaged; move it away"):
        Store(db)
    assert db.read_bytes() == content


@pytest.fixture(scope="module")
def real_database(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bytes of a cleanly closed database of a few pages."""
    path = tmp_path_factory.mktemp("real") / DB_NAME
    with Store(path) as store:
        for number in range(12):
            variant = RuleVariant("basic", 0, "none", 2)
            rows = ["RB" * 13] * 20  # room for the 440 moves of the last game
            setup = SavedSetup("basic", variant, 26, 20, 2, "solvable", number, rows)
            game = store.start_game(setup)
            store.save_progress(game, cells("A1") * 40 * number, (), False, ["why"])
    return path.read_bytes()


@pytest.mark.parametrize("keep", [0.1, 0.3, 0.5, 0.8, 0.95])
def test_a_truncated_database_is_refused_and_left_alone(
    db: Path, real_database: bytes, keep: float
) -> None:
    db.parent.mkdir()
    db.write_bytes(real_database[: int(len(real_database) * keep) // 1024 * 1024])
    before = digest(db)
    with pytest.raises(StoreError, match="damaged"):
        Store(db)
    assert digest(db) == before


def test_another_programs_database_is_refused(db: Path) -> None:
    db.parent.mkdir()
    with closing(sqlite3.connect(db)) as raw:
        raw.execute("CREATE TABLE notes (text TEXT)")
        raw.commit()
    before = digest(db)
    with pytest.raises(StoreError, match="not a samegame database"):
        Store(db)
    assert digest(db) == before


def test_an_unwritable_location_is_an_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="cannot create the folder"):
        Store(blocker / "data" / DB_NAME)
    folder = tmp_path / "folder"
    folder.mkdir()
    with pytest.raises(StoreError, match="is a directory, not a regular file"):
        Store(folder)


# -- processes ----------------------------------------------------------------------------

CHILD_SETUP = """
import sys, time
from pathlib import Path
from samegame.core.coords import parse_cell
from samegame.core.variant import RuleVariant
from samegame.store import SavedSetup, Store
setup = SavedSetup(
    preset="basic", variant=RuleVariant("basic", 0, "none", 2), width=26, height=10,
    colours=2, board_type="solvable", board_number=7, board=["RB" * 13] * 10,
)
"""

CONCURRENT_CHILD = (
    CHILD_SETUP
    + """
sys.stdin.readline()  # start together: both also race to create the database
with Store(Path(sys.argv[1])) as store:
    game = store.start_game(setup)
    moves = []
    for number in range(1, 201):
        moves.append(parse_cell(f"{sys.argv[2]}{1 + number % 2}"))  # cells on the board
        store.save_progress(game, moves, (), False, [])
        assert store.load_game(game).moves == tuple(moves)
print(game, flush=True)
"""
)

KILLED_CHILD = (
    CHILD_SETUP
    + """
store = Store(Path(sys.argv[1]))
game = store.start_game(setup)
print("game", game, flush=True)
moves = []
for number in range(1, 260):
    moves.append(parse_cell(f"A{1 + number % 2}"))
    store.save_progress(game, moves, (), False, [])
    print("saved", number, flush=True)
time.sleep(60)
"""
)


def python(script: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.slow
def test_two_processes_save_at_once_and_lose_nothing(db: Path) -> None:
    children = [python(CONCURRENT_CHILD, str(db), column) for column in "AB"]
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    outputs = [child.communicate(timeout=60) for child in children]
    assert [(child.returncode, err) for child, (_, err) in zip(children, outputs, strict=True)] == [
        (0, ""),
        (0, ""),
    ]
    with Store(db) as store:
        for column, (out, _) in zip("AB", outputs, strict=True):
            saved = store.load_game(int(out))
            assert saved.moves == cells(*(f"{column}{1 + n % 2}" for n in range(1, 201)))


def test_kill_9_after_a_save_loses_nothing(db: Path) -> None:
    wanted = 25
    child = python(KILLED_CHILD, str(db))
    watchdog = threading.Timer(60, child.kill)
    watchdog.start()
    try:
        assert child.stdout is not None
        game = int(child.stdout.readline().split()[1])
        seen = 0
        while seen < wanted:
            line = child.stdout.readline()
            assert line, f"the child stopped early: {child.stderr.read() if child.stderr else ''}"
            seen = int(line.split()[1])
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    finally:
        watchdog.cancel()
    assert child.returncode == -signal.SIGKILL
    wal = db.with_name(db.name + "-wal")
    assert wal.is_file()
    assert wal.stat().st_size > 0
    with Store(db) as store:
        moves = store.load_game(game).moves
    assert len(moves) >= wanted
    assert moves == cells(*(f"A{1 + n % 2}" for n in range(1, len(moves) + 1)))


# -- property: setups and move lists round trip ------------------------------------------------

names = st.text(st.characters(exclude_categories=["Cs"], exclude_characters="/"), min_size=1)
cell_names = st.builds(
    lambda col, row: format_cell((col, row)), st.integers(0, 25), st.integers(0, 98)
)


@st.composite
def setups(draw: st.DrawFn) -> SavedSetup:
    width, height = draw(st.integers(1, 26)), draw(st.integers(1, 30))
    variant = RuleVariant(
        formula=draw(names),
        clear_bonus=draw(st.integers(0, 10**6)),
        penalty=draw(names),
        min_group=draw(st.integers(1, 5)),
    )
    # Columns bottom up, tiles resting on each other: the boards games are played on.
    column = st.text(st.sampled_from("RBGYPOCWK"), max_size=height)
    drawn = sorted((draw(column) for _ in range(width)), key=lambda c: not c)  # empty last
    columns = [tiles.ljust(height, ".") for tiles in drawn]
    rows = ["".join(col[row] for col in columns) for row in reversed(range(height))]
    return SavedSetup(
        preset=draw(st.text(st.characters(exclude_categories=["Cs"]))),
        variant=variant,
        width=width,
        height=height,
        colours=draw(st.integers(1, 9)),
        board_type=draw(names),
        board_number=draw(st.none() | st.integers(0, 10**18 - 1)),
        board=rows,
    )


@pytest.fixture(scope="module")
def shared_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    with Store(tmp_path_factory.mktemp("property") / DB_NAME) as opened:
        yield opened


@settings(max_examples=50)
@given(
    setup=setups(),
    in_challenge=st.booleans(),
    moves=st.lists(cell_names, max_size=40),
    redo=st.lists(cell_names, max_size=10),
    practice=st.booleans(),
    reasons=st.lists(names, max_size=4),
)
def test_setups_and_moves_round_trip(
    shared_store: Store,
    setup: SavedSetup,
    in_challenge: bool,
    moves: list[str],
    redo: list[str],
    practice: bool,
    reasons: list[str],
) -> None:
    if in_challenge:
        challenge = shared_store.start_challenge(setup.preset)
        setup = replace(setup, challenge_id=challenge, stage=3)
    game = shared_store.start_game(setup)

    def on_board(cell: str) -> Cell:  # the store keeps only cells on the board
        place = parse_cell(cell)
        return Cell(place.col % setup.width, place.row % setup.height)

    tiles = setup.width * setup.height  # and no more moves than the board has tiles
    moves_on = [on_board(c) for c in moves][:tiles]
    redo_on = [on_board(c) for c in redo][: tiles - len(moves_on)]
    shared_store.save_progress(game, moves_on, redo_on, practice, reasons)
    saved = shared_store.load_game(game)
    assert saved.setup == setup
    assert (saved.moves, saved.redo) == (tuple(moves_on), tuple(redo_on))
    assert saved.to_dict()["moves"] == [format_cell(c) for c in moves_on]
    assert saved.practice == (practice or bool(reasons))
    assert saved.reasons == tuple(dict.fromkeys(reasons))
    assert json.loads(json.dumps(saved.to_dict()))["setup"] == setup.to_dict()


# -- damaged settings: reported, never replaced ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{not json", "is not JSON"),
        ("[" * 100_000 + "]" * 100_000, "longer than 65,536 characters"),
        ("[" * 40 + "]" * 40, "nested more than 32 deep"),
        ("NaN", "is not JSON"),
        ("1e999", "is not JSON"),
    ],
)
def test_a_damaged_setting_is_reported_and_never_replaced(
    store: Store, db: Path, text: str, problem: str
) -> None:
    store.set_setting("settings", {"language": "en"})
    with closing(sqlite3.connect(db)) as raw:
        raw.execute("UPDATE settings SET value = ? WHERE key = 'settings'", (text,))
        raw.commit()
    for read in (
        lambda: store.get_setting("settings"),
        store.settings,
        lambda: read_setting_only("settings", path=db),
        lambda: store.set_setting("settings", {"language": "ja"}),
    ):
        with pytest.raises(DamagedSettingError, match=problem):
            read()
    with closing(sqlite3.connect(db)) as raw:
        assert raw.execute("SELECT value FROM settings").fetchall() == [(text,)]
    assert store.get_setting("other", 3) == 3  # the other settings read on


def test_a_moves_row_of_millions_of_cells_is_refused_without_reading_it(
    store: Store, db: Path
) -> None:
    game = store.start_game(make_setup())
    with closing(sqlite3.connect(db)) as raw:
        raw.execute(
            "UPDATE games SET moves = '[' || (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL "
            "SELECT i + 1 FROM n WHERE i < 1000000) SELECT group_concat('\"A1\"', ',') FROM n) "
            "|| ']' WHERE id = ?",
            (game,),
        )
        raw.commit()
    with pytest.raises(DamagedGameError, match="longer than 65,536 characters"):
        store.load_game(game)


def test_a_result_is_recorded_though_another_ranked_row_is_damaged(store: Store, db: Path) -> None:
    other = finished(store, 30)
    with closing(sqlite3.connect(db)) as raw:
        raw.execute("PRAGMA ignore_check_constraints = ON")
        raw.execute("UPDATE games SET score = 'lots' WHERE id = ?", (other,))
        raw.commit()
    game = store.start_game(make_setup())
    outcome = store.finish_game(game, result(20))
    assert (outcome.score, outcome.rank, outcome.entries) == (20, 1, 1)  # the damaged one left out
    assert store.load_game(game).result == result(20)
    with pytest.raises(DamagedGameError, match=f"saved game {other} "):
        store.best_scores()
