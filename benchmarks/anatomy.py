"""Where a game's points come from: its largest group, and the tiles of that
group's colour that the group left out.

On a 15x15 five-colour board with (n-2)^2 points, most of a good game's score is
one group of one colour, removed late (the tabu colour of the search bots'
playouts). Each tile of that colour that is not in the group costs about
2(n-2) points: a colour of 61 tiles removed as a group of 59 makes 232 points
less than as one group of 61. For every record
of the given files (as ``samegame bench standard --out`` or ``samegame simulate
--out`` write them) this prints one line: the standard position the board is
(when it is one), the score, the tiles left, the largest group's tiles and the
move that removed it, its colour's tiles at the start, how many of them were
not in it and the points one group of all of them would have added, the
colour's pieces on the board when the group was removed (the sizes of its
side-connected parts, single tiles too: ``59+1+1`` says two tiles had been
split off and not joined again), and the points of the largest group and of
every other group. The
records are verified first (as ``samegame verify --no-replay-bots``); a record
that does not verify is reported and left out of the totals.

    python benchmarks/anatomy.py records.jsonl
    python benchmarks/anatomy.py --json records.jsonl more.jsonl
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from samegame.benchmark.positions import standard_positions
from samegame.core.board import Board
from samegame.core.coords import parse_cell
from samegame.core.rules import Rules
from samegame.core.textboard import read_board
from samegame.plugin.host import get_host
from samegame.records.verification import Verifier, read_records, record_rules


@dataclass(frozen=True)
class Anatomy:
    """One verified record, taken apart (see the module docstring)."""

    source: str
    position: int | None
    score: int
    left: int
    largest: int
    at_move: int
    moves: int
    colour_tiles: int
    left_out: int
    left_out_points: int
    pieces: tuple[int, ...]
    largest_points: int
    other_points: int


@functools.cache
def standard_numbers() -> dict[Board, int]:
    """Each standard position's number (1-20), by its board; made once."""
    return {board: number for number, board in enumerate(standard_positions(), start=1)}


def colour_pieces(board: Board, colour: int) -> tuple[int, ...]:
    """The sizes of ``colour``'s side-connected parts on ``board``, single tiles
    included, largest first."""
    return tuple(sorted((g.size for g in board.iter_groups(1) if g.colour == colour), reverse=True))


def anatomy(record: dict[str, Any], rules: Rules, source: str) -> Anatomy:
    """Take a verified record apart (played under ``rules``): replay its moves on
    its board."""
    start: Board = read_board("\n".join(record["board"]), tiles_required=True)
    start_counts = start.colour_counts()
    board = start
    moves = record["moves"]
    best = (0, 0, 0, 0)  # tiles, move number, colour, points
    before = board  # the board the largest group was removed from
    for number, move in enumerate(moves, start=1):
        group = board.group_at(parse_cell(move["move"]))
        assert group is not None, "a verified record's moves are groups"
        if group.size > best[0]:
            best = (group.size, number, group.colour, int(move["points"]))
            before = board
        board = board.remove(group)
    tiles, at_move, colour, points = best
    # A game without a move has no largest group, so no colour of it.
    colour_tiles = start_counts[colour] if moves else 0
    total = sum(int(move["points"]) for move in moves)
    return Anatomy(
        source=source,
        position=standard_numbers().get(start),
        score=record["score"],
        left=record["remaining"],
        largest=tiles,
        at_move=at_move,
        moves=len(moves),
        colour_tiles=colour_tiles,
        left_out=colour_tiles - tiles,
        left_out_points=rules.points(colour_tiles) - points if moves else 0,
        pieces=colour_pieces(before, colour) if moves else (),
        largest_points=points,
        other_points=total - points,
    )


def collect(paths: list[Path]) -> tuple[list[Anatomy], list[str]]:
    """Every verified record of ``paths`` taken apart, and a sentence for each
    record that could not be read or did not verify."""
    verifier = Verifier(get_host(), replay_bots=False)
    found: list[Anatomy] = []
    problems: list[str] = []
    for path in paths:
        for number, record in read_records(path):
            where = f"{path}:{number}"
            if isinstance(record, Exception):
                problems.append(f"{where}: {record}")
                continue
            wrong = verifier.verify(record)
            if wrong:
                problems.append(f"{where}: {wrong[0]}")
                continue
            assert isinstance(record, dict)
            found.append(anatomy(record, record_rules(record, verifier.host), where))
    return found, problems


HEADER = (
    "| record | position | score | tiles left | largest group (move) | its colour's tiles "
    "| left out (points) | its pieces then | its points | other groups' points |"
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+", type=Path, help="JSONL record files")
    parser.add_argument("--json", action="store_true", help="one JSON object per record")
    args = parser.parse_args(argv)
    try:
        found, problems = collect(args.records)
    except OSError as error:
        print(f"anatomy: cannot read the records: {error}", file=sys.stderr)
        return 2
    for problem in problems:
        print(f"anatomy: left out {problem}", file=sys.stderr)
    if args.json:
        for item in found:
            print(json.dumps(asdict(item)))
    else:
        print(HEADER)
        print("|---" * (HEADER.count("|") - 1) + "|")
        for a in found:
            where = "" if a.position is None else str(a.position)
            cells = (
                a.source,
                where,
                f"{a.score:,}",
                str(a.left),
                f"{a.largest} ({a.at_move} of {a.moves})",
                str(a.colour_tiles),
                f"{a.left_out} ({a.left_out_points:,})",
                "+".join(str(size) for size in a.pieces),
                f"{a.largest_points:,}",
                f"{a.other_points:,}",
            )
            print("| " + " | ".join(cells) + " |")
        if found:
            count = len(found)
            print(
                f"{count} records: score {sum(a.score for a in found):,}; tiles left out of "
                f"the largest group {sum(a.left_out for a in found)} "
                f"({sum(a.left_out_points for a in found):,} points); the other groups' "
                f"points {sum(a.other_points for a in found) / count:,.0f} a game"
            )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
