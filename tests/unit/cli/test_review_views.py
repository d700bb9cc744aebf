"""The rest of a review on request (issue 44, "what players of other games
expect"): the accuracy in the summary and the JSON, the game move by move
(``--graph``, a line per move, a chart only on a sighted terminal, the series in
JSON), a position's best moves (``--alternatives``), the line preferred before a
move (``--line N``) and the annotated record (``--export``), read back.

The game is the 5x5 game of ``test_review_cmd`` (solved exactly, no search), so
every number is the engine's and proven; the words are checked against the
JSON, never copied."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from test_review_cmd import BOARDS, engine_report, first_group_game, rules, save_finished

from playkit import Outcome, run_cli
from samegame.core.rules import Rules
from samegame.core.textboard import read_board
from samegame.core.variant import RuleVariant
from samegame.plugin.host import get_host
from samegame.repl.review_views import CHART_BLOCKS, sparkline
from samegame.review.accuracy import game_accuracy, move_accuracy
from samegame.review.annotated import AnnotatedError, read_annotated
from samegame.review.review import review_game
from samegame.review.values import ReviewBudget

pytestmark = pytest.mark.usefixtures("isolated_folder")


@pytest.fixture
def cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., Outcome]:
    def invoke(*args: str, tty_out: bool = False) -> Outcome:
        return run_cli(capsys, monkeypatch, args, tty_out=tty_out)

    return invoke


# -- accuracy ----------------------------------------------------------------------------


def test_the_accuracy_is_the_mean_share_kept_and_falls_with_any_loss() -> None:
    from dataclasses import replace

    game = first_group_game(BOARDS[0])
    review = review_game(read_board(BOARDS[0]), rules(), list(game.move_cells), ReviewBudget())
    shares = [move_accuracy(move) for move in review.moves]
    assert all(0 <= share <= 1 for share in shares)
    assert [share == 1 for share in shares] == [move.loss == 0 for move in review.moves]
    accuracy = game_accuracy(review)
    assert accuracy == sum(shares) / len(shares)
    for move in review.moves:
        # One loss more, the stakes held: the accuracy falls (unless that move
        # had lost all it could already).
        worse = replace(move, loss=move.loss + 1)
        moves = tuple(worse if m is move else m for m in review.moves)
        lower = game_accuracy(replace(review, moves=moves))
        assert lower is not None
        assert accuracy is not None
        assert lower <= accuracy
        if move.loss < max(move.value_before, 1):
            assert lower < accuracy
    # Move 4 lost 988 of the 1013 still to be won: it kept 25 of them.
    assert (review.moves[3].loss, review.moves[3].value_before) == (988, 1013)
    assert move_accuracy(review.moves[3]) == Fraction(25, 1013)
    perfect = replace(review, moves=tuple(replace(m, loss=0) for m in review.moves))
    assert game_accuracy(perfect) == 1


def test_the_accuracy_is_said_second_after_the_score_and_given_in_json(
    cli: Callable[..., Outcome],
) -> None:
    game_id = save_finished(BOARDS[0])
    report = engine_report(BOARDS[0])
    lines = cli("review", "--game", str(game_id)).lines
    assert lines[2] == (
        f"Accuracy {int(report['accuracy'])} percent: on average, each of the "
        f"{report['reviewed']} moves kept that share of the points still to be won before it."
    )
    assert report["accuracy_proven"] is True
    shares = [move["accuracy"] for move in report["moves"]]
    assert report["accuracy"] == pytest.approx(sum(shares) / len(shares), abs=0.01)


# -- the game move by move ---------------------------------------------------------------


def test_the_graph_is_one_line_per_move_with_the_series_of_the_json(
    cli: Callable[..., Outcome],
) -> None:
    game_id = save_finished(BOARDS[0])
    report = engine_report(BOARDS[0])
    series = report["series"]
    assert [point["move"] for point in series] == list(range(len(report["moves"]) + 1))
    assert series[0]["total"] == report["best_total"]
    outcome = cli("review", "--game", str(game_id), "--graph", "--accessible")
    assert outcome.code == 0, outcome.err
    lines = outcome.lines
    assert lines[0].startswith("The game move by move:")
    assert lines[1] == f"Start: {report['best_total']} in all at best."
    moves = lines[2:]
    assert len(moves) == len(report["moves"]), "one line per move, nothing else"
    for line, point in zip(moves, series[1:], strict=True):
        points = "1 point" if point["points"] == 1 else f"{point['points']} points"
        assert line == (
            f"Move {point['move']}, {point['label']}: {point['played']}, {points}, "
            f"then {point['total']} in all at best."
        )
    assert not any(block in outcome.out for block in CHART_BLOCKS)


def test_the_chart_is_drawn_only_on_a_sighted_terminal(cli: Callable[..., Outcome]) -> None:
    game_id = save_finished(BOARDS[0])
    report = engine_report(BOARDS[0])
    totals = [point["total"] for point in report["series"]]
    sighted = cli("review", "--game", str(game_id), "--graph", "--no-accessible", tty_out=True)
    assert sighted.lines[0].endswith(sparkline(totals))
    assert sighted.lines[1:] == cli("review", "--game", str(game_id), "--graph").lines
    heard = cli("review", "--game", str(game_id), "--graph", "--accessible", tty_out=True)
    piped = cli("review", "--game", str(game_id), "--graph", "--no-accessible")
    for outcome in (heard, piped):
        assert not any(block in outcome.out for block in CHART_BLOCKS)


def test_a_sparkline_runs_from_the_lowest_block_to_the_highest() -> None:
    assert sparkline([1089, 1065, 25, 6]) == "█▇▁▁"
    assert sparkline([8, 4, 0]) == "█▄▁"
    assert sparkline([5, 5]) == "██"
    assert sparkline([]) == ""


# -- the best moves ----------------------------------------------------------------------


def test_alternatives_name_the_three_best_moves_at_each_key_moment(
    cli: Callable[..., Outcome],
) -> None:
    game_id = save_finished(BOARDS[0])
    plain = cli("review", "--game", str(game_id)).lines
    outcome = cli("review", "--game", str(game_id), "--alternatives")
    assert outcome.code == 0, outcome.err
    lines = outcome.lines
    report = json.loads(cli("review", "--game", str(game_id), "--alternatives", "-f", "json").out)
    told = [move for move in report["moves"] if "alternatives" in move]
    assert told, "the key moments carry their best moves"
    for move in told:
        best = move["alternatives"]
        assert best[0]["total"] == move["preferred_total"], "an exact position: the best is first"
        assert [a["total"] for a in best] == sorted((a["total"] for a in best), reverse=True)
        played = [a for a in best if a["played"]]
        assert [a["total"] for a in played] == [move["preferred_total"] - move["loss"]]
        head = lines.index(f"Move {move['move']}, {move['label']}: {move['loss']} points lost.")
        at = lines.index("The 3 best moves, each with the most any line after it reaches:", head)
        for rank, alternative in enumerate(best[:3], 1):
            said = lines[at + rank]
            assert said.startswith(f"{rank}. {alternative['move']}, ")
            assert f", {alternative['total']} in all" in said
            assert said.endswith(": the move played.") == alternative["played"]
    without = [line for line in lines if line[:2] not in ("1.", "2.", "3.")]
    assert [line for line in without if not line.startswith("The 3 best moves")] == plain


# -- the line preferred ------------------------------------------------------------------


def test_the_line_before_a_move_is_said_move_by_move_to_its_total(
    cli: Callable[..., Outcome],
) -> None:
    game_id = save_finished(BOARDS[0])
    report = engine_report(BOARDS[0])
    move = max(report["moves"], key=lambda m: m["loss"])
    outcome = cli("review", "--game", str(game_id), "--line", str(move["move"]))
    assert outcome.code == 0, outcome.err
    lines = outcome.lines
    line = move["preferred_line"]
    assert lines[0].startswith(f"The line preferred before move {move['move']}, {len(line)} moves")
    steps = lines[1:-1]
    assert len(steps) == len(line)
    for number, (step, cell) in enumerate(zip(steps, line, strict=True), move["move"]):
        assert step.startswith(f"Move {number}: "), step
        assert cell in step
    assert (
        lines[-1] == f"That line reaches {move['preferred_total']} in all, the most any line can."
    )
    past = cli("review", "--game", str(game_id), "--line", str(len(report["moves"]) + 1))
    assert past.code == 2
    assert "--line names a move of the review, 1 to" in past.err


# -- the annotated record ----------------------------------------------------------------


def test_the_annotated_record_reads_back_with_the_reviews_words(
    cli: Callable[..., Outcome], tmp_path: Path
) -> None:
    game_id = save_finished(BOARDS[0])
    outcome = cli("review", "--game", str(game_id), "--export", "game.jsonl")
    assert outcome.code == 0, outcome.err
    assert outcome.out == ""
    assert "written to game.jsonl: 10 moves" in outcome.err
    text = (tmp_path / "game.jsonl").read_text(encoding="utf-8")
    head = json.loads(text.splitlines()[0])
    variant = RuleVariant(**head["rules"])
    rules_ = Rules.from_variant(variant, get_host().formula, get_host().penalty)
    annotated = read_annotated(text, rules_)
    game = first_group_game(BOARDS[0])
    assert [m["played"] for m in annotated.moves] == [str(cell) for cell in game.move_cells]
    assert annotated.board == read_board(BOARDS[0])
    report = engine_report(BOARDS[0])
    assert annotated.head["accuracy"] == report["accuracy"]
    assert annotated.moves[-1]["score"] == report["score"]
    # Each comment is the review's words for that move (those of --all).
    every = cli("review", "--game", str(game_id), "--all").out.split("\n\n")
    assert annotated.head["summary"] == every[0].splitlines()
    assert [m["comment"] for m in annotated.moves] == [told.splitlines() for told in every[1:]]


def test_the_text_record_has_a_line_per_move_and_its_comment(
    cli: Callable[..., Outcome], tmp_path: Path
) -> None:
    game_id = save_finished(BOARDS[0])
    assert cli("review", "--game", str(game_id), "--export", "game.txt", "--lang", "ja").code == 0
    text = (tmp_path / "game.txt").read_text(encoding="utf-8")
    every = cli("review", "--game", str(game_id), "--all", "--lang", "ja").out.split("\n\n")
    blocks = text.split("\n\n")
    assert blocks[0] == every[0]
    game = first_group_game(BOARDS[0])
    for number, (block, told, cell) in enumerate(
        zip(blocks[1:], every[1:], game.move_cells, strict=True), 1
    ):
        record, *comment = block.strip("\n").splitlines()
        assert record.startswith(f"{number}. {cell}、")
        assert [line.strip() for line in comment] == told.strip("\n").splitlines()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda lines: lines[:1] + lines[2:], "is not move 1"),
        (lambda lines: [lines[0].replace("annotated/1", "annotated/9"), *lines[1:]], "head"),
        (
            lambda lines: [lines[0], lines[1].replace('"score": 0', '"score": 7'), *lines[2:]],
            "score",
        ),
    ],
)
def test_a_record_that_is_not_one_is_refused(
    cli: Callable[..., Outcome],
    tmp_path: Path,
    change: Callable[[list[str]], list[str]],
    words: str,
) -> None:
    game_id = save_finished(BOARDS[0])
    cli("review", "--game", str(game_id), "--export", "game.jsonl")
    lines = (tmp_path / "game.jsonl").read_text(encoding="utf-8").splitlines()
    with pytest.raises(AnnotatedError, match=words):
        read_annotated("\n".join(change(lines)), rules())


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--export", "game.csv"), "--export writes a file named .jsonl"),
        (("--graph", "--format", "json"), "not with --format json"),
        (("--line", "1", "--practice"), "not with --worst or --practice"),
        (("--line", "0"), "--line"),
    ],
)
def test_a_view_asked_wrongly_is_one_line_and_exit_2(
    cli: Callable[..., Outcome], args: tuple[str, ...], words: str
) -> None:
    game_id = save_finished(BOARDS[0])
    outcome = cli("review", "--game", str(game_id), *args)
    assert outcome.code == 2, outcome.err
    assert words in outcome.err
    assert outcome.out == ""
