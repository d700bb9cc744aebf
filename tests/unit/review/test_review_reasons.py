"""Why a costly move lost points (issue 44): each kind of reason on a board made
for it, the quarter threshold, and a property over random games: the part a
reason says it accounts for is at most the loss, at least a quarter of it, and
is what the two lines the review holds give, and the tiles named are the ones
those lines show.

The oracle follows the lines on the naive reference of ``strategies`` (plain
columns of named tiles, a BFS flood fill), which shares no code with
``samegame.core.board`` nor with ``samegame.review.shares``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from review_cases import RULE_SETS

from samegame.core.board import Board
from samegame.core.coords import Cell, parse_cell
from samegame.core.rules import Rules
from samegame.core.textboard import read_board
from samegame.i18n import LANGUAGES, translator
from samegame.repl.review_words import ReviewWords
from samegame.review import ReasonKind, ReviewBudget, review_game
from samegame.review.reasons import REASON_SHARE
from samegame.review.review import Review, ReviewedMove
from samegame.review.values import PlayedLine, played_line, settle_line
from strategies import (
    NaiveBoard,
    anchor_of,
    board_to_naive,
    naive,
    naive_group,
    naive_groups,
    naive_remove,
    to_board,
)
from templates import template_pattern

EXACT = ReviewBudget(level=1, iterations=1)
"""Boards this small are settled whole by the exact solver: every part is proven."""

BASIC = RULE_SETS["basic"]


@dataclass(frozen=True)
class NaiveLine:
    """A line followed on the naive reference: the move (index, group size)
    that removed each tile, named by its cell on the first board, and the
    final score's settlement."""

    removed: dict[tuple[int, int], tuple[int, int]]
    points: tuple[int, ...]
    settlement: int
    final: int

    def share(self, rules: Rules, tiles: Sequence[tuple[int, int]]) -> Fraction:
        total = Fraction(0)
        for tile in tiles:
            if tile in self.removed:
                _move, size = self.removed[tile]
                total += Fraction(rules.points(size), size)
        return total

    def groups(self) -> list[frozenset[tuple[int, int]]]:
        """The tiles each move removes, in the order of the line."""
        out: list[set[tuple[int, int]]] = [set() for _ in self.points]
        for tile, (move, _size) in self.removed.items():
            out[move].add(tile)
        return [frozenset(group) for group in out]


def naive_follow(board: Board, rules: Rules, base: int, line: Sequence[Cell]) -> NaiveLine:
    nb = board_to_naive(board)
    names = naive(
        nb.width,
        nb.height,
        [[c * 100 + r for r in range(len(col))] for c, col in enumerate(nb.columns)],
    )
    removed: dict[tuple[int, int], tuple[int, int]] = {}
    points = []
    for index, cell in enumerate(line):
        group = naive_group(nb, (cell.col, cell.row))
        for c, r in group:
            name = names.columns[c][r]
            removed[divmod(name, 100)] = (index, len(group))
        points.append(rules.points(len(group)))
        nb, names = naive_remove(nb, group), naive_remove(names, group)
    scored = base + sum(points)
    final = rules.settle(scored, sum(len(col) for col in nb.columns)).final
    return NaiveLine(removed, tuple(points), final - scored, final)


def after_line(review: Review, played: PlayedLine, rules: Rules, index: int) -> tuple[Cell, ...]:
    """The best line the review holds after move ``index`` (its values combined
    as the review combines them): the line the played line goes on with."""
    return settle_line(played, review.values, rules, review.extra)[index + 1].line


