"""The store under attack: every table and column of a real database damaged in
every way a hand, a bug or a disk can damage it (types swapped, values nested,
huge, empty or out of range, columns missing or added), then every command that
reads it run on it, each damaged file in its own process (forked from a warm one,
tests/warm.py) with its own SAMEGAME_HOME and a timeout. Each command must end with exit 0 or 5, at most one
``Error:`` or ``Warning:`` line, no traceback, and the damaged row must be left
exactly as it was (nothing a player had is lost); rows a command does not play
must not change either.

The damages are generated from the schema itself (``expected_columns``), so a
column added later is attacked without a change here; ``DAMAGES`` walks every
column with one kind of damage each, in turn, and a hypothesis test draws other
pairs.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import warm
from playkit import child_env
from samegame.core.game import Game
from samegame.core.numbering import make_board
from samegame.core.textboard import write_board
from samegame.plugin.contributions import BoardSpec
from samegame.plugin.host import PluginHost
from samegame.presets import find_preset
from samegame.store import DB_NAME, SavedSetup, Store
from samegame.store.checked import MAX_STORED_TEXT
from samegame.store.schema import TABLES, Column, expected_columns

pytestmark = pytest.mark.slow

TIMEOUT = 120
"""Seconds one damaged file may take for all the commands together."""

COMMANDS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("play", "--preset", "basic", "--accessible"), "board\nquit\n"),
    (("play", "--preset", "challenge", "--accessible"), "quit\n"),
    (("history",), ""),
    (("history", "--format", "json"), ""),
    (("scores",), ""),
    (("scores", "--format", "json"), ""),
    (("presets", "list"), ""),  # reads the settings for its language only
)

# Runs every command in a child process, each on its own standard input, and
# prints one JSON line per command; an exception that escapes ``run`` (a crash)
# is reported with its traceback.
DRIVER = """
import contextlib, io, json, sys, traceback
from samegame.cli.app import run
for args, stdin in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    sys.stdin = io.StringIO(stdin)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = run(args)
        except BaseException:
            code = "crash"
            err.write(traceback.format_exc())
    print(json.dumps({"args": args, "code": code, "err": err.getvalue()}), flush=True)
"""

# -- the database before the attack ----------------------------------------------------

UNFINISHED, FINISHED, OTHER_FINISHED, STAGE_ONE, STAGE_TWO = 1, 2, 3, 4, 5
"""The game rows of the seed database: an unfinished Basic game (the one ``play
--preset basic`` resumes), two finished ones, and a challenge's two stage games
(the first finished, the second in play)."""


def _played(host: PluginHost, rules_of: str, spec: BoardSpec, board_type: str, moves: int) -> Game:
    """A game on board 5 of a spec, its first legal group played ``moves`` times
    (or to the end)."""
    board = make_board(host.generator(board_type), spec, 5).board
    game = Game(board, find_preset(rules_of, host).rules)
    while not game.finished and len(game.move_cells) < moves:
        game.play(game.legal_groups()[0].anchor)
    return game


def _save(store: Store, setup: SavedSetup, game: Game, finish: bool) -> None:
    game_id = store.start_game(setup)
    store.save_progress(game_id, game.move_cells, game.redo_cells, False, ())
    if finish:
        result = game.result()
        assert result is not None, "a finished seed game is played to the end"
        store.finish_game(game_id, result)


def build_seed(path: Path) -> None:
    """A database as samegame leaves it after some play (see UNFINISHED ...)."""
    host = PluginHost(autoload=False)
    with Store(path) as store:
        basic = find_preset("basic", host)
        for size, moves, finish in ((None, 3, False), ("small", 999, True), ("6x6", 999, True)):
            chosen = basic.board_setup(size)
            spec = chosen.spec
            game = _played(host, "basic", spec, chosen.board_type, moves)
            rows = write_board(game.initial).splitlines()
            setup = SavedSetup(
                "basic", basic.rules.variant, spec.width, spec.height, spec.colours,
                chosen.board_type, 5, rows,
            )  # fmt: skip
            _save(store, setup, game, finish)
        challenge = find_preset("challenge", host)
        challenge_id = store.start_challenge("challenge")
        for index, stage in enumerate(challenge.stages):
            spec = BoardSpec(stage.width, stage.height, stage.colours)
            game = _played(host, "challenge", spec, stage.board_type, 999 if index == 0 else 2)
            setup = SavedSetup(
                "challenge", challenge.rules.variant, stage.width, stage.height,
                stage.colours, stage.board_type, 5, write_board(game.initial).splitlines(),
                challenge_id, index,
            )  # fmt: skip
            _save(store, setup, game, index == 0)
        store.set_setting("settings", {"language": "en", "symbols": "letters"})
        finished = store.load_game(FINISHED)
        store.save_review(
            FINISHED, finished.moves, '{"format": "samegame-review/1"}', complete=True
        )


@pytest.fixture(scope="module")
def seed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("seed") / "home"
    build_seed(home / "data" / DB_NAME)
    return home


# -- damages ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Damage:
    """What was done to the file, in words and in SQL; ``row`` is the damaged
    row's table and rowid (after the damage) when one row was changed."""

    name: str
    statements: tuple[str, ...]
    row: tuple[str, int] | None = None


