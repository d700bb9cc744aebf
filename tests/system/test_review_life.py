"""The life the review is for (issue: "a player finishes a Basic game, types
samegame review ..."): a Basic game played to the end in accessible mode by
typed cells, in real processes of the installed ``samegame``; then ``samegame
review`` tells which moves cost most and what would have been better, with the
final score the game announced; ``history`` marks the game reviewed; the JSON of
the same review costs no search; and the practice, answered by typed lines,
finds a better move on the position before the costliest one. A small board and
``--iterations 1`` keep the searches short; the life is the same at any budget.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from playkit import child_env
from samegame.core.coords import format_cell
from samegame.core.game import Game
from samegame.core.textboard import read_board
from samegame.plugin.host import get_host
from samegame.presets import find_preset
from samegame.review.judging import ANSWER_EXACT_TILES

BOARD = ["--preset", "basic", "--size", "small", "--board-number", "3"]


def samegame(home: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["samegame", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=child_env(home),
        cwd=home.parent,
        timeout=300,
        check=False,
    )


def test_finish_a_basic_game_review_it_and_practise(tmp_path: Path) -> None:
    home = tmp_path / "home"
    shown = samegame(home, "board", "show", *BOARD, "--format", "board")
    assert shown.returncode == 0, shown.stderr
    game = Game(read_board(shown.stdout), find_preset("basic", get_host()).rules)
    typed, tiles_after = [], []
    while not game.finished:
        cell = format_cell(game.legal_groups()[0].anchor)
        game.play(game.legal_groups()[0].anchor)
        typed += [cell, cell]  # select, then confirm
        tiles_after.append(game.board.tile_count())
    played = samegame(
        home, "play", *BOARD, "--accessible", stdin="\n".join([*typed, "quit"]) + "\n"
    )
    assert played.returncode == 0, played.stderr
    final = re.search(r"Final score (\d+)\.", played.stdout)
    assert final is not None, played.stdout
    assert int(final.group(1)) == game.score

    told = samegame(home, "review", "--iterations", "1", "--accessible")
    assert told.returncode == 0, told.stderr
    lines = told.stdout.splitlines()
    assert lines[0] == "Review of game 1, Basic, board 3."
    assert lines[1].startswith(f"Final score {game.score}; the search reaches ")
    assert any(line.startswith("The ") and "cost the most" in line for line in lines)
    assert any(line.startswith("Better: ") for line in lines)
    assert "The review is saved with game 1" in told.stderr
    assert ", reviewed" in samegame(home, "history").stdout

    numbers = samegame(home, "review", "--iterations", "1", "--format", "json")
    assert numbers.returncode == 0, numbers.stderr
    assert "Reviewing" not in numbers.stderr, "the kept review is not searched again"
    report = json.loads(numbers.stdout)
    assert report["score"] == game.score
    costly = [m for m in report["moves"] if m["label"] in ("inaccuracy", "mistake", "blunder")]
    assert costly, "a first-group game on this board has costly moves"

    answers = [costly[0]["preferred"], *["skip"] * (len(costly) - 1), "quit"]
    practice = samegame(
        home,
        "review",
        "--iterations",
        "1",
        "--practice",
        "--accessible",
        stdin="\n".join(answers) + "\n",
    )
    assert practice.returncode == 0, practice.stderr
    assert f"before move {costly[0]['move']}" in practice.stdout
    # Proven when the value after the move played is exact: the review's, or the
    # practice's exact solver's on a position of at most ANSWER_EXACT_TILES tiles.
    small = tiles_after[costly[0]["move"] - 1] <= ANSWER_EXACT_TILES
    exact = costly[0]["after_exact"] or small
    better = "Better: this reaches" if exact else "Better, as far as the search"
    assert better in practice.stdout
    assert f"a better move found in 1 of {len(costly)} positions" in practice.stdout
