"""The value of every position of a played line, and the loss of every move.

Definitions (docs/review.md). Position ``s_i`` is the board before move ``i``;
``g_i`` the points the player scored before it. The rules settle the whole
game's score at the end (clear bonus, penalty, and a penalty's floor, which
applies to the whole game's score), so values are computed on **totals**: ``T(s_i)``
is the best final score of the game found from ``s_i`` with ``g_i`` scored
before it, and the value of the position is ``V(s_i) = T(s_i) - g_i``, the best
future points, settlement included. The loss of move ``i`` (``p_i`` points) is

    loss_i = V(s_i) - (p_i + V(s_{i+1})) = T(s_i) - T(s_{i+1})

so the losses of a complete review add up to ``V(s_0)`` minus the final score.

Each position is valued on its own (``value_position``, a pure function of the
position, the points before it, the rules, the budget, a seed and the line the
search begins from, if any): exactly by ``ExactSolver`` when it is small enough,
else by one fixed-work search, whose best line is a bound from below (the review
then searches each position again from the best line known through it:
``samegame.review.review.recheck``). ``settle_line`` then combines them: a line found from
one position that reaches the board of a later one (by the played moves, or the
same moves in another order) is a line from that later position too, its rest
replayed from there (so the positions after it are worth at least as much), and,
from the end backwards, ``T(s_i) = max(found(s_i), T(s_{i+1}))`` (a line from a
later position, after the played moves, is a line from every earlier one), so
that no loss is ever negative and each loss is the smallest that every line found
allows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from samegame.bots.search.spec import MAX_WIDTH
from samegame.core.board import Board, Group
from samegame.core.coords import Cell, format_cell
from samegame.core.rules import Rules
from samegame.review.exact import (
    MAX_EXACT_POSITIONS,
    MAX_EXACT_TILES,
    TILE_LIMIT,
    ExactSolver,
)

DEFAULT_LEVEL = 2
DEFAULT_ITERATIONS = 30
"""The default first search of a position: one NRPA search of level 2 with 30
iterations a level (900 playouts): a first value of every position, each found
on its own (so on several workers at once); the work is in the search of each
position again from the best line known (``DEFAULT_WARM_LEVEL``)."""

DEFAULT_TABU_ABOVE = 175
"""Positions of more tiles are searched keeping a colour back for last (NRPA's
selective playouts), smaller ones with uniform random playouts. On positions of
bot games on standard boards, at the default search, selective playouts found
more on 24 of 25 positions of 201-225 tiles and 13 of 21 of 176-200, random ones
on 12 of 18 of 151-175 and on 30 of 36 of 121-150 (and every time it mattered
below 120); on 6x5 boards the tabu colour keeps the search from clearing
(benchmarks/results/review.md)."""


DEFAULT_WARM_LEVEL = 3
DEFAULT_WARM_ITERATIONS = 28
"""The search of each position again, last to first, begun from the best line
known through it (``samegame.review.review.recheck``): one NRPA search of level
3 with 28 iterations a level (21,952 playouts), so that a 60-move game on a
standard 15x15 board is reviewed within 60 seconds on one core
(benchmarks/results/review.md)."""

DEFAULT_RECHECK = 1
"""Searches more, each begun from the best line known through its position, of
the positions around a move whose label a few points would change."""

DEFAULT_RECHECK_POSITIONS = 8
"""The most positions of one review searched more (those that decide a label
first): at most ``DEFAULT_RECHECK * DEFAULT_RECHECK_POSITIONS`` searches more a
review (benchmarks/results/review.md)."""

DEFAULT_CLEAR_WIDTH = 4096
DEFAULT_CLEAR_ITERATIONS = 30
DEFAULT_CLEAR_POSITIONS = 10
"""The clearing pass (``samegame.review.clearing``): at most 10 positions a
review, around the costliest moves, searched for a line that clears by a beam of
4,096 and, when it finds none, NRPA of level 3 with 30 iterations a level
(under three seconds in all on a 15x15 position of 180 tiles;
benchmarks/results/review.md)."""


@dataclass(frozen=True)
class ReviewBudget:
    """The work spent on each position of a review, fixed (never a time), so a
    review depends on its seed alone: one NRPA search of ``level`` with
    ``iterations`` a level (keeping a colour back for last on positions of more
    than ``tabu_above`` tiles), and the exact solver on positions of at most
    ``exact_tiles`` tiles whose search holds at most ``exact_positions``
    positions (``exact_tiles=0``: the search alone). Once every position is
    valued, each one the exact solver did not settle is searched again, last to
    first, by a search of ``warm_level`` and ``warm_iterations`` begun from the
    best line known through it (``warm_iterations=0``: none); then the positions
    around the moves whose label a few points would change are searched
    ``recheck`` times more in the same way, for at most ``recheck_positions``
    positions a review (``samegame.review.review``). Under rules that give
    something for a clear, positions around the costliest moves whose best line
    known does not clear are searched for a line that clears
    (``samegame.review.clearing``: a beam of ``clear_width`` and NRPA of level 3
    with ``clear_iterations``, 0 for none), at most ``clear_positions`` a
    review."""

    level: int = DEFAULT_LEVEL
    iterations: int = DEFAULT_ITERATIONS
    exact_tiles: int = MAX_EXACT_TILES
    exact_positions: int = MAX_EXACT_POSITIONS
    tabu_above: int = DEFAULT_TABU_ABOVE
    warm_level: int = DEFAULT_WARM_LEVEL
    warm_iterations: int = DEFAULT_WARM_ITERATIONS
    recheck: int = DEFAULT_RECHECK
    recheck_positions: int = DEFAULT_RECHECK_POSITIONS
    clear_width: int = DEFAULT_CLEAR_WIDTH
    clear_iterations: int = DEFAULT_CLEAR_ITERATIONS
    clear_positions: int = DEFAULT_CLEAR_POSITIONS

    def __post_init__(self) -> None:
        if self.level < 1 or self.iterations < 1 or self.warm_level < 1:
            raise ValueError(f"a review's search needs a level and iterations of 1 or more: {self}")
        if self.recheck < 0 or self.recheck_positions < 0 or self.warm_iterations < 0:
            raise ValueError(f"a review's searches again are 0 or more: {self}")
        if min(self.clear_width, self.clear_iterations, self.clear_positions) < 0:
            raise ValueError(f"a review's searches for a clear are 0 or more: {self}")
        if self.clear_width > MAX_WIDTH:
            raise ValueError(f"a review's beam is at most {MAX_WIDTH} wide: {self}")
        if not 0 <= self.exact_tiles <= TILE_LIMIT or self.exact_positions < 1:
            raise ValueError(
                f"a review's exact bounds are 0 to {TILE_LIMIT} tiles and 1 or more "
                f"positions: {self}"
            )

    @property
    def warm(self) -> ReviewBudget:
        """This budget with the search of the positions searched again (begun
        from a known line) as its search."""
        return replace(self, level=self.warm_level, iterations=max(self.warm_iterations, 1))

    def solver(self, rules: Rules) -> ExactSolver | None:
        """An exact solver within this budget's bounds; None when it has none."""
        if self.exact_tiles == 0:
            return None
        return ExactSolver(rules, self.exact_tiles, self.exact_positions)


