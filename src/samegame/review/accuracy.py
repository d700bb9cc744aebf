"""A game's accuracy: how much of what was still to be won each move kept, on
average (docs/review.md, "Accuracy").

The stake of move ``i`` is ``V(s_i)``, the best future points from the position
before it (at least 1: a position whose best future is 0 or less counts as 1).
The move's accuracy is the share of the stake it kept,

    a_i = 1 - min(loss_i, stake_i) / stake_i

(1 for a move that lost nothing, 0 for one that lost all that was still to be
won or more), and the game's accuracy is the plain mean of its moves'
accuracies: each decision counts once, each judged against what was at stake
when it was made, so neither the clear bonus of an early position nor the few
points of the last ones drowns the rest. It is 100 percent exactly when no move
lost points, and lower the more any move lost (the stakes held). It is said
rounded down to a whole percent, so 100 is said only of a game without a loss.

What it rests on: it is true (every loss and every stake the exact solver's)
only when every move's loss is proven (``ReviewedMove.loss_proven``); else it is
computed on values the search found, which are bounds from below on both sides of
each loss, so the true accuracy may be higher or lower, and it is said as what the
search found.

>>> from samegame.core.coords import Cell
>>> from samegame.core.formulas import BASIC
>>> from samegame.core.rules import Rules
>>> from samegame.core.textboard import read_board
>>> from samegame.review.review import review_game
>>> review = review_game(read_board("RBR\\nRBB"), Rules(BASIC), [Cell(0, 0), Cell(1, 0)], seed=1)
>>> [str(move_accuracy(move)) for move in review.moves]
['1/2', '1']
>>> game_accuracy(review), shown_percent(game_accuracy(review)), accuracy_proven(review)
(Fraction(3, 4), 75, True)
"""

from __future__ import annotations

from fractions import Fraction

from samegame.review.review import Review, ReviewedMove

__all__ = ["accuracy_proven", "game_accuracy", "move_accuracy", "percent", "shown_percent"]


def stake(move: ReviewedMove) -> int:
    """What was still to be won before ``move``: ``V(s_i)``, at least 1."""
    return max(move.value_before, 1)


def move_accuracy(move: ReviewedMove) -> Fraction:
    """The share of its stake that ``move`` kept, 0 to 1 (see the module)."""
    at_stake = stake(move)
    return 1 - Fraction(min(move.loss, at_stake), at_stake)


def game_accuracy(review: Review) -> Fraction | None:
    """The mean of the accuracies of the moves reviewed; None without a move."""
    if not review.moves:
        return None
    return sum((move_accuracy(move) for move in review.moves), Fraction(0)) / len(review.moves)


def accuracy_proven(review: Review) -> bool:
    """Whether the accuracy is the true one: every loss of a complete review the
    exact solver's."""
    return review.complete and all(move.loss_proven for move in review.moves)


def percent(share: Fraction) -> float:
    """A share as a percent, to two places (the JSON's figure)."""
    return round(float(share * 100), 2)


def shown_percent(share: Fraction) -> int:
    """A share as the whole percent said: rounded down, so 100 only when nothing
    was lost."""
    return int(share * 100)
