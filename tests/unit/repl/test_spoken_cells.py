"""A32: cell and column names are heard right. espeak-ng (and the screen readers
built on it) reads a lone "A" before a word as the article "uh" ("columns A to C"
is heard "columns uh to C"), and reads "at A1", "of A1" as "at uh one", whatever
the spelling of the cell ("A-1", "A 1" too). So the announcer writes cells as
``A1`` never after those words (``on A1``), and says a column list that starts at
A with A alone before a comma (``A, B to F``).

The check by ear: each line that names column A is said by espeak-ng, and again
with every A replaced by Q (always heard as the letter); the A line must have as
many more letter-A sounds as it names A. It is skipped only where espeak-ng is
not installed (CI installs it). The written forms are what the player types: a
property checks that every cell name an announcement writes parses back to it.

The tutorial's sentences are heard the same way, with every placeholder that holds
a cell or a column moved to column A (``A4``, ``A``, ``A, F``, ``A2 and C3``, as
the tutorial would say them), against the same sentence with Q there; and, without
espeak-ng, its English placeholders are linted: a cell or a column never after the
words above, a lone column letter always before a comma or the end of a sentence.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playkit import ESPEAK, greedy_moves, lesson_game
from samegame.core.board import Shift
from samegame.core.coords import Cell, format_cell, parse_cell
from samegame.core.events import ColumnsShifted
from samegame.core.game import Game
from samegame.core.textboard import read_board
from samegame.i18n import LANGUAGES, translator
from samegame.repl.announcer import Announcer, Verbosity
from samegame.repl.commands import GroupFilter, Kind, parse_command
from samegame.repl.tutorial import lesson_facts
from samegame.repl.tutorial.position import FACTS
from strategies import boards
from system_programs import needs

pytestmark = pytest.mark.slow  # starts processes

LETTER_A = re.compile(r"(?<![A-Za-z])A(?![a-z])")
CELL_NAME = re.compile(r"(?<![A-Za-z])[A-Z][0-9]+")
VOICE = {"en": "en", "ja": "ja"}
MARK = "\x00"  # where a line names column A: said as A, and as Q in the control


def phonemes(text: str, language: str) -> str:
    said = subprocess.run(
        [ESPEAK or "espeak-ng", "-q", "-x", "-v", VOICE[language], text],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    ).stdout
    return re.sub(r"[',%]", "", said)


def misheard(marked: str, language: str = "en") -> str | None:
    """None when espeak-ng says the letter A at every ``MARK`` of ``marked`` as the
    letter, against the same line with Q there; else what it said."""
    named = marked.count(MARK)
    if not named:
        return None
    line, control = marked.replace(MARK, "A"), marked.replace(MARK, "Q")
    said, said_q = phonemes(line, language), phonemes(control, language)
    assert said_q.count("kju:") - said.count("kju:") == named, (control, said_q)
    if said.count("eI") - said_q.count("eI") != named:
        return said
    return None


def misheard_a(line: str, language: str = "en") -> str | None:
    """None when espeak-ng says every column letter A of ``line`` as the letter;
    else what it said."""
    return misheard(LETTER_A.sub(MARK, line), language)


def lines_naming_column_a(language: str) -> Iterator[str]:
    """What the announcer says in a whole game on Lesson board 1 (whose largest
    group starts at A1), at every verbosity, and the answers that name column A."""
    for verbosity in Verbosity:
        say = Announcer(translator(language), verbosity)
        game = lesson_game(1)
        rules = game.rules
        yield from say.coords(game.board)
        yield from say.column(game.board, 9)
        yield from say.groups(game.board, rules, GroupFilter(column=0))
        for cell in greedy_moves(lesson_game(1)):
            board = game.board
            group = board.group_at(parse_cell(cell))
            assert group is not None
            yield from say.preview(game.select(group.anchor))
            yield from say.hint(board, group, rules)
            yield from say.groups(board, rules)
            yield from say.column(board, 0)
            yield from say.cell(board, Cell(0, 0), rules)
            yield from say.events(game.confirm(), game.board, rules)
        yield from say.events(game.undo(), game.board, rules)
        shifted = ColumnsShifted(emptied=(0, 1), shifts=(Shift(2, 0),))
        yield from say.events([shifted], game.board, rules)
        yield from say.events([ColumnsShifted((0,), ())], game.board, rules)
        yield from say.column(read_board(". ."), 0)


@needs("espeak-ng")
@pytest.mark.parametrize("language", ["en", "ja"])
def test_espeak_ng_says_column_a_as_the_letter(language: str) -> None:
    heard = {line for line in lines_naming_column_a(language) if LETTER_A.search(line)}
    assert len(heard) > 20
    misheard = {line: said for line in sorted(heard) if (said := misheard_a(line, language))}
    assert not misheard


@needs("espeak-ng")
@pytest.mark.parametrize(
    "line",
    [
        "Removed 9 red circles at A1 to E4, 49 points, score 49.",
        "Removed 9 red circles at A-1, 49 points, score 49.",
        "Columns A to C emptied.",
        "Columns are letters A to G from the left.",
        "Column A is empty.",
        "Column A held only a circle of the pair, so it became empty.",
        "In order: column A went, and columns B and C moved left.",
        "The single triangle now in column A is a column of its own.",
    ],
)
def test_the_check_hears_the_article(line: str) -> None:
    """The wordings espeak-ng misreads are caught: the check can fail."""
    assert misheard_a(line) is not None


@settings(max_examples=60, deadline=None)
@given(
    board=boards(max_width=26, max_height=12, max_colours=4),
    language=st.sampled_from(["en", "ja"]),
)
def test_every_written_cell_name_parses_back_to_its_cell(board, language: str) -> None:
    """The written form is the typed form: each cell name in what the announcer
    says about a board's groups is read back by the command parser as that cell."""
    rules = Game(board, lesson_game(1).rules).rules
    say = Announcer(translator(language))
    for line in say.groups(board, rules, None):
        for name in CELL_NAME.findall(line):
            command = parse_command(name)
            assert command is not None
            assert command.kind is Kind.SELECT
            assert command.cell is not None
            assert format_cell(command.cell) == name
            assert board.cell(command.cell) is not None, (line, name)


