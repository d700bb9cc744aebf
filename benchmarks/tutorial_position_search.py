"""Search Lesson boards for a position with the structure the tutorial's steps need,
and time the search.

The tutorial (``samegame tutorial``) plays one position cut from the lower left of a
Lesson board (``samegame.repl.tutorial.position``). This script finds board numbers
and cuts (the height kept in each column) that give a position where, by the real
rules:

- the diamonds are one group of five and three lone diamonds (the tags A, B and C),
  one of which touches the group only at a corner;
- the only bottom group of circles is a pair; removing it empties one column (the
  pair's tile there was alone) and makes A, in the pair's other column, fall one
  square, while B moves left with its column;
- then the five, A and B are seven connected diamonds, and C is not with them;
- after removing the seven, a group of three circles is the only group left and C
  is a lone diamond, the board not cleared.

It prints one line per position found (tiles, board number, heights, the tags),
smallest positions first, then the seconds spent. When a generator change moves
the pinned position (tests/unit/repl/test_tutorial_position.py fails), run it to
choose another, and update ``LESSON_NUMBER``, ``LESSON_HEIGHTS``, ``TAGS`` and
``FACTS``.

    .venv/bin/python benchmarks/tutorial_position_search.py --start 123339 --count 1
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Iterator

from samegame.core.board import Board
from samegame.core.coords import Cell, format_cell
from samegame.core.palette import PALETTE
from samegame.plugin.host import get_host
from samegame.repl.tutorial.position import follow, lesson_board, lower_left

SHAPE = {entry.shape: entry.index for entry in PALETTE}
CIRCLE, DIAMOND, TRIANGLE = SHAPE["circle"], SHAPE["diamond"], SHAPE["triangle"]


def touches(a: Cell, b: Cell, *, corner: bool = False) -> bool:
    if corner:
        return abs(a.col - b.col) == 1 and abs(a.row - b.row) == 1
    return abs(a.col - b.col) + abs(a.row - b.row) == 1


def structure(position: Board) -> dict[str, str] | None:
    """The tags and moves when ``position`` has the tutorial's structure, else None."""
    diamonds = [g for g in position.iter_groups(1) if g.colour == DIAMOND]
    fives = [g for g in diamonds if g.size == 5]
    singles = [g.anchor for g in diamonds if g.size == 1]
    if len(fives) != 1 or len(singles) != 3 or len(diamonds) != 4:
        return None
    five = set(position.cells(fives[0].mask))
    if not any(touches(t, c, corner=True) for t in singles for c in five):
        return None
    pairs = [
        g
        for g in position.iter_groups(2)
        if g.colour == CIRCLE and all(c.row == 0 for c in position.cells(g.mask))
    ]
    if len(pairs) != 1 or pairs[0].size != 2:
        return None
    first = position.remove_detailed(pairs[0])
    if len(first.emptied_columns) != 1:
        return None
    moved = {t: follow(first, t) for t in singles}
    anchor = follow(first, min(five))
    seven = first.after.group_at(anchor) if anchor is not None else None
    if seven is None or seven.size != 7:
        return None
    joined = set(first.after.cells(seven.mask))
    pair_cols = {c.col for c in position.cells(pairs[0].mask)}
    a = [t for t in singles if moved[t] == Cell(t.col, t.row - 1) and t.col in pair_cols]
    b = [t for t in singles if (m := moved[t]) is not None and m.col == t.col - 1]
    c = [t for t in singles if moved[t] not in joined]
    if len(a) != 1 or len(b) != 1 or len(c) != 1 or moved[a[0]] not in joined:
        return None
    if moved[b[0]] not in joined:
        return None
    second = first.after.remove_detailed(seven)
    left = second.after.groups(2)
    c_end = follow(second, moved[c[0]])  # type: ignore[arg-type]
    if len(left) != 1 or left[0].colour != CIRCLE or left[0].size != 3 or c_end is None:
        return None
    lone = second.after.group_at(c_end)
    if lone is None or lone.size != 1 or second.after.is_empty():
        return None
    names = {"A": a[0], "B": b[0], "C": c[0], "pair": min(position.cells(pairs[0].mask))}
    return {name: format_cell(cell) for name, cell in names.items()}


def cuts(board: Board, widths: range, most: int) -> Iterator[tuple[int, ...]]:
    """Column heights worth trying: a column of height 1 whose circle has a circle
    on its left (the pair), and eight diamonds in all."""
    columns = board.columns()
    for width in widths:
        for emptied in range(1, width - 1):
            if not columns[emptied][0] == columns[emptied - 1][0] == CIRCLE:
                continue
            ranges = [range(1, most + 1)] * width
            ranges[emptied] = range(1, 2)
            ranges[emptied - 1] = range(2, most + 1)
            for heights in itertools.product(*ranges):
                kept = sum(col[:h].count(DIAMOND) for col, h in zip(columns, heights, strict=False))
                if kept == 8:
                    yield heights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--start", type=int, default=0, help="the first board number")
    parser.add_argument("--count", type=int, default=1000, help="how many boards")
    parser.add_argument("--most", type=int, default=6, help="the most rows kept per column")
    args = parser.parse_args()
    host = get_host()
    began = time.perf_counter()
    found: list[tuple[int, int, tuple[int, ...], dict[str, str], int]] = []
    for number in range(args.start, args.start + args.count):
        board = lesson_board(host, number)
        for heights in cuts(board, range(3, 7), args.most):
            position = lower_left(board, heights)
            tags = structure(position)
            if tags is not None:
                triangles = position.colour_counts().get(TRIANGLE, 0)
                found.append((position.tile_count(), number, heights, tags, triangles))
    for tiles, number, heights, tags, triangles in sorted(found):
        print(f"{tiles} tiles, board {number}, heights {heights}, {triangles} triangles, {tags}")
    print(f"{args.count} boards in {time.perf_counter() - began:.1f} seconds")


if __name__ == "__main__":
    main()
