"""The start of ``samegame play`` as a library (samegame.play.startup): the options
checked in order, each problem a fault of the player's option or of a preset or
plugin, nothing saved before every check has passed, then the interface plays."""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

import pytest

from samegame.play.choices import ChoiceError, Fault
from samegame.play.hint_bot import LongWork
from samegame.play.startup import PlayOptions, PlayStart, prepare_play, start_play
from samegame.plugin.host import PluginHost, get_host
from samegame.store import DB_NAME, Store

pytestmark = pytest.mark.usefixtures("isolated_home")


def no_long_work() -> LongWork:
    return LongWork(nullcontext, lambda seconds, report: nullcontext())


def prepared(**asked: object) -> PlayStart:
    return prepare_play(PlayOptions(**asked), host=get_host, long_work=no_long_work)


def fault_of(**asked: object) -> tuple[Fault, str]:
    with pytest.raises(ChoiceError) as caught:
        prepared(**asked)
    return caught.value.fault, str(caught.value)


def test_a_start_resolves_the_table_and_what_chooses_it_again() -> None:
    start = prepared(preset="lesson", board_number=3, hint_bot="largest")
    assert start.table.preset.name == "lesson"
    assert start.table.play_args == ("--preset", "lesson")
    assert start.saved_game is None
    assert start.hint_bot is not None
    assert start.hint_bot[0] == "largest"
    assert start.hint_work is None, "a bot that answers at once is not long work"
    assert start.renderer is None


@pytest.mark.parametrize(
    ("asked", "fault", "fragment"),
    [
        ({"preset": "no-such-preset"}, Fault.CONFIG, "no-such-preset"),
        ({"size": "huge"}, Fault.USAGE, "huge"),
        ({"board_type": "no-such-type"}, Fault.USAGE, "no-such-type"),
        ({"language": "xx"}, Fault.USAGE, "language 'xx' is not available"),
        ({"hint_bot": "no-such-bot"}, Fault.CONFIG, "no-such-bot"),
        ({"renderer": "no-such"}, Fault.USAGE, "--renderer 'no-such' is not known"),
        ({"game_id": 7}, Fault.USAGE, "there is no saved game 7"),
    ],
)
def test_each_problem_says_whose_it_is(
    asked: dict[str, object], fault: Fault, fragment: str
) -> None:
    found, message = fault_of(**asked)
    assert found is fault
    assert fragment in message


def test_the_checks_run_in_their_order() -> None:
    """The preset before the language, the language before the hint bot, the
    hint bot before the renderer: the first problem is the one reported."""
    assert "no-such-preset" in fault_of(preset="no-such-preset", language="xx")[1]
    assert "language" in fault_of(language="xx", hint_bot="no-such-bot")[1]
    assert "no-such-bot" in fault_of(hint_bot="no-such-bot", renderer="no-such")[1]


def test_nothing_is_saved_before_the_checks_pass(tmp_path: Path) -> None:
    played: list[PlayStart] = []

    def interface(start: PlayStart, store: Store) -> int:
        played.append(start)
        return 0

    with pytest.raises(ChoiceError):
        start_play(
            PlayOptions(renderer="no-such"),
            host=get_host,
            interface=interface,
            long_work=no_long_work,
        )
    assert played == []
    assert not (tmp_path / "home" / "data" / DB_NAME).exists()


def test_the_interface_plays_against_the_open_store_and_gives_the_status(tmp_path: Path) -> None:
    hosts: list[PluginHost] = []

    def host() -> PluginHost:
        hosts.append(get_host())
        return hosts[-1]

    def interface(start: PlayStart, store: Store) -> int:
        assert start.options.language == "ja"
        assert store.get_setting("settings", {}) == {}
        return 130

    status = start_play(
        PlayOptions(preset="lesson", language="ja"),
        host=host,
        interface=interface,
        long_work=no_long_work,
    )
    assert status == 130
    assert hosts, "the plugin host is asked for when it is needed"
    assert (tmp_path / "home" / "data" / DB_NAME).exists()
