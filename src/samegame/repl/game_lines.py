"""A saved game and a rule set in words, as ``samegame history`` and ``scores``
say them and the page lists them: the category key in words, and one line per
game (its number, preset, rules, board, result or progress, practice marks, help
used, and whether it was reviewed)."""

from __future__ import annotations

from samegame.core.variant import Category
from samegame.i18n.dates import date_in_words
from samegame.repl.announcer import Announcer
from samegame.store import SavedGame

__all__ = ["describe_category", "game_line"]


def describe_category(say: Announcer, key: str) -> str:
    """``8x10/4/basic/1000/none/2/solvable`` in words (a key that is not a
    category key, from a database edited by hand, as it is)."""
    try:
        category = Category.parse(key)
    except ValueError:
        return key
    variant = category.variant
    tr = say.tr
    parts = [
        tr("category.size", width=category.width, height=category.height, colours=category.colours),
        tr(
            "category.formula",
            name=say.named("formula", variant.formula),
            bonus=variant.clear_bonus,
        ),
    ]
    if variant.penalty != "none":
        parts.append(tr("category.penalty", name=say.named("penalty", variant.penalty)))
    if variant.min_group != 2:
        parts.append(tr("category.min_group", count=variant.min_group))
    parts.append(tr("category.board_type", name=say.named("board_type", category.board_type)))
    return tr("list.separator").join(parts)


def game_line(say: Announcer, game: SavedGame, *, reviewed: bool = False) -> str:
    tr = say.tr
    setup = game.setup
    board = (
        tr("entry.board.file")
        if setup.board_number is None
        else tr("entry.board.number", number=setup.board_number)
    )
    head = tr(
        "entry.game",
        game=game.game_id,
        preset=say.preset_name(setup.preset),
        category=describe_category(say, setup.category),
        board=board,
    )
    notes = ""
    if game.practice and game.reasons:
        reasons = [tr(f"reason.{reason}") for reason in game.reasons]
        notes += tr("entry.practice", reasons=say.join(reasons))
    if game.assistance:
        used = [tr(f"assistance.{kind}") for kind in game.assistance]
        notes += tr("entry.help", used=say.join(used))
    if reviewed:
        notes += tr("entry.reviewed")
    if game.result is None:
        updated = date_in_words(tr, game.updated, time=True)
        return tr("entry.unfinished", head=head, count=len(game.moves), saved=updated, notes=notes)
    result = game.result
    left = tr("entry.cleared") if result.cleared else tr("entry.left", count=result.remaining)
    finished = date_in_words(tr, game.finished, time=True) if game.finished else "?"
    return tr(
        "entry.finished",
        head=head,
        score=result.score,
        left=left,
        count=result.moves,
        finished=finished,
        notes=notes,
    )
