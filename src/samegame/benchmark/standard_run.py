"""What ``samegame bench standard`` plays and what each position's game gives:
the tasks (one a position, the bot's seed derived from the run's seed and the
position, so a position plays the same game alone or among others), and for each
game its record (which ``samegame verify`` checks) and its entry (what the report
and ``--format json`` say of it).

>>> tasks = position_tasks("greedy", (3,), seed=0, bot_timeout=None)
>>> tasks[0].position, tasks[0].preset
(3, 'benchmark')
>>> from samegame.plugin.host import get_host
>>> from samegame.presets import find_preset
>>> rules = find_preset(BENCHMARK_PRESET, get_host()).rules
>>> result = position_result(tasks[0], play(tasks[0]), rules)
>>> result.record["bot"], result.entry["position"], result.record["finished"]
('greedy', 3, True)
>>> result.entry["score"] == result.record["score"]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from samegame.benchmark.positions import ANCHORS, published, standard_positions
from samegame.benchmark.runs import Played, PlayTask, play
from samegame.core.coords import format_cell
from samegame.core.rng import derive_seed
from samegame.core.rules import Rules
from samegame.plugin.host import PluginHost, get_host
from samegame.records.verification import make_record

__all__ = ["BENCHMARK_PRESET", "PositionResult", "play", "position_result", "position_tasks"]

BENCHMARK_PRESET = "benchmark"
"""The rules of the standard positions: 15 by 15, 5 colours, n minus 2 squared,
1000 for a clear."""


def position_tasks(
    bot: str, positions: Sequence[int], seed: int, bot_timeout: float | None
) -> list[PlayTask]:
    """One task a position (1-20), in the order given."""
    return [
        PlayTask(
            bot,
            BENCHMARK_PRESET,
            derive_seed("bench", seed, position),
            position=position,
            bot_timeout=bot_timeout,
        )
        for position in positions
    ]


@dataclass(frozen=True)
class PositionResult:
    """One position's game as a record and as the report's entry."""

    record: dict[str, Any]
    entry: dict[str, Any]


def position_result(
    task: PlayTask, game: Played, rules: Rules, host: PluginHost | None = None
) -> PositionResult:
    """The record and the entry of ``task``'s game, played under ``rules`` (the
    benchmark preset's); ``host`` names the plugin of a plugin's bot in the record
    (default: the process's host)."""
    assert task.position is not None, "a bench task plays a standard position"
    position = task.position
    board = standard_positions()[position - 1]
    played = game.played
    record = make_record(
        played,
        board=board,
        rules=rules,
        preset=task.preset,
        generator=None,
        board_number=None,
        colours=len(board.colour_counts()),
        bot=task.bot,
        seed=task.seed,
        host=get_host() if host is None else host,
    )
    entry = {
        "position": position,
        "score": played.result.score,
        "move_count": len(played.moves),
        "moves": [format_cell(cell) for cell in played.moves],
        "cleared": played.result.cleared,
        "remaining": played.result.remaining,
        "seconds": round(played.seconds, 3),
        "cpu_seconds": round(game.cpu_seconds, 3),
        "seed": task.seed,
        "published": {a.name: published(a.key)[position - 1] for a in ANCHORS},
    }
    return PositionResult(record, entry)
