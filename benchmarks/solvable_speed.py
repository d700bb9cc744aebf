"""Time the solvable board type: generation, and separately the certificate replay.

For every size and colour count, boards ``0`` to ``numbers - 1`` are generated with
``SOLVABLE.generate`` and their certificates replayed with
``samegame.core.numbering.replays_to_clear`` (what ``make_board`` adds on top of
generation); the median and maximum seconds per board are printed as a plain table.

    .venv/bin/python benchmarks/solvable_speed.py
    .venv/bin/python benchmarks/solvable_speed.py --numbers 5 --colours 3 --sizes 18x18
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from samegame.builtins.solvable import SOLVABLE
from samegame.core.numbering import replays_to_clear
from samegame.plugin.contributions import BoardSpec

DEFAULT_SIZES = (
    (6, 8),
    (8, 10),
    (10, 12),
    (6, 6),
    (10, 8),
    (14, 10),
    (10, 16),
    (18, 18),
    (7, 9),
    (15, 15),
    (6, 5),
    (15, 10),
    (20, 15),
)
"""Columns by rows."""


def parse_size(text: str) -> tuple[int, int]:
    """``"18x18"`` -> ``(18, 18)`` (columns by rows)."""
    width, _, height = text.lower().partition("x")
    try:
        return int(width), int(height)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a size; write it as 18x18") from None


def time_spec(spec: BoardSpec, numbers: int) -> tuple[list[float], list[float]]:
    """Seconds to generate, and to replay the certificate of, each board number."""
    generation, replay = [], []
    for number in range(numbers):
        start = time.perf_counter()
        made = SOLVABLE.generate(spec, number)
        generation.append(time.perf_counter() - start)
        assert made.certificate is not None
        start = time.perf_counter()
        if not replays_to_clear(made.board, made.certificate):
            raise SystemExit(f"board {number} of {spec} does not clear")
        replay.append(time.perf_counter() - start)
    return generation, replay


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--numbers", type=int, default=20, help="board numbers per size")
    parser.add_argument("--colours", type=int, nargs="+", default=[3, 4, 5])
    parser.add_argument("--sizes", type=parse_size, nargs="+", default=None)
    args = parser.parse_args(argv)
    sizes = args.sizes or DEFAULT_SIZES
    print(f"solvable v{SOLVABLE.version}: seconds per board over {args.numbers} board numbers")
    print(
        f"{'size':>7} {'colours':>7}  {'gen median':>10} {'gen max':>8}  {'replay median':>13} "
        f"{'replay max':>10}"
    )
    for colours in args.colours:
        for width, height in sizes:
            generation, replay = time_spec(BoardSpec(width, height, colours), args.numbers)
            print(
                f"{width:>3}x{height:<3} {colours:>7}  {statistics.median(generation):>10.4f} "
                f"{max(generation):>8.4f}  {statistics.median(replay):>13.4f} "
                f"{max(replay):>10.4f}"
            )


if __name__ == "__main__":
    main()
