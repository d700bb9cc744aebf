"""``samegame review`` over its whole life: a saved game reviewed, kept, marked in
history, asked again at no cost; stopped by Ctrl-C and gone on with, ending in
exactly the review of an uninterrupted run; records one by one and all together
(``--worst``); words in English and Japanese from the same numbers as the JSON;
golden transcripts of one game in both languages; every bad input a one-line
error with its exit code.

The boards are 5x5 with three colours, so every position is solved exactly and
no search is compiled: the numbers are the engine's own (``review_game``), which
the JSON is compared with, never copied. To write the golden transcripts again
after an intended change of wording: ``UPDATE_GOLDEN=1 .venv/bin/pytest
tests/unit/cli/test_review_cmd.py``."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import unicodedata
from collections.abc import Callable
from contextlib import closing
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

import pytest

from locations import TESTS
from playkit import Outcome, blocks, run_cli
from samegame.bots import play_game
from samegame.bots.simple import GREEDY
from samegame.core.game import Game
from samegame.core.rules import Rules
from samegame.core.textboard import read_board
from samegame.core.variant import RuleVariant
from samegame.i18n import translator
from samegame.plugin.host import get_host
from samegame.records.verification import make_record
from samegame.review.report import review_report
from samegame.review.review import review_game
from samegame.review.values import QUICK_BUDGET, ReviewBudget
from samegame.store import SavedSetup, Store
from samegame.store.schema import default_path

GOLDEN = TESTS / "golden" / "review"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"

BOARDS = (
    "RBRGR\nGGGBG\nRRGRG\nGBRBG\nGBRBR",
    "RBBRG\nBGBBR\nBRGGB\nRRBGB\nBGGBR",
    "BGBRR\nRRRBB\nRBRBG\nBRRBR\nBRRBR",
)
"""Three 5x5 boards: the first game plays into a split group and gives up the
clear bonus, the second strands a colour."""

VARIANT = RuleVariant("basic", 1000, "none", 2)


def rules() -> Rules:
    return Rules.from_variant(VARIANT, get_host().formula, get_host().penalty)


def first_group_game(text: str) -> Game:
    """A game played to the end by always taking the first legal group."""
    game = Game(read_board(text), rules())
    while not game.finished:
        game.play(game.legal_groups()[0].anchor)
    return game


def save_finished(text: str, board_number: int | None = 7) -> int:
    game = first_group_game(text)
    rows = text.split("\n")
    setup = SavedSetup("basic", VARIANT, 5, 5, 3, "random", board_number, rows)
    with Store() as store:
        game_id = store.start_game(setup)
        store.save_progress(game_id, game.move_cells, (), False, ())
        result = game.result()
        assert result is not None
        store.finish_game(game_id, result)
    return game_id


def engine_report(text: str) -> dict[str, Any]:
    game = first_group_game(text)
    review = review_game(read_board(text), rules(), list(game.move_cells), ReviewBudget(), 0)
    return review_report(review)


def write_records(path: Path, texts: tuple[str, ...]) -> None:
    lines = []
    for text in texts:
        board = read_board(text)
        played = play_game(GREEDY.create({}), board, rules(), 1)
        record = make_record(
            played, board=board, rules=rules(), preset="basic", generator=None,
            board_number=None, colours=3, bot="greedy", seed=1,
        )  # fmt: skip
        lines.append(json.dumps(record))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


pytestmark = pytest.mark.usefixtures("isolated_folder")


@pytest.fixture
def cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., Outcome]:
    def invoke(*args: str) -> Outcome:
        return run_cli(capsys, monkeypatch, args)

    return invoke


def one_error_line(outcome: Outcome) -> str:
    lines = [line for line in outcome.err.splitlines() if line.startswith("Error:")]
    assert len(lines) == 1, outcome.err
    assert "Traceback" not in outcome.err
    return lines[0]


# -- a saved game ------------------------------------------------------------------------


def test_the_last_finished_game_is_reviewed_with_the_engines_numbers(
    cli: Callable[..., Outcome],
) -> None:
    save_finished(BOARDS[2])
    game_id = save_finished(BOARDS[0])
    outcome = cli("review", "--format", "json")
    assert outcome.code == 0, outcome.err
    assert json.loads(outcome.out) == engine_report(BOARDS[0])
    assert f"saved with game {game_id}" in outcome.err


def test_a_review_is_kept_marked_in_history_and_costs_nothing_again(
    cli: Callable[..., Outcome],
) -> None:
    game_id = save_finished(BOARDS[0])
    history = cli("history")
    assert "reviewed" not in history.out
    first = cli("review", "--game", str(game_id))
    assert first.code == 0, first.err
    assert "Reviewing" in first.err
    again = cli("review", "--game", str(game_id))
    assert again.code == 0, again.err
    assert again.out == first.out
    assert "Reviewing" not in again.err, "a kept review is not searched again"
    assert ", reviewed" in cli("history").out
    listed = json.loads(cli("history", "--format", "json").out)
    assert [game["reviewed"] for game in listed] == [True]


def test_the_words_tell_the_numbers(cli: Callable[..., Outcome]) -> None:
    game_id = save_finished(BOARDS[0])
    report = engine_report(BOARDS[0])
    lines = cli("review", "--game", str(game_id)).lines
    assert lines[0] == f"Review of game {game_id}, Basic, board 7."
    assert (
        lines[1]
        == f"Final score {report['score']}; the search reaches {report['best_total']} from the start."
    )
    costliest = report["costliest"][:3]
    named = [f"move {number}" for number in costliest]
    assert any(line.startswith("The ") and all(name in line for name in named) for line in lines)
    for move in report["moves"]:
        heads = [line for line in lines if line.startswith(f"Move {move['move']},")]
        if move["label"] in ("inaccuracy", "mistake", "blunder") or move["move"] in costliest:
            assert heads == [
                f"Move {move['move']}, {move['label']}: {move['loss']} points lost."
            ] or heads == [f"Move {move['move']}, {move['label']}: 1 point lost."]
        else:
            assert heads == []
    every = cli("review", "--game", str(game_id), "--all").lines
    assert sum(line.startswith("Move ") for line in every) == len(report["moves"])


def test_a_changed_or_damaged_kept_review_is_made_again(cli: Callable[..., Outcome]) -> None:
    game_id = save_finished(BOARDS[0])
    first = cli("review", "--game", str(game_id), "--format", "json")
    with closing(sqlite3.connect(default_path())) as raw:
        kept = json.loads(raw.execute("SELECT review FROM reviews").fetchone()[0])
        kept["values"][0]["total"] += 500  # a line that does not reach what it claims
        raw.execute("UPDATE reviews SET review = ?", (json.dumps(kept),))
        raw.commit()
    again = cli("review", "--game", str(game_id), "--format", "json")
    assert again.code == 0, again.err
    assert "Reviewing" in again.err, "the damaged review was not believed"
    assert json.loads(again.out) == json.loads(first.out)
    with closing(sqlite3.connect(default_path())) as raw:
        assert json.loads(raw.execute("SELECT review FROM reviews").fetchone()[0]) != kept


def test_ctrl_c_keeps_the_review_so_far_and_asking_again_goes_on(
    cli: Callable[..., Outcome], monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = save_finished(BOARDS[0])
    whole = engine_report(BOARDS[0])
    from samegame.review import valuing

    real = valuing.value_position
    calls = []

    def pressed_on_the_fourth(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        value = real(*args, **kwargs)
        if len(calls) == 4:
            os.kill(os.getpid(), signal.SIGINT)
        return value

    with monkeypatch.context() as patch:
        patch.setattr(valuing, "value_position", pressed_on_the_fourth)
        stopped = cli("review", "--game", str(game_id), "--format", "json")
    assert stopped.code == 130
    partial = json.loads(stopped.out)
    assert (partial["reviewed"], partial["complete"]) == (2, False), "the fourth value was dropped"
    assert "interrupted after 2 of" in one_error_line(stopped)
    assert "What was reviewed is saved" in stopped.err
    history = cli("history")
    assert "reviewed" not in history.out, "a partial review does not mark the game"
    again = cli("review", "--game", str(game_id), "--format", "json")
    assert again.code == 0, again.err
    assert "from position 4" in again.err
    assert json.loads(again.out) == whole


def test_quick_reviews_with_the_quick_budget_and_iterations_set_the_search_again(
    cli: Callable[..., Outcome],
) -> None:
    save_finished(BOARDS[0])
    quick = cli("review", "--quick", "--format", "json")
    assert quick.code == 0, quick.err
    assert json.loads(quick.out)["budget"] == asdict(QUICK_BUDGET)
    both = cli("review", "--quick", "--iterations", "7", "--format", "json")
    assert json.loads(both.out)["budget"] == asdict(replace(QUICK_BUDGET, warm_iterations=7))
    plain = cli("review", "--iterations", "7", "--format", "json")
    assert json.loads(plain.out)["budget"] == asdict(ReviewBudget(warm_iterations=7))


def test_the_review_is_said_in_japanese(cli: Callable[..., Outcome]) -> None:
    game_id = save_finished(BOARDS[0])
    outcome = cli("review", "--game", str(game_id), "--lang", "ja")
    assert outcome.code == 0, outcome.err
    for line in outcome.out.splitlines() + outcome.err.splitlines():
        if line:
            assert any(
                unicodedata.name(c, "").startswith(("HIRAGANA", "KATAKANA", "CJK")) for c in line
            ), line
    assert "ゲーム" in outcome.out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_golden_transcript(cli: Callable[..., Outcome], lang: str) -> None:
    game_id = save_finished(BOARDS[0])
    outcome = cli("review", "--game", str(game_id), "--all", "--lang", lang)
    assert outcome.code == 0, outcome.err
    path = GOLDEN / f"game_{lang}.txt"
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(outcome.out, encoding="utf-8")
    assert outcome.out == path.read_text(encoding="utf-8")


# -- records -----------------------------------------------------------------------------


def test_one_record_of_many_is_chosen_by_index(cli: Callable[..., Outcome], tmp_path: Path) -> None:
    write_records(tmp_path / "games.jsonl", BOARDS)
    many = cli("review", "games.jsonl")
    assert many.code == 2
    assert "holds 3 records" in one_error_line(many)
    second = cli("review", "games.jsonl", "--index", "2", "--format", "json")
    assert second.code == 0, second.err
    played = [move["played"] for move in json.loads(second.out)["moves"]]
    record = json.loads((tmp_path / "games.jsonl").read_text().splitlines()[1])
    assert played == [move["move"] for move in record["moves"]]
    past = cli("review", "games.jsonl", "--index", "4")
    assert past.code == 2
    assert "--index must be 1 to 3" in one_error_line(past)


def test_worst_finds_the_costliest_moves_of_all_records(
    cli: Callable[..., Outcome], tmp_path: Path
) -> None:
    write_records(tmp_path / "games.jsonl", BOARDS)
    outcome = cli("review", "games.jsonl", "--worst", "4", "--format", "json")
    assert outcome.code == 0, outcome.err
    found = json.loads(outcome.out)
    losses = [move["loss"] for move in found["worst"]]
    assert len(losses) == 4
    assert losses == sorted(losses, reverse=True)
    every = []
    for index in (1, 2, 3):
        one = json.loads(
            cli("review", "games.jsonl", "--index", str(index), "--format", "json").out
        )
        every += [(move["loss"], index, move["move"]) for move in one["moves"]]
    best4 = sorted(every, key=lambda item: (-item[0], item[1], item[2]))[:4]
    assert [(m["loss"], m["record"], m["move"]) for m in found["worst"]] == best4
    text = cli("review", "games.jsonl", "--worst", "2").lines
    assert text[0].startswith(f"Record {best4[0][1]}, move {best4[0][2]},")


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (("review",), 4, "No finished game to review yet"),
        (("review", "--game", "5"), 2, "5"),
        (("review", "games.jsonl", "--game", "1"), 2, "either a record file or --game"),
        (("review", "--index", "1"), 2, "go with a record file"),
        (("review", "missing.jsonl"), 4, "missing.jsonl"),
        (("review", "bad.jsonl"), 4, "Record 1 of bad.jsonl cannot be reviewed"),
        (("review", "empty.jsonl"), 4, "holds no records"),
        (("review", "--game", "0"), 2, "--game"),
    ],
)
def test_bad_input_is_one_line_with_its_exit_code(
    cli: Callable[..., Outcome], tmp_path: Path, args: tuple[str, ...], code: int, words: str
) -> None:
    write_records(tmp_path / "games.jsonl", BOARDS[:1])
    (tmp_path / "bad.jsonl").write_text('{"format": "samegame-record/2"}\n', encoding="utf-8")
    (tmp_path / "empty.jsonl").write_text("\n", encoding="utf-8")
    outcome = cli(*args)
    assert outcome.code == code, outcome.err
    assert words in one_error_line(outcome)
    assert outcome.out == ""


# -- practice ----------------------------------------------------------------------------


def practised(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The moves the practice puts the player before, as the JSON gives them."""
    chosen = [m for m in report["moves"] if m["label"] in ("inaccuracy", "mistake", "blunder")]
    if not chosen and report["costliest"]:
        chosen = [report["moves"][report["costliest"][0] - 1]]
    return chosen


