"""Saved games that someone else touched: two `samegame play` on one game (two
sessions in this process, and two real processes), rows
damaged in a valid database, and a database that cannot be written.

Each case keeps every move ever announced, answers with one line naming the game
(exit 5 where the command cannot go on) and leaves other games playable.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from playkit import Outcome, child_env, greedy_moves, lesson_game, run_cli
from samegame.core.coords import parse_cell
from samegame.play import Table
from samegame.play.player_settings import Settings
from samegame.plugin.host import get_host
from samegame.presets import find_preset
from samegame.repl.session import Session
from samegame.store import DB_NAME, Store

LESSON = ("play", "--preset", "lesson", "--accessible")


pytestmark = pytest.mark.usefixtures("isolated_home")


@pytest.fixture
def cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., Outcome]:
    def invoke(*args: str, stdin: str = "") -> Outcome:
        return run_cli(capsys, monkeypatch, args, stdin)

    return invoke


def db_path(tmp_path: Path) -> Path:
    return tmp_path / "home" / "data" / DB_NAME


def two_clicks(cells: list[str]) -> str:
    return "".join(f"{cell}\n{cell}\n" for cell in cells)


# -- two windows, one game ------------------------------------------------------------


def lesson_session(store: Store, **options: object) -> Session:
    host = get_host()
    preset = find_preset("lesson", host)
    setup = preset.board_setup()
    table = Table(preset, preset.rules, setup.board_type, setup.spec, ("--preset", "lesson"))
    session = Session(host=host, table=table, store=store, settings=Settings(), **options)  # type: ignore[arg-type]
    session.start()
    return session


def test_two_windows_on_one_game_keep_the_moves_of_both(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    names = greedy_moves(lesson_game(6), limit=4)
    cells = [parse_cell(name) for name in names]
    with Store(path) as first_store, Store(path) as second_store:
        first = lesson_session(first_store, board_number=6)
        second = lesson_session(second_store, board_number=6)  # resumes the same game
        game = first.game_id
        assert second.game_id == game
        for name in names[:3]:
            first.handle(name)
            first.handle(name)
        assert first_store.load_game(game).moves == tuple(cells[:3])
        # The second window still shows the board before those moves: its move
        # must not overwrite them.
        second.handle(names[0])
        reply = second.handle(names[0])
        assert second.game_id != game
        assert reply.lines[0] == (
            f"Game {game} was changed by another samegame, so your moves go on as game "
            f"{second.game_id}; the other moves stay in game {game} (samegame play --game {game})."
        )
        assert reply.lines[1].startswith("Removed ")
        assert second_store.load_game(game).moves == tuple(cells[:3])
        assert second_store.load_game(second.game_id).moves == (cells[0],)
        # Both go on saving their own game.
        first.handle(names[3])
        first.handle(names[3])
        assert first_store.load_game(game).moves == tuple(cells[:4])
        assert first.game_id == game


# -- damaged rows ---------------------------------------------------------------------

# column, damaged value, what the error says
DAMAGE = {
    "moves not JSON": ("moves", "[A1", "damaged ("),
    "moves not strings": ("moves", "[1, 2]", "moves are not a list of cells"),
    "a move outside the board": ("moves", '["Z9"]', "outside the 7x9 board"),
    "a move that is not a group": (
        "moves",
        '["A1", "A1", "A1", "A1", "A1", "A1", "A1", "A1", "A1", "A1", "A1", "A1", "A1", "A1", "A1", "A1", "A1", "A1", "A1", "A1", "A1"]',
        "not legal",
    ),
    "a bad board": ("board", "RRX\n", "damaged ("),
    "a bad timestamp": ("created", "yesterday", "damaged ("),
    "a category that disagrees": ("category", "1x1/1/basic/0/none/2/random", "category"),
    "a width that disagrees": ("width", 8, "disagrees"),
    "a width that is text": ("width", "seven", "damaged ("),
    "practice reasons not JSON": ("reasons", "{", "damaged ("),
    "help used not a list": ("assistance", '"hint"', "help used are not a list"),
    "redo not a list": ("redo", "{}", "undone moves are not a list of cells"),
}


def damage(path: Path, game: int, column: str, value: object) -> tuple[object, ...]:
    with closing(sqlite3.connect(path)) as raw:
        raw.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, game))
        raw.commit()
        return tuple(raw.execute("SELECT * FROM games WHERE id = ?", (game,)).fetchone())


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_game_is_named_left_alone_and_others_still_play(
    cli, tmp_path: Path, kind: str
) -> None:
    column, value, said = DAMAGE[kind]
    cells = greedy_moves(lesson_game(3), limit=1)
    assert cli(*LESSON, "--board-number", "3", stdin=two_clicks(cells) + "q\n").code == 0
    assert cli(*LESSON, "--board-number", "4", stdin="q\n").code == 0
    games = json.loads(cli("history", "--unfinished", "--format", "json").out)
    damaged = next(g["game_id"] for g in games if g["setup"]["board_number"] == 3)
    other = next(g["game_id"] for g in games if g["setup"]["board_number"] == 4)
    row = damage(db_path(tmp_path), damaged, column, value)

    resumed = cli(*LESSON, "--game", str(damaged), stdin="q\n")
    assert resumed.code == 5, resumed.out
    assert resumed.out == ""
    [line] = resumed.err.splitlines()
    assert line.startswith(f"Error: saved game {damaged} in ")
    assert said in line
    assert "Traceback" not in resumed.err
    # The board number reaches it too: never silently replaced by a new game
    # (unless the damage moved it to another rule set, where it is not looked for).
    by_number = cli(*LESSON, "--board-number", "3", stdin="q\n")
    if column != "category":
        assert by_number.code == 5
        assert f"saved game {damaged}" in by_number.err
    listing = cli("history", "--unfinished")
    if said == "not legal":  # the row reads well; only replaying the moves shows it
        assert listing.code == 0
    else:
        assert listing.code == 5
        assert f"saved game {damaged}" in listing.err
    # Another game still plays, and the damaged row is exactly as it was.
    fine = cli(*LESSON, "--game", str(other), stdin="q\n")
    assert fine.code == 0, fine.err
    with closing(sqlite3.connect(db_path(tmp_path))) as raw:
        assert tuple(raw.execute("SELECT * FROM games WHERE id = ?", (damaged,)).fetchone()) == row


def test_damaged_settings_are_reported_and_never_replaced(cli, tmp_path: Path) -> None:
    assert cli(*LESSON, "--board-number", "1", stdin="verbosity terse\nq\n").code == 0
    with closing(sqlite3.connect(db_path(tmp_path))) as raw:
        raw.execute("UPDATE settings SET value = '{not json'")
        raw.commit()
    played = cli(*LESSON, "--board-number", "1", stdin="verbosity verbose\nq\n")
    assert played.code == 5
    assert played.err.count("\n") == 1
    assert "saved setting 'settings'" in played.err
    assert "DELETE FROM settings" in played.err  # how to start the settings afresh
    with closing(sqlite3.connect(db_path(tmp_path))) as raw:
        assert raw.execute("SELECT value FROM settings").fetchall() == [("{not json",)]
        raw.execute("DELETE FROM settings WHERE key = 'settings'")
        raw.commit()
    assert cli(*LESSON, "--board-number", "1", stdin="verbosity verbose\nq\n").code == 0
    with Store(db_path(tmp_path)) as store:
        assert store.get_setting("settings")["verbosity"] == "verbose"  # type: ignore[index]


# -- a database that cannot be written -------------------------------------------------


def test_a_read_only_database_is_reported_at_start(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert cli(*LESSON, "--board-number", "1", stdin="q\n").code == 0
    real_connect = sqlite3.connect

    def read_only(path: object, *args: object, **kwargs: object) -> sqlite3.Connection:
        # What SQLite does with a file it may not write: open it read-only.
        if kwargs.get("uri"):
            return real_connect(path, *args, **kwargs)  # type: ignore[arg-type]
        uri = f"{Path(str(path)).resolve().as_uri()}?mode=ro"
        return real_connect(uri, *args, uri=True, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sqlite3, "connect", read_only)
    result = cli(*LESSON, "--board-number", "1", stdin="A1\nq\n")
    assert result.code == 5
    assert result.out == ""  # not a word of the game before the error
    [line] = result.err.splitlines()
    assert line.startswith("Error: could not set up ")
    assert "readonly" in line or "read-only" in line


def _moves_saved(path: Path, game: int) -> int:
    if not path.exists():
        return 0
    with closing(sqlite3.connect(path)) as raw:
        try:
            row = raw.execute("SELECT moves FROM games WHERE id = ?", (game,)).fetchone()
        except sqlite3.OperationalError:  # being created by the process
            return 0
    return 0 if row is None else len(json.loads(row[0]))


def _wait(condition: Callable[[], bool], what: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.05)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="pipes to two child processes")
def test_two_play_processes_on_one_game_keep_the_moves_of_both(tmp_path: Path) -> None:
    """The same as above with two real ``samegame play`` processes on one database:
    the first plays moves 1 to 3, the second, which loaded the game after move 1,
    then plays its own move 2: it goes on as a new game, and nothing is lost."""
    home = tmp_path / "home"
    path = db_path(tmp_path)
    names = greedy_moves(lesson_game(6), limit=3)
    command = [sys.executable, "-m", "samegame", *LESSON, "--board-number", "6"]

    def start() -> subprocess.Popen[str]:
        return subprocess.Popen(
            command, env=child_env(home, PYTHONUNBUFFERED="1"), cwd=tmp_path, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )  # fmt: skip

    first = start()
    second: subprocess.Popen[str] | None = None
    try:
        assert first.stdin is not None
        first.stdin.write(two_clicks(names[:1]))
        first.stdin.flush()
        _wait(lambda: _moves_saved(path, 1) == 1, "the first move saved")
        second = start()
        assert second.stdin is not None
        assert second.stdout is not None
        second.stdout.readline()  # its greeting: it has loaded game 1 with one move
        first.stdin.write(two_clicks(names[1:3]))
        first.stdin.flush()
        _wait(lambda: _moves_saved(path, 1) == 3, "the first process's three moves saved")
        second_out, second_err = second.communicate(two_clicks(names[1:2]) + "q\n", timeout=60)
        _first_out, first_err = first.communicate("q\n", timeout=60)
    finally:
        for child in (first, second):
            if child is not None and child.poll() is None:
                child.kill()
                child.communicate()
    assert first.returncode == 0, first_err
    assert second.returncode == 0, second_err
    assert "was changed by another samegame, so your moves go on as game 2" in second_out
    assert "Traceback" not in first_err + second_err
    assert _moves_saved(path, 1) == 3
    assert _moves_saved(path, 2) == 2
