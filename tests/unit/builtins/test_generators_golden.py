"""Golden boards: a generator, a spec and a board number give one board, forever.

``tests/golden/boards/<generator>-<width>x<height>x<colours>-<number>.txt`` holds the
board (``write_board`` text) for every case in ``CASES``. A change to these boards
changes every saved game and published board number: bump the generator's version
instead. Only when the change is intended (a new generator version, new cases),
regenerate the files with::

    PYTHONPATH=tests .venv/bin/python tests/unit/builtins/test_generators_golden.py

which does, for every case::

    board = make_board(GENERATORS[name], BoardSpec(w, h, c), number).board
    (GOLDEN_DIR / f"{name}-{w}x{h}x{c}-{number}.txt").write_text(write_board(board))

The boards are also rebuilt here from the documented algorithm alone (SHA-256 seed,
SplitMix64, rejection sampling, column-major fill, redraw from the same stream)
with the independent reference in tests/strategies.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from locations import TESTS
from samegame.builtins.generators import EACH_COLOUR_TWICE, RANDOM, RANDOM_WITH_MOVE
from samegame.core.numbering import MAX_BOARD_NUMBER, BoardSpecError, make_board
from samegame.core.textboard import read_board, write_board
from samegame.plugin.contributions import BoardGenerator, BoardSpec
from strategies import ReferenceSplitMix64, naive, naive_groups, reference_seed, to_board

GOLDEN_DIR = TESTS / "golden" / "boards"
GENERATORS: dict[str, BoardGenerator] = {
    g.name: g for g in (RANDOM, RANDOM_WITH_MOVE, EACH_COLOUR_TWICE)
}
SPECS = {
    "random": [(15, 15, 5), (6, 8, 3), (4, 3, 2), (1, 1, 1)],
    "random-with-move": [(15, 15, 5), (6, 8, 3), (2, 2, 4)],
    "each-colour-twice": [(15, 15, 5), (6, 8, 3), (4, 4, 6)],
}
NUMBERS = [0, 1, 12345, MAX_BOARD_NUMBER]
CASES = [
    (name, spec, number) for name, specs in SPECS.items() for spec in specs for number in NUMBERS
]


def golden_path(name: str, spec: tuple[int, int, int], number: int) -> Path:
    width, height, colours = spec
    return GOLDEN_DIR / f"{name}-{width}x{height}x{colours}-{number}.txt"


def reference_board(name: str, spec: tuple[int, int, int], number: int) -> object:
    """The board built from the documented algorithm only, as a naive board."""
    width, height, colours = spec
    rng = ReferenceSplitMix64(reference_seed(name, 1, width, height, colours, number))
    while True:
        cells = [rng.below(colours) for _ in range(width * height)]
        columns = [cells[c * height : (c + 1) * height] for c in range(width)]
        nb = naive(width, height, columns)
        if name == "random":
            return nb
        if name == "random-with-move" and naive_groups(nb, 2):
            return nb
        if name == "each-colour-twice" and all(cells.count(k) >= 2 for k in range(colours)):
            return nb


def test_generator_versions() -> None:
    # the golden files belong to these versions; a new version needs new files
    assert {name: g.version for name, g in GENERATORS.items()} == dict.fromkeys(GENERATORS, 1)


def test_every_golden_file_is_a_case() -> None:
    expected = {golden_path(*case).name for case in CASES}
    assert {p.name for p in GOLDEN_DIR.glob("*.txt")} == expected


@pytest.mark.parametrize(
    ("name", "spec", "number"), CASES, ids=[golden_path(*c).stem for c in CASES]
)
def test_golden_board(name: str, spec: tuple[int, int, int], number: int) -> None:
    width, height, colours = spec
    text = golden_path(name, spec, number).read_text(encoding="utf-8")
    made = make_board(GENERATORS[name], BoardSpec(width, height, colours), number)
    board = made.board
    assert made.certificate is None
    assert write_board(board) == text
    assert read_board(text) == board
    assert (board.width, board.height, board.tile_count()) == (width, height, width * height)
    assert set(board.colour_counts()) <= set(range(colours))
    assert GENERATORS[name].generate(BoardSpec(width, height, colours), number).board == board
    assert board == to_board(reference_board(name, spec, number))  # type: ignore[arg-type]
    if name == "random-with-move":
        assert board.has_move(2)
    if name == "each-colour-twice":
        assert all(board.colour_counts().get(k, 0) >= 2 for k in range(colours))


def test_first_golden_board_pinned_inline() -> None:
    # one board written out here too, so a bulk regeneration cannot hide a change
    board = make_board(RANDOM, BoardSpec(4, 3, 2), 0).board
    assert write_board(board) == golden_path("random", (4, 3, 2), 0).read_text(encoding="utf-8")
    assert write_board(board) == "RRRR\nBBRR\nBRBR\n"


specs = st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 4))


@settings(max_examples=60)
@given(specs, st.integers(0, MAX_BOARD_NUMBER))
def test_random_with_move_always_has_a_move(spec: tuple[int, int, int], number: int) -> None:
    width, height, _colours = spec
    try:
        board = make_board(RANDOM_WITH_MOVE, BoardSpec(*spec), number).board
    except BoardSpecError:
        # only when no full board of this size can have a group of two
        assert width * height == 1
        return
    assert board.has_move(2)
    assert board.tile_count() == width * height
    assert board == to_board(reference_board("random-with-move", spec, number))  # type: ignore[arg-type]


@settings(max_examples=60)
@given(specs.filter(lambda s: s[0] * s[1] >= 2 * s[2]), st.integers(0, MAX_BOARD_NUMBER))
def test_each_colour_twice_has_every_colour_twice(spec: tuple[int, int, int], number: int) -> None:
    _width, _height, colours = spec
    board = make_board(EACH_COLOUR_TWICE, BoardSpec(*spec), number).board
    counts = board.colour_counts()
    assert sorted(counts) == list(range(colours))
    assert all(count >= 2 for count in counts.values())
    assert board == to_board(reference_board("each-colour-twice", spec, number))  # type: ignore[arg-type]


@settings(max_examples=60)
@given(specs, st.integers(0, MAX_BOARD_NUMBER))
def test_random_matches_the_reference(spec: tuple[int, int, int], number: int) -> None:
    board = make_board(RANDOM, BoardSpec(*spec), number).board
    assert board == to_board(reference_board("random", spec, number))  # type: ignore[arg-type]
    assert make_board(RANDOM, BoardSpec(*spec), number).board == board


def test_board_numbers_differ() -> None:
    boards = {make_board(RANDOM, BoardSpec(15, 15, 5), n).board for n in range(20)}
    assert len(boards) == 20
    # the generator name is part of the seed: a different type gives another board
    assert (
        make_board(RANDOM, BoardSpec(15, 15, 5), 3).board
        != make_board(EACH_COLOUR_TWICE, BoardSpec(15, 15, 5), 3).board
    )


@pytest.mark.parametrize(
    ("generator", "spec", "number", "match"),
    [
        (EACH_COLOUR_TWICE, BoardSpec(1, 1, 3), 0, "every colour twice"),
        (EACH_COLOUR_TWICE, BoardSpec(2, 2, 3), 5, "every colour twice"),
        (RANDOM_WITH_MOVE, BoardSpec(1, 1, 1), 0, "legal move"),
        (RANDOM_WITH_MOVE, BoardSpec(1, 1, 4), 0, "legal move"),
        (RANDOM, BoardSpec(27, 5, 3), 0, "width 27"),
        (RANDOM, BoardSpec(0, 5, 3), 0, "width 0"),
        (RANDOM, BoardSpec(5, 51, 3), 0, "height 51"),
        (RANDOM, BoardSpec(5, 0, 3), 0, "height 0"),
        (RANDOM, BoardSpec(5, 5, 0), 0, "0 colours"),
        (RANDOM, BoardSpec(5, 5, 10), 0, "10 colours"),
        (RANDOM_WITH_MOVE, BoardSpec(27, 15, 5), 0, "width 27"),
        (EACH_COLOUR_TWICE, BoardSpec(15, 15, 10), 0, "10 colours"),
        (RANDOM, BoardSpec(5, 5, 3), -1, "board number -1"),
        (RANDOM, BoardSpec(5, 5, 3), MAX_BOARD_NUMBER + 1, "out of range"),
    ],
)
def test_impossible_requests(
    generator: BoardGenerator, spec: BoardSpec, number: int, match: str
) -> None:
    with pytest.raises(BoardSpecError, match=match):
        make_board(generator, spec, number)


def test_board_spec_error_is_a_value_error() -> None:
    assert issubclass(BoardSpecError, ValueError)
    with pytest.raises(BoardSpecError):
        EACH_COLOUR_TWICE.generate(BoardSpec(1, 1, 3), 0)


def regenerate() -> None:
    """Rewrite every golden file from the current generators (see the docstring)."""
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for old in GOLDEN_DIR.glob("*.txt"):
        old.unlink()
    for name, (width, height, colours), number in CASES:
        board = make_board(GENERATORS[name], BoardSpec(width, height, colours), number).board
        path = golden_path(name, (width, height, colours), number)
        path.write_text(write_board(board), encoding="utf-8")
        print(path.relative_to(GOLDEN_DIR.parents[2]))


if __name__ == "__main__":
    regenerate()