QUICK_BUDGET = ReviewBudget(
    level=1,
    iterations=30,
    warm_level=2,
    warm_iterations=45,
    recheck_positions=4,
    clear_width=512,
    clear_iterations=10,
    clear_positions=4,
)
"""The budget of ``samegame review --quick``: a first search of 30 playouts a
position, the search again from the best line known of level 2 with 45
iterations (2,025 playouts), 4 positions searched more, and 4 searched for a
clear by a beam of 512 and NRPA of level 3 with 10 iterations, so that a 60-move
game on a standard 15x15 board is reviewed within 5 seconds on one core; its
labels agree less across seeds than the default's (benchmarks/results/review.md)."""


@dataclass(frozen=True)
class PositionValue:
    """The best line found from a position: the game's final score it reaches
    (``total``, with the points before the position), its moves as group anchors
    to the end of the game, whether it clears the board, and whether it is exact
    (no line from the position reaches more). ``can_clear``: whether any line
    from the position clears the board, when known (exact, or a line found that
    clears), else None."""

    total: int
    line: tuple[Cell, ...]
    clears: bool
    exact: bool
    can_clear: bool | None


@dataclass(frozen=True)
class PlayedLine:
    """A played line: the positions (one more than the moves), the groups
    removed, their points and the points scored before each position, and
    whether the last position ends the game."""

    boards: tuple[Board, ...]
    groups: tuple[Group, ...]
    points: tuple[int, ...]
    bases: tuple[int, ...]
    finished: bool
    walks: dict[tuple[int, tuple[Cell, ...]], _Walk] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    """What ``settle_line`` found walking each line from a position (a saving of
    work: the same lines are walked each time values are combined)."""


@dataclass(frozen=True)
class _Walk:
    """A whole line walked from a position: the later positions of the line
    reviewed it passes (``(position, step, points scored by then)``), its
    points, the tiles it leaves and whether it clears; ``whole`` false when it
    stops before the end of the game."""

    passes: tuple[tuple[int, int, int], ...]
    points: int
    tiles: int
    clears: bool
    whole: bool


