"""``samegame tutorial``: the seven steps of ``samegame.repl.tutorial.lessons`` on one
position, two closing questions, then three moves of the player's own on another
position, in the line interface.

Contracts:

- One Game plays every step, on ``position.lesson_position`` (the lower
  left of Lesson board ``LESSON_NUMBER``), by the Lesson preset's rules (n minus 2,
  squared; no clear bonus; no penalty), and the real Announcer says every move.
- A question's answer is checked on the game; the explanation follows it, right or
  wrong, and a wrong answer gets the question again; ``skip`` says the explanation
  and moves on (a move step is made for the player); ``quit`` (or the end of input)
  leaves. Queries (``board``, ``row 2``, ``column B``, ``cell A1``, ``groups``,
  ``colours``, ``score``, ``coords``) answer at any step and change nothing.
  ``cancel`` (or Escape) is taken everywhere: it clears the selection in a move
  step and says there is nothing to cancel elsewhere.
- Step 7 opens undo and redo to compare plans, then goes on from the lesson's
  position. The lessons end with the board not cleared.
- The practice (``samegame.repl.tutorial.practice``) follows; nothing is saved.
- Every command line it tells the player to run (the goodbye, the closing line,
  the practice's whole board) is built by ``come_back_command``: ``samegame``, or
  the path that started it where that is not on the PATH (A38), and the
  ``--accessible`` and ``--lang`` this run was given (A39).
- Output is plain append-only lines. A sighted player (``draw`` given) sees each
  board drawn with its legend; in accessible mode boards are read row by row.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TextIO

from samegame.core.board import Board
from samegame.core.coords import Cell, CoordinateError, format_cell, parse_cell
from samegame.core.game import Game, MoveRejected
from samegame.i18n import Translator, translator
from samegame.play.player_settings import Settings
from samegame.play.program import Carried, come_back_command
from samegame.plugin.host import PluginHost
from samegame.repl.announcer import Announcer
from samegame.repl.commands import Kind
from samegame.repl.terminal import LineIO, PlainIO, colour_enabled, resolve_accessible
from samegame.repl.tutorial.lessons import (
    LESSON_RULES,
    LESSONS,
    NUMBERED,
    Compare,
    Lesson,
    LessonMove,
    Question,
    Say,
    Show,
    normalised,
)
from samegame.repl.tutorial.position import (
    FACTS,
    LESSON_HEIGHTS,
    LESSON_NUMBER,
    lesson_position,
    practice_board,
)
from samegame.repl.tutorial.practice import Practice
from samegame.repl.tutorial.voice import Draw, Left, Voice
from samegame.repl.wording import Verbosity, Wording

__all__ = [
    "LESSON_RULES",
    "Tutorial",
    "goodbye",
    "lesson_facts",
    "run_tutorial",
    "spoken_fact",
    "well_done",
]

SKIP_WORDS = ("skip",)
NEXT_WORDS = ("next", "n")


def lesson_palette() -> tuple[int, ...]:
    """The Lesson preset's palette order: its boards' colours as circle, diamond and
    triangle first."""
    from samegame.plugin.host import get_host
    from samegame.presets import find_preset

    return find_preset("lesson", get_host()).palette


def spoken_fact(tr: Translator, value: str | int | tuple[str, ...]) -> str | int:
    """One fact as the sentences say it: a number, a cell or a column letter as it
    is; a list of cells joined in the player's language; a list of column letters
    as the announcer says one, with a list that starts at A saying A alone before a
    comma (``A, B``), so that a speech synthesizer reads it as the letter (A32)."""
    if not isinstance(value, tuple):
        return value
    if all(len(name) == 1 for name in value):
        return Wording(tr).columns([parse_cell(f"{name}1").col for name in value])
    return tr.join(list(value))


def lesson_facts(
    tr: Translator, facts: Mapping[str, str | int | tuple[str, ...]] = FACTS
) -> dict[str, object]:
    """The values the lessons' sentences are filled with: ``facts`` (by default
    ``FACTS``) as ``spoken_fact`` says them, and what the Lesson rules make of them."""
    from samegame.plugin.host import get_host
    from samegame.presets import find_preset

    values: dict[str, object] = {name: spoken_fact(tr, value) for name, value in facts.items()}
    seven, circles = facts["seven"], facts["circles_size"]
    assert isinstance(seven, int)
    assert isinstance(circles, int)
    points = LESSON_RULES.points
    spec = find_preset("lesson", get_host()).board_setup().spec
    values.update(
        formula=tr("describe.formula.basic"),
        two=2,
        less=seven - 2,
        points=points(seven),
        pair_points=points(2),
        three_points=points(3),
        five_points=points(5),
        end_score=points(seven) + points(circles),
        count=NUMBERED,
        number=LESSON_NUMBER,
        full_width=spec.width,
        full_height=spec.height,
        width=len(LESSON_HEIGHTS),
        height=max(LESSON_HEIGHTS),
    )
    return values


def goodbye(tr: Translator, carried: Carried | None = None) -> str:
    """The last line when the player leaves: the command that starts the tutorial
    again as it was left, with the ``carried`` mode and language (A38, A39)."""
    return tr("tutorial.bye", command=come_back_command("tutorial", carried=carried))


def well_done(tr: Translator, carried: Carried | None = None) -> str:
    """The last line of a tutorial gone through to the end: what it taught, and the
    command that starts a Lesson game with the ``carried`` mode and language (A38,
    A39)."""
    command = come_back_command("play", "--preset", "lesson", carried=carried)
    return tr("tutorial.done", command=command)


class Tutorial:
    """Runs the lessons and the practice on a LineIO; ``run()`` returns True when
    the player went through to the end, False when they left."""

    def __init__(
        self,
        io: LineIO,
        tr: Translator,
        *,
        lesson: Board | None = None,
        practice: Board | None = None,
        draw: Draw | None = None,
        symbols: str = "letters",
        verbosity: Verbosity = Verbosity.NORMAL,
        carried: Carried | None = None,
    ) -> None:
        """``lesson`` and ``practice`` are the two positions (by default
        ``lesson_position`` and ``practice_board``); ``draw`` draws a board for a
        sighted player (None: read rows); ``symbols`` is how tiles are drawn and
        ``verbosity`` how much a move says, as in ``play``; ``carried`` is the mode
        and language given by option, which every command the tutorial names
        carries (A39)."""
        from samegame.plugin.host import get_host

        announcer = Announcer(tr, verbosity, lesson_palette())
        self.voice = Voice(io, tr, announcer, draw, symbols, carried=carried or Carried())
        self.tr = tr
        self.facts = lesson_facts(tr)
        self.practice = practice if practice is not None else practice_board(get_host())
        start = lesson if lesson is not None else lesson_position(get_host())
        self.game = Game(start, LESSON_RULES)

    def say(self, step: Say | Show | Question | LessonMove | Compare) -> None:
        """A step's sentence, filled with the lessons' facts."""
        self.voice.say(self.tr(step.key, **self.facts))

    def run(self) -> bool:
        voice, tr = self.voice, self.tr
        voice.say(tr("tutorial.welcome", count=NUMBERED))
        try:
            voice.say(tr("tutorial.position", **self.facts))
            for index, lesson in enumerate(LESSONS, start=1):
                self.lesson(index, lesson)
            self.game = Game(self.practice, LESSON_RULES)
            Practice(voice, self.game).run()
        except Left:
            voice.say(goodbye(tr, voice.carried))
            return False
        voice.say(well_done(tr, voice.carried))
        return True

    def lesson(self, index: int, lesson: Lesson) -> None:
        if lesson.title is not None:
            self.heading(index, lesson.title)
        for step in lesson.steps:
            if isinstance(step, Say):
                self.say(step)
            elif isinstance(step, Show):
                self.show(step)
            elif isinstance(step, Question):
                self.question(step)
            elif isinstance(step, LessonMove):
                self.move(step)
            else:
                self.compare(step)

    def heading(self, index: int, step: Say) -> None:
        """``Step 3 of 7: open the space.``"""
        title = self.tr(step.key)
        self.voice.say(self.tr("tutorial.step.heading", number=index, count=NUMBERED, title=title))

    def show(self, step: Show) -> None:
        board = self.game.board
        outline: list[Cell] = []
        if step.outline is not None and self.voice.draw is not None:
            group = board.group_at(parse_cell(step.outline))
            outline = board.cells(group.mask) if group is not None else []
            self.voice.say(self.tr("tutorial.outlined"))
        self.voice.say(*self.voice.board(board, outline))
        self.voice.say(self.tr(step.key, **self.facts))

    def question(self, step: Question) -> None:
        """Answers until a readable one (or ``skip``): a right or wrong answer gets
        its explanation, a wrong one the question again. A command, a query or an
        answer that cannot be read as the kind wanted (a typo, a cell) is never
        marked wrong: it is answered, or told what kind of answer is wanted, and the
        question is asked again (A40)."""
        voice, tr = self.voice, self.tr
        self.say(step)
        asked = tr(step.key, **self.facts)
        while True:
            answer = voice.read()
            if not answer:
                continue
            if answer.lower() in SKIP_WORDS:
                voice.say(tr(step.explain, **self.facts))
                return
            right = step.expects.judge(self.game, answer)
            if right:
                voice.say(tr("tutorial.right"), tr(step.explain, **self.facts))
                return
            if right is False:
                voice.say(tr("tutorial.wrong"), tr(step.explain, **self.facts), asked)
                continue
            command = voice.command(answer)
            kind = command.kind if command is not None else None
            if kind is Kind.CANCEL:
                voice.say(tr("tutorial.cancel.question"))
                continue
            told = voice.query(command, self.game)
            if told is not None:
                voice.say(*told)
            elif kind is Kind.HELP:
                voice.say(tr("tutorial.question.help"), asked)
            elif kind is Kind.LAST:
                voice.say(asked)
            else:
                voice.say(tr(f"tutorial.want.{step.expects.kind.value}"), asked)

    def move(self, step: LessonMove) -> None:
        voice, tr, game = self.voice, self.tr, self.game
        target = game.board.group_at(parse_cell(step.cell))
        self.say(step)
        while True:
            answer = voice.read()
            if not answer:
                continue
            if answer.lower() in SKIP_WORDS:
                voice.say(*voice.changed(game.play(parse_cell(step.cell)), game))
                return
            command = voice.command(answer)
            told = voice.query(command, game)
            if told is not None:
                voice.say(*told)
                continue
            if command is not None and command.kind is Kind.CANCEL:
                key = "tutorial.cancel.selection" if game.cancel() else "tutorial.cancel.nothing"
                voice.say(tr(key, cell=step.cell))
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
            # Selecting again only selects (shared/TUTORIAL.md): remove confirms.
            voice.say(*voice.announcer.preview(game.select(cell)), tr("tutorial.lesson.confirm"))

    def compare(self, step: Compare) -> None:
        """Undo and redo until ``next`` (or ``skip``); then the moves taken back are
        played again, so the lessons go on from their own position."""
        voice, tr, game = self.voice, self.tr, self.game
        played = len(game.moves)
        self.say(step)
        while True:
            answer = voice.read()
            if not answer:
                continue
            lowered = normalised(answer).lower()
            if lowered in NEXT_WORDS or lowered in SKIP_WORDS:
                break
            command = voice.command(answer)
            told = voice.query(command, game)
            if told is not None:
                voice.say(*told)
                continue
            kind = command.kind if command is not None else None
            try:
                if kind is Kind.UNDO:
                    voice.say(*voice.changed(game.undo(), game))
                elif kind is Kind.REDO:
                    voice.say(*voice.changed(game.redo(), game))
                elif kind is Kind.CANCEL:
                    voice.say(tr("tutorial.cancel.compare"))
                else:
                    voice.say(tr("tutorial.compare.words"))
            except MoveRejected as error:
                voice.say(*voice.announcer.rejection(error))
        if len(game.moves) < played:
            while len(game.moves) < played:
                game.redo()
            voice.say(tr("tutorial.compare.restored", score=game.score))


def run_tutorial(
    settings: Settings,
    *,
    stdin: TextIO,
    stdout: TextIO,
    host: PluginHost,
    carried: Carried | None = None,
) -> int:
    """``samegame tutorial`` with the settings in force; the exit status: 0, or 130
    after Ctrl-C (which ends the line first, then says goodbye). ``carried`` is the
    mode and language given by option, for the commands the tutorial names (A39).

    Plain append-only lines on every path. In accessible mode boards are read row
    by row; otherwise each board is drawn (in colour on a terminal that takes it)
    with its legend, in the chosen symbols.
    """
    from samegame.plugin.contributions import drawing_options

    io = PlainIO(stdin, stdout, interactive=stdin.isatty())
    draw: Draw | None = None
    if not resolve_accessible(None, settings.accessible):
        use_colour = colour_enabled(settings.colour, stdout.isatty(), False)
        renderer = host.renderer("ansi" if use_colour else "text")

        def draw(board: Board, outline: Sequence[Cell] = ()) -> str:
            options = drawing_options(settings.symbols, lesson_palette(), selected=outline)
            return renderer.render(board, options)

    tr = translator(settings.language)
    tutorial = Tutorial(
        io,
        tr,
        lesson=lesson_position(host),
        practice=practice_board(host),
        draw=draw,
        symbols=settings.symbols,
        verbosity=settings.verbosity,
        carried=carried,
    )
    try:
        tutorial.run()
    except KeyboardInterrupt:
        io.write(["", goodbye(tr, tutorial.voice.carried)])
        return 130
    return 0
