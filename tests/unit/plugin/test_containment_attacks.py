"""A misbehaving plugin, attacked from every side: each place a command calls plugin
code (place) times each way a plugin can misbehave (behaviour) times each command
that calls it. Every case runs ``python -m samegame`` with an installed plugin
in a process of its own (forked from a warm one, tests/warm.py) under a timeout and must end with exit code 3 and exactly one
``Error:`` line naming the right contribution, never a traceback; a registration
hook that misbehaves is a warning, and the command works on.

The whole matrix is ``slow``; ``FAST`` (one case of every place, behaviour and
command) runs in the inner loop. In this process, hypothesis feeds every wrapper
odd results and failures: nothing but a one-line ``PluginError`` comes out.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import warm
from conftest import PROGRESS_WORDS, Result, assert_one_line_error
from plugin_install import make_distribution
from samegame.cli import options as cli_options
from samegame.core.coords import Cell
from samegame.core.game import Game
from samegame.core.limits import MAX_POINTS
from samegame.core.rng import StableRandom
from samegame.core.rules import Rules
from samegame.core.textboard import read_board
from samegame.execution import bounded
from samegame.plugin import host as plugins
from samegame.plugin.bot_api import GameView
from samegame.plugin.containment import PluginError
from samegame.plugin.contributions import (
    BoardGenerator,
    BoardSpec,
    BotFactory,
    GeneratedBoard,
    Penalty,
    Renderer,
    ScoringFormula,
)
from samegame.plugin.hookspecs import hookimpl
from samegame.plugin.host import PluginHost

MODULE = "sg_test_attack"
SOURCE = "plugin attack (samegame-attack 1.2.3)"

PLUGIN = """
    import os, time
    from samegame.core.textboard import read_board
    from samegame.plugin.contributions import (
        BoardGenerator, BotFactory, GeneratedBoard, Penalty, Renderer, ScoringFormula,
    )
    from samegame.plugin.hookspecs import hookimpl

    PLACE = os.environ.get("SG_ATTACK_PLACE", "")
    BEHAVIOUR = os.environ.get("SG_ATTACK_BEHAVIOUR", "")
    # One move (the four R) leaves a board without groups: the penalty is asked.
    BOARD = "RRGBG\\nRRBGB\\nGBGBG\\nBGBGB"

    class Unprintable(Exception):
        def __str__(self):
            raise RuntimeError("no words")

    class Odd(BaseException):
        pass

    class BadRepr:
        def __repr__(self):
            raise RuntimeError("no repr")

    WRONG = {
        "formula": "5", "penalty": None, "generator": "RRB", "create": None,
        "move": "A1", "renderer": 5, "hook": 5,
    }

    class Litter:
        def __del__(self):
            raise RuntimeError("litter")

    def act(place, good):
        if place != PLACE:
            return good()
        if BEHAVIOUR == "litter":
            Litter()  # dropped at once: its __del__ raises where nothing can catch it
            return good()
        if BEHAVIOUR == "raise":
            raise RuntimeError("boom")
        if BEHAVIOUR == "base":
            raise Odd("odd")
        if BEHAVIOUR == "exit0":
            raise SystemExit(0)
        if BEHAVIOUR == "exit1":
            raise SystemExit(1)
        if BEHAVIOUR == "genexit":
            raise GeneratorExit()
        if BEHAVIOUR == "badstr":
            raise Unprintable()
        if BEHAVIOUR == "badrepr":
            return BadRepr()
        if BEHAVIOUR == "hang":
            # Asleep, not busy: the bound kills the call's process whatever it does
            # (a busy loop and a sleep are each stopped by Ctrl-C in
            # tests/system/test_ctrl_c_in_plugins.py), and a sleep costs no CPU.
            time.sleep(60)  # a safeguard that fails fails the test, later
            raise RuntimeError("nobody stopped me")
        if BEHAVIOUR == "wrong":
            return WRONG[place]
        return good()

    class Bot:
        def choose(self, view, rng):
            return act("move", lambda: view.groups[0].anchor)

    @hookimpl
    def samegame_scoring_formulas():
        formula = ScoringFormula("attack", lambda n: act("formula", lambda: n * n), "n squared")
        return act("hook", lambda: [formula])

    @hookimpl
    def samegame_penalties():
        return [Penalty("attack", lambda r, p: act("penalty", lambda: r), "one a tile")]

    @hookimpl
    def samegame_board_generators():
        def generate(spec, number):
            return act("generator", lambda: GeneratedBoard(read_board(BOARD)))
        return [BoardGenerator("attack", 1, generate, "always the same board")]

    @hookimpl
    def samegame_bots():
        return [BotFactory("attack", lambda options: act("create", Bot), "the first group")]

    @hookimpl
    def samegame_renderers():
        return [Renderer("attack", lambda b, o: act("renderer", lambda: "drawn\\n"), "a word")]
