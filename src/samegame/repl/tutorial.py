"""``samegame tutorial``: a short lesson on a 4 by 4 board, in the line interface.

It explains cells, groups, the two stages of a move (tiles fall first, then empty
columns close to the left) and scoring, and checks understanding with questions.
A wrong answer gets an explanation and the question again; ``skip`` moves on,
``quit`` leaves. The board and its moves are played by the real Game and described
by the real Announcer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from samegame.builtins.scoring import BASIC
from samegame.coords import CoordinateError, format_cell, parse_cell
from samegame.game import Game
from samegame.i18n import Translator
from samegame.repl.announcer import Announcer
from samegame.repl.terminal import LineIO
from samegame.rules import Rules
from samegame.textboard import read_board

LESSON_BOARD = "BG..\nRG..\nRBB.\nRBYY\n"
# The Lesson preset's rules: n minus 2, squared; no clear bonus; no penalty.
LESSON_RULES = Rules(BASIC, clear_bonus=0)


@dataclass(frozen=True)
class Question:
    """Text to say, the check of an answer, and the explanation after a wrong one."""

    key: str
    check: Callable[[str], bool]
    explain: str


@dataclass(frozen=True)
class Move:
    """Ask the player to remove the group at a cell (selecting, then confirming)."""

    key: str
    cell: str


Step = Question | Move


def _is_cell(expected: str) -> Callable[[str], bool]:
    def check(answer: str) -> bool:
        try:
            return format_cell(parse_cell(answer)) == expected
        except CoordinateError:
            return False

    return check


def _is_number(expected: int) -> Callable[[str], bool]:
    return lambda answer: answer.strip().isdigit() and int(answer.strip()) == expected


def _is_column(expected: str) -> Callable[[str], bool]:
    def check(answer: str) -> bool:
        words = answer.strip().lower().split()
        return bool(words) and words[-1] == expected.lower()

    return check


STEPS: tuple[Step, ...] = (
    Question("tutorial.q.corner", _is_cell("A1"), "tutorial.explain.corner"),
    Question("tutorial.q.group", _is_number(3), "tutorial.explain.group"),
    Move("tutorial.move.first", "A1"),
    Question("tutorial.q.fall", _is_cell("A1"), "tutorial.explain.fall"),
    Question("tutorial.q.points", _is_number(4), "tutorial.explain.points"),
    Move("tutorial.move.blue", "B1"),
    Question("tutorial.q.left", _is_column("A"), "tutorial.explain.left"),
    Move("tutorial.move.yellow", "B1"),
    Move("tutorial.move.last", "A1"),
)


class Tutorial:
    """Runs the lesson on a LineIO; ``run()`` returns True when every step was done."""

    def __init__(self, io: LineIO, tr: Translator) -> None:
        self.io = io
        self.tr = tr
        self.announcer = Announcer(tr)
        self.game = Game(read_board(LESSON_BOARD), LESSON_RULES)

    def say(self, *lines: str) -> None:
        self.io.write(list(lines))

    def ask(self) -> str | None:
        line = self.io.read()
        return None if line is None else line.strip()

    def run(self) -> bool:
        self.say(self.tr("tutorial.welcome"), *self.announcer.board(self.game.board))
        for step in STEPS:
            done = self.question(step) if isinstance(step, Question) else self.move(step)
            if done is None:
                self.say(self.tr("tutorial.bye"))
                return False
        self.say(self.tr("tutorial.done"))
        return True

    def _control(self, answer: str | None) -> str | None:
        """None to leave; ``skip`` and ``board`` are handled by the callers."""
        if answer is None or answer.lower() in ("quit", "q", "exit"):
            return None
        return answer

    def question(self, step: Question) -> bool | None:
        self.say(self.tr(step.key))
        while True:
            answer = self._control(self.ask())
            if answer is None:
                return None
            if answer.lower() == "board":
                self.say(*self.announcer.board(self.game.board))
                continue
            if answer.lower() == "skip":
                self.say(self.tr(step.explain))
                return True
            if step.check(answer):
                self.say(self.tr("tutorial.right"))
                return True
            self.say(self.tr("tutorial.wrong"), self.tr(step.explain), self.tr(step.key))

    def move(self, step: Move) -> bool | None:
        target = self.game.board.group_at(parse_cell(step.cell))
        self.say(self.tr(step.key))
        while True:
            answer = self._control(self.ask())
            if answer is None:
                return None
            lowered = answer.lower()
            if lowered == "board":
                self.say(*self.announcer.board(self.game.board))
                continue
            if lowered == "skip":
                events = self.game.play(parse_cell(step.cell))
                break
            if lowered in ("remove", "x", "ok"):
                if self.game.selection is None:
                    self.say(self.tr("tutorial.select_first", cell=step.cell))
                    continue
                events = self.game.confirm()
                break
            try:
                cell = parse_cell(answer)
                chosen = self.game.board.group_at(cell)
            except CoordinateError:
                self.say(self.tr("tutorial.not_a_cell", cell=step.cell))
                continue
            if chosen != target:
                self.say(self.tr("tutorial.other_group", cell=step.cell))
                continue
            preview, events = self.game.click(cell)
            if events:
                break
            self.say(*self.announcer.preview(preview), self.tr("tutorial.confirm"))
        self.say(*self.announcer.events(events, self.game.board, self.game.rules))
        return True
