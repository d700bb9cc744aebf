"""A game's review in the page (Starlette's test client), held to ``samegame
review --game ID`` run in this process on the same store: the page's summary and
key moments are the command's lines, its table is the command's JSON series, its
practice answers are the command's practice answers, and the review the page
keeps is the command's (and the other way round: neither searches again). The
guards: a cancelled review keeps what was valued and goes on from there; the
server's stop stops a running search at once; bad requests (an unknown game, a
game whose rules' plugin is not loaded, hostile practice lines and moves) are one
line with their status, never a server error.

Each game is a 5x5 board the exact solver settles, so a review costs milliseconds
(the one test of a search stopped uses a lesson board, cut at once)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from pagekit import TOKEN, page_client, post
from playkit import Outcome, run_cli
from samegame.core.game import Game
from samegame.core.rules import Rules
from samegame.core.textboard import read_board
from samegame.core.variant import RuleVariant
from samegame.i18n import translator
from samegame.plugin.host import get_host
from samegame.review import valuing
from samegame.review.review import position_seed
from samegame.store import SavedSetup, Store
from samegame.web.page_state import board_rows_state

pytestmark = pytest.mark.usefixtures("isolated_folder")

BOARD = "RBRGR\nGGGBG\nRRGRG\nGBRBG\nGBRBR"
"""A 5x5 board whose first-group game splits a group and gives up the clear bonus
(tests/unit/cli/test_review_cmd.py)."""

VARIANT = RuleVariant("basic", 1000, "none", 2)


def first_group_game(text: str, variant: RuleVariant = VARIANT) -> Game:
    """A game played to the end by always taking the first legal group."""
    host = get_host()
    game = Game(read_board(text), Rules.from_variant(variant, host.formula, host.penalty))
    while not game.finished:
        game.play(game.legal_groups()[0].anchor)
    return game


def save_finished(text: str = BOARD, variant: RuleVariant = VARIANT) -> int:
    """A finished game saved in the store as ``samegame play`` saves one; its id."""
    game = first_group_game(text, VARIANT)
    setup = SavedSetup("basic", variant, 5, 5, 3, "random", 7, text.split("\n"))
    with Store() as store:
        game_id = store.start_game(setup)
        store.save_progress(game_id, game.move_cells, (), False, ())
        result = game.result()
        assert result is not None
        store.finish_game(game_id, result)
    return game_id


@pytest.fixture
def client() -> Iterator[TestClient]:
    with page_client() as opened:
        yield opened


@pytest.fixture
def cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., Outcome]:
    def invoke(*args: str, stdin: str = "") -> Outcome:
        return run_cli(capsys, monkeypatch, args, stdin)

    return invoke


def reviewed(client: TestClient, game_id: int, lang: str = "en") -> dict[str, Any]:
    """The page's review of ``game_id`` once it has ended."""
    started = post(client, "/api/reviews", {"game": game_id, "lang": lang})
    assert started.status_code == 200, started.text
    status: dict[str, Any] = started.json()
    deadline = time.monotonic() + 30
    while status["state"] == "running":
        assert time.monotonic() < deadline, "the review ends"
        time.sleep(0.005)
        answer = client.get(f"/api/reviews/{status['review']}?lang={lang}")
        assert answer.status_code == 200, answer.text
        status = answer.json()
    return status


def blocks(text: str) -> list[list[str]]:
    """The command's output as its blocks of lines (a blank line between two)."""
    return [block.split("\n") for block in text.strip("\n").split("\n\n")]


def game_moves(game_id: int) -> tuple[object, ...]:
    with Store() as store:
        return tuple(store.load_game(game_id).moves)


