"""Ranking: standard competition ranks, where a score stands among the others, and per-group limits."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import groupby
from typing import TypeVar

from samegame.store.models import ScoreOutcome

_T = TypeVar("_T")


def competition_ranks(scores: Sequence[int]) -> list[int]:
    """Standard competition ranks of scores sorted best first: equal scores share
    a rank and the next rank skips (50, 40, 40, 10 -> 1, 2, 2, 4)."""
    ranks: list[int] = []
    for index, score in enumerate(scores):
        tied = index > 0 and score == scores[index - 1]
        ranks.append(ranks[-1] if tied else index + 1)
    return ranks


def score_outcome(ranking: str, score: int, practice: bool, others: Sequence[int]) -> ScoreOutcome:
    """The outcome of a score among the other ranked scores of its ranking."""
    previous = max(others, default=None)
    count, better = len(others), sum(1 for other in others if other > score)
    if practice:
        return ScoreOutcome(score, ranking, True, False, None, previous, previous, count)
    best = score if previous is None else max(score, previous)
    new_best = previous is None or score > previous
    return ScoreOutcome(score, ranking, False, new_best, better + 1, best, previous, count + 1)


def sql_limit(limit: int | None) -> int:
    """SQLite's LIMIT for a count or None (all, -1); a negative count is a ValueError."""
    if limit is None:
        return -1
    if limit < 0:
        raise ValueError(f"limit must be 0 or more, not {limit}")
    return limit


def ranked(
    items: Sequence[_T],
    group: Callable[[_T], str],
    score: Callable[[_T], int],
    limit: int | None,
) -> Iterator[tuple[int, _T]]:
    """(rank, item) for items sorted by ``group`` then best score first; at most
    ``limit`` per group (None: all)."""
    count = sql_limit(limit)
    for _, members in groupby(items, key=group):
        listed = list(members)[: None if count < 0 else count]
        yield from zip(competition_ranks([score(item) for item in listed]), listed, strict=True)
