"""Built-in renderers: ``text`` (letters, coordinates on the edges), ``ansi`` (the same
in the terminal's 16 colours) and ``svg`` (a picture with shapes and coordinates).

Renderers are pure functions of a board and options (``drawing_options`` makes
them). Options understood: ``coordinates`` (bool, default True), ``selected``
(cell names of the selected group: between brackets in text and ansi, outlined
in svg) and, for text and ansi, ``symbols`` (``letters``, the default,
``shapes``, or ``digits``: 1 for the first colour, 2 for the second and so on)
and ``palette`` (a preset's palette order, a list of palette indices, for
``digits``: ``palette.tile_number``).

>>> from samegame.core.textboard import read_board
>>> print(render_text(read_board("RB\\nBB"), {}), end="")
   A B
 2 R B
 1 B B
   A B
>>> print(render_text(read_board("RB\\nBB"), {"selected": ["A1", "B1", "B2"]}), end="")
   A B
 2 R[B]
 1[B B]
   A B
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import Any

from samegame.core.board import Board
from samegame.core.coords import Cell, column_letter, parse_cell
from samegame.core.palette import PALETTE, Colour, tile_number
from samegame.core.textboard import EMPTY, board_rows
from samegame.plugin.contributions import Renderer
from samegame.plugin.contributions import drawing_options as drawing_options  # its old home
from samegame.plugin.hookspecs import hookimpl

SHAPE_GLYPHS = {
    "circle": "\u25cf",
    "triangle": "\u25b2",
    "square": "\u25a0",
    "diamond": "\u25c6",
    "star": "\u2605",
    "hexagon": "\u2b22",
    "cross": "\u271a",
    "heart": "\u2665",
    "ring": "\u25ce",
}


def tile_symbol(colour: Colour, symbols: str, palette: Sequence[int] = ()) -> str:
    """How a tile of ``colour`` is drawn with ``symbols`` (``letters``, ``shapes``
    or ``digits``, numbered in ``palette`` order): the drawing and its legend
    agree through this one function.

    >>> [tile_symbol(PALETTE[1], symbols, (1, 0)) for symbols in ("letters", "shapes", "digits")]
    ['B', '▲', '1']
    """
    if symbols == "shapes":
        return SHAPE_GLYPHS[colour.shape]
    if symbols == "digits":
        return tile_number(colour, palette)
    return colour.letter


def selected_cells(options: dict[str, Any]) -> set[Cell]:
    """The cells of the ``selected`` option."""
    return {parse_cell(name) for name in options.get("selected", ())}


def _row_text(cells: list[str], marked: list[bool]) -> str:
    """A row's tiles, each after its separator: a space, or a bracket where a
    selected run begins or ends (``R[B B]R``), so the columns stay in line."""
    parts = []
    for index, shown in enumerate(cells):
        before = marked[index - 1] if index else False
        here = marked[index]
        parts.append(("[" if here and not before else "]" if before and not here else " ") + shown)
    return "".join(parts) + ("]" if marked and marked[-1] else "")


def _grid(board: Board, options: dict[str, Any], paint: Any) -> str:
    symbols = options.get("symbols", "letters")
    with_coordinates = options.get("coordinates", True)
    selected = selected_cells(options)
    by_letter = {c.letter: c for c in PALETTE}
    label_width = len(str(board.height))
    header = " " * (label_width + 2) + " ".join(column_letter(c) for c in range(board.width))
    lines = [header] if with_coordinates else []
    for top_index, row in enumerate(board_rows(board)):
        number = board.height - top_index
        cells = []
        marked = []
        for col, symbol in enumerate(row):
            chosen = (col, number - 1) in selected
            marked.append(chosen)
            if symbol == EMPTY:
                cells.append(EMPTY)
                continue
            colour = by_letter[symbol]
            shown = tile_symbol(colour, symbols, options.get("palette", ()))
            cells.append(paint(colour, shown, chosen))
        body = _row_text(cells, marked)
        if with_coordinates:
            lines.append(f" {number:>{label_width}}{body}")
        else:
            # The first separator holds a bracket only when something is selected.
            lines.append(body if selected else body[1:])
    if with_coordinates:
        lines.append(header)
    return "\n".join(line.rstrip() for line in lines) + "\n"


def render_text(board: Board, options: dict[str, Any]) -> str:
    """Letters (or shapes, or digits) with column letters above and below and row
    numbers left; the selected group between brackets."""
    return _grid(board, options, lambda colour, shown, chosen: shown)


def render_ansi(board: Board, options: dict[str, Any]) -> str:
    """As ``render_text`` with each tile in its 16-colour ANSI foreground colour,
    the selected group's tiles also in reverse video."""

    def paint(colour: Colour, shown: str, chosen: bool) -> str:
        return f"\x1b[{'7;' if chosen else ''}{colour.ansi}m{shown}\x1b[0m"

    return _grid(board, options, paint)


SVG_FILL = {
    "red": "#d62728",
    "blue": "#1f63c6",
    "green": "#2ca02c",
    "yellow": "#e0b000",
    "purple": "#8e44ad",
    "orange": "#ff7f0e",
    "cyan": "#17becf",
    "white": "#f4f4f4",
    "black": "#222222",
}


def _polygon(cx: float, cy: float, radius: float, sides: int, start: float) -> str:
    points = []
    for k in range(sides):
        angle = start + 2 * math.pi * k / sides
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return " ".join(points)


