"""What a record claims, checked against its sources: the preset, the board number
and the bot.

A record of the right shape (``samegame.records.shape``) names where its rules,
its board and its moves came from. ``Claims`` checks each claim by asking the
source again, through the same plugin host as play, and says what it found as a
``Verdict`` (``samegame.records.verdict``):

- ``preset``: a name (the preset's own ``name``). A preset known here must have
  the record's ``rules`` and offer the record's board type, size and colours when
  the board is generated. A record carries its rules, so a preset not known here
  (the user's own folder, a plugin not installed) is only a note: the record is
  checked by the rules it states. ``null`` says the rules are custom;
- ``generator`` and ``board_number``: both given, the generator must make exactly
  the recorded board for that number, width, height and colours (the first
  differing cell is named). A ``samegame-record/2`` record also names the
  generator's ``version``: when this installation's differs, or the generator is
  not installed, the board number is not checked (the board itself, in the record,
  still is). Both null, the board was given, and ``colours`` must be the number of
  colours on it;
- ``bot`` and ``seed``: the bot (in its normal spelling) replayed with that seed
  on that board must choose exactly the recorded moves. A replay runs under a cap
  (``samegame.records.replay_limit``); one over it, or a bot not installed here,
  is not checked. Bots with a time budget cannot be replayed; ``replay_bots=False``
  skips this check for them.

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
from samegame.core.quoting import shown
from samegame.core.rules import Rules
from samegame.core.textboard import board_rows
from samegame.plugin.containment import PluginError
from samegame.plugin.contributions import BoardGenerator, BoardSpec
from samegame.plugin.host import PluginHost, UnknownNameError
from samegame.presets import Preset, PresetError, find_preset
from samegame.records.replay_limit import ReplayOverrun, guarded, run_within
from samegame.records.shape import RECORD_FORMAT_V1
from samegame.records.verdict import Verdict, unchecked, wrong

_T = TypeVar("_T")
CACHE_SIZE = 256

Isolate = Callable[[Callable[[], tuple[str, ...]], float | None], tuple[str, ...]]
"""Runs a plugin bot's replay elsewhere under the cap (a child process killed at
the cap), raising ReplayOverrun when it overruns."""

RAISE_CAP = "raise it with --max-replay-seconds"


class _Cache:
    """A small bounded memo: a value, or the exception making it raised."""

    def __init__(self) -> None:
        self._values: dict[object, tuple[Any, Exception | None]] = {}

    def get(self, key: object, make: Callable[[], _T]) -> tuple[_T | None, Exception | None]:
        if key not in self._values:
            if len(self._values) >= CACHE_SIZE:
                self._values.pop(next(iter(self._values)))
            try:
                self._values[key] = (make(), None)
            except PluginError:
                raise  # a plugin's fault ends the command with exit 3, not a mismatch
            except Exception as error:  # a plugin may raise anything; report it
                self._values[key] = (None, error)
        value, problem = self._values[key]
        return value, problem


def _words(error: Exception | None) -> str:
    return "" if error is None else shown(f"{type(error).__name__}: {error}", 200)


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
    """Checks of a well-shaped record's claims. ``max_replay_seconds`` caps each
    bot replay (None: no cap); ``isolate``, when given, replays plugin bots."""

    def __init__(
        self,
        host: PluginHost,
        *,
        replay_bots: bool = True,
        max_replay_seconds: float | None = None,
        isolate: Isolate | None = None,
    ) -> None:
        self.host = host
        self.replay_bots = replay_bots
        self.max_replay_seconds = max_replay_seconds
        self.isolate = isolate
        self._presets = _Cache()
        self._boards = _Cache()
        self._games = _Cache()

    def preset(self, record: dict[str, Any]) -> Verdict:
        name = record["preset"]
        if name is None:
            return Verdict()
        preset, problem = self._presets.get(name, lambda: find_preset(name, self.host))
        if preset is None:
            if isinstance(problem, PresetError) and str(problem).startswith("no preset named"):
                why = "is not known here"
            else:
                why = f"cannot be read here ({_words(problem)})"
            return Verdict(
                notes=(
                    f"preset {name} {why}; the records naming it were checked by the rules "
                    "they state",
                )
            )
        if preset.name != name:
            return wrong(f"preset {name} is spelled {preset.name} here")
        problems = [
            f"rules.{key} is {value!r} in preset {name}, the record says {record['rules'][key]!r}"
            for key, value in preset.rules.variant.to_dict().items()
            if record["rules"][key] != value
        ]
        if record["generator"] is not None:
            problems.extend(self._offers(preset, record))
        return wrong(*problems)

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

    def board(self, record: dict[str, Any], board: Board) -> Verdict:
        generator, number = record["generator"], record["board_number"]
        if (generator is None) != (number is None):
            return wrong("generator and board_number are both given or both null")
        if generator is None:
            used = len(board.colour_counts())
            if record["colours"] != used:
                return wrong(
                    f"colours is {used} on the given board, the record says {record['colours']}"
                )
            return Verdict()
        try:
            installed: BoardGenerator = self.host.generator(generator)
        except UnknownNameError:
            return unchecked(
                f"generator '{generator}' is not installed here, so the board numbers cannot "
                "be checked"
            )
        version = record.get("generator_version")
        if record["format"] != RECORD_FORMAT_V1 and version != installed.version:
            return unchecked(
                f"made with generator '{generator}' version {version}; this installation has "
                f"version {installed.version}: its boards may differ"
            )
        spec = BoardSpec(record["width"], record["height"], record["colours"])
        made, problem = self._boards.get(
            (generator, spec, number), lambda: make_board(installed, spec, number).board
        )
        if made is None:
            return wrong(
                f"board {number} of generator {generator} cannot be made here ({_words(problem)})"
            )
        difference = first_difference(record["board"], made)
        if difference is None:
            return Verdict()
        if record["format"] == RECORD_FORMAT_V1:
            difference += (
                f" (a {RECORD_FORMAT_V1} record does not name its generator's version; this "
                f"installation has version {installed.version}: if the generator changed "
                "since the record was made, its boards differ)"
            )
        return wrong(f"the board is not board {number} of generator {generator}: {difference}")

    def bot(self, record: dict[str, Any], board: Board, rules: Rules) -> Verdict:
        text, seed = record["bot"], record["seed"]
        key = (text, tuple(record["board"]), tuple(record["rules"].items()), seed)
        moves, problem = self._games.get(key, lambda: self._play(text, board, rules, seed))
        if moves is None:
            if isinstance(problem, UnknownNameError):
                return unchecked(f"bot {text} is not installed here, so it cannot be replayed")
            if isinstance(problem, ReplayOverrun):
                cap = f"{problem.seconds:g} second{'' if problem.seconds == 1 else 's'}"
                return unchecked(
                    f"replaying bot {text} asks for more work than the cap of {cap} a "
                    f"record; {RAISE_CAP}"
                )
            return wrong(f"bot {text} cannot be replayed here ({_words(problem)})")
        if not self.replay_bots:
            return Verdict()
        recorded = [move["move"] for move in record["moves"]]
        for number, (mine, theirs) in enumerate(zip(moves, recorded, strict=False), start=1):
            if mine != theirs:
                return wrong(
                    f"bot {text} with seed {seed} plays {mine} at move {number}, the record says {theirs}"
                )
        if len(moves) != len(recorded):
            return wrong(
                f"bot {text} with seed {seed} plays {len(moves)} moves, the record has {len(recorded)}"
            )
        return Verdict()

    def _play(self, text: str, board: Board, rules: Rules, seed: int) -> tuple[str, ...]:
        spec = parse_bot_spec(text)
        if str(spec) != text:
            raise ValueError(f"the bot is written {str(spec)!r} in its normal spelling")
        factory = self.host.bot(spec.name)  # UnknownNameError: not installed here
        if not self.replay_bots:
            factory.create(spec.options)  # its options are still checked
            return ()

        def replay() -> tuple[str, ...]:
            bot = guarded(factory.create(spec.options))
            played = play_game(bot, board, rules, seed, name=text)
            return tuple(format_cell(cell) for cell in played.moves)

        if self.isolate is not None and self.host.third_party("bot", spec.name) is not None:
            return self.isolate(replay, self.max_replay_seconds)
        return run_within(replay, self.max_replay_seconds)
