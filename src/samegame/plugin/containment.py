"""Plugin containment: what a plugin registers is checked, what it computes is checked.

Two places, one rule each, so no caller needs its own try/except:

- ``check_record`` at registration: a registration hook's record must be the hook's
  record type with a name matching ``NAME_PATTERN`` and fields of the documented
  types; the host reports a bad record in one line naming the plugin and skips it.
- ``contain`` when the host builds its registry: every callable of a third-party
  record (built-ins are trusted and left bare, so bots' hot loops stay fast) is
  wrapped so that an exception, or a result of the wrong kind, becomes one
  ``PluginError`` naming the plugin and the record. Points (formula and penalty
  results) must be whole numbers from 0 to ``limits.MAX_POINTS``; a generator must
  return a ``GeneratedBoard`` of the requested size and colours with at least one
  tile; a renderer a string; a bot factory an object with ``choose``, whose
  ``choose`` must return a ``Cell`` (whether that cell is a legal move is the match
  loop's check). ``BotOptionError`` from a factory and ``KeyboardInterrupt`` pass
  through unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, TypeVar

from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.limits import MAX_POINTS, check_points
from samegame.core.palette import MAX_COLOURS
from samegame.core.quoting import shown
from samegame.core.rng import StableRandom
from samegame.plugin.bot_api import BotOptionError, GameView
from samegame.plugin.contributions import (
    BoardGenerator,
    BoardSpec,
    BotFactory,
    GeneratedBoard,
    Penalty,
    Renderer,
    ScoringFormula,
)

NAME_PATTERN = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
"""A contribution's name: lower-case letters, digits and hyphens, at most 40,
starting with a letter or digit (it appears in presets, options and file names)."""

_R = TypeVar("_R")


class PluginError(RuntimeError):
    """A plugin that failed when used: it raised, or returned something it must not.
    The message is one line naming the plugin and its record."""


def _int_in(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _callable(value: object) -> str | None:
    return None if callable(value) else "must be a function"


def _text(value: object) -> str | None:
    return None if isinstance(value, str) else "must be a string"


_FIELD_CHECKS: dict[str, Callable[[object], str | None]] = {
    "description": _text,
    "media_type": _text,
    "points": _callable,
    "amount": _callable,
    "generate": _callable,
    "render": _callable,
    "create": _callable,
    "run": _callable,
    "version": lambda v: None if _int_in(v, 0, 2**31 - 1) else "must be 0 to 2**31-1",
    "floor": lambda v: (
        None if v is None or _int_in(v, -MAX_POINTS, MAX_POINTS) else "must be None or points"
    ),
    "guarantees_clear": lambda v: None if isinstance(v, bool) else "must be true or false",
    "min_colours": lambda v: None if _int_in(v, 1, MAX_COLOURS) else f"must be 1 to {MAX_COLOURS}",
    "options": lambda v: (
        None
        if isinstance(v, tuple) and all(isinstance(o, str) for o in v)
        else "must be a tuple of strings"
    ),
    "path": lambda v: None if isinstance(v, Path) else "must be a pathlib.Path",
}


def check_record(record: object, record_type: type) -> str | None:
    """Why a registered record is unusable (one phrase), or None when it is fine."""
    if not isinstance(record, record_type):
        return f"{shown(repr(record))} is not a {record_type.__name__} record"
    name = getattr(record, "name", None)
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
        shown_name = shown(name) if isinstance(name, str) else shown(repr(name))
        return (
            f"name '{shown_name}' is not allowed; use lower-case letters, digits and "
            "hyphens (at most 40, starting with a letter or digit)"
        )
    for item in fields(record):  # type: ignore[arg-type]
        check = _FIELD_CHECKS.get(item.name)
        problem = check(getattr(record, item.name)) if check else None
        if problem:
            return f"'{name}': {item.name} {problem}"
    return None


class _Guard:
    """Calls into one record of one plugin, turning failures into PluginError."""

    def __init__(self, plugin: str, what: str) -> None:
        self.plugin = plugin
        self.what = what

    def error(self, message: str) -> PluginError:
        return PluginError(f"plugin {self.plugin}: {self.what} {message}")

    def call(self, function: Callable[..., _R], *args: Any, during: str) -> _R:
        try:
            return function(*args)
        except BotOptionError:
            raise
        except Exception as error:
            detail = shown(str(error), 120)
            raise self.error(f"failed {during} ({type(error).__name__}: {detail})") from None

    def points(self, value: object, during: str) -> int:
        try:
            return check_points(value)
        except ValueError:
            raise self.error(
                f"gave {shown(repr(value), 40)} {during}; points must be a whole number "
                f"from 0 to {MAX_POINTS}"
            ) from None


def _formula(record: ScoringFormula, guard: _Guard) -> ScoringFormula:
    inner = record.points

    def points(tiles: int) -> int:
        during = f"for a group of {tiles} tiles"
        return guard.points(guard.call(inner, tiles, during=during), during)

    return replace(record, points=points)


def _penalty(record: Penalty, guard: _Guard) -> Penalty:
    inner = record.amount

    def amount(remaining: int, formula: Callable[[int], int]) -> int:
        during = f"for {remaining} tiles left"
        return guard.points(guard.call(inner, remaining, formula, during=during), during)

    return replace(record, amount=amount)


def _generator(record: BoardGenerator, guard: _Guard) -> BoardGenerator:
    inner = record.generate

    def generate(spec: BoardSpec, number: int) -> GeneratedBoard:
        during = f"for board {number}"
        made = guard.call(inner, spec, number, during=during)
        board = made.board if isinstance(made, GeneratedBoard) else None
        if not isinstance(board, Board):
            raise guard.error(f"returned {shown(repr(made), 40)} {during}, not a GeneratedBoard")
        if (board.width, board.height) != (spec.width, spec.height):
            raise guard.error(
                f"made a {board.width}x{board.height} board {during}; "
                f"{spec.width}x{spec.height} was asked for"
            )
        if len(board.planes) > spec.colours:
            raise guard.error(
                f"used {len(board.planes)} colours {during}; {spec.colours} were asked for"
            )
        if board.is_empty():
            raise guard.error(f"made a board with no tiles {during}")
        certificate = made.certificate
        if certificate is not None and not (
            isinstance(certificate, tuple) and all(isinstance(c, Cell) for c in certificate)
        ):
            raise guard.error(f"gave a certificate {during} that is not a tuple of cells")
        return made

    return replace(record, generate=generate)


def _renderer(record: Renderer, guard: _Guard) -> Renderer:
    inner = record.render

    def render(board: Board, options: dict[str, Any]) -> str:
        text = guard.call(inner, board, options, during="drawing a board")
        if not isinstance(text, str):
            raise guard.error(f"returned {type(text).__name__} instead of text")
        return text

    return replace(record, render=render)


class _ContainedBot:
    """A plugin bot whose ``choose`` is checked."""

    def __init__(self, bot: Any, guard: _Guard) -> None:
        self._bot = bot
        self._guard = guard

    def choose(self, view: GameView, rng: StableRandom) -> Cell:
        during = f"choosing move {view.move_number}"
        choice = self._guard.call(self._bot.choose, view, rng, during=during)
        if not isinstance(choice, Cell):
            raise self._guard.error(
                f"returned {shown(repr(choice), 40)} {during}; a bot returns a Cell"
            )
        return choice


def _bot(record: BotFactory, guard: _Guard) -> BotFactory:
    inner = record.create

    def create(options: Mapping[str, str]) -> _ContainedBot:
        bot = guard.call(inner, options, during="making the bot")
        if not callable(getattr(bot, "choose", None)):
            raise guard.error("made an object without a choose method")
        return _ContainedBot(bot, guard)

    return replace(record, create=create)


_CONTAINERS: dict[type, Callable[[Any, _Guard], Any]] = {
    ScoringFormula: _formula,
    Penalty: _penalty,
    BoardGenerator: _generator,
    Renderer: _renderer,
    BotFactory: _bot,
}


def contain(record: _R, kind: str, plugin: str) -> _R:
    """The record with its callables checked (records without callables unchanged)."""
    wrap = _CONTAINERS.get(type(record))
    if wrap is None:
        return record
    name = getattr(record, "name", "?")
    return wrap(record, _Guard(plugin, f"{kind} '{name}'"))  # type: ignore[no-any-return]


def call_observer(
    function: Callable[..., object], argnames: tuple[str, ...], event: object, plugin: str
) -> None:
    """Pass an event to one observer hook; its exception becomes a PluginError."""
    guard = _Guard(plugin, "event observer")
    kwargs = dict.fromkeys(argnames, event)
    try:
        function(**kwargs)
    except Exception as error:
        detail = shown(str(error), 120)
        raise guard.error(
            f"failed on {type(event).__name__} ({type(error).__name__}: {detail})"
        ) from None


__all__ = ["NAME_PATTERN", "PluginError", "call_observer", "check_record", "contain"]
