"""A record whose moves are another legal game than its bot played (two moves
swapped, every total made true again): only replaying the bot can tell. With the
bots replayed it is a mismatch naming the bot; under ``--no-replay-bots`` the
summary never says a bare "all correct": it says the records are correct as games
and that the bots' choices were not checked (issue 43, second attack run)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from locations import TESTS
from samegame.core.coords import parse_cell
from samegame.core.game import Game, MoveRejected
from samegame.core.textboard import read_board
from samegame.plugin.host import PluginHost
from samegame.records.verification import record_rules

pytestmark = pytest.mark.usefixtures("isolated_folder")

GOLDEN = [
    json.loads(line)
    for line in (TESTS / "golden" / "records" / "v2.jsonl").read_text(encoding="utf-8").splitlines()
]
HOST = PluginHost(autoload=False)
NOT_REPLAYED = (
    "all correct, as games (the bots were not replayed: that each bot chose its"
    " record's moves was not checked)."
)


def replayed(record: dict[str, Any], moves: list[str]) -> dict[str, Any] | None:
    """``record`` with ``moves`` and the totals the rules core gives them, or None
    when they are not a legal whole game (played here, apart from the verifier)."""
    game = Game(read_board("\n".join(record["board"])), record_rules(record, HOST))
    kept = []
    for move in moves:
        before, tiles = game.score, game.board.tile_count()
        try:
            anchor = str(game.preview(parse_cell(move)).group.anchor)
        except MoveRejected:
            return None
        game.play(parse_cell(anchor))  # a record names a group by its canonical tile
        gained = {"tiles": tiles - game.board.tile_count(), "points": game.score - before}
        kept.append({"move": anchor, **gained})
    result = game.result()
    if result is None:
        return None
    return {
        **record,
        "moves": kept,
        "bonus": result.bonus,
        "penalty": result.penalty,
        "score": result.score,
        "remaining": game.board.tile_count(),
        "cleared": game.board.tile_count() == 0,
        "finished": True,
    }


@st.composite
def swapped(draw: st.DrawFn) -> dict[str, Any]:
    """A golden record with two adjacent moves swapped: another legal whole game."""
    record = draw(st.sampled_from([r for r in GOLDEN if len(r["moves"]) >= 3]))
    moves = [move["move"] for move in record["moves"]]
    index = draw(st.integers(0, len(moves) - 2))
    moves[index], moves[index + 1] = moves[index + 1], moves[index]
    other = replayed(record, moves)
    assume(other is not None and other["moves"] != record["moves"])
    assert other is not None
    return other


@settings(max_examples=20, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(other=swapped())
def test_another_legal_game_is_caught_by_the_bot_or_said_unchecked(
    cli: Any, other: dict[str, Any]
) -> None:
    Path("r.jsonl").write_text(json.dumps(other) + "\n", encoding="utf-8")
    replaying = cli("verify", "r.jsonl")
    assert replaying.code == 1, replaying
    assert f"bot {other['bot']} with seed" in replaying.out, replaying
    not_replaying = cli("verify", "r.jsonl", "--no-replay-bots")
    assert not_replaying.code == 0, not_replaying
    assert not_replaying.out.rstrip().endswith(NOT_REPLAYED), not_replaying


def test_the_bots_replayed_say_all_correct_plainly(cli: Any) -> None:
    """The control: the golden records, bots replayed, are all correct, plainly."""
    Path("r.jsonl").write_text("".join(json.dumps(r) + "\n" for r in GOLDEN), encoding="utf-8")
    result = cli("verify", "r.jsonl")
    assert result.code == 0, result
    assert result.out.rstrip().endswith("all correct."), result
