"""The exact solver of small positions: every line searched, nothing guessed.

``ExactSolver(rules).outcomes(board)`` searches every line from ``board`` (a
memoised depth-first search over positions) and returns the best points of the
lines that clear the board (with the clear bonus) and of those that do not (with
the penalty taken off), as ``Outcomes``. Two numbers are needed, not one,
because a penalty's floor applies to the whole game's score: the best final score
from a position depends on the points scored before it (``base``), and
``Outcomes.total(base)`` settles exactly as ``Rules.settle`` does. ``best_line``
gives an optimal line for a given ``base`` (the first of the best moves by
anchor, so the line is the same every time).

The solver is bounded. A position of more than ``max_tiles`` tiles is refused
(None) before any work; a search that would hold more than ``max_positions``
positions stops and is refused. The table is keyed by a canonical encoding of a
position (its colour planes, sorted, so a board and any recolouring of it share
one entry). It is kept between calls while they hit it: the positions of one
game's line are each other's descendants, so once a position is solved every
later one on its line is in the table and costs nothing. A position not in the
table is searched on an emptied table, so whether a position is solved (its
search holds at most ``max_positions`` positions) depends on the position
alone, never on what was asked before.

>>> from samegame.core.formulas import BASIC
>>> from samegame.core.rules import Rules
>>> from samegame.core.textboard import read_board
>>> solver = ExactSolver(Rules(BASIC, clear_bonus=1000))
>>> board = read_board("RBR\\nRBB")
>>> solver.outcomes(board)
Outcomes(cleared=1002, uncleared=1)
>>> solver.best_line(board, base=0)
(1002, (Cell(col=1, row=0), Cell(col=0, row=0)))
"""

from __future__ import annotations

from typing import NamedTuple

from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.rules import Rules

MAX_EXACT_TILES = 30
"""The largest position solved by default: a 6x5 or 5x5 board, or the last part
of a game on a larger one."""

TILE_LIMIT = 200
"""The largest ``max_tiles`` a solver accepts (its search recurses once a move)."""

MAX_EXACT_POSITIONS = 50_000
"""The most positions one search may hold: a few seconds of work and about 15 MB
of table. The last 30 tiles of a game on a standard board take a few hundred at
most; a random 6x5 board of 3 colours a few thousand."""


class Outcomes(NamedTuple):
    """The best points of the lines from a position, settled: ``cleared`` over the
    lines that clear the board (clear bonus included), ``uncleared`` over those
    that end with tiles left (penalty taken off, before any floor); None when no
    line ends that way."""

    cleared: int | None
    uncleared: int | None

    def total(self, base: int, rules: Rules) -> int:
        """The best final score of the game from this position with ``base`` points
        scored before it, settled as ``rules.settle`` does (the floor applies to
        the whole game's score)."""
        floor = rules.penalty.floor
        best: int | None = None
        if self.cleared is not None:
            best = base + self.cleared
        if self.uncleared is not None:
            settled = base + self.uncleared
            if floor is not None:
                settled = max(settled, floor)
            best = settled if best is None else max(best, settled)
        assert best is not None, "every position has at least one line"
        return best


class _TooLarge(Exception):
    """The search outgrew its table."""


class ExactSolver:
    """Exact best outcomes of positions under one rule set (see the module)."""

    def __init__(
        self,
        rules: Rules,
        max_tiles: int = MAX_EXACT_TILES,
        max_positions: int = MAX_EXACT_POSITIONS,
    ) -> None:
        if not 0 <= max_tiles <= TILE_LIMIT or max_positions < 1:
            raise ValueError(
                f"an exact solver takes 0 to {TILE_LIMIT} tiles and 1 or more positions, "
                f"not {max_tiles} and {max_positions}"
            )
        self.rules = rules
        self.max_tiles = max_tiles
        self.max_positions = max_positions
        self._table: dict[tuple[int, ...], Outcomes] = {}
        self._points = [
            rules.points(n) if n >= rules.min_group else 0 for n in range(max_tiles + 1)
        ]
        self._ends = [
            Outcomes(rules.clear_bonus, None)
            if r == 0
            else Outcomes(None, -rules.settle(0, r).penalty)
            for r in range(max_tiles + 1)
        ]

    @property
    def positions(self) -> int:
        """Positions held in the table now."""
        return len(self._table)

    def outcomes(self, board: Board) -> Outcomes | None:
        """The exact ``Outcomes`` of ``board``; None when it has more than
        ``max_tiles`` tiles or its search needs more than ``max_positions``."""
        if board.tile_count() > self.max_tiles:
            return None
        known = self._table.get(_key(board))
        if known is not None:
            return known
        self._table.clear()
        try:
            return self._solve(board)
        except _TooLarge:
            self._table.clear()
            return None

    def best_total(self, board: Board, base: int) -> int | None:
        """The best final score from ``board`` with ``base`` points scored before;
        None when the position is refused."""
        found = self.outcomes(board)
        return None if found is None else found.total(base, self.rules)

    def best_line(self, board: Board, base: int) -> tuple[int, tuple[Cell, ...]] | None:
        """The best final score from ``board`` with ``base`` points scored before,
        and an optimal line (moves as group anchors, to the end of the game); None
        when the position is refused. At each position the move taken is the first
        by anchor of those that reach the best final score."""
        found = self.outcomes(board)
        if found is None:
            return None
        best = found.total(base, self.rules)
        line: list[Cell] = []
        score = base
        while True:
            step = self._best_move(board, score)
            if step is None:
                return best, tuple(line)
            cell, board, points = step
            line.append(cell)
            score += points

    def _best_move(self, board: Board, base: int) -> tuple[Cell, Board, int] | None:
        """The first move by anchor that keeps the best final score, the board
        after it and its points; None at the end of the game."""
        choice: tuple[Cell, Board, int] | None = None
        best = 0
        for group in board.groups(self.rules.min_group):
            after = board.remove(group)
            points = self._points[group.size]
            total = self._solve(after).total(base + points, self.rules)
            if choice is None or total > best:
                choice, best = (group.anchor, after, points), total
        return choice

    def _solve(self, board: Board) -> Outcomes:
        key = _key(board)
        known = self._table.get(key)
        if known is not None:
            return known
        cleared: int | None = None
        uncleared: int | None = None
        moved = False
        for group in board.iter_groups(self.rules.min_group):
            moved = True
            child = self._solve(board.remove(group))
            points = self._points[group.size]
            if child.cleared is not None and (cleared is None or points + child.cleared > cleared):
                cleared = points + child.cleared
            if child.uncleared is not None and (
                uncleared is None or points + child.uncleared > uncleared
            ):
                uncleared = points + child.uncleared
        found = Outcomes(cleared, uncleared) if moved else self._ends[board.tile_count()]
        if len(self._table) >= self.max_positions:
            raise _TooLarge
        self._table[key] = found
        return found


def _key(board: Board) -> tuple[int, ...]:
    """The position up to its colours' names: the height (which fixes the bit
    layout) and the colour planes, sorted."""
    return (board.height, *sorted(plane for plane in board.planes if plane))