@pytest.fixture
def typed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., Outcome]:
    def invoke(stdin: str, *args: str) -> Outcome:
        return run_cli(capsys, monkeypatch, args, stdin)

    return invoke


def test_practice_judges_answers_by_the_review_and_saves_nothing(
    typed: Callable[..., Outcome],
) -> None:
    game_id = save_finished(BOARDS[0])
    report = engine_report(BOARDS[0])
    positions = practised(report)
    assert len(positions) >= 2
    first, second = positions[0], positions[1]
    with Store() as store:
        before = store.load_game(game_id)
    # First position: the played move again, then the search's choice; second: a hint, then skip.
    lines = [first["played"], first["preferred"], "board", "hint", "skip", "quit"]
    outcome = typed(
        "\n".join(lines) + "\n", "review", "--game", str(game_id), "--practice", "--accessible"
    )
    assert outcome.code == 0, outcome.err
    out = outcome.out
    assert f"Position 1 of {len(positions)}: before move {first['move']}" in out
    played_total = first["preferred_total"] - first["loss"]
    assert f"That is the move played: it reaches {played_total} in all." in out
    more = first["preferred_total"] - played_total
    assert (
        f"reaches {first['preferred_total']} in all, {more} points more than the move played" in out
    )
    assert f"Position 2 of {len(positions)}: before move {second['move']}" in out
    assert "Hint: " in out
    assert f"a better move found in 1 of {len(positions)} positions, 0 of them after a hint" in out
    with Store() as store:
        assert store.load_game(game_id) == before, "practice changes nothing of the game"
    assert "Review of" not in out, "the practice follows the review instead of telling it"


