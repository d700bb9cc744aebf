"""Plugin code in a page game runs under the command line's bound: every call of
a plugin's scoring formula, penalty, board generator or event observer is made in
a child process stopped after ``seconds`` (``samegame.execution.bounded.run_game``,
the bound ``simulate`` puts on a game; by default ``bounded.DEFAULT_SECONDS``),
behind the containment every plugin record has (``samegame.plugin.containment``).

So whatever a plugin does (raises anything, ``SystemExit``, ``MemoryError`` and
``KeyboardInterrupt`` included, returns a wrong type, sleeps, loops) a page game
gets one ``PluginError`` line, the line ``samegame play`` says, naming the plugin
and the callable, never a hang longer than the bound. The child is a fork: the
arguments need no pickling, only the result (an int, a board) comes back. What an
observer changes in its own memory stays in the child; what it writes to a file
is written. Built-in records run here, as the command line runs them.

A formula gives the points of a group by its size alone (a group of n tiles is
worth the same each time), so each size is asked once per record and kept.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from samegame.execution import bounded
from samegame.plugin.containment import PluginError
from samegame.plugin.contributions import BoardGenerator, Penalty, ScoringFormula
from samegame.plugin.host import PluginHost

__all__ = ["ADVICE", "bounded_host"]

ADVICE = "the game was closed after its last saved move; fix or remove the plugin"
"""What the page is told to do after a plugin callable overran its bound."""

_R = TypeVar("_R")


def _bounded(function: Callable[..., _R], label: str, seconds: float) -> Callable[..., _R]:
    """``function`` called in a child process under ``seconds`` (``run_game``)."""

    def call(*args: Any) -> _R:
        try:
            return bounded.run_game(lambda: function(*args), (label,), seconds, advice=ADVICE)
        except KeyboardInterrupt:  # the child's: no signal reaches a page game's thread
            raise PluginError(f"{label} failed (KeyboardInterrupt)") from None

    return call


def _kept_points(points: Callable[[int], int]) -> Callable[[int], int]:
    known: dict[int, int] = {}

    def cached(tiles: int) -> int:
        if tiles not in known:
            known[tiles] = points(tiles)
        return known[tiles]

    return cached


def _wrap(seconds: float) -> Callable[[str, Any], Any]:
    """Bound the callables of a plugin's record the page's games call."""

    def wrap(kind: str, record: Any) -> Any:
        label = f"plugin {record.source}: {kind} '{record.name}'"
        if isinstance(record, ScoringFormula):
            return replace(record, points=_kept_points(_bounded(record.points, label, seconds)))
        if isinstance(record, Penalty):
            return replace(record, amount=_bounded(record.amount, label, seconds))
        if isinstance(record, BoardGenerator):
            impossible = record.impossible
            return replace(
                record,
                generate=_bounded(record.generate, label, seconds),
                impossible=None if impossible is None else _bounded(impossible, label, seconds),
            )
        return record  # renderers, bots and commands: a page game never calls them

    return wrap


def bounded_host(host: PluginHost, seconds: float = bounded.DEFAULT_SECONDS) -> PluginHost:
    """``host`` with every plugin callable a page game calls bounded (see the module)."""

    def around_observer(call: Callable[[], None], label: str) -> None:
        _bounded(call, label, seconds)()

    return host.rewrapped(_wrap(seconds), around_observer)
