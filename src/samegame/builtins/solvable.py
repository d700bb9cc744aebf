"""Solvable boards by reverse construction (being written; see the helper brief)."""

from __future__ import annotations

from samegame.contributions import BoardGenerator, BoardSpec, GeneratedBoard


def _generate(spec: BoardSpec, number: int) -> GeneratedBoard:
    raise NotImplementedError("solvable generator in progress")


SOLVABLE = BoardGenerator(
    "solvable", 1, _generate, "always clearable", guarantees_clear=True, min_colours=2
)
