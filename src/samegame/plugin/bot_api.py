"""The bot API: what a bot sees, how it is made, and the match loop that plays it.

A bot is made per game by a ``BotFactory`` (registered through the bot hook) from
its options, for example ``--bot lookahead:depth=2``. Each move it is given a
read-only ``GameView`` and its own ``StableRandom`` and returns the cell of a tile
of the group it removes. The bot may keep state across the moves of one game. The
loop checks every move with the rules core: an illegal choice raises ``BotError``
and never counts.

>>> from samegame.bots.simple import GREEDY
>>> from samegame.core.formulas import BASIC
>>> from samegame.core.textboard import read_board
>>> played = play_game(GREEDY.create({}), read_board("RRB\\nRBB\\nGGB"), Rules(BASIC), seed=1)
>>> played.result.points, [str(cell) for cell in played.moves]
(5, ['B2', 'A2', 'A1'])
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Protocol

from samegame.core.board import Board, Group
from samegame.core.coords import Cell, CoordinateError, format_cell
from samegame.core.game import Game, GameResult, MoveRejected, Preview
from samegame.core.quoting import shown
from samegame.core.rng import StableRandom
from samegame.core.rules import Rules


class BotError(RuntimeError):
    """A bot that broke the rules or failed: the message names the bot and the move."""


class BotOptionError(ValueError):
    """A bot specification that cannot be read; the message says what is accepted."""


class GameView:
    """What a bot may look at: the position, the rules, the legal groups and the score.

    Everything here is immutable or a fresh copy; a bot cannot change the game."""

    def __init__(self, game: Game) -> None:
        self._board = game.board
        self._rules = game.rules
        self._score = game.score
        self._move_number = len(game.moves) + 1

    @property
    def board(self) -> Board:
        return self._board

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def score(self) -> int:
        """Points so far (before bonus and penalty)."""
        return self._score

    @property
    def move_number(self) -> int:
        """The number of the move to choose, from 1."""
        return self._move_number

    @cached_property
    def groups(self) -> tuple[Group, ...]:
        """Every legal group, by anchor."""
        return tuple(self._board.groups(self._rules.min_group))

    def points(self, group: Group) -> int:
        return self._rules.points(group.size)

    def after(self, group: Group) -> Board:
        """The board after removing a group (nothing is played)."""
        return self._board.remove(group)


class Bot(Protocol):
    """A bot for one game."""

    def choose(self, view: GameView, rng: StableRandom) -> Cell:
        """The cell of any tile of the group to remove next."""


@dataclass(frozen=True)
class BotSpec:
    """A bot name with its options, as typed: ``lookahead:depth=2,width=3``."""

    name: str
    options: Mapping[str, str]

    def __str__(self) -> str:
        if not self.options:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.options.items())


MAX_SPEC_LENGTH = 1000
"""Characters a bot spec may have (every built-in's options together fit in 300)."""


def parse_bot_spec(text: str) -> BotSpec:
    """Read ``name`` or ``name:key=value,key=value``; BotOptionError if malformed or
    longer than ``MAX_SPEC_LENGTH``.

    >>> parse_bot_spec("nrpa:level=3, time=60")
    BotSpec(name='nrpa', options={'level': '3', 'time': '60'})
    """
    if len(text) > MAX_SPEC_LENGTH:
        raise BotOptionError(
            f"a bot spec has at most {MAX_SPEC_LENGTH:,} characters, not {len(text):,}; "
            "write name:key=value,key=value"
        )
    name, _, rest = text.strip().partition(":")
    if not name:
        raise BotOptionError("give a bot name, for example --bot greedy or --bot lookahead:depth=2")
    options: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, equals, value = part.partition("=")
        if not equals or not key.strip() or not value.strip():
            raise BotOptionError(
                f"bot option '{shown(part)}' is not key=value; write {shown(name)}:depth=2"
            )
        options[key.strip()] = value.strip()
    return BotSpec(name, options)


_WHOLE = re.compile(r"-?[0-9]{1,19}")


def int_option(options: Mapping[str, str], key: str, default: int, low: int, high: int) -> int:
    """An integer bot option in ``[low, high]``; BotOptionError otherwise (also
    for digits other than ASCII and for more digits than any bound has)."""
    text = options.get(key)
    if text is None:
        return default
    if not _WHOLE.fullmatch(text) or not low <= int(text) <= high:
        raise BotOptionError(
            f"bot option {key} must be a whole number from {low} to {high}, not '{shown(text)}'"
        )
    return int(text)


def check_options(options: Mapping[str, str], allowed: tuple[str, ...], bot: str) -> None:
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        known = ", ".join(allowed) or "none"
        raise BotOptionError(f"bot {bot} has no option {shown(unknown[0])}; its options: {known}")


_FAR = 10**9
"""A column or row this far out is on no board (and too long to show whole)."""


def _cell_words(choice: object) -> str:
    """A bot's choice in words: ``C5``, or for a cell no board has (a column past Z,
    a negative row, a huge number) its two numbers; never raises."""
    if not isinstance(choice, Cell):
        return "something that is not a cell"
    col: object = choice[0]
    row: object = choice[1]
    if not (type(col) is int and type(row) is int):
        return "a cell of something other than two whole numbers"
    if col < 0 or row < 0 or max(col, row) >= _FAR:
        return "a cell off every board"
    try:
        return format_cell(Cell(col, row))
    except CoordinateError:
        return f"the cell at column {col + 1}, row {row + 1}, off every board"


class IllegalMove(ValueError):
    """A bot's cell that is no legal move; the message starts with ``chose``."""


def checked_move(game: Game, choice: Cell, when: str) -> Preview:
    """The move a bot's cell of two whole numbers makes in ``game``, or IllegalMove
    saying why there is none (``chose C5 at move 3: C5 is empty; nothing removed.``):
    a cell off the board, an empty cell, a group smaller than the rules allow. The
    one check of the match loop (``play_game``) and of a plugin bot's containment."""
    if min(choice) < 0 or max(choice) >= _FAR:
        raise IllegalMove(
            f"chose a cell off every board {when}; a cell's column and row count from 0 "
            "on the board"
        )
    try:
        return game.preview(choice)
    except (MoveRejected, CoordinateError, TypeError, ValueError, OverflowError) as error:
        words = f"chose {_cell_words(choice)} {when}: {shown(str(error), 120)}"
    raise IllegalMove(words)


@dataclass(frozen=True)
class PlayedGame:
    """A finished bot game: the canonical cell of every move, and the result."""

    moves: tuple[Cell, ...]
    points: tuple[int, ...]
    tiles: tuple[int, ...]
    result: GameResult
    seconds: float


def play_game(bot: Bot, board: Board, rules: Rules, seed: int, name: str = "bot") -> PlayedGame:
    """Play one game to the end: the match loop. BotError on an illegal move."""
    game = Game(board, rules)
    rng = StableRandom(seed)
    started = time.perf_counter()
    moves: list[Cell] = []
    points: list[int] = []
    tiles: list[int] = []
    while not game.finished:
        choice = bot.choose(GameView(game), rng)
        if not (isinstance(choice, Cell) and type(choice[0]) is int and type(choice[1]) is int):
            raise BotError(
                f"bot {name} returned {_cell_words(choice)} at move {len(moves) + 1}; "
                "a bot returns a Cell of two whole numbers"
            )
        try:
            preview = checked_move(game, choice, f"at move {len(moves) + 1}")
        except IllegalMove as error:
            raise BotError(f"bot {name} {error}") from None
        game.play(choice)
        moves.append(preview.group.anchor)
        points.append(preview.points)
        tiles.append(preview.group.size)
    result = game.result()
    assert result is not None
    return PlayedGame(
        tuple(moves), tuple(points), tuple(tiles), result, time.perf_counter() - started
    )
