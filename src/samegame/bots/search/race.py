"""The tabu colours a worker's searches use, and NRPA's colour race.

The colour kept back by the tabu rule decides most of a game's score (it comes
off last as one huge group), and the colour with the most tiles is often not the
best one. So a timed NRPA search races the colours whose tile counts are close:
the first ``RACE_COLOURS`` colours by tiles, less those more than
``RACE_MARGIN`` tiles short of the most, each entered ``starts`` times
(``ColourRace``), in rounds of successive halving; then every search keeps to
the race's best entry. NMCS keeps to the colour with the most tiles; beam search
has no tabu colour.

Importing this module loads neither numba nor numpy.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

from samegame.bots.search.spec import BeamSpec, NrpaSpec, PlayoutPolicy, SearchSpec

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

RACE_COLOURS = 5
"""Colours an NRPA race may enter: every colour of a five-colour board. Against
one colour (the one with the most tiles) the race made +2.7% on the standard 20
positions and +2.0% on 16 fresh boards at 60 CPU seconds."""

RACE_MARGIN = 3
"""The race leaves out a colour with more than this many tiles fewer than the
most: half the standard deviation of one colour's count on a random 15x15
five-colour board (sqrt(225 * 0.2 * 0.8) = 6), below which counts say little
about which colour is best. A board with one clearly largest colour is then
searched with that colour alone."""

# The kernel's filter kinds (``samegame.kernel.policy``'s ALL, TABU, SELECTIVE,
# SOFT), written out so that making a bot loads no numba; a test checks them.
POLICY_KIND = {
    PlayoutPolicy.RANDOM: 0,
    PlayoutPolicy.TABU: 1,
    PlayoutPolicy.SELECTIVE: 2,
    PlayoutPolicy.SOFT: 3,
}
SOFT_KIND = POLICY_KIND[PlayoutPolicy.SOFT]


def tiles_per_colour(state: npt.NDArray[np.uint8]) -> dict[int, int]:
    """The tiles of each colour on the board (as stored in the state, 1-9)."""
    import numpy as np

    counts = np.bincount(state, minlength=16)[1:10]
    return {c + 1: int(counts[c]) for c in range(counts.shape[0]) if counts[c] > 0}


def colours_by_tiles(state: npt.NDArray[np.uint8]) -> list[int]:
    """The colours on the board (as stored in the state, 1-9), most tiles first,
    the lower colour first on a tie."""
    counts = tiles_per_colour(state)
    return sorted(counts, key=lambda colour: (-counts[colour], colour))


def tabu_colour(state: npt.NDArray[np.uint8]) -> int:
    """The colour (as stored in the state, 1-9) with the most tiles; the lowest
    such colour on a tie; 0 on an empty board."""
    colours = colours_by_tiles(state)
    return colours[0] if colours else 0


def tabu_order(state: npt.NDArray[np.uint8], spec: SearchSpec) -> list[int]:
    """The tabu colours a worker's searches race, most tiles first: for NRPA the
    first ``RACE_COLOURS`` colours of ``colours_by_tiles`` with at most
    ``RACE_MARGIN`` tiles fewer than the most; for NMCS the colour with the most
    tiles; 0 (no tabu colour) for the random policy, beam search or an empty
    board."""
    if isinstance(spec, BeamSpec) or spec.policy is PlayoutPolicy.RANDOM:
        return [0]
    order = colours_by_tiles(state)[: RACE_COLOURS if isinstance(spec, NrpaSpec) else 1]
    if order:
        counts = tiles_per_colour(state)
        order = [c for c in order if counts[c] >= counts[order[0]] - RACE_MARGIN]
    return order or [0]


def entry_kind(spec: SearchSpec, entry: int) -> int:
    """The playout filter (``samegame.kernel.policy``'s kind) of race entry
    ``entry``: the spec's policy, or with ``mixed`` ``selective`` and ``soft`` in
    turn through each colour's entries (``ColourRace`` numbers a colour's
    ``starts`` entries one after another); 0 for beam search, which has none.

    >>> spec = NrpaSpec(policy=PlayoutPolicy.MIXED, starts=2)
    >>> [entry_kind(spec, e) for e in range(4)]
    [2, 3, 2, 3]
    """
    if isinstance(spec, BeamSpec):
        return 0
    if isinstance(spec, NrpaSpec) and spec.policy is PlayoutPolicy.MIXED:
        if entry % spec.starts % 2 == 1:
            return SOFT_KIND
        return POLICY_KIND[PlayoutPolicy.SELECTIVE]
    return POLICY_KIND[spec.policy]


class RaceBudget(Protocol):
    """What a race needs of its worker's budget (``StopTimer``)."""

    @property
    def unlimited(self) -> bool: ...

    def left(self) -> float: ...


class ColourRace:
    """Which search of a worker runs next, with which tabu colour and slice of
    the budget. The race's entries are the colours of ``order``, each ``starts``
    times (several searches of one colour), colour by colour.

    A timed search with two entries or more races them first (successive
    halving): rounds in which every entry still in the race has an equal part of
    the round's share of the budget (with ``r`` rounds to go, ``1 / (r + 1)`` of
    what is left), after which the better half stays in (rounded up, by the best
    score of each entry so far, the earlier entry on a tie, and each colour's
    best entry before any colour's second), until one is left. Then every search
    goes on with the entry of the best game so far, with no slice (the rest of
    the budget). A fixed budget, or a single entry, runs the entries one search
    each, without slices, then the best one's."""

    def __init__(self, order: list[int], starts: int, budget: RaceBudget) -> None:
        self.colours = [colour for colour in order for _ in range(starts)]
        entries = len(self.colours)
        self.sliced = entries >= 2 and not budget.unlimited
        self.budget = budget
        self.racing = list(range(entries))
        self.pending = list(range(entries))
        self.best: dict[int, int] = {}
        self.top = 0
        self.top_score: int | None = None
        self.share = 0.0
        if self.sliced:
            self._round()

    def _round(self) -> None:
        rounds = math.ceil(math.log2(len(self.racing)))
        self.share = self.budget.left() / (rounds + 1) / len(self.racing)
        self.pending = list(self.racing)

    def next(self) -> tuple[int, int, float | None]:
        """The next search's entry, tabu colour and slice (None: no slice)."""
        if self.pending:
            entry = self.pending.pop(0)
            return entry, self.colours[entry], self.share if self.sliced else None
        return self.top, self.colours[self.top], None

    def report(self, entry: int, score: int) -> None:
        """The best score of the search of ``entry`` that ``next`` gave."""
        if entry not in self.best or score > self.best[entry]:
            self.best[entry] = score
        if self.top_score is None or score > self.top_score:
            self.top, self.top_score = entry, score
        if self.sliced and not self.pending and len(self.racing) > 1:
            self.racing = self._better_half()
            if len(self.racing) > 1:
                self._round()

    def _better_half(self) -> list[int]:
        """The entries that stay in after a round, best first: half of them
        (rounded up), by the best score of each entry so far (the earlier entry
        on a tie), each colour's best entry before any colour's second. The
        tabu colour decides most of a game's score, so a colour's entries score
        alike: a colour that leads early would otherwise fill the next round
        with its own entries and put out colours whose games clear the board
        only later (standard position 1)."""
        ranked = sorted(self.racing, key=lambda e: (-self.best[e], e))
        leaders: dict[int, int] = {}
        for entry in ranked:
            leaders.setdefault(self.colours[entry], entry)
        first = list(leaders.values())
        kept = set((first + [e for e in ranked if e not in first])[: (len(ranked) + 1) // 2])
        return [entry for entry in ranked if entry in kept]