def no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, valuing any position fails the test."""

    def searched(*args: object, **kwargs: object) -> None:
        raise AssertionError("a position was valued again")

    monkeypatch.setattr(valuing, "value_position", searched)


# -- the command's words ----------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_page_says_the_commands_review_and_keeps_it_for_the_command(
    client: TestClient, cli: Callable[..., Outcome], monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    game_id = save_finished()
    status = reviewed(client, game_id, lang)
    assert status["state"] == "done"
    assert status["said"] == [translator(lang)("review.kept", game=game_id)]
    result = status["result"]
    no_search(monkeypatch)  # the command reads the review the page kept
    told = cli("review", "--game", str(game_id), "--lang", lang)
    assert told.code == 0, told.err
    assert told.err == "", "the command searched nothing and said nothing of it"
    said = blocks(told.out)
    moments = result["moments"]
    assert moments, "this game has key moments"
    assert result["summary"] == said[0]
    assert [moment["lines"] for moment in moments] == said[1 : 1 + len(moments)]
    assert [moment["name"] for moment in moments] == [
        block[0] for block in said[1:][: len(moments)]
    ]


def test_a_review_kept_by_the_command_is_read_by_the_page_without_searching(
    client: TestClient, cli: Callable[..., Outcome], monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = save_finished()
    told = cli("review", "--game", str(game_id))
    assert told.code == 0, told.err
    no_search(monkeypatch)
    status = reviewed(client, game_id)
    assert status["state"] == "done"
    assert status["said"] == [], "nothing searched, nothing said of keeping it"
    assert status["result"]["summary"] == blocks(told.out)[0]


def test_the_table_is_the_commands_series_and_each_position_the_board_before_its_move(
    client: TestClient, cli: Callable[..., Outcome]
) -> None:
    game_id = save_finished()
    result = reviewed(client, game_id)["result"]
    report = json.loads(cli("review", "--game", str(game_id), "--format", "json").out)
    tr = translator("en")
    expected = [
        {
            "move": entry["move"],
            "played": entry.get("played"),
            "points": entry.get("points"),
            "loss": report["moves"][entry["move"] - 1]["loss"] if entry["move"] else None,
            "label": tr(f"review.label.{entry['label']}") if entry["move"] else None,
            "value": entry["total"],
        }
        for entry in report["series"]
    ]
    assert result["series"] == expected
    # Each key moment's grid is the board before its move, replayed here, with the
    # game's cell names; the move played and the one preferred marked in words.
    game = first_group_game(BOARD)
    replay = Game(read_board(BOARD), game.rules)
    cells = list(game.move_cells)
    for moment in result["moments"]:
        index = moment["move"] - 1
        replay = Game(read_board(BOARD), game.rules)
        for cell in cells[:index]:
            replay.play(cell)
        group = replay.board.group_at(cells[index])
        assert group is not None
        played = {str(cell) for cell in replay.board.cells(group.mask)}
        assert set(moment["played"]) == played
        plain = board_rows_state(replay, tr)
        for row, plain_row in zip(moment["rows"], plain, strict=True):
            for shown, tile in zip(row, plain_row, strict=True):
                if tile is None:
                    assert shown is None
                    continue
                name, label = tile["cell"], tile["label"]
                if name in played:
                    label = tr("serve.review.played", label=label)
                elif name in moment["preferred"]:
                    label = tr("serve.review.preferred", label=label)
                assert shown == {**tile, "label": label}
        assert moment["preferred"], "a key moment lost points, so a move was preferred"
        assert not set(moment["preferred"]) & played


def test_the_start_view_lists_finished_games_and_an_unfinished_game_is_reviewed_so_far(
    client: TestClient, cli: Callable[..., Outcome]
) -> None:
    finished = save_finished()
    game = first_group_game(BOARD)
    setup = SavedSetup("basic", VARIANT, 5, 5, 3, "random", 8, BOARD.split("\n"))
    with Store() as store:
        unfinished = store.start_game(setup)
        store.save_progress(unfinished, game.move_cells[:2], (), False, ())
    start = client.get("/api/start").json()
    assert [entry["game"] for entry in start["finished"]] == [finished]
    assert [entry["game"] for entry in start["unfinished"]] == [unfinished]
    status = reviewed(client, unfinished)
    assert (status["state"], status["total"]) == ("done", 3), "its 2 moves, up to the last"
    told = cli("review", "--game", str(unfinished))
    assert status["result"]["summary"] == blocks(told.out)[0]


# -- practice ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_practice_answers_as_the_commands_practice(
    client: TestClient, cli: Callable[..., Outcome], lang: str
) -> None:
    game_id = save_finished()
    status = reviewed(client, game_id, lang)
    first = status["result"]["moments"][0]
    # The preferred move last: the command's practice goes on to its next position
    # after a better move.
    typed = [
        "hint",
        first["played"][0],
        "row 1",
        "groups red",
        "dance",
        "Z9",
        first["preferred"][0],
    ]
    page = []
    for line in typed:
        answer = post(
            client,
            f"/api/reviews/{status['review']}/practice",
            {"move": first["move"], "line": line, "lang": lang},
        )
        assert answer.status_code == 200, answer.text
        page.append(answer.json()["lines"])
    # The command's practice starts on the same position (the first key moment is
    # its first costly move) and is given the same lines, one at a time.
    with Store() as store:
        before = store.load_game(game_id)
    terminal = cli(
        "review", "--game", str(game_id), "--practice", "--accessible", "--lang", lang,
        stdin="\n".join(typed) + "\nquit\n",
    )  # fmt: skip
    assert terminal.code == 0, terminal.err
    out = [line.removeprefix("> ") for line in terminal.out.splitlines()]
    tr = translator(lang)
    position = [
        tr("review.practice.position", number=1, count=count, move=first["move"], score=0)
        for count in range(1, len(game_moves(game_id)) + 1)
    ]
    assert set(position) & set(out), "the command's first position is the first key moment"
    at = out.index(tr("review.practice.ask"))
    for lines in page:
        for line in lines:
            assert line in out[at:], f"the page said {line!r}; the command did not (in order)"
            at = out.index(line, at) + 1
    with Store() as store:
        assert store.load_game(game_id) == before, "practice changes nothing"


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    move=st.one_of(
        st.integers(min_value=-(2**70), max_value=2**70),
        st.none(),
        st.booleans(),
        st.floats(allow_nan=True),
        st.text(max_size=5),
        st.lists(st.integers(), max_size=2),
    ),
    line=st.one_of(
        st.text(max_size=250),
        st.from_regex(r"[A-Za-z]{1,3}[0-9]{0,25}", fullmatch=True),
        st.integers(),
        st.none(),
    ),
)
def test_hostile_practice_requests_are_answered_in_one_line(
    client: TestClient, move: object, line: object
) -> None:
    status = _practice_review(client)
    answer = post(client, f"/api/reviews/{status['review']}/practice", {"move": move, "line": line})
    assert answer.status_code in (200, 400), answer.text
    body = answer.json()
    if answer.status_code == 400:
        assert set(body) == {"error"}
        assert body["error"]
        assert "\n" not in body["error"]
    else:
        assert set(body) == {"lines"}
        assert all(isinstance(said, str) and said for said in body["lines"])
    moments = {moment["move"] for moment in status["result"]["moments"]}
    good_move = isinstance(move, int) and not isinstance(move, bool) and move in moments
    good_line = isinstance(line, str) and len(line) <= 200
    assert (answer.status_code == 200) == (good_move and good_line)


_REVIEWS: dict[int, dict[str, Any]] = {}


def _practice_review(client: TestClient) -> dict[str, Any]:
    """One review for every example of a test (the client's server is the test's)."""
    key = id(client)
    if key not in _REVIEWS:
        _REVIEWS.clear()
        _REVIEWS[key] = reviewed(client, save_finished())
    return _REVIEWS[key]


def test_a_cell_off_the_board_or_empty_names_no_group_and_a_long_line_is_refused(
    client: TestClient,
) -> None:
    status = reviewed(client, save_finished())
    moment = status["result"]["moments"][-1]
    names = ["Z9", "A99", "F1"]
    empty = [
        f"{chr(65 + col)}{moment['height'] - row}"
        for row, cells in enumerate(moment["rows"])
        for col, cell in enumerate(cells)
        if cell is None
    ]
    assert empty, "the last key moment's position has an empty cell"
    tr = translator("en")
    for name in names + empty:
        answer = post(
            client,
            f"/api/reviews/{status['review']}/practice",
            {"move": moment["move"], "line": name},
        )
        assert answer.status_code == 200, answer.text
        assert answer.json()["lines"] == [tr("review.practice.not_a_group", cell=name)]
    too_long = post(
        client,
        f"/api/reviews/{status['review']}/practice",
        {"move": moment["move"], "line": "A1" + " " * 199},
    )
    assert too_long.status_code == 400
    assert too_long.json() == {"error": tr("serve.error.line_too_long", limit=200)}


# -- guards --------------------------------------------------------------------------------


def test_a_cancelled_review_keeps_what_was_valued_and_the_command_goes_on(
    client: TestClient, cli: Callable[..., Outcome], monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = save_finished()
    whole = json.loads(cli("review", "--game", str(game_id), "--format", "json").out)
    with Store() as store:  # forget the command's review: the page reviews afresh
        store.save_review(game_id, first_group_game(BOARD).move_cells, "{}", complete=False)
    real = valuing.value_position
    third, cancelled = threading.Event(), threading.Event()

    def held_at_the_third(*args: Any, **kwargs: Any) -> Any:
        if args[4] == position_seed(0, 2):  # the third position
            third.set()
            assert cancelled.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(valuing, "value_position", held_at_the_third)
    started = post(client, "/api/reviews", {"game": game_id}).json()
    assert third.wait(10)
    early = post(client, f"/api/reviews/{started['review']}/practice", {"move": 1, "line": "A1"})
    assert early.status_code == 400
    assert early.json() == {"error": translator("en")("serve.error.review_running")}
    stopping = post(client, f"/api/reviews/{started['review']}/cancel", {})
    assert stopping.status_code == 200
    cancelled.set()
    status = stopping.json()
    while status["state"] == "running":
        time.sleep(0.005)
        status = client.get(f"/api/reviews/{started['review']}").json()
    assert status["state"] == "stopped"
    assert status["done"] == 2, "the position being valued when it was cancelled is dropped"
    assert status["said"] == [translator("en")("review.kept.partial", game=game_id)]
    summary = status["result"]["summary"]
    assert summary[-1] == translator("en")("review.partial", done=1, total=whole["total_moves"])
    monkeypatch.setattr(valuing, "value_position", real)
    again = cli("review", "--game", str(game_id), "--format", "json")
    assert "from position 3" in again.err, again.err
    assert json.loads(again.out) == whole


@pytest.mark.slow  # a search of a lesson board starts (the kernels load), then is cut
def test_the_servers_stop_stops_a_running_search_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's stop cuts the search under way at once, and keeps only the
    searches that ended whole before it (a first search of a position may end
    before the stop comes: it is kept; the one cut short is dropped)."""
    from samegame.bots.search import engine, stop_flags

    real = engine.search
    searching, returned = threading.Event(), []

    def watched(*args: Any, **kwargs: Any) -> Any:
        searching.set()
        found = real(*args, **kwargs)
        returned.append((time.monotonic(), stop_flags.interrupted()))
        return found

    monkeypatch.setattr(engine, "search", watched)
    try:
        with page_client() as client:
            opened = post(client, "/api/games", {"preset": "lesson", "board_number": 1}).json()
            state = opened["state"]
            first = state["groups"][0]["anchor"]
            for _ in ("select", "remove"):
                post(client, f"/api/games/{opened['session']}/command", {"line": first})
            started = post(client, "/api/reviews", {"game": state["game"]}).json()
            assert started["state"] == "running"
            assert searching.wait(30), "the first position (63 tiles) is searched"
            stopped_at = time.monotonic()
        assert time.monotonic() - stopped_at < 2, "the server stopped within its two seconds"
        cut = [at for at, interrupted in returned if interrupted]
        assert all(at - stopped_at < 0.5 for at in cut), "a search under way ended at once"
        assert stop_flags.interrupted()
    finally:
        stop_flags.resume()
    whole = len(returned) - len(cut)
    with Store() as store:
        kept = store.load_review(state["game"], store.load_game(state["game"]).moves)
    values = 0 if kept is None else len(json.loads(kept.text)["values"])
    assert values == whole, "the searches that ended whole are kept, the one cut short dropped"


