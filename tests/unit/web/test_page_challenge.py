"""A challenge on the page (issue 43, item 8): the page runs the same session as
``samegame play``, so a restart after a finished stage answers with words (the
stage is played once, and what comes next), not a 500; the stage keeps its
result."""

from __future__ import annotations

from pathlib import Path

import pytest

from pagekit import page_client, post
from samegame.core.coords import format_cell
from samegame.play import Table
from samegame.play.player_settings import Settings
from samegame.plugin.host import get_host
from samegame.presets import find_preset
from samegame.repl.session import Session
from samegame.store import GameStatus, Store, default_path


def _finish_stage_one() -> int:
    """Play stage 1 of a Challenge to its end in the server's store, as
    ``samegame play --preset challenge`` would; the stage game's id."""
    host = get_host()
    preset = find_preset("challenge", host)
    setup = preset.board_setup()
    table = Table(preset, preset.rules, setup.board_type, setup.spec, ("--preset", "challenge"))
    store = Store(default_path())
    try:
        session = Session(host=host, table=table, store=store, settings=Settings())
        session.start()
        while not session.match.game.finished:
            session.handle(format_cell(session.match.game.legal_groups()[0].anchor))
        return session.game_id
    finally:
        store.close()


@pytest.mark.slow
def test_restart_after_a_finished_stage_answers_with_words(isolated_folder: Path) -> None:
    game_id = _finish_stage_one()
    with Store(default_path()) as store:
        before = store.load_game(game_id)
    assert before.status is GameStatus.FINISHED
    assert before.result is not None
    with page_client() as client:
        opened = post(client, "/api/games", {"preset": "challenge"})
        assert opened.status_code == 200, opened.text
        session = opened.json()["session"]
        answer = post(client, f"/api/games/{session}/command", {"line": "restart"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["lines"] == [
        "A challenge plays each stage once, and this stage is over.",
        f"Stage 1 settled at {before.result.score}. Type next to start stage 2.",
    ]
    with Store(default_path()) as store:
        assert store.load_game(game_id) == before
