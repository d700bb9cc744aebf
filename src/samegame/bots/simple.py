"""The simple bots: random, greedy, largest, tabu and lookahead.

- ``random``: a uniformly chosen legal group.
- ``greedy``: the most points now; ties broken by the bot's generator.
- ``largest``: the largest group; ties broken by the generator.
- ``tabu``: the colour-tabu heuristic of the research literature (Schadd et al.,
  2008): the colour with the most tiles at the start of the game is tabu; its groups
  are only removed when all its tiles form one group or nothing else is legal;
  otherwise a uniformly random other group.
- ``lookahead:depth=K``: the best total points over the next K moves (exhaustive
  search of K plies), ties broken by the generator; depth 1 is greedy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from samegame.core.board import Board, Group
from samegame.core.coords import Cell
from samegame.core.rng import StableRandom
from samegame.core.rules import Rules
from samegame.plugin.bot_api import Bot, GameView, check_options, int_option
from samegame.plugin.contributions import BotFactory


def _pick_best(groups: Sequence[Group], value: Callable[[Group], int], rng: StableRandom) -> Cell:
    """A uniformly chosen group among those of the highest value (each valued once)."""
    values = [value(g) for g in groups]
    best = max(values)
    return rng.choice([g for g, v in zip(groups, values, strict=True) if v == best]).anchor


class RandomBot:
    def choose(self, view: GameView, rng: StableRandom) -> Cell:
        return rng.choice(view.groups).anchor


class GreedyBot:
    def choose(self, view: GameView, rng: StableRandom) -> Cell:
        return _pick_best(view.groups, view.points, rng)


class LargestBot:
    def choose(self, view: GameView, rng: StableRandom) -> Cell:
        return _pick_best(view.groups, lambda g: g.size, rng)


class TabuBot:
    """Keeps the tabu colour chosen at its first move for the rest of the game."""

    def __init__(self) -> None:
        self.tabu: int | None = None

    def choose(self, view: GameView, rng: StableRandom) -> Cell:
        if self.tabu is None:
            counts = view.board.colour_counts()
            self.tabu = max(sorted(counts), key=lambda colour: counts[colour])
        groups = view.groups
        allowed = [g for g in groups if g.colour != self.tabu]
        tabu_groups = [g for g in groups if g.colour == self.tabu]
        whole = [g for g in tabu_groups if g.size == view.board.colour_counts().get(self.tabu, 0)]
        if whole:
            return whole[0].anchor
        return rng.choice(allowed or tabu_groups).anchor


def best_total(board: Board, rules: Rules, depth: int) -> int:
    """The most points that ``depth`` more moves can earn from ``board``."""
    if depth == 0:
        return 0
    best = 0
    if depth == 1:  # the last move: its points alone, no board after it to search
        for group in board.iter_groups(rules.min_group):
            best = max(best, rules.points(group.size))
        return best
    for group in board.iter_groups(rules.min_group):
        total = rules.points(group.size) + best_total(board.remove(group), rules, depth - 1)
        best = max(best, total)
    return best


class LookaheadBot:
    def __init__(self, depth: int) -> None:
        self.depth = depth

    def choose(self, view: GameView, rng: StableRandom) -> Cell:
        def value(group: Group) -> int:
            return view.points(group) + best_total(view.after(group), view.rules, self.depth - 1)

        return _pick_best(view.groups, value, rng)


def _simple(bot: Callable[[], Bot], name: str) -> Callable[[Mapping[str, str]], Bot]:
    def create(options: Mapping[str, str]) -> Bot:
        check_options(options, (), name)
        return bot()

    return create


def _lookahead(options: Mapping[str, str]) -> Bot:
    check_options(options, ("depth",), "lookahead")
    return LookaheadBot(int_option(options, "depth", 2, 1, 4))


RANDOM = BotFactory("random", _simple(RandomBot, "random"), "a uniformly random legal group")
GREEDY = BotFactory("greedy", _simple(GreedyBot, "greedy"), "the most points now")
LARGEST = BotFactory("largest", _simple(LargestBot, "largest"), "the largest group")
TABU = BotFactory(
    "tabu", _simple(TabuBot, "tabu"), "random, but saves the most common colour for one big group"
)
LOOKAHEAD = BotFactory(
    "lookahead", _lookahead, "the best total over the next moves", options=("depth",)
)

SIMPLE_BOTS = (RANDOM, GREEDY, LARGEST, TABU, LOOKAHEAD)
