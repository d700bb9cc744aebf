"""Strength of a bot on the standard positions, or on fresh boards, with its budget.

Standard mode plays the chosen positions of the 20-position research benchmark
(15x15, 5 colours, (n-2)^2, 1000 for a clear) with each seed and reports, per
position, every seed's score and the mean, the wall and CPU seconds (this process
plus any search worker processes); then the total of the means over the positions
played and its percentage of the published anchors' totals over the same positions
(SP-MCTS, NMCS level 3, Selective NRPA, js-games).

Fresh mode (``--fresh N``) plays the same bot on N fresh 15x15 five-colour boards
made by the ``benchmark`` preset's own generator from board numbers ``--first`` to
``--first + N - 1``, so that no result can come from stored solutions or tuning to
the 20 positions: compare its mean with the standard positions' mean.

The bot's ``time`` (and ``clock``) come from ``--time``/``--clock`` unless the bot
spec has them; ``--clock cpu`` counts the search process's CPU seconds, steadier on
a shared machine than wall time. Run long measurements in the background, e.g.

    nice python benchmarks/strength.py --bot nrpa --time 41 --positions 1 --seeds 4
    nice python benchmarks/strength.py --bot nrpa --time 60 --positions 1-20 --jsonl out.jsonl
    nice python benchmarks/strength.py --bot nrpa --time 10 --fresh 10
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass

from samegame.benchmark.positions import (
    ANCHORS,
    compare,
    parse_positions,
    published,
    standard_positions,
)
from samegame.bots import BotSpec, parse_bot_spec, play_game
from samegame.bots.search import engine
from samegame.bots.search.bot import SearchBot
from samegame.core.board import Board
from samegame.core.numbering import make_board
from samegame.core.rng import derive_seed
from samegame.core.rules import Rules
from samegame.plugin.host import get_host
from samegame.presets import find_preset


@dataclass(frozen=True)
class Game:
    label: str
    seed: int
    score: int
    moves: int
    cleared: bool
    seconds: float
    cpu_seconds: float
    playouts: int


def play(spec: BotSpec, board: Board, rules: Rules, seed: int, label: str) -> Game:
    bot = get_host().bot(spec.name).create(spec.options)
    cpu = time.process_time()
    played = play_game(bot, board, rules, seed, name=str(spec))
    cpu = time.process_time() - cpu
    playouts = 0
    if isinstance(bot, SearchBot):
        cpu += sum(result.helper_cpu_seconds for result in bot.results)
        playouts = sum(result.playouts for result in bot.results)
    return Game(
        label,
        seed,
        played.result.score,
        len(played.moves),
        played.result.cleared,
        played.seconds,
        cpu,
        playouts,
    )


def with_budget(text: str, seconds: float | None, clock: str | None) -> BotSpec:
    spec = parse_bot_spec(text)
    options = dict(spec.options)
    if seconds is not None:
        options.setdefault("time", f"{seconds:g}")
    if clock is not None:
        options.setdefault("clock", clock)
    spec = BotSpec(spec.name, options)
    get_host().bot(spec.name).create(spec.options)  # check the options now
    return spec


def describe(game: Game) -> str:
    speed = f", {game.playouts / game.cpu_seconds:,.0f} per CPU s" if game.cpu_seconds else ""
    return (
        f"  {game.label} seed {game.seed}: {game.score:,} in {game.moves} moves"
        f"{' (cleared)' if game.cleared else ''}, {game.seconds:.1f} s wall, "
        f"{game.cpu_seconds:.1f} s CPU, {game.playouts:,} playouts (beam: positions){speed}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="nrpa", help="bot spec, e.g. nrpa:level=3")
    parser.add_argument("--time", type=float, default=None, help="seconds per game")
    parser.add_argument("--clock", choices=("wall", "cpu"), default=None)
    parser.add_argument("--positions", default="1", help="e.g. 1-20 or 1,4,9-12")
    parser.add_argument("--seeds", type=int, default=1, help="games per position")
    parser.add_argument("--fresh", type=int, default=0, help="play N fresh boards instead")
    parser.add_argument("--first", type=int, default=1, help="first fresh board number")
    parser.add_argument("--jsonl", default=None, help="append one JSON line per game here")
    args = parser.parse_args(argv)

    host = get_host()
    preset = find_preset("benchmark", host)
    rules = preset.rules
    spec = with_budget(args.bot, args.time, args.clock)
    games: list[tuple[int | None, Game]] = []
    log = open(args.jsonl, "a", encoding="utf-8") if args.jsonl else None  # noqa: SIM115
    started = time.time()

    def record(position: int | None, game: Game) -> None:
        games.append((position, game))
        print(describe(game), flush=True)
        if log is not None:
            log.write(json.dumps({"bot": str(spec), "position": position, **game.__dict__}) + "\n")
            log.flush()

    for algorithm in engine.Algorithm:  # compile or load the kernels outside the games
        engine.prepare(algorithm)
    print(f"{spec}, {args.seeds} seed(s) per board", flush=True)
    if args.fresh:
        setup = preset.board_setup()
        generator = host.generator(setup.board_type)
        for number in range(args.first, args.first + args.fresh):
            board = make_board(generator, setup.spec, number).board
            for seed in range(args.seeds):
                record(
                    None,
                    play(
                        spec, board, rules, derive_seed("strength", seed, number), f"board {number}"
                    ),
                )
        scores = [game.score for _, game in games]
        last = args.first + args.fresh - 1
        print(
            f"Fresh boards {args.first}-{last}: mean {statistics.mean(scores):,.0f} over "
            f"{len(scores)} games (the standard positions' published SP-MCTS mean is "
            f"{sum(published(ANCHORS[0].key)) / 20:,.0f})."
        )
    else:
        chosen = parse_positions(args.positions)
        boards = standard_positions()
        means = []
        for position in chosen:
            scores = []
            for seed in range(args.seeds):
                game = play(
                    spec,
                    boards[position - 1],
                    rules,
                    derive_seed("strength", seed, position),
                    f"position {position}",
                )
                record(position, game)
                scores.append(game.score)
            mean = statistics.mean(scores)
            means.append(mean)
            anchors = ", ".join(f"{a.name} {published(a.key)[position - 1]:,}" for a in ANCHORS)
            print(f"Position {position}: mean {mean:,.1f} of {scores} ({anchors})", flush=True)
        total = round(sum(means))
        print(f"Total of the means over {len(chosen)} position(s): {total:,}")
        for comparison in compare(chosen, total):
            print(f"  {comparison.percent:.1f}% of {comparison.anchor.name} ({comparison.total:,})")
    wall = sum(game.seconds for _, game in games)
    cpu = sum(game.cpu_seconds for _, game in games)
    elapsed = time.time() - started
    print(
        f"{len(games)} games, {wall:.0f} s wall in games ({elapsed:.0f} s in all), {cpu:.0f} s CPU."
    )
    if log is not None:
        log.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
