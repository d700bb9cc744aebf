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

from samegame.core.coords import Cell, format_cell, parse_cell
from samegame.core.textboard import read_board
from samegame.review import stored
from samegame.review.review import review_game
from samegame.review.stored import StoredReviewError, review_from_stored, stored_review
from samegame.review.values import ReviewBudget, follow, played_line

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


def _played_from_each_position(
    kept: dict[str, Any], board: Any, rules: Any, moves: list[Cell]
) -> dict[str, Any] | None:
    """The issue's forgery: every kept value replaced by the played line from its
    position (legal, its true total), claimed exact; None when the played line does
    not reach the end (no total to claim)."""
    played = played_line(board, rules, moves)
    if not played.finished:
        return None
    forged = copy.deepcopy(kept)
    for index, value in enumerate(forged["values"]):
        line = [format_cell(group.anchor) for group in played.groups[index:]]
        total, clears = follow(played.boards[index], rules, played.bases[index],
                               [parse_cell(cell) for cell in line])  # fmt: skip
        value.update(total=total, line=line, clears=clears, exact=True,
                     can_clear=True if clears else value["can_clear"])  # fmt: skip
    return forged


@settings(max_examples=60, deadline=None)
@given(played=played_games(), small=st.sampled_from([0, 4, 30]))
def test_the_played_line_claimed_best_everywhere_is_refused_or_is_the_truth(
    played: Played, small: int
) -> None:
    """Either the forged review is refused, or it says what the real one says (the
    played line was the best from every position)."""
    board, name, moves = played
    rules = RULE_SETS[name]
    budget = ReviewBudget(level=1, iterations=4, exact_tiles=small, warm_level=1, warm_iterations=4)
    real = review_game(board, rules, moves, budget, 0)
    forged = _played_from_each_position(stored_review(real), board, rules, moves)
    if forged is None:
        return
    try:
        believed = review_from_stored(forged, board, rules, moves)
    except StoredReviewError:
        return
    assert [v.total for v in believed.values] == [v.total for v in real.values]
    assert all(v.exact for v in real.values)


@settings(max_examples=40, deadline=None)
@given(played=played_games(), data=st.data())
def test_a_claim_the_review_could_not_make_is_refused(played: Played, data: st.DataObject) -> None:
    """Exact where the budget's solver could not solve, or "no line clears" where a
    later position's line clears."""
    board, name, moves = played
    rules = RULE_SETS[name]
    exact_tiles = data.draw(st.sampled_from([0, 4]))
    budget = ReviewBudget(
        level=1, iterations=4, exact_tiles=exact_tiles, warm_level=1, warm_iterations=4
    )
    kept = stored_review(review_game(board, rules, moves, budget, 0))
    searched = [i for i, value in enumerate(kept["values"]) if not value["exact"]]
    cleared_later = [
        i for i in range(len(kept["values"]))
        if any(later["clears"] for later in kept["values"][i + 1 :])
    ]  # fmt: skip
    choices = [("exact", i) for i in searched] + [("can_clear", i) for i in cleared_later]
    if not choices:
        return
    change, index = data.draw(st.sampled_from(choices))
    edited = copy.deepcopy(kept)
    if change == "exact":
        edited["values"][index]["exact"] = True
    elif kept["values"][index]["clears"]:
        return  # a line that clears cannot say no line clears: refused already
    else:
        edited["values"][index]["can_clear"] = False
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


@pytest.mark.parametrize(
    "change",
    [
        ("exact_tiles", 200),
        ("exact_positions", 10**12),
        ("level", 5),
        ("iterations", 10**6),
        ("tabu_above", 0),
        ("seed", 7),
    ],
    ids=lambda change: str(change[0]),
)
def test_a_kept_review_of_another_budget_is_refused_before_anything_is_solved(
    monkeypatch: pytest.MonkeyPatch, change: tuple[str, int]
) -> None:
    """A budget or seed read from the store is never the solver's: a forged
    ``exact_positions`` of 10^12 would make the check of an exact value run for
    hours. Refused at once when another budget or seed is asked for."""
    board, rules, moves = read_board("RBR\nRBB"), RULE_SETS["basic"], [Cell(0, 0), Cell(1, 0)]
    kept = stored_review(review_game(board, rules, moves, EXACT, 1))
    name, value = change
    forged = copy.deepcopy(kept)
    if name == "seed":
        forged["seed"] = value
    else:
        forged["budget"][name] = value

    def solving(*args: object) -> None:
        raise AssertionError("solved with what the store says")

    monkeypatch.setattr(stored, "exact_value", solving)
    with pytest.raises(StoredReviewError, match="another budget or seed"):
        review_from_stored(forged, board, rules, moves, (EXACT, 1))


