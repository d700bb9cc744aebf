"""Help pages (``samegame ... --help``): each command's description, paragraph by
paragraph, each option's and argument's help, and the page's own words. The keys
name the command tree (``samegame.cli.help_language``): ``cli.play`` is the first
paragraph of ``play``'s description, ``cli.play.2`` the second,
``cli.play.--preset`` the help of an option by its first long name. What a player
types with a symbol in it is a parameter (``{nrpa_level}``; ``TYPED`` there).
The English is the help the code gives; a test checks that they are the same."""

from __future__ import annotations

from collections.abc import Mapping

# Help that several commands' options share.
LANG_SAVED = (
    "Language code; samegame accessibility lists them (default: the saved setting, else en)."
)
TEXT_OR_JSON = "text or json."
ACCESSIBLE_SAVED = "Plain append-only lines for screen readers (default: the saved setting)."
PRESET = "Preset name or path to a preset YAML file."
EXECUTOR = "local, process or dask (default: local for one worker)."
SCHEDULER = "Dask scheduler address (with --executor dask)."
SIZE = "A size name of the preset, or WxH (columns x rows)."
COLOURS = "Number of colours (overrides the size's)."
BOARD_TYPE = "Board type (generator), for example solvable."
WORKERS = "Games at once (process pool or local Dask cluster)."
BOT_TIMEOUT = "Seconds one game that calls plugin code (a plugin's bot, formula, penalty or board generator) may take before it is stopped with exit 3 (default: the bot's time option plus 5, else 60)."
BOARD_NUMBER = "Board number: the same number gives the same board."
SYMBOLS = "How tiles are drawn for a sighted player: letters, shapes or digits (1 to 9, the legend says which colour each is); default: the saved setting."
BOT_EXAMPLES = "Bot and options, for example {nrpa_level} or {beam_width}."
OUT = "Write one game record per line here."
BOT_SEED = "Root seed of the bot's choices."
GAMES = "Number of games (boards)."
ROOT_SEED = "Root seed: boards and bot seeds derive from it."
BOARDS = "Play these boards in turn (text or digit format) instead."
FORMULA = "Scoring formula, where the preset allows a choice."
CLEAR_BONUS = "Points for clearing the board."
BOARD_FILE = "Board text file ('-' for standard input)."

