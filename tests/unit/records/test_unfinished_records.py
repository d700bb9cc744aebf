"""A record of an unfinished game never verifies as a result (issue 43, item 12).

A prefix of a real game, with every total made consistent with the moves kept and
``finished: false``, holds move by move: only the bot's replay could tell that
the game went on, and ``--no-replay-bots`` skips it. samegame writes only
finished games, so such a record is said to be unfinished (not checked, exit 1),
whatever the prefix and whether or not the bots are replayed, and never "all
correct" beside the finished records of the same file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from locations import TESTS
from samegame.core.coords import parse_cell
from samegame.core.game import Game
from samegame.core.textboard import read_board
from samegame.plugin.host import PluginHost
from samegame.records.verification import UNFINISHED, record_rules

pytestmark = pytest.mark.usefixtures("isolated_folder")

GOLDEN = [
    json.loads(line)
    for name in ("v1.jsonl", "v2.jsonl")
    for line in (TESTS / "golden" / "records" / name).read_text(encoding="utf-8").splitlines()
]
HOST = PluginHost(autoload=False)


def truncated(record: dict[str, Any], kept: int) -> dict[str, Any]:
    """The record's first ``kept`` moves, with the totals the rules core gives them
    (independently of the verifier: the game played again here)."""
    game = Game(read_board("\n".join(record["board"])), record_rules(record, HOST))
    for move in record["moves"][:kept]:
        game.play(parse_cell(move["move"]))
    assert game.result() is None, "a prefix shorter than the game does not end it"
    return {
        **record,
        "moves": record["moves"][:kept],
        "bonus": 0,
        "penalty": 0,
        "score": game.score,
        "remaining": game.board.tile_count(),
        "cleared": False,
        "finished": False,
    }


@st.composite
def files(draw: st.DrawFn) -> tuple[list[dict[str, Any]], int]:
    """A file of golden records with at least one cut short anywhere before its end;
    the number of records cut."""
    chosen = draw(st.lists(st.sampled_from(GOLDEN), min_size=1, max_size=4))
    records, cut = [], 0
    for index, record in enumerate(chosen):
        if index == 0 or draw(st.booleans()):
            records.append(truncated(record, draw(st.integers(0, len(record["moves"]) - 1))))
            cut += 1
        else:
            records.append(record)
    return draw(st.permutations(records)), cut


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(drawn=files(), replay=st.booleans())
def test_an_unfinished_record_is_never_verified(
    cli: Any, drawn: tuple[list[dict[str, Any]], int], replay: bool
) -> None:
    records, cut = drawn
    Path("r.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    args = ["verify", "r.jsonl"] if replay else ["verify", "r.jsonl", "--no-replay-bots"]
    result = cli(*args)
    assert result.code == 1, result
    assert "all correct" not in result.out + result.err
    if not replay:  # nothing else to find: the moves and totals all hold
        assert UNFINISHED in result.out + result.err, result
        assert f"{cut} record{'s' if cut > 1 else ''} not checked" in result.out + result.err


def test_the_finished_records_still_verify_under_no_replay_bots(cli: Any) -> None:
    """The control: the same records whole are all correct."""
    Path("r.jsonl").write_text("".join(json.dumps(r) + "\n" for r in GOLDEN), encoding="utf-8")
    result = cli("verify", "r.jsonl", "--no-replay-bots")
    assert result.code == 0, result
    assert "all correct" in result.out
