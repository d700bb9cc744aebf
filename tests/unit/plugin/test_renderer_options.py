"""A plugin's renderer is given every documented option (docs/plugins.md,
samegame_renderers): ``coordinates``, ``symbols``, ``palette`` and ``selected``,
from ``board show`` and from ``play``, as the built-in renderers are."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from playkit import blocks, clear_mode_variables, run_cli
from plugin_install import make_distribution
from samegame.plugin.host import reset_host

# Prints the options it was given, one JSON line, in place of a board.
ECHO_PLUGIN = """
    import json

    from samegame.plugin.contributions import Renderer
    from samegame.plugin.hookspecs import hookimpl

    def render(board, options):
        return "options " + json.dumps(options, sort_keys=True) + "\\n"

    def key(board, options):
        return "Key: 1 is the first colour, and so on."

    @hookimpl
    def samegame_renderers():
        return [
            Renderer("echo-options", render, "the options it was given"),
            Renderer("own-legend", render, "its own legend", legend=key),
            Renderer("asks-legend", render, "samegame's legend", legend=True),
        ]
"""

DOCUMENTED = {"coordinates", "symbols", "palette", "selected"}
# The Lesson preset's palette order: red, yellow, blue first, then the rest.
LESSON_PALETTE = [0, 3, 1, 2, 4, 5, 6, 7, 8]


@pytest.fixture(autouse=True)
def echo_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    clear_mode_variables(monkeypatch, tmp_path / "home")
    make_distribution(
        tmp_path / "site", "samegame-echo", {"echo": "sg_test_echo"}, {"sg_test_echo": ECHO_PLUGIN}
    )
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    monkeypatch.setenv("SAMEGAME_LOAD_PLUGINS", "echo")
    reset_host()
    yield
    reset_host()
    sys.modules.pop("sg_test_echo", None)


def given(lines: list[str]) -> list[dict[str, object]]:
    """The options of every drawing among ``lines``."""
    return [json.loads(line[len("options ") :]) for line in lines if line.startswith("options ")]


@pytest.mark.parametrize("coordinates", [True, False])
def test_board_show_gives_every_documented_option(capsys, monkeypatch, coordinates) -> None:
    args = ["board", "show", "--preset", "lesson", "-n", "1", "--format", "echo-options"]
    switch = "--coordinates" if coordinates else "--no-coordinates"
    shown = run_cli(capsys, monkeypatch, [*args, "--symbols", "shapes", switch])
    assert shown.code == 0, shown.err
    (options,) = given(shown.lines)
    assert set(options) == DOCUMENTED
    assert options == {
        "coordinates": coordinates,
        "symbols": "shapes",
        "palette": LESSON_PALETTE,
        "selected": [],
    }


def test_play_gives_every_documented_option_and_the_selection(capsys, monkeypatch) -> None:
    args = ["play", "--preset", "lesson", "--board-number", "1", "--no-accessible"]
    played = run_cli(
        capsys,
        monkeypatch,
        [*args, "--renderer", "echo-options", "--symbols", "digits"],
        "A1\ncancel\nquit\n",
    )
    assert played.code == 0, played.err
    said = dict(blocks(played.out))
    (start,) = given(said[""])
    assert set(start) == DOCUMENTED
    assert start == {
        "coordinates": True,
        "symbols": "digits",
        "palette": LESSON_PALETTE,
        "selected": [],
    }
    (selecting,) = given(said["A1"])
    # The 9 red circles at A1, column by column, bottom up.
    assert selecting["selected"] == ["A1", "A2", "B2", "B3", "C3", "C4", "D3", "E3", "E4"]
    (cancelled,) = given(said["cancel"])
    assert cancelled["selected"] == []


@pytest.mark.parametrize(
    ("renderer", "legend"),
    [
        ("echo-options", None),
        ("own-legend", "Key: 1 is the first colour, and so on."),
        ("asks-legend", "Legend: "),
    ],
)
def test_play_prints_a_renderer_s_own_legend_or_none(
    capsys, monkeypatch, renderer: str, legend: str | None
) -> None:
    """Issue 46, item 8: the built-in ``Legend: R red circle, ...`` is printed under
    a plugin's board only when its renderer asks for it (``legend=True``); a
    renderer may give its own (``legend=function``) or none (the default)."""
    args = ["play", "--preset", "lesson", "--board-number", "1", "--no-accessible"]
    played = run_cli(capsys, monkeypatch, [*args, "--renderer", renderer], "A1\nquit\n")
    assert played.code == 0, played.err
    said = dict(blocks(played.out))
    for block in ("", "A1"):
        lines = said[block]
        drawn = next(index for index, line in enumerate(lines) if line.startswith("options "))
        builtin = [line for line in lines if line.startswith("Legend: ")]
        if legend is None:
            assert builtin == [], lines
            assert "Key:" not in played.out
        elif legend.startswith("Key"):
            assert builtin == [], lines
            assert lines[drawn + 1] == legend
        else:
            assert lines[drawn + 1].startswith(legend), lines


def test_a_built_in_renderer_keeps_samegame_s_legend(capsys, monkeypatch) -> None:
    args = ["play", "--preset", "lesson", "--board-number", "1", "--no-accessible"]
    played = run_cli(capsys, monkeypatch, [*args, "--renderer", "text"], "quit\n")
    assert played.code == 0, played.err
    assert "Legend: R red circle" in played.out
