"""``samegame board show``: print the board of a board number."""

from typing import Annotated

import typer

from samegame.cli.exit_codes import ExitCode, fail, show_help_without_command
from samegame.cli.inputs import board_setup, load_preset, numbered_board
from samegame.cli.options import (
    AccessibleOption,
    BoardNumberOption,
    BoardTypeOption,
    ColoursOption,
    LangOption,
    PresetOption,
    SizeOption,
    SymbolChoice,
    SymbolsOption,
    chosen_renderer,
    chosen_settings,
    host,
    print_json,
)
from samegame.core.coords import format_cell
from samegame.core.textboard import board_rows, write_board
from samegame.i18n.said import Said
from samegame.plugin.contributions import drawing_options

board_app = typer.Typer(help="Look at boards.", rich_markup_mode=None, invoke_without_command=True)


@board_app.callback()
def _group(ctx: typer.Context) -> None:
    show_help_without_command(ctx)


# Output formats of board show that are not renderers.
OWN_FORMATS = ("text", "board", "json")


@board_app.command("show")
def show(
    preset_name: PresetOption = "basic",
    size: SizeOption = None,
    colours: ColoursOption = None,
    board_type: BoardTypeOption = None,
    board_number: BoardNumberOption = 1,
    solution: Annotated[
        bool, typer.Option("--solution", help="Also print the clearing moves of a solvable board.")
    ] = False,
    output: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="text (coordinates and legend), board (the plain text format), json, or "
            "any renderer: svg, ansi and those plugins add (samegame plugins lists them).",
        ),
    ] = "text",
    symbols: SymbolsOption = None,
    coordinates: Annotated[
        bool,
        typer.Option(
            "--coordinates/--no-coordinates",
            help="Column letters and row numbers round a drawn board (default: on).",
        ),
    ] = True,
    lang: LangOption = None,
    accessible: AccessibleOption = None,
) -> None:
    """Print the board that a board number gives under a preset, size and colour count.

    The text format speaks the saved language; in accessible mode it reads the rows
    as play's board command does instead of drawing them."""
    renderer = None if output in OWN_FORMATS else chosen_renderer(output, "--format")
    preset = load_preset(preset_name)
    setup = board_setup(preset, size, colours, board_type)
    if board_number is None or board_number < 0:
        raise fail(Said.of("error.board_number.negative"), ExitCode.USAGE)
    made = numbered_board(setup, board_number)
    if solution and made.certificate is None:
        raise fail(
            f"board type {setup.board_type} has no solution to show; use --board-type solvable",
            ExitCode.USAGE,
        )
    board = made.board
    moves = [format_cell(cell) for cell in made.certificate or ()] if solution else None
    if output == "json":
        data: dict[str, object] = {
            "preset": preset.name,
            "board_type": setup.board_type,
            "board_number": board_number,
            "width": board.width,
            "height": board.height,
            "colours": setup.spec.colours,
            "board": ["".join(row) for row in board_rows(board)],
        }
        if moves is not None:
            data["solution"] = moves
        print_json(data)
        return
    shown_as = (symbols or SymbolChoice.letters).value
    drawing = drawing_options(shown_as, setup.palette, coordinates=coordinates)
    if renderer is not None:
        drawn = renderer.render(board, drawing)
        typer.echo(drawn, nl=not drawn.endswith("\n"))
        return
    if output == "board":
        typer.echo(write_board(board), nl=False)
        if moves is not None:
            typer.echo(f"Solution, {len(moves)} moves: {' '.join(moves)}")
        return
    from samegame.i18n import translator
    from samegame.repl.announcer import Announcer
    from samegame.repl.terminal import resolve_accessible

    settings = chosen_settings(lang, accessible, read_only=True).settings
    tr = translator(settings.language)
    announcer = Announcer(tr, order=setup.palette)
    typer.echo(
        tr(
            "board.show.heading",
            number=board_number,
            board_type=tr.name_of("board_type", setup.board_type),
            width=board.width,
            height=board.height,
            colours=setup.spec.colours,
        )
    )
    if resolve_accessible(None, settings.accessible):
        for line in announcer.board(board)[1:]:  # rows in words, then the legend (A25)
            typer.echo(line)
    else:
        typer.echo(host().renderer("text").render(board, drawing), nl=False)
        typer.echo(announcer.legend(board, shown_as))
    if moves is not None:
        typer.echo(tr("board.show.solution", count=len(moves), moves=" ".join(moves)))
