"""What a search runs with: one spec per algorithm, each with a ``Budget``.

``NmcsSpec``, ``NrpaSpec`` and ``BeamSpec`` hold an algorithm's parameters and
share the ``Budget`` part (seconds and the clock that counts them, or a fixed
amount of work) and the properties the running of a search reads: ``seconds``,
``lanes`` (threads of one search), ``processes`` (independent searches) and
``searches`` (the most complete searches one worker runs). ``SearchSpec`` is any
of the three. The specs are picklable, so a search crosses process boundaries.

Importing this module loads neither numba nor numpy.

>>> NrpaSpec(level=2, iterations=10).searches
1
>>> NrpaSpec(budget=Budget(60.0), workers=2).lanes
2
>>> NmcsSpec(level=1, runs=None)
Traceback (most recent call last):
...
ValueError: an NMCS search needs a time budget or a number of runs
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

MAX_WIDTH = 32768
"""The widest beam (memory grows with the width: about 2 KB per unit on 15x15)."""


class Algorithm(StrEnum):
    NMCS = "nmcs"
    NRPA = "nrpa"
    BEAM = "beam"


class Clock(StrEnum):
    """What a time budget counts: wall-clock seconds, or CPU seconds of the search's
    process (steadier on a shared machine; each worker gets the budget)."""

    WALL = "wall"
    CPU = "cpu"


class PlayoutPolicy(StrEnum):
    """Playout policies (candidate filters of ``samegame.kernel.policy``). ``soft``
    (NRPA): as ``selective``, but the tabu colour's groups that are not the whole
    colour are drawn rarely instead of never; ``mixed`` (NRPA): a colour's race
    entries alternate ``selective`` and ``soft``, the first ``selective`` (with
    one entry per colour, ``selective`` only)."""

    RANDOM = "random"
    TABU = "tabu"
    SELECTIVE = "selective"
    SOFT = "soft"
    MIXED = "mixed"


NMCS_POLICIES = (PlayoutPolicy.RANDOM, PlayoutPolicy.TABU, PlayoutPolicy.SELECTIVE)
"""The policies NMCS plays with (``soft`` and ``mixed`` need NRPA's weights)."""


class Evaluation(StrEnum):
    """Beam search evaluations (see ``samegame.kernel.search.beam``)."""

    COLOURS = "colours"
    GROUPS = "groups"
    MIXED = "mixed"


@dataclass(frozen=True)
class Budget:
    """How long one search runs: ``seconds`` counted by ``clock``, or, with no
    ``seconds``, a fixed amount of work that the algorithm's spec states (then the
    result depends on the seed alone)."""

    seconds: float | None = None
    clock: Clock = Clock.WALL

    def __post_init__(self) -> None:
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"a time budget is positive, not {self.seconds}")

    @property
    def fixed(self) -> bool:
        """A fixed amount of work, no time budget."""
        return self.seconds is None


@dataclass(frozen=True, kw_only=True)
class _Spec:
    """The part every algorithm's spec shares: its budget, and how its worker
    runs (one process and one lane unless the algorithm says otherwise)."""

    algorithm: ClassVar[Algorithm]
    budget: Budget = Budget()

    @property
    def seconds(self) -> float | None:
        """The time budget of one search (None: fixed work)."""
        return self.budget.seconds

    @property
    def lanes(self) -> int:
        """Threads of one search (NRPA sharing its policy); 1 otherwise."""
        return 1

    @property
    def processes(self) -> int:
        """Independent searches (root parallelism), this process's included."""
        return 1

    @property
    def searches(self) -> int | None:
        """The most complete searches of one worker (None: until the time is up)."""
        return 1 if self.budget.fixed else None


def _check_counts(spec: object, *counts: int) -> None:
    if min(counts) < 1:
        raise ValueError(f"a search's counts are at least 1: {spec}")


@dataclass(frozen=True, kw_only=True)
class NmcsSpec(_Spec):
    """Nested Monte-Carlo Search: ``level``, the playouts' ``policy``; ``runs``
    complete searches (with a time budget a cap; None: no cap); ``workers``
    independent searches at once, the best kept."""

    algorithm: ClassVar[Algorithm] = Algorithm.NMCS
    level: int = 2
    policy: PlayoutPolicy = PlayoutPolicy.TABU
    runs: int | None = 1
    workers: int = 1

    def __post_init__(self) -> None:
        _check_counts(self, self.level, self.workers, self.runs or 1)
        if self.policy not in NMCS_POLICIES:
            raise ValueError(f"NMCS has no {self.policy} playouts")
        if self.budget.fixed and self.runs is None:
            raise ValueError("an NMCS search needs a time budget or a number of runs")

    @property
    def processes(self) -> int:
        return self.workers

    @property
    def searches(self) -> int | None:
        return self.runs


@dataclass(frozen=True, kw_only=True)
class NrpaSpec(_Spec):
    """Nested Rollout Policy Adaptation: ``level``, ``iterations`` per level, the
    playouts' ``policy``; ``starts`` searches of each colour in the colour race
    of a time budget (``samegame.bots.search.race``); ``workers`` threads of one
    search sharing its policy. A fixed budget is one complete search."""

    algorithm: ClassVar[Algorithm] = Algorithm.NRPA
    level: int = 4
    iterations: int = 100
    policy: PlayoutPolicy = PlayoutPolicy.MIXED
    starts: int = 2
    workers: int = 1

    def __post_init__(self) -> None:
        _check_counts(self, self.level, self.iterations, self.starts, self.workers)

    @property
    def lanes(self) -> int:
        return self.workers


@dataclass(frozen=True, kw_only=True)
class BeamSpec(_Spec):
    """Beam search valued by ``evaluation``: one pass of ``width`` (a fixed
    budget), or passes of doubling width from ``width`` until the time is up."""

    algorithm: ClassVar[Algorithm] = Algorithm.BEAM
    width: int = 16
    evaluation: Evaluation = Evaluation.GROUPS

    def __post_init__(self) -> None:
        _check_counts(self, self.width)
        if self.width > MAX_WIDTH:
            raise ValueError(f"the beam is at most {MAX_WIDTH} wide, not {self.width}")

    @property
    def searches(self) -> int | None:
        return None


SearchSpec = NmcsSpec | NrpaSpec | BeamSpec
"""What to search with: one algorithm's spec."""
