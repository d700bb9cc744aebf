"""A request to stop that lands while a finished game is being written and
counted waits until both are done: the records written are the games counted
(a SIGTERM once cut the two apart, 475 records for 474 games)."""

from __future__ import annotations

import pytest

from samegame.core.formulas import BASIC
from samegame.core.rules import Rules
from samegame.core.stops import held, raise_or_hold
from samegame.execution.executors import LocalExecutor
from samegame.sim.compare import compare
from samegame.sim.simulate import simulate
from samegame.sim.tasks import Record, RunSetup

BOARDS = (("RRB", "RBB", "GGB"),)


def stopping_after(count: int) -> tuple[list[Record], object]:
    """A writer that, after ``count`` records, is hit by a stop as a signal
    handler raises it: in the middle of its bookkeeping."""
    written: list[Record] = []

    def write(record: Record) -> None:
        written.append(record)
        if len(written) == count:
            raise_or_hold(KeyboardInterrupt())

    return written, write


@pytest.mark.parametrize("count", [1, 3])
def test_a_stop_while_a_record_is_written_counts_the_record(count: int) -> None:
    written, write = stopping_after(count)
    setup = RunSetup.of("basic", Rules(BASIC), "greedy", seed=1)
    summary, stop = simulate(setup, 10, LocalExecutor(), boards=BOARDS, write=write)  # type: ignore[arg-type]
    assert stop is not None
    assert summary.games == len(written) == count


def test_compare_keeps_what_it_wrote() -> None:
    written, write = stopping_after(4)
    setups = [RunSetup.of("basic", Rules(BASIC), bot, seed=1) for bot in ("greedy", "random")]
    comparison, stop = compare(setups, 10, LocalExecutor(), boards=BOARDS, write=write)  # type: ignore[arg-type]
    assert stop is not None
    assert comparison.boards * 2 == len(written) == 4


def test_outside_a_held_stretch_the_stop_is_raised_at_once() -> None:
    with pytest.raises(KeyboardInterrupt):
        raise_or_hold(KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt), held():
        raise_or_hold(KeyboardInterrupt())
