"""Why a move lost points, where the boards can say: a kind and its data, not
words (saying it is the announcer's job).

``move_reason`` looks at the board before and after a move that lost points and
names the first of these that holds:

- ``STRANDED_COLOUR``: the best line before the move cleared the board (with a
  bonus or a penalty at stake) and the move left fewer tiles of its colour than
  the smallest group (one, under the usual rules), so that colour can never be
  cleared;
- ``GAVE_UP_CLEAR``: the best line before the move cleared the board (with a
  bonus or a penalty at stake) and no line after it clears: ``proven`` where the
  exact solver settled the position after it (no line can), else only that no
  line the search found from there clears (``proven`` false: the words say so);
- ``SPLIT_GROUP``: a group of the board before (other than the one removed)
  lies in two or more groups after it, because its tiles fell unevenly or its
  columns moved apart, and its parts score less than it did whole (a pair split
  in two costs nothing under (n-2)^2); the one whose split costs most;
- ``NONE``: none of these.

>>> from samegame.core.formulas import BASIC
>>> from samegame.core.rules import Rules
>>> from samegame.core.textboard import read_board
>>> board = read_board("RR\\nBR\\nBG")
>>> group = board.group_at(Cell(0, 0))
>>> reason = move_reason(board, group, Rules(BASIC), best_clears=False, after_can_clear=None)
>>> reason.kind, reason.parts, [str(cell) for cell in reason.cells]
(<ReasonKind.SPLIT_GROUP: 'split-group'>, 2, ['A3', 'B2', 'B3'])
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from samegame.core.board import Board, Fall, Group, Shift
from samegame.core.coords import Cell
from samegame.core.rules import Rules


class ReasonKind(StrEnum):
    """What a costly move did."""

    NONE = "none"
    STRANDED_COLOUR = "stranded-colour"
    GAVE_UP_CLEAR = "gave-up-clear"
    SPLIT_GROUP = "split-group"


@dataclass(frozen=True)
class MoveReason:
    """A reason and its data: ``colour`` (stranded or split), ``cells`` (split: the
    group's cells before the move; stranded: that colour's tiles left after it),
    ``parts`` (split: the groups it lies in after), ``points`` (split: what the
    group scored whole less what its parts score as they lie), ``tiles``
    (stranded: that colour's tiles left) and ``bonus`` (the clear bonus given
    up). ``proven``: the reason holds of every line, not only of those found
    (false only for ``GAVE_UP_CLEAR`` where no exact solver settled the position
    after the move: the search found no line that clears)."""

    kind: ReasonKind
    colour: int | None = None
    cells: tuple[Cell, ...] = ()
    parts: int = 0
    tiles: int = 0
    bonus: int = 0
    points: int = 0
    proven: bool = True


NO_REASON = MoveReason(ReasonKind.NONE)


def move_reason(
    before: Board,
    group: Group,
    rules: Rules,
    *,
    best_clears: bool,
    after_can_clear: bool | None,
) -> MoveReason:
    """The reason of removing ``group`` from ``before`` (see the module):
    ``best_clears`` says whether the best line found before the move clears the
    board, ``after_can_clear`` whether a line from the board after it can (None:
    no line found does, which is not a proof that none can)."""
    removal = before.remove_detailed(group)
    after = removal.after
    # Clearing is worth something: a bonus, or a penalty for the tiles left.
    clear_matters = rules.clear_bonus > 0 or rules.settle(0, after.tile_count() or 1).penalty > 0
    if best_clears and clear_matters:
        left = after.colour_counts().get(group.colour, 0)
        if 0 < left < rules.min_group:
            cells = tuple(after.cells(after.planes[group.colour]))
            return MoveReason(ReasonKind.STRANDED_COLOUR, group.colour, cells, tiles=left)
        if not after_can_clear:
            return MoveReason(
                ReasonKind.GAVE_UP_CLEAR,
                bonus=rules.clear_bonus,
                proven=after_can_clear is False,
            )
    return _split(before, group, after, _moved_cells(before, removal.falls, removal.shifts), rules)


def _moved_cells(
    before: Board, falls: tuple[Fall, ...], shifts: tuple[Shift, ...]
) -> dict[Cell, Cell]:
    """Where each tile that moved went: falls first, then column shifts."""
    row_of = {(fall.col, fall.from_row): fall.to_row for fall in falls}
    col_of = {shift.from_col: shift.to_col for shift in shifts}
    moved: dict[Cell, Cell] = {}
    for cell in before.cells(before.occupied):
        new = Cell(col_of.get(cell.col, cell.col), row_of.get((cell.col, cell.row), cell.row))
        if new != cell:
            moved[cell] = new
    return moved


def _split(
    before: Board, removed: Group, after: Board, moved: dict[Cell, Cell], rules: Rules
) -> MoveReason:
    """The group of ``before`` (other than ``removed``) whose split costs the most
    points: it lies in two or more groups of ``after``, and its tiles there, taken
    part by part, score less than it did whole (the larger group, then the first
    by anchor, on a tie); NO_REASON when no split costs points."""
    found = NO_REASON
    for group in before.groups(rules.min_group):
        if group.mask == removed.mask:
            continue
        cells = before.cells(group.mask)
        parts: dict[int, int] = {}  # the mask of a group after -> the group's tiles in it
        for cell in cells:
            now = moved.get(cell, cell)
            mask = next((m for m in parts if m & after.bit(now)), None)
            if mask is None:
                part = after.group_at(now)
                assert part is not None
                mask = part.mask
            parts[mask] = parts.get(mask, 0) + 1
        if len(parts) < 2:
            continue
        kept = sum(rules.points(n) for n in parts.values() if n >= rules.min_group)
        cost = rules.points(group.size) - kept
        if cost > 0 and (cost, group.size) > (found.points, len(found.cells)):
            found = MoveReason(
                ReasonKind.SPLIT_GROUP, group.colour, tuple(cells), parts=len(parts), points=cost
            )
    return found
