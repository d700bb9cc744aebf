"""What the page draws of a game (``STATE`` of docs/web.md): the board as rows of
cells, each with its colour, shape, letter, the size of its group and its name
in the player's language ("C5, red circle, group of 7"), the selection and its
points, the score, the tiles and groups left, and how the game ended.

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

from samegame.core.coords import Cell, format_cell
from samegame.core.game import Game
from samegame.core.palette import PALETTE, tile_words
from samegame.i18n import Translator

__all__ = ["board_rows_state", "game_state"]


def board_rows_state(game: Game, tr: Translator) -> list[list[dict[str, Any] | None]]:
    """The board's rows, top first, each cell a dict (see the module) or None."""
    board = game.board
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
                    "label": tr("serve.cell", cell=name, tile=tile_words(tr, colour), count=size),
                }
            )
        rows.append(cells)
    return rows


def game_state(
    game: Game,
    tr: Translator,
    *,
    game_id: int,
    title: str,
    board_number: int | None,
    one_click: bool,
    ending: list[str] | None,
) -> dict[str, Any]:
    """The whole ``STATE`` of a game (see the module)."""
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
