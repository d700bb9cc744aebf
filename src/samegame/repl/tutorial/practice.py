"""The practice of ``samegame tutorial``: three moves of the player's own on a
position of its own (``position.practice_board``), scored from zero.

Contracts: a cell selects its group and says it, and selecting again only selects
(shared/TUTORIAL.md): ``remove`` removes it. ``explain`` names one legal move without
claiming it is the best and is recorded as help (``Game.note_assistance("explain")``);
``undo`` takes back a move, or a reset; ``reset`` asks first, and an answer that is
neither yes nor no (a typo, a command) is asked again (A40); ``cancel`` (or Escape)
clears the selection; three moves, or no group left, end the practice; nothing is
saved.
"""

from __future__ import annotations

from samegame.core.coords import Cell
from samegame.core.game import Game, MoveRejected
from samegame.core.quoting import shown
from samegame.i18n import Translator
from samegame.play.program import Carried, come_back_command
from samegame.repl.answers import read_yes_no
from samegame.repl.commands import Kind, ParsedCommand
from samegame.repl.tutorial.position import PRACTICE_HEIGHTS, PRACTICE_NUMBER
from samegame.repl.tutorial.voice import Voice

__all__ = ["PRACTICE_MOVES", "Practice", "practice_intro"]

PRACTICE_MOVES = 3

# Words of the practice beside the shared command language.
SKIP_WORDS = ("skip",)
EXPLAIN_WORDS = ("explain", "e")
RESET_WORDS = ("reset",)


def practice_intro(tr: Translator, carried: Carried | None = None) -> str:
    """What the practice is: its moves, its position and the whole Lesson board,
    with the command that plays it, carrying the ``carried`` mode and language."""
    from samegame.plugin.host import get_host
    from samegame.presets import find_preset

    spec = find_preset("lesson", get_host()).board_setup().spec
    return tr(
        "tutorial.practice.intro",
        moves=PRACTICE_MOVES,
        width=len(PRACTICE_HEIGHTS),
        height=max(PRACTICE_HEIGHTS),
        number=PRACTICE_NUMBER,
        full_width=spec.width,
        full_height=spec.height,
        command=come_back_command(
            "play", "--preset", "lesson", "--board-number", str(PRACTICE_NUMBER), carried=carried
        ),
    )


class Practice:
    """Three moves of the player's own on the practice board, scored from zero."""

    def __init__(self, voice: Voice, game: Game) -> None:
        self.voice = voice
        self.tr = voice.tr
        self.game = game
        self.before_reset: list[Cell] = []
        self.asking_reset = False

    def run(self) -> None:
        voice, tr, game = self.voice, self.tr, self.game
        voice.say(practice_intro(tr, voice.carried))
        voice.say(*voice.board(game.board))
        voice.say(tr("tutorial.practice.commands"))
        while len(game.moves) < PRACTICE_MOVES and not game.finished:
            answer = voice.read()
            if self.asking_reset:
                self.answer_reset(answer)
            elif answer.lower() in SKIP_WORDS:
                break
            elif answer:
                voice.say(*self.handle(answer))
                if game.moves:
                    self.before_reset = []  # a new move: undo takes it back, not the reset
        voice.say(*self.done())

    def handle(self, text: str) -> list[str]:
        voice, tr, game = self.voice, self.tr, self.game
        lowered = text.lower()
        if lowered in EXPLAIN_WORDS:
            return self.explain()
        if lowered in RESET_WORDS:
            if not game.moves:
                return [tr("tutorial.practice.reset.nothing")]
            self.asking_reset = True
            return [self.reset_question()]
        command = voice.command(text)
        told = voice.query(command, game)
        if told is not None:
            return told
        if command is None:
            return [tr("tutorial.practice.unknown", text=shown(text))]
        try:
            return self.act(command)
        except MoveRejected as error:
            return voice.announcer.rejection(error)

    def act(self, command: ParsedCommand) -> list[str]:
        voice, tr, game = self.voice, self.tr, self.game
        kind = command.kind
        if kind is Kind.SELECT:
            assert command.cell is not None
            # Selecting again only selects (shared/TUTORIAL.md): remove confirms.
            return [*voice.announcer.preview(game.select(command.cell)), tr("tutorial.confirm")]
        if kind is Kind.REMOVE:
            return voice.changed(game.confirm(), game)
        if kind is Kind.CANCEL:
            return [tr("cancelled" if game.cancel() else "cancel.nothing")]
        if kind is Kind.UNDO:
            if not game.moves and self.before_reset:
                return self.undo_reset()
            return voice.changed(game.undo(), game)
        if kind is Kind.REDO:
            return voice.changed(game.redo(), game)
        if kind is Kind.HELP:
            return [tr("tutorial.practice.commands")]
        return [tr("tutorial.practice.not_here")]

    def explain(self) -> list[str]:
        """One legal move, with no claim that it is the best: the group of the
        lowest tile of the leftmost column that has a group. Recorded as help."""
        game = self.game
        groups = sorted(game.legal_groups(), key=lambda g: g.anchor)
        if not groups:
            return [self.tr("hint.none")]
        game.note_assistance("explain")
        group = groups[0]
        return [
            self.tr(
                "tutorial.practice.explain",
                group=self.voice.announcer.group(game.board, group, game.rules),
            )
        ]

    def reset_question(self) -> str:
        return self.tr("tutorial.practice.reset.ask", count=len(self.game.moves))

    def answer_reset(self, answer: str) -> None:
        voice, tr, game = self.voice, self.tr, self.game
        if not answer:
            return
        yes = read_yes_no(answer)
        if yes is None:  # a typo or a command is asked again, never taken as no
            voice.say(tr("tutorial.want.yes_no"), self.reset_question())
            return
        self.asking_reset = False
        if not yes:
            voice.say(tr("confirm.kept"))
            return
        self.before_reset = list(game.move_cells)
        events = game.restart()
        voice.say(
            *voice.announcer.events(events, game.board, game.rules),
            tr("tutorial.practice.reset.done"),
            *voice.board(game.board),
        )

    def undo_reset(self) -> list[str]:
        """Play the moves of before the reset again, by the rules."""
        game = self.game
        for cell in self.before_reset:
            game.play(cell)
        count, self.before_reset = len(self.before_reset), []
        lines = [self.tr("tutorial.practice.reset.undone", count=count, score=game.score)]
        return lines + self.voice.board(game.board)

    def done(self) -> list[str]:
        tr, game = self.tr, self.game
        lines = [tr("tutorial.practice.done", count=len(game.moves), score=game.score)]
        if game.assistance:
            used = [tr(f"assistance.{kind}") for kind in game.assistance]
            lines.append(tr("summary.assistance", used=self.voice.announcer.join(used)))
        return lines
