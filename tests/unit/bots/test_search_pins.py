"""Fixed-work search results pinned by the code as it stood before a change.

Each case runs one search (``samegame.bots.search.engine.search``) with a fixed budget
(``runs``, ``iterations``, ``width``; no time) from a board, under a rule set, with a
seed, and compares the settled score, the moves and the number of playouts (or
positions expanded) with the values in ``tests/data/search-pins.json``, so a change
to the scan, the playout, the policies, the argument bundles or the running of a
search that alters a single random draw or candidate fails here. The NMCS and beam
cases were computed by the kernel before its restructuring into one fill, bundles and
one playout (commit 01f4eb2); the NRPA cases with codes by tiles when those codes
were added, the soft-playout case before the soft path stopped reading bundle fields
per candidate (commit dbdd6a5), and the cases of other rule sets, of the mixed
policy and of lanes sharing a policy by the engine before it was split into modules
with one spec per algorithm.

Regenerate only for a deliberate change of behaviour:
``PYTHONPATH=tests python tests/unit/bots/test_search_pins.py > tests/data/search-pins.json``.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from locations import TESTS
from samegame.benchmark.positions import standard_positions
from samegame.bots.search import engine
from samegame.bots.search.spec import (
    BeamSpec,
    Evaluation,
    NmcsSpec,
    NrpaSpec,
    PlayoutPolicy,
    SearchSpec,
)
from samegame.core.board import Board
from samegame.core.formulas import BASIC, LEFTOVER_SQUARED, PAIRS, SUM
from samegame.core.rng import StableRandom, derive_seed
from samegame.core.rules import Rules

PINS = TESTS / "data" / "search-pins.json"

RULES = {
    "standard": Rules(BASIC, clear_bonus=1000),
    "pairs-leftover": Rules(PAIRS, penalty=LEFTOVER_SQUARED),
    "sum-min1": Rules(SUM, min_group=1, clear_bonus=5),
    "basic-min3": Rules(BASIC, min_group=3),
}


def _random_board(seed: int, width: int, height: int, colours: int) -> Board:
    rng = StableRandom(derive_seed("test-search-pins", seed))
    columns = [[rng.below(colours) for _ in range(height)] for _ in range(width)]
    return Board.from_columns(columns, width, height)


def board(name: str) -> Board:
    if name == "standard-1":
        return standard_positions()[0]
    if name == "random-8x7":
        return _random_board(1, 8, 7, 4)
    if name == "random-6x6":
        return _random_board(2, 6, 6, 3)
    raise KeyError(name)


RANDOM, TABU = PlayoutPolicy.RANDOM, PlayoutPolicy.TABU
SELECTIVE, SOFT, MIXED = PlayoutPolicy.SELECTIVE, PlayoutPolicy.SOFT, PlayoutPolicy.MIXED
CASES: list[tuple[str, SearchSpec, str, str, int, int]] = [
    # (case name, spec, board, rules, points before, seed)
    ("nmcs-1-tabu-std", NmcsSpec(level=1, policy=TABU), "standard-1", "standard", 0, 5),
    ("nmcs-1-sel-std", NmcsSpec(level=1, policy=SELECTIVE), "standard-1", "standard", 0, 6),
    ("nmcs-2-rand", NmcsSpec(level=2, policy=RANDOM), "random-8x7", "pairs-leftover", 0, 7),
    ("nmcs-1-tabu-2runs", NmcsSpec(level=1, runs=2), "random-8x7", "sum-min1", 12, 8),
    ("nrpa-2-sel-std-tiles", NrpaSpec(level=2, iterations=12, policy=SELECTIVE), "standard-1", "standard", 0, 9),
    ("nrpa-1-tabu-tiles", NrpaSpec(level=1, iterations=40, policy=TABU), "random-8x7", "standard", 0, 10),
    ("nrpa-3-rand-tiles", NrpaSpec(level=3, iterations=4, policy=RANDOM), "random-6x6", "pairs-leftover", 3, 11),
    ("nrpa-2-sel-min1-tiles", NrpaSpec(level=2, iterations=6, policy=SELECTIVE), "random-6x6", "sum-min1", 0, 12),
    ("nrpa-2-tabu-min3-tiles", NrpaSpec(level=2, iterations=8, policy=TABU), "random-8x7", "basic-min3", 0, 13),
    ("nrpa-3-tabu-min3-tiles", NrpaSpec(level=3, iterations=4, policy=TABU), "random-8x7", "basic-min3", 0, 14),
    ("nrpa-2-soft-std-tiles", NrpaSpec(level=2, iterations=12, policy=SOFT), "standard-1", "standard", 0, 15),
    ("nrpa-2-soft-min1-tiles", NrpaSpec(level=2, iterations=6, policy=SOFT), "random-6x6", "sum-min1", 2, 17),
    ("nrpa-2-mixed-std-tiles", NrpaSpec(level=2, iterations=12, policy=MIXED), "standard-1", "standard", 0, 18),
    ("nrpa-3-sel-std-tiles-2-lanes", NrpaSpec(level=3, iterations=4, policy=SELECTIVE, workers=2), "standard-1", "standard", 0, 19),
    ("nrpa-4-soft-8x7-tiles-3-lanes", NrpaSpec(level=4, iterations=3, policy=SOFT, workers=3), "random-8x7", "pairs-leftover", 5, 20),
    ("beam-groups-std", BeamSpec(width=8, evaluation=Evaluation.GROUPS), "standard-1", "standard", 0, 0),
    ("beam-colours", BeamSpec(width=6, evaluation=Evaluation.COLOURS), "random-8x7", "pairs-leftover", 0, 0),
    ("beam-mixed-min1", BeamSpec(width=5, evaluation=Evaluation.MIXED), "random-6x6", "sum-min1", 4, 0),
]  # fmt: skip


def run(case: tuple[str, SearchSpec, str, str, int, int]) -> dict[str, Any]:
    name, spec, board_name, rules_name, base, seed = case
    result = engine.search(spec, board(board_name), RULES[rules_name], base, seed)
    return {
        "case": name,
        "score": result.score,
        "moves": " ".join(str(cell) for cell in result.moves),
        "playouts": result.playouts,
    }


def _pins() -> dict[str, dict[str, Any]]:
    return {pin["case"]: pin for pin in json.loads(PINS.read_text())}


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_fixed_work_results_are_unchanged(case: tuple[str, SearchSpec, str, str, int, int]) -> None:
    assert run(case) == _pins()[case[0]]


def test_every_case_is_pinned() -> None:
    assert sorted(_pins()) == sorted(case[0] for case in CASES)


if __name__ == "__main__":
    json.dump([run(case) for case in CASES], sys.stdout, indent=1)
    print()
