"""A plugin that gets stuck where it is told to, for the tests of bounded plugin bots
and of Ctrl-C.

The plugin ``stuck`` (distribution ``samegame-stuck``) registers a scoring formula,
a board generator, a renderer, a bot (with a ``time`` option it ignores) and an
event observer, all named ``stuck``. Each behaves well, except the one named by
``SG_STUCK_WHAT`` (formula, generator, renderer, bot, create, observer, or
``observer:EVENT`` for one kind of event) once it has been called
``SG_STUCK_AFTER`` times (default 0) in the process, which
touches the file ``SG_STUCK_MARKER`` and then does not return, as ``SG_STUCK_MODE``
says: ``busy`` (a pure-Python busy loop), ``sleep`` (``time.sleep``), ``swallow``
(a busy loop that catches KeyboardInterrupt and goes on) or ``exit``
(``os._exit(3)``: the process ends under samegame's feet). So that a test whose
safeguard fails ends instead of hanging, the plugin gives up after
``SG_STUCK_FOR`` seconds (default 90) by raising RuntimeError.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import warm
from plugin_install import make_distribution
from samegame.plugin.hookspecs import hookimpl

MODULE = "sg_test_stuck"
SOURCE = "stuck (samegame-stuck 1.2.3)"

PLUGIN = """
    import os, time
    from samegame.plugin.contributions import (
        BoardGenerator, BotFactory, GeneratedBoard, Renderer, ScoringFormula,
    )
    from samegame.plugin.hookspecs import hookimpl
    from samegame.core.textboard import read_board

    calls = {}

    def stuck(what, detail=""):
        wanted = os.environ.get("SG_STUCK_WHAT")
        if wanted not in (what, f"{what}:{detail}"):
            return
        calls[wanted] = calls.get(wanted, 0) + 1
        if calls[wanted] <= int(os.environ.get("SG_STUCK_AFTER", "0")):
            return
        marker = os.environ.get("SG_STUCK_MARKER")
        mode = os.environ.get("SG_STUCK_MODE", "busy")
        if marker and mode != "swallow":
            open(marker, "w").close()
        # Stuck for SG_STUCK_FOR seconds (default 90), then a failure: a test whose
        # safeguard does not work fails instead of hanging.
        end = time.monotonic() + float(os.environ.get("SG_STUCK_FOR", "90"))
        if mode == "sleep":
            time.sleep(end - time.monotonic())
        elif mode == "exit":
            os._exit(3)
        elif mode == "swallow":
            # ``while True`` with the test inside: on CPython 3.13 an exception that a
            # signal handler raises while a tight ``while <condition>:`` loop checks its
            # condition escapes the enclosing try (python/cpython#130279), so that
            # plugin would not swallow the Ctrl-C it is here to swallow.
            while True:
                try:
                    # The marker says "stuck" only once a Ctrl-C would be swallowed.
                    if marker:
                        open(marker, "w").close()
                    while True:
                        if time.monotonic() >= end:
                            break
                except BaseException:
                    pass
                if time.monotonic() >= end:
                    break
        while time.monotonic() < end:
            pass
        raise RuntimeError(f"{what} was stuck and nobody stopped it")

    def points(n):
        stuck("formula")
        return n * n

    def generate(spec, number):
        stuck("generator")
        colours = min(spec.colours, 3)
        rows = [
            "".join("RGB"[(x + 2 * y + number) % colours] for x in range(spec.width))
            for y in range(spec.height)
        ]
        return GeneratedBoard(read_board("\\n".join(rows)))

    def render(board, options):
        stuck("renderer")
        return "stuck\\n"

    class Bot:
        def choose(self, view, rng):
            stuck("bot")
            return view.groups[0].anchor

    def create(options):
        stuck("create")
        return Bot()

    @hookimpl
    def samegame_scoring_formulas():
        return [ScoringFormula("stuck", points, "n squared, unless stuck")]

    @hookimpl
    def samegame_board_generators():
        return [BoardGenerator("stuck", 1, generate, "stripes, unless stuck")]

    @hookimpl
    def samegame_renderers():
        return [Renderer("stuck", render, "a word, unless stuck")]

    @hookimpl
    def samegame_bots():
        return [BotFactory("stuck", create, "the first group, unless stuck", options=("time",))]

    @hookimpl
    def samegame_game_event(event):
        stuck("observer", type(event).__name__)
