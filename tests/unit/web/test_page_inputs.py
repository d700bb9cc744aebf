"""The page's server on what the store, the page and a preset file give it
(issue 43, items 4 to 6), each a class of inputs:

- a store that cannot be read (garbage bytes, a newer format, a damaged
  unfinished game): the start view answers 400 with the store's one line, as
  opening a game does, never 500, and the file is left exactly as it was;
- a board number or game id of any size or type: 400 with one line saying what
  is allowed, never 500 (the command line refuses the same ids with exit 2);
- a preset whose title and description hold control and format characters: the
  page, the terminal's sentences and ``presets show`` show the same escaped
  words, with none of those characters.
"""

from __future__ import annotations

import sqlite3
import unicodedata
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pagekit import LESSON, page_client, post
from playkit import run_cli
from samegame.core.limits import SQLITE_MAX_INTEGER
from samegame.core.quoting import printable_line
from samegame.plugin.host import get_host
from samegame.presets import find_preset
from samegame.store import DB_NAME, SCHEMA_VERSION, paths
from samegame.store.schema import expected_columns

pytestmark = pytest.mark.usefixtures("isolated_home")

FIXTURES = [HealthCheck.function_scoped_fixture]


def _one_line_refusal(answer: Any) -> str:
    assert answer.status_code == 400, answer.text
    text = answer.json()["error"]
    assert "\n" not in text
    assert "Traceback" not in text
    return str(text)


# -- item 4: a store that cannot be read ------------------------------------------------


def _database() -> Path:
    return paths.data_dir() / DB_NAME


def _a_game() -> None:
    """An unfinished game of the lesson in the store, played by the page."""
    with page_client() as client:
        session = post(client, "/api/games", LESSON).json()["session"]
        post(client, f"/api/games/{session}/command", {"line": "A1"})


GAME_COLUMNS = [column.name for column in expected_columns()["games"] if column.name != "id"]
JUNK = st.one_of(
    st.none(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.binary(max_size=30),
    st.sampled_from(["{}", "[]", '{"rows": 5}', "null", "x" * 5000]),
)


def damage_with(kind: str, data: st.DataObject) -> None:
    """Damage the store of the test's home in one way of ``kind``."""
    path = _database()
    if kind == "garbage":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.draw(st.binary(min_size=100, max_size=4096), label="bytes"))
        return
    _a_game()
    with closing(sqlite3.connect(path)) as db, db:
        if kind == "newer":
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + data.draw(st.integers(1, 99))}")
            return
        column = data.draw(st.sampled_from(GAME_COLUMNS), label="column")
        value = data.draw(JUNK, label="value")
        db.execute("PRAGMA ignore_check_constraints = 1")
        db.execute(f'UPDATE games SET "{column}" = ?', (value,))


@settings(max_examples=60, deadline=None, suppress_health_check=FIXTURES)
@given(kind=st.sampled_from(["garbage", "newer", "game"]), data=st.data())
@pytest.mark.slow
def test_a_store_that_cannot_be_read_is_said_on_the_start_view(
    isolated_home: Path, kind: str, data: st.DataObject
) -> None:
    path = _database()
    if path.parent.exists():
        for old in path.parent.iterdir():
            old.unlink()
    try:
        damage_with(kind, data)
    except sqlite3.Error:
        return  # SQLite itself refused this damage
    before = path.read_bytes()
    with page_client() as client:
        start = client.get("/api/start")
        opened = post(client, "/api/games", LESSON)
    assert start.status_code in (200, 400), start.text
    assert opened.status_code in (200, 400), opened.text
    if start.status_code == 400:
        _one_line_refusal(start)
    if opened.status_code == 400:
        _one_line_refusal(opened)
    if kind == "newer":
        assert start.status_code == 400
    if kind != "game" and start.status_code == 400:
        assert start.json() == opened.json(), "the start view says what opening a game says"
        assert path.read_bytes() == before, "the damaged file is left as it was"


def _a_group_cell(state: dict[str, Any]) -> str | None:
    """A cell of a group the rules remove (the first in reading order), or None."""
    for row in state["rows"]:
        for cell in row:
            if cell is not None and cell["group"] >= 2:
                return str(cell["cell"])
    return None


def _refuse_writes(path: Path) -> None:
    """Every later save of a game fails, as on a full or read-only disk."""
    with closing(sqlite3.connect(path)) as db, db:
        db.execute(
            "CREATE TRIGGER refuse BEFORE UPDATE ON games BEGIN SELECT RAISE(ABORT, 'disk full'); END"
        )


