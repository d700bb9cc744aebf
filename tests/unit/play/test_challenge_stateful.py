"""A challenge's whole life, as a hypothesis state machine over the line interface
(Session over Match over a real SQLite store): moves, finishing stages, ``next``,
``new``, restart, undo and redo at any point (during a stage, after a stage, after
the whole challenge), a click after a stage's end, hints, quit and resume, kill and
resume (issue 43, item 8: restart after a finished stage ended the session with a
store error and exit 5).

Invariants checked after every step:

* no command raises (the command line turned a store error into exit 5, the page
  into a 500);
* every finished stage stays in the store exactly as announced: its game keeps its
  score and moves, in ``history``, and its challenge counts it as that stage;
* a challenge announced complete stays finished with the announced total;
* what ``score`` and ``summary`` say equals what is stored, and nothing said is
  unsaved; after the challenge's last stage they say the challenge's stored total
  and each stage's score first (never the last stage's as if it were the game),
  and during a challenge the running total after the stage's score (A28).

Two tiny two-stage presets: one like Challenge (no undo, replaying is practice,
one-click) and one that allows undo, with confirm selection.
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
from samegame.presets import load_preset_file
from samegame.repl.session import Session
from samegame.store import GameStatus, Store

PRESET = """\
name: mini
title: Mini challenge
description: Two tiny stages for the tests.
formula: basic
clear_bonus: 100
penalty: leftover-squared
min_group: 2
undo: {undo}
hint: practice
replay: practice
selection: {selection}
selection_modes: [confirm, one-click]
board_type: solvable
sizes:
  stage: {{width: 5, height: 4, colours: 2}}
default_size: stage
stages:
  - {{name: First, width: 5, height: 4, colours: 2, board_type: solvable}}
  - {{name: Second, width: 4, height: 4, colours: 2, board_type: random-with-move}}
