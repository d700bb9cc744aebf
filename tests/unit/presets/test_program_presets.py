"""Issue 46, item 12: each preset named after a program deals and defaults as that
program does, by the source its YAML names.

- swellfoop: GNOME Swell Foop (src/game.vala, data/org.gnome.SwellFoop.gschema.xml):
  uniform colours dealt again while a colour has fewer than two tiles or no two
  touching tiles match; small 6x5 by default, 3 colours from 2 to 4; (n-2)^2 and
  1000 for a clear; one click removes a group.
- tatham: Simon Tatham's Same Game (samegame.c): 5x5 with 3 colours by default, its
  five presets, soluble boards refused below 3 colours, random boards with two
  tiles of every colour, (n-2)^2 or (n-1)^2 (tatham-pairs), no bonus.
- ksame: one click removes a group.
- benchmark: board type standard gives standard position N for board number N.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from locations import ROOT, TESTS
from samegame.builtins.generators import uniform_board
from samegame.builtins.program_deals import STANDARD, SWELLFOOP, TATHAM_RANDOM
from samegame.core.board import Board
from samegame.core.game import Game, SelectionMode
from samegame.core.numbering import BoardSpecError, make_board, stable_random
from samegame.core.textboard import read_boards, write_board
from samegame.plugin.contributions import BoardSpec
from samegame.plugin.host import PluginHost
from samegame.presets import PresetError, find_preset

HOST = PluginHost(autoload=False)
NUMBERS = range(300)


def every_colour_twice(board: Board, colours: int) -> bool:
    counts = board.colour_counts()
    return all(counts.get(colour, 0) >= 2 for colour in range(colours))


@pytest.mark.parametrize("name", ["swellfoop", "tatham", "tatham-pairs", "ksame", "benchmark"])
def test_each_preset_names_the_source_it_follows(name: str) -> None:
    text = (ROOT / "presets" / f"{name}.yaml").read_text(encoding="utf-8")
    comments = " ".join(line for line in text.splitlines() if line.startswith("#"))
    assert comments, f"presets/{name}.yaml states no source"
    if name != "benchmark":
        assert "Follows" in comments
        assert "tests/unit/presets/test_program_presets.py" in comments


# -- Swell Foop -----------------------------------------------------------------


def test_swellfoop_defaults_are_swell_foop_s() -> None:
    preset = find_preset("swellfoop", HOST)
    setup = preset.board_setup()
    assert setup.spec == BoardSpec(6, 5, 3)  # gschema: size 'small', colors 3
    assert preset.colour_choices == (2, 3, 4)  # gschema: range 2 to 4
    sizes = {size.name: (size.width, size.height) for size in preset.sizes}
    assert sizes == {"small": (6, 5), "medium": (15, 10), "large": (20, 15)}
    assert setup.board_type == "swellfoop"
    assert preset.rules.scoring_key() == {
        "formula": "basic",
        "clear_bonus": 1000,
        "penalty": "none",
        "min_group": 2,
    }
    assert [preset.rules.points(n) for n in (2, 3, 5)] == [0, 1, 9]


def test_swellfoop_removes_a_group_on_one_click() -> None:
    preset = find_preset("swellfoop", HOST)
    assert preset.rules.selection is SelectionMode.ONE_CLICK
    game = Game(make_board(SWELLFOOP, BoardSpec(6, 5, 3), 1).board, preset.rules)
    anchor = game.legal_groups()[0].anchor
    _, events = game.click(anchor)
    assert events
    assert game.moves


@pytest.mark.parametrize("colours", [2, 3, 4])
def test_swellfoop_deals_again_until_every_colour_has_two_tiles_and_a_move(colours: int) -> None:
    spec = BoardSpec(6, 5, colours)
    dealt_again = 0
    for number in NUMBERS:
        board = make_board(SWELLFOOP, spec, number).board
        assert every_colour_twice(board, colours)
        assert board.has_move(2)
        first = uniform_board(spec, stable_random(SWELLFOOP, spec, number))
        if every_colour_twice(first, colours) and first.has_move(2):
            assert board == first  # a good first deal is kept as it is
        else:
            dealt_again += 1
    if colours == 4:
        assert dealt_again > 0  # the rule is exercised, not vacuous


def test_swellfoop_refuses_a_board_that_cannot_hold_two_of_each_colour() -> None:
    assert SWELLFOOP.impossible(BoardSpec(2, 2, 3)) is not None
    setup = find_preset("swellfoop", HOST).board_setup("2x3", colours=4)
    with pytest.raises(BoardSpecError, match="cannot hold two tiles of each of 4 colours"):
        make_board(SWELLFOOP, setup.spec, 0)


# -- Simon Tatham's Same Game --------------------------------------------------------

TATHAM_PRESETS = [(5, 5, 3), (10, 5, 3), (15, 10, 3), (15, 10, 4), (20, 15, 4)]
"""samegame.c's samegame_presets, in its order."""


