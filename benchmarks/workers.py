"""Are two workers worth nearly two? NRPA with ``workers=W`` and budget T against
one worker with budget ``--factor`` x T (the criterion: 2 workers at T must reach
at least 1 worker at 1.8 T), on the same boards with the same seeds.

Budgets are CPU seconds by default (``clock=cpu``; W workers get W x T CPU
seconds of the process, one worker gets factor x T), so a shared machine's load
matters less; ``--clock wall`` measures wall time (then the machine must have W
free cores). Boards: standard positions (``--positions``) and/or fresh 15x15
five-colour boards of the ``benchmark`` preset's generator (``--fresh N``), so a
result cannot come from tuning to the 20 positions. Prints every game, then per
bot the mean and the median over all games, and the ratio of the means.

    nice python benchmarks/workers.py --time 10 --positions 1-4 --fresh 4 --seeds 2
"""

from __future__ import annotations

import argparse
import statistics
import sys

from strength import describe, play, with_budget

from samegame.benchmark.positions import parse_positions, standard_positions
from samegame.bots.search import engine
from samegame.core.numbering import make_board
from samegame.core.rng import derive_seed
from samegame.plugin.host import get_host
from samegame.presets import find_preset


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="nrpa", help="the bot without workers or time")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--time", type=float, default=10.0, help="T, seconds per game")
    parser.add_argument("--factor", type=float, default=1.8, help="one worker gets factor x T")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="cpu")
    parser.add_argument("--positions", default="", help="standard positions, e.g. 1-4")
    parser.add_argument("--fresh", type=int, default=0, help="fresh boards 1..N")
    parser.add_argument("--seeds", type=int, default=1, help="games per board")
    args = parser.parse_args(argv)

    host = get_host()
    preset = find_preset("benchmark", host)
    rules = preset.rules
    boards = [(f"position {p}", standard_positions()[p - 1]) for p in parse_positions(args.positions)] if args.positions else []  # fmt: skip
    if args.fresh:
        setup = preset.board_setup()
        generator = host.generator(setup.board_type)
        for number in range(1, args.fresh + 1):
            boards.append((f"board {number}", make_board(generator, setup.spec, number).board))
    sep = "," if ":" in args.bot else ":"
    bots = {
        "many": with_budget(f"{args.bot}{sep}workers={args.workers}", args.time, args.clock),
        "one": with_budget(args.bot, args.time * args.factor, args.clock),
    }
    for algorithm in engine.Algorithm:
        engine.prepare(algorithm)
    scores: dict[str, list[int]] = {key: [] for key in bots}
    for label, board in boards:
        for seed in range(args.seeds):
            game_seed = derive_seed("workers-benchmark", seed, label)
            for key, spec in bots.items():
                game = play(spec, board, rules, game_seed, f"{label} {spec}")
                print(describe(game), flush=True)
                scores[key].append(game.score)
    for key, spec in bots.items():
        values = scores[key]
        print(
            f"{spec}: mean {statistics.mean(values):,.1f}, median "
            f"{statistics.median(values):,.1f} over {len(values)} games"
        )
    ratio = statistics.mean(scores["many"]) / statistics.mean(scores["one"])
    print(
        f"{args.workers} workers at T={args.time:g} s reach {100 * ratio:.1f}% of one worker "
        f"at {args.factor:g} T ({'met' if ratio >= 1 else 'not met'})."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