MESSAGES: Mapping[str, str] = {
    # The page's own words (click's and Typer's).
    "help_page.usage": "Usage",
    "help_page.usage.options": "[OPTIONS]",
    "help_page.usage.command": "COMMAND [ARGS]",
    "help_page.options": "Options",
    "help_page.commands": "Commands",
    "help_page.arguments": "Arguments",
    "help_page.help_option": "Show this message and exit.",
    "help_page.default": "default: {value}",
    "help_page.required": "required",
    "help_page.separator": "; ",
    "help_page.range": "{low} to {high}",
    "help_page.range.low": "{low} or more",
    "help_page.range.high": "{high} or less",
    "help_page.type.str": "str",
    "help_page.type.int": "int",
    "help_page.type.float": "float",
    "help_page.type.int_range": "int range",
    "help_page.type.path": "path",
    "help_page.type.list_str": "list[str]",
    # samegame
    "cli": "SameGame: play, replay and study the tile-removal puzzle.",
    "cli.--version": "Show the version.",
    # samegame accessibility
    "cli.accessibility": "List every accessibility switch, environment variable and query command.",
    "cli.accessibility.--lang": LANG_SAVED,
    "cli.accessibility.--accessible": ACCESSIBLE_SAVED,
    # samegame bench
    "cli.bench": "Measure bots on benchmark positions.",
    # samegame bench standard
    "cli.bench.standard": "Play a bot on the 20 standard research positions (15 by 15, 5 colours, n minus 2, squared, and 1000 for a clear) and compare with the published scores, one line per position.",
    "cli.bench.standard.2": "Position p's bot seed derives from (--seed, p). The records verify with 'samegame verify'. With --executor process or dask, positions are played at once by the executor's workers (the same games as here with a fixed budget).",
    "cli.bench.standard.--bot": BOT_EXAMPLES,
    "cli.bench.standard.--time-per-position": "Seconds per position (sets the bot's time).",
    "cli.bench.standard.--positions": "Positions to play, e.g. {all_positions} or {some_positions}.",
    "cli.bench.standard.--out": OUT,
    "cli.bench.standard.--seed": BOT_SEED,
    "cli.bench.standard.--format": TEXT_OR_JSON,
    "cli.bench.standard.--workers": WORKERS,
    "cli.bench.standard.--executor": EXECUTOR,
    "cli.bench.standard.--scheduler": SCHEDULER,
    "cli.bench.standard.--bot-timeout": BOT_TIMEOUT,
    "cli.bench.standard.--lang": LANG_SAVED,
    # samegame board
    "cli.board": "Look at boards.",
    # samegame board groups
    "cli.board.groups": "Print the groups of the board a board number gives, largest first, with the cell that selects each, where it lies and its points under the preset's rules.",
    "cli.board.groups.2": "The text is sentences in any mode; {accessible_option} is taken as every command takes it, and the saved language is spoken.",
    "cli.board.groups.--preset": PRESET,
    "cli.board.groups.--size": SIZE,
    "cli.board.groups.--colours": COLOURS,
    "cli.board.groups.--board-type": BOARD_TYPE,
    "cli.board.groups.--board-number": BOARD_NUMBER,
    "cli.board.groups.--format": "text (a sentence a group, as the groups query in play says it) or json.",
    "cli.board.groups.--lang": LANG_SAVED,
    "cli.board.groups.--accessible": ACCESSIBLE_SAVED,
    # samegame board show
    "cli.board.show": "Print the board that a board number gives under a preset, size and colour count.",
    "cli.board.show.2": "The text format speaks the saved language; in accessible mode it reads the rows as play's board command does instead of drawing them.",
    "cli.board.show.--preset": PRESET,
    "cli.board.show.--size": SIZE,
    "cli.board.show.--colours": COLOURS,
    "cli.board.show.--board-type": BOARD_TYPE,
    "cli.board.show.--board-number": BOARD_NUMBER,
    "cli.board.show.--solution": "Also print the clearing moves of a solvable board.",
    "cli.board.show.--format": "text (coordinates and legend), board (the plain text format), json, or any renderer: svg, ansi and those plugins add (samegame plugins lists them).",
    "cli.board.show.--symbols": SYMBOLS,
    "cli.board.show.--coordinates": "Column letters and row numbers round a drawn board (default: on).",
    "cli.board.show.--lang": LANG_SAVED,
    "cli.board.show.--accessible": ACCESSIBLE_SAVED,
    # samegame compare
    "cli.compare": "Play several bots on the same boards: mean scores with 95 percent intervals, clear rates and paired differences against the first bot. The --require- options make it a gate for CI: exit 1 when one is not met. --out writes the games as verifiable records, as simulate --out does.",
    "cli.compare.--bots": "Bots to compare, e.g. {bots}.",
    "cli.compare.--preset": PRESET,
    "cli.compare.--games": GAMES,
    "cli.compare.--seed": ROOT_SEED,
    "cli.compare.--size": SIZE,
    "cli.compare.--colours": COLOURS,
    "cli.compare.--board-type": BOARD_TYPE,
    "cli.compare.--boards": BOARDS,
    "cli.compare.--workers": WORKERS,
    "cli.compare.--executor": EXECUTOR,
    "cli.compare.--scheduler": SCHEDULER,
    "cli.compare.--format": TEXT_OR_JSON,
    "cli.compare.--require-better": "A,B: fail (exit 1) unless bot A beats bot B with 95 percent confidence.",
    "cli.compare.--require-mean": "{bot_score}: fail (exit 1) unless the bot's mean is SCORE or more.",
    "cli.compare.--bot-timeout": BOT_TIMEOUT,
    "cli.compare.--out": "Write every game's record here, one per line.",
    "cli.compare.--lang": LANG_SAVED,
    # samegame history
    "cli.history": "Finished games, newest first (or unfinished ones), reviewed games marked; resume or replay one with samegame play --game ID, review it with samegame review --game ID.",
    "cli.history.--limit": "How many games.",
    "cli.history.--unfinished": "List unfinished games instead.",
    "cli.history.--format": TEXT_OR_JSON,
    "cli.history.--lang": LANG_SAVED,
    "cli.history.--accessible": ACCESSIBLE_SAVED,
    # samegame play
    "cli.play": "Play SameGame in the line interface; an unfinished game of the same rules resumes.",
    "cli.play.2": "Type help in the game for every command. Games are saved after every move.",
    "cli.play.--preset": PRESET,
    "cli.play.--size": SIZE,
    "cli.play.--colours": COLOURS,
    "cli.play.--board-type": BOARD_TYPE,
    "cli.play.--board-number": BOARD_NUMBER,
    "cli.play.--formula": FORMULA,
    "cli.play.--clear-bonus": CLEAR_BONUS,
    "cli.play.--accessible": "Plain append-only lines for screen readers (also {accessible_variable}).",
    "cli.play.--verbosity": "terse, normal or verbose.",
    "cli.play.--lang": "Language code; samegame accessibility lists them.",
    "cli.play.--color": "auto, always or never.",
    "cli.play.--one-click": "Remove with one click, where the preset allows it.",
    "cli.play.--bell": "Ring the bell on a refused move and at the end.",
    "cli.play.--game": "Resume this saved game, or replay a finished one as practice (see history).",
    "cli.play.--yes": "Answer yes to every question.",
    "cli.play.--renderer": "How the board is drawn for a sighted player: text, ansi or a plugin's renderer (default: ansi in colour, else text; accessible mode reads rows).",
    "cli.play.--fresh": "Start afresh instead of resuming the unfinished game of this board (asks first when it has moves); for a challenge, start a new one.",
    "cli.play.--symbols": SYMBOLS,
    "cli.play.--hint-bot": "A bot that gives the hints, for example {nrpa_time} or tabu.",
    # samegame plugin
    "cli.plugin": "Start a plugin package.",
    # samegame plugin new
    "cli.plugin.new": "Make the folder samegame-NAME: a plugin package with one contribution of each kind, a preset, tests that use samegame's testing kit, and ci.sh.",
    "cli.plugin.new.name": "The plugin's name, such as my-rules: lower-case, digits, -.",
    "cli.plugin.new.--directory": "Where to make the folder samegame-NAME.",
    # samegame plugins
    "cli.plugins": "List plugins (built-in and installed) with versions and what each registers.",
    "cli.plugins.--format": TEXT_OR_JSON,
    "cli.plugins.--check": "Exit with code 3 when any plugin has a problem, each on an Error: line.",
    # samegame presets
    "cli.presets": "List and describe rule sets.",
    # samegame presets list
    "cli.presets.list": "List every preset: built-in, from plugins and from your config folder.",
    "cli.presets.list.--format": TEXT_OR_JSON,
    "cli.presets.list.--lang": LANG_SAVED,
    "cli.presets.list.--accessible": ACCESSIBLE_SAVED,
    # samegame presets schema
    "cli.presets.schema": "Print the JSON Schema of a preset file, for an editor's YAML language server.",
    # samegame presets show
    "cli.presets.show": "Describe one preset: scoring, sizes, colours, board types, undo and hints.",
    "cli.presets.show.name": "Preset name or path to a YAML file.",
    "cli.presets.show.--format": TEXT_OR_JSON,
    "cli.presets.show.--lang": LANG_SAVED,
    "cli.presets.show.--accessible": ACCESSIBLE_SAVED,
    # samegame replay
    "cli.replay": "Play moves on a board (a file or a board number) and report every move and the result.",
    "cli.replay.2": "An illegal move stops the replay with a one-line error naming the move (exit 1).",
    "cli.replay.--moves": 'Moves, for example "C1 D4 A2".',
    "cli.replay.--preset": PRESET,
    "cli.replay.--board": BOARD_FILE,
    "cli.replay.--board-number": BOARD_NUMBER,
    "cli.replay.--size": SIZE,
    "cli.replay.--colours": COLOURS,
    "cli.replay.--board-type": BOARD_TYPE,
    "cli.replay.--formula": FORMULA,
    "cli.replay.--clear-bonus": CLEAR_BONUS,
    "cli.replay.--format": TEXT_OR_JSON,
    "cli.replay.--lang": LANG_SAVED,
    # samegame review
    "cli.review": "Review a game: each move's points lost against the best line a search finds, its label (best, good, inaccuracy, mistake, blunder), the better move and why.",
    "cli.review.2": "A saved game's review is kept with it, so asking again costs nothing; a stopped review goes on from where it stopped. The search gives a bound from below: a move is called worse than best only when a better line was found.",
    "cli.review.records": "A file of game records (JSON lines), instead of a saved game.",
    "cli.review.--game": "The saved game to review (default: the last finished game).",
    "cli.review.--index": "Which record of the file to review, from 1.",
    "cli.review.--worst": "Review every record of the file and tell the N costliest moves of them all.",
    "cli.review.--practice": "After the review, put you on the position before each costly move and judge your better move (nothing is saved).",
    "cli.review.--all": "Tell every move, not only the costly ones.",
    "cli.review.--seed": "The searches' seed.",
    "cli.review.--iterations": "The search's iterations a level at each position: its work grows as the cube of this (default 30; a review is the same for the same number and seed).",
    "cli.review.--format": TEXT_OR_JSON,
    "cli.review.--workers": "Positions valued at once, in worker processes (the review is the same).",
    "cli.review.--executor": EXECUTOR,
    "cli.review.--scheduler": SCHEDULER,
    "cli.review.--lang": LANG_SAVED,
    "cli.review.--accessible": ACCESSIBLE_SAVED,
    # samegame scores
    "cli.scores": "Best scores for each rule set and for challenges; equal scores share a rank. Each rule set also counts its finished games and cleared boards, practice included.",
    "cli.scores.--limit": "Scores per rule set.",
    "cli.scores.--format": TEXT_OR_JSON,
    "cli.scores.--lang": LANG_SAVED,
    "cli.scores.--accessible": ACCESSIBLE_SAVED,
    # samegame serve
    "cli.serve": "Serve the game as a web page on this machine, for a browser and a screen reader.",
    "cli.serve.--host": "The address to serve on (default 127.0.0.1, this machine only; another address lets other machines play and read your games).",
    "cli.serve.--port": "The port (default 0: any free port).",
    "cli.serve.--open": "Open the page in the default browser.",
    "cli.serve.--lang": LANG_SAVED,
    "cli.serve.--accessible": ACCESSIBLE_SAVED,
    # samegame simulate
    "cli.simulate": "Play a bot on many boards, reproducibly, and summarise the scores.",
    "cli.simulate.2": "Game i's board number and bot seed derive from (--seed, i), so the records are the same with any number of workers or executor (only 'seconds' differs).",
    "cli.simulate.--bot": "Bot and options, e.g. {lookahead_depth}.",
    "cli.simulate.--preset": PRESET,
    "cli.simulate.--games": GAMES,
    "cli.simulate.--seed": ROOT_SEED,
    "cli.simulate.--size": SIZE,
    "cli.simulate.--colours": COLOURS,
    "cli.simulate.--board-type": BOARD_TYPE,
    "cli.simulate.--boards": BOARDS,
    "cli.simulate.--workers": WORKERS,
    "cli.simulate.--executor": EXECUTOR,
    "cli.simulate.--scheduler": SCHEDULER,
    "cli.simulate.--out": OUT,
    "cli.simulate.--format": TEXT_OR_JSON,
    "cli.simulate.--bot-timeout": BOT_TIMEOUT,
    "cli.simulate.--lang": LANG_SAVED,
    # samegame solve
    "cli.solve": "Search a board with a bot and print the best line found: its moves and score.",
    "cli.solve.2": "The JSON output is exactly what 'samegame replay --format json' prints for those moves; replay them with 'samegame replay --board FILE --moves \"MOVES\"'. With --searches N (on an executor's workers with --executor process or dask) N independent searches run and the best line is kept. A plugin's bot is stopped at --bot-timeout seconds (default: --time plus 5, else 60) with exit 3.",
    "cli.solve.--board": BOARD_FILE,
    "cli.solve.--bot": BOT_EXAMPLES,
    "cli.solve.--preset": PRESET,
    "cli.solve.--time": "Seconds to search (sets the bot's time).",
    "cli.solve.--seed": BOT_SEED,
    "cli.solve.--format": TEXT_OR_JSON,
    "cli.solve.--searches": "Independent searches, the best kept (default: 1, or one per worker).",
    "cli.solve.--workers": WORKERS,
    "cli.solve.--executor": EXECUTOR,
    "cli.solve.--scheduler": SCHEDULER,
    "cli.solve.--bot-timeout": BOT_TIMEOUT,
    "cli.solve.--lang": LANG_SAVED,
    # samegame tutorial
    "cli.tutorial": "An interactive lesson in seven steps on one small position: groups, scoring, falling and closing columns, then three moves of your own (nothing is saved).",
    "cli.tutorial.--lang": LANG_SAVED,
    "cli.tutorial.--accessible": ACCESSIBLE_SAVED,
    "cli.tutorial.--symbols": SYMBOLS,
    # samegame verify
    "cli.verify": "Replay every game record and report each mismatch as FILE:LINE: problem.",
    "cli.verify.2": "Exit 1 if any record does not verify or cannot be checked here, a line cannot be read or a file has no records; 4 if a file cannot be read; 130 on Ctrl-C.",
    "cli.verify.files": "Record files (JSON lines) to replay.",
    "cli.verify.--format": TEXT_OR_JSON,
    "cli.verify.--schema": "Print the record format's JSON Schema and stop.",
    "cli.verify.--replay-bots": "Replay each bot with its seed (off for bots with a time budget).",
    "cli.verify.--max-replay-seconds": "Most seconds one record's bot replay may take; a record over it is not checked.",
    "cli.verify.--workers": "Records replayed at once, in worker processes (the report is the same).",
    "cli.verify.--executor": EXECUTOR,
    "cli.verify.--scheduler": SCHEDULER,
    "cli.verify.--lang": LANG_SAVED,
}
