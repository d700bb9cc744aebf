"""The plugin author's testing kit (samegame.testing) and ``samegame plugins
--check``: each finds what a broken plugin breaks, through the host's containment,
and passes a plugin that keeps the contract."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Annotated, Any

import pytest
import typer
from hypothesis import given
from hypothesis import strategies as st

from conftest import Result, assert_one_line_error
from plugin_install import make_distribution
from samegame.cli import options as cli_options
from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.plugin import (
    BoardGenerator,
    BoardSpec,
    BotFactory,
    Command,
    GeneratedBoard,
    Penalty,
    PresetDirectory,
    Renderer,
    ScoringFormula,
    hookimpl,
    stable_random,
)
from samegame.plugin import host as plugins
from samegame.testing import PluginCheck, check_plugin

QUICK = {"presets": ("lesson",), "board_numbers": 1}
"""Few boards: each test below breaks one thing, which one board shows."""


def plugin(**hooks: Callable[..., Any]) -> SimpleNamespace:
    return SimpleNamespace(**{name: hookimpl(function) for name, function in hooks.items()})


def check(subject: object, **options: Any) -> PluginCheck:
    return check_plugin(subject, name="subject", **{**QUICK, **options})


def stripes(spec: BoardSpec, number: int) -> GeneratedBoard:
    rng = stable_random(STRIPES, spec, number)
    columns = [[rng.below(spec.colours)] * spec.height for _ in range(spec.width)]
    return GeneratedBoard(Board.from_columns(columns, spec.width, spec.height))


STRIPES = BoardGenerator("stripes", 1, stripes, "one colour a column")


class Lowest:
    def choose(self, view: Any, rng: Any) -> Cell:
        return min(view.groups, key=lambda group: (group.anchor.row, group.anchor.col)).anchor


GOOD = plugin(
    samegame_scoring_formulas=lambda: [ScoringFormula("tri", lambda n: n * (n + 1) // 2, "t")],
    samegame_penalties=lambda: [Penalty("per-tile", lambda left, points: left, "1 a tile")],
    samegame_board_generators=lambda: [STRIPES],
    samegame_renderers=lambda: [Renderer("dots", lambda board, options: "." * 3, "dots")],
    samegame_bots=lambda: [BotFactory("lowest", lambda options: Lowest(), "lowest")],
    samegame_commands=lambda: [Command("hello", lambda: print("hello"), "Say hello.")],
)


def test_a_plugin_that_keeps_the_contract_passes() -> None:
    result = check(GOOD, monotone=["tri", "per-tile"])
    assert result.ok, result.report()
    assert result.registers == {
        "scoring formula": ["tri"],
        "penalty": ["per-tile"],
        "board generator": ["stripes"],
        "renderer": ["dots"],
        "bot": ["lowest"],
        "command": ["hello"],
    }
    assert [line.split(":")[0] for line in result.checked] == [
        "scoring formula 'tri'",
        "penalty 'per-tile'",
        "board generator 'stripes'",
        "renderer 'dots'",
        "bot 'lowest'",
        "command 'hello'",
    ]
    result.assert_ok()


def only_problem(result: PluginCheck) -> str:
    assert len(result.problems) == 1, result.report()
    with pytest.raises(AssertionError, match=r"^plugin subject: 1 problem\n"):
        result.assert_ok()
    return result.problems[0]


@pytest.mark.parametrize(
    ("points", "shown"),
    [
        (lambda n: 1.0 * n, "gave 1.0 for a group of 1 tiles"),
        (lambda n: n - 3, "gave -2 for a group of 1 tiles"),
        (lambda n: 10**16 if n > 1000 else n, "gave 10000000000000000 for a group of 1001"),
        (lambda n: n // (n != 700), "failed for a group of 700 tiles (ZeroDivisionError"),
        (lambda n: True, "gave True"),
    ],
)
def test_a_formula_is_called_for_every_group_size_through_containment(
    points: Callable[[int], Any], shown: str
) -> None:
    bad = plugin(samegame_scoring_formulas=lambda: [ScoringFormula("bad", points, "bad")])
    problem = only_problem(check(bad))
    assert problem.startswith("plugin subject (local): scoring formula 'bad' ")
    assert shown in problem


def test_a_formula_claimed_non_decreasing_is_held_to_it() -> None:
    wavy = plugin(
        samegame_scoring_formulas=lambda: [ScoringFormula("wavy", lambda n: n % 7, "n mod 7")]
    )
    assert check(wavy).ok
    problem = only_problem(check(wavy, monotone=["wavy"]))
    assert problem == (
        "scoring formula 'wavy' claims to be non-decreasing but gives 6 for 6 tiles and 0 for 7"
    )
    unknown = only_problem(check(wavy, monotone=["ghost"]))
    assert "'ghost' is claimed non-decreasing" in unknown


def test_a_penalty_is_called_with_the_plugin_s_own_formulas() -> None:
    def amount(left: int, points: Callable[[int], int]) -> int:
        return points(left) if points(3) != 27 else -1

    bad = plugin(
        samegame_scoring_formulas=lambda: [ScoringFormula("cube", lambda n: n**3, "n^3")],
        samegame_penalties=lambda: [Penalty("odd", amount, "odd")],
    )
    problem = only_problem(check(bad))
    assert "penalty 'odd' gave -1 for 1 tiles left" in problem


def test_a_generator_that_is_not_repeatable_is_found() -> None:
    def shaky(spec: BoardSpec, number: int) -> GeneratedBoard:
        colour = random.randrange(spec.colours)
        columns = [[colour] * spec.height for _ in range(spec.width)]
        columns[0][0] = random.randrange(spec.colours)
        columns[-1][0] = (colour + 1) % spec.colours
        return GeneratedBoard(Board.from_columns(columns, spec.width, spec.height))

    bad = plugin(samegame_board_generators=lambda: [BoardGenerator("shaky", 1, shaky, "s")])
    random.seed(5)
    problem = only_problem(check(bad))
    assert problem.startswith("board generator 'shaky' gave two different boards for board ")
    assert "stable_random" in problem


HASHED = """
from samegame.core.board import Board
from samegame.core.rng import StableRandom
from samegame.plugin import BoardGenerator, GeneratedBoard, hookimpl


