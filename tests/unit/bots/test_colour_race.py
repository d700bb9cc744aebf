"""The tabu colours of a worker's searches and NRPA's colour race.

Under a time budget NMCS and NRPA run complete searches one after another. NMCS
keeps to the colour with the most tiles. NRPA races the colours with at most
three tiles fewer than the most (five at most), each entered ``starts`` times, by
successive halving in slices of the budget: a search that its slice stopped goes
on where it stopped when its entry runs again, and after the race every search
keeps to the best entry's colour and filter, beginning from the best game when
the search before it ended by itself. Checked here through a spy on the one call
that runs a search (``one_search.run_one``): the colours' order, the colour and
filter each search uses, the slices, that an interrupt stops a race, that the
best game of all is kept and that a fixed budget uses the first colour only; and
on the race driven by hand, which entries each round keeps.
"""

from __future__ import annotations

import functools
import math
import time
from typing import Any

import numpy as np
import pytest

import search_boards
from samegame.bots.search import engine, one_search, race
from samegame.bots.search.bot import nmcs_spec, nrpa_spec
from samegame.bots.search.job import prepare
from samegame.bots.search.race import ColourRace, colours_by_tiles, tabu_colour, tabu_order
from samegame.bots.search.spec import Algorithm, NmcsSpec, NrpaSpec, PlayoutPolicy
from samegame.core.board import Board
from samegame.core.formulas import BASIC
from samegame.core.rules import Rules
from samegame.kernel.state import to_kernel

STANDARD = Rules(BASIC, clear_bonus=1000)

random_board = functools.partial(search_boards.random_board, "test-colour-race")


def racing_board(racing: int, width: int = 10, height: int = 10, colours: int = 4) -> Board:
    """The first random board (by seed) on which ``racing`` colours race."""
    for seed in range(1000):
        board = random_board(seed, width, height, colours)
        if len(tabu_order(to_kernel(board), NrpaSpec())) == racing:
            return board
    raise AssertionError(f"no board with {racing} racing colours")


def race_searches(entries: int) -> int:
    """The searches of a halving race of ``entries``: every round's entries."""
    total = 0
    while entries > 1:
        total += entries
        entries = (entries + 1) // 2
    return total


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    engine.prepare(Algorithm.NRPA)
    engine.prepare(Algorithm.NMCS)


def test_colours_are_ordered_by_tiles_then_colour() -> None:
    # Columns bottom up; a board's colours 0-3 are stored in the state as 1-4:
    # stored 3 and 4 have three tiles each, stored 1 two, stored 2 one.
    state = to_kernel(Board.from_columns([[2, 2, 2], [0, 0, 3], [3, 3, 1]], 3, 3))
    assert colours_by_tiles(state) == [3, 4, 1, 2]
    assert tabu_colour(state) == 3
    assert tabu_order(state, NrpaSpec()) == [3, 4, 1, 2]
    assert tabu_order(state, NmcsSpec()) == [3]
    assert tabu_order(state, NrpaSpec(policy=PlayoutPolicy.RANDOM)) == [0]
    empty = to_kernel(Board.from_columns([], 2, 2))
    assert colours_by_tiles(empty) == []
    assert tabu_colour(empty) == 0
    assert tabu_order(empty, NrpaSpec()) == [0]


def test_the_race_keeps_the_colours_near_the_most_and_five_at_most() -> None:
    # Stored colours 1-4 have 8, 6, 5 and 4 tiles: 4 is more than three short.
    board = Board.from_columns(
        [[0, 0, 0, 0], [0, 0, 0, 0], [1, 1, 1, 1], [1, 1, 2, 2], [2, 2, 2, 3], [3, 3, 3]], 6, 4
    )
    assert race.tiles_per_colour(to_kernel(board)) == {1: 8, 2: 6, 3: 5, 4: 4}
    assert tabu_order(to_kernel(board), NrpaSpec()) == [1, 2, 3]
    # Six colours of two tiles each: the first five race.
    six = Board.from_columns([[c, c] for c in range(6)], 6, 2)
    assert tabu_order(to_kernel(six), NrpaSpec()) == [1, 2, 3, 4, 5]


