"""The one way to open a session (samegame.repl.session_opening.open_session), which
the terminal and the web page share: the settings in force come from the store,
the environment and the options, in that order, and the rest from the start."""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

import pytest

from samegame.core.board import Board
from samegame.play.hint_bot import LongWork
from samegame.play.player_settings import Settings, Verbosity
from samegame.play.startup import PlayOptions, prepare_play
from samegame.plugin.host import get_host
from samegame.repl.session import Renderer
from samegame.repl.session_opening import open_session
from samegame.store import Store

pytestmark = pytest.mark.usefixtures("isolated_home")


def no_long_work() -> LongWork:
    return LongWork(nullcontext, lambda seconds, report: nullcontext())


def test_a_session_opens_with_the_settings_in_force_and_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SAMEGAME_ACCESSIBLE", "1")
    options = PlayOptions(preset="lesson", board_number=2, language="ja", assume_yes=True)
    start = prepare_play(options, host=get_host, long_work=no_long_work)
    with Store(tmp_path / "db" / "samegame.sqlite3") as store:
        store.set_setting("settings", {"verbosity": "terse", "language": "en"})
        session = open_session(start, store)
        assert session.settings.language == "ja"
        assert session.settings.verbosity is Verbosity.TERSE
        assert session.settings.accessible is True
        assert (session.sources["language"], session.sources["verbosity"]) == ("flag", "saved")
        assert session.sources["accessible"] == "environment"
        assert session.draw is None, "no sight given: boards are read row by row"
        assert session.game is None, "opened, not started"
        session.start()
        assert (session.board_number, session.table.preset.name) == (2, "lesson")
        assert session.tr.language == "ja"

        seen: list[Settings] = []

        def sight(settings: Settings) -> Renderer | None:
            seen.append(settings)
            return lambda board: f"{board.width} wide"

        drawn = open_session(start, store, sight=sight)
        assert seen == [drawn.settings]
        assert drawn.draw is not None
        assert drawn.draw(Board.empty(3, 2)) == "3 wide"