# -- the tutorial --------------------------------------------------------------------

SWALLOWING = ("at", "of", "for", "was", "than", "not")


def places() -> dict[str, str]:
    """The tutorial's placeholders that hold a place, by kind: ``cell`` (a cell or
    a list of cells) or ``column`` (one column letter) or ``columns`` (a list)."""
    kinds = {"cell": "cell"}
    for name, value in FACTS.items():
        if isinstance(value, str):
            kinds[name] = "column" if len(value) == 1 else "cell"
        elif isinstance(value, tuple):
            kinds[name] = "columns" if all(len(part) == 1 for part in value) else "cell"
    return kinds


def in_column_a(value: str | int | tuple[str, ...]) -> str | int | tuple[str, ...]:
    """A fact moved to column A: its (first) cell or column letter names column A."""
    if isinstance(value, tuple):
        first = in_column_a(value[0])
        assert isinstance(first, str)
        return (first, *value[1:])
    return value if isinstance(value, int) else f"A{value[1:]}"


class Filled(dict[str, object]):
    """Placeholder values, and 3 for any other (a count, a score)."""

    def __missing__(self, key: str) -> object:
        return 3


def tutorial_sentences(language: str) -> Iterator[tuple[str, str]]:
    """Each tutorial message and plural form, filled as the tutorial fills it but
    with every place in column A, each A of a place marked with ``MARK``."""
    tr = translator(language)
    facts = lesson_facts(tr, {name: in_column_a(value) for name, value in FACTS.items()})
    values = Filled(facts)
    for name in places():
        values[name] = LETTER_A.sub(MARK, str(facts.get(name, "A1")))
    for key, template in LANGUAGES[language].items():
        if key.startswith("tutorial."):
            for form in [template] if isinstance(template, str) else template.values():
                yield key, form.format_map(values)


@needs("espeak-ng")
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_tutorial_says_column_a_as_the_letter(language: str) -> None:
    """Every place a tutorial sentence names can be in column A: there too
    espeak-ng says A as the letter."""
    marked = [(key, line) for key, line in tutorial_sentences(language) if MARK in line]
    assert len(marked) > 15
    wrong = [(key, said) for key, line in marked if (said := misheard(line, language))]
    assert not wrong


def test_the_tutorial_puts_places_where_column_a_is_heard() -> None:
    """The English tutorial never puts a place after a word that swallows A, and a
    lone column letter only before a comma or the end of a sentence (a list of
    columns says A alone before a comma by itself)."""
    kinds = places()
    wrong = []
    for key, template in LANGUAGES["en"].items():
        if not key.startswith("tutorial."):
            continue
        for form in [template] if isinstance(template, str) else template.values():
            for match in re.finditer(r"(\w+) \{(\w+)\}", form):
                if match[2] in kinds and match[1].lower() in SWALLOWING:
                    wrong.append((key, match[0]))
            for match in re.finditer(r"\{(\w+)\}(.?)", form):
                if kinds.get(match[1]) == "column" and match[2] not in ("", ",", ".", ";", "?"):
                    wrong.append((key, match[0]))
    assert not wrong
