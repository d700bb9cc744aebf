"""A plugin's fault in a page game (issue 43, item 2), over a generated table:
each kind of plugin code a page game calls (a scoring formula, a penalty, a board
generator, an event observer) doing each wrong thing (raising anything,
``SystemExit``, ``MemoryError``, ``KeyboardInterrupt`` and ``GeneratorExit``
included, returning a wrong type, sleeping past the bound). Every answer is JSON
with 200, 400 or 404, never 500; the fault is one line naming the plugin, as
``samegame play`` says it; the game is closed after it; and a game held up by a
sleeping plugin holds up neither the start view nor another game.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import SimpleNamespace
from typing import Any

import pytest
from starlette.testclient import TestClient

from pagekit import BASE, LESSON, TOKEN, post
from samegame.core.events import Event
from samegame.core.textboard import read_board
from samegame.plugin.contributions import BoardGenerator, GeneratedBoard, Penalty, ScoringFormula
from samegame.plugin.hookspecs import hookimpl
from samegame.plugin.host import PluginHost
from samegame.store import paths
from samegame.web.page_games import PageGames
from samegame.web.security import allowed_hosts
from samegame.web.server import create_app

pytestmark = [pytest.mark.usefixtures("isolated_home"), pytest.mark.slow]

SOURCE = "plugin evil (local)"
BOUND = 1.0
"""Seconds a plugin call may take in these tests."""


class Weird(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no words")


def raising(error: BaseException) -> Callable[..., Any]:
    def act(*args: object) -> Any:
        raise error

    return act


def returning(value: object) -> Callable[..., Any]:
    return lambda *args: value


def sleeping(*args: object) -> Any:
    time.sleep(30)


BEHAVIOURS: dict[str, Callable[..., Any]] = {
    "RuntimeError": raising(RuntimeError("boom")),
    "SystemExit": raising(SystemExit(4)),
    "MemoryError": raising(MemoryError()),
    "KeyboardInterrupt": raising(KeyboardInterrupt()),
    "GeneratorExit": raising(GeneratorExit()),
    "unspeakable": raising(Weird()),
    "None": returning(None),
    "text": returning("5"),
    "huge": returning(10**30),
    "sleep": sleeping,
}
RESULTS = ("None", "text", "huge")

KINDS = ("formula", "penalty", "generator", "observer")


def plugin_of(kind: str, act: Callable[..., Any]) -> SimpleNamespace:
    """A plugin whose ``kind`` does ``act`` (an observer on every event)."""
    hooks: dict[str, Callable[..., Any]] = {
        "formula": lambda: [ScoringFormula("evil", act, "evil")],
        "penalty": lambda: [Penalty("evil", act, "evil")],
        "generator": lambda: [BoardGenerator("evil", 1, act, "evil")],
    }
    names = {"formula": "samegame_scoring_formulas", "penalty": "samegame_penalties",
             "generator": "samegame_board_generators"}  # fmt: skip
    if kind == "observer":

        def samegame_game_event(event: Event) -> None:
            act(event)

        return SimpleNamespace(samegame_game_event=hookimpl(samegame_game_event))
    return SimpleNamespace(**{names[kind]: hookimpl(hooks[kind])})


def write_preset(kind: str) -> None:
    folder = paths.user_presets_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "evil.yaml").write_text(
        "name: evil\ntitle: Evil\ndescription: Uses the evil plugin.\n"
        f"formula: {'evil' if kind == 'formula' else 'basic'}\n"
        f"penalty: {'evil' if kind == 'penalty' else 'none'}\n"
        f"board_type: {'evil' if kind == 'generator' else 'random'}\n"
        "sizes:\n  small: {width: 5, height: 4, colours: 3}\n",
        encoding="utf-8",
    )


@contextmanager
def served(host: Callable[[], PluginHost]) -> Iterator[TestClient]:
    games = PageGames(host, plugin_seconds=BOUND)
    app = create_app(token=TOKEN, hosts=allowed_hosts("127.0.0.1", 8765), games=games)
    with TestClient(app, base_url=BASE, raise_server_exceptions=False) as client:
        yield client


EVERY_CELL = [line for c in "ABCDE" for r in "1234" for line in (f"{c}{r}", "remove")]


def checked(answer: Any) -> Any:
    """Every answer: JSON, 200, 400 or 404, one line when refused."""
    assert answer.status_code in (200, 400, 404), answer.text
    data = answer.json()
    if answer.status_code != 200:
        assert "\n" not in data["error"]
        assert "Traceback" not in data["error"]
    return data


@pytest.mark.parametrize(("kind", "behaviour"), list(itertools.product(KINDS, BEHAVIOURS)))
def test_a_plugin_fault_in_a_page_game_is_one_line_never_a_500(kind: str, behaviour: str) -> None:
    write_preset(kind)
    host = PluginHost(autoload=False, extra=[("evil", plugin_of(kind, BEHAVIOURS[behaviour]))])
    with served(lambda: host) as client:
        checked(client.get("/api/start"))
        opened = post(client, "/api/games", {"preset": "evil", "board_number": 1})
        said = checked(opened)
        faults = [said["error"]] if opened.status_code == 400 else []
        session = said.get("session")
        state = said.get("state")
        restarted = False
        for _ in range(60 if session else 0):  # a group at a time to the end, restart
            groups = [
                cell["cell"] for row in state["rows"] for cell in row if cell and cell["group"] > 1
            ]
            if not groups and restarted:
                break  # a whole game and its restart: every event an observer sees
            lines = [groups[0], "remove"] if groups else ["restart", "y"]
            restarted = restarted or not groups
            for line in lines:
                answer = post(client, f"/api/games/{session}/command", {"line": line})
                data = checked(answer)
                if answer.status_code != 200:
                    break
                state = data["state"]
            if answer.status_code == 400:
                faults.append(data["error"])
            if answer.status_code != 200:
                break  # closed after its fault
        if kind == "observer" and behaviour in RESULTS:
            assert not faults, "what an observer returns is not looked at"
            return
        assert faults, "the plugin was called and failed"
        assert SOURCE in faults[0], faults[0]
        if behaviour == "sleep":
            assert f"did not return within {BOUND:g} second" in faults[0]
        checked(client.get("/api/start"))
        assert checked(post(client, "/api/games", LESSON))["session"], "the server goes on"


def test_a_plugin_that_interrupts_its_import_is_answered() -> None:
    def host() -> PluginHost:
        raise KeyboardInterrupt

    with served(host) as client:
        start = client.get("/api/start")
        assert start.status_code == 400, start.text
        assert "KeyboardInterrupt" in checked(start)["error"]
        assert checked(post(client, "/api/games", LESSON))["error"]


def test_a_game_held_up_by_a_plugin_holds_up_nothing_else() -> None:
    write_preset("formula")
    host = PluginHost(autoload=False, extra=[("evil", plugin_of("formula", sleeping))])
    with served(lambda: host) as client:
        other = post(client, "/api/games", LESSON).json()["session"]
        stuck_game = checked(post(client, "/api/games", {"preset": "evil", "board_number": 1}))
        answers: list[Any] = []

        def hold_up() -> None:
            for line in EVERY_CELL:
                answer = post(client, f"/api/games/{stuck_game['session']}/command", {"line": line})
                answers.append(answer)
                if answer.status_code != 200:
                    return

        holding = threading.Thread(target=hold_up)
        holding.start()
        time.sleep(0.3)
        began = time.monotonic()
        assert client.get("/api/start").status_code == 200
        assert post(client, f"/api/games/{other}/command", {"line": "groups"}).status_code == 200
        assert time.monotonic() - began < BOUND / 2, "the start view and another game waited"
        holding.join(10)
        assert answers[-1].status_code == 400
        assert "did not return within" in answers[-1].json()["error"]


GOOD: dict[str, Callable[..., Any]] = {
    "formula": lambda tiles: tiles * tiles,
    "penalty": lambda remaining, points: remaining,
    "generator": lambda spec, number: GeneratedBoard(read_board(GOOD_BOARD)),
    "observer": lambda event: None,
}
GOOD_BOARD = "RRGBG\nRRBGB\nGBGBG\nBGBGB"


@pytest.mark.parametrize("kind", KINDS)
def test_a_well_behaved_plugin_plays_a_whole_page_game(kind: str) -> None:
    """The control: what each kind gives comes back from the bounded call whole (a
    generator's board crosses from the child process) and the game is played to its
    end."""
    write_preset(kind)
    host = PluginHost(autoload=False, extra=[("evil", plugin_of(kind, GOOD[kind]))])
    with served(lambda: host) as client:
        opened = post(client, "/api/games", {"preset": "evil", "board_number": 1})
        said = checked(opened)
        assert opened.status_code == 200, said
        session, state = said["session"], said["state"]
        while not state["finished"]:
            groups = [c["cell"] for row in state["rows"] for c in row if c and c["group"] > 1]
            for line in (groups[0], "remove"):
                answer = post(client, f"/api/games/{session}/command", {"line": line})
                assert answer.status_code == 200, answer.text
                state = checked(answer)["state"]
        assert state["finished"]
