"""Hints from a bot (``samegame play --hint-bot SPEC``): the bot's choice is suggested,
never played, the same position gets the same suggestion, and bad specs are one-line
errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import Result
from playkit import clear_mode_variables
from samegame.core.board import Board
from samegame.core.coords import Cell, format_cell
from samegame.core.formulas import BASIC
from samegame.core.game import Game, MoveRejected
from samegame.core.rules import Rules
from samegame.core.textboard import read_board
from samegame.play.player_settings import Settings
from samegame.plugin.host import get_host
from samegame.presets import find_preset
from samegame.repl.session import Session, Table
from samegame.store import Store


@pytest.fixture
def session(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    clear_mode_variables(monkeypatch, tmp_path / "home")
    host = get_host()
    preset = find_preset("lesson", host)
    setup = preset.board_setup()
    factory = host.bot("largest")
    with Store(tmp_path / "db.sqlite3") as store:
        played = Session(
            host=host,
            table=Table(preset, preset.rules, setup.board_type, setup.spec),
            store=store,
            settings=Settings(),
            board_number=1,
            hint_bot=("largest", lambda: factory.create({})),
        )
        played.start()
        yield played


def largest_anchors(board: Board) -> set[str]:
    groups = board.groups()
    size = max(g.size for g in groups)
    return {format_cell(g.anchor) for g in groups if g.size == size}


def test_the_bot_choice_is_suggested_and_not_played(session: Session) -> None:
    game = session.game
    assert game is not None
    before = (game.board, game.score, len(game.moves))
    reply = session.handle("hint")
    suggested = reply.lines[0].split(" on ")[1].split(",")[0]
    assert suggested in largest_anchors(game.board)
    assert (game.board, game.score, len(game.moves)) == before
    assert not game.rules.hint_is_practice
    assert not game.practice, "lesson hints are free"


def test_same_position_same_suggestion(session: Session) -> None:
    first = session.handle("hint").lines[:2]
    second = session.handle("hint").lines[:2]
    assert first == second


def test_a_bot_naming_no_group_is_refused_without_marking_practice() -> None:
    game = Game(read_board("RRB\nGBB\n"), Rules(BASIC))
    with pytest.raises(MoveRejected):
        game.hint(lambda g: Cell(0, 0))  # G at A1 is a single tile
    assert not game.practice
    group, _ = game.hint(lambda g: Cell(2, 0))
    assert group is not None
    assert group.size == 3


@pytest.mark.parametrize(
    ("spec", "code", "fragment"),
    [("nope", 3, "no bot is named 'nope'"), ("tabu:depth=2", 2, "bot tabu has no option depth")],
)
def test_bad_hint_bot(cli, spec: str, code: int, fragment: str) -> None:
    result: Result = cli("play", "--preset", "lesson", "--hint-bot", spec)
    assert result.code == code
    [line] = result.err.splitlines()
    assert line.startswith("Error: ")
    assert fragment in line


# -- a searching hint bot is long work (A27) ---------------------------------------------


class Pressed:
    """An interruption that was (or was not) pressed."""

    def __init__(self, hit: bool) -> None:
        self.hit = hit

    def __bool__(self) -> bool:
        return self.hit


def thinking_session(
    store_path: Path,
    *,
    pressed: bool,
    seconds: float | None,
    language: str = "en",
    ticks: tuple[float, ...] = (),
) -> Session:
    from contextlib import contextmanager

    from samegame.play.hint_bot import HintWork

    @contextmanager
    def interruptible():
        yield Pressed(pressed)

    host = get_host()
    preset = find_preset("lesson", host)
    setup = preset.board_setup()
    factory = host.bot("largest")
    prepared: list[bool] = []

    @contextmanager
    def progress(report):
        for done in ticks:  # as longwork.ticks would, a quarter at a time
            report(done)
        yield

    work = HintWork(
        "largest:x=1",
        seconds,
        lambda announce: prepared.append(True),
        interruptible,
        progress if ticks else None,
    )
    played = Session(
        host=host,
        table=Table(preset, preset.rules, setup.board_type, setup.spec),
        store=Store(store_path),
        settings=Settings(language=language),
        board_number=1,
        hint_bot=("largest", lambda: factory.create({})),
        hint_work=work,
    )
    played.start()
    return played


@pytest.mark.parametrize(
    ("seconds", "line"),
    [
        (2.0, "Asking largest:x=1 for a hint: it thinks for 2 seconds; "),
        (0.5, "Asking largest:x=1 for a hint: it thinks for 0.5 seconds; "),
        (None, "Asking largest:x=1 for a hint: it does a fixed amount of work; "),
    ],
)
def test_a_searching_hint_bot_says_first_what_it_does(tmp_path: Path, seconds, line) -> None:
    session = thinking_session(tmp_path / "db.sqlite3", pressed=False, seconds=seconds)
    said: list[str] = []
    session.say_now = said.extend
    reply = session.handle("hint")
    assert said == [line + "Ctrl-C stops it and keeps the best move found so far."]
    assert reply.lines[0].startswith("Hint: ")
    assert not reply.interrupted
    said.clear()
    session.handle("hint")  # the same position: the same suggestion, no new search
    assert said == []


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        (
            "en",
            [
                "Still thinking: 3 seconds of 12 seconds.",
                "Still thinking: 6 seconds of 12 seconds.",
            ],
        ),
        (
            "ja",
            [
                "考えています。12秒のうち3秒が過ぎました。",
                "考えています。12秒のうち6秒が過ぎました。",
            ],
        ),
    ],
)
def test_a_long_hint_search_says_how_far_it_is(tmp_path: Path, language: str, lines) -> None:
    """A27: a few progress lines while the hint bot thinks, in the player's language."""
    session = thinking_session(
        tmp_path / "db.sqlite3", pressed=False, seconds=12.0, language=language, ticks=(3.0, 6.0)
    )
    said: list[str] = []
    session.say_now = said.extend
    session.handle("hint")
    assert said[1:] == lines