def _star(cx: float, cy: float, outer: float) -> str:
    points = []
    for k in range(10):
        radius = outer if k % 2 == 0 else outer * 0.45
        angle = -math.pi / 2 + math.pi * k / 5
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return " ".join(points)


def _shape_svg(colour: Colour, cx: float, cy: float, size: float) -> str:
    fill = SVG_FILL[colour.name]
    style = f'fill="{fill}" stroke="#000" stroke-width="1"'
    r = size * 0.4
    shape = colour.shape
    if shape == "circle":
        return f'<circle cx="{cx}" cy="{cy}" r="{r:.1f}" {style}/>'
    if shape == "ring":
        return (
            f'<circle cx="{cx}" cy="{cy}" r="{r:.1f}" fill="none" stroke="{fill}" '
            f'stroke-width="{size * 0.18:.1f}"/>'
        )
    if shape == "square":
        return f'<rect x="{cx - r:.1f}" y="{cy - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" {style}/>'
    if shape == "triangle":
        return (
            f'<polygon points="{_polygon(cx, cy + r * 0.15, r * 1.1, 3, -math.pi / 2)}" {style}/>'
        )
    if shape == "diamond":
        return f'<polygon points="{_polygon(cx, cy, r * 1.1, 4, -math.pi / 2)}" {style}/>'
    if shape == "hexagon":
        return f'<polygon points="{_polygon(cx, cy, r, 6, 0)}" {style}/>'
    if shape == "star":
        return f'<polygon points="{_star(cx, cy, r * 1.15)}" {style}/>'
    if shape == "cross":
        arm = r * 0.35
        return (
            f'<path d="M{cx - arm:.1f},{cy - r:.1f}h{2 * arm:.1f}v{r - arm:.1f}h{r - arm:.1f}'
            f"v{2 * arm:.1f}h{arm - r:.1f}v{r - arm:.1f}h{-2 * arm:.1f}v{arm - r:.1f}"
            f'h{arm - r:.1f}v{-2 * arm:.1f}h{r - arm:.1f}z" {style}/>'
        )
    # heart
    return (
        f'<path d="M{cx:.1f},{cy + r:.1f} C{cx - 1.6 * r:.1f},{cy - 0.2 * r:.1f} '
        f"{cx - 0.6 * r:.1f},{cy - 1.3 * r:.1f} {cx:.1f},{cy - 0.4 * r:.1f} "
        f"C{cx + 0.6 * r:.1f},{cy - 1.3 * r:.1f} {cx + 1.6 * r:.1f},{cy - 0.2 * r:.1f} "
        f'{cx:.1f},{cy + r:.1f}z" {style}/>'
    )


def render_svg(board: Board, options: dict[str, Any]) -> str:
    """An SVG picture: each tile as its colour's shape, column letters above and
    below, row numbers left and right (unless ``coordinates`` is false), a dashed square round each selected tile,
    and a text title for screen readers."""
    selected = selected_cells(options)
    cell = 32
    margin = cell
    width = board.width * cell + 2 * margin
    height = board.height * cell + 2 * margin
    title = (
        f"SameGame board, {board.width} columns by {board.height} rows, {board.tile_count()} tiles"
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-labelledby="title">',
        f'<title id="title">{escape(title, quote=False)}</title>',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        '<g font-family="sans-serif" font-size="14" text-anchor="middle" fill="#000">',
    ]
    labelled = options.get("coordinates", True)
    for col in range(board.width if labelled else 0):
        x = margin + col * cell + cell / 2
        letter = column_letter(col)
        parts.append(f'<text x="{x:.0f}" y="{margin - 10}">{letter}</text>')
        parts.append(f'<text x="{x:.0f}" y="{height - margin + 22}">{letter}</text>')
    for row in range(board.height if labelled else 0):
        y = margin + (board.height - 1 - row) * cell + cell / 2 + 5
        parts.append(f'<text x="{margin / 2:.0f}" y="{y:.0f}">{row + 1}</text>')
        parts.append(f'<text x="{width - margin / 2:.0f}" y="{y:.0f}">{row + 1}</text>')
    parts.append("</g>")
    parts.append(
        f'<rect x="{margin}" y="{margin}" width="{board.width * cell}" '
        f'height="{board.height * cell}" fill="none" stroke="#888"/>'
    )
    for top_index, row_symbols in enumerate(board_rows(board)):
        for col, symbol in enumerate(row_symbols):
            if symbol == EMPTY:
                continue
            colour = next(c for c in PALETTE if c.letter == symbol)
            cx = margin + col * cell + cell / 2
            cy = margin + top_index * cell + cell / 2
            parts.append(_shape_svg(colour, cx, cy, cell))
            if (col, board.height - 1 - top_index) in selected:
                parts.append(
                    f'<rect x="{cx - cell / 2 + 2:.0f}" y="{cy - cell / 2 + 2:.0f}" '
                    f'width="{cell - 4}" height="{cell - 4}" fill="none" stroke="#000" '
                    'stroke-width="3" stroke-dasharray="4 2"/>'
                )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


TEXT = Renderer("text", render_text, "letters with coordinates on the edges", legend=True)
ANSI = Renderer("ansi", render_ansi, "letters in the terminal's 16 colours", legend=True)
SVG = Renderer(
    "svg", render_svg, "a picture with shapes and coordinates", "image/svg+xml", legend=True
)


@hookimpl
def samegame_renderers() -> list[Renderer]:
    return [TEXT, ANSI, SVG]