class _Spy:
    """Wraps the one call that runs a search, noting each call's tabu colour,
    filter and score; after ``limit`` calls it interrupts the search (a stand-in
    for a time budget that is spent then)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
        self.calls: list[tuple[int, int]] = []
        self.kinds: list[int] = []
        self.warm: list[list[int] | None] = []
        # Whether each call went on with a search stopped before.
        self.resumed: list[bool] = []
        # Each call's (CPU, wall) seconds.
        self.seconds: list[tuple[float, float]] = []
        original = one_search.run_one

        def spy(
            job: Any,
            rngs: Any,
            controls: Any,
            width: int,
            tabu: int,
            kind: int,
            warm: Any = None,
            tree: Any = None,
        ) -> Any:
            cpu, wall = time.process_time(), time.time()
            score, moves, stopped = original(job, rngs, controls, width, tabu, kind, warm, tree)
            self.kinds.append(kind)
            self.seconds.append((time.process_time() - cpu, time.time() - wall))
            self.calls.append((tabu, score))
            self.warm.append(None if warm is None else list(warm))
            self.resumed.append(tree is not None)
            if len(self.calls) >= limit:
                engine.interrupt()
            return score, moves, stopped

        monkeypatch.setattr(one_search, "run_one", spy)

    def top(self, calls: int) -> int:
        """The call with the best score of the first ``calls`` (the first on a tie)."""
        return max(range(calls), key=lambda i: (self.calls[i][1], -i))


@pytest.fixture
def resumed() -> Any:
    yield
    engine.resume()


@pytest.mark.parametrize("racing", [1, 2, 3, 4])
def test_nrpa_races_the_colours_then_keeps_to_the_best_entry(
    monkeypatch: pytest.MonkeyPatch, resumed: Any, racing: int
) -> None:
    # Searches short enough to end by themselves within their slices: the race's
    # entries in order, colour by colour (selective, then soft), the halving
    # rounds, then the best entry's colour and filter, each search begun from the
    # best game, which it never ends below.
    board = racing_board(racing, 8, 8, 4)
    order = tabu_order(to_kernel(board), NrpaSpec())
    searches = race_searches(2 * racing)
    spy = _Spy(monkeypatch, limit=searches + 3)
    options = {"time": "600", "level": "2", "iterations": "3"}
    result = engine.search(nrpa_spec(options), board, STANDARD, 0, racing)
    assert [tabu for tabu, _ in spy.calls[: 2 * racing]] == [c for c in order for _ in "ab"]
    assert spy.kinds[: 2 * racing] == [2, 3] * racing
    assert spy.warm[:searches] == [None] * searches
    best = spy.top(searches)
    for k in range(searches, searches + 3):
        assert (spy.calls[k][0], spy.kinds[k]) == (spy.calls[best][0], spy.kinds[best])
        assert spy.warm[k] is not None
        assert spy.calls[k][1] >= spy.calls[best][1]
        best = spy.top(k + 1)
    assert spy.resumed == [False] * (searches + 3)
    assert result.score == max(score for _, score in spy.calls)
    assert result.runs == searches + 3


def test_nmcs_keeps_to_the_colour_with_the_most_tiles(
    monkeypatch: pytest.MonkeyPatch, resumed: Any
) -> None:
    board = racing_board(3, 8, 8, 4)
    spy = _Spy(monkeypatch, limit=4)
    engine.search(nmcs_spec({"time": "600", "level": "1"}), board, STANDARD, 0, 4)
    assert [tabu for tabu, _ in spy.calls] == [tabu_colour(to_kernel(board))] * 4
    assert spy.kinds == [1] * 4
    assert spy.warm == [None] * 4


def test_a_cap_on_nmcs_searches_ends_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    spy = _Spy(monkeypatch, limit=100)
    spec = nmcs_spec({"time": "600", "level": "1", "iterations": "3"})
    result = engine.search(spec, racing_board(2, 8, 8, 4), STANDARD, 0, 5)
    assert len(spy.calls) == result.runs == 3


def test_a_fixed_budget_is_one_search_with_the_first_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The race's first entry: the colour with the most tiles, selective playouts.
    board = racing_board(4, 8, 8, 4)
    spy = _Spy(monkeypatch, limit=100)
    mixed = engine.search(nrpa_spec({"level": "2", "iterations": "5"}), board, STANDARD, 0, 5)
    options = {"level": "2", "iterations": "5", "policy": "selective"}
    selective = engine.search(nrpa_spec(options), board, STANDARD, 0, 5)
    assert [tabu for tabu, _ in spy.calls] == [tabu_colour(to_kernel(board))] * 2
    assert spy.kinds == [2, 2]
    assert (mixed.score, mixed.moves, mixed.playouts) == (
        selective.score,
        selective.moves,
        selective.playouts,
    )


@pytest.mark.slow
@pytest.mark.parametrize(("clock", "workers"), [("cpu", "1"), ("wall", "1"), ("wall", "2")])
def test_the_winning_entry_goes_on_where_its_slice_stopped_it(
    monkeypatch: pytest.MonkeyPatch, clock: str, workers: str
) -> None:
    # Level-5 searches never end by themselves in a second: each colour's search
    # is stopped at the end of its slice (a quarter of the budget), and the
    # winner's goes on for the rest (with two workers, a search on two threads
    # sharing its policy).
    board = racing_board(2)
    order = tabu_order(to_kernel(board), NrpaSpec())
    prepare(Algorithm.NRPA, int(workers))  # its tiny searches are not the race's
    spy = _Spy(monkeypatch, limit=100)
    options = {"time": "0.9", "starts": "1", "workers": workers, "clock": clock, "level": "5"}
    result = engine.search(nrpa_spec(options), board, STANDARD, 0, 8)
    assert [tabu for tabu, _ in spy.calls[:2]] == order
    assert spy.resumed == [False, False, True]
    best = spy.top(2)
    assert spy.calls[2][0] == spy.calls[best][0]
    assert spy.calls[2][1] >= spy.calls[best][1]
    assert result.score == max(score for _, score in spy.calls)
    assert result.runs == 3
    # Each search had its slice (0.225 s) and the last the rest (0.45 s): a slice
    # left behind by the race would stop it at once.
    used = [cpu if clock == "cpu" else wall for cpu, wall in spy.seconds]
    assert min(used) > 0.1
    assert used[2] > 0.3


@pytest.mark.slow
def test_a_halving_race_keeps_the_better_half_each_round(monkeypatch: pytest.MonkeyPatch) -> None:
    # Four colours of level-5 searches, which never end by themselves here:
    # a round of four, a round of the better two, then the best one for the rest.
    board = racing_board(4)
    order = tabu_order(to_kernel(board), NrpaSpec())
    spy = _Spy(monkeypatch, limit=100)
    options = {"time": "1.2", "starts": "1", "clock": "cpu", "level": "5"}
    result = engine.search(nrpa_spec(options), board, STANDARD, 0, 11)
    tabus = [tabu for tabu, _ in spy.calls]
    assert len(tabus) == 7
    assert tabus[:4] == order
    first = dict(spy.calls[:4])
    better = sorted(order, key=lambda c: (-first[c], order.index(c)))[:2]
    assert tabus[4:6] == better
    # Then the colour of the best game so far (the first found on a tie).
    assert tabus[6] == spy.calls[spy.top(6)][0]
    assert spy.resumed == [False] * 4 + [True] * 3
    assert result.score == max(score for _, score in spy.calls)
    # Round shares: 1.2 / (2 rounds + the rest) / 4 colours = 0.1 s each, then
    # about 0.8 / 2 / 2 = 0.2 s each, then the rest (about 0.4 s).
    used = [cpu for cpu, _ in spy.seconds]
    assert max(used[:4]) < 0.16
    assert min(used[4:6]) > 0.14
    assert used[6] > 0.3


@pytest.mark.slow
def test_starts_race_several_searches_of_one_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    # One colour in the race, three searches of it: a round of three, a round of
    # the better two, then the best one, each going on where its slice stopped it.
    board = racing_board(1)
    state = to_kernel(board)
    spy = _Spy(monkeypatch, limit=100)
    options = {"time": "0.9", "clock": "cpu", "level": "5", "starts": "3"}
    result = engine.search(nrpa_spec(options), board, STANDARD, 0, 12)
    assert [tabu for tabu, _ in spy.calls] == [tabu_colour(state)] * 6
    assert spy.resumed == [False] * 3 + [True] * 3
    assert result.score == max(score for _, score in spy.calls)


@pytest.mark.slow
def test_every_search_of_the_race_begins_from_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # One colour, two entries of level-5 searches (which never end here): the
    # second entry is a search of its own, not one begun from the first's best
    # game, though that game is of its colour; after the race the winner's
    # search goes on where it stopped.
    spy = _Spy(monkeypatch, limit=100)
    options = {"time": "0.6", "clock": "cpu", "level": "5"}
    result = engine.search(nrpa_spec(options), racing_board(1), STANDARD, 0, 12)
    assert len(spy.calls) == 3
    assert spy.warm[:2] == [None, None]
    assert spy.resumed == [False, False, True]
    assert result.score == max(score for _, score in spy.calls)


def test_an_interrupt_during_a_race_stops_every_search(
    monkeypatch: pytest.MonkeyPatch, resumed: Any
) -> None:
    # Without the interrupt, several rounds of three colours' entries.
    spy = _Spy(monkeypatch, limit=1)
    options = {"time": "2", "clock": "cpu", "level": "5"}
    result = engine.search(nrpa_spec(options), racing_board(3), STANDARD, 0, 9)
    assert len(spy.calls) == 1
    assert result.runs == 1


class _Budget:
    """A budget that always has a minute left, for driving a race by hand."""

    unlimited = False

    def left(self) -> float:
        return 60.0


def _play_round(colour_race: ColourRace, scores: dict[int, int]) -> list[int]:
    """Run one round of the race: each entry it gives reports its score."""
    entries = []
    for _ in range(len(colour_race.racing)):
        entry, _, share = colour_race.next()
        assert share is not None
        entries.append(entry)
        colour_race.report(entry, scores[entry])
    return entries


def test_halving_keeps_each_colours_best_entry_before_any_second() -> None:
    # Three colours, two entries each (0-1 colour 3, 2-3 colour 1, 4-5 colour 2).
    # Colour 3 leads the first round with both entries; the round keeps three,
    # one of each colour, the best entry of each.
    colour_race = ColourRace([3, 1, 2], 2, _Budget())
    # Three rounds to go (6, 3, 2 entries) and the rest: 60 / 4 / 6 each.
    assert math.isclose(colour_race.share, 2.5)
    scores = {0: 2300, 1: 2310, 2: 2000, 3: 2100, 4: 1900, 5: 1950}
    assert _play_round(colour_race, scores) == [0, 1, 2, 3, 4, 5]
    assert colour_race.racing == [1, 3, 5]
    scores |= {1: 2320, 3: 2900, 5: 2000}
    assert _play_round(colour_race, scores) == [1, 3, 5]
    assert colour_race.racing == [3, 1]
    assert _play_round(colour_race, scores) == [3, 1]
    assert colour_race.racing == [3]
    assert colour_race.next() == (3, 1, None)


def test_halving_fills_a_round_with_second_entries_after_every_colour() -> None:
    # Two colours, three entries each: the three kept are both colours' best
    # entries and then the best second entry, whatever its colour.
    colour_race = ColourRace([4, 2], 3, _Budget())
    _play_round(colour_race, {0: 2500, 1: 2400, 2: 2450, 3: 1000, 4: 1100, 5: 1050})
    assert colour_race.racing == [0, 2, 4]
    # One colour, two entries: the better one stays (nothing to keep apart).
    colour_race = ColourRace([4], 2, _Budget())
    _play_round(colour_race, {0: 10, 1: 20})
    assert colour_race.racing == [1]


def test_a_single_entry_or_a_fixed_budget_has_no_slices() -> None:
    one = ColourRace([4], 1, _Budget())
    assert one.next() == (0, 4, None)
    fixed = _Budget()
    fixed.unlimited = True
    two = ColourRace([4, 2], 2, fixed)
    assert [two.next()[2] for _ in range(4)] == [None] * 4


def test_the_starts_option() -> None:
    # nrpa races two searches of each colour by default.
    assert nrpa_spec({}).starts == 2
    assert nrpa_spec({"starts": "8"}).starts == 8


def test_soft_playouts_with_the_largest_bias_are_selective_ones() -> None:
    """A factor of exp(-30) (10^-13) draws a tabu group that is not the whole
    colour practically never: level-1 NRPA makes the game of selective playouts."""
    from samegame.kernel.kernel_rules import KernelRules
    from samegame.kernel.policy import SELECTIVE, SOFT
    from samegame.kernel.search.nrpa import nrpa
    from samegame.kernel.splitmix import seed_state

    for seed in range(3):
        board = random_board(seed, 8, 8, 4)
        state = to_kernel(board)
        rules = KernelRules.from_rules(STANDARD, board.width, board.height)
        keys = one_search.cell_keys(state.shape[0])
        mask = np.uint64((1 << one_search.TABLE_BITS) - 1)
        games = []
        for kind, soft in ((SELECTIVE, 1.0), (SOFT, float(np.exp(-30.0)))):
            out = np.empty(state.shape[0], dtype=np.int32)
            control = np.zeros(2, dtype=np.int64)
            ids = np.empty(state.shape[0], dtype=np.uint16)
            tabu = tabu_colour(state)
            args = (keys, mask, kind, tabu, 1, 40, 1.0, control, out)
            none = np.empty(0, dtype=np.int32)
            score, made = nrpa(state, rules, 0, seed_state(seed), *args, none, ids, soft)
            games.append((score, list(out[:made])))
        assert games[0] == games[1]


def test_soft_playouts_play_the_tabu_colour_early_with_a_small_bias() -> None:
    """With a bias of 0 the tabu colour is no longer kept back: over a few
    games some group of it comes off while other tiles of it are left."""
    from samegame.kernel.groups import count_colours
    from samegame.kernel.kernel_rules import KernelRules
    from samegame.kernel.playout import moves_record, playout
    from samegame.kernel.policy import SOFT, PolicyTables
    from samegame.kernel.scratch import new_scratch
    from samegame.kernel.splitmix import seed_state
    from samegame.kernel.state import index_cell

    early = {0.0: 0, 30.0: 0}
    for bias in early:
        for seed in range(10):
            board = random_board(seed, 8, 8, 4)
            state = to_kernel(board)
            tabu = tabu_colour(state)
            rules = KernelRules.from_rules(STANDARD, board.width, board.height)
            policy = PolicyTables(
                SOFT, tabu, None, np.uint64(0), np.empty(0), None, float(np.exp(-bias))
            )
            grid, counts = state.copy(), count_colours(state)
            record = moves_record(np.empty(state.shape[0], dtype=np.int32))
            made = playout(
                grid, rules, seed_state(seed), policy, counts, new_scratch(state.shape[0]), record
            )[1]
            # Replay the moves: did a group of the tabu colour (stored as colour
            # + 1) come off while more of its tiles were left and another
            # colour had a group (so it was not the only kind of move left)?
            left = board
            for anchor in record.moves[:made]:
                group = left.group_at(index_cell(board.height, int(anchor)))
                assert group is not None
                colour = group.colour
                split = colour == tabu - 1 and group.size < left.colour_counts()[colour]
                if split and any(other.colour != colour for other in left.groups()):
                    early[bias] += 1
                    break
                left = left.remove(group)
    assert early[30.0] == 0
    assert early[0.0] >= 5


def test_the_races_policy_kinds_are_the_kernels_filter_kinds() -> None:
    """The race writes the kernel's filter kinds out (making a bot loads no
    numba); they must stay the kernel's own numbers."""
    from samegame.kernel import policy as kernel_policy

    assert race.POLICY_KIND == {
        PlayoutPolicy.RANDOM: kernel_policy.ALL,
        PlayoutPolicy.TABU: kernel_policy.TABU,
        PlayoutPolicy.SELECTIVE: kernel_policy.SELECTIVE,
        PlayoutPolicy.SOFT: kernel_policy.SOFT,
    }
    assert race.SOFT_KIND == kernel_policy.SOFT
