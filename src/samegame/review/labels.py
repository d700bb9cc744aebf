"""A move's label, from its loss as a share of the best total from the start.

The share is ``loss / max(V(s_0), 1)``: the points the move lost against the
best the whole game was found to be worth from its first position (a best of 0
or less counts as 1, so every lost point of such a game is a blunder). A move
that lost nothing is ``best``, so no move is ever called worse than best unless
a line better than the played one was found. The thresholds are in the spirit
of chess and go review tools (lichess's inaccuracy, mistake and blunder; KaTrain's
shares of the game), set on the share of the whole game because a SameGame score
is won in a few big groups: a move that costs a tenth of the best score has
thrown away much of the game.

>>> label_for(0, 3000), label_for(30, 3000), label_for(60, 3000)
(<MoveLabel.BEST: 'best'>, <MoveLabel.GOOD: 'good'>, <MoveLabel.INACCURACY: 'inaccuracy'>)
>>> label_for(150, 3000), label_for(300, 3000), label_for(1, 0)
(<MoveLabel.MISTAKE: 'mistake'>, <MoveLabel.BLUNDER: 'blunder'>, <MoveLabel.BLUNDER: 'blunder'>)
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction


class MoveLabel(StrEnum):
    """How good a move was, from best to worst."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


INACCURACY_SHARE = Fraction(2, 100)
"""A loss of 2 percent of the best total or more is an inaccuracy (less: good)."""

MISTAKE_SHARE = Fraction(5, 100)
"""A loss of 5 percent or more is a mistake."""

BLUNDER_SHARE = Fraction(10, 100)
"""A loss of 10 percent or more is a blunder."""


def loss_share(loss: int, best_total: int) -> Fraction:
    """The loss as an exact share of the best total from the start (at least 1)."""
    return Fraction(loss, max(best_total, 1))


def label_for(loss: int, best_total: int) -> MoveLabel:
    """The label of a move that lost ``loss >= 0`` points in a game whose best
    total from the start is ``best_total`` (``V(s_0)``): ``best`` exactly when
    the loss is 0."""
    if loss < 0:
        raise ValueError(f"a loss is never negative, not {loss}")
    if loss == 0:
        return MoveLabel.BEST
    share = loss_share(loss, best_total)
    if share >= BLUNDER_SHARE:
        return MoveLabel.BLUNDER
    if share >= MISTAKE_SHARE:
        return MoveLabel.MISTAKE
    if share >= INACCURACY_SHARE:
        return MoveLabel.INACCURACY
    return MoveLabel.GOOD
