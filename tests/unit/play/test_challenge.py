"""A two-stage challenge preset played through ``samegame play --preset PATH``: stages
one after the other with ``next``, the total is the sum of the stage scores, it is
ranked under ``challenges`` in ``scores --format json``, and an interrupted challenge
resumes where it was, at any point.

Stage boards get random numbers; the tests fix them by replacing the session's
random source, and compute the expected moves and scores with the library.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from playkit import Outcome, greedy_moves, run_cli
from samegame.core.game import Game
from samegame.core.numbering import make_board
from samegame.play import match as match_module
from samegame.plugin.contributions import BoardSpec
from samegame.plugin.host import get_host
from samegame.presets import find_preset

PRESET = """\
name: mini
title: Mini challenge
description: Two tiny stages for the tests.
formula: basic
clear_bonus: 100
penalty: leftover-squared
min_group: 2
undo: disabled
hint: practice
selection: confirm
selection_modes: [confirm, one-click]
board_type: solvable
sizes:
  stage: {width: 5, height: 4, colours: 2}
default_size: stage
stages:
  - {name: First, width: 5, height: 4, colours: 2, board_type: solvable}
  - {name: Second, width: 4, height: 4, colours: 2, board_type: random-with-move}
"""
# The random numbers the stages get (the session adds 1): boards 201 and 202.
RANDOM_VALUES = (200, 201, 202, 203)


pytestmark = pytest.mark.usefixtures("isolated_home")


@pytest.fixture(autouse=True)
def fixed_numbers(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    drawn: list[int] = []
    values = iter(RANDOM_VALUES)

    def randbelow(limit: int) -> int:
        value = next(values)
        assert value < limit
        drawn.append(value + 1)
        return value

    monkeypatch.setattr(match_module, "secrets", SimpleNamespace(randbelow=randbelow))
    return drawn


@pytest.fixture
def preset_path(tmp_path: Path) -> str:
    path = tmp_path / "presets" / "mini.yaml"
    path.parent.mkdir()
    path.write_text(PRESET, encoding="utf-8")
    return str(path)


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    def invoke(*args: str, stdin: str = "") -> Outcome:
        return run_cli(capsys, monkeypatch, args, stdin)

    return invoke


def stage_plan(path: str, stage: int, number: int) -> tuple[list[str], int, bool]:
    """The greedy moves of a stage board, its final score and whether it clears."""
    host = get_host()
    preset = find_preset(path, host)
    spec = preset.stages[stage]
    board = make_board(
        host.generator(spec.board_type), BoardSpec(spec.width, spec.height, spec.colours), number
    ).board
    game = Game(board, preset.rules)
    moves = greedy_moves(game)
    result = game.result()
    assert result is not None
    return moves, result.score, result.cleared


def two_clicks(cells: list[str]) -> str:
    return "".join(f"{cell}\n{cell}\n" for cell in cells)


def test_two_stages_add_up_and_are_ranked(cli, preset_path: str, fixed_numbers) -> None:
    first, score1, cleared1 = stage_plan(preset_path, 0, 201)
    second, score2, _ = stage_plan(preset_path, 1, 202)
    assert len(first) >= 2
    assert len(second) >= 2
    assert cleared1  # the solvable stage is cleared: the bonus counts

    stdin = (
        "undo\nnew\nnext\n"
        + two_clicks(first)
        + "new\nnext\n"
        + two_clicks(second)
        + "next\nnew\nq\n"
    )
    result = cli("play", "--preset", preset_path, "--accessible", stdin=stdin)
    assert result.code == 0, result.err
    assert fixed_numbers == [201, 202]  # stage 2 plays the next number; a new challenge draws
    out = result.out
    assert result.lines[:4] == [
        "SameGame, Mini challenge rules.",
        "Challenge: 2 stages; your final score is the sum of the stage scores.",
        "Stage 1: First.",
        "Board 201: 5 columns by 4 rows, 2 colours, solvable board.",
    ]
    assert "> undo\nThese rules do not allow undo or redo.\n" in out
    assert "> new\nA challenge goes stage by stage; type next when a stage is over.\n" in out
    assert "> next\nThis stage is not over yet.\n" in out
    assert f"Board cleared. Bonus 100. Final score {score1}." in out
    assert f"Stage 1 settled at {score1}. Type next to start stage 2.\n" in out
    assert (
        "> next\nStage 2: Second.\n"
        "Board 202: 4 columns by 4 rows, 2 colours, random-with-move board.\n"
    ) in out
    assert (
        f"Challenge complete. Final score {score1 + score2}.\nNew best challenge score.\n"
        "Type new for another challenge, or quit.\n"
    ) in out
    assert "> next\nThis was the last stage; type new for another challenge.\n" in out
    assert (
        "> new\nChallenge: 2 stages; your final score is the sum of the stage scores.\n"
        "Stage 1: First.\nBoard 202: 5 columns by 4 rows, 2 colours, solvable board.\n"
    ) in out

    scores = json.loads(cli("scores", "--format", "json").out)
    [challenge] = scores["challenges"]
    assert challenge["score"] == score1 + score2
    assert challenge["stage_scores"] == [score1, score2]
    assert challenge["preset"] == "mini"
    assert challenge["rank"] == 1
    text = cli("scores").out
    assert f"Rank 1: {score1 + score2} points (stages {score1} and {score2})" in text


def test_a_challenge_resumes_at_every_point(cli, preset_path: str, fixed_numbers) -> None:
    first, score1, _ = stage_plan(preset_path, 0, 201)
    second, score2, _ = stage_plan(preset_path, 1, 202)
    play = ("play", "--preset", preset_path, "--accessible")

    # Interrupted in stage 1 after one move.
    one = cli(*play, stdin=two_clicks(first[:1]) + "q\n")
    assert (
        one.lines[-1]
        == f"Game saved. Type samegame play --preset {preset_path} --accessible to come back to it."
    )

    # Resumed in stage 1; stage 1 finished; left before typing next.
    two = cli(*play, stdin=two_clicks(first[1:]) + "q\n")
    assert two.lines[1] == "Resuming your challenge at stage 1."
    assert two.lines[2].startswith("Resuming your unfinished game: 1 move played, score ")
    assert f"Stage 1 settled at {score1}. Type next to start stage 2." in two.out

    # Resumed at the end of stage 1: it says so again; next starts stage 2.
    three = cli(*play, stdin="next\n" + two_clicks(second[:1]) + "q\n")
    assert three.lines[1] == "Resuming your challenge at stage 1."
    assert f"Stage 1 settled at {score1}. Type next to start stage 2." in three.out
    assert "Stage 2: Second." in three.out
    assert fixed_numbers == [201]

    # Resumed in stage 2, finished.
    four = cli(*play, stdin=two_clicks(second[1:]) + "q\n")
    assert four.lines[1] == "Resuming your challenge at stage 2."
    assert "Board 202:" in four.out
    assert f"Challenge complete. Final score {score1 + score2}." in four.out

    [challenge] = json.loads(cli("scores", "--format", "json").out)["challenges"]
    assert challenge["stage_scores"] == [score1, score2]

    # A finished challenge is not resumed: the next run starts a new one.
    five = cli(*play, stdin="q\n")
    assert five.lines[1] == "Challenge: 2 stages; your final score is the sum of the stage scores."
    assert "Resuming" not in five.out


def test_a_challenge_stage_cannot_be_opened_by_game_id(cli, preset_path: str) -> None:
    cli("play", "--preset", preset_path, "--accessible", stdin="q\n")
    [game] = json.loads(cli("history", "--unfinished", "--format", "json").out)
    result = cli("play", "--game", str(game["game_id"]))
    assert result.code == 2
    assert result.err == (
        f"Error: game {game['game_id']} is a challenge stage; resume it with "
        "samegame play --preset mini\n"
    )


def test_one_click_where_the_preset_allows_it(cli, preset_path: str) -> None:
    first, _, _ = stage_plan(preset_path, 0, 201)
    result = cli(
        "play", "--preset", preset_path, "--accessible", "--one-click", stdin=f"{first[0]}\nq\n"
    )
    assert f"> {first[0]}\nRemoved " in result.out


def test_one_click_refused_where_the_preset_does_not(cli) -> None:
    result = cli("play", "--preset", "lesson", "--one-click", stdin="q\n")
    assert result.code == 2
    assert result.err.startswith("Error: the lesson preset does not offer one-click selection")
