"""A game's whole life, as a hypothesis state machine over the line interface (Session
over Match over a real SQLite store): moves, refused clicks, undo, redo, restart,
new, hint, remove, quit and resume, and kill and resume, in random order.

Invariants checked after every step:

* a finished result, once announced, stays in ``history`` with its score and,
  unless it was practice, in ``scores``, forever;
* what ``score`` says equals what is stored: the final settled score of the
  recorded result after the end, else the points of the saved moves;
* nothing announced is lost: the saved moves and redo list are the game's, so a
  kill at any step (no quit, nothing more written) resumes the same position;
* every "come back" message names a command that resumes exactly that game.

Two rule sets: Lesson (undo and hints free) and Basic on small boards (undo and
hints make practice), plus a preset that makes replaying a board practice.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, event
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from samegame.core.coords import Cell, format_cell
from samegame.play import Table
from samegame.play import match as match_module
from samegame.play.player_settings import Settings
from samegame.plugin.host import get_host
from samegame.presets import Preset, find_preset, load_preset_file
from samegame.repl.session import Session
from samegame.store import GameStatus, Store

FINAL = re.compile(r"Final score (-?\d+)\.")
SCORE = re.compile(r"Score (-?\d+) after (\d+) moves?")
FINAL_SCORE = re.compile(r"Final score (-?\d+) after (\d+) moves?")
COME_BACK = re.compile(r"Type (samegame play.*) to come back to it\.")

STRICT_PRESET = """\
name: strict
title: Strict
description: Replaying a board, undo and hints all make practice.
formula: basic
clear_bonus: 1000
penalty: leftover-squared
undo: practice
hint: practice
replay: practice
board_type: random
sizes:
  tiny: {width: 5, height: 4, colours: 3}
