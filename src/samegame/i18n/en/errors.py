"""Errors of the command line: the words after ``Error:`` (docs/i18n.md)."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str | Mapping[str, str]] = {
    # the command line's own words around an error
    "error.see_help": "{message}. See '{command} --help'.",
    "error.interrupted": "interrupted; nothing was lost",
    "error.terminated": "terminated; nothing was lost",
    "error.warning.settings": "{problem}; using the default settings",
    # options the command line could not read
    "error.usage.no_such_option": "No such option: {option}",
    "error.usage.no_such_option.maybe": "No such option: {option} (Possible options: {options})",
    "error.usage.no_such_command": "No such command '{name}'",
    "error.usage.no_such_command.maybe": "No such command '{name}' (did you mean {commands})",
    "error.usage.needs_value": "Option '{option}' requires an argument",
    "error.usage.missing": "Missing option {option}",
    "error.usage.missing_argument": "Missing argument {option}",
    "error.usage.extra": "Got unexpected extra argument(s) ({text})",
    "error.usage.not_whole_number": "Invalid value for {option}: '{value}' is not a whole number; write it in digits 0 to 9",
    "error.usage.not_number": "Invalid value for {option}: '{value}' is not a number; write it in digits 0 to 9",
    "error.usage.too_small": "Invalid value for {option}: {value} is too small; give {low} or more",
    "error.usage.too_large": "Invalid value for {option}: {value} is too large; give {high} or less",
    "error.usage.not_a_choice": "Invalid value for {option}: '{value}' is not one of {choices}",
    "error.usage.bad_value": "Invalid value for {option}: {problem}",
    # languages, presets, plugins' names
    "error.language.unknown": "language '{name}' is not available; use --lang en or --lang ja",
    "error.preset.unknown": "no preset named '{name}'; known: {known}",
    "error.preset.no_board_type": "board type '{board_type}' is not offered by the {preset} preset; choose {choices}",
    "error.preset.no_colours": "{colours} colours is not offered by the {preset} preset; choose {choices}",
    "error.preset.no_formula_choice": "the {preset} preset does not let you choose the scoring formula (it uses {formula})",
    "error.preset.no_bonus": "the {preset} preset does not offer a clear bonus of {bonus}; choose {choices}",
    "error.preset.no_selection": "the {preset} preset does not offer {selection} selection; choose {choices}",
    "error.bonus.negative": "the clear bonus cannot be negative ({bonus})",
    "error.bonus.too_large": "the clear bonus must be at most {most}, not {bonus}",
    "error.name.unknown": "no {kind} is named '{name}'; known: {known}",
    "error.kind.scoring_formula": "scoring formula",
    "error.kind.penalty": "penalty",
    "error.kind.board_generator": "board generator",
    "error.kind.renderer": "renderer",
    "error.kind.bot": "bot",
    "error.renderer.unknown": "{option} '{name}' is not known; choose one of the renderers: {known}",
    # sizes and numbers of a board
    "error.size.unknown": "size '{size}' is not one of {names}; or give WxH such as {width}x{height}",
    "error.size.width": "width {width} is not possible; use 1 to {high} columns",
    "error.size.height": "height {height} is not possible; use 1 to {high} rows",
    "error.size.colours": "{colours} colours is not possible for a board; use {low} to {high}",
    "error.size.colours.type": "{colours} colours is not possible for the {board_type} board type; use {low} to {high}",
    "error.board_number.negative": "the board number must be 0 or more",
    "error.board_number.range": "board number {number} is out of range; use 0 to {high}",
    # files
    "error.file.missing": "cannot read {path}: No such file or directory; check the path",
    "error.plugin_option.value": "{option} needs a value: the module (-p, --plugin) or the folder (--plugins-dir) of the plugin to load",
    "error.plugins_dir.missing": "--plugins-dir {path} is not a folder; give a folder of .py plugin files",
    "error.file.unreadable": "cannot read {path}: {problem}; check the path",
    "error.file.not_text": "{path} is not a text file; give a board in the text format",
    "error.file.too_large": "{path} is larger than {limit} bytes, the most samegame reads from one file; give a board in the text format",
    "error.file.board": "{path}: {problem}",
    "error.replay.board_choice": "give exactly one of --board FILE and --board-number N",
    # saved games
    "error.game.unknown": "there is no saved game {game}; see samegame history",
    "error.store.damaged": "{path} is not a samegame database or is damaged; move it away (a new one is then started) or set {variable} to another folder",
    "error.store.newer": "{path} was written by a newer samegame (database format {version}, this version reads format {readable}); upgrade samegame or set {variable} to another folder",
    "error.store.damaged_game": "saved game {game} in {path} is damaged ({problem}); it is left as it is: play another game (samegame play --fresh or --game ID), or move the database away or set {variable} to start afresh",
}
