"""Why a move lost points, where the boards and the lines can say: a kind and its
data, not words (saying it is the announcer's job).

A reason compares the two lines the review holds for a move that lost points,
both replayed from the board before it with the points scored before it: the
**preferred line** (the best line known from the position before the move) and
the **played line** (the move played, then the best line known after it). Their
final scores differ by the move's loss. Each tile's points in a line are its
even share of the move that removes it (``samegame.review.shares``), so a line's
final score is its tiles' shares plus its settlement (bonus, penalty). The
**part** of the loss a reason accounts for is

- for a set of tiles: their share in the preferred line less their share in the
  played line;
- for the clear given up: the preferred line's settlement less the played
  line's;

rounded down, and at most the loss. A reason is given only when its part is at
least ``REASON_SHARE`` (a quarter) of the loss; of those that hold, the one that
accounts for the most (then the first in this order):

- ``STRANDED_COLOUR``: the preferred line clears the board (with a bonus or a
  penalty at stake) and the move left fewer tiles of its colour than the
  smallest group (one, under the usual rules), so that colour can never be
  cleared; the part is the clear's;
- ``GAVE_UP_CLEAR``: the preferred line clears the board (with a bonus or a
  penalty at stake) and no line after the move clears: ``proven`` where the
  exact solver settled the position after it (no line can), else only that no
  line the search found from there clears (``proven`` false); the part is the
  clear's;
- ``SPLIT_GROUP``: a group of the board before (other than the one removed) lies
  in two or more groups after it, because its tiles fell unevenly; its tiles;
- ``SHIFT_SPLIT``: the move emptied a column, and a group the preferred line
  removes later has tiles on both sides of it, so the columns closing left
  moved them apart: the played line never removes them as one group; its tiles;
- ``TOOK_EARLY``: the preferred line removes the played group's tiles later, in
  a larger group; that group's tiles;
- ``MISSED_GROUP``: a group the preferred line removes later, none of whose
  tiles the move removes, that the played line does not remove in one move (no
  column the move emptied lies between its tiles: else it is a shift split);
  its tiles;
- ``NONE``: none of these, or none accounts for enough of the loss.

``part_proven``: the part rests on exact values (the exact solver settled the
positions before and after the move, so both lines are best lines); else it is
what the lines the search found show.

>>> from samegame.core.formulas import BASIC
>>> from samegame.core.rules import Rules
>>> from samegame.core.textboard import read_board
>>> board = read_board("RR\\nBR\\nBG")
>>> group = board.group_at(Cell(0, 0))
>>> reason = move_reason(board, group, Rules(BASIC), base=0, preferred=(Cell(1, 1),),
...     after_line=(), exact=True, after_can_clear=False)
>>> reason.kind, reason.parts, [str(cell) for cell in reason.cells], reason.part
(<ReasonKind.SPLIT_GROUP: 'split-group'>, 2, ['A3', 'B2', 'B3'], 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache

from samegame.core.board import Board, Group, Removal
from samegame.core.coords import Cell
from samegame.core.rules import Rules
from samegame.review.clearing import clear_matters
from samegame.review.shares import TiledLine, follow_tiles

REASON_SHARE = Fraction(1, 4)
"""The least share of a move's loss a reason must account for to be given."""


class ReasonKind(StrEnum):
    """What a costly move did."""

    NONE = "none"
    STRANDED_COLOUR = "stranded-colour"
    GAVE_UP_CLEAR = "gave-up-clear"
    SPLIT_GROUP = "split-group"
    SHIFT_SPLIT = "shift-split"
    TOOK_EARLY = "took-early"
    MISSED_GROUP = "missed-group"


ORDER = tuple(ReasonKind)
"""The kinds in the order a tie of parts is settled (the first wins)."""


@dataclass(frozen=True)
class MoveReason:
    """A reason and its data: ``colour`` (of the tiles named), ``cells`` (split:
    the group's cells before the move; shift split, taken early and missed group: the cells,
    before the move, of the group the preferred line removes; stranded: that
    colour's tiles left after it), ``parts`` (split: the groups it lies in
    after), ``points`` (split: what the group scored whole less what its parts
    score as they lie after the move), ``tiles`` (stranded: that colour's tiles
    left; taken early: the tiles of the group played), ``bonus`` (the clear
    bonus given up), ``part`` (the points of the loss it accounts for, at most
    the loss: see the module) and ``loss`` (the move's). ``proven``: the reason
    holds of every line, not only of those found (false only for
    ``GAVE_UP_CLEAR`` where no exact solver settled the position after the move:
    the search found no line that clears); ``part_proven``: the part rests on
    exact values."""

    kind: ReasonKind
    colour: int | None = None
    cells: tuple[Cell, ...] = ()
    parts: int = 0
    tiles: int = 0
    bonus: int = 0
    points: int = 0
    proven: bool = True
    part: int = 0
    loss: int = 0
    part_proven: bool = False


NO_REASON = MoveReason(ReasonKind.NONE)


def move_reason(
    before: Board,
    group: Group,
    rules: Rules,
    *,
    base: int,
    preferred: Sequence[Cell],
    after_line: Sequence[Cell],
    exact: bool,
    after_can_clear: bool | None,
) -> MoveReason:
    """The reason of removing ``group`` from ``before`` with ``base`` points scored
    before it (see the module): ``preferred`` is the best line known from
    ``before``, ``after_line`` the best line known after the move, ``exact``
    whether both positions are exact, ``after_can_clear`` whether a line from
    the board after the move can clear it (None: no line found does, which is
    not a proof that none can). NO_REASON when the move lost nothing. A pure
    function, remembered for the last ``REMEMBERED`` moves asked about: a review
    made again as its values grow asks again about the same moves."""
    return _reason(
        before, group, rules, base, tuple(preferred), tuple(after_line), exact, after_can_clear
    )