def generate(spec, number):
    rng = StableRandom({seed} & 0xFFFFFFFF)
    columns = [[rng.below(spec.colours) for _ in range(spec.height)] for _ in range(spec.width)]
    return GeneratedBoard(Board.from_columns(columns, spec.width, spec.height))


@hookimpl
def samegame_board_generators():
    return [BoardGenerator("{name}", 1, generate, "a board from hash()")]
"""


@pytest.mark.parametrize(
    ("seed", "ok"),
    [('hash(("hashed", number))', False), ("number * 7919 + spec.width", True)],
)
def test_a_generator_seeded_from_hash_is_found_in_a_fresh_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: str, ok: bool
) -> None:
    """Issue 46, item 3: a generator seeded with ``hash(...)`` of a string gives the
    same board twice in one process but another one under another
    PYTHONHASHSEED; the kit asks a fresh process and finds it."""
    name = "hashed" if not ok else "steady"
    module = f"fresh_{name}_plugin"
    (tmp_path / f"{module}.py").write_text(HASHED.format(seed=seed, name=name))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, module, raising=False)
    result = check(__import__(module), board_numbers=2)
    if ok:
        assert result.ok, result.report()
        assert result.checked[0].endswith("each made twice, the same in a fresh process")
        return
    assert only_problem(result).startswith(
        "board generator 'hashed' gave another board for board 0 of 5x5 with 3 colours "
        "in a fresh process (another PYTHONHASHSEED)"
    )


def test_a_generator_of_the_wrong_size_is_found_by_containment() -> None:
    def square(spec: BoardSpec, number: int) -> GeneratedBoard:
        return GeneratedBoard(Board.from_columns([[0] * 5] * 5, 5, 5))

    bad = plugin(samegame_board_generators=lambda: [BoardGenerator("square", 1, square, "s")])
    problem = only_problem(check(bad))
    assert "plugin subject (local): board generator 'square' made a 5x5 board" in problem


def test_a_broken_certificate_is_found() -> None:
    def promised(spec: BoardSpec, number: int) -> GeneratedBoard:
        return GeneratedBoard(stripes(spec, number).board, (Cell(0, 0),))

    generator = BoardGenerator("promised", 1, promised, "p", guarantees_clear=True)
    bad = plugin(samegame_board_generators=lambda: [generator])
    assert "certificate that does not clear it" in only_problem(check(bad))


@pytest.mark.parametrize(
    ("render", "shown"),
    [
        (lambda board, options: b"bytes", "returned bytes instead of text"),
        (lambda board, options: "" if board.tile_count() > 9 else "x", "as empty text"),
        (lambda board, options: {"shapes": "x"}[options["symbols"]], "KeyError"),
    ],
)
def test_a_renderer_draws_every_board_with_every_symbol_choice(
    render: Callable[..., Any], shown: str
) -> None:
    bad = plugin(samegame_renderers=lambda: [Renderer("bad", render, "bad")])
    assert shown in only_problem(check(bad))


def sleeps(result: Any) -> Callable[..., Any]:
    """A plugin function that never returns in a test's time (it is stopped)."""

    def asleep(*args: Any) -> Any:
        time.sleep(60)
        return result

    return asleep


