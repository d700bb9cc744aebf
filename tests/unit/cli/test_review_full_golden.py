"""A full-size review heard word for word: standard position 1 (15x15, 5
colours, the benchmark rules), a 63-move game, in English and in Japanese, its
key moments and ``--all`` (``tests/golden/review/standard1_*.txt``).

Reviewing it costs about 50 CPU seconds, so the review is kept once as a test
data file, ``tests/data/review-standard-1.json`` (the moves and the review's
kept form, ``samegame.review.stored``), made by
``.venv/bin/python tests/data/make_full_review.py`` (tests/data/README.md). Here
the game is saved, its kept review stored with it as the command keeps one, and
``samegame review`` reads it back: the review is checked against the game when
read (``samegame.review.keeping``) and nothing is searched (the valuing of
positions fails the test if called). Still, telling 63 moves of a 15x15 board
costs about 1.5 CPU seconds a transcript (the hint of every position is looked
for), so the test is marked slow: CI runs it, the inner loop does not. What the golden says is checked to be
true of the game: every line it shows, replayed, reaches the total it says, each
loss is the difference of the totals before and after the move, and each part a
reason accounts for is at most the loss. To write the goldens again after an
intended change of wording: ``UPDATE_GOLDEN=1 .venv/bin/pytest
tests/unit/cli/test_review_full_golden.py``."""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from test_review_cmd import GOLDEN, UPDATE

from locations import TESTS
from playkit import Outcome, run_cli
from samegame.benchmark.positions import standard_positions
from samegame.core.coords import Cell, parse_cell
from samegame.core.formulas import BASIC
from samegame.core.game import Game
from samegame.core.rules import Rules
from samegame.core.textboard import write_board
from samegame.core.variant import RuleVariant
from samegame.review import keeping
from samegame.review.review import Review
from samegame.review.stored import review_from_stored
from samegame.review.values import PlayedLine, follow, played_line
from samegame.store import SavedSetup, Store

pytestmark = pytest.mark.usefixtures("isolated_folder")

DATA = TESTS / "data" / "review-standard-1.json"
RULES = Rules(BASIC, clear_bonus=1000)
VARIANT = RuleVariant("basic", 1000, "none", 2)


def kept() -> tuple[int, list[Cell], dict[str, Any]]:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    return data["position"], [parse_cell(cell) for cell in data["moves"]], data["review"]


def save_reviewed() -> int:
    """The game saved as played, its review kept with it; its id."""
    position, moves, review = kept()
    board = standard_positions()[position - 1]
    game = Game(board, RULES)
    for cell in moves:
        game.play(cell)
    result = game.result()
    assert result is not None, "the game of the data file is finished"
    rows = write_board(board).splitlines()
    setup = SavedSetup("benchmark", VARIANT, 15, 15, 5, "standard", position, rows)
    with Store() as store:
        game_id = store.start_game(setup)
        store.save_progress(game_id, moves, (), False, ())
        store.finish_game(game_id, result)
        store.save_review(game_id, moves, json.dumps(review), complete=True)
    return game_id


@pytest.fixture
def cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., Outcome]:
    def searched(*args: object, **kwargs: object) -> None:
        raise AssertionError("the kept review was not used: a position was valued again")

    monkeypatch.setattr(keeping, "valued_positions", searched)

    def invoke(*args: str) -> Outcome:
        return run_cli(capsys, monkeypatch, args)

    return invoke


MOVE = {"en": re.compile(r"^Move (\d+), "), "ja": re.compile(r"^(\d+)手目、")}
REACHES = {"en": re.compile(r"reaches (-?\d+) in all"), "ja": re.compile(r"合計(-?\d+)点に届")}
LOST = {"en": re.compile(r": (\d+) points? lost"), "ja": re.compile(r"、(\d+)点失いました")}
PART = {
    "en": re.compile(r"^That cost (?:(\d+) of the (\d+) points?|all (\d+) points?) lost"),
    "ja": re.compile(
        r"^(?:探索で見つかった範囲で、)?(?:これで(\d+)点のうち(\d+)点|失った(\d+)点はすべて)"
    ),
}


@functools.cache
def truth() -> tuple[Review, PlayedLine]:
    """The kept review read back, and the game's positions."""
    position, moves, review = kept()
    board = standard_positions()[position - 1]
    return review_from_stored(review, board, RULES, moves), played_line(board, RULES, moves)


def check_true(text: str, language: str) -> Counter[str]:
    """Every move told in ``text``: its loss is the totals' difference, the line
    it shows replays to the total said, a reason's part is at most the loss.
    How many of each were checked."""
    reviewed, played = truth()
    checked: Counter[str] = Counter()
    move = None
    for line in text.splitlines():
        if found := MOVE[language].match(line):
            move = reviewed.moves[int(found.group(1)) - 1]
            checked["moves"] += 1
            i = move.index
            if lost := LOST[language].search(line):
                assert (
                    int(lost.group(1))
                    == move.loss
                    == move.preferred_total
                    - (
                        reviewed.moves[i + 1].preferred_total
                        if i + 1 < len(reviewed.moves)
                        else reviewed.end_total
                    )
                ), line
        elif move is not None and (total := REACHES[language].search(line)):
            i = move.index
            replayed = follow(played.boards[i], RULES, played.bases[i], move.preferred_line)[0]
            assert int(total.group(1)) == replayed == move.preferred_total, line
            checked["lines"] += 1
        elif move is not None and (part := PART[language].match(line)):
            whole, of = (part.group(3), part.group(3))
            first, second = part.group(1), part.group(2)
            if first is not None:  # English says the part first, Japanese the loss
                whole, of = (first, second) if language == "en" else (second, first)
            assert int(of) == move.loss, line
            assert move.loss / 4 <= int(whole) <= move.loss, line
            checked["parts"] += 1
    return checked


@pytest.mark.slow  # about 1.5 s of CPU each: the review of 63 moves told from its kept values
@pytest.mark.parametrize("every", [False, True], ids=["key", "all"])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_full_size_review_is_told_as_the_golden_says_and_what_it_says_is_true(
    cli: Callable[..., Outcome], language: str, every: bool
) -> None:
    game_id = save_reviewed()
    args = ["review", "--game", str(game_id), "--lang", language]
    outcome = cli(*args, *(["--all"] if every else []))
    assert outcome.code == 0, outcome.err
    path = GOLDEN / f"standard1{'_all' if every else ''}_{language}.txt"
    if UPDATE:
        path.write_text(outcome.out, encoding="utf-8")
    assert outcome.out == path.read_text(encoding="utf-8")
    checked = check_true(outcome.out, language)
    assert checked["moves"] == (63 if every else 5)
    assert checked["lines"] > 0
    assert checked["parts"] > 0