"""

PRESET = """\
name: attack
title: Attack
description: Every rule part from the attack plugin.
formula: attack
penalty: attack
board_type: attack
sizes:
  small: {width: 5, height: 4, colours: 3}
"""

BEHAVIOURS = (
    "raise",
    "base",
    "exit0",
    "exit1",
    "genexit",
    "badstr",
    "badrepr",
    "hang",
    "wrong",
)

KIND = {
    "formula": "scoring formula 'attack'",
    "penalty": "penalty 'attack'",
    "generator": "board generator 'attack'",
    "create": "bot 'attack'",
    "move": "bot 'attack'",
    "renderer": "renderer 'attack'",
}

TIMEOUT = "1"

COMMANDS: dict[str, list[str]] = {
    "simulate": ["simulate", "--bot", "attack", "-p", "attack.yaml", "-s", "small", "-g", "2"],
    "compare": [
        "compare",
        "--bots",
        "greedy,attack",
        "-p",
        "attack.yaml",
        "-s",
        "small",
        "-g",
        "2",
    ],
    "solve": ["solve", "--board", "board.txt", "--bot", "attack", "-p", "attack.yaml"],
    "bench": ["bench", "standard", "--bot", "attack", "--positions", "1"],
    "verify": ["verify", "records.jsonl"],
    "replay": ["replay", "-p", "attack.yaml", "--board-number", "1", "--moves", "A4"],
    "play": ["play", "-p", "attack.yaml", "--accessible"],
    "board": ["board", "show", "-p", "attack.yaml", "--board-number", "1", "--format", "attack"],
}
BOUNDED = {
    "simulate": ("--bot-timeout", TIMEOUT, TIMEOUT),
    "compare": ("--bot-timeout", TIMEOUT, TIMEOUT),
    "solve": ("--bot-timeout", TIMEOUT, TIMEOUT),
    "bench": ("--bot-timeout", TIMEOUT, TIMEOUT),
    "verify": ("--max-replay-seconds", TIMEOUT, str(int(TIMEOUT) + 5)),
}
"""Commands with a time bound on plugin code: the option, its value, and the bound
the error names (verify allows a record's check 5 seconds over its replay cap).
Elsewhere Ctrl-C ends a plugin that never returns
(tests/system/test_ctrl_c_in_plugins.py)."""

CALLED: dict[str, tuple[str, ...]] = {
    "formula": ("simulate", "compare", "solve", "verify", "replay", "play"),
    "penalty": ("simulate", "compare", "solve", "verify", "replay", "play"),
    "generator": ("simulate", "compare", "verify", "replay", "play"),
    "create": ("simulate", "compare", "solve", "bench", "verify"),
    "move": ("simulate", "compare", "solve", "bench", "verify"),
    "renderer": ("board",),
}
"""The commands that call each place of the plugin."""


def cases() -> Iterator[tuple[str, str, str]]:
    for place, commands in CALLED.items():
        for behaviour in BEHAVIOURS:
            for command in commands:
                if behaviour == "hang" and command not in BOUNDED:
                    continue
                if behaviour == "hang" and command == "verify" and place in ("create", "move"):
                    continue  # a bot's replay over the cap is "not checked", exit 1:
                    # tests/unit/records/test_replay_cap.py
                yield place, behaviour, command


FAST = {
    ("formula", "hang", "simulate"),
    ("formula", "exit0", "replay"),
    ("penalty", "badstr", "solve"),
    ("generator", "wrong", "simulate"),
    ("generator", "genexit", "play"),
    ("create", "hang", "solve"),
    ("create", "base", "compare"),
    ("move", "badrepr", "bench"),
    ("move", "exit1", "verify"),
    ("renderer", "raise", "board"),
}


def test_the_fast_cases_meet_every_place_behaviour_and_command() -> None:
    """The inner loop's share of the matrix: every place, behaviour and command
    at least once, each case one of the matrix's (verify's hang, which waits out
    the replay cap and its 5 s grace, is left to the whole run)."""
    every = set(cases())
    assert every >= FAST
    for axis in range(3):
        assert {case[axis] for case in FAST} == {case[axis] for case in every}


def _param(case: tuple[str, str, str]) -> object:
    marks = [] if case in FAST else [pytest.mark.slow]
    return pytest.param(*case, id="-".join(case), marks=marks)


@dataclass(frozen=True)
class Site:
    """The installed plugin and a working folder with its preset, a board and the
    records of a well-behaved run."""

    site: Path
    work: Path


@pytest.fixture(scope="session")
def attack_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    root = tmp_path_factory.mktemp("attack")
    site = root / "site"
    make_distribution(site, "samegame-attack", {"attack": MODULE}, {MODULE: PLUGIN})
    work = root / "work"
    work.mkdir()
    (work / "attack.yaml").write_text(PRESET)
    (work / "board.txt").write_text("RRGBG\nRRBGB\nGBGBG\nBGBGB\n")
    made = run(Site(site, work), "simulate", "--bot", "attack", "-p", "attack.yaml", "-s",
               "small", "-g", "1", "--out", "records.jsonl")  # fmt: skip
    assert made.returncode == 0, made.stderr
    return Site(site, work)


def run(
    site: Site, *args: str, stdin: str = "", home: Path | None = None, **env: str
) -> subprocess.CompletedProcess[str]:
    """``python -m samegame ARGS`` in the site's folder with only the attack plugin
    loaded, its own SAMEGAME_HOME (``home``: no saved game is resumed)."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", "SAMEGAME_LOAD_PLUGINS")
        and not key.startswith("SG_ATTACK")
    }
    environment |= {
        "PYTHONPATH": str(site.site),
        "SAMEGAME_HOME": str(home or site.work / "home"),
        "SAMEGAME_LOAD_PLUGINS": "attack",
        **env,
    }
    return warm.run(args, input=stdin, env=environment, cwd=site.work, timeout=30)


