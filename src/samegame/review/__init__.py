"""Game review: the value of every position of a played game, the points each
move lost, its label, the move preferred and why (docs/review.md).

- ``exact``: the exact solver of small positions;
- ``values``: the budget, each position's value, and the values of a line
  combined so that no loss is negative;
- ``labels``: a loss's label (best, good, inaccuracy, mistake, blunder);
- ``reasons``: why a move cost points (a kind and its data);
- ``review``: ``review_game``, the review of one game;
- ``valuing``: the positions of a line valued here or on an executor's workers;
- ``report``: a review as JSON; ``stored``: its kept form, checked when read;
- ``sources``: what is reviewed (a saved game, the records of a file);
- ``keeping``: a review that goes on from the one kept with a saved game;
- ``worst``: the costliest moves of a file of records.

Importing this package loads neither numba nor numpy: the search loads with the
first position too large for the exact solver.
"""

from samegame.review.exact import ExactSolver, Outcomes
from samegame.review.labels import MoveLabel, label_for
from samegame.review.reasons import MoveReason, ReasonKind
from samegame.review.review import Review, ReviewedMove, review_game
from samegame.review.values import ReviewBudget

__all__ = [
    "ExactSolver",
    "MoveLabel",
    "MoveReason",
    "Outcomes",
    "ReasonKind",
    "Review",
    "ReviewBudget",
    "ReviewedMove",
    "label_for",
    "review_game",
]
