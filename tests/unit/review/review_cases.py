"""Shared cases of the review tests: rule sets, small boards, random legal lines
and a brute-force enumeration of every line of a board.

The enumeration plays on the naive reference of ``strategies`` (plain columns,
a BFS flood fill), which shares no code with ``samegame.core.board``, and settles
each line with ``Rules.settle``: the exact solver is compared with it, never with
itself.
"""

from __future__ import annotations

from hypothesis import strategies as st

from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.formulas import BASIC, LEFTOVER_FORMULA, LEFTOVER_SQUARED, PAIRS, SUM
from samegame.core.rules import Rules
from strategies import NaiveBoard, anchor_of, naive_boards, naive_groups, naive_remove, to_board

RULE_SETS = {
    "basic": Rules(BASIC, clear_bonus=1000),
    "relaxed": Rules(BASIC, clear_bonus=1000, penalty=LEFTOVER_SQUARED),
    "jsgames": Rules(BASIC, clear_bonus=1000, penalty=LEFTOVER_FORMULA),
    "no-bonus": Rules(BASIC),
    "pairs-floor": Rules(PAIRS, clear_bonus=20, penalty=LEFTOVER_SQUARED),
    "sum-threes": Rules(SUM, clear_bonus=50, penalty=LEFTOVER_FORMULA, min_group=3),
    "singles": Rules(BASIC, clear_bonus=5, min_group=1),
}
"""Rule sets that settle differently: a bonus or none, no penalty, a penalty with
a floor, one without, other formulas and smallest groups."""

rule_names = st.sampled_from(sorted(RULE_SETS))


def tiny_boards(
    max_width: int = 4, max_height: int = 3, max_colours: int = 3
) -> st.SearchStrategy[NaiveBoard]:
    return naive_boards(max_width=max_width, max_height=max_height, max_colours=max_colours)


def all_endings(nb: NaiveBoard, rules: Rules) -> list[tuple[int, int]]:
    """(points, tiles left) of every complete line from ``nb``."""
    groups = naive_groups(nb, rules.min_group)
    if not groups:
        return [(0, nb.tile_count())]
    endings = []
    for group in groups:
        points = rules.points(len(group))
        endings += [(points + p, left) for p, left in all_endings(naive_remove(nb, group), rules)]
    return endings


def brute_best(nb: NaiveBoard, rules: Rules, base: int) -> int:
    """The best final score over every line, with ``base`` points before."""
    return max(rules.settle(base + points, left).final for points, left in all_endings(nb, rules))


@st.composite
def played_games(
    draw: st.DrawFn, max_width: int = 4, max_height: int = 3, max_colours: int = 3
) -> tuple[Board, str, list[Cell]]:
    """A small board, the name of a rule set, and a random legal line on it (to
    the end of the game, or stopped early), each move named by a random cell of
    its group."""
    name = draw(rule_names)
    rules = RULE_SETS[name]
    start = draw(tiny_boards(max_width, max_height, max_colours))
    nb = start
    moves: list[Cell] = []
    finish = draw(st.booleans())
    while groups := sorted(naive_groups(nb, rules.min_group), key=anchor_of):
        if not finish and draw(st.integers(0, 3)) == 0:
            break
        group = draw(st.sampled_from(groups))
        moves.append(Cell(*draw(st.sampled_from(sorted(group)))))
        nb = naive_remove(nb, group)
    return to_board(start), name, moves