def test_practice_is_said_in_japanese_and_refused_with_json(typed: Callable[..., Outcome]) -> None:
    game_id = save_finished(BOARDS[0])
    outcome = typed(
        "quit\n", "review", "--game", str(game_id), "--practice", "--accessible", "--lang", "ja"
    )
    assert outcome.code == 0, outcome.err
    assert "局面1" in outcome.out
    assert "練習を終えました" in outcome.out
    refused = typed("", "review", "--game", str(game_id), "--practice", "--format", "json")
    assert refused.code == 2
    assert "--practice" in one_error_line(refused)


@pytest.mark.slow  # starts worker processes
def test_workers_give_the_same_review(cli: Callable[..., Outcome], tmp_path: Path) -> None:
    write_records(tmp_path / "games.jsonl", BOARDS[:1])
    here = cli("review", "games.jsonl", "--format", "json")
    there = cli("review", "games.jsonl", "--format", "json", "--workers", "2")
    assert there.code == 0, there.err
    assert json.loads(there.out) == json.loads(here.out)


def test_practice_repeats_the_position_and_judges_no_word(typed: Callable[..., Outcome]) -> None:
    """A40 in the review's practice: ``repeat`` says the position again; a typo or a
    number is told it is not a cell, never judged."""
    game_id = save_finished(BOARDS[0])
    lines = ["repeat", "five", "yse", "quit"]
    outcome = typed(
        "\n".join(lines) + "\n", "review", "--game", str(game_id), "--practice", "--accessible"
    )
    assert outcome.code == 0, outcome.err
    said = dict(blocks(outcome.out))
    en = translator("en")
    assert said["repeat"][0].startswith("Position 1 of ")
    assert said["repeat"][-1] == en("review.practice.ask")
    for word in ("five", "yse"):
        assert said[word] == [en("review.practice.unknown", text=word)]


