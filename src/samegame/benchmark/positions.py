"""The standard benchmark: the 20 research positions and their published scores.

The positions (``samegame/benchmark/data/standard-20.txt``) are the 20 boards that SameGame
research has used since Schadd et al. 2008: 15x15, 5 colours, scored under the
``benchmark`` preset ((n-2)^2, 1000 for a clear, no penalty).
``samegame/benchmark/data/published-scores.json`` has the published per-position scores
of the known algorithms; ``ANCHORS`` are the four a result is compared with.

>>> len(standard_positions()), standard_positions()[0].width
(20, 15)
>>> [sum(published(anchor.key)) for anchor in ANCHORS]
[73998, 77934, 80030, 87858]
>>> parse_positions("1-3,7")
(1, 2, 3, 7)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from samegame.builtins import program_deals
from samegame.core.board import Board

POSITIONS = 20


@dataclass(frozen=True)
class Anchor:
    """A published result to compare with: its name in words and its key in
    ``published-scores.json``."""

    name: str
    key: str


ANCHORS = (
    Anchor("SP-MCTS", "SP-MCTS(1)"),
    Anchor("NMCS level 3", "NMCS L3m"),
    Anchor("Selective NRPA", "Selective NRPA L4"),
    Anchor("js-games", "js-games.de (2016)"),
)


def _data(name: str) -> str:
    return resources.files("samegame.benchmark.data").joinpath(name).read_text(encoding="utf-8")


def standard_positions() -> tuple[Board, ...]:
    """The 20 standard positions, in their published order (position 1 first): the
    boards 1 to 20 of the board type ``standard`` (``samegame.builtins.program_deals``)."""
    return program_deals.standard_positions()


@cache
def _published() -> dict[str, tuple[int, ...]]:
    results = json.loads(_data("published-scores.json"))["results"]
    return {key: tuple(int(s) for s in value["per_position"]) for key, value in results.items()}


def published(key: str) -> tuple[int, ...]:
    """The published per-position scores of a result (KeyError if unknown)."""
    return _published()[key]


def parse_positions(text: str) -> tuple[int, ...]:
    """Positions (1 to 20) from ``"1-20"``, ``"3"`` or ``"1,4,9-12"``, in the order
    given, each once; ValueError with what is accepted otherwise."""
    chosen: list[int] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        low, dash, high = part.partition("-")
        try:
            first = int(low)
            last = int(high) if dash else first
        except ValueError:
            raise ValueError(_positions_help(text)) from None
        if not 1 <= first <= last <= POSITIONS:
            raise ValueError(_positions_help(text))
        chosen.extend(p for p in range(first, last + 1) if p not in chosen)
    if not chosen:
        raise ValueError(_positions_help(text))
    return tuple(chosen)


def _positions_help(text: str) -> str:
    return (
        f"positions are numbers from 1 to {POSITIONS} and ranges, "
        f"for example 1-20 or 1,4,9-12, not '{text}'"
    )


@dataclass(frozen=True)
class PublishedComparison:
    """A total against one anchor's total over the same positions."""

    anchor: Anchor
    total: int
    percent: float


def compare(positions: tuple[int, ...], total: int) -> list[PublishedComparison]:
    """``total`` as a percentage of each anchor's total over ``positions``."""
    out = []
    for anchor in ANCHORS:
        scores = published(anchor.key)
        theirs = sum(scores[p - 1] for p in positions)
        out.append(PublishedComparison(anchor, theirs, 100.0 * total / theirs))
    return out
