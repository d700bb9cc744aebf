"""``samegame board groups``: the groups of a numbered board, largest first.

As text, the sentences of the ``groups`` query in a game (one announcer says
both): each group's tiles, its anchor (the lowest tile of its leftmost column,
which selects it when typed in ``play``), its extent and its points. As JSON
(``--format json``), a list with one object a group. The command joins the
``board`` commands of ``samegame.cli.board_cmd``; this module is the one the
command table loads for ``board``.
"""

from typing import Annotated, Any

import typer

from samegame.cli.board_cmd import board_app
from samegame.cli.exit_codes import ExitCode, fail
from samegame.cli.inputs import board_setup, load_preset, numbered_board
from samegame.cli.options import (
    AccessibleOption,
    BoardNumberOption,
    BoardTypeOption,
    ColoursOption,
    LangOption,
    PresetOption,
    SizeOption,
    TextOrJson,
    chosen_settings,
    print_json,
)
from samegame.core.board import Board, Group
from samegame.core.coords import column_letter, format_cell
from samegame.core.palette import PALETTE
from samegame.core.rules import Rules

__all__ = ["board_app", "group_records", "groups"]


def group_records(board: Board, rules: Rules) -> list[dict[str, Any]]:
    """Every group the rules let a player remove, largest first (then by anchor,
    as the ``groups`` query lists them): colour, shape, size, anchor, every cell
    (column by column, bottom up), the columns and rows it spans, and its points.

    >>> from samegame.core.textboard import read_board
    >>> from samegame.presets import find_preset
    >>> from samegame.plugin.host import get_host
    >>> rules = find_preset("basic", get_host()).rules
    >>> group_records(read_board("R B\\nR R"), rules)[0]["cells"]
    ['A1', 'A2', 'B1']
    """
    groups = sorted(board.groups(rules.min_group), key=lambda g: (-g.size, g.anchor))
    return [_record(board, group, rules) for group in groups]


def _record(board: Board, group: Group, rules: Rules) -> dict[str, Any]:
    cells = board.cells(group.mask)
    entry = PALETTE[group.colour]
    columns = [c.col for c in cells]
    rows = [c.row + 1 for c in cells]
    return {
        "colour": entry.name,
        "shape": entry.shape,
        "size": group.size,
        "anchor": format_cell(group.anchor),
        "cells": [format_cell(c) for c in cells],
        "columns": [column_letter(min(columns)), column_letter(max(columns))],
        "rows": [min(rows), max(rows)],
        "points": rules.points(group.size),
    }


@board_app.command("groups")
def groups(
    preset_name: PresetOption = "basic",
    size: SizeOption = None,
    colours: ColoursOption = None,
    board_type: BoardTypeOption = None,
    board_number: BoardNumberOption = 1,
    output: Annotated[
        TextOrJson,
        typer.Option(
            "--format",
            "-f",
            help="text (a sentence a group, as the groups query in play says it) or json.",
        ),
    ] = TextOrJson.text,
    lang: LangOption = None,
    accessible: AccessibleOption = None,
) -> None:
    """Print the groups of the board a board number gives, largest first, with the
    cell that selects each, where it lies and its points under the preset's rules.

    The text is sentences in any mode; --accessible is taken as every command
    takes it, and the saved language is spoken."""
    preset = load_preset(preset_name)
    setup = board_setup(preset, size, colours, board_type)
    if board_number is None or board_number < 0:
        raise fail("the board number must be 0 or more", ExitCode.USAGE)
    board = numbered_board(setup, board_number).board
    rules = preset.rules
    if output is TextOrJson.json:
        print_json(group_records(board, rules))
        return
    from samegame.i18n import translator
    from samegame.repl.announcer import Announcer

    settings = chosen_settings(lang, accessible, read_only=True).settings
    announcer = Announcer(translator(settings.language), order=setup.palette)
    for line in announcer.groups(board, rules):
        typer.echo(line)