def assert_blamed(result: subprocess.CompletedProcess[str], fragment: str) -> None:
    """Exit 3 and one Error line holding ``fragment`` (after long work's own lines)."""
    shown = (result.returncode, result.stdout[-2000:], result.stderr)
    assert "Traceback" not in result.stderr, shown
    assert result.returncode == 3, shown
    lines = result.stderr.splitlines()
    errors = [line for line in lines if line.startswith("Error: ")]
    assert len(errors) == 1, shown
    assert errors[0] == lines[-1], shown
    assert all(line.startswith(PROGRESS_WORDS) for line in lines[:-1]), shown
    assert fragment in errors[0], shown


@pytest.mark.parametrize(("place", "behaviour", "command"), [_param(case) for case in cases()])
def test_a_misbehaving_plugin_is_blamed_in_one_line_with_exit_3(
    attack_site: Site, tmp_path: Path, place: str, behaviour: str, command: str
) -> None:
    if behaviour == "hang" and not bounded.AVAILABLE:
        pytest.skip("no os.fork: plugin code runs unbounded here")
    args = COMMANDS[command]
    bound = BOUNDED.get(command)
    if bound is not None:
        args = [*args, bound[0], bound[1]]
    stdin = "A4\nA4\n" if command == "play" else ""
    result = run(
        attack_site,
        *args,
        stdin=stdin,
        home=tmp_path,
        SG_ATTACK_PLACE=place,
        SG_ATTACK_BEHAVIOUR=behaviour,
    )
    assert_blamed(result, f"{SOURCE}: {KIND[place]}")
    if behaviour == "hang":
        assert bound is not None
        assert f"did not return within {bound[2]} second" in result.stderr


LITTERED = {
    "formula": "simulate",
    "penalty": "solve",
    "generator": "replay",
    "move": "verify",
    "renderer": "board",
    "hook": "plugins",
}


@pytest.mark.parametrize(("place", "command"), sorted(LITTERED.items()))
def test_a_fault_python_can_only_report_is_one_warning_line(
    attack_site: Site, tmp_path: Path, place: str, command: str
) -> None:
    """An exception raised in plugin code's clean-up (``__del__``), which nothing
    can catch: the command goes on and says it in one line, once per process,
    never as Python's "Exception ignored" with a traceback."""
    result = run(
        attack_site,
        *COMMANDS.get(command, [command]),
        home=tmp_path,
        SG_ATTACK_PLACE=place,
        SG_ATTACK_BEHAVIOUR="litter",
    )
    shown = (result.returncode, result.stdout[-2000:], result.stderr)
    assert result.returncode == 0, shown
    assert "Traceback" not in result.stderr, shown
    assert "Exception ignored" not in result.stderr, shown
    warnings = [line for line in result.stderr.splitlines() if line.startswith("Warning: ")]
    said = (
        f"Warning: {MODULE}.Litter.__del__ raised RuntimeError: litter"
        " while Python cleaned up an object; ignored"
    )
    assert warnings, shown
    assert set(warnings) == {said}, shown


