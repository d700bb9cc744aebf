"""The checks of one contribution kind each: every call goes through the plugin
host's containment (``samegame.plugin.containment``), exactly as a command makes
it, so a result the toolkit would refuse is a problem here too.

Each check takes the host, the names to check and the ``Trial`` (what to try them
on) and adds to ``Findings``: a problem is one line naming the contribution, and
``checked`` says what was tried.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from samegame.core.board import MAX_HEIGHT, Board
from samegame.core.coords import MAX_COLUMNS, Cell
from samegame.core.numbering import BoardSpecError, check_spec, make_board
from samegame.core.rules import Rules
from samegame.plugin.bot_api import BotError, BotOptionError, PlayedGame, play_game
from samegame.plugin.containment import PluginError
from samegame.plugin.contributions import BoardGenerator, BoardSpec, GeneratedBoard
from samegame.testing.fresh_boards import Asked, Elsewhere, boards_elsewhere, drawn

if TYPE_CHECKING:
    from samegame.plugin.contributions import BotFactory, Command
    from samegame.plugin.host import PluginHost

MOST_TILES = MAX_COLUMNS * MAX_HEIGHT
"""The most tiles a board holds (1,300): formulas and penalties are called for every
group size and every count of tiles left up to it."""

SYMBOLS = ("letters", "shapes", "digits")

_R = TypeVar("_R")


ADVICE = "allow more with bot_seconds= (check_plugin, samegame_plugin_check)"
"""What a bot game over the kit's limit advises: the kit's own setting, not the
command line's ``--bot-timeout``."""

CALL_ADVICE = "allow more with call_seconds= (check_plugin, samegame_plugin_check)"
"""What a formula, penalty, generator or renderer over the kit's limit advises."""

CALL_SECONDS = 10.0
"""The kit's default limit on one bounded batch of calls of a formula, penalty,
generator or renderer (``Trial.call_seconds``)."""


@dataclass
class Findings:
    """What a check found: problems (one line each) and what it tried."""

    problems: list[str] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Trial:
    """What the contributions are tried on: generator specs and board numbers, the
    preset boards renderers draw and bots play (each with the preset's rules and
    palette), the formulas and penalties claimed non-decreasing, per bot its
    options and the seconds a game may take (None: the toolkit's own limit), and
    the seconds one batch of calls of a formula, penalty, generator or renderer
    may take (``bounded_calls``)."""

    specs: tuple[BoardSpec, ...]
    numbers: int
    boards: tuple[tuple[str, Board, Rules, tuple[int, ...]], ...]
    monotone: frozenset[str]
    bot_options: dict[str, dict[str, str]]
    bot_seconds: float | None
    seeds: int
    call_seconds: float = CALL_SECONDS
    elsewhere: Elsewhere | None = None


def _failure(error: Exception) -> str:
    """A one-line reason: containment's message as it is, anything else typed."""
    if isinstance(error, PluginError | BotError | BotOptionError | BoardSpecError):
        return str(error)
    return f"{type(error).__name__}: {error}"


def contribution_parts(host: PluginHost, kind: str, name: str) -> tuple[str, ...]:
    """The words naming a plugin's contribution (``plugin NAME (DIST VERSION): KIND
    'NAME'``) as ``bounded.run_game`` takes them; ``()`` for a built-in's."""
    source = host.third_party(kind, name)
    return () if source is None else (f"plugin {source}: {kind} '{name}'",)


def bounded_calls(work: Callable[[], _R], parts: tuple[str, ...], seconds: float) -> _R:
    """``work()``, calls of the contribution ``parts`` names, under the bound every
    command puts on plugin code (``samegame.execution.bounded.run_game``): in a
    child process stopped after ``seconds``; a call that never returns is a
    PluginError naming it and advising ``call_seconds=``."""
    from samegame.execution.bounded import run_game

    return run_game(work, parts, seconds, advice=CALL_ADVICE)


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
            points = bounded_calls(
                partial(_points, formula.points),
                contribution_parts(host, "scoring formula", name),
                trial.call_seconds,
            )
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
        parts = contribution_parts(host, "penalty", name)
        before = len(found.problems)
        try:
            for formula_name in with_formulas:
                points = host.formula(formula_name).points
                amounts = bounded_calls(
                    partial(_amounts, penalty.amount, points), parts, trial.call_seconds
                )
                if name in trial.monotone and len(found.problems) == before:
                    _increasing(name, "penalty", amounts, 1, found, "tiles left")
        except PluginError as error:
            found.problems.append(str(error))
            continue
        found.checked.append(
            f"penalty '{name}': 1 to {MOST_TILES} tiles left with {', '.join(with_formulas)}"
        )


def _points(points: Callable[[int], int]) -> list[int]:
    return [points(n) for n in range(1, MOST_TILES + 1)]


def _amounts(
    amount: Callable[[int, Callable[[int], int]], int], points: Callable[[int], int]
) -> list[int]:
    return [amount(left, points) for left in range(1, MOST_TILES + 1)]


def _spec_for(spec: BoardSpec, min_colours: int) -> BoardSpec:
    return BoardSpec(spec.width, spec.height, max(spec.colours, min_colours))


