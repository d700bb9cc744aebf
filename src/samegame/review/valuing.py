"""The positions of a played line valued in turn, here or on an executor's
workers (``samegame.execution.executors``), first to last, stopping when asked.

Each position's value is a pure function of the position, the points before it,
the rules, the budget and its seed (``samegame.review.values.value_position``),
so where it is computed changes nothing: a review made on four workers is the
review made here. A worker is sent the position as text and the rules as their
variant, and makes the rules again from its own plugin host.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from samegame.core.rules import Rules
from samegame.core.textboard import board_rows, read_board
from samegame.core.variant import RuleVariant
from samegame.execution.executors import Executor, Handle
from samegame.review.review import position_seed
from samegame.review.values import PlayedLine, PositionValue, ReviewBudget, value_position

__all__ = ["POLL_SECONDS", "PositionTask", "value_task", "valued_positions"]

POLL_SECONDS = 0.2
"""How often a wait for a worker's value looks whether the work was stopped."""


@dataclass(frozen=True)
class PositionTask:
    """One position to value on a worker: its rows (top first), the rules'
    variant (``RuleVariant.to_dict``), the points before it, the budget and the
    search's seed."""

    rows: tuple[str, ...]
    variant: dict[str, Any]
    base: int
    budget: ReviewBudget
    seed: int


def value_task(task: PositionTask) -> PositionValue:
    """A position's value, on a worker (see the module)."""
    from samegame.plugin.host import get_host

    host = get_host()
    rules = Rules.from_variant(RuleVariant.from_dict(task.variant), host.formula, host.penalty)
    board = read_board("\n".join(task.rows), tiles_required=False)
    return value_position(board, rules, task.base, task.budget, task.seed)


def valued_positions(
    played: PlayedLine,
    rules: Rules,
    variant: RuleVariant,
    budget: ReviewBudget,
    seed: int,
    start: int,
    stopped: Callable[[], bool],
    executor: Executor | None = None,
) -> Iterator[PositionValue]:
    """The values of positions ``start`` onwards, in order, until the last or
    until ``stopped()``; a value being found when the work is stopped is never
    given (a search cut short is not the fixed amount of work). ``executor``
    None values the positions here, one after another, keeping one exact
    solver's table between them; else every position is sent to the executor at
    once and the values are taken in order (those still running when the work
    stops are cancelled)."""
    total = len(played.boards)
    if executor is None:
        solver = budget.solver(rules)
        for index in range(start, total):
            if stopped():
                return
            base, position_seed_ = played.bases[index], position_seed(seed, index)
            value = value_position(
                played.boards[index], rules, base, budget, position_seed_, solver
            )
            if stopped():
                return
            yield value
        return
    handles = [
        executor.call(
            value_task,
            PositionTask(
                tuple("".join(row) for row in board_rows(played.boards[index])),
                variant.to_dict(),
                played.bases[index],
                budget,
                position_seed(seed, index),
            ),
        )
        for index in range(start, total)
    ]
    try:
        for handle in handles:
            awaited = _awaited(handle, stopped)
            if awaited is None:
                return
            yield awaited
    finally:
        for handle in handles:
            handle.cancel()


def _awaited(handle: Handle, stopped: Callable[[], bool]) -> PositionValue | None:
    """A worker's value, or None once the work is stopped."""
    while not stopped():
        try:
            value: PositionValue = handle.result(timeout=POLL_SECONDS)
        except TimeoutError:
            continue
        return value
    return None
