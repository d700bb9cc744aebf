"""``samegame tutorial``: the lessons of ``samegame.repl.lessons``, then three moves of
the player's own on a practice board, in the line interface.

Contracts:

- Every board is played by the real Game and described by the real Announcer; the
  rules are the Lesson preset's (n minus 2, squared; no clear bonus; no penalty).
- A question's answer is checked; a wrong one gets the explanation and the question
  again; ``skip`` says the explanation and moves on (a move step is made for the
  player); ``quit`` (or the end of input) leaves. Queries (``board``, ``row 2``,
  ``column B``, ``cell A1``, ``groups``, ``colours``, ``score``, ``coords``) answer
  at any step and change nothing.
- The practice board is the lower-left 5 by 5 corner of Lesson board
  ``PRACTICE_NUMBER`` (7 columns by 9 rows), in the Lesson's three shapes, scored
  from zero. ``explain`` names one legal move without claiming it is the best and is
  recorded as help (``Game.note_assistance("explain")``); ``undo`` takes back a
  move, or a reset; ``reset`` asks first. Three moves end the practice.
- Nothing is saved: the tutorial never opens the store for writing, and its
  practice is no game of ``samegame play``.
- Output is plain append-only lines. A sighted player (``draw`` given) sees each
  board drawn with its legend; in accessible mode boards are read row by row.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from samegame.core.board import Board
from samegame.core.coords import (
    Cell,
    CoordinateError,
    format_cell,
    parse_cell,
)
from samegame.core.events import Event
from samegame.core.game import Game, MoveRejected
from samegame.core.quoting import shown
from samegame.core.textboard import read_board
from samegame.i18n import Translator, translator
from samegame.plugin.host import PluginHost
from samegame.repl.announcer import Announcer
from samegame.repl.commands import WORDS, Kind, ParsedCommand, UnknownCommandError, parse_command
from samegame.repl.lessons import (
    LESSON_RULES,
    LESSONS,
    Lesson,
    LessonMove,
    Question,
    Say,
    normalised,
)
from samegame.repl.pager import Pager
from samegame.repl.settings_command import Settings
from samegame.repl.terminal import LineIO, PlainIO, colour_enabled, resolve_accessible
from samegame.repl.wording import Verbosity

__all__ = [
    "LESSON_RULES",
    "PRACTICE_MOVES",
    "PRACTICE_NUMBER",
    "PRACTICE_SIZE",
    "Tutorial",
    "practice_board",
    "run_tutorial",
]

# The practice board: the lower-left corner of this Lesson board.
PRACTICE_NUMBER = 3
PRACTICE_SIZE = (5, 5)  # columns, rows
PRACTICE_MOVES = 3

# Words of the tutorial beside the shared command language.
SKIP_WORDS = ("skip",)
EXPLAIN_WORDS = ("explain", "e")
RESET_WORDS = ("reset",)
YES_WORDS = ("y", "yes")

# Commands that only tell, never change: answered at every step.
QUERIES = (
    Kind.BOARD,
    Kind.ROW,
    Kind.COLUMN,
    Kind.CELL,
    Kind.GROUPS,
    Kind.COLOURS,
    Kind.SCORE,
    Kind.COORDS,
)

Draw = Callable[[Board], str]


def lesson_palette() -> tuple[int, ...]:
    """The Lesson preset's palette order: its boards' colours as circle, diamond and
    triangle first."""
    from samegame.plugin.host import get_host
    from samegame.presets import find_preset

    return find_preset("lesson", get_host()).palette


def practice_board(host: PluginHost) -> Board:
    """The lower-left ``PRACTICE_SIZE`` corner of Lesson board ``PRACTICE_NUMBER``,
    made by the Lesson preset's own generator and shown in its palette (circle,
    diamond and triangle), as ``samegame play --preset lesson`` shows that board."""
    from samegame.core.numbering import make_board
    from samegame.presets import find_preset

    setup = find_preset("lesson", host).board_setup()
    made = make_board(host.generator(setup.board_type), setup.spec, PRACTICE_NUMBER).board
    if setup.palette:
        made = made.recoloured(setup.palette)
    width, height = PRACTICE_SIZE
    columns = [column[:height] for column in made.columns()[:width]]
    return Board.from_columns(columns, width, height)


def practice_intro(tr: Translator) -> str:
    """What the practice is: its moves, its corner and the whole Lesson board."""
    from samegame.plugin.host import get_host
    from samegame.presets import find_preset

    spec = find_preset("lesson", get_host()).board_setup().spec
    width, height = PRACTICE_SIZE
    return tr(
        "tutorial.practice.intro",
        moves=PRACTICE_MOVES,
        width=width,
        height=height,
        number=PRACTICE_NUMBER,
        full_width=spec.width,
        full_height=spec.height,
    )


class Left(Exception):
    """The player left the tutorial (``quit`` or the end of input)."""


@dataclass
class Voice:
    """What the lessons and the practice share: reading a line, saying lines, the
    board for the player's way of reading it, and the queries."""

    io: LineIO
    tr: Translator
    announcer: Announcer
    draw: Draw | None = None
    symbols: str = "letters"
    pager: Pager = field(default_factory=Pager)

    def say(self, *lines: str) -> None:
        self.io.write(list(lines))

    def read(self) -> str:
        """The next line, stripped; Left for ``quit`` or the end of input."""
        line = self.io.read()
        if line is None:
            raise Left
        text = line.strip()
        if text.lower() in WORDS[Kind.QUIT]:
            raise Left
        return text

    def board(self, board: Board) -> list[str]:
        """Drawn with its legend for a sighted player, else read row by row."""
        if self.draw is not None:
            return [self.draw(board).rstrip("\n"), self.announcer.legend(board, self.symbols)]
        return self.announcer.board(board)

    def changed(self, events: Sequence[Event], game: Game) -> list[str]:
        """A move's announcement; a sighted player also sees the board after it."""
        lines = self.announcer.events(events, game.board, game.rules)
        if self.draw is not None and not game.board.is_empty():
            lines.append(self.draw(game.board).rstrip("\n"))
            if self.symbols == "digits":  # a number says no colour by itself
                lines.append(self.announcer.legend(game.board, self.symbols))
        return lines

    def command(self, text: str) -> ParsedCommand | None:
        """The line as a command of the shared language, or None."""
        try:
            return parse_command(text)
        except UnknownCommandError:
            return None

    def query(self, command: ParsedCommand | None, game: Game) -> list[str] | None:
        """The answer to a query, or None when the command is not one."""
        if command is not None and command.kind is Kind.MORE:
            return self.pager.more(self.tr)
        self.pager.clear()
        if command is None or command.kind not in QUERIES:
            return None
        if command.kind is Kind.GROUPS:  # a long list is paged, as in play (A26)
            told = self.announcer.query(command, game.board, game.rules) or []
            return self.pager.page(told, self.tr)
        if command.kind is Kind.BOARD:
            return self.board(game.board)
        if command.kind is Kind.SCORE:
            return self.announcer.score(game.score, len(game.moves), False)
        return self.announcer.query(command, game.board, game.rules)