HOOK_COMMANDS = {
    "plugins": ["plugins"],
    "simulate": ["simulate", "--bot", "greedy", "-s", "small", "-g", "1"],
}


HOOK_FAST = {("raise", "simulate"), ("exit0", "plugins"), ("badstr", "plugins")}


def _hook_cases() -> list[object]:
    return [
        pytest.param(
            behaviour,
            command,
            id=f"{behaviour}-{command}",
            marks=[] if (behaviour, command) in HOOK_FAST else [pytest.mark.slow],
        )
        for behaviour in BEHAVIOURS
        if behaviour != "hang"
        for command in sorted(HOOK_COMMANDS)
    ]


@pytest.mark.parametrize(("behaviour", "command"), _hook_cases())
def test_a_misbehaving_registration_hook_is_a_warning_and_the_command_works(
    attack_site: Site, behaviour: str, command: str
) -> None:
    result = run(
        attack_site,
        *HOOK_COMMANDS[command],
        SG_ATTACK_PLACE="hook",
        SG_ATTACK_BEHAVIOUR=behaviour,
    )
    shown = (result.returncode, result.stdout[-2000:], result.stderr)
    assert result.returncode == 0, shown
    assert "Traceback" not in result.stderr, shown
    warnings = [line for line in result.stderr.splitlines() if line.startswith("Warning: ")]
    assert warnings == [line for line in warnings if SOURCE[len("plugin ") :] in line], shown
    assert len(warnings) == 1, shown
    assert "samegame_scoring_formulas" in warnings[0], shown
    assert warnings[0].endswith("skipped"), shown


@pytest.mark.slow
def test_a_well_behaved_attack_plugin_plays_everywhere(attack_site: Site, tmp_path: Path) -> None:
    """The control: with nothing misbehaving every command of the matrix succeeds."""
    for command, args in COMMANDS.items():
        stdin = "A4\nA4\n" if command == "play" else ""
        result = run(attack_site, *args, stdin=stdin, home=tmp_path / command)
        assert result.returncode == 0, (command, result.stdout[-2000:], result.stderr)
        assert "Error" not in result.stderr, (command, result.stderr)


# -- in this process: containment itself never raises anything but PluginError -------


class _Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no words")


class _Odd(BaseException):
    pass


class _BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def _raising(error: BaseException) -> Callable[..., object]:
    def function(*args: object) -> object:
        raise error

    return function


FAILURES = [
    RuntimeError("boom"),
    _Odd("odd"),
    SystemExit(0),
    SystemExit(1),
    GeneratorExit(),
    _Unprintable(),
]
ODD_RESULTS = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.just(10**5000),
    st.just(_BadRepr()),
    st.just(numpy.int64(3)),
    st.tuples(st.integers(-3, 30), st.integers(-3, 30)).map(lambda t: Cell(*t)),
    st.tuples(st.booleans(), st.booleans()).map(lambda t: Cell(*t)),
    st.just(Cell(numpy.int64(0), numpy.int64(0))),
    st.just(Cell(10**5000, 0)),
)


def _contained_host(
    points: Callable[..., object],
    generate: Callable[..., object],
    render: Callable[..., object],
    create: Callable[..., object],
) -> PluginHost:
    plugin = SimpleNamespace(
        samegame_scoring_formulas=hookimpl(lambda: [ScoringFormula("odd", points, "x")]),
        samegame_penalties=hookimpl(lambda: [Penalty("odd", lambda r, f: points(r), "x")]),
        samegame_board_generators=hookimpl(lambda: [BoardGenerator("odd", 1, generate, "x")]),
        samegame_renderers=hookimpl(lambda: [Renderer("odd", render, "x")]),
        samegame_bots=hookimpl(lambda: [BotFactory("odd", create, "x")]),
    )
    return PluginHost(autoload=False, extra=[("odd", plugin)])


class _Chooser:
    def __init__(self, choose: Callable[..., object]) -> None:
        self.choose = choose


def _uses(host: PluginHost) -> dict[str, Callable[[], object]]:
    board = read_board("RRB\nRBB")
    view = GameView(Game(board, Rules(host.formula("basic"))))
    return {
        "scoring formula 'odd'": lambda: host.formula("odd").points(3),
        "penalty 'odd'": lambda: host.penalty("odd").amount(3, host.formula("basic").points),
        "board generator 'odd'": lambda: host.generator("odd").generate(BoardSpec(3, 2, 3), 1),
        "renderer 'odd'": lambda: host.renderer("odd").render(board, {}),
        "bot 'odd'": lambda: host.bot("odd").create({}).choose(view, StableRandom(1)),
    }


