"""``samegame replay``: play given moves on a board and print each move and the result."""

from __future__ import annotations

from typing import Annotated

import typer

from samegame.cli.common import (
    BoardNumberOption,
    BoardTypeOption,
    ClearBonusOption,
    ColoursOption,
    FormulaOption,
    PresetOption,
    SizeOption,
    TextOrJson,
    board_setup,
    load_preset,
    numbered_board,
    print_json,
    read_board_file,
)
from samegame.cli.exit_codes import ExitCode, fail
from samegame.core.palette import describe_tiles
from samegame.core.replay import ReplayError, ReplayResult, replay, split_moves
from samegame.i18n.said import Said


def replay_command(
    moves: Annotated[str, typer.Option("--moves", "-m", help='Moves, for example "C1 D4 A2".')],
    preset_name: PresetOption = "basic",
    board_file: Annotated[
        str | None, typer.Option("--board", "-b", help="Board text file ('-' for standard input).")
    ] = None,
    board_number: BoardNumberOption = None,
    size: SizeOption = None,
    colours: ColoursOption = None,
    board_type: BoardTypeOption = None,
    formula: FormulaOption = None,
    clear_bonus: ClearBonusOption = None,
    output: Annotated[
        TextOrJson, typer.Option("--format", "-f", help="text or json.")
    ] = TextOrJson.text,
) -> None:
    """Play moves on a board (a file or a board number) and report every move and the result.

    An illegal move stops the replay with a one-line error naming the move (exit 1).
    """
    preset = load_preset(preset_name, formula, clear_bonus)
    if (board_file is None) == (board_number is None):
        raise fail(Said.of("error.replay.board_choice"), ExitCode.USAGE)
    if board_file is not None:
        board = read_board_file(board_file)[0]
    else:
        assert board_number is not None
        board = numbered_board(board_setup(preset, size, colours, board_type), board_number).board
    try:
        result = replay(board, preset.rules, split_moves(moves))
    except ReplayError as error:
        raise fail(
            f"{str(error).rstrip('.')}; no further moves were played", ExitCode.REJECTED
        ) from None
    if output is TextOrJson.json:
        print_json(result.to_dict())
    else:
        for line in describe_replay(result):
            typer.echo(line)


def describe_replay(result: ReplayResult) -> list[str]:
    """The replay as sentences, one per line."""
    lines = []
    running = 0
    for number, move in enumerate(result.moves, start=1):
        running += move.points
        plural = "point" if move.points == 1 else "points"
        lines.append(
            f"Move {number}: {move.move} removed {describe_tiles(move.colour, move.tiles)}, "
            f"{move.points} {plural}, score {running}."
        )
    moves = len(result.moves)
    if result.cleared:
        lines.append(
            f"Board cleared. Bonus {result.bonus}. Final score {result.score} after {moves} moves."
        )
    elif result.finished:
        lines.append(
            f"No moves left. {result.remaining} tiles left, penalty {result.penalty}. "
            f"Final score {result.score} after {moves} moves."
        )
    else:
        lines.append(
            f"The game goes on: score {result.score}, {result.remaining} tiles left after {moves} moves."
        )
    return lines
