"""Saved games survive anything: a process killed with SIGKILL right after a move, a
normal quit, the end of input; ``--game ID`` resumes an unfinished game and replays a
finished one as practice.
"""

from __future__ import annotations

import json
import signal
import sys
from pathlib import Path

import pexpect
import pytest

from playkit import Outcome, child_env, greedy_moves, lesson_game, run_cli

LESSON = ["play", "--preset", "lesson", "--accessible"]


pytestmark = pytest.mark.usefixtures("isolated_home")


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    def invoke(*args: str, stdin: str = "") -> Outcome:
        return run_cli(capsys, monkeypatch, args, stdin)

    return invoke


def two_clicks(cells: list[str]) -> str:
    return "".join(f"{cell}\n{cell}\n" for cell in cells)


def score_after(number: int, moves: int) -> tuple[list[str], int]:
    game = lesson_game(number)
    cells = greedy_moves(game, limit=moves)
    return cells, game.score


def test_resume_after_sigkill(cli, tmp_path: Path) -> None:
    cells, score = score_after(3, 3)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "samegame", *LESSON, "--board-number", "3"],
        env=child_env(tmp_path / "home"),
        encoding=None,
        timeout=10,
        cwd=str(tmp_path),
    )
    try:
        child.expect_exact(b"\r\n> ")
        for cell in cells:
            child.sendline(cell.encode())
            child.expect_exact(b"\r\n> ")
            child.sendline(cell.encode())
            child.expect_exact(b"\r\n> ")
        assert f"score {score}.".encode() in child.before
        assert b"groups left" in child.before  # the whole announcement came first
        child.kill(signal.SIGKILL)
        child.expect(pexpect.EOF)
        child.close()
        assert child.signalstatus == signal.SIGKILL
    finally:
        child.terminate(force=True)

    result = cli(*LESSON, stdin="score\nq\n")
    assert result.code == 0, result.err
    assert result.lines[1] == f"Resuming your unfinished game: 3 moves played, score {score}."
    assert result.lines[2].startswith("Board 3: 7 columns by 9 rows")
    assert f"> score\nScore {score} after 3 moves.\n" in result.out


def test_resume_after_quit(cli) -> None:
    cells, score = score_after(3, 2)
    first = cli(*LESSON, "--board-number", "3", stdin=two_clicks(cells) + "quit\n")
    assert first.lines[-1] == (
        "Game saved. Type samegame play --preset lesson --accessible to come back to it."
    )
    again = cli(*LESSON, stdin="summary\nq\n")
    assert again.lines[1] == f"Resuming your unfinished game: 2 moves played, score {score}."
    assert f"Score {score} after 2 moves" in again.out


def test_resume_after_the_end_of_input(cli) -> None:
    cells, score = score_after(3, 1)
    first = cli(*LESSON, "--board-number", "3", stdin=two_clicks(cells))
    assert first.lines[-1] == (
        "Game saved. Type samegame play --preset lesson --accessible to come back to it."
    )
    again = cli(*LESSON, stdin="q\n")
    assert again.lines[1] == f"Resuming your unfinished game: 1 move played, score {score}."


def test_resume_keeps_the_redo_list_and_the_selection_is_not_saved(cli) -> None:
    cells, _ = score_after(3, 2)
    cli(*LESSON, "--board-number", "3", stdin=two_clicks(cells) + f"undo\n{cells[0]}\nq\n")
    _, score = score_after(3, 1)
    again = cli(*LESSON, stdin="remove\nredo\nq\n")
    assert again.lines[1] == f"Resuming your unfinished game: 1 move played, score {score}."
    assert "> remove\nNothing is selected; type a cell first.\n" in again.out
    assert "> redo\nRedoing move 2.\n" in again.out


def test_a_board_number_starts_a_new_game_instead_of_resuming(cli) -> None:
    cells, _ = score_after(3, 1)
    cli(*LESSON, "--board-number", "3", stdin=two_clicks(cells) + "q\n")
    other = cli(*LESSON, "--board-number", "5", stdin="q\n")
    assert "Resuming" not in other.out
    assert other.lines[1].startswith("Board 5:")
    # Without a number the most recent unfinished game comes back: board 5.
    latest = cli(*LESSON, stdin="q\n")
    assert latest.lines[1] == "Resuming your unfinished game: 0 moves played, score 0."
    assert latest.lines[2].startswith("Board 5:")


def test_game_id_resumes_an_unfinished_game(cli) -> None:
    cells, score = score_after(3, 2)
    cli(*LESSON, "--board-number", "3", stdin=two_clicks(cells) + "q\n")
    cli(*LESSON, "--board-number", "5", stdin="q\n")
    games = json.loads(cli("history", "--unfinished", "--format", "json").out)
    board3 = next(g["game_id"] for g in games if g["setup"]["board_number"] == 3)
    resumed = cli("play", "--game", str(board3), "--accessible", stdin="score\nq\n")
    assert resumed.code == 0, resumed.err
    assert resumed.lines[1] == f"Resuming your unfinished game: 2 moves played, score {score}."
    assert resumed.lines[2].startswith("Board 3:")
    assert f"Score {score} after 2 moves." in resumed.out


def test_game_id_of_a_finished_game_plays_its_board_again(cli) -> None:
    game = lesson_game(10)
    cells = greedy_moves(game)
    result = game.result()
    assert result is not None
    cli(*LESSON, "--board-number", "10", stdin=two_clicks(cells) + "q\n")
    finished = json.loads(cli("history", "--format", "json").out)
    assert len(finished) == 1
    game_id = finished[0]["game_id"]

    replay = cli("play", "--game", str(game_id), "--accessible", stdin="score\nq\n")
    assert replay.code == 0, replay.err
    assert "Resuming" not in replay.out
    assert replay.lines[1].startswith("Board 10:")
    # The Lesson rules allow playing a board again for a score.
    assert "practice" not in replay.out
    assert "Score 0 after 0 moves." in replay.out

    # The finished game and its best score are untouched.
    after = json.loads(cli("history", "--format", "json").out)
    assert [g["game_id"] for g in after] == [game_id]
    scores = json.loads(cli("scores", "--format", "json").out)["scores"]
    assert [(s["game_id"], s["score"]) for s in scores] == [(game_id, result.score)]


def test_the_same_moves_again_are_the_same_result(cli) -> None:
    game = lesson_game(10)
    cells = greedy_moves(game)
    result = game.result()
    assert result is not None
    cli(*LESSON, "--board-number", "10", stdin=two_clicks(cells) + "q\n")
    game_id = json.loads(cli("history", "--format", "json").out)[0]["game_id"]
    replay = cli("play", "--game", str(game_id), "--accessible", stdin=two_clicks(cells) + "q\n")
    assert (
        f"The same moves as your recorded result of {result.score}; it stays recorded once."
        in replay.out
    )
    assert "New best score" not in replay.out
    history = json.loads(cli("history", "--format", "json").out)
    assert [g["game_id"] for g in history] == [game_id]
    scores = json.loads(cli("scores", "--format", "json").out)["scores"]
    assert [s["game_id"] for s in scores] == [game_id]


def test_unknown_game_id_is_an_error(cli) -> None:
    result = cli("play", "--game", "7")
    assert result.code == 2
    assert result.err == "Error: there is no saved game 7; see samegame history\n"