def played_line(board: Board, rules: Rules, moves: Sequence[Cell]) -> PlayedLine:
    """The positions of ``moves`` played from ``board`` (any cell of a group names
    it). ValueError naming the move (1-based) that cannot be played."""
    boards, groups, points, bases = [board], [], [], [0]
    for number, cell in enumerate(moves, 1):
        try:
            group = board.group_at(cell)
        except ValueError as error:
            raise ValueError(f"move {number} ({format_cell(cell)}): {error}") from None
        if group is None or group.size < rules.min_group:
            raise ValueError(
                f"move {number} ({format_cell(cell)}) is not a group of {rules.min_group} or more tiles"
            )
        board = board.remove(group)
        boards.append(board)
        groups.append(group)
        points.append(rules.points(group.size))
        bases.append(bases[-1] + points[-1])
    return PlayedLine(
        tuple(boards),
        tuple(groups),
        tuple(points),
        tuple(bases),
        not board.has_move(rules.min_group),
    )


def follow(board: Board, rules: Rules, base: int, line: Sequence[Cell]) -> tuple[int, bool]:
    """The settled final score of ``line`` played from ``board`` with ``base``
    points before, and whether it clears the board. ValueError when the line has
    an illegal move or stops before the end of the game."""
    score = base
    for cell in line:
        group = board.group_at(cell)
        if group is None or group.size < rules.min_group:
            raise ValueError(f"{format_cell(cell)} is not a move of this line's position")
        score += rules.points(group.size)
        board = board.remove(group)
    if board.has_move(rules.min_group):
        raise ValueError("the line stops before the end of the game")
    return rules.settle(score, board.tile_count()).final, board.is_empty()


def exact_value(
    board: Board,
    rules: Rules,
    base: int,
    budget: ReviewBudget,
    solver: ExactSolver | None = None,
) -> PositionValue | None:
    """The exact value of ``board`` with ``base`` points before it, when this
    budget finds one (the end of the game, or a position of at most
    ``budget.exact_tiles`` tiles that the exact solver solves within its bounds);
    else None, before any search. ``solver`` (``budget.solver(rules)``) only saves
    work."""
    if not board.has_move(rules.min_group):
        remaining = board.tile_count()
        final = rules.settle(base, remaining).final
        return PositionValue(final, (), remaining == 0, True, remaining == 0)
    solver = solver if solver is not None else budget.solver(rules)
    if solver is None or board.tile_count() > budget.exact_tiles:
        return None
    outcomes = solver.outcomes(board)
    solved = solver.best_line(board, base) if outcomes is not None else None
    if outcomes is None or solved is None:
        return None
    total, line = solved
    clears = follow(board, rules, base, line)[1]
    return PositionValue(total, line, clears, True, outcomes.cleared is not None)


def value_position(
    board: Board,
    rules: Rules,
    base: int,
    budget: ReviewBudget,
    seed: int,
    solver: ExactSolver | None = None,
    warm: Sequence[Cell] = (),
) -> PositionValue:
    """The best line found from ``board`` with ``base`` points scored before it:
    the end of the game settled, the exact solver's line when the position is in
    its bounds, else one fixed-work search's line. ``warm``, a whole line from
    ``board``, is where the search begins (``samegame.bots.search.engine.search``):
    the value is never below that line's total (when the search cannot begin from
    it, the better of the two lines is given). A pure function of its arguments;
    ``solver`` (``budget.solver(rules)``, kept between the positions of one
    line) only saves work."""
    exact = exact_value(board, rules, base, budget, solver)
    if exact is not None:
        return exact
    # Loaded with the first search: a review of small positions never needs numba.
    from samegame.bots.search.engine import search
    from samegame.bots.search.spec import NrpaSpec, PlayoutPolicy

    tabu = board.tile_count() > budget.tabu_above
    policy = PlayoutPolicy.SELECTIVE if tabu else PlayoutPolicy.RANDOM
    spec = NrpaSpec(level=budget.level, iterations=budget.iterations, policy=policy)
    found = search(spec, board, rules, base, seed, warm)
    total, clears = follow(board, rules, base, found.moves)
    if total != found.score:
        raise RuntimeError(f"the search's line scores {total}, not the {found.score} it reported")
    line = found.moves
    if warm:
        known, known_clears = follow(board, rules, base, warm)
        if known > total:
            total, line, clears = known, tuple(warm), known_clears
    return PositionValue(total, line, clears, False, True if clears else None)


