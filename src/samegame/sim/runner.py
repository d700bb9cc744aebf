"""Ordered, bounded streaming of games over an executor.

``run_ordered`` keeps at most ``window`` games in flight: it submits the first
``window`` tasks, then each time it hands out the record of the oldest game it
submits one more. Records come out in task order; those that finish early wait in
their handles, so the reorder buffer is the window itself. Tasks are drawn from the
iterable one at a time, so memory stays constant however many games are played.

A game's error (``GameFailed``) or a KeyboardInterrupt comes out of the iterator
when that game's turn comes; every record handed out before it is complete. On
leaving, early or not, the games still in flight are cancelled.

``play_games`` (what a simulation or a comparison runs) first asks a plugin's
board generator for the first game's board twice
(``samegame.sim.tasks.check_repeatable``): a generator whose board for one number
differs between two calls stops the run before any game is played; then it is
``play_all``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Generator, Iterable
from contextlib import closing
from dataclasses import dataclass
from itertools import chain

from samegame.core.stops import Terminated
from samegame.execution.executors import Executor, failure_words, ordered_calls
from samegame.plugin.containment import PluginError
from samegame.sim.tasks import GameFailed, GameTask, Record, check_repeatable, play_task


def default_window(executor: Executor) -> int:
    """Games in flight: four per slot keeps every worker busy while the oldest game
    finishes."""
    return 4 * executor.slots


def run_ordered(
    tasks: Iterable[GameTask], executor: Executor, window: int
) -> Generator[Record, None, None]:
    """Each task's record, in task order, with at most ``window`` tasks in flight."""
    if window < 1:
        raise ValueError(f"the window holds at least one game, not {window}")
    records: Generator[Record, None, None] = ordered_calls(executor, play_task, tasks, window)
    yield from records


@dataclass(frozen=True)
class Stop:
    """Why a run ended early: ``interrupted`` (Ctrl-C), ``terminated`` (SIGTERM),
    ``plugin`` (a plugin failed, gave a bad result or never returned: exit code 3)
    or ``failed`` (a game or the executor failed otherwise: exit code 1);
    ``message`` says it in words."""

    reason: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"reason": self.reason, "message": self.message}


def play_all(
    tasks: Iterable[GameTask],
    executor: Executor,
    consume: Callable[[Record], None],
    window: int | None = None,
) -> Stop | None:
    """Hand every record, in task order, to ``consume``; None when all were played,
    otherwise why it stopped. A KeyboardInterrupt, also one raised by ``consume``,
    stops the run; so does a failed game. Errors raised by ``consume`` itself
    (such as a full disk) propagate."""
    records = run_ordered(tasks, executor, window or default_window(executor))
    try:
        with closing(records):
            while True:
                try:
                    record = next(records)
                except StopIteration:
                    return None
                except GameFailed as error:
                    return Stop("plugin" if error.plugin else "failed", str(error))
                except Exception as error:
                    return Stop("failed", failure_words(error))
                consume(record)
    except KeyboardInterrupt:
        return _interrupted()


def play_games(
    tasks: Iterable[GameTask],
    executor: Executor,
    consume: Callable[[Record], None],
    window: int | None = None,
) -> Stop | None:
    """``play_all`` of a run's games, after checking that a plugin's board
    generator gives the first game's board twice alike (a Stop ``plugin`` if not)."""
    source = iter(tasks)
    first = next(source, None)
    if first is None:
        return None
    try:
        check_repeatable(first)
    except PluginError as error:
        return Stop("plugin", str(error))
    except KeyboardInterrupt:  # Terminated included
        return _interrupted()
    return play_all(chain([first], source), executor, consume, window)


def _interrupted() -> Stop:
    """The Stop of the KeyboardInterrupt being handled: SIGTERM or Ctrl-C."""
    if isinstance(sys.exc_info()[1], Terminated):
        return Stop("terminated", "terminated (SIGTERM)")
    return Stop("interrupted", "interrupted (Ctrl-C)")
