"""Tests of the example bot plugin, against samegame's public plugin and bot API."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import samegame_cornerbot

from samegame.bots import BotOptionError, GameView, parse_bot_spec, play_game
from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.game import Game
from samegame.core.numbering import make_board
from samegame.core.rng import StableRandom, derive_seed
from samegame.core.textboard import read_board
from samegame.plugin.contributions import BoardSpec
from samegame.plugin.host import PluginHost
from samegame.presets import find_preset
from samegame.testing import PluginCheck


@pytest.fixture(scope="module")
def host() -> PluginHost:
    return PluginHost(autoload=False, extra=[("cornerbot", samegame_cornerbot)])


@pytest.mark.parametrize("prefer", ["low", "high"])
def test_the_bot_keeps_samegame_s_contract(
    samegame_plugin_check: Callable[..., PluginCheck], prefer: str
) -> None:
    """samegame's testing kit plays whole games with the bot, bounded in time as
    samegame bounds a plugin's bot, and twice with each seed."""
    check = samegame_plugin_check(
        samegame_cornerbot,
        name="cornerbot",
        bot_options={"cornerbot": {"prefer": prefer}},
        bot_seconds=30,
        seeds=2,
    )
    assert check.registers == {"bot": ["cornerbot"]}
    assert check.checked == ["bot 'cornerbot': 24 games to the end, each within 30 s"]


def random_boards(host: PluginHost, count: int) -> list[Board]:
    """``count`` random boards of assorted sizes and colour counts, by board number."""
    generator = host.generator("random")
    shapes = StableRandom(derive_seed("cornerbot-test-shapes"))
    boards = []
    for number in range(count):
        spec = BoardSpec(2 + shapes.below(9), 1 + shapes.below(10), 1 + shapes.below(5))
        boards.append(make_board(generator, spec, number).board)
    return boards


def corner_anchor(game: Game, prefer: str) -> Cell:
    """The expected choice, found by scanning rows from the chosen end, left to right."""
    anchors = {group.anchor for group in game.legal_groups()}
    board = game.board
    rows = range(board.height) if prefer == "low" else reversed(range(board.height))
    for row in rows:
        for col in range(board.width):
            if Cell(col, row) in anchors:
                return Cell(col, row)
    raise AssertionError("the game has no legal group")


@pytest.mark.parametrize("prefer", ["low", "high"])
def test_only_ever_chooses_the_corner_group(host: PluginHost, prefer: str) -> None:
    factory = host.bot("cornerbot")
    rules = find_preset("basic", host).rules
    rng = StableRandom(7)
    moves = 0
    for board in random_boards(host, 150):
        game = Game(board, rules)
        bot = factory.create({"prefer": prefer})
        while not game.finished:
            choice = bot.choose(GameView(game), rng)
            assert choice == corner_anchor(game, prefer)
            game.play(choice)
            moves += 1
    assert moves > 300


def test_plays_whole_games_through_the_match_loop(host: PluginHost) -> None:
    preset = find_preset("lesson", host)
    setup = preset.board_setup()
    generator = host.generator(setup.board_type)
    factory = host.bot("cornerbot")
    for number in range(10):
        board = make_board(generator, setup.spec, number).board
        for spec in ("cornerbot", "cornerbot:prefer=high"):
            parsed = parse_bot_spec(spec)
            played = play_game(factory.create(parsed.options), board, preset.rules, seed=number)
            assert played.result.moves == len(played.moves) > 0
            assert not Game(played_board(board, played.moves), preset.rules).legal_groups()


def played_board(board: Board, moves: tuple[Cell, ...]) -> Board:
    for cell in moves:
        group = board.group_at(cell)
        assert group is not None
        board = board.remove(group)
    return board


def test_ignores_the_seed(host: PluginHost) -> None:
    board = random_boards(host, 3)[2]
    rules = find_preset("basic", host).rules
    factory = host.bot("cornerbot")
    games = [play_game(factory.create({}), board, rules, seed=seed).moves for seed in (1, 2, 3)]
    assert games[0] == games[1] == games[2]


def test_prefer_changes_the_play() -> None:
    board = read_board("RBB\nRGG\nBBR")
    low = samegame_cornerbot.CORNERBOT.create({"prefer": "low"})
    high = samegame_cornerbot.CORNERBOT.create({"prefer": "HIGH"})
    rng = StableRandom(1)
    view = GameView(Game(board, find_preset("basic", PluginHost(autoload=False)).rules))
    assert (str(low.choose(view, rng)), str(high.choose(view, rng))) == ("A1", "B3")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("cornerbot:depth=2", "bot cornerbot has no option depth; its options: prefer"),
        ("cornerbot:prefer=middle", "bot option prefer must be low or high, not 'middle'"),
        ("cornerbot:prefer=low,speed=3", "bot cornerbot has no option speed"),
    ],
)
def test_option_errors(host: PluginHost, spec: str, message: str) -> None:
    parsed = parse_bot_spec(spec)
    with pytest.raises(BotOptionError, match=message):
        host.bot(parsed.name).create(parsed.options)


def test_registered_like_any_plugin(host: PluginHost) -> None:
    factory = host.bot("cornerbot")
    assert factory.options == ("prefer",)
    assert "cornerbot" in factory.source
    assert host.plugins["cornerbot"].contributes == {"bot": ["cornerbot"]}
    assert not host.problems