"""


pytestmark = pytest.mark.usefixtures("isolated_home")


def table_of(preset: Preset, size: str | None, args: tuple[str, ...]) -> Table:
    setup = preset.board_setup(size=size)
    return Table(preset, preset.rules, setup.board_type, setup.spec, args)


def parse_command(command: str) -> dict[str, str]:
    """The options of a come-back command: ``samegame play --game 3`` -> {"--game": "3"}."""
    words = command.split()
    assert words[:2] == ["samegame", "play"], command
    options = dict(zip(words[2::2], words[3::2], strict=True))
    assert set(options) <= {"--preset", "--size", "--game"}, command
    return options


class Life(RuleBasedStateMachine):
    """One player, one store, many runs of ``samegame play``."""

    preset_name = "lesson"
    size: str | None = None

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="samegame-life-"))
        self.store = Store(self.folder / "samegame.sqlite3")
        self.host = get_host()
        self.preset = self.load_preset()
        self.table = table_of(self.preset, self.size, self.play_args())
        self.numbers = iter(range(100, 10**6))
        # Random board numbers, made repeatable: 101, 102, ...
        self.original_secrets = match_module.secrets
        match_module.secrets = SimpleNamespace(randbelow=lambda limit: next(self.numbers))  # type: ignore[assignment]
        self.announced: dict[int, tuple[int, bool]] = {}  # game id -> (score, practice)
        self.session = self.open_session()

    def load_preset(self) -> Preset:
        return find_preset(self.preset_name, self.host)

    def play_args(self) -> tuple[str, ...]:
        return ("--preset", self.preset_name) + (("--size", self.size) if self.size else ())

    def teardown(self) -> None:
        match_module.secrets = self.original_secrets
        self.store.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    # -- running the interface -------------------------------------------------------

    def open_session(self, options: dict[str, str] | None = None) -> Session:
        """``samegame play`` with the table's options, or a come-back command's."""
        options = options or {}
        saved = None
        table = self.table
        if "--game" in options:
            saved = self.store.load_game(int(options["--game"]))
        session = Session(
            host=self.host,
            table=table,
            store=self.store,
            settings=Settings(),
            saved_game=saved,
            assume_yes=True,
        )
        self.hear(session.start(), session)
        return session

    def say(self, line: str) -> list[str]:
        reply = self.session.handle(line)
        self.hear(reply.lines, self.session)
        return reply.lines

    def hear(self, lines: list[str], session: Session) -> None:
        """Remember every final score announced, with the game it belongs to."""
        for line in lines:
            if FINAL.search(line) and not line.startswith("Final score"):
                finish = session.match.recorded
                assert finish is not None, line
                score = int(FINAL.search(line).group(1))  # type: ignore[union-attr]
                assert finish.result.score == score
                self.announced[finish.game_id] = (score, finish.outcome.practice)

    @property
    def game(self):  # type: ignore[no-untyped-def]
        return self.session.match.game

    # -- rules -----------------------------------------------------------------------

    @precondition(lambda self: not self.game.finished)
    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        groups = self.game.legal_groups()
        group = data.draw(st.sampled_from(groups), label="group")
        cells = list(self.game.board.cells(group.mask))
        cell = format_cell(data.draw(st.sampled_from(cells), label="cell"))
        before = len(self.game.moves)
        self.say(cell)
        if self.game.rules.selection.value == "confirm":
            self.say(cell)
        assert len(self.game.moves) == before + 1

    @precondition(lambda self: not self.game.finished)
    @rule(data=st.data())
    def play_to_the_end(self, data: st.DataObject) -> None:
        """Moves until no group is left, each group drawn at random: games end
        often enough for the after-the-end rules to be exercised."""
        while not self.game.finished:
            groups = self.game.legal_groups()
            group = groups[data.draw(st.integers(0, len(groups) - 1), label="group")]
            cell = format_cell(group.anchor)
            self.say(cell)
            if self.game.rules.selection.value == "confirm":
                self.say(cell)
        event("a game ended")

    @rule(col=st.integers(-1, 8), row=st.integers(-1, 10))
    def point_anywhere(self, col: int, row: int) -> None:
        """A click that may find nothing: then no selection may survive it."""
        text = "Z99" if col < 0 or row < 0 else format_cell(Cell(col, row))
        moves = len(self.game.moves)
        self.say(text)
        if len(self.game.moves) == moves and self.game.selection is not None:
            group = self.game.board.group_at(Cell(col, row)) if text != "Z99" else None
            assert group is not None
            assert group == self.game.selection

    @rule(word=st.sampled_from(["undo", "redo", "restart", "new", "hint", "remove", "cancel"]))
    def command(self, word: str) -> None:
        kept = self.session.match.finished_result
        lines = self.say(word)
        if kept is not None:
            event(f"{word} after the end")
        if kept is not None and word in ("undo", "restart", "new") and lines:
            changed = not lines[0].startswith(("There is no", "These rules"))
            if changed:
                assert lines[0] == f"Your result of {kept.result.score} stays recorded."
        if word == "hint" and not self.game.finished:
            assert self.game.selection is not None  # remove now takes the hinted group

    @rule()
    def quit_and_come_back(self) -> None:
        game_id = self.session.game_id
        finished = self.game.finished
        position = (tuple(self.game.move_cells), tuple(self.game.redo_cells))
        [farewell] = self.say("quit")
        if finished:
            assert farewell == "Goodbye."
            self.session = self.open_session()
            return
        command = COME_BACK.search(farewell)
        assert command is not None, farewell
        self.session = self.open_session(parse_command(command.group(1)))
        assert self.session.game_id == game_id, farewell
        assert (tuple(self.game.move_cells), tuple(self.game.redo_cells)) == position

    @rule()
    def kill_and_come_back(self) -> None:
        """No quit, nothing more written: the next run finds what was announced."""
        game_id = self.session.game_id
        finished = self.game.finished
        position = (tuple(self.game.move_cells), tuple(self.game.redo_cells))
        command = None if finished else self.session.match.resume_command()
        del self.session
        if command is None:
            self.session = self.open_session()
            return
        self.session = self.open_session(parse_command(command))
        assert self.session.game_id == game_id
        assert (tuple(self.game.move_cells), tuple(self.game.redo_cells)) == position

    # -- invariants ------------------------------------------------------------------

    @invariant()
    def announced_results_stay(self) -> None:
        history = {g.game_id: g for g in self.store.history()}
        ranked = {e.game_id: e.score for e in self.store.best_scores(limit=None)}
        for game_id, (score, practice) in self.announced.items():
            assert game_id in history, f"game {game_id} ({score}) left the history"
            result = history[game_id].result
            assert result is not None
            assert result.score == score
            if not practice:
                assert ranked.get(game_id) == score, f"game {game_id} left the scores"

    @invariant()
    def spoken_score_is_stored(self) -> None:
        lines = self.session.handle("score").lines
        saved = self.store.load_game(self.session.game_id)
        game = self.game
        if game.finished:
            spoken = FINAL_SCORE.match(lines[0])
            assert spoken is not None, lines
            assert saved.status is GameStatus.FINISHED
            assert saved.result is not None
            assert int(spoken.group(1)) == saved.result.score
            assert int(spoken.group(2)) == saved.result.moves
            assert ("practice" in lines[0]) == saved.result.practice
        else:
            spoken = SCORE.match(lines[0])
            assert spoken is not None, lines
            assert saved.status is GameStatus.UNFINISHED
            assert int(spoken.group(1)) == game.score
            assert int(spoken.group(2)) == len(saved.moves)
            assert ("practice" in lines[0]) == saved.practice

    @invariant()
    def nothing_announced_is_unsaved(self) -> None:
        saved = self.store.load_game(self.session.game_id)
        assert saved.moves == tuple(self.game.move_cells)
        assert saved.redo == tuple(self.game.redo_cells)
        assert saved.practice == self.game.practice


class BasicLife(Life):
    preset_name = "basic"
    size = "small"


class StrictLife(Life):
    preset_name = "strict"

    def load_preset(self) -> Preset:
        path = self.folder / "strict.yaml"
        path.write_text(STRICT_PRESET, encoding="utf-8")
        return load_preset_file(path, self.host)

    def play_args(self) -> tuple[str, ...]:
        return ("--preset", str(self.folder / "strict.yaml"))


SETTINGS = hypothesis_settings(
    max_examples=30,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

TestLessonLife = Life.TestCase
TestLessonLife.settings = SETTINGS
TestBasicLife = BasicLife.TestCase
TestBasicLife.settings = SETTINGS
TestStrictLife = StrictLife.TestCase
TestStrictLife.settings = SETTINGS
TestLessonLife.pytestmark = TestBasicLife.pytestmark = TestStrictLife.pytestmark = [
    pytest.mark.slow
]
