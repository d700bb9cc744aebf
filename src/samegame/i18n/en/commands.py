"""The scores, history and accessibility commands."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str | Mapping[str, str]] = {
    # samegame scores and history
    "scores.none": "No scores yet. Finished games that are not practice are ranked here.",
    "scores.category": "Rule set {category}:",
    "scores.all_practice": "No ranked score yet: every finished game was practice.",
    "scores.challenges": "Best {preset} totals:",
    "category.size": "{width} by {height}, {colours} colours",
    "category.formula": "{name} scoring, bonus {bonus}",
    "category.penalty": "penalty {name}",
    "category.min_group": "groups of {count}",
    "category.board_type": "{name} boards",
    "entry.cleared": "board cleared",
    "entry.not_cleared": "not cleared",
    "entry.left": {"one": "1 tile left", "other": "{count} tiles left"},
    "entry.board": ", board {number}",
    "entry.score": {
        "one": "Rank {rank}: {score} points, {cleared}, 1 move{board}, {preset}, {date}.",
        "other": "Rank {rank}: {score} points, {cleared}, {count} moves{board}, {preset}, {date}.",
    },
    "entry.games": {"one": "1 game", "other": "{count} games"},
    "entry.boards": {"one": "1 board", "other": "{count} boards"},
    "entry.completed": "Completed: {games} finished, {boards} cleared.",
    "entry.challenge": "Rank {rank}: {score} points (stages {stages}), {date}.",
    "entry.board.file": "a board from a file",
    "entry.board.number": "board {number}",
    "entry.game": "Game {game}, {preset}, {category}, {board}",
    "entry.practice": ", practice ({reasons})",
    "entry.help": ", help used: {used}",
    "entry.unfinished": {
        "one": "{head}: unfinished, 1 move, saved {saved}{notes}.",
        "other": "{head}: unfinished, {count} moves, saved {saved}{notes}.",
    },
    "entry.finished": {
        "one": "{head}: {score} points, {left}, 1 move, finished {finished}{notes}.",
        "other": "{head}: {score} points, {left}, {count} moves, finished {finished}{notes}.",
    },
    "history.none": "No finished games yet.",
    "history.none.unfinished": "No unfinished games.",
    # samegame accessibility
    "a11y.title": "Accessibility in samegame: everything works by typed commands and plain lines.",
    "a11y.switches": "Switches of samegame play:",
    "a11y.switch.accessible": "--accessible: plain append-only lines for screen readers and braille displays; no cursor movement, no colour, no redrawing. --no-accessible turns it off.",
    "a11y.switch.verbosity": "--verbosity terse, normal or verbose: terse says one line per move.",
    "a11y.switch.lang": "--lang CODE: the language of every message, one of {languages}.",
    "a11y.switch.color": "--color auto, always or never: colour in the terminal's 16 colours; auto means none when output is not a terminal.",
    "a11y.switch.one_click": "--one-click: a cell removes its group at once, where the rules allow it.",
    "a11y.switch.bell": "--bell: ring the bell on a refused move and at the end; the bell never says anything the text does not.",
    "a11y.switch.symbols": "--symbols letters, shapes or digits: how a sighted player's board is drawn; digits number the tiles 1, 2, 3 and the legend says which number is which colour. Spoken rows keep letters.",
    "a11y.switch.yes": "--yes: answer yes to every question, such as whether to restart after moves.",
    "a11y.variables": "Environment variables:",
    "a11y.var.samegame_accessible": "Set SAMEGAME_ACCESSIBLE to 1 to turn accessible mode on, or to 0 to turn it off; the --accessible switch wins over it.",
    "a11y.var.accessible": "ACCESSIBLE, when not empty, turns accessible mode on; 0 or false turn it off. SAMEGAME_ACCESSIBLE wins over it, and it wins over the saved setting.",
    "a11y.var.no_color": "When NO_COLOR is set, or TERM is dumb, there are no colour codes at all.",
    "a11y.var.home": "SAMEGAME_HOME: the folder for saved games, best scores and settings.",
    "a11y.queries": "Commands in a game that only tell, and never change the game:",
    "a11y.settings": "In a game, settings NAME VALUE changes verbosity, language, accessible, colour, symbols, one-click or bell, and keeps it for the next time.",
    "a11y.json": "Data commands offer --format json: board show, presets, plugins, scores and history.",
    "a11y.input": "Input that is not a terminal, such as a file of moves, is read line by line in the same way, and gives the same transcript every time.",
    "a11y.every_command": "Every command, such as tutorial, accessibility, presets, scores and history as well as play, honours the saved language and accessible setting and takes --lang and --accessible; those switches count for that run only and are never saved. In a game, settings says each value in force and where it came from.",
    "a11y.keys": "z is undo; Escape, at the prompt or alone on a line, or cancel clears the selection.",
    "a11y.long_work.hint": "A hint bot that searches, such as --hint-bot nrpa, says first that it is thinking and for how long; Ctrl-C stops it, says the best move found so far and leaves with the game saved.",
    "a11y.long_work": "Long work, such as solve and bench, says at the start what it does and for how long, gives a few progress lines, and stops at Ctrl-C within a second, keeping the best result so far.",
}