@pytest.mark.parametrize(
    ("hooks", "blamed"),
    [
        (
            {"samegame_scoring_formulas": lambda: [ScoringFormula("slow", sleeps(1), "s")]},
            "scoring formula 'slow'",
        ),
        (
            {"samegame_penalties": lambda: [Penalty("slow", sleeps(1), "s")]},
            "penalty 'slow'",
        ),
        (
            {"samegame_board_generators": lambda: [BoardGenerator("slow", 1, sleeps(None), "s")]},
            "board generator 'slow'",
        ),
        (
            {"samegame_renderers": lambda: [Renderer("slow", sleeps("x"), "s")]},
            "renderer 'slow'",
        ),
    ],
)
def test_a_contribution_that_never_returns_is_stopped_at_the_kit_s_limit(
    hooks: dict[str, Callable[[], list[Any]]], blamed: str
) -> None:
    """Issue 46, item 1: a formula, penalty, generator or renderer that sleeps is
    one problem at ``call_seconds``, as the commands bound plugin code, not a hung
    test run."""
    started = time.monotonic()
    problem = only_problem(check(plugin(**hooks), call_seconds=0.5))
    assert time.monotonic() - started < 20
    assert problem == (
        f"plugin subject (local): {blamed} did not return within 0.5 seconds and was "
        "stopped; allow more with call_seconds= (check_plugin, samegame_plugin_check)"
    )


def test_a_renderer_is_given_a_selection_as_play_gives_one() -> None:
    """Issue 46, item 2: ``play`` always passes ``selected``, and a group when one is
    selected; a renderer that fails on a selection fails the kit."""

    def render(board: Any, options: dict[str, Any]) -> str:
        if options["selected"]:
            raise ValueError("cannot draw a selection")
        return "x"

    bad = plugin(samegame_renderers=lambda: [Renderer("picky", render, "p")])
    problem = only_problem(check(bad))
    assert problem.startswith("plugin subject (local): renderer 'picky' failed")
    assert "cannot draw a selection" in problem


class Stubborn:
    def choose(self, view: Any, rng: Any) -> Cell:
        return view.groups[0].anchor if view.move_number == 1 else Cell(25, 49)


class Sleepy:
    def choose(self, view: Any, rng: Any) -> Cell:
        time.sleep(5)
        return view.groups[0].anchor


class Fickle:
    def choose(self, view: Any, rng: Any) -> Cell:
        return random.choice(view.groups).anchor


@pytest.mark.parametrize(
    ("bot", "shown"),
    [
        (Stubborn, "at move 2"),
        (Sleepy, "did not return within 0.5 seconds and was stopped; allow more with bot_seconds="),
        (Fickle, "played other moves for the same seed 0"),
    ],
)
def test_a_bot_plays_whole_games_within_its_time_and_repeatably(bot: type, shown: str) -> None:
    bad = plugin(samegame_bots=lambda: [BotFactory("bad", lambda options: bot(), "bad")])
    problem = only_problem(check(bad, bot_seconds=0.5))
    assert problem.startswith("bot 'bad'")
    assert shown in problem


