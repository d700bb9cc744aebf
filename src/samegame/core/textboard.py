"""The board text format: one line per row, top row first, one symbol per cell.

Symbols are palette letters (any case) or digits (digit d = palette colour d), ``.``
for an empty cell, with or without spaces between cells; so the research format
(lines of space-separated digits, blank line between boards) reads as it is.
Output uses upper-case letters without spaces. A leading UTF-8 byte-order mark is
ignored. Limits are checked while reading, before a board is built: at most
``MAX_COLUMNS`` cells a row and ``MAX_HEIGHT`` rows a board. Boards given as input
to a command are read with ``tiles_required=True``: a board with no tile is refused
(it would count as cleared without a move).

>>> board = read_board("R B\\nR B\\n")
>>> write_board(board)
'RB\\nRB\\n'
>>> read_board("0 1\\n0 1") == board
True
"""

from __future__ import annotations

from samegame.core.board import MAX_HEIGHT, Board, BoardError
from samegame.core.coords import MAX_COLUMNS, Cell
from samegame.core.palette import PALETTE, colour_from_symbol, is_colour_symbol
from samegame.core.quoting import shown

EMPTY = "."


class TextBoardError(ValueError):
    """Board text that cannot be read; the message names the line and what to fix."""


def _split_row(line: str) -> list[str]:
    text = line.strip()
    return text.split() if any(ch.isspace() for ch in text) else list(text)


def read_board(text: str, *, tiles_required: bool = False) -> Board:
    """Read one board; raise TextBoardError (line number and reason) when it is wrong."""
    boards = read_boards(text, tiles_required=tiles_required)
    if len(boards) != 1:
        raise TextBoardError(
            f"expected one board, found {len(boards)}; separate boards only in board lists"
        )
    return boards[0]


def read_boards(text: str, *, tiles_required: bool = False) -> list[Board]:
    """Read every board in a text; boards are separated by one or more blank lines.
    With ``tiles_required`` a board without a tile is an error."""
    blocks: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] = []
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        if line.strip():
            current.append((number, line))
            if len(current) > MAX_HEIGHT:
                raise TextBoardError(
                    f"line {number}: a board has at most {MAX_HEIGHT} rows; "
                    "separate boards with a blank line"
                )
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    if not blocks:
        raise TextBoardError("the board text is empty; write one line per row, top row first")
    return [_read_block(block, tiles_required) for block in blocks]


def _read_block(lines: list[tuple[int, str]], tiles_required: bool) -> Board:
    rows: list[list[int | None]] = []
    width = None
    for number, line in lines:
        symbols = _split_row(line)
        if len(symbols) > MAX_COLUMNS:
            raise TextBoardError(
                f"line {number}: {len(symbols):,} cells; a board has at most {MAX_COLUMNS} columns"
            )
        if width is None:
            width = len(symbols)
        elif len(symbols) != width:
            raise TextBoardError(
                f"line {number}: {len(symbols)} cells, but the first row has {width}; "
                "every row needs the same number of cells"
            )
        row: list[int | None] = []
        for symbol in symbols:
            if symbol == EMPTY:
                row.append(None)
            elif len(symbol) == 1 and is_colour_symbol(symbol):
                row.append(colour_from_symbol(symbol).index)
            else:
                letters = "".join(c.letter for c in PALETTE)
                raise TextBoardError(
                    f"line {number}: '{shown(symbol)}' is not a cell; use a palette letter "
                    f"({letters}), a digit 0-{len(PALETTE) - 1} or '.' for empty"
                )
        rows.append(row)
    assert width is not None
    if tiles_required and all(colour is None for row in rows for colour in row):
        raise TextBoardError(
            f"line {lines[0][0]}: the board has no tiles; give at least one coloured cell"
        )
    height = len(rows)
    planes = [0] * len(PALETTE)
    for top_index, row in enumerate(rows):
        board_row = height - 1 - top_index
        for col, colour in enumerate(row):
            if colour is not None:
                planes[colour] |= 1 << (col * height + board_row)
    try:
        return Board(width, height, planes)
    except BoardError as error:
        raise TextBoardError(f"line {lines[0][0]}: {error}") from None


def write_board(board: Board, *, separator: str = "") -> str:
    """Write a board: top row first, palette letters, ``.`` for empty, newline-terminated."""
    return "".join(separator.join(row) + "\n" for row in board_rows(board))


def board_rows(board: Board) -> list[list[str]]:
    """The board's symbols, top row first."""
    rows = []
    for row in range(board.height - 1, -1, -1):
        symbols = []
        for col in range(board.width):
            colour = board.cell(Cell(col, row))
            symbols.append(EMPTY if colour is None else PALETTE[colour].letter)
        rows.append(symbols)
    return rows