def test_a_stopped_review_says_the_score_where_it_stopped(
    cli: Callable[..., Outcome], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 44: a stopped review said the final score as the score after the
    moves reviewed ("159 after 8 moves, the game not finished")."""
    game_id = save_finished(BOARDS[0])
    game = first_group_game(BOARDS[0])
    board, rules_ = read_board(BOARDS[0]), rules()
    after_two = 0
    position = board
    for cell in game.move_cells[:2]:
        group = position.group_at(cell)
        assert group is not None
        after_two += rules_.points(group.size)
        position = position.remove(group)
    final = engine_report(BOARDS[0])["score"]
    assert after_two != final, "the test needs a game whose score grows after move 2"
    from samegame.review import valuing

    real = valuing.value_position
    calls = []

    def pressed_on_the_fourth(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        value = real(*args, **kwargs)
        if len(calls) == 4:
            os.kill(os.getpid(), signal.SIGINT)
        return value

    with monkeypatch.context() as patch:
        patch.setattr(valuing, "value_position", pressed_on_the_fourth)
        stopped = cli("review", "--game", str(game_id))
    assert stopped.code == 130
    total = len(game.move_cells)
    assert stopped.lines[1].startswith(
        f"{after_two} after move 2 of {total}, where the review stopped "
        f"(the game finished with {final}); the search reaches "
    ), stopped.lines[1]
    assert f"Reviewed 2 of {total} moves" in stopped.out