DEEP = "[" * 100_000 + "]" * 100_000
VALUES: dict[str, str] = {
    "text": "'x'",
    "digits as text": "'12'",
    "blob": "X'00FF'",
    "real": "1.5",
    "negative": "-1",
    "zero": "0",
    "huge integer": "9223372036854775807",
    "nested 100,000 deep": f"'{DEEP}'",
    "nested moves": """'[["A1"]]'""",
    "huge text": f"'{'x' * (MAX_STORED_TEXT * 3)}'",
    "huge cell list": "'[" + ",".join(['"A1"'] * 20_000) + "]'",
    "bad time": "'yesterday'",
    "time without zone": "'2026-01-01T10:00:00'",
    "one-field category": "'basic'",
    "JSON object": """'{"a": 1}'""",
    "NULL": "NULL",
}
KINDS = tuple(VALUES)
INTEGER_KINDS = ("negative", "zero", "huge integer")
"""What an INTEGER PRIMARY KEY (the rowid itself) can be made to hold."""

ROWS = {
    "games": (UNFINISHED, FINISHED, STAGE_TWO, STAGE_ONE, OTHER_FINISHED),
    "challenges": (1,),
    "settings": (1,),
    "reviews": (FINISHED,),
}
"""The rowids of the seed's rows, by table."""


def columns() -> list[tuple[str, Column]]:
    return [(table, column) for table in TABLES for column in expected_columns()[table]]


def value_damage(table: str, column: Column, kind: str, which: int) -> Damage:
    """One value of one row changed (CHECK constraints off, as a hand editing the
    file may have them; NOT NULL cannot be turned off, so NULL goes only where
    it may, text elsewhere)."""
    rows = ROWS[table]
    rowid = rows[which % len(rows)]
    if column.primary_key and column.type == "INTEGER":
        kind = kind if kind in INTEGER_KINDS else INTEGER_KINDS[which % len(INTEGER_KINDS)]
    value = VALUES["text"] if kind == "NULL" and column.not_null else VALUES[kind]
    statement = f"UPDATE {table} SET {column.name} = {value} WHERE rowid = {rowid}"
    if column.primary_key and column.type == "INTEGER":
        rowid = int(value)  # the rowid itself was changed
    # A hand editing the file is not held back by the one-live-game-per-stage index.
    unique = ("DROP INDEX IF EXISTS one_live_game_per_stage",) if table == "games" else ()
    return Damage(
        f"{table}.{column.name} of row {rows[which % len(rows)]}: {kind}",
        ("PRAGMA ignore_check_constraints = ON", *unique, statement),
        (table, rowid),
    )


