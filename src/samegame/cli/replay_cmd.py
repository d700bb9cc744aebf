"""``samegame replay``: play given moves on a board and print each move and the result."""

from typing import TYPE_CHECKING, Annotated

import typer

from samegame.cli.exit_codes import ExitCode, fail
from samegame.cli.inputs import board_setup, load_preset, numbered_board, read_board_file
from samegame.cli.options import (
    BoardNumberOption,
    BoardTypeOption,
    ClearBonusOption,
    ColoursOption,
    FormulaOption,
    LangOption,
    PresetOption,
    SizeOption,
    TextOrJson,
    chosen_translator,
    print_json,
)
from samegame.core.palette import PALETTE
from samegame.core.replay import ReplayError, ReplayResult, replay, split_moves
from samegame.i18n.plain_english import english
from samegame.i18n.said import Said

if TYPE_CHECKING:
    from samegame.i18n import Translator


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
    lang: LangOption = None,
) -> None:
    """Play moves on a board (a file or a board number) and report every move and the result.

    An illegal move stops the replay with a one-line error naming the move (exit 1).
    """
    tr = chosen_translator(lang, None, read_only=True)
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
        for line in describe_replay(result, tr):
            typer.echo(line)


def describe_replay(result: ReplayResult, tr: "Translator | None" = None) -> list[str]:
    """The replay as sentences, one per line, in the language of ``tr`` (English
    when none is given)."""
    tr = english(tr)
    lines = []
    running = 0
    for number, move in enumerate(result.moves, start=1):
        running += move.points
        entry = PALETTE[move.colour]
        tiles = tr(
            "tiles",
            count=move.tiles,
            colour=tr(f"colour.{entry.name}"),
            shape=tr(f"shape.{entry.shape}", count=move.tiles),
        )
        points = tr("points", count=move.points)
        lines.append(
            tr(
                "research.replay.move",
                number=number,
                move=move.move,
                tiles=tiles,
                points=points,
                score=running,
            )
        )
    moves = len(result.moves)
    if result.cleared:
        end = tr("research.replay.cleared", bonus=result.bonus, score=result.score, moves=moves)
    elif result.finished:
        end = tr(
            "research.replay.over",
            remaining=result.remaining,
            penalty=result.penalty,
            score=result.score,
            moves=moves,
        )
    else:
        end = tr(
            "research.replay.going", score=result.score, remaining=result.remaining, moves=moves
        )
    lines.append(end)
    return lines
