"""A kept review reads back as the very review it was (a round trip for every
game drawn), and a kept form that was damaged or edited is refused with
StoredReviewError, never believed and never a crash: lines that do not reach
their totals, illegal moves, wrong shapes, and any JSON value at all."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from review_cases import RULE_SETS, played_games

from samegame.core.coords import Cell
from samegame.review.review import review_game
from samegame.review.stored import StoredReviewError, review_from_stored, stored_review
from samegame.review.values import ReviewBudget

EXACT = ReviewBudget(exact_tiles=30)
Played = tuple[Any, str, list[Cell]]


@settings(max_examples=60, deadline=None)
@given(played=played_games(), seed=st.integers(0, 5))
def test_a_kept_review_reads_back_as_it_was(played: Played, seed: int) -> None:
    board, name, moves = played
    rules = RULE_SETS[name]
    review = review_game(board, rules, moves, EXACT, seed)
    kept = json.loads(json.dumps(stored_review(review)))
    assert review_from_stored(kept, board, rules, moves) == review


@settings(max_examples=60, deadline=None)
@given(played=played_games(), data=st.data())
def test_an_edited_value_is_refused(played: Played, data: st.DataObject) -> None:
    board, name, moves = played
    rules = RULE_SETS[name]
    kept = stored_review(review_game(board, rules, moves, EXACT, 0))
    edited = copy.deepcopy(kept)
    value = data.draw(st.sampled_from(edited["values"]))
    change = data.draw(st.sampled_from(["total", "line", "clears", "exact", "shape"]))
    if change == "total":
        value["total"] += data.draw(st.integers(1, 1000) | st.integers(-1000, -1))
    elif change == "line":
        value["line"] = [*value["line"], "A1"] if data.draw(st.booleans()) else ["Z99"]
    elif change == "clears":
        value["clears"] = not value["clears"]
    elif change == "exact":
        value["exact"] = data.draw(st.sampled_from([None, 1, "yes"]))
    else:
        edited["values"] = [*edited["values"], *edited["values"]]  # more values than positions
    with pytest.raises(StoredReviewError):
        review_from_stored(edited, board, rules, moves)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(
    played=played_games(),
    noise=JSON,
    where=st.sampled_from(["whole", "seed", "budget", "values", "value"]),
)
def test_any_json_is_a_review_or_refused(played: Played, noise: object, where: str) -> None:
    board, name, moves = played
    rules = RULE_SETS[name]
    kept: Any = stored_review(review_game(board, rules, moves, EXACT, 0))
    if where == "whole":
        kept = noise
    elif where == "value":
        kept["values"][0] = noise
    else:
        kept[where] = noise
    try:
        review = review_from_stored(kept, board, rules, moves)
    except StoredReviewError:
        return
    assert review.total_moves == len(moves)
