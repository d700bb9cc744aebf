"""What the time bound on plugin code costs games that call none: games per second
of ``simulate`` with built-in bots, before and after.

A game that calls plugin code runs in a child process under a time limit
(``samegame.execution.bounded.run_game``); a game all of whose parts are built in must
pay nothing for that machinery. This script plays the same games (the benchmark
preset's boards, ``--games`` games a bot, one seed) with the local executor in
this source tree, and, with ``--baseline DIR``, in another source tree (an
earlier revision's ``src/``), each measurement in a fresh process, the trees
taking turns; it reports the median over ``--runs`` runs of games per second and
the change. ``--forced`` also plays the built-in games through the bound (one
child process a game), which shows what built-in games would pay without the
exemption. An earlier revision's tree, with its presets beside ``src/``:

    git archive HEAD~1 src presets | tar -x -C /tmp/before
    python benchmarks/plugin_bound_cost.py --runs 5 --games 200 --baseline /tmp/before/src
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

BOTS = ("random", "greedy")
SOURCE = Path(__file__).resolve().parents[1] / "src"


def play(bot: str, games: int, forced: bool) -> float:
    """Games per second of ``games`` games of ``bot`` in this process."""
    import time

    from samegame.execution.executors import LocalExecutor
    from samegame.plugin.host import get_host
    from samegame.presets import find_preset
    from samegame.sim import simulate as simulate_module

    setup_type = getattr(simulate_module, "RunSetup", None) or simulate_module.GameSetup  # type: ignore[attr-defined]
    preset = find_preset("benchmark", get_host())
    chosen = preset.board_setup()
    setup = setup_type.of(preset.name, preset.rules, bot, 7, chosen.board_type, chosen.spec)
    if forced:
        from samegame.execution import bounded

        real = bounded.run_game
        bounded.run_game = lambda work, parts, seconds: real(work, ("built-in",), seconds)  # type: ignore[assignment]
    simulate_module.simulate(setup, 2, LocalExecutor())  # warm up: imports, caches
    started = time.perf_counter()
    summary, stop = simulate_module.simulate(setup, games, LocalExecutor())
    seconds = time.perf_counter() - started
    if stop is not None:
        raise SystemExit(f"the run stopped: {stop.message}")
    return float(summary.games / seconds)


def measure(source: Path, bot: str, games: int, forced: bool = False) -> float:
    """Games per second, measured in a fresh process importing samegame from ``source``."""
    env = dict(os.environ, PYTHONPATH=str(source), SAMEGAME_DISABLE_PLUGIN_AUTOLOAD="1")
    argv = [sys.executable, __file__, "--child", bot, "--games", str(games)]
    if forced:
        argv.append("--forced")
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
    return float(json.loads(done.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--baseline", type=Path, help="src/ of the revision to compare with")
    parser.add_argument("--forced", action="store_true", help="also force games through the bound")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(play(args.child, args.games, args.forced)))
        return
    for bot in BOTS:
        after: list[float] = []
        before: list[float] = []
        forced: list[float] = []
        for _ in range(args.runs):
            if args.baseline is not None:
                before.append(measure(args.baseline, bot, args.games))
            after.append(measure(SOURCE, bot, args.games))
            if args.forced:
                forced.append(measure(SOURCE, bot, args.games, forced=True))
        line = f"{bot}: {statistics.median(after):.1f} games per second"
        if before:
            old = statistics.median(before)
            change = 100 * (statistics.median(after) - old) / old
            line += f" (before {old:.1f}, change {change:+.1f} percent)"
        if forced:
            line += f"; through the bound {statistics.median(forced):.1f}"
        print(f"{line}; median of {args.runs} runs of {args.games} games")


if __name__ == "__main__":
    main()
