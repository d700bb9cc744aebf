"""The plugin host: built-ins, entry points, environment switches, clashes, failures."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

from plugin_install import make_distribution
from samegame.core.events import GameRestarted
from samegame.plugin.contributions import ScoringFormula
from samegame.plugin.hookspecs import hookimpl
from samegame.plugin.host import PluginHost, UnknownNameError

GOOD_PLUGIN = """
    from samegame.plugin.contributions import ScoringFormula
    from samegame.plugin.hookspecs import hookimpl

    @hookimpl
    def samegame_scoring_formulas():
        return [ScoringFormula("triple", lambda n: 3 * n, "3n")]
"""


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder on sys.path holding a good plugin and one whose module is missing."""
    make_distribution(
        tmp_path,
        "samegame-triple",
        {"triple": "sg_test_triple"},
        {"sg_test_triple": GOOD_PLUGIN},
    )
    make_distribution(tmp_path, "samegame-broken", {"broken": "sg_test_missing_module"}, {})
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", raising=False)
    monkeypatch.delenv("SAMEGAME_LOAD_PLUGINS", raising=False)
    yield tmp_path
    sys.modules.pop("sg_test_triple", None)


def test_builtins_are_registered_as_plugins() -> None:
    host = PluginHost(autoload=False)
    assert set(host.records("scoring formula")) == {"basic", "pairs", "sum"}
    assert set(host.records("penalty")) == {"none", "leftover-squared", "leftover-formula"}
    assert {"random", "random-with-move", "each-colour-twice", "solvable"} <= set(
        host.records("board generator")
    )
    assert {"text", "ansi", "svg"} <= set(host.records("renderer"))
    assert host.formula("pairs").points(4) == 9
    assert all(info.builtin for info in host.plugins.values())
    assert host.problems == []


def test_unknown_name_lists_known_ones() -> None:
    host = PluginHost(autoload=False)
    with pytest.raises(
        UnknownNameError, match=r"no scoring formula is named 'nope'; known: basic, pairs, sum"
    ):
        host.formula("nope")


def test_entry_point_plugin_loads_and_broken_one_is_reported(site: Path) -> None:
    host = PluginHost()
    assert host.formula("triple").points(5) == 15
    info = host.plugins["triple"]
    assert (info.distribution, info.version, info.builtin) == ("samegame-triple", "1.2.3", False)
    assert info.contributes == {"scoring formula": ["triple"]}
    assert "samegame-triple 1.2.3" in host.formula("triple").source
    [problem] = host.problems
    assert problem.startswith(
        "plugin 'broken' from samegame-broken failed to load (ModuleNotFoundError"
    )
    assert problem.endswith("skipped")
    assert "\n" not in problem


