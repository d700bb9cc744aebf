"""What the page can reach on the server's disk (docs/web.md, "Safety"): only the
presets the server lists are playable; any other value of ``preset`` (a path to a
file that exists or not, ``~``, ``..``, a long string, something that is not text)
gets one answer, the same whether such a file exists or not, and no file is read
for it; and no answer of any route names a folder of the server (its home, its
working folder, samegame's folders, where Python is installed).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from pagekit import LESSON, page_client, post
from samegame.builtins.presets import presets_path
from samegame.store import DB_NAME, paths
from samegame.web.page_text import server_folders, without_paths

BAIT = "bait"
"""The folder (in the working folder and in the home) of files a page must never reach."""

SECRET = "name: secret-value\ntitle: x\nline: [unclosed\n"
"""YAML that would say a ``name:`` and a line and column if it were parsed."""


@pytest.fixture
def world(
    isolated_folder: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[tuple[TestClient, Path]]:
    """A client; a home (``~``) and a working folder, each with a ``bait`` folder of
    files with YAML in them (a real preset's copy among them)."""
    home = tmp_path / "user home"
    monkeypatch.setenv("HOME", str(home))
    for root in (home, tmp_path):
        bait = root / BAIT
        bait.mkdir(parents=True)
        for name in (".bashrc", "notes.yml", "secret.yaml", "passwd"):
            (bait / name).write_text(SECRET, encoding="utf-8")
        shutil.copy(presets_path() / "basic.yaml", bait / "basic.yaml")
        shutil.copy(presets_path() / "lesson.yaml", bait / "copy.yaml")
    with page_client() as client:
        yield client, tmp_path


def _paths(root: str) -> st.SearchStrategy[str]:
    names = st.sampled_from([".bashrc", "notes.yml", "secret.yaml", "passwd", "basic.yaml",
                             "copy.yaml", "missing.yaml", "missing"])  # fmt: skip
    return st.builds(lambda name: f"{root}{BAIT}/{name}", names)


ODD_NAMES = ["~/.bashrc", "~", "..", "../..", "/", "/etc/passwd", "basic.yaml", ".",
             "lesson/../basic", "basic/", " basic", "basic\x00", "\\basic", "BASIC.YML"]  # fmt: skip
PRESET_VALUES = st.one_of(
    _paths("~/"),
    _paths("./"),
    _paths(""),
    _paths("../"),
    _paths("{tmp}/"),
    _paths("{home}/"),
    st.sampled_from(ODD_NAMES),
    st.text(max_size=20),
    st.text(min_size=201, max_size=2000),
    st.integers(),
    st.booleans(),
    st.lists(st.text(max_size=5), max_size=3),
    st.dictionaries(st.text(max_size=5), st.text(max_size=5), max_size=2),
    st.floats(allow_nan=False),
)


def _listed(client: TestClient) -> set[str]:
    return {preset["name"].lower() for preset in client.get("/api/start").json()["presets"]}


def _ask(client: TestClient, preset: object) -> tuple[int, Any]:
    answer = post(client, "/api/games", {"preset": preset, "board_number": 1})
    return answer.status_code, answer.json()


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(value=PRESET_VALUES)
@pytest.mark.slow
def test_only_listed_presets_are_played_and_files_are_never_read(
    world: tuple[TestClient, Path], value: object
) -> None:
    client, tmp_path = world
    home = Path(os.environ["HOME"])
    if isinstance(value, str):
        value = value.replace("{tmp}", str(tmp_path)).replace("{home}", str(home))
    status, first = _ask(client, value)
    if value == "" or (isinstance(value, str) and value.lower() in _listed(client)):
        assert status == 200, first
        return
    assert status == 400, first
    hidden = [root / BAIT for root in (home, tmp_path)]
    for bait in hidden:
        bait.rename(bait.with_name("away"))
    try:
        again = _ask(client, value)
    finally:
        for bait in hidden:
            bait.with_name("away").rename(bait)
    assert again == (status, first), "the answer tells whether the file exists"
    text = first["error"]
    assert "secret" not in text
    assert not re.search(r"line \d|column \d", text)
    assert text == _ask(client, "no-such-preset")[1]["error"], "one answer for every value"


def test_a_listed_preset_is_played_by_its_name_in_any_case(
    world: tuple[TestClient, Path],
) -> None:
    client, _ = world
    listed = _listed(client)
    assert {"basic", "lesson"} <= listed
    for name in ("basic", "LESSON", "Lesson"):
        assert _ask(client, name)[0] == 200


def _segments() -> set[str]:
    """The parts of the server's folders: none may follow a ``/`` in an answer."""
    folders = [Path.home(), Path.cwd(), Path(sys.executable), Path(sys.prefix),
               paths.data_dir(), paths.config_dir()]  # fmt: skip
    parts = {part for folder in folders for part in folder.parts[1:]}
    return {part for part in parts if len(part) > 2}


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _no_folder_named(answers: list[Any]) -> None:
    segments = _segments()
    for answer in answers:
        for text in _strings(answer):
            for part in segments:
                assert f"/{part}" not in text, (part, text)
                assert f"\\{part}" not in text, (part, text)


def test_no_answer_of_a_page_life_names_a_folder_of_the_server(
    isolated_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole life: the start view, two pages on one game (the second is told of
    the first), a question, a quit (it says the command that comes back: here
    the full path of samegame, as when it is not on the PATH), a damaged
    preset in the user's folder, then a damaged store."""
    script = Path(sys.executable).with_name("samegame")
    monkeypatch.setattr(sys, "argv", [str(script)])
    monkeypatch.setenv("PATH", "")
    with page_client() as client:
        answers: list[Any] = [client.get("/api/start").json()]
        one = post(client, "/api/games", LESSON).json()
        two = post(client, "/api/games", {"game": one["state"]["game"]}).json()
        answers += [one, two]
        for session in (one["session"], two["session"], one["session"]):
            for line in ("A1", "remove", "restart", "n", "rules", "help", "quit"):
                answers.append(post(client, f"/api/games/{session}/command", {"line": line}).json())
        said = " ".join(_strings(answers))
        assert "samegame play --" in said, "a quit said how to come back"
        answers.append(client.get(f"/api/games/{one['session']}").json())
        user_presets = paths.user_presets_dir()
        user_presets.mkdir(parents=True)
        (user_presets / "broken.yaml").write_text(SECRET, encoding="utf-8")
        answers.append(client.get("/api/start").json())
        answers.append(post(client, "/api/games", {"preset": "broken"}).json())
    # The damaged store is a new file in the old one's place: a connection of the
    # first server still open (the stop waits half a second for the games' threads;
    # a session's store may close when it is collected) checkpoints into the file
    # it opened, which would write a valid page 1 over damage made in place.
    for thread in threading.enumerate():
        if thread.name.startswith("samegame-"):
            thread.join(30)
    database = paths.data_dir() / DB_NAME
    for leftover in (
        database,
        database.with_name(DB_NAME + "-wal"),
        database.with_name(DB_NAME + "-shm"),
    ):
        leftover.unlink(missing_ok=True)
    database.write_bytes(b"not a database at all " * 100)
    with page_client() as fresh:  # a store opened anew, on the damaged file
        damaged = [post(fresh, "/api/games", body).json() for body in (LESSON, {"game": 1})]
    assert all(DB_NAME in answer.get("error", "") for answer in damaged), damaged
    answers += damaged
    _no_folder_named(answers)


FOLDER_PART = st.text(
    st.characters(codec="utf-8", exclude_characters="/\\\x00"), min_size=1, max_size=12
).filter(lambda part: part.strip() == part and part not in (".", ".."))


@given(
    parts=st.lists(FOLDER_PART, min_size=1, max_size=4),
    before=st.sampled_from(["", "in ", "'", '"', "(", "file="]),
    after=st.sampled_from(["", " is damaged", "'", '"', ")", "; move it away", ": bad"]),
)
def test_a_path_under_a_server_folder_is_cut_to_its_last_part(
    parts: list[str], before: str, after: str
) -> None:
    folders = server_folders()
    scrub = without_paths(folders)
    for folder in folders[:6]:
        path = os.path.join(folder, *parts)
        cut = scrub(f"{before}{path}{after}")
        assert folder not in cut
        assert cut.startswith(before)
        assert cut.endswith(after)


@given(
    parts=st.lists(
        st.from_regex(r"[a-z0-9_-]{1,8}(\.[a-z]{1,4})?", fullmatch=True), min_size=2, max_size=5
    ),
    before=st.sampled_from(["", "ゲーム1、", "、", "「", "は", "game 1, ", "(", "="]),
    after=st.sampled_from(["", "、5列4行", "。", "」", " is damaged", ")", ","]),
)
def test_any_absolute_path_is_cut_whatever_the_language_around_it(
    parts: list[str], before: str, after: str
) -> None:
    """A path outside the server's folders (a damaged store naming one) is cut in a
    Japanese sentence as in an English one."""
    path = "/" + "/".join(parts)
    assert without_paths([])(f"{before}{path}{after}") == f"{before}{parts[-1]}{after}"
