"""A move's label from its loss: the thresholds, a best total of 0 or less, and
``best`` exactly when nothing was lost."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from samegame.review.labels import (
    BLUNDER_SHARE,
    INACCURACY_SHARE,
    MISTAKE_SHARE,
    MoveLabel,
    label_for,
    loss_share,
)

ORDER = list(MoveLabel)


@pytest.mark.parametrize(
    ("loss", "label"),
    [
        (0, MoveLabel.BEST),
        (1, MoveLabel.GOOD),
        (19, MoveLabel.GOOD),
        (20, MoveLabel.INACCURACY),
        (49, MoveLabel.INACCURACY),
        (50, MoveLabel.MISTAKE),
        (99, MoveLabel.MISTAKE),
        (100, MoveLabel.BLUNDER),
        (1000, MoveLabel.BLUNDER),
    ],
)
def test_the_thresholds_on_a_best_total_of_1000(loss: int, label: MoveLabel) -> None:
    assert label_for(loss, 1000) is label


def test_the_thresholds_are_2_5_and_10_percent() -> None:
    assert (
        Fraction(2, 100),
        Fraction(5, 100),
        Fraction(10, 100),
    ) == (INACCURACY_SHARE, MISTAKE_SHARE, BLUNDER_SHARE)


@given(loss=st.integers(0, 10_000), best=st.integers(-5_000, 10_000))
def test_best_exactly_when_nothing_was_lost(loss: int, best: int) -> None:
    assert (label_for(loss, best) is MoveLabel.BEST) == (loss == 0)


@given(
    losses=st.lists(st.integers(0, 5_000), min_size=2, max_size=2).map(sorted),
    best=st.integers(-100, 10_000),
)
def test_a_larger_loss_is_never_labelled_better(losses: list[int], best: int) -> None:
    small, large = (label_for(loss, best) for loss in losses)
    assert ORDER.index(small) <= ORDER.index(large)


@pytest.mark.parametrize("best", [0, -40])
def test_a_best_total_of_0_or_less_counts_as_1(best: int) -> None:
    assert loss_share(3, best) == 3
    assert label_for(1, best) is MoveLabel.BLUNDER
    assert label_for(0, best) is MoveLabel.BEST


def test_a_negative_loss_is_refused() -> None:
    with pytest.raises(ValueError, match="never negative"):
        label_for(-1, 100)
