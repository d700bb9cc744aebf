"""Tests of the example plugin, against samegame's public plugin API."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import samegame_cubes

from samegame.core.replay import replay
from samegame.core.textboard import read_board
from samegame.plugin.host import PluginHost
from samegame.presets import find_preset
from samegame.testing import PluginCheck


@pytest.fixture
def host() -> PluginHost:
    return PluginHost(autoload=False, extra=[("cubes", samegame_cubes)])


def test_the_plugin_keeps_samegame_s_contract(
    samegame_plugin_check: Callable[..., PluginCheck],
) -> None:
    """samegame's testing kit calls the formula, the renderer and the command as
    samegame does, and loads the preset."""
    check = samegame_plugin_check(samegame_cubes, name="cubes", monotone=["cubes"])
    assert set(check.registers) == {
        "scoring formula",
        "renderer",
        "preset directory",
        "command",
        "words",
    }
    assert len(check.checked) == 3


@pytest.mark.parametrize(("tiles", "points"), [(2, 0), (3, 1), (4, 8), (5, 27), (10, 512)])
def test_cubes_formula(tiles: int, points: int) -> None:
    assert samegame_cubes.CUBES.points(tiles) == points


def test_registered_like_any_plugin(host: PluginHost) -> None:
    formula = host.formula("cubes")
    assert formula.points(6) == 64
    assert "cubes" in formula.source
    assert host.plugins["cubes"].contributes == {
        "scoring formula": ["cubes"],
        "renderer": ["csv"],
        "preset directory": ["samegame-cubes"],
        "command": ["cubes-table"],
        "words": ["en", "ja"],
    }


def test_preset_uses_the_formula(host: PluginHost) -> None:
    preset = find_preset("cubes", host)
    assert preset.rules.formula.name == "cubes"
    assert preset.rules.clear_bonus == 1000
    board = read_board("RRRR\nBBGG")
    result = replay(board, preset.rules, ["A2", "A1", "A1"])
    assert [move.points for move in result.moves] == [8, 0, 0]
    assert result.cleared
    assert result.score == 8 + 1000


def test_cubes_speaks_japanese_through_its_own_words() -> None:
    from samegame.i18n import translator
    from samegame.plugin import host as plugins
    from samegame.presets import find_preset
    from samegame.presets.describe import describe_preset

    host = plugins.PluginHost(autoload=False, extra=[("cubes", samegame_cubes)])
    assert host.problems == []
    lines = describe_preset(find_preset("cubes", host), translator("ja"))
    assert "得点方式「3乗」: n個のグループは、nから2を引いて3乗した点。" in lines
    english = describe_preset(find_preset("cubes", host), translator("en"))
    assert "Scoring formula cubes: n minus 2, cubed, for n tiles." in english


def test_words_for_a_name_the_plugin_does_not_own_are_refused() -> None:
    from samegame.i18n import translator
    from samegame.plugin import host as plugins
    from samegame.plugin.hookspecs import hookimpl

    class Impostor:
        @hookimpl
        def samegame_messages(self) -> dict[str, dict[str, str]]:
            return {"ja": {"describe.formula.pairs": "うそ"}, "xx": {}}

    host = plugins.PluginHost(autoload=False, extra=[("impostor", Impostor())])
    assert any("describe.formula.pairs" in problem for problem in host.problems)
    assert any("'xx'" in problem for problem in host.problems)
    assert translator("ja")("describe.formula.pairs") != "うそ"