def test_bad_review_requests_are_one_line(client: TestClient, cli: Callable[..., Outcome]) -> None:
    unknown = post(client, "/api/reviews", {"game": 999})
    command = cli("review", "--game", "999")
    assert command.code == 2
    assert unknown.status_code == 400
    assert command.err.strip() == f"Error: {unknown.json()['error']}"
    elsewhere = save_finished(variant=RuleVariant("no-such-formula", 1000, "none", 2))
    missing = post(client, "/api/reviews", {"game": elsewhere})
    command = cli("review", "--game", str(elsewhere))
    assert command.code == 3
    assert missing.status_code == 400
    assert command.err.strip() == f"Error: {missing.json()['error']}"
    for body in ({"game": -1}, {"game": "1"}, {"game": True}, {"game": 2**63}, {}, [1]):
        refused = post(client, "/api/reviews", body)
        assert refused.status_code == 400, body
        assert set(refused.json()) == {"error"}
    assert client.get("/api/reviews/nothing").status_code == 404
    assert post(client, "/api/reviews/nothing/cancel", {}).status_code == 404
    for path in ("/api/reviews", "/api/reviews/nothing/practice"):
        malformed = client.post(
            path,
            content=b'{"game": 1',
            headers={"X-Samegame-Token": TOKEN, "Content-Type": "application/json"},
        )
        assert malformed.status_code == 400
        assert set(malformed.json()) == {"error"}
    huge = post(client, "/api/reviews", {"game": 1, "pad": "x" * 20_000})
    assert huge.status_code == 413
    assert set(huge.json()) == {"error"}