def _assert_contained(use: Callable[[], object], label: str) -> object:
    try:
        return use()
    except PluginError as error:
        message = str(error)
        assert message.startswith(f"plugin odd (local): {label} "), message
        assert "\n" not in message
        return None


@given(st.sampled_from(FAILURES), st.sampled_from(range(5)))
@settings(max_examples=60)
def test_whatever_a_plugin_raises_becomes_one_plugin_error(
    failure: BaseException, place: int
) -> None:
    ok: dict[str, Callable[..., object]] = {
        "points": lambda n: n,
        "generate": lambda spec, number: GeneratedBoard(read_board("RRB\nRBB")),
        "render": lambda board, options: "drawn",
        "create": lambda options: _Chooser(lambda view, rng: view.groups[0].anchor),
    }
    name = ["points", "points", "generate", "render", "create"][place]
    ok[name] = _raising(failure)
    host = _contained_host(**ok)
    label = list(_uses(host))[place]
    with pytest.raises(PluginError, match=f"^plugin odd \\(local\\): {re.escape(label)} failed"):
        _uses(host)[label]()


@given(ODD_RESULTS)
@settings(max_examples=150)
@pytest.mark.slow
def test_whatever_a_plugin_returns_is_checked_without_raising_anything_else(
    value: object,
) -> None:
    host = _contained_host(
        points=lambda n: value,
        generate=lambda spec, number: value,
        render=lambda board, options: value,
        create=lambda options: _Chooser(lambda view, rng: value),
    )
    for label, use in _uses(host).items():
        got = _assert_contained(use, label)
        if got is None:
            continue
        if label in ("scoring formula 'odd'", "penalty 'odd'"):
            assert type(got) is int
            assert 0 <= got <= MAX_POINTS
        elif label == "bot 'odd'":
            assert type(got) is Cell
            assert (type(got.col), type(got.row)) == (int, int)
        elif label == "renderer 'odd'":
            assert type(got) is str
        else:
            pytest.fail(f"{label} accepted {value!r:.40}")


def test_ctrl_c_in_a_plugin_still_interrupts() -> None:
    host = _contained_host(
        points=_raising(KeyboardInterrupt()),
        generate=_raising(KeyboardInterrupt()),
        render=_raising(KeyboardInterrupt()),
        create=_raising(KeyboardInterrupt()),
    )
    for use in _uses(host).values():
        with pytest.raises(KeyboardInterrupt):
            use()


BAD_CELLS = [
    ("a Cell of bools", Cell(True, False), "returned"),  # type: ignore[arg-type]
    ("a Cell of numpy ints", Cell(numpy.int64(0), numpy.int64(0)), "returned"),
    ("a Cell of floats", Cell(0.0, 0.0), "returned"),  # type: ignore[arg-type]
    ("a huge column", Cell(10**5000, 0), "chose"),
    ("a negative row", Cell(0, -1), "chose"),
    ("a column past Z", Cell(30, 0), "chose"),
    ("a tuple", (0, 0), "returned"),
    ("a bool", True, "returned"),
    ("a huge int", 10**30, "returned"),
]


@pytest.mark.parametrize("command", ["solve", pytest.param("bench", marks=pytest.mark.slow)])
@pytest.mark.parametrize(("what", "cell", "verb"), BAD_CELLS, ids=[c[0] for c in BAD_CELLS])
def test_a_bot_returning_a_bad_cell_is_its_fault_in_solve_and_bench(
    cli: Callable[..., Result],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    command: str,
    what: str,
    cell: object,
    verb: str,
) -> None:
    factory = BotFactory("odd", lambda options: _Chooser(lambda view, rng: cell), "x")
    plugin = SimpleNamespace(samegame_bots=hookimpl(lambda: [factory]))
    monkeypatch.setattr(plugins, "_HOST", PluginHost(autoload=False, extra=[("odd", plugin)]))
    monkeypatch.setattr(cli_options, "_warned", False)
    (tmp_path / "board.txt").write_text("RRGBG\nRRBGB\n")
    args = {
        "solve": ["solve", "--board", "board.txt", "--bot", "odd"],
        "bench": ["bench", "standard", "--bot", "odd", "--positions", "1"],
    }[command]
    result = cli(*args)
    assert_one_line_error(result, 3, f"plugin odd (local): bot 'odd' {verb}", progress=True)
    assert "Traceback" not in result.err
    plugins.reset_host()