class Tutorial:
    """Runs the lessons and the practice on a LineIO; ``run()`` returns True when
    the player went through to the end, False when they left."""

    def __init__(
        self,
        io: LineIO,
        tr: Translator,
        *,
        practice: Board | None = None,
        draw: Draw | None = None,
        symbols: str = "letters",
        verbosity: Verbosity = Verbosity.NORMAL,
    ) -> None:
        """``practice`` is the practice board (``practice_board(host)`` by
        default); ``draw`` draws a board for a sighted player (None: read rows);
        ``symbols`` is how tiles are drawn and ``verbosity`` how much a move says,
        as in ``play``."""
        announcer = Announcer(tr, verbosity, lesson_palette())
        self.voice = Voice(io, tr, announcer, draw, symbols)
        self.tr = tr
        self.practice = practice
        self.game = Game(read_board(LESSONS[0].board), LESSON_RULES)

    def run(self) -> bool:
        voice = self.voice
        voice.say(self.tr("tutorial.welcome"))
        try:
            for lesson in LESSONS:
                self.lesson(lesson)
            board = self.practice
            if board is None:
                from samegame.plugin.host import get_host

                board = practice_board(get_host())
            self.game = Game(board, LESSON_RULES)
            Practice(voice, self.game).run()
        except Left:
            voice.say(self.tr("tutorial.bye"))
            return False
        voice.say(self.tr("tutorial.done"))
        return True

    def lesson(self, lesson: Lesson) -> None:
        self.game = Game(read_board(lesson.board), LESSON_RULES)
        for index, step in enumerate(lesson.steps):
            if isinstance(step, Say):
                self.voice.say(self.tr(step.key))
            elif isinstance(step, Question):
                self.question(step)
            else:
                self.move(step)
            if index == 0:
                self.voice.say(*self.voice.board(self.game.board))

    def question(self, step: Question) -> None:
        voice, tr = self.voice, self.tr
        voice.say(tr(step.key))
        while True:
            answer = voice.read()
            if not answer:
                continue
            if answer.lower() in SKIP_WORDS:
                voice.say(tr(step.explain))
                return
            if step.check(self.game, answer):
                voice.say(tr("tutorial.right"))
                return
            told = voice.query(voice.command(answer), self.game)
            if told is not None:
                voice.say(*told)
                continue
            voice.say(tr("tutorial.wrong"), tr(step.explain), tr(step.key))

    def move(self, step: LessonMove) -> None:
        voice, tr, game = self.voice, self.tr, self.game
        target = game.board.group_at(parse_cell(step.cell))
        voice.say(tr(step.key))
        while True:
            answer = voice.read()
            lowered = answer.lower()
            if not answer:
                continue
            if lowered in SKIP_WORDS:
                voice.say(*voice.changed(game.play(parse_cell(step.cell)), game))
                return
            command = voice.command(answer)
            told = voice.query(command, game)
            if told is not None:
                voice.say(*told)
                continue
            if command is not None and command.kind is Kind.REMOVE:
                if game.selection is None:
                    voice.say(tr("tutorial.select_first", cell=step.cell))
                    continue
                voice.say(*voice.changed(game.confirm(), game))
                return
            try:
                cell = parse_cell(normalised(answer))
            except CoordinateError:
                voice.say(tr("tutorial.not_a_cell", cell=step.cell))
                continue
            if not (0 <= cell.col < game.board.width and 0 <= cell.row < game.board.height):
                voice.say(tr("rejected.outside", cell=format_cell(cell)))
                continue
            if game.board.group_at(cell) != target:
                voice.say(tr("tutorial.other_group", cell=step.cell))
                continue
            preview, events = game.click(cell)
            if events:
                voice.say(*voice.changed(events, game))
                return
            voice.say(*voice.announcer.preview(preview), tr("tutorial.confirm"))


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
        voice.say(practice_intro(tr))
        voice.say(*voice.board(game.board))
        voice.say(tr("tutorial.practice.commands"))
        while len(game.moves) < PRACTICE_MOVES and not game.finished:
            answer = voice.read()
            if self.asking_reset:
                self.asking_reset = False
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
            return [tr("tutorial.practice.reset.ask", count=len(game.moves))]
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
            preview, events = game.click(command.cell)
            if events:
                return voice.changed(events, game)
            return [*voice.announcer.preview(preview), tr("tutorial.confirm")]
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

    def answer_reset(self, answer: str) -> None:
        voice, tr, game = self.voice, self.tr, self.game
        if answer.strip().lower() not in YES_WORDS:
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


def run_tutorial(settings: Settings, *, stdin: TextIO, stdout: TextIO, host: PluginHost) -> int:
    """``samegame tutorial`` with the settings in force; the exit status: 0, or 130
    after Ctrl-C (which ends the line first, then says goodbye).

    Plain append-only lines on every path. In accessible mode boards are read row
    by row; otherwise each board is drawn (in colour on a terminal that takes it)
    with its legend, in the chosen symbols.
    """
    io = PlainIO(stdin, stdout, interactive=stdin.isatty())
    draw: Draw | None = None
    if not resolve_accessible(None, settings.accessible):
        use_colour = colour_enabled(settings.colour, stdout.isatty(), False)
        renderer = host.renderer("ansi" if use_colour else "text")

        def draw(board: Board) -> str:
            options = {"symbols": settings.symbols, "palette": list(lesson_palette())}
            return renderer.render(board, options)

    tr = translator(settings.language)
    tutorial = Tutorial(
        io,
        tr,
        practice=practice_board(host),
        draw=draw,
        symbols=settings.symbols,
        verbosity=settings.verbosity,
    )
    try:
        tutorial.run()
    except KeyboardInterrupt:
        io.write(["", tr("tutorial.bye")])
        return 130
    return 0