def test_disable_autoload(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", "1")
    host = PluginHost()
    assert "triple" not in host.records("scoring formula")
    assert host.problems == []


@pytest.mark.parametrize("value", ["0", "false", ""])
def test_disable_autoload_off_values(
    site: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", value)
    assert "triple" in PluginHost().records("scoring formula")


def test_load_only_named_plugins(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", "1")
    monkeypatch.setenv("SAMEGAME_LOAD_PLUGINS", "samegame-triple, ghost")
    host = PluginHost()
    assert "triple" in host.records("scoring formula")
    assert "broken" not in host.plugins
    assert host.problems == [
        "plugin 'ghost' named in SAMEGAME_LOAD_PLUGINS is not installed; skipped"
    ]


def test_duplicate_name_rejected_naming_both() -> None:
    clash = SimpleNamespace(
        samegame_scoring_formulas=hookimpl(lambda: [ScoringFormula("basic", lambda n: n, "n")])
    )
    host = PluginHost(autoload=False, extra=[("clash", clash)])
    assert host.formula("basic").points(5) == 9  # the built-in (n-2)^2 stays
    assert host.formula("basic").source == "scoring (built in)"
    [problem] = host.problems
    assert problem == (
        "scoring formula 'basic' from clash (local) rejected: "
        "the name is already registered by scoring (built in)"
    )


def test_failing_hook_is_reported_and_skipped() -> None:
    def explode() -> list[ScoringFormula]:
        raise RuntimeError("boom")

    bad = SimpleNamespace(samegame_scoring_formulas=hookimpl(explode))
    host = PluginHost(autoload=False, extra=[("bad", bad)])
    assert set(host.records("scoring formula")) == {"basic", "pairs", "sum"}
    assert host.problems == [
        "plugin bad (local): samegame_scoring_formulas failed (RuntimeError: boom); skipped"
    ]


def test_event_observers_are_notified() -> None:
    seen: list[object] = []
    observer = SimpleNamespace(samegame_game_event=hookimpl(lambda event: seen.append(event)))
    host = PluginHost(autoload=False, extra=[("observer", observer)])
    host.notify(GameRestarted())
    assert seen == [GameRestarted()]


class _Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no words")


class _Odd(BaseException):
    pass


def _raiser(error: BaseException) -> Callable[[], list[ScoringFormula]]:
    def hook() -> list[ScoringFormula]:
        raise error

    return hook


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (SystemExit(0), "SystemExit: 0"),
        (SystemExit(1), "SystemExit: 1"),
        (GeneratorExit(), "GeneratorExit"),
        (_Odd("odd"), "_Odd: odd"),
        (_Unprintable(), "_Unprintable (its message cannot be shown)"),
    ],
)
@pytest.mark.parametrize("hook", ["samegame_scoring_formulas", "samegame_messages"])
def test_a_registration_hook_raising_anything_is_a_problem_not_a_crash(
    error: BaseException, words: str, hook: str
) -> None:
    bad = SimpleNamespace(**{hook: hookimpl(_raiser(error))})
    host = PluginHost(autoload=False, extra=[("bad", bad)])
    assert host.problems == [f"plugin bad (local): {hook} failed ({words}); skipped"]
    assert host.formula("basic").points(4) == 4


def test_ctrl_c_in_a_registration_hook_still_interrupts() -> None:
    bad = SimpleNamespace(samegame_scoring_formulas=hookimpl(_raiser(KeyboardInterrupt())))
    with pytest.raises(KeyboardInterrupt):
        PluginHost(autoload=False, extra=[("bad", bad)])


def test_a_record_that_fails_when_read_is_a_problem() -> None:
    class Sly(ScoringFormula):
        @property  # type: ignore[misc]
        def description(self) -> str:
            raise SystemExit(3)

    record = object.__new__(Sly)
    object.__setattr__(record, "name", "sly")
    object.__setattr__(record, "points", lambda n: n)
    bad = SimpleNamespace(samegame_scoring_formulas=hookimpl(lambda: [record]))
    host = PluginHost(autoload=False, extra=[("bad", bad)])
    assert "sly" not in host.records("scoring formula")
    [problem] = host.problems
    assert problem.startswith("plugin bad (local): scoring formula ")
    assert problem.endswith("skipped")


def test_an_import_that_raises_system_exit_is_a_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_distribution(
        tmp_path,
        "samegame-quits",
        {"quits": "sg_test_quits"},
        {"sg_test_quits": "raise SystemExit(0)"},
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    host = PluginHost(autoload=False, only=["quits"])
    assert host.problems == [
        "plugin 'quits' from samegame-quits failed to load (SystemExit: 0); skipped"
    ]


def _generator_plugin(answer: Callable[[object], object]) -> SimpleNamespace:
    from samegame.builtins.generators import RANDOM
    from samegame.core.rule_parts import BoardGenerator

    made = BoardGenerator("odd", 1, RANDOM.generate, "random, asked first", impossible=answer)
    return SimpleNamespace(samegame_board_generators=hookimpl(lambda: [made]))


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (lambda spec: 1 / 0, "failed asked whether a 5x4 board of 3 colours can be made"),
        (lambda spec: 42, "gave 42 when asked whether"),
        (lambda spec: "", "gave '' when asked whether"),
        (lambda spec: "x" * 401, "the answer must be None or a reason"),
    ],
)
def test_a_plugin_generators_answer_on_sizes_is_contained(
    answer: Callable[[object], object], words: str
) -> None:
    """A plugin's ``impossible`` runs through containment: whatever it does, the
    caller gets a PluginError naming it, or its reason."""
    from samegame.core.rule_parts import BoardSpec
    from samegame.plugin.containment import PluginError

    host = PluginHost(autoload=False, extra=[("odd", _generator_plugin(answer))])
    generator = host.generator("odd")
    assert generator.impossible is not None
    with pytest.raises(PluginError) as raised:
        generator.impossible(BoardSpec(5, 4, 3))
    assert "board generator 'odd'" in str(raised.value)
    assert words in str(raised.value)


def test_a_plugin_generators_reason_is_passed_on() -> None:
    from samegame.core.rule_parts import BoardSpec

    host = PluginHost(
        autoload=False, extra=[("odd", _generator_plugin(lambda spec: "too small; go larger"))]
    )
    generator = host.generator("odd")
    assert generator.impossible is not None
    assert generator.impossible(BoardSpec(5, 4, 3)) == "too small; go larger"