def test_the_hint_bot_reports_progress_only_for_a_long_search() -> None:
    from contextlib import nullcontext

    from samegame.play.hint_bot import HINT_PROGRESS_FROM, LongWork, hint_work

    def long_work() -> LongWork:
        return LongWork(nullcontext, lambda seconds, report: nullcontext())

    host = get_host()
    long_search = hint_work(host, "nrpa:time=12", long_work)
    short_search = hint_work(host, "nrpa:time=2", long_work)
    assert long_search is not None
    assert short_search is not None
    assert long_search.progress is not None
    assert short_search.progress is None
    assert HINT_PROGRESS_FROM == 5.0


def test_ctrl_c_during_the_search_keeps_the_move_and_leaves_with_130(tmp_path: Path) -> None:
    from samegame.repl.loop import run_session

    session = thinking_session(tmp_path / "db.sqlite3", pressed=True, seconds=2.0)

    class Lines:
        def __init__(self) -> None:
            self.typed = ["hint", "A1"]
            self.said: list[str] = []

        def read(self) -> str | None:
            return self.typed.pop(0) if self.typed else None

        def write(self, lines) -> None:
            self.said.extend(lines)

        def bell(self) -> None:
            pass

    io = Lines()
    assert run_session(session, io) == 130
    assert io.typed == ["A1"], "nothing more is read"
    thinking = io.said.index(next(s for s in io.said if s.startswith("Asking largest")))
    after = io.said[thinking + 1 :]
    # No blank line: the line of a ^C the terminal echoed is ended where Ctrl-C
    # is taken (samegame.core.interrupted_line), and nothing else is to end (A27).
    assert after[0].startswith("Hint: ")
    assert after[-1] == "Game saved. Type samegame play --game 1 to come back to it."
