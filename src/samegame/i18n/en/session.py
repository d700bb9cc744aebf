"""Settings, parsing, leaving and help in a game."""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: Mapping[str, str | Mapping[str, str]] = {
    # settings
    "setting": "{name}: {value}",
    "setting.source": "{name}: {value}, {source}",
    "setting.from.flag": "from the command line",
    "setting.from.environment": "from the environment",
    "setting.from.saved": "saved",
    "setting.from.default": "the default",
    "error.setting_words": "Write settings NAME VALUE, for example settings verbosity terse.",
    "error.setting_unknown": "There is no setting {name}; the settings are {names}.",
    "error.setting_value": "{name} cannot be {value}; choose {choices}.",
    # parsing
    "error.unknown": "'{text}' is not a command or a cell; type help for the list.",
    "error.cell_argument": "'{text}' is not a cell; write cell C5.",
    "error.row_argument": "'{text}' is not a row number; write row 5, in digits 0 to 9.",
    "error.column_argument": "'{text}' is not a column; write column C or column 3, in digits 0 to 9.",
    "error.groups_argument": "'{text}' is not a colour, a size or a column; write groups red, groups 5 or groups C.",
    "error.no_argument": "{command} takes nothing after it; '{text}' was ignored, nothing done.",
    # leaving
    "bye.saved": "Game saved. Type {command} to come back to it.",
    "bye.finished": "Goodbye.",
    # help
    "help.intro": "Type a cell such as C5 to select its group, then the same cell or remove to remove it. Commands, with short forms:",
    "help.remove": "{word} ({short}): remove the selected group.",
    "help.cancel": "{word} ({short}): clear the selection.",
    "help.undo": "{word} ({short}): take back the last move.",
    "help.redo": "{word} ({short}): play an undone move again.",
    "help.restart": "{word} ({short}): back to the starting board.",
    "help.new": "{word} ({short}): a new board.",
    "help.next": "{word} ({short}): the next challenge stage.",
    "help.hint": "{word} ({short}): suggest a group, with a reason.",
    "help.quit": "{word} ({short}): leave; the game stays saved.",
    "help.help": "{word} ({short}): this list.",
    "help.board": "{word} ({short}): every row, top first.",
    "help.row": "{word} ({short}) N: one row, for example row 5; row 5 names says colour names instead of letters.",
    "help.column": "{word} ({short}) C: one column from the bottom, for example column C; column C names says colour names.",
    "help.cell": "{word} ({short}) C5: what is at a cell.",
    "help.groups": "{word} ({short}) [colour, size or column]: every group, largest first; groups red, groups 5 or groups C narrow it.",
    "help.more": "{word} ({short}): the rest of a long answer.",
    "help.summary": "{word} ({short}): score, moves, tiles and groups left.",
    "help.colours": "{word} ({short}): tiles left of each colour.",
    "help.score": "{word} ({short}): the score.",
    "help.last": "{word} ({short}): say the last move's announcement again; questions asked since do not replace it.",
    "help.coords": "{word} ({short}): how cells are named.",
    "help.rules": "{word} ({short}): the rules of this game.",
    "help.settings": "{word} ({short}) [NAME VALUE]: show or change verbosity, language, accessible, colour, symbols, one-click, bell.",
    "help.verbosity": "{word} ({short}) terse, normal or verbose: how much is said after a move.",
}
