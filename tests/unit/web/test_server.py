"""The page's server in-process (Starlette's test client): a whole game played by
command lines says, line for line, what ``samegame play --accessible`` says for
the same lines, and its result is kept in the same store; a yes/no question is
asked and answered; two pages on one game are two terminals; and every request
the safety list names is refused: a wrong Host, no or a wrong token, another
origin, a body over the cap (declared or streamed), a path outside the page's
files, and any JSON at all (never a server error)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from pagekit import BASE, LESSON, TOKEN, page_client, post
from playkit import Outcome, lesson_game, run_cli
from samegame.core.coords import format_cell
from samegame.store import Store
from samegame.web.security import MAX_BODY
from samegame.web.server import SHARED_WORDS

pytestmark = pytest.mark.usefixtures("isolated_home")


@pytest.fixture
def client() -> Iterator[TestClient]:
    with page_client() as opened:
        yield opened


def first_group_lines(number: int = 1) -> list[str]:
    """Lines that play lesson board ``number`` to the end: each first group
    selected, then removed."""
    game = lesson_game(number)
    lines: list[str] = []
    while not game.finished:
        anchor = game.legal_groups()[0].anchor
        game.play(anchor)
        lines += [format_cell(anchor), "remove"]
    return lines


# -- a game's life ---------------------------------------------------------------------


def test_the_page_says_what_the_terminal_says_and_keeps_the_result(
    client: TestClient,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    lines = ["row 1", *first_group_lines(), "summary"]
    opened = post(client, "/api/games", LESSON)
    assert opened.status_code == 200, opened.text
    session = opened.json()["session"]
    page: list[str] = list(opened.json()["lines"])
    state = opened.json()["state"]
    for line in lines:
        answer = post(client, f"/api/games/{session}/command", {"line": line})
        assert answer.status_code == 200, answer.text
        page += answer.json()["lines"]
        state = answer.json()["state"]
    assert state["finished"]
    assert state["ending"]
    with Store() as store:
        [kept] = store.history()
    assert kept.result is not None
    assert kept.result.score == state["score"]
    # The same lines typed into the line interface, with a store of its own.
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "terminal"))
    terminal: Outcome = run_cli(
        capsys,
        monkeypatch,
        ["play", "--preset", "lesson", "--board-number", "1", "--accessible"],
        "\n".join(lines) + "\nquit\n",
    )
    said = [line.removeprefix("> ") for line in terminal.out.splitlines()]
    at = 0
    for line in page:
        assert line in said[at:], f"the page said {line!r}, the terminal did not (in order)"
        at = said.index(line, at) + 1


def test_a_question_is_asked_then_answered(client: TestClient) -> None:
    session = post(client, "/api/games", LESSON).json()["session"]
    first = first_group_lines()[0]
    post(client, f"/api/games/{session}/command", {"line": first})
    post(client, f"/api/games/{session}/command", {"line": "remove"})
    asked = post(client, f"/api/games/{session}/command", {"line": "restart"}).json()
    assert asked["question"]
    assert asked["question"] == asked["lines"][-1]
    kept = post(client, f"/api/games/{session}/command", {"line": "n"}).json()
    assert kept["question"] is None
    assert kept["state"]["tiles_left"] < lesson_game(1).board.tile_count()
    post(client, f"/api/games/{session}/command", {"line": "restart"})
    done = post(client, f"/api/games/{session}/command", {"line": "y"}).json()
    assert done["state"]["tiles_left"] == lesson_game(1).board.tile_count()


def test_every_cell_is_named_with_its_group(client: TestClient) -> None:
    state = post(client, "/api/games", LESSON).json()["state"]
    game = lesson_game(1)
    for row in state["rows"]:
        for cell in row:
            if cell is None:
                continue
            group = game.board.group_at(parse(cell["cell"]))
            size = 1 if group is None else group.size
            assert cell["group"] == size
            assert cell["label"].startswith(f"{cell['cell']}, ")
            assert ("alone" in cell["label"]) == (size == 1)


@pytest.mark.parametrize(("language", "alone"), [("en", "alone"), ("ja", "1個だけ")])
def test_a_lone_tile_is_alone_in_both_languages(language: str, alone: str) -> None:
    """A tile with no neighbour of its colour is "alone" and 1個だけ, the words of
    the line interface's ``cell`` answer in Japanese (…1個だけです。), never a group
    of one (1個のグループ), which the Japanese page said."""
    from samegame.core.formulas import BASIC
    from samegame.core.game import Game
    from samegame.core.palette import tile_words
    from samegame.core.rules import Rules
    from samegame.core.textboard import read_board
    from samegame.i18n import translator
    from samegame.web.page_state import board_rows_state

    tr = translator(language)
    game = Game(read_board("RB\nRR"), Rules(BASIC))
    rows = board_rows_state(game, tr)
    lone, grouped = rows[0][1], rows[1][0]
    assert lone is not None
    assert grouped is not None
    blue = tile_words(tr, game.board.cell(parse("B2")))
    assert lone["label"].endswith(alone)
    assert "group" not in lone["label"]
    assert "グループ" not in lone["label"]
    assert lone["label"] == tr("serve.cell.alone", cell="B2", tile=blue)
    if language == "ja":
        assert alone in tr("cell.single", cell="B2", tile=blue)
    assert grouped["label"] == tr("serve.cell", cell="A1", tile=tile_words(tr, 0), count=3)


def parse(name: str) -> Any:
    from samegame.core.coords import parse_cell

    return parse_cell(name)


def test_two_pages_on_one_game_are_two_terminals(client: TestClient) -> None:
    one = post(client, "/api/games", LESSON).json()
    game_id = one["state"]["game"]
    two = post(client, "/api/games", {"game": game_id}).json()
    lines = first_group_lines()
    post(client, f"/api/games/{one['session']}/command", {"line": lines[0]})
    post(client, f"/api/games/{one['session']}/command", {"line": "remove"})
    post(client, f"/api/games/{two['session']}/command", {"line": lines[0]})
    told = post(client, f"/api/games/{two['session']}/command", {"line": "remove"}).json()
    assert told["lines"][0].startswith(f"Game {game_id} was changed by another samegame")
    with Store() as store:
        assert len(store.unfinished_games()) == 2, "nothing of either page was lost"


def test_the_ending_is_what_the_game_said_when_it_ended(client: TestClient) -> None:
    session = post(client, "/api/games", LESSON).json()["session"]
    answers = [
        post(client, f"/api/games/{session}/command", {"line": line}).json()
        for line in first_group_lines()
    ]
    assert all(answer["state"]["ending"] is None for answer in answers[:-1])
    said, ending = answers[-1]["lines"], answers[-1]["state"]["ending"]
    assert ending
    assert said[-len(ending) :] == ending
    # Asked for nothing more: a query after the end, and a page reloaded, show the same.
    after = post(client, f"/api/games/{session}/command", {"line": "groups"}).json()
    assert after["state"]["ending"] == ending
    assert client.get(f"/api/games/{session}").json()["state"]["ending"] == ending
    game_id = after["state"]["game"]
    reopened = post(client, "/api/games", {"game": game_id}).json()
    assert reopened["state"]["ending"] is None, "a finished game opens its board again"


def test_the_start_view_lists_presets_and_words(client: TestClient) -> None:
    start = client.get("/api/start?lang=ja")
    assert start.status_code == 200
    data = start.json()
    assert data["language"] == "ja"
    assert {"basic", "lesson"} <= {preset["name"] for preset in data["presets"]}
    assert all(key.startswith("web.") or key in SHARED_WORDS for key in data["words"])
    assert set(data["words"]) >= SHARED_WORDS


# -- safety ---------------------------------------------------------------------------


def test_the_page_carries_the_token_and_the_headers(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert f'content="{TOKEN}"' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"
    assert client.get("/static/game.js").status_code == 200


@pytest.mark.parametrize("host", ["evil.example:8765", "127.0.0.1:9999", "localhost", ""])
def test_a_wrong_host_is_refused(client: TestClient, host: str) -> None:
    assert client.get("/", headers={"Host": host}).status_code == 400
    refused = post(client, "/api/games", LESSON, Host=host)
    assert refused.status_code == 400
    assert "error" in refused.json()


@pytest.mark.parametrize(
    "headers",
    [
        {"X-Samegame-Token": ""},
        {"X-Samegame-Token": "guess"},
        {"X-Samegame-Token": TOKEN, "Origin": "http://evil.example"},
        {"X-Samegame-Token": TOKEN, "Origin": "http://127.0.0.1:9999"},
        {"X-Samegame-Token": TOKEN, "Origin": "null"},
    ],
)
def test_a_request_without_the_token_or_from_elsewhere_is_refused(
    client: TestClient, headers: dict[str, str]
) -> None:
    answer = client.post(
        "/api/games",
        content=json.dumps(LESSON),
        headers={"Content-Type": "application/json", **headers},
    )
    assert answer.status_code == 403
    with Store() as store:
        assert store.unfinished_games() == [], "nothing was started"


def test_the_own_origin_is_accepted(client: TestClient) -> None:
    assert post(client, "/api/games", LESSON, Origin=BASE).status_code == 200


def test_a_body_over_the_cap_is_refused(client: TestClient) -> None:
    big = {"preset": "x" * (MAX_BODY + 1)}
    assert post(client, "/api/games", big).status_code == 413

    def chunks() -> Iterator[bytes]:
        for _ in range(MAX_BODY // 1000 + 2):
            yield b" " * 1000

    streamed = client.post("/api/games", content=chunks(), headers={"X-Samegame-Token": TOKEN})
    assert streamed.status_code == 413


@pytest.mark.parametrize(
    "path",
    [
        "/static/../server.py",
        "/static/%2e%2e/server.py",
        "/static/..%2fserver.py",
        "/static/index.html",
        "/static/",
        "/static/game.js/..",
        "/etc/passwd",
        "/api/games/../../etc/passwd",
    ],
)
def test_nothing_outside_the_page_files_is_served(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code in (404, 405)
    assert "import" not in answer.text


KNOWN_PATHS = [
    "/",
    "/static/game.js",
    "/static/basic",
    "/api/start",
    "/api/games",
    "/api/games/x",
    "/api/reviews",
    "/api/reviews/x",
]
SEGMENT = st.text(
    st.characters(min_codepoint=33, max_codepoint=126, exclude_characters="/?#%"), max_size=8
)


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    base=st.sampled_from(KNOWN_PATHS),
    more=st.lists(SEGMENT, max_size=3),
    slashes=st.integers(0, 3),
    method=st.sampled_from(["GET", "POST"]),
)
def test_every_path_is_answered_where_it_is_never_redirected(
    client: TestClient, base: str, more: list[str], slashes: int, method: str
) -> None:
    """A path the page does not use, a final slash included, is 404 or 405 there
    and then: no redirect to another address."""
    path = "/".join([base.rstrip("/"), *more]) + "/" * slashes
    if path.startswith("//"):
        path = "/"  # a client sends "//" as a host, not a path
    headers = {"X-Samegame-Token": TOKEN}
    answer = client.request(method, path or "/", headers=headers, follow_redirects=False)
    assert not 300 <= answer.status_code < 400, (path, answer.status_code)


def test_unknown_games_and_long_lines_are_refused(client: TestClient) -> None:
    assert post(client, "/api/games/nosuch/command", {"line": "A1"}).status_code == 404
    assert client.get("/api/games/nosuch").status_code == 404
    session = post(client, "/api/games", LESSON).json()["session"]
    assert post(client, f"/api/games/{session}/command", {"line": "A" * 201}).status_code == 400
    assert post(client, "/api/games", {"preset": "nosuch"}).status_code == 400


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=30),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=5)
    ),
    max_leaves=12,
)


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=JSON
    | st.fixed_dictionaries(
        {"preset": JSON, "board_number": JSON, "game": JSON, "line": JSON, "move": JSON}
    )
)
@pytest.mark.slow
def test_any_json_is_answered_never_a_server_error(client: TestClient, body: object) -> None:
    for path in (
        "/api/games",
        "/api/games/nosuch/command",
        "/api/reviews",
        "/api/reviews/nosuch/cancel",
        "/api/reviews/nosuch/practice",
    ):
        answer = post(client, path, body)
        assert answer.status_code in (200, 400, 404), answer.text
        assert isinstance(answer.json(), dict)