"""

GAME_FINAL = re.compile(r"Final score (-?\d+)\.")
STAGE_SETTLED = re.compile(r"^Stage (\d+) settled at (-?\d+)\.")
CHALLENGE_DONE = re.compile(r"^Challenge complete\. Final score (-?\d+)\.")
SCORE = re.compile(r"Score (-?\d+) after (\d+) moves?")
FINAL_SCORE = re.compile(r"Final score (-?\d+) after (\d+) moves?")
SETTLED = "A challenge plays each stage once, and this stage is over."
CHALLENGE_FINAL = re.compile(r"^Challenge complete\. Final score (-?\d+): (.+)\.$")
STAGE_PART = re.compile(r"(-?\d+) in stage (\d+)")
RUNNING = re.compile(r"^Stage (\d+) of (\d+); challenge total so far (-?\d+)\.$")

pytestmark = pytest.mark.usefixtures("isolated_home")


class ChallengeLife(RuleBasedStateMachine):
    """One player, one store, many runs of ``samegame play --preset mini``."""

    undo = "disabled"
    selection = "one-click"

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="samegame-challenge-"))
        self.store = Store(self.folder / "samegame.sqlite3")
        self.host = get_host()
        path = self.folder / "mini.yaml"
        path.write_text(PRESET.format(undo=self.undo, selection=self.selection), "utf-8")
        preset = load_preset_file(path, self.host)
        setup = preset.board_setup()
        self.table = Table(
            preset, preset.rules, setup.board_type, setup.spec, ("--preset", str(path))
        )
        # Random board numbers, made repeatable: 101, 102, ...
        numbers = iter(range(100, 10**6))
        self.original_secrets = match_module.secrets
        match_module.secrets = SimpleNamespace(randbelow=lambda limit: next(numbers))  # type: ignore[assignment]
        self.games: dict[int, tuple[int, tuple[Cell, ...]]] = {}  # game id -> (score, moves)
        self.stages: dict[
            tuple[int, int], tuple[int, int]
        ] = {}  # (challenge, stage) -> (game, score)
        self.totals: dict[int, int] = {}  # challenge id -> announced total
        self.session = self.open_session()

    def teardown(self) -> None:
        match_module.secrets = self.original_secrets
        self.store.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    # -- running the interface -------------------------------------------------------

    def open_session(self) -> Session:
        """``samegame play --preset mini``: resumes the unfinished challenge."""
        session = Session(
            host=self.host,
            table=self.table,
            store=self.store,
            settings=Settings(),
            assume_yes=True,
        )
        self.hear(session.start(), session)
        return session

    def say(self, line: str) -> list[str]:
        reply = self.session.handle(line)
        self.hear(reply.lines, self.session)
        return reply.lines

    def hear(self, lines: list[str], session: Session) -> None:
        """Remember every result announced: a stage game's final score and moves,
        a stage's settled score, a challenge's total."""
        match = session.match
        for line in lines:
            total = CHALLENGE_DONE.match(line)
            if total is not None:
                assert match.challenge_id is not None
                self.totals[match.challenge_id] = int(total.group(1))
                event("a challenge was completed")
                continue
            final = GAME_FINAL.search(line)
            if final is not None and not line.startswith("Final score"):
                finish = match.recorded
                assert finish is not None, line
                assert finish.result.score == int(final.group(1))
                self.games[finish.game_id] = (finish.result.score, tuple(match.game.move_cells))
            settled = STAGE_SETTLED.match(line)
            if settled is not None and lines[0] != SETTLED:
                assert match.challenge_id is not None
                assert match.recorded is not None
                key = (match.challenge_id, int(settled.group(1)) - 1)
                self.stages[key] = (match.recorded.game_id, int(settled.group(2)))

    @property
    def game(self):  # type: ignore[no-untyped-def]
        return self.session.match.game

    def click(self, cell: Cell) -> None:
        self.say(format_cell(cell))
        if self.game.rules.selection.value == "confirm" and self.game.selection is not None:
            self.say(format_cell(cell))

    # -- rules -----------------------------------------------------------------------

    @precondition(lambda self: not self.game.finished)
    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        group = data.draw(st.sampled_from(self.game.legal_groups()), label="group")
        before = len(self.game.moves)
        self.click(group.anchor)
        assert len(self.game.moves) == before + 1

    @precondition(lambda self: not self.game.finished)
    @rule(data=st.data())
    def finish_the_stage(self, data: st.DataObject) -> None:
        """Moves until the stage ends, each group drawn at random."""
        while not self.game.finished:
            groups = self.game.legal_groups()
            self.click(groups[data.draw(st.integers(0, len(groups) - 1), label="group")].anchor)
        event("a stage ended")

    @rule(word=st.sampled_from(["restart", "undo", "redo", "A1"]))
    def play_again(self, word: str) -> None:
        """Restart, undo, redo or a click, at any point: after a stage's end they
        change nothing and say what comes next."""
        match = self.session.match
        finished = self.game.finished
        game_id = match.game_id
        lines = self.say(word)
        if not finished:
            return
        event(f"{word} after a stage")
        assert lines[0] == SETTLED, lines
        stage = match.recorded.stage if match.recorded else None
        assert stage is not None
        if stage.next_stage is None:
            assert lines[1:] == ["Type new for another challenge, or quit."]
        else:
            assert lines[1:] == [
                f"Stage {stage.stage} settled at {stage.score}. "
                f"Type next to start stage {stage.next_stage}."
            ]
        assert self.game.finished
        assert match.game_id == game_id

    @rule(word=st.sampled_from(["next", "new", "hint", "score", "summary"]))
    def command(self, word: str) -> None:
        self.say(word)

    @rule()
    def quit_and_come_back(self) -> None:
        self.say("quit")
        self.come_back()

    @rule()
    def kill_and_come_back(self) -> None:
        """No quit, nothing more written."""
        del self.session
        self.come_back()

    def come_back(self) -> None:
        """The next run resumes the unfinished challenge at the game it was at."""
        challenge = self.store.latest_unfinished_challenge("mini")
        self.session = self.open_session()
        if challenge is not None:
            assert self.session.match.challenge_id == challenge.challenge_id
            assert self.session.game_id == challenge.game_id

    # -- invariants ------------------------------------------------------------------

    @invariant()
    def finished_stages_stay_as_announced(self) -> None:
        history = {game.game_id for game in self.store.history()}
        for game_id, (score, moves) in self.games.items():
            saved = self.store.load_game(game_id)
            assert game_id in history, f"game {game_id} ({score}) left the history"
            assert saved.status is GameStatus.FINISHED
            assert saved.result is not None
            assert saved.result.score == score
            assert saved.moves == moves
        for (challenge_id, index), (game_id, score) in self.stages.items():
            stages = self.store.load_challenge(challenge_id).stages
            assert [(s.game_id, s.score) for s in stages if s.stage == index] == [(game_id, score)]

    @invariant()
    def completed_challenges_stay(self) -> None:
        for challenge_id, total in self.totals.items():
            saved = self.store.load_challenge(challenge_id)
            assert saved.status is GameStatus.FINISHED
            assert sum(stage.score or 0 for stage in saved.stages) == total

    @invariant()
    def spoken_score_is_stored(self) -> None:
        saved = self.store.load_game(self.session.game_id)
        match = self.session.match
        for word in ("score", "summary"):
            lines = self.session.handle(word).lines
            first = lines[0]
            assert match.challenge_id is not None
            stored = self.store.load_challenge(match.challenge_id)
            settled = [(s.stage + 1, s.score) for s in stored.stages if s.score is not None]
            if match.challenge_over():
                # The challenge's total and its stages, as stored (A28).
                said = CHALLENGE_FINAL.match(first)
                assert said is not None, lines
                assert int(said.group(1)) == stored.total
                parts = [(int(stage), int(score)) for score, stage in STAGE_PART.findall(said[2])]
                assert parts == settled
                event("score or summary after a whole challenge")
                continue
            running = [RUNNING.match(line) for line in lines]
            told = [found for found in running if found is not None]
            assert len(told) == 1, lines
            live = 0 if self.game.finished else self.game.score
            assert int(told[0].group(1)) == match.stage_index + 1
            assert int(told[0].group(3)) == sum(score for _, score in settled) + live
            if self.game.finished:
                spoken = FINAL_SCORE.match(first)
                assert spoken is not None, first
                assert saved.status is GameStatus.FINISHED
                assert saved.result is not None
                assert (int(spoken.group(1)), int(spoken.group(2))) == (
                    saved.result.score,
                    saved.result.moves,
                )
            else:
                spoken = SCORE.match(first)
                assert spoken is not None, first
                assert saved.status is GameStatus.UNFINISHED
                assert (int(spoken.group(1)), int(spoken.group(2))) == (
                    self.game.score,
                    len(saved.moves),
                )

    @invariant()
    def nothing_said_is_unsaved(self) -> None:
        saved = self.store.load_game(self.session.game_id)
        assert saved.moves == tuple(self.game.move_cells)
        assert saved.redo == tuple(self.game.redo_cells)
        assert saved.practice == self.game.practice


class UndoChallengeLife(ChallengeLife):
    undo = "allowed"
    selection = "confirm"


SETTINGS = hypothesis_settings(
    max_examples=25,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

TestChallengeLife = ChallengeLife.TestCase
TestChallengeLife.settings = SETTINGS
TestUndoChallengeLife = UndoChallengeLife.TestCase
TestUndoChallengeLife.settings = SETTINGS
TestChallengeLife.pytestmark = TestUndoChallengeLife.pytestmark = [pytest.mark.slow]
