"""NRPA's speed on fixed work: playouts per CPU second, adaptation included.

Runs one complete NRPA search (``--level``, ``--iterations`` per level, selective
playouts, move codes by tiles, one thread) from each of the first ``--positions``
standard positions, ``--runs`` times, and prints the median playouts per CPU
second of this process, with each search's score and playout count. The work is
fixed (a seed per position), so two versions of the code that are meant to search
alike must print the same scores and playouts: compare a change with the version
before it by running this script with ``PYTHONPATH`` set to each version's
``src`` in turn, several times, alternately.

``--policy soft`` times soft playouts (``nrpa:policy=soft``) instead of
selective ones.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from samegame.benchmark.positions import standard_positions
from samegame.bots.search import engine
from samegame.bots.search.spec import NrpaSpec, PlayoutPolicy
from samegame.core.rng import derive_seed
from samegame.plugin.host import get_host
from samegame.presets import find_preset


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=30, help="per level")
    parser.add_argument("--positions", type=int, default=3, help="the first N standard ones")
    parser.add_argument("--runs", type=int, default=3, help="timed runs (median)")
    parser.add_argument(
        "--policy",
        choices=[PlayoutPolicy.SELECTIVE.value, PlayoutPolicy.SOFT.value],
        default=PlayoutPolicy.SELECTIVE.value,
        help="the playouts' candidate filter",
    )
    args = parser.parse_args(argv)

    rules = find_preset("benchmark", get_host()).rules
    boards = standard_positions()[: args.positions]
    spec = NrpaSpec(level=args.level, iterations=args.iterations, policy=PlayoutPolicy(args.policy))
    engine.prepare(engine.Algorithm.NRPA)
    speeds = []
    results: list[tuple[int, int]] = []
    for _ in range(args.runs):
        playouts = 0
        cpu = time.process_time()
        results = []
        for number, board in enumerate(boards, start=1):
            result = engine.search(spec, board, rules, 0, derive_seed("nrpa-speed", number))
            playouts += result.playouts
            results.append((result.score, result.playouts))
        speeds.append(playouts / (time.process_time() - cpu))
    print(
        f"NRPA level {args.level}, {args.iterations} iterations, codes by tiles, "
        f"{args.policy} playouts, "
        f"positions 1-{args.positions}: "
        f"{statistics.median(speeds):,.0f} playouts per CPU second (median of {args.runs}: "
        + ", ".join(f"{s:,.0f}" for s in speeds)
        + ")"
    )
    print("scores and playouts: " + ", ".join(f"{s:,}/{p:,}" for s, p in results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
