"""The two code examples of docs/kernel.md run as written and do what the text says."""

from __future__ import annotations

import re
from typing import Any

import pytest

from locations import ROOT

EXAMPLES = re.findall(
    r"```python\n(.*?)```", (ROOT / "docs" / "kernel.md").read_text(encoding="utf-8"), re.S
)


@pytest.fixture(scope="module")
def from_python() -> dict[str, Any]:
    names: dict[str, Any] = {}
    exec(compile(EXAMPLES[0], "docs/kernel.md (Using it from Python)", "exec"), names)
    return names


def test_the_python_example_runs(from_python: dict[str, Any]) -> None:
    groups, batch = from_python["groups"], from_python["batch"]
    assert groups
    after, points = from_python["after"], from_python["points"]
    assert points == (groups[0].size - 2) ** 2
    assert int((after > 0).sum()) == int((from_python["state"] > 0).sum()) - groups[0].size
    assert len(batch.scores) == len(batch.moves) == 1000
    assert int(batch.scores.min()) >= 0


def test_the_numba_example_compiles_and_plays_one_ply(from_python: dict[str, Any]) -> None:
    from samegame.core.coords import Cell
    from samegame.kernel import legal_groups
    from samegame.kernel.splitmix import seed_state

    names: dict[str, Any] = {}
    exec(compile(EXAMPLES[1], "docs/kernel.md (Using it from numba)", "exec"), names)
    state, rules = from_python["state"], from_python["rules"]
    best_move, best = names["one_ply"](state, rules, seed_state(7))
    again = names["one_ply"](state, rules, seed_state(7))
    assert (best_move, best) == again  # the same generator state plays the same
    stride = rules.height + 1  # index(col, row) = (col + 1) * stride + row, as the doc says
    col, row = divmod(int(best_move), stride)
    played = Cell(col - 1, row)
    assert any(played in group.cells for group in legal_groups(state, rules))
    assert 0 <= best < 10**6
