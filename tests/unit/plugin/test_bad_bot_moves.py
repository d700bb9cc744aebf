"""A plugin bot that breaks its contract is the plugin's fault, whatever the command
(issue 46, item 4): an illegal move (off the board, an empty cell, a single tile
under min group 2) and a result of the wrong type (a tuple, a str, None, a pair of
numpy ints, a Cell of bools) are each one ``Error:`` line naming the plugin and
exit 3, in simulate, compare, solve, bench standard and verify's replay. The table
is every behaviour times every command.

In this process, hypothesis feeds the contained bot every cell of small boards:
it passes a legal move unchanged and refuses every other one with a
``PluginError`` naming the plugin.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Result, assert_one_line_error
from samegame.cli import options as cli_options
from samegame.core.coords import Cell
from samegame.core.formulas import BASIC
from samegame.core.game import Game, MoveRejected
from samegame.core.rng import StableRandom
from samegame.core.rules import Rules
from samegame.plugin import host as plugins
from samegame.plugin.bot_api import GameView
from samegame.plugin.containment import PluginError, contain
from samegame.plugin.contributions import BotFactory
from samegame.plugin.hookspecs import hookimpl
from samegame.plugin.host import PluginHost
from strategies import boards

LABEL = "plugin odd (local): bot 'odd'"


def _empty_cell(view: GameView) -> Cell | None:
    board = view.board
    for col in range(board.width):
        for row in range(board.height):
            if board.cell(Cell(col, row)) is None:
                return Cell(col, row)
    return None


def _single_tile(view: GameView) -> Cell | None:
    board = view.board
    for cell in (Cell(c, r) for c in range(board.width) for r in range(board.height)):
        group = board.group_at(cell)
        if group is not None and group.size == 1:
            return cell
    return None


def _when(find: Callable[[GameView], Cell | None]) -> Callable[[GameView], object]:
    """The cell ``find`` gives, once the board has one; a legal move until then."""
    return lambda view: find(view) or view.groups[0].anchor


BEHAVIOURS: dict[str, Callable[[GameView], object]] = {
    "off the board": lambda view: Cell(view.board.width, 0),
    "an empty cell": _when(_empty_cell),
    "a single tile": _when(_single_tile),
    "a tuple": lambda view: tuple(view.groups[0].anchor),
    "a str": lambda view: str(view.groups[0].anchor),
    "None": lambda view: None,
    "a numpy int pair": lambda view: Cell(*(numpy.int64(n) for n in view.groups[0].anchor)),
    "a Cell of bools": lambda view: Cell(True, False),  # type: ignore[arg-type]
}

BOARD = "RRGBG\nRRBGB\nGBGBG\nBGBGB\nRGBRR\n"

COMMANDS: dict[str, list[str]] = {
    "simulate": ["simulate", "--bot", "odd", "-s", "small", "-g", "2"],
    "compare": ["compare", "--bots", "greedy,odd", "-s", "small", "-g", "2"],
    "solve": ["solve", "--board", "board.txt", "--bot", "odd"],
    "bench standard": ["bench", "standard", "--bot", "odd", "--positions", "1"],
    "verify": ["verify", "records.jsonl"],
}


class _Odd:
    """The bot: a legal move (the first group) or, once ``behaviour`` is set, the
    broken contract it names."""

    behaviour: str | None = None

    def choose(self, view: GameView, rng: StableRandom) -> object:
        if _Odd.behaviour is None:
            return view.groups[0].anchor
        return BEHAVIOURS[_Odd.behaviour](view)


def _host() -> PluginHost:
    factory = BotFactory("odd", lambda options: _Odd(), "the first group, or worse")
    plugin = SimpleNamespace(samegame_bots=hookimpl(lambda: [factory]))
    return PluginHost(autoload=False, extra=[("odd", plugin)])


@pytest.mark.slow  # the plugin's games run in processes of their own
@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("behaviour", list(BEHAVIOURS))
def test_a_plugin_bot_breaking_its_contract_is_exit_3_naming_the_plugin(
    cli: Callable[..., Result],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    behaviour: str,
    command: str,
) -> None:
    monkeypatch.setattr(plugins, "_HOST", _host())
    monkeypatch.setattr(cli_options, "_warned", False)
    monkeypatch.setattr(_Odd, "behaviour", None)
    (tmp_path / "board.txt").write_text(BOARD)
    if command == "verify":
        made = cli("simulate", "--bot", "odd", "-s", "small", "-g", "2", "--out", "records.jsonl")
        assert made.code == 0, made.err
    monkeypatch.setattr(_Odd, "behaviour", behaviour)
    result = cli(*COMMANDS[command])
    assert "Traceback" not in result.err
    assert_one_line_error(result, 3, LABEL, progress=True)
    plugins.reset_host()


CELLS = st.tuples(st.integers(-2, 8), st.integers(-2, 8)).map(lambda t: Cell(*t))


@given(boards(max_width=6, max_height=5), CELLS, st.integers(1, 3))
@settings(max_examples=200)
def test_the_contained_bot_passes_legal_moves_and_refuses_every_other_cell(
    board: object, cell: Cell, min_group: int
) -> None:
    game = Game(board, Rules(BASIC, min_group=min_group))  # type: ignore[arg-type]
    if game.finished:
        return
    chooser = SimpleNamespace(choose=lambda view, rng: cell)
    factory = contain(BotFactory("odd", lambda options: chooser, "x"), "bot", "odd (local)")
    bot = factory.create({})
    view = GameView(game)
    try:
        game.preview(cell)
        legal = True
    except MoveRejected:
        legal = False
    if legal:
        assert bot.choose(view, StableRandom(1)) == cell
    else:
        with pytest.raises(PluginError, match=r"^plugin odd \(local\): bot 'odd' chose "):
            bot.choose(view, StableRandom(1))