@pytest.mark.parametrize(("name", "formula"), [("tatham", "basic"), ("tatham-pairs", "pairs")])
def test_tatham_defaults_and_scoring_systems_are_tatham_s(name: str, formula: str) -> None:
    preset = find_preset(name, HOST)
    assert preset.board_setup().spec == BoardSpec(5, 5, 3)  # default_params
    assert preset.board_setup().board_type == "solvable"  # soluble = true
    assert [(s.width, s.height, s.colours) for s in preset.sizes] == TATHAM_PRESETS
    assert preset.rules.clear_bonus == 0
    assert preset.rules.formula.name == formula
    scoresub = 2 if formula == "basic" else 1  # npoints: (n - scoresub)^2, 0 below
    for n in range(2, 40):  # a group has at least 2 tiles (min_group)
        assert preset.rules.points(n) == max(0, n - scoresub) ** 2


@pytest.mark.parametrize("name", ["tatham", "tatham-pairs"])
def test_tatham_refuses_fewer_than_three_colours_for_solvable_boards(name: str) -> None:
    preset = find_preset(name, HOST)
    with pytest.raises(PresetError, match="2 colours is not offered"):
        preset.board_setup(colours=2, board_type="solvable")
    assert preset.board_setup(colours=3, board_type="solvable").spec.colours == 3


@pytest.mark.parametrize(("width", "height", "colours"), [(5, 5, 3), (5, 5, 9), (4, 2, 4)])
def test_tatham_random_boards_hold_two_tiles_of_every_colour(
    width: int, height: int, colours: int
) -> None:
    spec = BoardSpec(width, height, colours)
    for number in NUMBERS:
        board = make_board(TATHAM_RANDOM, spec, number).board
        assert board.tile_count() == width * height
        assert every_colour_twice(board, colours)
    assert find_preset("tatham", HOST).board_setup(board_type="tatham-random").spec == (
        BoardSpec(5, 5, 3)
    )


def test_tatham_random_refuses_too_many_colours_for_the_board() -> None:
    """validate_params: "Too many colours makes given grid size impossible"."""
    assert TATHAM_RANDOM.impossible(BoardSpec(4, 2, 5)) is not None
    with pytest.raises(BoardSpecError, match="cannot hold two tiles of each of 5 colours"):
        TATHAM_RANDOM.generate(BoardSpec(4, 2, 5), 0)


# -- KSame -----------------------------------------------------------------------


def test_ksame_removes_a_group_on_one_click() -> None:
    preset = find_preset("ksame", HOST)
    assert preset.rules.selection is SelectionMode.ONE_CLICK
    assert preset.board_setup().spec == BoardSpec(15, 10, 3)


# -- the standard positions --------------------------------------------------------


def test_benchmark_board_n_of_type_standard_is_standard_position_n() -> None:
    positions = read_boards((TESTS / "data" / "standard-20.txt").read_text(encoding="utf-8"))
    setup = find_preset("benchmark", HOST).board_setup(board_type="standard")
    assert setup.spec == BoardSpec(15, 15, 5)
    for number, position in enumerate(positions, start=1):
        assert make_board(STANDARD, setup.spec, number).board == position
    for number in (0, 21):
        with pytest.raises(BoardSpecError, match="not a standard position"):
            make_board(STANDARD, setup.spec, number)


def test_board_show_writes_standard_position_5(cli, tmp_path: Path) -> None:
    shown = cli(
        "board", "show", "--preset", "benchmark", "--board-type", "standard",
        "--board-number", "5", "--format", "board",
    )  # fmt: skip
    assert shown.code == 0, shown.err
    positions = read_boards((TESTS / "data" / "standard-20.txt").read_text(encoding="utf-8"))
    assert read_boards(shown.out)[0] == positions[4]


# -- golden boards of the programs' deals --------------------------------------------

GOLDEN = [
    (generator, spec, number)
    for generator, specs in (
        (SWELLFOOP, [(6, 5, 3), (6, 5, 4), (15, 10, 3)]),
        (TATHAM_RANDOM, [(5, 5, 3), (20, 15, 4)]),
    )
    for spec in specs
    for number in (0, 1, 12345)
]


def golden_path(name: str, spec: tuple[int, int, int], number: int) -> Path:
    width, height, colours = spec
    return TESTS / "golden" / "program_deals" / f"{name}-{width}x{height}x{colours}-{number}.txt"


@pytest.mark.parametrize(
    ("generator", "spec", "number"),
    GOLDEN,
    ids=[f"{g.name}-{s[0]}x{s[1]}x{s[2]}-{n}" for g, s, n in GOLDEN],
)
def test_a_program_s_deal_gives_one_board_for_one_number_forever(
    generator: Any, spec: tuple[int, int, int], number: int
) -> None:
    """As tests/unit/builtins/test_generators_golden.py pins the built-in deals: a
    change here changes every saved game of these presets; bump the version."""
    board = make_board(generator, BoardSpec(*spec), number).board
    assert write_board(board) == golden_path(generator.name, spec, number).read_text()


if __name__ == "__main__":  # regenerate, only for an intended change (a new version)
    for generator, spec, number in GOLDEN:
        made = make_board(generator, BoardSpec(*spec), number).board
        golden_path(generator.name, spec, number).write_text(write_board(made))