def test_a_bot_gets_its_options() -> None:
    def create(options: Any) -> Lowest:
        if options.get("depth") != "2":
            raise ValueError("depth must be 2")
        return Lowest()

    bot = plugin(samegame_bots=lambda: [BotFactory("deep", create, "d", options=("depth",))])
    assert "depth must be 2" in only_problem(check(bot))
    assert check(bot, bot_options={"deep": {"depth": "2"}}).ok


def test_a_command_whose_help_fails_is_found() -> None:
    def odd(value: Annotated[int, typer.Option("not an option name")] = 1) -> None:
        print(value)

    bad = plugin(samegame_commands=lambda: [Command("odd", odd, "Odd.")])
    assert only_problem(check(bad)) == (
        "command 'odd': samegame odd --help failed "
        "(ValueError: Invalid start character for option (not an option name))"
    )


def test_the_loading_problems_of_plugins_check_are_the_kit_s_too(tmp_path: Path) -> None:
    def samegame_scoring_formula() -> list[ScoringFormula]:  # misspelt, unmarked
        return []

    bad = SimpleNamespace(
        samegame_scoring_formulas=hookimpl(lambda: [ScoringFormula("basic", len, "clash")]),
        samegame_bot=hookimpl(lambda: []),
        samegame_renderers=lambda: [],
        samegame_preset_directories=hookimpl(
            lambda: [PresetDirectory("gone", tmp_path / "missing")]
        ),
    )
    problems = check(bad).problems
    assert problems[0] == (
        "scoring formula 'basic' from subject (local) rejected: the name is already "
        "registered by scoring (built in)"
    )
    assert problems[1].startswith("plugin subject (local): samegame_bot is not a samegame hook")
    assert problems[2].startswith(
        "plugin subject (local): samegame_renderers is not marked @hookimpl"
    )
    assert (
        problems[3]
        == f"plugin subject (local): preset folder {tmp_path / 'missing'} does not exist"
    )
    assert len(problems) == 4


def test_a_broken_preset_of_the_plugin_is_found(tmp_path: Path) -> None:
    (tmp_path / "broken.yaml").write_text("name: broken\nformula: nowhere\n", encoding="utf-8")
    bad = plugin(samegame_preset_directories=lambda: [PresetDirectory("mine", tmp_path)])
    problem = only_problem(check(bad))
    assert str(tmp_path / "broken.yaml") in problem


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    source = """
        from samegame.plugin import ScoringFormula, hookimpl

        @hookimpl
        def samegame_scoring_formulas():
            return [ScoringFormula("triple", lambda n: 3 * n, "3n")]
    """
    make_distribution(
        tmp_path, "samegame-triple", {"triple": "sg_kit_triple"}, {"sg_kit_triple": source}
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("sg_kit_triple", None)


def test_an_installed_plugin_is_checked_by_its_distribution_name(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = check_plugin("samegame-triple", monotone=["triple"], **QUICK)
    assert result.ok, result.report()
    assert result.registers == {"scoring formula": ["triple"]}
    monkeypatch.setenv("SAMEGAME_LOAD_PLUGINS", "samegame-triple")
    alone = check_plugin(GOOD, name="good", **QUICK)
    assert "triple" not in alone.registers.get("scoring formula", [])
    missing = check_plugin("samegame-ghost", **QUICK)
    assert missing.problems == [
        "plugin 'samegame-ghost' named in SAMEGAME_LOAD_PLUGINS is not installed; skipped"
    ]


# -- samegame plugins --check ------------------------------------------------------------


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[object], None]]:
    """Make the command line's plugin host the built-ins plus one local plugin."""

    def put(subject: object) -> None:
        host = plugins.PluginHost(autoload=False, extra=[("subject", subject)])
        monkeypatch.setattr(plugins, "_HOST", host)
        monkeypatch.setattr(cli_options, "_warned", False)

    yield put
    plugins.reset_host()


