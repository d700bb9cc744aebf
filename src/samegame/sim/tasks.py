"""One simulated game as a pure function of a small, picklable task description.

A ``GameTask`` names everything a game needs by plugin name (formula, penalty,
generator, bot), so it can be sent to another process or a Dask worker; the worker
resolves the names through its own plugin host and plays the game to a record
(``samegame.records.verification.make_record``).

Seed derivation (fixed: changing it changes every simulated game). For root seed
``S`` and game index ``i`` (from 0), with ``samegame.core.rng.derive_seed``:

- board number: ``derive_seed("simulate", S, i, "board") % 10**18`` (the board
  numbers' range, 0 to ``MAX_BOARD_NUMBER``);
- bot seed: ``derive_seed("simulate", S, i, "bot")``; it seeds the bot's
  ``StableRandom`` and is the record's ``seed``.

Neither depends on the bot, the worker count or the executor, so the same command
gives the same records everywhere, and ``compare`` gives every bot the same boards.

A game that calls plugin code (a plugin's scoring formula, penalty, board
generator or bot: ``samegame.execution.bounded.plugin_parts``) runs in a child process
under one time limit (``samegame.execution.bounded.run_game``), the bot's construction
included: ``RunSetup.bot_timeout`` seconds, or by default the bot's ``time`` option
plus a grace, or 60 seconds. A game that overruns is stopped and fails naming the
plugin callable that did not return; a game all of whose parts are built in plays
in the worker itself. A game that fails through a plugin's fault (``GameFailed``
with ``plugin`` true) stops a run with exit code 3, any other failure with 1.

>>> board_number(0, 0), bot_seed(0, 0)
(300183240346671108, 2832657230757330497)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from samegame.bots import Bot, BotError, BotOptionError, GameView, parse_bot_spec, play_game
from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.numbering import MAX_BOARD_NUMBER, make_board
from samegame.core.rng import StableRandom, derive_seed
from samegame.core.rules import Rules
from samegame.core.textboard import board_rows, read_board
from samegame.core.variant import RuleVariant
from samegame.execution import bounded
from samegame.plugin import host as plugins
from samegame.plugin.containment import PluginError, error_words
from samegame.plugin.contributions import BoardSpec
from samegame.plugin.host import PluginHost, UnknownNameError
from samegame.records.verification import make_record

Record = dict[str, Any]


def board_number(root_seed: int, index: int) -> int:
    """The board number of game ``index`` under a root seed."""
    return derive_seed("simulate", root_seed, index, "board") % (MAX_BOARD_NUMBER + 1)


def bot_seed(root_seed: int, index: int) -> int:
    """The bot's seed for game ``index`` under a root seed."""
    return derive_seed("simulate", root_seed, index, "bot")


class GameFailed(RuntimeError):
    """A game that could not be played to the end; the message names the game index,
    the bot and the move. ``plugin`` is true when a plugin is to blame (it failed,
    returned something it must not, never returned, or is missing where the game
    runs). Picklable, so it crosses process and Dask boundaries."""

    def __init__(self, message: str, plugin: bool = False) -> None:
        super().__init__(message)
        self.plugin = plugin

    def __reduce__(self) -> tuple[type[GameFailed], tuple[str, bool]]:
        return (type(self), (str(self), self.plugin))


@dataclass(frozen=True)
class RunSetup:
    """What every game of one bot in a run shares: the preset's name, the rule
    variant (the rules by plugin name), the bot, the root seed and the board source.
    ``board_type`` (a generator name) and ``spec`` are None when the boards are
    given (from a file). ``bot_timeout`` is the most seconds one game of a plugin
    bot may take (None: ``samegame.execution.bounded.game_limit``'s default)."""

    preset: str | None  # None: custom rules (a preset its name does not find)
    variant: RuleVariant
    bot: str
    seed: int
    board_type: str | None = None
    spec: BoardSpec | None = None
    bot_timeout: float | None = None

    @classmethod
    def of(
        cls,
        preset: str | None,
        rules: Rules,
        bot: str,
        seed: int,
        board_type: str | None = None,
        spec: BoardSpec | None = None,
        bot_timeout: float | None = None,
    ) -> RunSetup:
        """A setup from resolved rules."""
        return cls(preset, rules.variant, bot, seed, board_type, spec, bot_timeout)

    def rules(self, host: PluginHost) -> Rules:
        """The rules, resolved through a plugin host (UnknownNameError)."""
        return Rules.from_variant(self.variant, host.formula, host.penalty)


@dataclass(frozen=True)
class GameTask:
    """Game ``index`` of a setup; ``board`` holds the rows (top first) of a given
    board, and is None when the generator makes it from the derived board number."""

    setup: RunSetup
    index: int
    board: tuple[str, ...] | None = None


def game_tasks(
    setups: Sequence[RunSetup], games: int, boards: tuple[tuple[str, ...], ...] = ()
) -> Iterator[GameTask]:
    """Games 0 to ``games - 1``, made one at a time: for each game, every setup's task
    in turn (one setup for a simulation, one per bot for a comparison). Given boards
    are used in turn: game ``i`` plays board ``i % len(boards)``."""
    for index in range(games):
        board = boards[index % len(boards)] if boards else None
        for setup in setups:
            yield GameTask(setup, index, board)


def board_text(board: Board) -> tuple[str, ...]:
    """A board's rows for a task (top first, palette letters)."""
    return tuple("".join(row) for row in board_rows(board))