REMEMBERED = 1024
"""How many moves' reasons ``move_reason`` remembers."""


@lru_cache(maxsize=REMEMBERED)
def _reason(
    before: Board,
    group: Group,
    rules: Rules,
    base: int,
    preferred: tuple[Cell, ...],
    after_line: tuple[Cell, ...],
    exact: bool,
    after_can_clear: bool | None,
) -> MoveReason:
    best = follow_tiles(before, rules, base, preferred)
    played = follow_tiles(before, rules, base, (group.anchor, *after_line))
    loss = best.final - played.final
    if loss <= 0:
        return NO_REASON
    removal = before.remove_detailed(group)
    found = [
        *_clear(removal, rules, best, played, after_can_clear),
        *_splits(removal, rules, best, played),
        *_took_early(removal, best, played),
        *_missed_groups(removal, best, played),
    ]
    worthy = [(min(part, loss), reason) for part, reason in found if part >= REASON_SHARE * loss]
    if not worthy:
        return NO_REASON
    part, reason = max(worthy, key=lambda item: (item[0], -ORDER.index(item[1].kind)))
    return MoveReason(
        reason.kind,
        reason.colour,
        reason.cells,
        reason.parts,
        reason.tiles,
        reason.bonus,
        reason.points,
        reason.proven,
        part,
        loss,
        exact,
    )


Found = tuple[int, MoveReason]
"""A reason that holds and its part, before the loss bounds it."""


def _part(best: TiledLine, played: TiledLine, tiles: Sequence[Cell]) -> int:
    """The share of ``tiles`` in the preferred line less theirs in the played one,
    rounded down."""
    return int((best.share(tiles) - played.share(tiles)) // 1)


def _clear(
    removal: Removal,
    rules: Rules,
    best: TiledLine,
    played: TiledLine,
    after_can_clear: bool | None,
) -> list[Found]:
    after, colour = removal.after, removal.group.colour
    if not (best.clears and clear_matters(rules, after.tile_count())):
        return []
    part = best.settlement - played.settlement
    left = after.colour_counts().get(colour, 0)
    if 0 < left < rules.min_group:
        cells = tuple(after.cells(after.planes[colour]))
        return [(part, MoveReason(ReasonKind.STRANDED_COLOUR, colour, cells, tiles=left))]
    if not after_can_clear:
        proven = after_can_clear is False
        return [
            (part, MoveReason(ReasonKind.GAVE_UP_CLEAR, bonus=rules.clear_bonus, proven=proven))
        ]
    return []


def _moved_cells(removal: Removal) -> dict[Cell, Cell]:
    """Where each tile that moved went: falls first, then column shifts."""
    before = removal.before
    row_of = {(fall.col, fall.from_row): fall.to_row for fall in removal.falls}
    col_of = {shift.from_col: shift.to_col for shift in removal.shifts}
    moved: dict[Cell, Cell] = {}
    for cell in before.cells(before.occupied):
        new = Cell(col_of.get(cell.col, cell.col), row_of.get((cell.col, cell.row), cell.row))
        if new != cell:
            moved[cell] = new
    return moved


def _splits(removal: Removal, rules: Rules, best: TiledLine, played: TiledLine) -> list[Found]:
    """Each group of the board before (other than the one removed) that lies in
    two or more groups after the move."""
    before, after, removed = removal.before, removal.after, removal.group
    moved = _moved_cells(removal)
    found: list[Found] = []
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
        reason = MoveReason(
            ReasonKind.SPLIT_GROUP,
            group.colour,
            tuple(cells),
            parts=len(parts),
            points=rules.points(group.size) - kept,
        )
        found.append((_part(best, played, cells), reason))
    return found


def _later_groups(best: TiledLine) -> list[tuple[Cell, ...]]:
    """The groups the preferred line removes after its first move, each as its
    tiles' cells on the board before, in canonical order."""
    return [
        tuple(sorted(best.removed_by(move), key=lambda cell: (cell.col, cell.row)))
        for move in range(1, len(best.sizes))
    ]


def _missed_groups(removal: Removal, best: TiledLine, played: TiledLine) -> list[Found]:
    """Each group the preferred line removes later, none of whose tiles the move
    removes, that the played line does not remove in one move: a shift split
    when a column the move emptied lies between its tiles, else a missed group."""
    played_tiles = set(removal.before.cells(removal.group.mask))
    found: list[Found] = []
    for cells in _later_groups(best):
        if played_tiles.intersection(cells):
            continue
        moves = {played.removed_in.get(cell) for cell in cells}
        if len(moves) == 1 and None not in moves:
            continue
        across = any(
            min(cell.col for cell in cells) < emptied < max(cell.col for cell in cells)
            for emptied in removal.emptied_columns
        )
        kind = ReasonKind.SHIFT_SPLIT if across else ReasonKind.MISSED_GROUP
        colour = removal.before.cell(cells[0])
        found.append((_part(best, played, cells), MoveReason(kind, colour, cells)))
    return found


def _took_early(removal: Removal, best: TiledLine, played: TiledLine) -> list[Found]:
    """The group the preferred line removes later that holds every tile of the
    group played, and more."""
    played_tiles = set(removal.before.cells(removal.group.mask))
    for cells in _later_groups(best):
        if played_tiles < set(cells):
            reason = MoveReason(
                ReasonKind.TOOK_EARLY, removal.group.colour, cells, tiles=removal.group.size
            )
            return [(_part(best, played, cells), reason)]
    return []
