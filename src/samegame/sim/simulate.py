"""A simulation run: one bot's games, each record handed on as it finishes, and
their summary.

>>> from samegame.core.formulas import BASIC
>>> from samegame.core.rules import Rules
>>> from samegame.execution.executors import LocalExecutor
>>> setup = RunSetup.of("basic", Rules(BASIC), "greedy", seed=1)
>>> summary, stop = simulate(setup, 2, LocalExecutor(), boards=(("RRB", "RBB", "GGB"),))
>>> summary.games, summary.scores.mean(), stop
(2, 5.0, None)
"""

from __future__ import annotations

from collections.abc import Callable

from samegame.core.stops import held
from samegame.execution.executors import Executor
from samegame.sim.runner import Stop, play_games
from samegame.sim.stats import Summary
from samegame.sim.tasks import Record, RunSetup, game_tasks


def simulate(
    setup: RunSetup,
    games: int,
    executor: Executor,
    *,
    boards: tuple[tuple[str, ...], ...] = (),
    write: Callable[[Record], None] = lambda record: None,
    progress: Callable[[int], None] = lambda games: None,
    window: int | None = None,
) -> tuple[Summary, Stop | None]:
    """Play games 0 to ``games - 1`` in order: ``write`` each record, count it in the
    summary, then call ``progress`` with the number of games done. Returns the
    summary of the games played and why the run stopped early (None if it did not)."""
    summary = Summary()

    def consume(record: Record) -> None:
        with held():  # a stop waits until the record is both written and counted
            write(record)
            summary.add(record)
        progress(summary.games)

    stop = play_games(game_tasks([setup], games, boards), executor, consume, window)
    return summary, stop