def test_a_review_stopped_in_its_searches_again_goes_on_from_what_was_kept() -> None:
    """Stopped after some of the searches again, the review kept (read back
    through its JSON) goes on from them: only the rest is searched, and the
    review is the uninterrupted one; a kept review of format 1 is not read."""
    import random

    from samegame.core.variant import RuleVariant
    from samegame.review.keeping import review_subject
    from samegame.review.sources import ReviewSubject

    rules = RULE_SETS["basic"]
    rng = random.Random(7)
    board = read_board("\n".join("".join(rng.choice("RGB") for _ in range(6)) for _ in range(5)))
    moves, position = [], board
    while groups := position.groups(rules.min_group):
        moves.append(groups[-1].anchor)
        position = position.remove(groups[-1])
    subject = ReviewSubject(
        board, rules, RuleVariant("basic", 1000, "none", 2), tuple(moves), lambda words: ""
    )
    budget = ReviewBudget(level=1, iterations=2, exact_tiles=0, warm_level=1, warm_iterations=3)
    whole = review_subject(subject, budget, 3)
    assert whole.rechecked
    searched_again = len(whole.extra)
    assert searched_again > 4
    kept: list[dict[str, Any]] = []
    stop_at = len(moves) + 1 + 3  # every value, then three searches again
    stopped = review_subject(
        subject, budget, 3, stopped=lambda: len(kept) >= stop_at,
        save=lambda review: kept.append(json.loads(json.dumps(stored_review(review)))),
    )  # fmt: skip
    assert not stopped.rechecked
    assert len(stopped.extra) == 3
    read = review_from_stored(kept[-1], board, rules, moves, (budget, 3))
    again: list[int] = []
    resumed = review_subject(
        subject, budget, 3, read, save=lambda review: again.append(len(review.extra))
    )
    assert resumed == whole
    assert again[0] == 4, "the searches kept are not made again"
    for format_ in ("samegame-review/1", "samegame-review/2", "samegame-review/3"):
        old = {**kept[-1], "format": format_}
        with pytest.raises(StoredReviewError):
            review_from_stored(old, board, rules, moves)


def _clearing_game() -> tuple[Any, ReviewBudget]:
    """A 6x5 game whose review searches for a clear, at a tiny budget: the
    subject and the budget."""
    from samegame.core.variant import RuleVariant
    from samegame.review.sources import ReviewSubject

    rules = RULE_SETS["basic"]
    board = read_board("BRGGBG\nBRBGRG\nGGGRGG\nRBBRRR\nRBGGBR")
    moves = [parse_cell(text) for text in ["C5", "E3", "B1", "D2", "E1", "B1", "A1", "A2"]]
    subject = ReviewSubject(
        board, rules, RuleVariant("basic", 1000, "none", 2), tuple(moves), lambda words: ""
    )
    budget = ReviewBudget(
        level=1, iterations=1, exact_tiles=0, warm_level=1, warm_iterations=2,
        clear_width=16, clear_iterations=2,
    )  # fmt: skip
    return subject, budget


def test_a_review_stopped_in_its_searches_for_a_clear_goes_on_from_what_was_kept() -> None:
    """Stopped just after the first search for a clear was kept (where the
    searches again first differ from those of a review without the clearing
    pass), the review read back goes on to the uninterrupted one, the search kept
    not made again."""
    from dataclasses import replace

    from samegame.review.keeping import review_subject

    subject, budget = _clearing_game()
    board, rules, moves = subject.board, subject.rules, list(subject.moves)
    whole = review_subject(subject, budget, 0)
    without = review_subject(subject, replace(budget, clear_positions=0), 0)
    first = next(
        index
        for index, (ours, theirs) in enumerate(zip(whole.extra, without.extra, strict=False))
        if ours != theirs
    )
    kept: list[dict[str, Any]] = []
    stop_at = len(moves) + 1 + first + 1  # every value, then the searches to the first for a clear
    stopped = review_subject(
        subject, budget, 0, stopped=lambda: len(kept) >= stop_at,
        save=lambda review: kept.append(json.loads(json.dumps(stored_review(review)))),
    )  # fmt: skip
    assert len(stopped.extra) == first + 1
    read = review_from_stored(kept[-1], board, rules, moves, (budget, 0))
    again: list[int] = []
    resumed = review_subject(
        subject, budget, 0, read, save=lambda review: again.append(len(review.extra))
    )
    assert resumed == whole
    assert again[0] == first + 2, "the search for a clear kept is not made again"


def test_the_last_searches_are_announced_once_after_the_searches_again() -> None:
    """The searches around the costly moves (the clearing pass, the searches
    more) come after the last ``again`` line and can take many seconds: they are
    announced once, when the searches last to first are done, and again (once)
    by a review resumed after them."""
    from samegame.review.keeping import review_subject

    subject, budget = _clearing_game()
    board, rules, moves = subject.board, subject.rules, list(subject.moves)
    said: list[tuple[int, int] | str] = []
    whole = review_subject(
        subject, budget, 0,
        again=lambda done, total: said.append((done, total)),
        checking=lambda: said.append("checking"),
    )  # fmt: skip
    searching = sum(not value.exact for value in whole.values)
    assert len(whole.extra) > searching, "searches came after those last to first"
    assert said.count("checking") == 1
    assert said.index("checking") == len(said) - 1
    assert said[-2] == (searching, searching)
    # Stopped during the last searches and resumed: said once more, not again.
    kept: list[dict[str, Any]] = []
    stop_at = len(moves) + 1 + searching + 1
    stopped = review_subject(
        subject, budget, 0, stopped=lambda: len(kept) >= stop_at,
        save=lambda review: kept.append(json.loads(json.dumps(stored_review(review)))),
    )  # fmt: skip
    read = review_from_stored(kept[-1], board, rules, moves, (budget, 0))
    resumed_said: list[str] = []
    review_subject(subject, budget, 0, read, checking=lambda: resumed_said.append("checking"))
    assert len(stopped.extra) < len(whole.extra)
    assert resumed_said == ["checking"]