def rebuilt(table: str, keep: list[Column], extra: str = "") -> tuple[str, ...]:
    """The table made again with only ``keep`` and an ``extra`` column declared as
    given (set to 'x' in every row), rows copied."""
    names = ", ".join(column.name for column in keep)
    declared = ", ".join(
        f"{c.name} {c.type}{' NOT NULL' if c.not_null else ''}"
        + (f" DEFAULT {c.default}" if c.default is not None else "")
        + (" PRIMARY KEY" if c.primary_key else "")
        for c in keep
    )
    more = (f", {extra}", ", more", ", 'x'") if extra else ("", "", "")
    return (
        "PRAGMA foreign_keys = OFF",
        f"CREATE TABLE rebuilt ({declared}{more[0]})",
        f"INSERT INTO rebuilt ({names}{more[1]}) SELECT {names}{more[2]} FROM {table}",
        f"DROP TABLE {table}",
        f"ALTER TABLE rebuilt RENAME TO {table}",
    )


def schema_damages() -> Iterator[Damage]:
    for table in TABLES:
        every = list(expected_columns()[table])
        for column in every:
            keep = [c for c in every if c is not column]
            yield Damage(f"{table} without {column.name}", rebuilt(table, keep))
        yield Damage(f"{table} with a column more", (f"ALTER TABLE {table} ADD COLUMN more TEXT",))
        yield Damage(
            f"{table} with a column more that must be set",
            rebuilt(table, every, "more TEXT NOT NULL"),
        )
        loose = [Column(c.name, c.type, False, c.default, c.primary_key) for c in every]
        yield Damage(f"{table} without NOT NULL", rebuilt(table, loose))
    yield Damage("no settings table", ("DROP TABLE settings",))


def _column(table: str, name: str) -> Column:
    return next(column for column in expected_columns()[table] if column.name == name)


DAMAGES = [
    value_damage(table, column, KINDS[index % len(KINDS)], index)
    for index, (table, column) in enumerate(columns())
] + [
    # The damages that once crashed a command, each by name.
    value_damage("games", _column("games", "moves"), "nested moves", 0),
    value_damage("games", _column("games", "moves"), "huge cell list", 0),
    value_damage("games", _column("games", "moves"), "huge text", 0),
    value_damage("games", _column("games", "finished"), "bad time", 1),
    value_damage("games", _column("games", "category"), "one-field category", 1),
    value_damage("games", _column("games", "stage"), "huge integer", 2),
    value_damage("games", _column("games", "stage"), "zero", 2),
    value_damage("settings", _column("settings", "value"), "nested 100,000 deep", 0),
]


# -- the attack ---------------------------------------------------------------------------


