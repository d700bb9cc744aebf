"""The rules of a game's life in ``samegame play``, each case run as a player would
(several runs of the command on one SAMEGAME_HOME), checked by assertions and pinned
by golden transcripts in English and Japanese (tests/golden/lifecycle/).

To regenerate the golden files after an intended change of wording, run

    UPDATE_GOLDEN=1 .venv/bin/pytest tests/unit/play/test_play_lifecycle.py

and review the diff; without UPDATE_GOLDEN the tests only compare.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from locations import ROOT, TESTS
from playkit import Outcome, greedy_moves, run_cli
from samegame.core.coords import format_cell
from samegame.core.game import Game
from samegame.core.numbering import make_board
from samegame.plugin.contributions import BoardSpec
from samegame.plugin.host import get_host
from samegame.presets import find_preset

GOLDEN = TESTS / "golden" / "lifecycle"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
LANGS = ("en", "ja")

MINI_CHALLENGE = """\
name: mini
title: Mini challenge
description: Two small stages.
formula: basic
clear_bonus: 100
penalty: leftover-squared
undo: disabled
hint: practice
replay: practice
selection: one-click
selection_modes: [one-click, confirm]
board_type: solvable
sizes:
  stage: {width: 5, height: 4, colours: 2}
stages:
  - {name: Stage 1, width: 5, height: 4, colours: 2, board_type: solvable}
  - {name: Second, width: 4, height: 4, colours: 2, board_type: solvable}
"""


STRICT = """\
name: strict
title: Strict
description: Playing a board again is practice.
formula: basic
clear_bonus: 100
undo: practice
replay: practice
selection: one-click
selection_modes: [one-click, confirm]
board_type: solvable
sizes:
  tiny: {width: 5, height: 4, colours: 2}