"""

PRESET = """\
name: {name}
title: Stuck
description: Uses the stuck plugin.
formula: {formula}
penalty: none
board_type: {board_type}
sizes:
  small: {{width: 5, height: 4, colours: 3}}
"""


def install_stuck(site: Path) -> Path:
    """Lay the plugin out as an installed distribution under ``site``."""
    make_distribution(site, "samegame-stuck", {"stuck": MODULE}, {MODULE: PLUGIN})
    return site


def stuck_preset(folder: Path, formula: str = "basic", board_type: str = "random") -> Path:
    name = f"stuck-{formula}-{board_type}"
    path = folder / f"{name}.yaml"
    path.write_text(PRESET.format(name=name, formula=formula, board_type=board_type))
    return path


def local_stuck_plugin() -> SimpleNamespace:
    """The same plugin as an in-process object (for a ``PluginHost(extra=...)``)."""
    namespace: dict[str, Any] = {}
    exec(_dedent(PLUGIN), namespace)
    hooks = ("samegame_scoring_formulas", "samegame_board_generators", "samegame_renderers")
    hooks += ("samegame_bots", "samegame_game_event")
    return SimpleNamespace(**{name: namespace[name] for name in hooks})


def _dedent(text: str) -> str:
    import textwrap

    return textwrap.dedent(text)


def child_env(site: Path, home: Path, **extra: str) -> dict[str, str]:
    """This environment with the plugin on PYTHONPATH, autoloading on, its own home."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", "SAMEGAME_LOAD_PLUGINS")
        and not k.startswith("SG_STUCK")
    }
    env |= {"PYTHONPATH": str(site), "SAMEGAME_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    env |= extra
    return env


def start(args: list[str], env: dict[str, str], cwd: Path, stdin: str | None = None) -> Any:
    """``python -m samegame ARGS`` started with its standard input open (forked from
    a warm process: tests/warm.py)."""
    child = warm.start(args, env=env, cwd=cwd)
    if stdin is not None:
        assert child.stdin is not None
        child.stdin.write(stdin)
        child.stdin.flush()
    return child


def wait_for(marker: Path, child: Any, seconds: float = 60) -> None:
    """Until the plugin says it is stuck (the marker exists). A child that ends
    first, or is still running without having called the plugin after
    ``seconds``, fails the test with what it wrote (the second is killed)."""
    deadline = time.monotonic() + seconds
    while not marker.exists():
        if child.poll() is not None:
            _out, err = child.communicate()
            raise AssertionError(f"ended before the plugin was stuck: {child.returncode}\n{err}")
        if time.monotonic() >= deadline:
            child.kill()
            out, err = child.communicate()
            raise AssertionError(
                f"the plugin was never called in {seconds} s\nstdout:\n{out[-3000:]}\n"
                f"stderr:\n{err[-3000:]}"
            )
        time.sleep(0.05)
    time.sleep(0.2)  # well inside the stuck loop


def interrupt(
    child: Any, times: int = 1, gap: float = 0.5, within: float = 10
) -> tuple[int, str, str]:
    """Send SIGINT ``times`` times (``gap`` seconds apart) and wait at most ``within``
    seconds for the end: the exit status, stdout and stderr. A child still running
    then is killed and the test fails."""
    try:
        for number in range(times):
            if number:
                time.sleep(gap)
            if child.poll() is None:
                child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=within)
    except subprocess.TimeoutExpired:
        child.kill()
        out, err = child.communicate()
        raise AssertionError(f"still running {within} seconds after Ctrl-C\n{err}") from None
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    return child.returncode, out, err


def hooks_of(plugin: SimpleNamespace) -> SimpleNamespace:
    return SimpleNamespace(**{name: hookimpl(f) for name, f in vars(plugin).items()})


Hook = Callable[..., Any]