def row_snapshot(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, by rowid."""
    with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as db:
        tables = [
            row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        ]
        return {
            table: [
                tuple(row) for row in db.execute(f"SELECT rowid, * FROM {table} ORDER BY rowid")
            ]
            for table in tables
        }


def damaged_copy(seed: Path, home: Path, damage: Damage) -> Path:
    shutil.copytree(seed, home)
    path = home / "data" / DB_NAME
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        for statement in damage.statements:
            db.execute(statement)
    return path


def attack(seed: Path, home: Path, damage: Damage) -> None:
    path = damaged_copy(seed, home, damage)
    before = row_snapshot(path)
    commands = json.dumps([[list(args), stdin] for args, stdin in COMMANDS])
    done = warm.run([commands], code=DRIVER, env=child_env(home), timeout=TIMEOUT)
    assert done.returncode == 0, (damage.name, done.stderr[-2000:])
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(results) == len(COMMANDS), (damage.name, done.stdout[-2000:])
    for result in results:
        said = [line for line in result["err"].splitlines() if line.strip()]
        where = (damage.name, result["args"], result["err"][-3000:])
        assert result["code"] in (0, 5), where
        assert "Traceback" not in result["err"], where
        assert len(said) <= 1, where
        assert all(line.startswith(("Error: ", "Warning: ")) for line in said), where
        if result["code"] == 5:
            assert said, where
            assert said[0].startswith("Error: "), where
    after = row_snapshot(path)
    assert_kept(before, after, damage)


def assert_kept(
    before: dict[str, list[tuple[object, ...]]],
    after: dict[str, list[tuple[object, ...]]],
    damage: Damage,
) -> None:
    """The damaged row is exactly as it was; so is every other row, except the
    games the two ``play`` commands resume and their challenge (saved again when
    they quit), and rows added after."""
    played = {("games", UNFINISHED), ("games", STAGE_TWO), ("challenges", 1)}
    for table, rows in before.items():
        kept = {row[0]: row for row in after.get(table, [])}
        for row in rows:
            place = (table, row[0])
            if place in played and place != damage.row:
                continue
            assert kept.get(row[0]) == row, (damage.name, place)


@pytest.mark.parametrize("damage", DAMAGES, ids=lambda damage: damage.name)
def test_a_damaged_value_is_reported_never_a_crash(
    seed: Path, tmp_path: Path, damage: Damage
) -> None:
    attack(seed, tmp_path / "home", damage)


@pytest.mark.parametrize("damage", list(schema_damages()), ids=lambda damage: damage.name)
def test_a_damaged_schema_is_reported_never_a_crash(
    seed: Path, tmp_path: Path, damage: Damage
) -> None:
    attack(seed, tmp_path / "home", damage)


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(pick=st.tuples(st.sampled_from(columns()), st.sampled_from(KINDS), st.integers(0, 4)))
def test_any_value_damage_is_reported_never_a_crash(
    seed: Path, tmp_path_factory: pytest.TempPathFactory, pick: tuple[tuple[str, Column], str, int]
) -> None:
    (table, column), kind, which = pick
    home = tmp_path_factory.mktemp("drawn") / "home"
    attack(seed, home, value_damage(table, column, kind, which))


def test_the_seed_itself_reads_cleanly(seed: Path, tmp_path: Path) -> None:
    """Without damage every command ends with exit 0 and says nothing on stderr,
    so what the attacks see is the damage's doing."""
    home = tmp_path / "home"
    shutil.copytree(seed, home)
    commands = json.dumps([[list(args), stdin] for args, stdin in COMMANDS])
    done = warm.run([commands], code=DRIVER, env=child_env(home), timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr[-2000:]
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(r["code"], r["err"]) for r in results] == [(0, "")] * len(COMMANDS)


# -- files that are not regular files ------------------------------------------------------


def _not_regular(path: Path, kind: str) -> None:
    if kind == "named pipe":
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    else:
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
        server.close()


@pytest.mark.parametrize("kind", ["named pipe", "directory", "socket"])
@pytest.mark.parametrize("name", [DB_NAME, f"{DB_NAME}-wal", f"{DB_NAME}-journal"])
def test_a_database_that_is_not_a_regular_file_is_refused_at_once(
    seed: Path, tmp_path: Path, name: str, kind: str
) -> None:
    home = tmp_path / "h"  # short: a socket's path is limited to about 100 bytes
    shutil.copytree(seed, home)
    target = home / "data" / name
    target.unlink(missing_ok=True)
    try:
        _not_regular(target, kind)
    except OSError as error:  # a socket path too long here
        pytest.skip(f"cannot make a {kind} here: {error}")
    commands = json.dumps([[list(args), stdin] for args, stdin in COMMANDS])
    done = warm.run([commands], code=DRIVER, env=child_env(home), timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr[-2000:]
    for result in map(json.loads, done.stdout.splitlines()):
        said = result["err"].splitlines()
        if result["args"][0] == "presets":  # needs only the default settings
            assert (result["code"], said) == (0, []), result
            continue
        assert result["code"] == 5, result
        assert len(said) == 1, result
        assert "not a regular file" in said[0], result