def test_the_page_says_each_phase_of_a_review_in_the_commands_words(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a review runs the status is the command's progress line of its phase:
    the positions valued, the positions searched again, then the last searches
    around the costly moves (which the command announces once). The review is a
    stand-in that goes through the phases step by step, so each is seen."""
    from samegame.review import keeping
    from samegame.web import page_reviews

    real = keeping.review_subject
    steps = [threading.Event() for _ in range(4)]
    reached = [threading.Event() for _ in range(4)]

    def step(number: int) -> None:
        reached[number].set()
        assert steps[number].wait(10)

    def phased(subject: Any, budget: Any, seed: int, kept: Any = None, **calls: Any) -> Any:
        calls["progress"](2, len(subject.moves) + 1)
        step(0)
        calls["again"](1, 2)
        step(1)
        calls["again"](2, 2)
        calls["checking"]()
        step(2)
        return real(subject, budget, seed, kept, **calls)

    monkeypatch.setattr(page_reviews, "review_subject", phased)
    game_id = save_finished()
    tr = translator("en")
    positions = len(game_moves(game_id)) + 1
    started = post(client, "/api/reviews", {"game": game_id, "lang": "en"})
    name = started.json()["review"]
    expected = [
        ("positions", [2, positions], tr("review.progress", done=2, total=positions)),
        ("again", [1, 2], tr("review.progress.again", done=1, total=2)),
        ("checking", [0, 0], tr("review.progress.checking")),
    ]
    for number, (phase, step_, line) in enumerate(expected):
        assert reached[number].wait(10)
        status = client.get(f"/api/reviews/{name}?lang=en").json()
        assert status["state"] == "running"
        assert (status["phase"], status["step"], status["progress"]) == (phase, step_, line)
        steps[number].set()
    deadline = time.monotonic() + 30
    while status["state"] == "running":
        assert time.monotonic() < deadline, "the review ends"
        time.sleep(0.005)
        status = client.get(f"/api/reviews/{name}?lang=en").json()
    assert status["state"] == "done"
    # Ended, the status no longer says the review is looking for anything.
    assert status["phase"] != "checking"
    assert status["progress"] != tr("review.progress.checking")
