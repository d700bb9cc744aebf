"""What a record claims, checked against its sources: the preset, the board number
and the bot.

A record of the right shape (``samegame.records.shape``) names where its rules,
its board and its moves came from. ``Claims`` checks each claim by asking the
source again, through the same plugin host as play:

- ``preset``: a name (the preset's own ``name``) whose rules must equal the
  record's ``rules``, and which must offer the record's board type, size and
  colours when the board is generated; ``null`` says the rules are custom (not a
  preset's), and then only the rules themselves are replayed;
- ``generator`` and ``board_number``: both given, the generator must make exactly
  the recorded board for that number, width, height and colours (the first
  differing cell is named); both null, the board was given, and ``colours`` must be
  the number of colours on it;
- ``bot`` and ``seed``: the bot (in its normal spelling) replayed with that seed
  on that board must choose exactly the recorded moves. Bots with a time budget
  cannot be replayed; ``replay_bots=False`` skips this check for them.

Boards, presets and bot games are cached, so a file of many records of one run
costs one look-up per preset and one board per board number.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from samegame.bots import parse_bot_spec, play_game
from samegame.core.board import Board
from samegame.core.coords import Cell, format_cell
from samegame.core.numbering import make_board
from samegame.core.rules import Rules
from samegame.core.textboard import board_rows
from samegame.plugin.contributions import BoardSpec
from samegame.plugin.host import PluginHost
from samegame.presets import Preset, find_preset

_T = TypeVar("_T")
CACHE_SIZE = 256


class _Cache:
    """A small bounded memo: a value, or the one-sentence problem making it gave."""

    def __init__(self) -> None:
        self._values: dict[object, tuple[Any, str | None]] = {}

    def get(self, key: object, make: Callable[[], _T]) -> tuple[_T | None, str | None]:
        if key not in self._values:
            if len(self._values) >= CACHE_SIZE:
                self._values.pop(next(iter(self._values)))
            try:
                self._values[key] = (make(), None)
            except Exception as error:  # a plugin may raise anything; report it
                self._values[key] = (None, f"{type(error).__name__}: {error}")
        value, problem = self._values[key]
        return value, problem


def first_difference(recorded: list[str], board: Board) -> str | None:
    """The first cell (top row first, left to right) where two boards differ."""
    expected = ["".join(row) for row in board_rows(board)]
    for index, (mine, theirs) in enumerate(zip(expected, recorded, strict=False)):
        for col, (a, b) in enumerate(zip(mine, theirs, strict=False)):
            if a != b:
                cell = format_cell(Cell(col, board.height - 1 - index))
                return f"{cell} is {a} on that board, the record says {b}"
    return None


class Claims:
    """Checks of a well-shaped record's claims; each problem is one sentence."""

    def __init__(self, host: PluginHost, *, replay_bots: bool = True) -> None:
        self.host = host
        self.replay_bots = replay_bots
        self._presets = _Cache()
        self._boards = _Cache()
        self._games = _Cache()

    def preset(self, record: dict[str, Any]) -> list[str]:
        name = record["preset"]
        if name is None:
            return []
        preset, problem = self._presets.get(name, lambda: find_preset(name, self.host))
        if preset is None or preset.name != name:
            return [
                f"preset {name} is not known here ({problem or 'its name differs'}); "
                "a record of custom rules has preset null"
            ]
        problems = [
            f"rules.{key} is {value!r} in preset {name}, the record says {record['rules'][key]!r}"
            for key, value in preset.rules.variant.to_dict().items()
            if record["rules"][key] != value
        ]
        if record["generator"] is not None:
            problems.extend(self._offers(preset, record))
        return problems

    def _offers(self, preset: Preset, record: dict[str, Any]) -> list[str]:
        try:
            preset.board_setup(
                size=f"{record['width']}x{record['height']}",
                colours=record["colours"],
                board_type=record["generator"],
            )
        except ValueError as error:
            return [f"preset {preset.name} does not offer this board: {error}"]
        return []

    def board(self, record: dict[str, Any], board: Board) -> list[str]:
        generator, number = record["generator"], record["board_number"]
        if (generator is None) != (number is None):
            return ["generator and board_number are both given or both null"]
        if generator is None:
            used = len(board.colour_counts())
            if record["colours"] != used:
                return [
                    f"colours is {used} on the given board, the record says {record['colours']}"
                ]
            return []
        spec = BoardSpec(record["width"], record["height"], record["colours"])
        made, problem = self._boards.get(
            (generator, spec, number),
            lambda: make_board(self.host.generator(generator), spec, number).board,
        )
        if made is None:
            return [f"board {number} of generator {generator} cannot be made here ({problem})"]
        difference = first_difference(record["board"], made)
        if difference is not None:
            return [f"the board is not board {number} of generator {generator}: {difference}"]
        return []

    def bot(self, record: dict[str, Any], board: Board, rules: Rules) -> list[str]:
        text, seed = record["bot"], record["seed"]
        key = (text, tuple(record["board"]), tuple(record["rules"].items()), seed)
        moves, problem = self._games.get(key, lambda: self._play(text, board, rules, seed))
        if moves is None:
            return [f"bot {text} cannot be replayed here ({problem})"]
        if not self.replay_bots:
            return []
        recorded = [move["move"] for move in record["moves"]]
        for number, (mine, theirs) in enumerate(zip(moves, recorded, strict=False), start=1):
            if mine != theirs:
                return [
                    f"bot {text} with seed {seed} plays {mine} at move {number}, the record says {theirs}"
                ]
        if len(moves) != len(recorded):
            return [
                f"bot {text} with seed {seed} plays {len(moves)} moves, the record has {len(recorded)}"
            ]
        return []

    def _play(self, text: str, board: Board, rules: Rules, seed: int) -> tuple[str, ...]:
        spec = parse_bot_spec(text)
        if str(spec) != text:
            raise ValueError(f"the bot is written {str(spec)!r} in its normal spelling")
        bot = self.host.bot(spec.name).create(spec.options)
        if not self.replay_bots:
            return ()
        played = play_game(bot, board, rules, seed, name=text)
        return tuple(format_cell(cell) for cell in played.moves)