def check_generators(host: PluginHost, names: Iterable[str], trial: Trial, found: Findings) -> None:
    """Each spec and board number gives a board of the asked size and colours
    (containment), its certificate clears it when one is promised (as
    ``make_board`` checks for every command), asking twice gives the same board
    and certificate, and so does asking again in a fresh process with another
    ``PYTHONHASHSEED`` (``fresh_boards``). The first failure of a generator is its
    problem."""
    for name in names:
        generator = host.generator(name)
        parts = contribution_parts(host, "board generator", name)
        problem, made = _generator_problem(generator, trial, parts)
        if problem is None:
            problem, elsewhere = _fresh_problem(name, made, trial)
        if problem is not None:
            found.problems.append(problem)
        else:
            found.checked.append(
                f"board generator '{name}': {len(made)} boards, each made twice, {elsewhere}"
            )


def _fresh_problem(
    name: str, made: list[tuple[Asked, GeneratedBoard]], trial: Trial
) -> tuple[str | None, str]:
    """The boards made again in a fresh process: a problem for the first that
    differs, and words for ``checked``."""
    if trial.elsewhere is None:
        return None, "not asked in a fresh process (give the module or the installed name)"
    asked = [spec for spec, _ in made]
    try:
        again = boards_elsewhere(trial.elsewhere, asked, 30 + trial.call_seconds * len(asked))
    except (RuntimeError, ValueError) as error:
        return f"board generator '{name}': its boards could not be asked again: {error}", ""
    for (spec, here), there in zip(made, again, strict=True):
        if drawn(here) != there:
            _, width, height, colours, number = spec
            return (
                f"board generator '{name}' gave another board for board {number} of "
                f"{width}x{height} with {colours} colours in a fresh process (another "
                "PYTHONHASHSEED); a board number must give one board in every process: "
                "draw every random number from samegame.plugin.stable_random, never from "
                "hash() of a string or the order of a set"
            ), ""
    return None, "the same in a fresh process"


def _twice(generator: BoardGenerator, spec: BoardSpec, number: int) -> tuple[GeneratedBoard, ...]:
    return make_board(generator, spec, number), make_board(generator, spec, number)


def _generator_problem(
    generator: BoardGenerator, trial: Trial, parts: tuple[str, ...]
) -> tuple[str | None, list[tuple[Asked, GeneratedBoard]]]:
    """The first problem of a generator (or None) and the boards it made; each
    board asked twice in one bounded call (``bounded_calls``)."""
    made: list[tuple[Asked, GeneratedBoard]] = []
    for asked in trial.specs:
        spec = _spec_for(asked, generator.min_colours)
        try:
            check_spec(spec, generator)
        except BoardSpecError:
            continue
        size = f"{spec.width}x{spec.height} with {spec.colours} colours"
        for number in range(trial.numbers):
            try:
                first, again = bounded_calls(
                    partial(_twice, generator, spec, number), parts, trial.call_seconds
                )
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
            key = (generator.name, spec.width, spec.height, spec.colours, number)
            made.append((key, first))
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


def _selections(board: Board, min_group: int) -> list[list[Cell]]:
    """What ``play`` may have selected on a board: nothing, and (when there is a
    legal group) its largest group, column by column as ``play`` passes it."""
    groups = board.groups(min_group)
    if not groups:
        return [[]]
    largest = max(groups, key=lambda group: group.size)
    return [[], board.cells(largest.mask)]


def _drawings(
    render: Callable[[Board, dict[str, Any]], str],
    board: Board,
    palette: tuple[int, ...],
    min_group: int,
) -> list[tuple[str, bool, bool]]:
    """Every drawing of one position: each ``symbols`` value, coordinates on and
    off, with and without a selection, through ``drawing_options`` (the options
    ``board show`` and ``play`` give). For each, ``(symbols, selected, empty)``."""
    from samegame.plugin.contributions import drawing_options

    drawn = []
    for selected in _selections(board, min_group):
        for symbols in SYMBOLS:
            for coordinates in (True, False):
                options = drawing_options(
                    symbols, palette, coordinates=coordinates, selected=selected
                )
                text = render(board, options)
                drawn.append((symbols, bool(selected), not text.strip()))
    return drawn


def check_renderers(host: PluginHost, names: Iterable[str], trial: Trial, found: Findings) -> None:
    """Every renderer returns text (containment) for the start, middle and end of a
    game on each trial board, with every ``symbols`` value, coordinates on and off,
    and with nothing and a group selected (``play`` always passes ``selected``);
    text that is not empty for a board with tiles. Each position's drawings are
    one bounded call (``bounded_calls``)."""
    positions = [
        (preset, drawn, palette, rules.min_group)
        for preset, board, rules, palette in trial.boards
        for drawn in _boards_of_a_game(board, rules)
    ]
    for name in names:
        renderer = host.renderer(name)
        parts = contribution_parts(host, "renderer", name)
        drawings = 0
        empty: list[str] = []
        try:
            for preset, board, palette, min_group in positions:
                work = partial(_drawings, renderer.render, board, palette, min_group)
                for symbols, selected, blank in bounded_calls(work, parts, trial.call_seconds):
                    if blank and not board.is_empty():
                        chosen = ", a group selected" if selected else ""
                        empty.append(f"{preset} ({board.tile_count()} tiles, {symbols}{chosen})")
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
        found.checked.append(
            f"renderer '{name}': {drawings} drawings of {len(positions)} boards, "
            "with and without a selection"
        )


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