def oracle_part(review: Review, played_moves: PlayedLine, rules: Rules, move: ReviewedMove) -> int:
    """The part the reason of ``move`` accounts for, on the naive reference, and
    the checks that the tiles it names are the ones the lines show."""
    reason = move.reason
    board, base = played_moves.boards[move.index], played_moves.bases[move.index]
    best = naive_follow(board, rules, base, move.preferred_line)
    rest = after_line(review, played_moves, rules, move.index)
    played = naive_follow(board, rules, base, (move.played, *rest))
    assert best.final - played.final == move.loss == reason.loss
    tiles = [(cell.col, cell.row) for cell in reason.cells]
    played_tiles = {(cell.col, cell.row) for cell in move.played_group}
    nb = board_to_naive(board)
    if reason.kind in (ReasonKind.STRANDED_COLOUR, ReasonKind.GAVE_UP_CLEAR):
        assert best.settlement > played.settlement
        if reason.kind is ReasonKind.STRANDED_COLOUR:
            after = naive_remove(nb, frozenset(played_tiles))
            left = [t for t in after.tiles() if after.colour(*t) == reason.colour]
            assert sorted(left) == sorted(tiles)
            assert len(left) < rules.min_group
        return best.settlement - played.settlement
    if reason.kind is ReasonKind.SPLIT_GROUP:
        assert naive_group(nb, tiles[0]) == frozenset(tiles)
        assert not played_tiles & set(tiles)
    else:  # a group the preferred line removes after its first move
        later = best.groups()[1:]
        assert frozenset(tiles) in later, (tiles, later)
        if reason.kind is ReasonKind.TOOK_EARLY:
            assert played_tiles < set(tiles)
        else:
            assert reason.kind in (ReasonKind.SHIFT_SPLIT, ReasonKind.MISSED_GROUP)
            assert not played_tiles & set(tiles)
            emptied = {c for c, _ in played_tiles} - {
                c
                for c, col in enumerate(nb.columns)
                if any((c, r) not in played_tiles for r in range(len(col)))
            }
            cols = [c for c, _ in tiles]
            across = any(min(cols) < e < max(cols) for e in emptied)
            assert across == (reason.kind is ReasonKind.SHIFT_SPLIT)
            # the played line never removes them in one move
            assert len({played.removed.get(t, (None, 0))[0] for t in tiles}) > 1 or any(
                t not in played.removed for t in tiles
            )
    return int((best.share(rules, tiles) - played.share(rules, tiles)) // 1)


def first_reason(text: str, move: str, rules: Rules = BASIC) -> tuple[ReviewedMove, int]:
    """The review of a first move and the part the oracle gives its reason."""
    board, moves = read_board(text), [parse_cell(move)]
    review = review_game(board, rules, moves, EXACT)
    first = review.moves[0]
    return first, oracle_part(review, played_line(board, rules, moves), rules, first)


def named(cells: Sequence[Cell]) -> list[str]:
    return sorted(str(cell) for cell in cells)


def test_a_split_group_is_named_with_the_part_of_the_loss_it_accounts_for() -> None:
    """B1 takes the blue pair under the red trio A2, A3, B2: B2 falls to B1 and
    the trio lies in two groups; the line preferred removes it whole."""
    move, part = first_reason("BRB\nBBR\nRGG", "B1")
    assert move.reason.kind is ReasonKind.SPLIT_GROUP
    assert named(move.reason.cells) == ["A2", "A3", "B2"]
    assert (move.reason.parts, move.loss) == (2, 2)
    assert move.reason.part == min(part, move.loss) == 1
    assert move.reason.part_proven


def test_a_column_emptied_between_tiles_the_better_line_joins_is_named() -> None:
    """C1 takes the greens C1, D1, D2 and empties column D: the red B1 and the
    reds E1, E2, which the line preferred removes as one group after taking the
    blues first, close in out of line and the line after never joins them."""
    move, part = first_reason("RBBGR\nBRGGR", "C1")
    assert move.reason.kind is ReasonKind.SHIFT_SPLIT
    assert named(move.reason.cells) == ["B1", "E1", "E2"]
    assert move.reason.part == min(part, move.loss) == 1


def test_points_taken_early_that_a_larger_group_would_have_scored_are_named() -> None:
    """A2 takes three blues for 1 point; the line preferred first takes the reds
    between them and removes the five blues together for 9."""
    move, part = first_reason("BRB\nBBR\nRRB", "A2")
    assert move.reason.kind is ReasonKind.TOOK_EARLY
    assert move.reason.tiles == 3
    assert named(move.reason.cells) == ["A2", "A3", "B2", "C1", "C3"]
    assert (part, move.loss) == (8, 4), "the five blues score 8 more, the reds make up 4"
    assert move.reason.part == move.loss == 4, "at most the loss"


def test_a_stranded_colour_accounts_for_the_clear_it_gives_up() -> None:
    """A1 takes the three reds and leaves one green on its own: 1000 of the 1001
    points lost are the bonus."""
    move, part = first_reason("RRG\nRBB\nGGB", "A1")
    assert move.reason.kind is ReasonKind.STRANDED_COLOUR
    assert named(move.reason.cells) == ["C3"]
    assert (move.reason.part, move.loss) == (min(part, move.loss), 1001) == (1000, 1001)


def test_a_reason_that_accounts_for_under_a_quarter_of_the_loss_is_not_given() -> None:
    """C3 takes the greens C3 and D3, which the line preferred removes later with
    D1 (points taken early), but those three tiles score only 1 point more there
    than in the line after the move, against a loss of 6: no reason is said."""
    board, moves = read_board("GRGG\nBBBB\nGGRG"), [parse_cell("C3")]
    review = review_game(board, BASIC, moves, EXACT)
    [move] = review.moves
    best = naive_follow(board, BASIC, 0, move.preferred_line)
    rest = after_line(review, played_line(board, BASIC, moves), BASIC, 0)
    line = naive_follow(board, BASIC, 0, (move.played, *rest))
    played = {(cell.col, cell.row) for cell in move.played_group}
    [later] = [group for group in best.groups()[1:] if played < group]
    part = best.share(BASIC, sorted(later)) - line.share(BASIC, sorted(later))
    assert (part, move.loss) == (1, 6)
    assert part < REASON_SHARE * move.loss
    assert move.reason.kind is ReasonKind.NONE


def test_a_group_the_better_line_gathers_and_the_move_misses_is_named() -> None:
    """B1 takes the blues B1 and C1; the line preferred takes the reds C2 and D2
    first, then the blues, and the greens A1, B2 and D1 come together: after B1
    they never do."""
    move, part = first_reason("BGRR\nGBBG", "B1")
    assert move.reason.kind is ReasonKind.MISSED_GROUP
    assert named(move.reason.cells) == ["A1", "B2", "D1"]
    assert move.reason.part == min(part, move.loss) == 1


@st.composite
def games(draw: st.DrawFn) -> tuple[str, NaiveBoard, list[Cell]]:
    name = draw(st.sampled_from(["basic", "jsgames", "no-bonus", "sum-threes"]))
    width, height = draw(st.integers(3, 5)), draw(st.integers(2, 5))
    colours = draw(st.integers(2, 3))
    column = st.lists(st.integers(0, colours - 1), min_size=height, max_size=height)
    start = naive(width, height, [draw(column) for _ in range(width)])
    nb, moves = start, []
    while groups := sorted(naive_groups(nb, RULE_SETS[name].min_group), key=anchor_of):
        group = draw(st.sampled_from(groups))
        moves.append(Cell(*anchor_of(group)))
        nb = naive_remove(nb, group)
    return name, start, moves


@settings(max_examples=60, deadline=None)
@given(game=games())
def test_a_reasons_part_is_what_the_lines_give_at_most_the_loss_and_its_tiles_theirs(
    game: tuple[str, NaiveBoard, list[Cell]],
) -> None:
    name, start, moves = game
    rules = RULE_SETS[name]
    board = to_board(start)
    review = review_game(board, rules, moves, EXACT)
    played = played_line(board, rules, moves)
    for move in review.moves:
        reason = move.reason
        if move.loss == 0:
            assert reason.kind is ReasonKind.NONE
        if reason.kind is not ReasonKind.NONE:
            part = oracle_part(review, played, rules, move)
            assert reason.part == min(part, move.loss)
            assert REASON_SHARE * move.loss <= reason.part <= move.loss
            assert reason.part_proven == move.loss_proven


def test_a_part_is_the_tiles_share_before_less_their_share_after() -> None:
    """On a 5x5 game taking the first group each time, the first move's reason
    names tiles that score more in the preferred line than in the line after the
    move, but not the whole loss: the part is the difference of their shares."""
    board = read_board("RBRGR\nGGGBG\nRRGRG\nGBRBG\nGBRBR")
    moves, position = [], board
    while groups := position.groups(BASIC.min_group):
        moves.append(groups[0].anchor)
        position = position.remove(groups[0])
    review = review_game(board, BASIC, moves, EXACT)
    played = played_line(board, BASIC, moves)
    first = review.moves[0]
    part = oracle_part(review, played, BASIC, first)
    assert first.reason.part == part < first.loss
    assert (part, first.loss) == (20, 24)


KINDS = (
    ("BRB\nBBR\nRGG", "B1", ReasonKind.SPLIT_GROUP),
    ("RBBGR\nBRGGR", "C1", ReasonKind.SHIFT_SPLIT),
    ("BRB\nBBR\nRRB", "A2", ReasonKind.TOOK_EARLY),
    ("BGRR\nGBBG", "B1", ReasonKind.MISSED_GROUP),
    ("RRG\nRBB\nGGB", "A1", ReasonKind.STRANDED_COLOUR),
)


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_each_kind_is_said_with_its_part_in_each_language(language: str) -> None:
    """The reason's sentence of its kind, then its part (all of the loss, or so
    many points of it), the numbers said those of the reason."""
    words = ReviewWords(translator(language))
    catalogue = LANGUAGES[language]
    for text, played, kind in KINDS:
        move, _part = first_reason(text, played)
        why, part = words.reason(move.reason)
        assert template_pattern(str(catalogue[f"review.reason.{kind.value}"])).match(why), why
        whole = move.reason.part == move.loss
        key = "review.reason.part.all" if whole else "review.reason.part"
        said = template_pattern(str(catalogue[key])).match(part)
        assert said is not None, part
        assert said.group("lost") == words.points(move.loss)
        if not whole:
            assert said.group("part") == str(move.reason.part)