@dataclass(frozen=True)
class SettledPosition:
    """A position of the line once every value is combined: ``total`` (``T``),
    ``value`` (``V = T - g``), the preferred line from it (whose first move is
    the played one when the played line is at least as good), whether that line
    clears, whether the value is exact, and whether any line from the position
    clears when known."""

    total: int
    value: int
    line: tuple[Cell, ...]
    clears: bool
    exact: bool
    can_clear: bool | None
    played_is_preferred: bool


def settle_line(
    played: PlayedLine,
    found: Sequence[PositionValue],
    rules: Rules,
    extra: Sequence[tuple[int, PositionValue]] = (),
) -> tuple[SettledPosition, ...]:
    """Combine the values ``found`` of the first ``len(found)`` positions of
    ``played`` (at least one), and the ``extra`` lines found from them
    (``(position, value)``, more searches of the same positions): every line is
    credited to each later position of the line reviewed that it passes (by the
    played moves or in another order: the same board), with its rest's total from
    there; then, from the last position valued backwards, each position is worth
    the best of its own lines and the played line. The last position valued ends
    the line reviewed. So a line found anywhere lifts every position it can reach
    and every earlier one, and each value is the total of a line replayed from
    its position."""
    best = _credited_lines(played, found, rules, extra)
    last = len(best) - 1
    end = best[last]
    after = SettledPosition(
        end.total,
        end.total - played.bases[last],
        end.line,
        end.clears,
        end.exact,
        end.can_clear,
        False,
    )
    settled = [after]
    for i in range(last - 1, -1, -1):
        own = best[i]
        if after.total >= own.total:
            line = (played.groups[i].anchor, *after.line)
            total, clears, played_is_preferred = after.total, after.clears, True
        else:
            line, total, clears, played_is_preferred = own.line, own.total, own.clears, False
        can_clear = True if after.can_clear else own.can_clear
        after = SettledPosition(
            total, total - played.bases[i], line, clears, own.exact, can_clear, played_is_preferred
        )
        settled.append(after)
    settled.reverse()
    return tuple(settled)


def _credited_lines(
    played: PlayedLine,
    found: Sequence[PositionValue],
    rules: Rules,
    extra: Sequence[tuple[int, PositionValue]],
) -> list[PositionValue]:
    """Each position's best line known: its own, a better one of ``extra`` from
    it, or the rest of a line from an earlier position that passes its board
    (the boards of a line reviewed all differ: each has fewer tiles), replayed
    from it with the points scored before it."""
    best = list(found)
    for start, value in extra:
        if start < len(best):
            best[start] = _lifted(best[start], value.total, value.line, value.clears)
    where: dict[Board, int] = {}
    for start, value in (*enumerate(found), *extra):
        if start >= len(found):
            continue
        walk = played.walks.get((start, value.line))
        if walk is None:
            where = where or {board: j for j, board in enumerate(played.boards)}
            walk = _walk(played, rules, where, start, value.line)
            played.walks[start, value.line] = walk
        passes = [
            (later, step, before) for later, step, before in walk.passes if later < len(found)
        ]
        if passes and not walk.whole:
            raise ValueError("the line stops before the end of the game")
        for later, step, before in passes:
            # The rest's total: the line's points after this step, settled as
            # ``follow`` would replay them from there.
            total = rules.settle(played.bases[later] + walk.points - before, walk.tiles).final
            best[later] = _lifted(best[later], total, value.line[step + 1 :], walk.clears)
    return best


def _walk(
    played: PlayedLine, rules: Rules, where: dict[Board, int], start: int, line: tuple[Cell, ...]
) -> _Walk:
    """``line`` walked from position ``start`` of ``played`` (see ``_Walk``);
    ``where``: the number of each position of ``played``."""
    board = played.boards[start]
    passes: list[tuple[int, int, int]] = []
    points = 0
    for step, cell in enumerate(line):
        group = board.group_at(cell)
        assert group is not None, "a found line is legal from its position"
        board = board.remove(group)
        points += rules.points(group.size)
        later = where.get(board)
        if later is not None and later > start:
            passes.append((later, step, points))
    whole = not board.has_move(rules.min_group)
    return _Walk(tuple(passes), points, board.tile_count(), board.is_empty(), whole)


def _lifted(held: PositionValue, total: int, line: tuple[Cell, ...], clears: bool) -> PositionValue:
    """``held`` with a line of ``total`` known from its position: that line when it
    reaches more (the exactness of the position is kept: an exact value is never
    passed), and a position a clearing line is known from can clear."""
    can_clear = True if clears else held.can_clear
    if total > held.total:
        return PositionValue(total, line, clears, held.exact, can_clear)
    return PositionValue(held.total, held.line, held.clears, held.exact, can_clear)
