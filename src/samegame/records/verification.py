"""Game records: one JSON object per line, verifiable by replay with nothing else.

A record holds the replay keys of docs/formats.md (``moves`` with each move's canonical
tile, tiles and points; ``bonus``, ``penalty``, ``score``, ``remaining``,
``cleared``, ``finished``) plus ``format`` (``samegame-record/2``), ``preset``,
``rules`` (formula, clear_bonus, penalty, min_group), ``generator``,
``generator_version``, ``board_number``, ``width``, ``height``, ``colours``,
``board`` (rows, top first), ``bot``, ``seed`` and ``seconds``. Readers accept
every format version we wrote (``samegame-record/1`` has no ``generator_version``).

>>> from samegame.bots import play_game
>>> from samegame.bots.simple import GREEDY
>>> from samegame.core.formulas import BASIC
>>> from samegame.plugin.host import PluginHost
>>> from samegame.core.textboard import read_board
>>> board, rules = read_board("RRB\\nRBB\\nGGB"), Rules(BASIC)
>>> record = make_record(play_game(GREEDY.create({}), board, rules, 1), board=board, rules=rules,
...     preset=None, generator=None, board_number=None, colours=3, bot="greedy", seed=1)
>>> verify_record(record, PluginHost(autoload=False))
[]
>>> record["moves"][0]["points"] = 9
>>> verify_record(record, PluginHost(autoload=False))
['move 1 (B2): 4 points by the rules, the record says 9', 'points add up to 5, the record says 10']
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from samegame.bots import PlayedGame
from samegame.core.board import Board, BoardError
from samegame.core.coords import CoordinateError, format_cell, parse_cell
from samegame.core.game import Game, MoveRejected
from samegame.core.quoting import shown
from samegame.core.regular_files import NotRegularFileError, open_regular_file
from samegame.core.rules import Rules
from samegame.core.textboard import TextBoardError, board_rows, read_board
from samegame.core.variant import RuleVariant
from samegame.plugin.host import PluginHost, UnknownNameError
from samegame.records.meaning import Claims, Isolate
from samegame.records.providers import pieces, record_plugins
from samegame.records.shape import (
    KNOWN_FORMATS,
    MAX_LINE_BYTES,
    RECORD_FORMAT,
    RECORD_FORMAT_V1,
    LineError,
    check_shape,
    parse_line,
)
from samegame.records.verdict import Verdict, unchecked, wrong

__all__ = [
    "KNOWN_FORMATS",
    "MAX_SKIPPED_BYTES",
    "Verdict",
    "Verifier",
    "make_record",
    "read_lines",
    "read_records",
    "record_rules",
    "verify_record",
]


def make_record(
    played: PlayedGame,
    *,
    board: Board,
    rules: Rules,
    preset: str | None,
    generator: str | None,
    board_number: int | None,
    colours: int,
    bot: str,
    seed: int,
    generator_version: int | None = None,
    host: PluginHost | None = None,
) -> dict[str, Any]:
    """The record of a bot game (the JSON object of one line). A record of a
    generated board names the generator's ``version`` (``BoardGenerator.version``)
    as ``generator_version``; ValueError when it is missing, or given without a
    generator. ``host``, the plugin host the game was played with, names the
    distribution and version of each plugin part in ``plugins`` (without it, the
    record names none: every part is taken as built in)."""
    if (generator is None) != (generator_version is None):
        raise ValueError("a record names a generator and its version, or neither")
    result = played.result
    return {
        "format": RECORD_FORMAT,
        "preset": preset,
        "rules": rules.variant.to_dict(),
        "generator": generator,
        "generator_version": generator_version,
        "board_number": board_number,
        "width": board.width,
        "height": board.height,
        "colours": colours,
        "board": ["".join(row) for row in board_rows(board)],
        "bot": bot,
        "seed": seed,
        "plugins": (
            []
            if host is None
            else record_plugins(host, rules.formula.name, rules.penalty.name, generator, bot)
        ),
        "moves": [
            {"move": format_cell(cell), "tiles": tiles, "points": points}
            for cell, tiles, points in zip(played.moves, played.tiles, played.points, strict=True)
        ],
        "bonus": result.bonus,
        "penalty": result.penalty,
        "score": result.score,
        "remaining": result.remaining,
        "cleared": result.cleared,
        "finished": True,
        "seconds": round(played.seconds, 6),
    }


UNFINISHED = (
    "the record is of an unfinished game, so its score is not a final score; "
    "samegame writes only finished games"
)
"""Why a record whose moves stop before the game's end is never verified: its
moves and totals may all hold (a prefix of a real game does), but its score is
not what the game ended with, so a file of such records must not pass for results."""


def size_problem(record: dict[str, Any], board: Board) -> str | None:
    """Why the record's ``width``, ``height`` and ``colours`` cannot be of its
    ``board`` (None when they can): another size, or more colours on the board
    than the record says (a generated board may use fewer than it asked for;
    whether it is that board ``Verifier`` checks by making it again)."""
    if (board.width, board.height) != (record["width"], record["height"]):
        return (
            f"the board is {board.width}x{board.height}, the record says "
            f"{record['width']}x{record['height']}"
        )
    used = len(board.colour_counts())
    if used > record["colours"]:
        return f"the board has {used} colours, the record says {record['colours']}"
    return None


def record_rules(record: dict[str, Any], host: PluginHost) -> Rules:
    """The rules a record of the right shape names (``UnknownNameError`` when one
    needs a plugin that is not loaded, ``ValueError`` when they are impossible)."""
    variant = RuleVariant.from_dict(record["rules"])
    return Rules.from_variant(variant, host.formula, host.penalty)


class Verifier:
    """Verifies records one at a time, with one plugin host and caches of the boards,
    presets and bot games already checked (see ``samegame.records.meaning``).
    ``max_replay_seconds`` caps each bot replay (None: no cap; see
    ``samegame.records.replay_limit``); ``isolate`` replays plugin bots elsewhere."""

    def __init__(
        self,
        host: PluginHost,
        *,
        replay_bots: bool = True,
        max_replay_seconds: float | None = None,
        isolate: Isolate | None = None,
    ) -> None:
        self.host = host
        self.claims = Claims(
            host,
            replay_bots=replay_bots,
            max_replay_seconds=max_replay_seconds,
            isolate=isolate,
        )

    def verify(self, record: object) -> list[str]:
        """Every reason the record is not verified, one sentence each (none when it
        is): its mismatches, then the claims that cannot be checked here."""
        return self.check(record).sentences()

    def check(self, record: object) -> Verdict:
        """What verifying the record finds: its shape, then what it claims, then the
        replay of its moves by the rules core, then its bot's replay."""
        if isinstance(record, dict) and record.get("format") not in KNOWN_FORMATS:
            named = shown(str(record.get("format")), 40)
            return wrong(f"unknown record format '{named}'; known: {', '.join(KNOWN_FORMATS)}")
        fault = check_shape(record)
        if fault is not None:
            return wrong(fault)
        assert isinstance(record, dict), "a record of the right shape is an object"
        if record["format"] != RECORD_FORMAT_V1 and (record["generator"] is None) != (
            record["generator_version"] is None
        ):
            return wrong("generator and generator_version are both given or both null")
        parts = pieces(record, self.host)
        if parts.problems:
            return wrong(*parts.problems)
        absent = unchecked(*parts.reasons)
        if parts.blocked & {"scoring formula", "penalty"}:
            return absent  # the rules cannot be played here
        try:
            rules = record_rules(record, self.host)
        except UnknownNameError as error:  # pragma: no cover - pieces() names it first
            return unchecked(f"the rules need a plugin that is not loaded here ({error})")
        except ValueError as error:
            return wrong(f"the record's rules are impossible: {error}")
        try:
            board = read_board("\n".join(record["board"]), tiles_required=True)
        except (TextBoardError, BoardError) as error:
            return wrong(f"the board is not a board: {error}")
        size = size_problem(record, board)
        if size is not None:
            return wrong(size)
        found = self.claims.preset(record)
        if "board generator" not in parts.blocked:
            found += self.claims.board(record, board)
        found += wrong(*_replay(record, board, rules))
        if not found.problems and "bot" not in parts.blocked:
            found += self.claims.bot(record, board, rules)
        if not found.problems and record["finished"] is False:
            found += unchecked(UNFINISHED)
        return found + absent


