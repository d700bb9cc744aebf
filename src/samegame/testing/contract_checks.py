"""The checks of one contribution kind each: every call goes through the plugin
host's containment (``samegame.plugin.containment``), exactly as a command makes
it, so a result the toolkit would refuse is a problem here too.

Each check takes the host, the names to check and the ``Trial`` (what to try them
on) and adds to ``Findings``: a problem is one line naming the contribution, and
``checked`` says what was tried.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from samegame.core.board import MAX_HEIGHT, Board
from samegame.core.coords import MAX_COLUMNS
from samegame.core.numbering import BoardSpecError, check_spec, make_board
from samegame.core.rules import Rules
from samegame.plugin.bot_api import BotError, BotOptionError, PlayedGame, play_game
from samegame.plugin.containment import PluginError
from samegame.plugin.contributions import BoardGenerator, BoardSpec, GeneratedBoard

if TYPE_CHECKING:
    from samegame.plugin.contributions import BotFactory, Command
    from samegame.plugin.host import PluginHost

MOST_TILES = MAX_COLUMNS * MAX_HEIGHT
"""The most tiles a board holds (1,300): formulas and penalties are called for every
group size and every count of tiles left up to it."""

SYMBOLS = ("letters", "shapes", "digits")


ADVICE = "allow more with bot_seconds= (check_plugin, samegame_plugin_check)"
"""What a bot game over the kit's limit advises: the kit's own setting, not the
command line's ``--bot-timeout``."""


@dataclass
class Findings:
    """What a check found: problems (one line each) and what it tried."""

    problems: list[str] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Trial:
    """What the contributions are tried on: generator specs and board numbers, the
    preset boards renderers draw and bots play (each with the preset's rules and
    palette), the formulas and penalties claimed non-decreasing, and per bot its
    options and the seconds a game may take (None: the toolkit's own limit)."""

    specs: tuple[BoardSpec, ...]
    numbers: int
    boards: tuple[tuple[str, Board, Rules, tuple[int, ...]], ...]
    monotone: frozenset[str]
    bot_options: dict[str, dict[str, str]]
    bot_seconds: float | None
    seeds: int


def _failure(error: Exception) -> str:
    """A one-line reason: containment's message as it is, anything else typed."""
    if isinstance(error, PluginError | BotError | BotOptionError | BoardSpecError):
        return str(error)
    return f"{type(error).__name__}: {error}"


def _increasing(
    name: str, kind: str, values: list[int], first: int, found: Findings, what: str
) -> None:
    for index in range(1, len(values)):
        if values[index] < values[index - 1]:
            n = first + index
            found.problems.append(
                f"{kind} '{name}' claims to be non-decreasing but gives {values[index - 1]} "
                f"for {n - 1} {what} and {values[index]} for {n}"
            )
            return


def check_formulas(host: PluginHost, names: Iterable[str], trial: Trial, found: Findings) -> None:
    """Points for every group size from 1 to MOST_TILES are whole numbers in range
    (containment's check); claimed non-decreasing from 2 tiles on."""
    for name in names:
        formula = host.formula(name)
        try:
            points = [formula.points(n) for n in range(1, MOST_TILES + 1)]
        except PluginError as error:
            found.problems.append(str(error))
            continue
        if name in trial.monotone:
            _increasing(name, "scoring formula", points[1:], 2, found, "tiles")
        found.checked.append(f"scoring formula '{name}': groups of 1 to {MOST_TILES} tiles")


def check_penalties(
    host: PluginHost, names: Iterable[str], formulas: Iterable[str], trial: Trial, found: Findings
) -> None:
    """Amounts for 1 to MOST_TILES tiles left, with the built-in ``basic`` formula
    and each formula the plugin registers; claimed non-decreasing in tiles left."""
    with_formulas = ["basic", *formulas]
    for name in names:
        penalty = host.penalty(name)
        before = len(found.problems)
        try:
            for formula_name in with_formulas:
                points = host.formula(formula_name).points
                amounts = [penalty.amount(left, points) for left in range(1, MOST_TILES + 1)]
                if name in trial.monotone and len(found.problems) == before:
                    _increasing(name, "penalty", amounts, 1, found, "tiles left")
        except PluginError as error:
            found.problems.append(str(error))
            continue
        found.checked.append(
            f"penalty '{name}': 1 to {MOST_TILES} tiles left with {', '.join(with_formulas)}"
        )


def _spec_for(spec: BoardSpec, min_colours: int) -> BoardSpec:
    return BoardSpec(spec.width, spec.height, max(spec.colours, min_colours))


def check_generators(host: PluginHost, names: Iterable[str], trial: Trial, found: Findings) -> None:
    """Each spec and board number gives a board of the asked size and colours
    (containment), its certificate clears it when one is promised (as
    ``make_board`` checks for every command), and asking twice gives the same
    board and certificate. The first failure of a generator is its problem."""
    for name in names:
        generator = host.generator(name)
        problem, made = _generator_problem(generator, trial)
        if problem is not None:
            found.problems.append(problem)
        else:
            found.checked.append(f"board generator '{name}': {made} boards, each made twice")


