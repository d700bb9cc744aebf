"""A built-in board type's ``impossible`` answer agrees with what it makes: for the
sizes of every built-in preset and for random sizes, a spec it takes on gives a
board for every board number tried, and a spec it refuses gives none (refused at
once, with the same words). A preset offering a size its board type refuses is a
one-line preset error (exit 3)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Result, assert_one_line_error
from samegame.builtins.generators import EACH_COLOUR_TWICE, RANDOM, RANDOM_WITH_MOVE
from samegame.builtins.solvable import SOLVABLE
from samegame.core.numbering import BoardSpecError, make_board
from samegame.core.palette import MAX_COLOURS
from samegame.plugin.contributions import BoardGenerator, BoardSpec
from samegame.plugin.host import PluginHost
from samegame.presets import list_presets

GENERATORS = [RANDOM, RANDOM_WITH_MOVE, EACH_COLOUR_TWICE, SOLVABLE]
NUMBERS = (0, 1, 7)


def agrees(generator: BoardGenerator, spec: BoardSpec) -> None:
    """The answer and the boards made agree, for each number tried."""
    why = generator.impossible(spec) if generator.impossible is not None else None
    for number in NUMBERS:
        if why is None:
            made = make_board(generator, spec, number)
            assert (made.board.width, made.board.height) == (spec.width, spec.height)
        else:
            with pytest.raises(BoardSpecError) as refused:
                make_board(generator, spec, number)
            assert str(refused.value) == why


def _preset_specs() -> list[tuple[BoardGenerator, BoardSpec]]:
    host = PluginHost(autoload=False)
    presets, _ = list_presets(host)
    found = set()
    for preset in presets:
        sizes = [(s.width, s.height, s.colours) for s in preset.sizes]
        sizes += [(s.width, s.height, s.colours) for s in preset.stages]
        for width, height, colours in sizes:
            for generator in GENERATORS:
                if colours >= generator.min_colours:
                    found.add((generator.name, BoardSpec(width, height, colours)))
    by_name = {g.name: g for g in GENERATORS}
    return [(by_name[name], spec) for name, spec in sorted(found, key=str)]


PRESET_SPECS = _preset_specs()


def test_there_are_preset_sizes_to_check() -> None:
    assert len(PRESET_SPECS) >= 10


@pytest.mark.parametrize(
    ("generator", "spec"), PRESET_SPECS, ids=[f"{g.name}-{s}" for g, s in PRESET_SPECS]
)
def test_every_built_in_preset_size_agrees(generator: BoardGenerator, spec: BoardSpec) -> None:
    agrees(generator, spec)


@settings(max_examples=150, deadline=None)
@given(
    generator=st.sampled_from(GENERATORS),
    width=st.integers(1, 6),
    height=st.integers(1, 6),
    colours=st.integers(1, MAX_COLOURS),
)
def test_random_sizes_agree(
    generator: BoardGenerator, width: int, height: int, colours: int
) -> None:
    agrees(generator, BoardSpec(width, height, max(colours, generator.min_colours)))


NEAR_THE_LIMIT = [
    BoardSpec(width, height, colours)
    for colours in range(2, MAX_COLOURS + 1)
    for width in range(1, 9)
    for height in range(width, 9)
    if 2 * colours <= width * height <= 4 * colours
]


@pytest.mark.parametrize("spec", NEAR_THE_LIMIT, ids=str)
def test_each_colour_twice_agrees_near_its_limit(spec: BoardSpec) -> None:
    """Where every colour twice is possible but rare, the answer still matches the
    boards made: a spec taken on never runs out of draws."""
    agrees(EACH_COLOUR_TWICE, spec)


@pytest.mark.parametrize(
    ("generator", "spec"),
    [
        (SOLVABLE, BoardSpec(1, 1, 3)),
        (RANDOM_WITH_MOVE, BoardSpec(1, 1, 2)),
        (EACH_COLOUR_TWICE, BoardSpec(2, 2, 3)),
        (EACH_COLOUR_TWICE, BoardSpec(5, 1, 3)),
    ],
)
def test_sizes_that_never_give_a_board_are_refused(
    generator: BoardGenerator, spec: BoardSpec
) -> None:
    assert generator.impossible is not None
    assert generator.impossible(spec) is not None


PRESET = """\
name: tiny
title: Tiny
description: A size that may never give a board.
formula: basic
clear_bonus: 0
penalty: none
min_group: 2
undo: allowed
board_type: {board_type}
colours: [3]
sizes:
  tiny: {{width: {width}, height: {height}, colours: 3}}
"""


@pytest.mark.parametrize(
    ("board_type", "width", "height", "refused"),
    [
        ("solvable", 1, 1, "a 1x1 board cannot be cleared"),
        ("each-colour-twice", 2, 2, "too small to hold every colour twice"),
        ("random-with-move", 1, 1, "no legal move"),
        ("each-colour-twice", 4, 4, None),
        ("solvable", 2, 1, None),
    ],
)
def test_presets_refuse_sizes_their_board_type_never_makes(
    cli: Callable[..., Result],
    tmp_path: Path,
    board_type: str,
    width: int,
    height: int,
    refused: str | None,
) -> None:
    path = tmp_path / "tiny.yaml"
    path.write_text(PRESET.format(board_type=board_type, width=width, height=height))
    result = cli("presets", "show", str(path))
    if refused is None:
        assert result.code == 0, result.err
    else:
        assert_one_line_error(result, 3, "size 'tiny'", f"board type {board_type}", refused)