def test_check_passes_a_good_plugin(
    installed: Callable[[object], None], cli: Callable[..., Result]
) -> None:
    installed(GOOD)
    listing = cli("plugins")
    checked = cli("plugins", "--check")
    assert (checked.code, checked.err) == (0, "")
    assert checked.out == listing.out + "Checked 7 plugins: no problems.\n"
    assert json.loads(cli("plugins", "--check", "--format", "json").out)["problems"] == []


def test_check_exits_3_with_each_problem_on_its_own_line(
    installed: Callable[[object], None], cli: Callable[..., Result]
) -> None:
    bad = SimpleNamespace(
        samegame_scoring_formulas=hookimpl(lambda: [ScoringFormula("Bad", len, "x")]),
        samegame_bots=lambda: [],
        samegame_commands=hookimpl(lambda: [Command("play", lambda: None, "Clash.")]),
    )
    installed(bad)
    listing = cli("plugins")
    assert listing.code == 0
    checked = cli("plugins", "--check")
    assert checked.code == 3
    assert checked.out == listing.out
    lines = checked.err.splitlines()
    assert len(lines) == 3
    assert all(line.startswith("Error: ") for line in lines)
    assert "name 'Bad' is not allowed" in lines[0]
    assert "samegame_bots is not marked @hookimpl" in lines[1]
    assert "command 'play' from subject (local) rejected" in lines[2]
    as_json = cli("plugins", "--check", "--format", "json")
    assert as_json.code == 3
    assert json.loads(as_json.out)["problems"] == [line[len("Error: ") :] for line in lines]
    assert json.loads(cli("plugins", "--format", "json").out)["problems"] == [
        line[len("Error: ") :] for line in lines
    ]


def test_check_reports_a_plugin_that_fails_to_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli: Callable[..., Result]
) -> None:
    make_distribution(
        tmp_path, "samegame-broken", {"broken": "sg_kit_broken"}, {"sg_kit_broken": "1 / 0\n"}
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("SAMEGAME_LOAD_PLUGINS", "samegame-broken")
    plugins.reset_host()
    monkeypatch.setattr(cli_options, "_warned", False)
    try:
        result = cli("plugins", "--check")
    finally:
        plugins.reset_host()
    assert_one_line_error(result, 3, "plugin 'broken' from samegame-broken failed to load")
    assert "ZeroDivisionError" in result.err


# -- the pytest plugin -------------------------------------------------------------------

pytest_plugins = ["pytester"]


def test_the_fixture_fails_a_test_with_every_problem(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        from types import SimpleNamespace
        from samegame.plugin import ScoringFormula, hookimpl

        GOOD = SimpleNamespace(samegame_scoring_formulas=hookimpl(
            lambda: [ScoringFormula("fine", lambda n: n, "n")]))
        BAD = SimpleNamespace(samegame_scoring_formulas=hookimpl(
            lambda: [ScoringFormula("worse", lambda n: -n, "minus n")]))

        def test_good(samegame_plugin_check):
            assert samegame_plugin_check(GOOD, name="good").registers

        def test_bad(samegame_plugin_check):
            samegame_plugin_check(BAD, name="bad")
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "plugin bad: 1 problem",
            "plugin bad (local): scoring formula 'worse' gave -1 for a group of 1 tiles*",
        ]
    )
    assert "Traceback" not in result.stdout.str()


@pytest.mark.slow
def test_the_pytest_plugin_loads_nothing_of_the_kit_until_used() -> None:
    code = (
        "import sys, samegame.testing.pytest_plugin\n"
        "print(sorted(m for m in sys.modules if m.startswith('samegame.')))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert "samegame.testing.pytest_plugin" in loaded
    for heavy in ("samegame.testing.kit", "samegame.plugin", "samegame.presets", "samegame.cli"):
        assert f"'{heavy}'" not in loaded


@given(st.lists(st.text(alphabet="ab ", min_size=1, max_size=5), max_size=30))
def test_the_report_counts_its_problems_in_plain_english(problems: list[str]) -> None:
    """The heading says "1 problem", "2 problems" (issue 46, item 10: "1 problems")."""
    heading = PluginCheck("subject", problems=problems).report().splitlines()[0]
    count = len(problems)
    assert heading == f"plugin subject: {count} problem{'' if count == 1 else 's'}"
