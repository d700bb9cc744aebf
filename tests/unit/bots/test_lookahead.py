"""The lookahead bot against an exhaustive search of the naive reference
(``tests/strategies.py``), which shares no code with the core: the best total of the
next K moves, and the bot's move among exactly the groups that reach it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from samegame.bots.simple import LookaheadBot, best_total
from samegame.core.formulas import BASIC, SUM
from samegame.core.game import Game
from samegame.core.rng import StableRandom
from samegame.core.rules import Rules
from samegame.plugin.bot_api import GameView
from strategies import NaiveBoard, anchor_of, naive_boards, naive_groups, naive_remove, to_board

RULES = {"basic": Rules(BASIC), "sum, groups of 3": Rules(SUM, min_group=3)}


def naive_best(nb: NaiveBoard, rules: Rules, depth: int) -> int:
    """The most points of ``depth`` more moves, every line of play tried."""
    if depth == 0:
        return 0
    return max(
        (
            rules.points(len(group)) + naive_best(naive_remove(nb, group), rules, depth - 1)
            for group in naive_groups(nb, rules.min_group)
        ),
        default=0,
    )


@given(naive_boards(max_width=5, max_height=5, max_colours=3), st.sampled_from(sorted(RULES)))
def test_the_best_total_is_the_best_of_every_line_of_play(nb: NaiveBoard, name: str) -> None:
    rules = RULES[name]
    board = to_board(nb)
    for depth in range(4):
        assert best_total(board, rules, depth) == naive_best(nb, rules, depth)


@given(
    naive_boards(max_width=5, max_height=5, max_colours=3),
    st.integers(1, 3),
    st.integers(0, 2**32),
)
def test_the_lookahead_bot_moves_where_its_depth_scores_most(
    nb: NaiveBoard, depth: int, seed: int
) -> None:
    rules = RULES["basic"]
    groups = naive_groups(nb, rules.min_group)
    if not groups:
        return
    value = {
        anchor_of(group): rules.points(len(group))
        + naive_best(naive_remove(nb, group), rules, depth - 1)
        for group in groups
    }
    view = GameView(Game(to_board(nb), rules))
    chosen = LookaheadBot(depth).choose(view, StableRandom(seed))
    assert value[(chosen.col, chosen.row)] == max(value.values())