def _generator_problem(generator: BoardGenerator, trial: Trial) -> tuple[str | None, int]:
    """The first problem of a generator (or None) and how many boards it made."""
    made = 0
    for asked in trial.specs:
        spec = _spec_for(asked, generator.min_colours)
        try:
            check_spec(spec, generator)
        except BoardSpecError:
            continue
        size = f"{spec.width}x{spec.height} with {spec.colours} colours"
        for number in range(trial.numbers):
            try:
                first = make_board(generator, spec, number)
                again = make_board(generator, spec, number)
            except PluginError as error:
                return str(error), made
            except BoardSpecError as error:
                return f"board generator '{generator.name}' ({size}): {error}", made
            if not _same(first, again):
                return (
                    f"board generator '{generator.name}' gave two different boards for board "
                    f"{number} of {size}; draw every random number from "
                    "samegame.plugin.stable_random"
                ), made
            made += 1
    return None, made


def _same(first: GeneratedBoard, again: GeneratedBoard) -> bool:
    return first.board == again.board and first.certificate == again.certificate


def _boards_of_a_game(board: Board, rules: Rules) -> list[Board]:
    """A start, a middle and an end position: the first legal group removed until
    none is left (the end may be empty)."""
    seen = [board]
    while (groups := board.groups(rules.min_group)) != []:
        board = board.remove(groups[0])
        seen.append(board)
    return [seen[0], seen[len(seen) // 2], seen[-1]]


def check_renderers(host: PluginHost, names: Iterable[str], trial: Trial, found: Findings) -> None:
    """Every renderer returns text (containment) for the start, middle and end of a
    game on each trial board, with every ``symbols`` value and coordinates on and
    off; text that is not empty for a board with tiles."""
    positions = [
        (preset, drawn, palette)
        for preset, board, rules, palette in trial.boards
        for drawn in _boards_of_a_game(board, rules)
    ]
    for name in names:
        renderer = host.renderer(name)
        drawings = 0
        empty: list[str] = []
        try:
            for preset, board, palette in positions:
                for symbols in SYMBOLS:
                    for coordinates in (True, False):
                        options: dict[str, Any] = {
                            "symbols": symbols,
                            "coordinates": coordinates,
                            "palette": list(palette),
                        }
                        text = renderer.render(board, options)
                        if not text.strip() and not board.is_empty():
                            empty.append(f"{preset} ({board.tile_count()} tiles, {symbols})")
                        drawings += 1
        except PluginError as error:
            found.problems.append(str(error))
            continue
        if empty:
            found.problems.append(
                f"renderer '{name}' drew {len(empty)} boards with tiles as empty text, "
                f"the first: {empty[0]}"
            )
            continue
        found.checked.append(f"renderer '{name}': {drawings} drawings of {len(positions)} boards")


def _game(
    factory: BotFactory, options: dict[str, str], board: Board, rules: Rules, seed: int
) -> PlayedGame:
    """One game of a freshly made bot through the match loop."""
    return play_game(factory.create(options), board, rules, seed, factory.name)


def check_bots(host: PluginHost, names: Iterable[str], trial: Trial, found: Findings) -> None:
    """Each bot, made with its trial options, plays every trial board to the end
    through the match loop (every move legal), each game bounded as the toolkit
    bounds it (``samegame.execution.bounded.run_game``; the limit is
    ``game_limit(Trial.bot_seconds, options)``), and plays the same moves again for
    the same seed (records replay a bot by its seed)."""
    from samegame.execution.bounded import game_limit, plugin_parts, run_game

    for name in names:
        factory = host.bot(name)
        options = trial.bot_options.get(name, {})
        limit = game_limit(trial.bot_seconds, options)
        parts = plugin_parts(host, bot=name)
        games = 0
        try:
            for preset, board, rules, _ in trial.boards:
                for seed in range(trial.seeds):
                    work = partial(_game, factory, options, board, rules, seed)
                    first = run_game(work, parts, limit, advice=ADVICE)
                    again = run_game(work, parts, limit, advice=ADVICE)
                    if first.moves != again.moves:
                        raise BotError(
                            f"bot {name} played other moves for the same seed {seed} on a "
                            f"board of the {preset} preset; draw randomness only from the rng "
                            "given to choose"
                        )
                    games += 2
        except (PluginError, BotError, BotOptionError) as error:
            found.problems.append(f"bot '{name}': {_failure(error)}")
            continue
        found.checked.append(f"bot '{name}': {games} games to the end, each within {limit:g} s")


def check_commands(host: PluginHost, names: Iterable[str], found: Findings) -> None:
    """Every command turns into a command-line command whose ``--help`` works, as
    ``samegame NAME --help`` would show it."""
    import typer
    from typer.testing import CliRunner

    for name in names:
        command: Command = host.commands()[name]
        root = typer.Typer(add_completion=False, rich_markup_mode=None)
        root.callback()(lambda: None)
        try:
            if isinstance(command.run, typer.Typer):
                root.add_typer(command.run, name=name, help=command.description)
            else:
                root.command(name, help=command.description)(command.run)
            result = CliRunner().invoke(root, [name, "--help"])
        except Exception as error:
            found.problems.append(f"command '{name}': {_failure(error)}")
            continue
        if result.exit_code != 0 or "Usage" not in result.output:
            raised = result.exception
            reason = f"{type(raised).__name__}: {raised}" if raised else result.output.strip()
            found.problems.append(f"command '{name}': samegame {name} --help failed ({reason})")
            continue
        found.checked.append(f"command '{name}': samegame {name} --help")