def verify_record(record: object, host: PluginHost) -> list[str]:
    """Replay one record with the rules core and check its claims; every reason it
    is not verified as one sentence (none when it is)."""
    return Verifier(host).verify(record)


@dataclass(frozen=True)
class _Trace:
    """What the rules core makes of a move list: per move its canonical tile, tiles
    and points; where it stopped (the move's number and why) if a move could not be
    played; and the result keys."""

    moves: tuple[tuple[str, int, int], ...]
    stopped: tuple[int, str] | None
    result: dict[str, Any]


@functools.lru_cache(maxsize=256)
def _trace(board: Board, rules: Rules, moves: tuple[str, ...]) -> _Trace:
    game = Game(board, rules)
    played: list[tuple[str, int, int]] = []
    for number, text in enumerate(moves, start=1):
        if game.finished:
            return _Trace(tuple(played), (number, "is after the end: no group is left"), {})
        try:
            preview = game.preview(parse_cell(text))
        except (CoordinateError, MoveRejected) as error:
            return _Trace(tuple(played), (number, f"is illegal: {error}"), {})
        played.append((format_cell(preview.group.anchor), preview.group.size, preview.points))
        game.play(preview.group.anchor)
    result = game.result()
    return _Trace(
        tuple(played),
        None,
        {
            "finished": result is not None,
            "remaining": game.board.tile_count(),
            "cleared": game.board.is_empty(),
            "bonus": result.bonus if result else 0,
            "penalty": result.penalty if result else 0,
            "score": result.score if result else game.score,
        },
    )


