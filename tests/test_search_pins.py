"""Fixed-work search results pinned before the kernel was restructured (issue 11).

Each case runs one search (``samegame.bots.search.engine.search``) with a fixed budget
(``runs``, ``iterations``, ``width``; no time) from a board, under a rule set, with a
seed, and compares the settled score, the moves and the number of playouts (or
positions expanded) with the values in ``tests/data/search-pins.json``. Those values
were computed by the kernel as it stood before the restructuring (commit 01f4eb2),
so a change to the scan, the playout, the policies or the argument bundles that
alters a single random draw or candidate fails here. The cases with codes by
tiles (``Codes.TILES``) were pinned when they were added, in issue 10's
seventh round; the soft-playout cases (``Policy.SOFT``) by the kernel before its
soft path stopped reading bundle fields per candidate (commit dbdd6a5), in the
thirteenth round.

Regenerate only for a deliberate change of behaviour:
``python tests/test_search_pins.py > tests/data/search-pins.json``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from samegame.benchmark.positions import standard_positions
from samegame.bots.search import engine
from samegame.bots.search.engine import Algorithm, Codes, Evaluation, Policy, SearchSpec
from samegame.core.board import Board
from samegame.core.formulas import BASIC, LEFTOVER_SQUARED, PAIRS, SUM
from samegame.core.rng import StableRandom, derive_seed
from samegame.core.rules import Rules

PINS = Path(__file__).parent / "data" / "search-pins.json"

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


N, R, B = Algorithm.NMCS, Algorithm.NRPA, Algorithm.BEAM
CASES: list[tuple[str, SearchSpec, str, str, int, int]] = [
    # (case name, spec, board, rules, points before, seed)
    ("nmcs-1-tabu-std", SearchSpec(N, level=1, policy=Policy.TABU), "standard-1", "standard", 0, 5),
    ("nmcs-1-sel-std", SearchSpec(N, level=1, policy=Policy.SELECTIVE), "standard-1", "standard", 0, 6),
    ("nmcs-2-rand", SearchSpec(N, level=2, policy=Policy.RANDOM), "random-8x7", "pairs-leftover", 0, 7),
    ("nmcs-1-tabu-2runs", SearchSpec(N, level=1, runs=2), "random-8x7", "sum-min1", 12, 8),
    ("nrpa-2-sel-std", SearchSpec(R, level=2, iterations=12, policy=Policy.SELECTIVE), "standard-1", "standard", 0, 9),
    ("nrpa-1-tabu", SearchSpec(R, level=1, iterations=40, policy=Policy.TABU), "random-8x7", "standard", 0, 10),
    ("nrpa-3-rand", SearchSpec(R, level=3, iterations=4, policy=Policy.RANDOM), "random-6x6", "pairs-leftover", 3, 11),
    ("nrpa-2-sel-min1", SearchSpec(R, level=2, iterations=6, policy=Policy.SELECTIVE), "random-6x6", "sum-min1", 0, 12),
    ("nrpa-2-tabu-min3", SearchSpec(R, level=2, iterations=8, policy=Policy.TABU), "random-8x7", "basic-min3", 0, 13),
    ("nrpa-2-sel-std-tiles", SearchSpec(R, level=2, iterations=12, policy=Policy.SELECTIVE, codes=Codes.TILES), "standard-1", "standard", 0, 9),
    ("nrpa-3-tabu-min3-tiles", SearchSpec(R, level=3, iterations=4, policy=Policy.TABU, codes=Codes.TILES), "random-8x7", "basic-min3", 0, 14),
    ("nrpa-2-soft-std-tiles", SearchSpec(R, level=2, iterations=12, policy=Policy.SOFT, codes=Codes.TILES), "standard-1", "standard", 0, 15),
    ("nrpa-2-soft3-std", SearchSpec(R, level=2, iterations=12, policy=Policy.SOFT, bias=3.0), "standard-1", "standard", 0, 16),
    ("nrpa-2-soft1-min1", SearchSpec(R, level=2, iterations=6, policy=Policy.SOFT, bias=1.0), "random-6x6", "sum-min1", 2, 17),
    ("beam-groups-std", SearchSpec(B, width=8, evaluation=Evaluation.GROUPS, runs=None), "standard-1", "standard", 0, 0),
    ("beam-colours", SearchSpec(B, width=6, evaluation=Evaluation.COLOURS, runs=None), "random-8x7", "pairs-leftover", 0, 0),
    ("beam-mixed-min1", SearchSpec(B, width=5, evaluation=Evaluation.MIXED, runs=None), "random-6x6", "sum-min1", 4, 0),
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