class _CountingBot:
    """Passes moves through and counts them, so a failure can name its move."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.moves = 0

    def choose(self, view: GameView, rng: StableRandom) -> Cell:
        self.moves += 1
        return self.bot.choose(view, rng)


def _board(task: GameTask, host: PluginHost) -> tuple[Board, int | None]:
    """The task's board and its board number (None for a given board)."""
    if task.board is not None:
        return read_board("\n".join(task.board)), None
    setup = task.setup
    assert setup.board_type is not None, "a setup without given boards names a board type"
    assert setup.spec is not None, "a setup without given boards has a spec"
    number = board_number(setup.seed, task.index)
    return make_board(host.generator(setup.board_type), setup.spec, number).board, number


def game_parts(task: GameTask, host: PluginHost) -> tuple[str, ...]:
    """The plugin contributions a task's game calls (``bounded.plugin_parts``)."""
    setup = task.setup
    return bounded.plugin_parts(
        host,
        formula=setup.variant.formula,
        penalty=setup.variant.penalty,
        generator=setup.board_type if task.board is None else None,
        bot=parse_bot_spec(setup.bot).name,
    )


def play_task(task: GameTask) -> Record:
    """Play one game and return its record. GameFailed if the game cannot be set up
    (a plugin missing where it runs, a board that cannot be made) or the bot fails:
    an illegal choice (a PluginError for a plugin's bot, its plugin's fault; a
    BotError for a built-in one) or any error it raises, with the move number; also
    when plugin code the game calls does not return within the limit (it is
    stopped: see the module's docstring).

    A given board's ``colours`` in the record is the number of colours on it."""
    host = plugins.get_host()
    try:
        options = parse_bot_spec(task.setup.bot).options
        parts = game_parts(task, host)
    except BotOptionError as error:
        raise GameFailed(f"game {task.index} could not be set up ({error})") from None
    limit = bounded.game_limit(task.setup.bot_timeout, options)
    try:
        return bounded.run_game(lambda: _play_task(task, host), parts, limit)
    except PluginError as error:  # the child's process ended or overran
        raise GameFailed(f"game {task.index}: {error}", plugin=True) from None


def check_repeatable(task: GameTask) -> None:
    """Before a run: a plugin's board generator must make the same board for the
    task's board number twice in a row, or the records would name boards that the
    number does not give (a generator drawing from anything but ``stable_random``).
    PluginError, naming the generator and the first differing cell, otherwise;
    built-in generators and given boards are not asked (under the game's limit,
    like a game: ``bounded.run_game``)."""
    setup = task.setup
    if task.board is not None or setup.board_type is None or setup.spec is None:
        return
    host = plugins.get_host()
    parts = bounded.plugin_parts(host, generator=setup.board_type)
    if not parts:
        return
    limit = bounded.game_limit(setup.bot_timeout, parse_bot_spec(setup.bot).options)
    number = board_number(setup.seed, task.index)
    first, second = bounded.run_game(
        lambda: (board_text(_board(task, host)[0]), board_text(_board(task, host)[0])),
        parts,
        limit,
    )
    if first != second:
        difference = _first_difference(first, second)
        raise PluginError(
            f"{parts[0]} made two different boards for board {number} ({difference}); a "
            "generator draws all its randomness from samegame.plugin.stable_random(generator, "
            "spec, number)"
        )


def _first_difference(first: tuple[str, ...], second: tuple[str, ...]) -> str:
    """Where two boards' rows (top first) differ first, in words."""
    for index, (mine, theirs) in enumerate(zip(first, second, strict=False)):
        for col, (a, b) in enumerate(zip(mine, theirs, strict=False)):
            if a != b:
                return f"{Cell(col, len(first) - 1 - index)} is {a} on one and {b} on the other"
    return "their tiles differ"


def _play_task(task: GameTask, host: PluginHost) -> Record:
    """``play_task`` in this process, unbounded."""
    setup = task.setup
    try:
        rules = setup.rules(host)
        spec = parse_bot_spec(setup.bot)
        bot = _CountingBot(host.bot(spec.name).create(spec.options))
        board, number = _board(task, host)
    except PluginError as error:
        raise GameFailed(f"game {task.index}: {error}", plugin=True) from None
    except Exception as error:  # a plugin missing here (UnknownNameError) is exit 3
        raise GameFailed(
            f"game {task.index} could not be set up ({error_words(error)})",
            plugin=isinstance(error, UnknownNameError),
        ) from None
    seed = bot_seed(setup.seed, task.index)
    try:
        played = play_game(bot, board, rules, seed, name=setup.bot)
    except PluginError as error:  # it names the plugin and the move
        raise GameFailed(f"game {task.index}: {error}", plugin=True) from None
    except BotError as error:  # it names the bot and the move
        raise GameFailed(f"game {task.index}: {error}") from None
    except Exception as error:
        raise GameFailed(
            f"game {task.index}: bot {setup.bot} failed at move {bot.moves} ({error_words(error)})"
        ) from None
    return make_record(
        played,
        board=board,
        rules=rules,
        preset=setup.preset,
        generator=setup.board_type if number is not None else None,
        generator_version=(
            host.generator(setup.board_type).version
            if number is not None and setup.board_type is not None
            else None
        ),
        board_number=number,
        colours=setup.spec.colours if setup.spec is not None else len(board.colour_counts()),
        bot=setup.bot,
        seed=seed,
        host=host,
    )
