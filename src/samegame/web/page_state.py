"""What the page draws of a game (``STATE`` of docs/web.md): the board as rows of
cells, each with its colour, shape, letter, the size of its group and its name
in the player's language ("C5, red circle, group of 7"), the selection and its
points, the score, the tiles and groups left, how the game ended, the groups
largest first (each with the sentence the page's group keys say, the line
interface's own words for a group) and the page's keys in words (``key_lines``,
which the page's help and ``help`` typed in its command box both say).

>>> from samegame.core.formulas import BASIC
>>> from samegame.core.game import Game
>>> from samegame.core.rules import Rules
>>> from samegame.core.textboard import read_board
>>> from samegame.i18n import translator
>>> game = Game(read_board("RB\\nRR"), Rules(BASIC))
>>> rows = board_rows_state(game, translator("en"))
>>> rows[1][0]["label"], rows[0][1]["label"]
('A1, red circle, group of 3', 'B2, blue triangle, alone')
"""

from __future__ import annotations

from typing import Any

from samegame.core.board import Board
from samegame.core.coords import Cell, format_cell
from samegame.core.game import Game
from samegame.core.palette import PALETTE, tile_words
from samegame.i18n import Translator
from samegame.repl.announcer import Announcer
from samegame.repl.board_descriptions import largest_first

__all__ = ["KEY_WORDS", "board_rows", "board_rows_state", "game_state", "groups_state", "key_lines"]

KEY_WORDS = (
    "web.keys.move",
    "web.keys.page",
    "web.keys.select",
    "web.keys.other",
    "web.keys.say",
    "web.keys.groups",
    "web.keys.same",
    "web.keys.jump",
    "web.keys.box",
    "web.keys.repeat",
)
"""The catalogue keys of the page's keys, in the order its help lists them
(``web.keys.select`` is ``web.keys.select.one-click`` under a one-click preset)."""


def key_lines(tr: Translator, one_click: bool) -> list[str]:
    """Every key of the page's board in words, one line each (``KEY_WORDS``)."""
    return [text for _, text in _keys(tr, one_click)]


def _keys(tr: Translator, one_click: bool) -> list[tuple[str, str]]:
    chosen = {"web.keys.select": "web.keys.select.one-click"} if one_click else {}
    return [(key, tr(chosen.get(key, key))) for key in KEY_WORDS]


def groups_state(game: Game, say: Announcer) -> list[dict[str, Any]]:
    """The groups that can be removed, largest first (the order of ``groups``):
    each its anchor, size, cells and what the page says on jumping to it, the
    announcer's words for the group and where it lies after its place in the
    list. No points: a plugin's formula is a bounded call in a child process, so
    the state asks it nothing per group (``c`` on the board says the points)."""
    board, rules = game.board, game.rules
    groups = largest_first(board, rules)
    return [
        {
            "anchor": format_cell(group.anchor),
            "size": group.size,
            "cells": [format_cell(cell) for cell in board.cells(group.mask)],
            "said": say.tr(
                "serve.group", number=number, count=len(groups), group=say.placed(board, group)
            ),
        }
        for number, group in enumerate(groups, 1)
    ]


def board_rows_state(game: Game, tr: Translator) -> list[list[dict[str, Any] | None]]:
    """The game's board's rows, top first, each cell a dict (see the module) or None."""
    return board_rows(game.board, tr)


def board_rows(board: Board, tr: Translator) -> list[list[dict[str, Any] | None]]:
    """A board's rows, top first, each cell a dict (see the module) or None: the
    game's grid, and a reviewed position's (``samegame.web.page_reviews``)."""
    sizes: dict[Cell, int] = {}
    for group in board.groups(1):
        for cell in board.cells(group.mask):
            sizes[cell] = group.size
    rows: list[list[dict[str, Any] | None]] = []
    for row in range(board.height - 1, -1, -1):
        cells: list[dict[str, Any] | None] = []
        for col in range(board.width):
            cell = Cell(col, row)
            colour = board.cell(cell)
            if colour is None:
                cells.append(None)
                continue
            entry = PALETTE[colour]
            name = format_cell(cell)
            size = sizes.get(cell, 1)
            cells.append(
                {
                    "cell": name,
                    "letter": entry.letter,
                    "colour": entry.name,
                    "shape": entry.shape,
                    "group": size,
                    "label": _label(tr, name, colour, size),
                }
            )
        rows.append(cells)
    return rows


def _label(tr: Translator, name: str, colour: int, size: int) -> str:
    """A cell's name on the page: ``C5, red circle, group of 7``; a tile with no
    neighbour of its colour is ``alone`` (1個だけ, the words of the line
    interface's ``cell`` answer, never a group of one)."""
    tile = tile_words(tr, colour)
    if size == 1:
        return tr("serve.cell.alone", cell=name, tile=tile)
    return tr("serve.cell", cell=name, tile=tile, count=size)


def game_state(
    game: Game,
    say: Announcer,
    *,
    game_id: int,
    title: str,
    board_number: int | None,
    one_click: bool,
    ending: list[str] | None,
) -> dict[str, Any]:
    """The whole ``STATE`` of a game (see the module), in ``say``'s words."""
    tr = say.tr
    board = game.board
    selection = game.selection
    selected = [format_cell(c) for c in board.cells(selection.mask)] if selection else []
    legal = game.legal_groups()
    used = sorted(board.colour_counts())
    return {
        "game": game_id,
        "title": title,
        "board_number": board_number,
        "width": board.width,
        "height": board.height,
        "score": game.score,
        "tiles_left": board.tile_count(),
        "groups_left": len(legal),
        "finished": game.finished,
        "ending": ending,
        "selected": selected,
        "selected_points": game.rules.points(selection.size) if selection else None,
        "one_click": one_click,
        "rows": board_rows_state(game, tr),
        "groups": groups_state(game, say),
        "keys": [{"key": key, "text": text} for key, text in _keys(tr, one_click)],
        "legend": [
            {
                "letter": PALETTE[c].letter,
                "colour": PALETTE[c].name,
                "shape": PALETTE[c].shape,
                "name": tile_words(tr, c),
            }
            for c in used
        ],
    }
