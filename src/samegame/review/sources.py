"""What ``samegame review`` reviews: a saved game (by id, or the last finished
one) or the records of a file (one, one by its number, or all of them), each as
a board, rules and moves, with the words that name it.

Every problem is one ``ReviewSourceError``, a line in the player's language
(``Said``) whose ``fault`` says whose it is: no finished game, no such game or
record, a record that is not a game record (its shape, its board, or a move that
is not a group of its position: one tile, an empty cell, off the board, after the
end), a file that cannot be read, rules that need a plugin that is not loaded, a
saved game whose board cannot be read. The command line turns the fault into its exit code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from samegame.core.board import Board, BoardError
from samegame.core.coords import Cell, CoordinateError, parse_cell
from samegame.core.quoting import shown
from samegame.core.regular_files import PATH_SHOWN, unreadable
from samegame.core.rules import Rules
from samegame.core.textboard import TextBoardError, read_board
from samegame.core.variant import RuleVariant
from samegame.i18n.said import Said
from samegame.plugin.host import PluginHost, UnknownNameError
from samegame.records.shape import LineError, check_shape
from samegame.records.verification import read_records, record_rules, size_problem
from samegame.review.values import played_line
from samegame.store import NotFoundError, SavedGame, Store

if TYPE_CHECKING:
    from samegame.i18n import Translator

__all__ = [
    "ReviewSourceError",
    "ReviewSubject",
    "SourceFault",
    "SubjectWords",
    "record_count",
    "record_subjects",
    "saved_subject",
]


class SourceFault(StrEnum):
    """Whose a problem is: the player's choice (a game or record that is not
    there: exit 2), a plugin that is not loaded (3), the file given (4), or the
    saved data (5)."""

    CHOICE = "choice"
    PLUGIN = "plugin"
    INPUT = "input"
    DATA = "data"


class ReviewSourceError(Exception):
    """A game that cannot be reviewed; the message is one line (a ``Said``, said
    in the player's language; ``str()`` is its English)."""

    def __init__(self, message: str | Said, fault: SourceFault) -> None:
        super().__init__(str(message))
        if isinstance(message, Said):
            self.said = message
        self.fault = fault


class SubjectWords(Protocol):
    """The words a subject is named in (``samegame.repl.review_words.ReviewWords``)."""

    @property
    def tr(self) -> Translator: ...

    def preset_name(self, name: str) -> str: ...

    def named(self, family: str, name: str) -> str: ...


@dataclass(frozen=True)
class ReviewSubject:
    """A game to review: its board, rules (and their variant, by which a worker
    makes them again) and moves, the saved game it is (for a
    kept review) or the record it is (its number in its file, from 1), and its
    name in words (``what(words)``)."""

    board: Board
    rules: Rules
    variant: RuleVariant
    moves: tuple[Cell, ...]
    what: Callable[[SubjectWords], str]
    game_id: int | None = None
    record: int | None = None


def saved_subject(store: Store, game_id: int | None, host: PluginHost) -> ReviewSubject:
    """Saved game ``game_id``, or the last finished game when None, with its rules
    made by ``host``'s formulas and penalties."""
    if game_id is None:
        finished = store.history(1)
        if not finished:
            raise ReviewSourceError(Said.of("error.review.no_game"), SourceFault.INPUT)
        game = finished[0]
    else:
        try:
            game = store.load_game(game_id)
        except NotFoundError:
            said = Said.of("error.game.unknown", game=game_id)
            raise ReviewSourceError(said, SourceFault.CHOICE) from None
    return _game_subject(game, host)


def _game_subject(game: SavedGame, host: PluginHost) -> ReviewSubject:
    setup = game.setup
    rules = _rules(lambda: Rules.from_variant(setup.variant, host.formula, host.penalty))
    try:
        board = read_board(setup.board_text, tiles_required=True)
    except (TextBoardError, BoardError) as error:
        said = Said.of("error.review.moves", game=game.game_id, problem=str(error))
        raise ReviewSourceError(said, SourceFault.DATA) from None

    def what(words: SubjectWords) -> str:
        preset = words.preset_name(setup.preset)
        if setup.board_number is None:
            return words.tr("review.of.game.file", game=game.game_id, preset=preset)
        return words.tr(
            "review.of.game", game=game.game_id, preset=preset, number=setup.board_number
        )

    return ReviewSubject(board, rules, setup.variant, game.moves, what, game_id=game.game_id)


def _rules(make: Callable[[], Rules]) -> Rules:
    """Rules from a saved game or record: an unknown formula or penalty is a
    plugin that is not loaded."""
    try:
        return make()
    except UnknownNameError as error:
        raise ReviewSourceError(str(error), SourceFault.PLUGIN) from None


def _records(path: str) -> Iterator[tuple[int, object]]:
    """The records of a file, numbered from 1 (blank lines skipped)."""
    try:
        for index, (_line, record) in enumerate(read_records(Path(path)), 1):
            yield index, record
    except OSError as error:
        raise ReviewSourceError(unreadable(path, error), SourceFault.INPUT) from None


def record_count(path: str) -> int:
    """How many records the file holds (lines that are not blank)."""
    return sum(1 for _ in _records(path))


def record_subjects(
    path: str, host: PluginHost, only: int | None = None
) -> Iterator[ReviewSubject]:
    """The records of a file as subjects, in order (only record ``only`` when
    given), their rules made by ``host``; an error for the first that cannot be
    reviewed, and for an ``only`` past the end."""
    named = shown(path, PATH_SHOWN)
    count = 0
    for index, record in _records(path):
        count = index
        if only is not None and index != only:
            continue
        yield _record_subject(named, index, record, host)
    if count == 0:
        said = Said.of("error.review.no_records", file=named)
        raise ReviewSourceError(said, SourceFault.INPUT)
    if only is not None and only > count:
        said = Said.of("error.review.index", file=named, count=count, index=only)
        raise ReviewSourceError(said, SourceFault.CHOICE)


def _record_subject(named: str, index: int, record: object, host: PluginHost) -> ReviewSubject:
    def problem(words: str) -> ReviewSourceError:
        said = Said.of("error.review.record", file=named, index=index, problem=words)
        return ReviewSourceError(said, SourceFault.INPUT)

    if isinstance(record, LineError):
        raise problem(str(record))
    fault = check_shape(record)
    if fault is not None:
        raise problem(fault)
    assert isinstance(record, dict)
    data: dict[str, Any] = record
    try:
        rules = _rules(lambda: record_rules(data, host))
    except ValueError as error:
        raise problem(str(error)) from None
    try:
        board = read_board("\n".join(data["board"]), tiles_required=True)
        moves = tuple(parse_cell(move["move"]) for move in data["moves"])
    except (TextBoardError, BoardError, CoordinateError) as error:
        raise problem(str(error)) from None
    size = size_problem(data, board)
    if size is not None:
        raise problem(size)
    try:
        played_line(board, rules, moves)
    except ValueError as error:  # a move that is not a group: one tile, empty, off the board
        raise problem(str(error)) from None
    variant = RuleVariant.from_dict(data["rules"])

    def what(words: SubjectWords) -> str:
        preset = data["preset"]
        rules_name = (
            words.preset_name(preset) if preset else words.named("formula", variant.formula)
        )
        return words.tr(
            "review.of.record", index=index, file=named, bot=str(data["bot"]), preset=rules_name
        )

    return ReviewSubject(board, rules, variant, moves, what, record=index)