"""


pytestmark = pytest.mark.usefixtures("isolated_folder")


@dataclass
class Player:
    """Runs samegame commands on one home and keeps a transcript of the play runs."""

    invoke: Callable[..., Outcome]
    lang: str
    tmp: Path
    transcript: list[str]

    def play(self, *args: str, stdin: str = "") -> Outcome:
        full = ["play", *args, "--accessible", "--lang", self.lang]
        result = self.invoke(*full, stdin=stdin)
        shown = " ".join(full).replace(str(self.tmp), "TMP")
        self.transcript.append(f"$ samegame {shown}")
        self.transcript.append(result.out.replace(str(self.tmp), "TMP").rstrip("\n"))
        if result.err:
            self.transcript.append("stderr: " + result.err.replace(str(self.tmp), "TMP").rstrip())
        self.transcript.append(f"exit {result.code}")
        return result

    def data(self, *args: str) -> object:
        result = self.invoke(*args, "--format", "json")
        assert result.code == 0, result.err
        return json.loads(result.out)


@pytest.fixture(params=LANGS)
def player(request: pytest.FixtureRequest, capsys, monkeypatch, tmp_path: Path):
    def invoke(*args: str, stdin: str = "") -> Outcome:
        return run_cli(capsys, monkeypatch, args, stdin)

    return Player(invoke, request.param, tmp_path, [])


def check_golden(player: Player, name: str) -> None:
    path = GOLDEN / f"{name}_{player.lang}.txt"
    text = "\n".join(player.transcript) + "\n"
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text


def clicks(cells: list[str], times: int = 2) -> str:
    return "".join(f"{cell}\n" * times for cell in cells)


def solution(preset: str, size: str | None, colours: int | None, number: int) -> list[str]:
    """The certificate of a solvable board: the cells that clear it."""
    host = get_host()
    setup = find_preset(preset, host).board_setup(size=size, colours=colours)
    made = make_board(host.generator(setup.board_type), setup.spec, number)
    assert made.certificate is not None
    game = Game(made.board, find_preset(preset, host).rules)
    cells = []
    for cell in made.certificate:
        cells.append(format_cell(game.preview(cell).group.anchor))
        game.play(cell)
    assert game.board.tile_count() == 0
    return cells


def greedy_on(preset: str, number: int, limit: int | None = None) -> tuple[list[str], Game]:
    host = get_host()
    loaded = find_preset(preset, host)
    setup = loaded.board_setup()
    board = make_board(host.generator(setup.board_type), setup.spec, number).board
    game = Game(board, loaded.rules)
    return greedy_moves(game, limit), game


# -- 1: a finished result is never lost ------------------------------------------------


def test_a_finished_result_stays_after_undo_restart_and_quit(player: Player) -> None:
    basic = ("--preset", "basic", "--size", "small", "--colours", "3", "--board-number", "3")
    cells = solution("basic", "small", 3, 3)
    first = player.play(*basic, stdin=clicks(cells) + "score\nsummary\nundo\nscore\nq\n")
    assert first.code == 0
    history = player.data("history")
    assert isinstance(history, list)
    [done] = history
    final = done["result"]["score"]
    assert done["result"]["cleared"]
    assert final == done["result"]["points"] + 1000
    # Undo after the end played on in a new game; the result stays, with its rank.
    scores = player.data("scores")
    assert isinstance(scores, dict)
    assert [(s["game_id"], s["score"]) for s in scores["scores"]] == [(done["game_id"], final)]
    assert scores["completions"][0]["finished"] == 1
    assert scores["completions"][0]["cleared"] == 1
    # Redo reaches the same end: the same result, recorded once. Restart after the
    # end: the result stays.
    again = player.play(*basic, stdin="redo\nscore\nrestart\nscore\nq\n")
    assert again.code == 0
    if player.lang == "en":
        assert f"The same moves as your recorded result of {final}" in again.out
        assert f"> restart\nYour result of {final} stays recorded.\n" in again.out
    history = player.data("history")
    assert isinstance(history, list)
    assert [g["game_id"] for g in history] == [done["game_id"]]
    scores = player.data("scores")
    assert isinstance(scores, dict)
    assert [s["score"] for s in scores["scores"]] == [final]
    check_golden(player, "finished_result")


def test_score_and_summary_after_the_end_give_the_settled_score(player: Player) -> None:
    cells, game = greedy_on("jsgames", 5)
    result = game.result()
    assert result is not None
    assert result.penalty > 0
    assert result.score == result.points - result.penalty  # not floored at zero
    stdin = clicks(cells) + "score\nsummary\nq\n"
    run = player.play(
        "--preset", "jsgames", "--board-number", "5", "--verbosity", "terse", stdin=stdin
    )
    assert run.code == 0
    if player.lang == "en":
        assert (
            f"> score\nFinal score {result.score} after {result.moves} moves: groups "
            f"{result.points}, bonus 0, penalty {result.penalty}.\n"
        ) in run.out
    [done] = player.data("history")  # type: ignore[misc]
    assert done["result"]["score"] == result.score
    check_golden(player, "penalty_end")


# -- 3: every come-back message resumes exactly that game --------------------------------


def test_come_back_messages_name_a_command_that_resumes_that_game(player: Player) -> None:
    cells, _ = greedy_on("lesson", 2, limit=2)
    first = player.play("--preset", "lesson", "--board-number", "2", stdin=clicks(cells) + "q\n")
    said = first.lines[-1]
    if player.lang == "en":
        assert said == (
            "Game saved. Type samegame play --preset lesson --accessible --lang en"
            " to come back to it."
        )
    assert "samegame play --preset lesson " in said
    back = player.play("--preset", "lesson", stdin="score\nq\n")
    assert "Board 2" in back.out or "盤面2" in back.out
    [saved] = player.data("history", "--unfinished")  # type: ignore[misc]
    assert len(saved["moves"]) == 2
    # A second game of the same rules is saved later: the first is then reached by id.
    other = player.play("--preset", "lesson", "--board-number", "3", stdin="A1\nq\n")
    assert "samegame play --preset lesson " in other.lines[-1]
    by_id = player.play("--game", str(saved["game_id"]), stdin="q\n")
    assert f"samegame play --game {saved['game_id']} " in by_id.lines[-1]
    # Other sizes and scoring options are part of the command.
    sized = player.play("--preset", "basic", "--size", "small", "--board-number", "4", stdin="q\n")
    assert "samegame play --preset basic --size small " in sized.lines[-1]
    check_golden(player, "come_back")


# -- 4: a board with an unfinished game resumes it ---------------------------------------


def test_a_numbered_board_resumes_its_unfinished_game(player: Player) -> None:
    cells, _ = greedy_on("lesson", 7, limit=1)
    player.play("--preset", "lesson", "--board-number", "7", stdin="q\n")
    player.play("--preset", "lesson", "--board-number", "7", stdin=clicks(cells) + "q\n")
    unfinished = player.data("history", "--unfinished")
    assert isinstance(unfinished, list)
    assert len(unfinished) == 1  # no second game, no practice
    assert not unfinished[0]["practice"]
    assert unfinished[0]["moves"] == cells
    # A fresh start asks first when the game has moves; n keeps them.
    kept = player.play("--preset", "lesson", "--board-number", "7", "--fresh", stdin="n\nq\n")
    assert kept.code == 0
    assert player.data("history", "--unfinished")[0]["moves"] == cells  # type: ignore[index]
    player.play("--preset", "lesson", "--board-number", "7", "--fresh", stdin="y\nq\n")
    [fresh] = player.data("history", "--unfinished")  # type: ignore[misc]
    assert fresh["moves"] == []
    assert fresh["game_id"] == unfinished[0]["game_id"]
    assert not fresh["practice"]
    check_golden(player, "same_board")


def test_replay_practice_is_the_presets_choice(player: Player, tmp_path: Path) -> None:
    path = tmp_path / "strict.yaml"
    path.write_text(STRICT, encoding="utf-8")
    cells = solution(str(path), None, None, 8)
    player.play("--preset", str(path), "--board-number", "8", stdin=clicks(cells, 1) + "q\n")
    again = player.play("--preset", str(path), "--board-number", "8", stdin="score\nq\n")
    if player.lang == "en":
        assert "You have played this board before, so this game counts as practice." in again.out
    unfinished = player.data("history", "--unfinished")
    assert isinstance(unfinished, list)
    assert unfinished[0]["practice"]
    assert unfinished[0]["reasons"] == ["replay"]
    # The Lesson rules do not: the same board again is a game for a score.
    player.play(
        "--preset", "lesson", "--board-number", "8", stdin=clicks(greedy_on("lesson", 8)[0]) + "q\n"
    )
    lesson = player.play("--preset", "lesson", "--board-number", "8", stdin="q\n")
    assert "practice" not in lesson.out


# -- 5: challenges --------------------------------------------------------------------


def test_a_numbered_challenge_is_reproducible(player: Player, tmp_path: Path) -> None:
    path = tmp_path / "mini.yaml"
    path.write_text(MINI_CHALLENGE, encoding="utf-8")
    host = get_host()
    preset = find_preset(str(path), host)
    plans = []
    for index, number in enumerate((40, 41)):
        stage = preset.stages[index]
        spec = BoardSpec(stage.width, stage.height, stage.colours)
        made = make_board(host.generator(stage.board_type), spec, number)
        game = Game(made.board, preset.rules)
        plans.append(greedy_moves(game))
        assert game.result() is not None
    stdin = clicks(plans[0], 1) + "summary\nnext\n" + clicks(plans[1], 1) + "summary\nq\n"
    run = player.play("--preset", str(path), "--board-number", "40", stdin=stdin)
    assert run.code == 0
    if player.lang == "en":
        assert "Stage 1.\nBoard 40:" in run.out
        assert "Stage 2: Second.\nBoard 41:" in run.out
        assert "Stage 1: Stage 1." not in run.out
    [challenge] = player.data("scores")["challenges"]  # type: ignore[index]
    stages = [g["result"]["score"] for g in reversed(player.data("history"))]  # type: ignore[call-overload]
    assert challenge["stage_scores"] == stages
    # Another number while a challenge is unfinished is refused, never ignored.
    player.play("--preset", str(path), "--board-number", "50", stdin="q\n")
    refused = player.invoke(
        "play", "--preset", str(path), "--board-number", "60", "--accessible", stdin="q\n"
    )
    assert refused.code == 2
    assert refused.err.startswith("Error: your unfinished challenge started on board 50;")
    fresh = player.play("--preset", str(path), "--board-number", "60", "--fresh", stdin="q\n")
    assert "Board 60" in fresh.out or "盤面60" in fresh.out
    check_golden(player, "challenge")


# -- 6: selection ----------------------------------------------------------------------


def test_pointing_away_clears_the_selection_and_hint_selects(player: Player) -> None:
    cells, _ = greedy_on("lesson", 10, limit=2)
    first, second = cells
    # After the first removal G9 is empty (tiles fell).
    stdin = f"{first}\n{first}\n{second}\nG9\nremove\n{second}\nZ1\nremove\nhint\nremove\nq\n"
    run = player.play("--preset", "lesson", "--board-number", "10", stdin=stdin)
    if player.lang == "en":
        assert (
            "> G9\nG9 is empty; nothing removed.\nSelection cleared.\n> remove\nNothing is selected"
        ) in run.out
        assert "> Z1\nZ1 is outside the board; nothing removed.\nSelection cleared.\n" in run.out
        assert "> hint\nHint: " in run.out
    [saved] = player.data("history", "--unfinished")  # type: ignore[misc]
    assert len(saved["moves"]) == 2  # the first move, then only the hinted group
    check_golden(player, "selection")


# -- one click, assistance, completions ---------------------------------------------------


def test_one_click_is_the_relaxed_default_and_confirm_overrides(player: Player) -> None:
    one = player.play(
        "--preset", "relaxed", "--size", "small", "--board-number", "1", stdin="rules\nA1\nq\n"
    )
    if player.lang == "en":
        assert "Typing a cell removes its group at once." in one.out
    assert "> A1\n" in one.out
    [saved] = player.data("history", "--unfinished")  # type: ignore[misc]
    moved = len(saved["moves"])
    two = player.play(
        "--preset",
        "relaxed",
        "--size",
        "small",
        "--board-number",
        "1",
        "--confirm",
        stdin="rules\nB1\nq\n",
    )
    if player.lang == "en":
        assert "Type a cell to select its group, then the same cell again" in two.out
    [after] = player.data("history", "--unfinished")  # type: ignore[misc]
    assert len(after["moves"]) == moved  # a single click only selects
    check_golden(player, "one_click")


def test_help_used_is_recorded_without_making_lesson_games_practice(player: Player) -> None:
    cells, _game = greedy_on("lesson", 4)
    stdin = (
        "hint\ncancel\n" + clicks(cells[:1]) + "undo\nredo\n" + clicks(cells[1:]) + "summary\nq\n"
    )
    run = player.play("--preset", "lesson", "--board-number", "4", stdin=stdin)
    if player.lang == "en":
        assert "Help used: hints and undo." in run.out
    [done] = player.data("history")  # type: ignore[misc]
    assert done["assistance"] == ["hint", "undo"]
    assert not done["practice"]
    text = player.invoke("history").out
    assert "help used: hints and undo" in text
    scores = player.invoke("scores").out
    assert "Completed: 1 game finished, 1 board cleared." in scores or "0 boards cleared" in scores
    check_golden(player, "assistance")


# -- the README's session, exactly as written ---------------------------------------------


def readme_sessions() -> list[tuple[list[str], str, str]]:
    """Every ``$ samegame play ...`` block of the README: (args, typed lines, output)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    sessions = []
    for block in readme.split("```text\n")[1:]:
        body = block.split("```")[0]
        first, _, rest = body.partition("\n")
        if not first.startswith("$ samegame play"):
            continue
        typed = "".join(line[2:] + "\n" for line in rest.splitlines() if line.startswith("> "))
        sessions.append((first.split()[2:], typed, rest))
    return sessions


def test_the_readme_play_session_is_what_samegame_says(capsys, monkeypatch) -> None:
    sessions = readme_sessions()
    assert sessions, "the README shows a samegame play session"
    for args, typed, expected in sessions:
        result = run_cli(capsys, monkeypatch, args, typed)
        assert result.code == 0, result.err
        assert result.out == expected
