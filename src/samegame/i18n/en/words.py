"""Words and names: tiles, colours, shapes, preset titles, board types, formulas, penalties."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str | Mapping[str, str]] = {
    # words
    "tiles": "{count} {colour} {shape}",
    "tile": "{colour} {shape}",
    "points": {"one": "{count} point", "other": "{count} points"},
    "range": "{low} to {high}",
    "list": "{head} and {last}",
    "list.separator": ", ",
    "list.or": "{head} or {last}",
    "group": "{tiles} on {place}, {points}",
    "tiles.placed": "{tiles} on {place}",
    "place": "{cell}, {columns}, {rows}",
    "place.columns": {"one": "column {columns}", "other": "columns {columns}"},
    "place.rows": {"one": "row {rows}", "other": "rows {rows}"},
    "colour.red": "red",
    "colour.blue": "blue",
    "colour.green": "green",
    "colour.yellow": "yellow",
    "colour.purple": "purple",
    "colour.orange": "orange",
    "colour.cyan": "cyan",
    "colour.white": "white",
    "colour.black": "black",
    "shape.circle": {"one": "circle", "other": "circles"},
    "shape.triangle": {"one": "triangle", "other": "triangles"},
    "shape.square": {"one": "square", "other": "squares"},
    "shape.diamond": {"one": "diamond", "other": "diamonds"},
    "shape.star": {"one": "star", "other": "stars"},
    "shape.hexagon": {"one": "hexagon", "other": "hexagons"},
    "shape.cross": {"one": "cross", "other": "crosses"},
    "shape.heart": {"one": "heart", "other": "hearts"},
    "shape.ring": {"one": "ring", "other": "rings"},
    # names: preset titles and descriptions, board types, formulas, penalties (A30)
    "preset.title.basic": "Basic",
    "preset.title.benchmark": "Benchmark",
    "preset.title.challenge": "Challenge",
    "preset.title.classic": "Classic",
    "preset.title.custom": "Custom",
    "preset.title.jsgames": "js-games SameGame",
    "preset.title.ksame": "KSame",
    "preset.title.lesson": "Lesson",
    "preset.title.no-bonus": "No bonus",
    "preset.title.pairs": "Pairs",
    "preset.title.relaxed": "Relaxed",
    "preset.title.sum": "Sum",
    "preset.title.swellfoop": "GNOME Swell Foop",
    "preset.title.tatham": "Simon Tatham's Same Game",
    "preset.title.tatham-pairs": "Simon Tatham's Same Game, n minus 1, squared",
    "board_type.random": "random",
    "board_type.random-with-move": "random-with-move",
    "board_type.each-colour-twice": "each-colour-twice",
    "board_type.solvable": "solvable",
    "board_type.swellfoop": "swellfoop",
    "board_type.tatham-random": "tatham-random",
    "board_type.standard": "standard",
    "formula.basic": "basic",
    "formula.pairs": "pairs",
    "formula.sum": "sum",
    "penalty.none": "none",
    "penalty.leftover-squared": "leftover-squared",
    "penalty.leftover-formula": "leftover-formula",
    "selection_mode.confirm": "confirm",
    "selection_mode.one-click": "one-click",
    "size.tiny": "tiny",
    "size.small": "small",
    "size.medium": "medium",
    "size.medium-4": "medium-4",
    "size.large": "large",
    "size.large-4": "large-4",
    "size.standard": "standard",
    "size.stage": "stage",
    "preset.description.basic": (
        "Groups of n tiles score n minus 2, squared, points, and clearing the board earns 1000 more."
    ),
    "preset.description.benchmark": (
        "The research rules, 15 by 15 with 5 colours, n minus 2, squared, points for n tiles and 1000 more for clearing the board."
    ),
    "preset.description.challenge": (
        "Two 18 by 18 stages with relaxed scoring, first with 3 colours and then with 5; the final score is the sum of the settled stage scores."
    ),
    "preset.description.classic": (
        "The classic game with n minus 1, squared, points for n tiles and 1000 more for clearing the board; every opening has a legal move."
    ),
    "preset.description.custom": (
        "Choose the scoring formula and whether clearing the board earns 1000 points; it starts as Basic."
    ),
    "preset.description.jsgames": (
        "The rules of the js-games SameGame, 15 by 15 with 5 colours, n minus 2, squared, points for n tiles, 1000 more for clearing, and the same formula taken off for the tiles left."
    ),
    "preset.description.ksame": (
        "The rules of KDE's KSame, 15 by 10 with 3 colours, one click removes a group, n minus 2, squared, points for n tiles and 1000 more for clearing the board."
    ),
    "preset.description.lesson": (
        "A small board to learn on, with every colour at least twice, free undo, redo and hints."
    ),
    "preset.description.no-bonus": (
        "Groups of n tiles score n minus 2, squared, points, and clearing the board earns nothing extra."
    ),
    "preset.description.pairs": (
        "Groups of n tiles score n minus 1, squared, points, so pairs count, and clearing the board earns 1000 more."
    ),
    "preset.description.relaxed": (
        "Groups of n tiles score n minus 2, squared, points, clearing earns 1000 more, and tiles left cost left minus 2, squared, points, never below zero."
    ),
    "preset.description.sum": (
        "Groups of n tiles score n times n plus 1, halved, points, and clearing the board earns 1000 more."
    ),
    "preset.description.swellfoop": (
        "The rules of GNOME Swell Foop: boards dealt again until every colour has two tiles and a move exists, one click removes a group, n minus 2, squared, points for n tiles and 1000 more for clearing the board."
    ),
    "preset.description.tatham": (
        "The rules and presets of Same Game in Simon Tatham's Portable Puzzle Collection, with n minus 2, squared, points for n tiles and no bonus."
    ),
    "preset.description.tatham-pairs": (
        "Simon Tatham's Same Game with its other scoring system, n minus 1, squared, points for n tiles, and no bonus."
    ),
    "presets.line": "{name}: {title}. {description}",
}