def _replay(record: dict[str, Any], board: Board, rules: Rules) -> list[str]:
    """The arithmetic: every move legal and canonical, its tiles and points, and the
    result, as the rules core plays them."""
    trace = _trace(board, rules, tuple(move["move"] for move in record["moves"]))
    problems: list[str] = []
    for number, (move, (anchor, tiles, points)) in enumerate(
        zip(record["moves"], trace.moves, strict=False), start=1
    ):
        text = move["move"]
        if anchor != text:
            problems.append(f"move {number} ({text}) is not the group's canonical tile {anchor}")
        if move["tiles"] != tiles:
            problems.append(
                f"move {number} ({text}): {tiles} tiles, the record says {move['tiles']}"
            )
        if move["points"] != points:
            problems.append(
                f"move {number} ({text}): {points} points by the rules, "
                f"the record says {move['points']}"
            )
    if trace.stopped is not None:
        number, why = trace.stopped
        problems.append(f"move {number} ({record['moves'][number - 1]['move']}) {why}")
        return problems
    total = sum(move["points"] for move in record["moves"])
    played = sum(points for _, _, points in trace.moves)
    if total != played:
        problems.append(f"points add up to {played}, the record says {total}")
    for key, value in trace.result.items():
        if record[key] != value or type(record[key]) is not type(value):
            problems.append(
                f"{key} is {json.dumps(value)} by the rules, the record says {json.dumps(record[key])}"
            )
    return problems


# How far past an over-long line's cap its end is looked for before the file is
# refused as a whole (an endless stream has no line ends at all).
MAX_SKIPPED_BYTES = 16 * MAX_LINE_BYTES


BYTE_ORDER_MARK = b"\xef\xbb\xbf"


def read_lines(path: Path) -> Iterator[tuple[int, bytes | LineError]]:
    """Each non-blank line's number and its bytes (without the line end), or the
    LineError of a line longer than ``MAX_LINE_BYTES``, which is skipped without
    being held in memory. A UTF-8 byte-order mark at the start of the file is
    ignored. OSError if the file cannot be read (a named pipe, a device or a
    folder is refused without waiting), or when an over-long line has no
    end within ``MAX_SKIPPED_BYTES``. Time and memory are linear in the file's
    length (each byte is read once)."""
    try:
        stream = open_regular_file(path, "a record file")
    except NotRegularFileError as error:
        raise OSError(str(error)) from None
    with stream as lines:
        number = 0
        while True:
            raw = lines.readline(MAX_LINE_BYTES + 2)
            if not raw:
                return
            number += 1
            if number == 1 and raw.startswith(BYTE_ORDER_MARK):
                raw = raw[len(BYTE_ORDER_MARK) :]
            if not raw.endswith(b"\n") and len(raw) > MAX_LINE_BYTES:
                skipped = len(raw)
                while raw and not raw.endswith(b"\n"):
                    if skipped > MAX_SKIPPED_BYTES:  # an endless stream: /dev/zero
                        raise OSError(
                            f"line {number} has no end within {MAX_SKIPPED_BYTES:,} bytes; "
                            "this is not a file of JSON lines"
                        )
                    raw = lines.readline(1 << 16)
                    skipped += len(raw)
                yield number, LineError(f"the line is longer than {MAX_LINE_BYTES} bytes")
                continue
            if not raw.strip():
                continue
            yield number, raw.rstrip(b"\r\n")


def parsed(raw: bytes | LineError) -> object:
    """A line's JSON value, or the LineError saying why it is not JSON we accept."""
    if isinstance(raw, LineError):
        return raw
    try:
        return parse_line(raw)
    except LineError as error:
        return error


def read_records(path: Path) -> Iterator[tuple[int, object]]:
    """Each non-blank line's number and its parsed JSON, or the LineError saying why
    it is not JSON we accept (see ``read_lines``)."""
    for number, raw in read_lines(path):
        yield number, parsed(raw)