@settings(max_examples=25, deadline=None, suppress_health_check=FIXTURES)
@given(moves=st.integers(0, 3), failing=st.sampled_from(["move", "undo", "hint", "restart"]))
@pytest.mark.slow
def test_a_save_that_fails_closes_the_page_game_and_keeps_every_move_before(
    isolated_home: Path, moves: int, failing: str
) -> None:
    """As ``samegame play`` ends with exit 5 when it cannot save: one line, 503,
    the game closed (``closed``; a later command finds no game), and reopened
    from the start view it stands where the last saved answer left it."""
    path = _database()
    if path.parent.exists():
        for old in path.parent.iterdir():
            old.unlink()
    with page_client() as client:
        opened = post(client, "/api/games", LESSON).json()
        session, state = opened["session"], opened["state"]
        command = f"/api/games/{session}/command"
        for _ in range(moves):
            cell = _a_group_cell(state)
            assert cell is not None
            for line in (cell, cell):  # select, then remove
                state = post(client, command, {"line": line}).json()["state"]
        line = failing
        if failing == "move":
            line = str(_a_group_cell(state))
            post(client, command, {"line": line})  # selected; a selection is not saved
        if failing == "restart" and post(client, command, {"line": line}).json()["question"]:
            line = "y"  # the restart asked first whether to lose the moves
        _refuse_writes(path)
        failed = post(client, command, {"line": line})
        if failed.status_code == 200:
            assert (moves, failing) in ((0, "undo"), (0, "restart")), failed.text
            return  # nothing to save: no move to undo or to lose
        assert failed.status_code == 503, failed.text
        refusal = failed.json()
        assert refusal["closed"] is True
        assert "\n" not in refusal["error"]
        assert "Traceback" not in refusal["error"]
        assert refusal["error"].startswith(f"could not save to {DB_NAME}: disk full;")
        assert post(client, command, {"line": "score"}).status_code == 404
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("DROP TRIGGER refuse")
    with page_client() as client:
        again = post(client, "/api/games", {"game": state["game"]}).json()["state"]
    for key in ("score", "tiles_left", "rows"):
        assert again[key] == state[key], key


# -- item 5: numbers of any size ------------------------------------------------------

NUMBERS = st.one_of(
    st.integers(),
    st.integers(min_value=SQLITE_MAX_INTEGER - 3, max_value=2**70),
    st.sampled_from([2**63, 2**64, -(2**63) - 1, 10**100, -1]),
    st.floats(),
    st.booleans(),
    st.text(max_size=8),
)


@settings(max_examples=120, deadline=None, suppress_health_check=FIXTURES)
@given(number=NUMBERS, key=st.sampled_from(["game", "board_number"]))
@pytest.mark.slow
def test_a_number_out_of_range_is_a_bad_request(number: object, key: str) -> None:
    with page_client() as client:
        answer = post(client, "/api/games", {"preset": "lesson", key: number})
    if isinstance(number, int) and not isinstance(number, bool) and number >= 0:
        assert answer.status_code in (200, 400), answer.text
    else:
        assert answer.status_code == 400, answer.text
    if answer.status_code == 400:
        _one_line_refusal(answer)
    if not (isinstance(number, int) and 0 <= number <= SQLITE_MAX_INTEGER):
        assert str(SQLITE_MAX_INTEGER) in answer.json()["error"]


@pytest.mark.parametrize("number", [2**63, 2**64, 10**30])
@pytest.mark.parametrize("command", [("play",), ("review",)])
def test_the_command_line_refuses_the_same_ids_with_exit_2(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    number: int,
    command: tuple[str, ...],
) -> None:
    ran = run_cli(capsys, monkeypatch, [*command, "--game", str(number)])
    assert ran.code == 2, ran.err
    assert str(SQLITE_MAX_INTEGER) in ran.err


# -- item 6: a preset's own words -------------------------------------------------------

CONTROLS = st.characters(categories=["Cc", "Cf", "Zl", "Zp"])
WORDS = st.text(
    st.one_of(CONTROLS, st.sampled_from("ab \x1b[2J\x07\x00\u202e\u200f")), min_size=1, max_size=40
).filter(lambda text: text.strip() != "")


def _raw(text: str) -> bool:
    return any(
        unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs") and ch != "\n" for ch in text
    )


def _write_preset(title: str, description: str) -> None:
    folder = paths.user_presets_dir()
    folder.mkdir(parents=True, exist_ok=True)
    document = {
        "name": "odd",
        "title": title,
        "description": description,
        "formula": "basic",
        "board_type": "random",
        "colours": [3],
        "sizes": {"small": {"width": 5, "height": 5, "colours": 3}},
        "default_size": "small",
    }
    (folder / "odd.yaml").write_text(yaml.safe_dump(document), encoding="utf-8")


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


@settings(max_examples=40, deadline=None, suppress_health_check=FIXTURES)
@given(title=WORDS, description=WORDS)
@pytest.mark.slow
def test_a_preset_title_reaches_page_and_terminal_escaped_alike(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    title: str,
    description: str,
) -> None:
    _write_preset(title, description)
    preset = find_preset("odd", get_host())
    shown_title = printable_line(preset.title)
    with page_client() as client:
        start = client.get("/api/start").json()
        [listed] = [p for p in start["presets"] if p["name"] == "odd"]
        opened = post(client, "/api/games", {"preset": "odd"}).json()
        session = opened["session"]
        rules = post(client, f"/api/games/{session}/command", {"line": "rules"}).json()
    page = [*_strings(start), *_strings(opened), *_strings(rules)]
    assert not [text for text in page if _raw(text)]
    assert listed["title"] == shown_title
    assert listed["description"] == printable_line(preset.description)
    assert any(shown_title in line for line in rules["lines"])
    played = run_cli(
        capsys, monkeypatch, ["play", "--preset", "odd", "--accessible"], "rules\nquit\n"
    )
    assert not _raw(played.out), played.out
    assert not _raw(played.err), played.err
    terminal = [line for line in played.out.splitlines() if shown_title in line]
    assert len(terminal) >= 2, "the welcome and the rules name it, escaped as the page does"
    shown = run_cli(capsys, monkeypatch, ["presets", "show", "odd"])
    assert shown_title in shown.out
