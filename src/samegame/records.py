"""Game records: one JSON object per line, verifiable by replay with nothing else.

A record holds the replay keys of DESIGN.md (``moves`` with each move's canonical
tile, tiles and points; ``bonus``, ``penalty``, ``score``, ``remaining``,
``cleared``, ``finished``) plus ``format`` (``samegame-record/1``), ``preset``,
``rules`` (formula, clear_bonus, penalty, min_group), ``generator``,
``board_number``, ``width``, ``height``, ``colours``, ``board`` (rows, top first),
``bot``, ``seed`` and ``seconds``. Readers accept every format version we wrote.

>>> from samegame.bots import play_game
>>> from samegame.builtins.bots import GREEDY
>>> from samegame.builtins.scoring import BASIC
>>> from samegame.plugins import PluginHost
>>> from samegame.textboard import read_board
>>> board, rules = read_board("RRB\\nRBB\\nGGB"), Rules(BASIC)
>>> record = make_record(play_game(GREEDY.create({}), board, rules, 1), board=board, rules=rules,
...     preset="basic", generator=None, board_number=None, colours=3, bot="greedy", seed=1)
>>> verify_record(record, PluginHost(autoload=False))
[]
>>> record["moves"][0]["points"] = 9
>>> verify_record(record, PluginHost(autoload=False))
['move 1 (B2): 4 points by the rules, the record says 9', 'points add up to 5, the record says 10']
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from samegame.board import Board, BoardError
from samegame.bots import PlayedGame
from samegame.coords import CoordinateError, format_cell, parse_cell
from samegame.game import Game, MoveRejected
from samegame.limits import MAX_RECORD_LINE_BYTES, InputTooLargeError
from samegame.plugins import PluginHost, UnknownNameError
from samegame.quoting import shown
from samegame.rules import Rules
from samegame.textboard import TextBoardError, board_rows, read_board

RECORD_FORMAT = "samegame-record/1"
KNOWN_FORMATS = (RECORD_FORMAT,)


def make_record(
    played: PlayedGame,
    *,
    board: Board,
    rules: Rules,
    preset: str,
    generator: str | None,
    board_number: int | None,
    colours: int,
    bot: str,
    seed: int,
) -> dict[str, Any]:
    """The record of a bot game (the JSON object of one line)."""
    result = played.result
    return {
        "format": RECORD_FORMAT,
        "preset": preset,
        "rules": rules.scoring_key(),
        "generator": generator,
        "board_number": board_number,
        "width": board.width,
        "height": board.height,
        "colours": colours,
        "board": ["".join(row) for row in board_rows(board)],
        "bot": bot,
        "seed": seed,
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


def _rules(record: dict[str, Any], host: PluginHost) -> Rules:
    spec = record["rules"]
    return Rules(
        host.formula(str(spec["formula"])),
        clear_bonus=int(spec["clear_bonus"]),
        penalty=host.penalty(str(spec["penalty"])),
        min_group=int(spec["min_group"]),
    )


def verify_record(record: object, host: PluginHost) -> list[str]:
    """Replay a record with the rules core; every mismatch as one sentence (none when
    the record is right)."""
    if not isinstance(record, dict):
        return ["a record is a JSON object"]
    if record.get("format") not in KNOWN_FORMATS:
        return [
            f"unknown record format {record.get('format')!r}; known: {', '.join(KNOWN_FORMATS)}"
        ]
    try:
        rules = _rules(record, host)
        board = read_board("\n".join(record["board"]), tiles_required=True)
        moves = list(record["moves"])
    except UnknownNameError as error:
        return [f"the record's rules need a plugin that is not loaded: {error}"]
    except (KeyError, TypeError, ValueError, TextBoardError, BoardError) as error:
        return [f"the record is incomplete or malformed ({type(error).__name__}: {error})"]
    problems: list[str] = []
    if (board.width, board.height) != (record.get("width"), record.get("height")):
        problems.append(
            f"the board is {board.width}x{board.height}, the record says "
            f"{record.get('width')}x{record.get('height')}"
        )
    game = Game(board, rules)
    total = 0
    for number, move in enumerate(moves, start=1):
        text = shown(str(move.get("move")) if isinstance(move, dict) else repr(move))
        try:
            preview = game.preview(parse_cell(text))
        except (CoordinateError, MoveRejected) as error:
            problems.append(f"move {number} ({text}) is illegal: {error}")
            return problems
        group = preview.group
        if format_cell(group.anchor) != text:
            problems.append(
                f"move {number} ({text}) is not the group's canonical tile "
                f"{format_cell(group.anchor)}"
            )
        if move.get("tiles") != group.size:
            problems.append(
                f"move {number} ({text}): {group.size} tiles, the record says {move.get('tiles')}"
            )
        if move.get("points") != preview.points:
            problems.append(
                f"move {number} ({text}): {preview.points} points by the rules, "
                f"the record says {move.get('points')}"
            )
        total += int(move.get("points", 0)) if isinstance(move.get("points"), int) else 0
        game.play(group.anchor)
    if total != game.score:
        problems.append(f"points add up to {game.score}, the record says {total}")
    result = game.result()
    expected = {
        "finished": result is not None,
        "remaining": game.board.tile_count(),
        "cleared": game.board.is_empty(),
        "bonus": result.bonus if result else 0,
        "penalty": result.penalty if result else 0,
        "score": result.score if result else game.score,
    }
    for key, value in expected.items():
        if record.get(key) != value:
            problems.append(f"{key} is {value} by the rules, the record says {record.get(key)}")
    return problems


def read_records(path: Path) -> Iterator[tuple[int, object]]:
    """Each non-blank line's number and its parsed JSON (or the ValueError it raised).

    A line longer than ``MAX_RECORD_LINE_BYTES`` characters raises
    InputTooLargeError (after reading one character more), so an endless stream
    such as /dev/zero ends quickly."""
    with path.open(encoding="utf-8") as stream:
        number = 0
        while line := stream.readline(MAX_RECORD_LINE_BYTES + 1):
            number += 1
            if len(line) > MAX_RECORD_LINE_BYTES:
                raise InputTooLargeError(
                    f"line {number} is longer than {MAX_RECORD_LINE_BYTES:,} characters"
                )
            if not line.strip():
                continue
            try:
                yield number, json.loads(line)
            except ValueError as error:
                yield number, error
            except RecursionError:
                yield number, ValueError("the JSON is nested too deeply")
