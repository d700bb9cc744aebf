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
  ``choose`` must return a ``Cell`` of two plain ints that is a legal move on the
  board it was shown (``bot_api.checked_move``, the match loop's own check), so an
  illegal move of a plugin's bot is its plugin's fault, exit 3, wherever it plays.
  ``BotOptionError`` from a factory and ``KeyboardInterrupt`` pass through unchanged.

Containment itself never raises anything but ``PluginError`` for a plugin's fault:
every exception a plugin raises is caught, ``SystemExit``, ``GeneratorExit`` and
other ``BaseException`` subclasses included (only KeyboardInterrupt interrupts), and
it is put into words by ``error_words`` and ``value_words``, which survive an
exception whose ``__str__`` raises and a result whose ``__repr__`` raises.

Which plugin callable is running can be watched (``watch_calls``): the bounded
game of ``samegame.execution.bounded`` uses it to name the one that never returned.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, TypeVar

from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.game import Game
from samegame.core.limits import MAX_POINTS
from samegame.core.palette import MAX_COLOURS
from samegame.core.quoting import shown
from samegame.core.rng import StableRandom
from samegame.plugin.bot_api import BotOptionError, GameView, IllegalMove, checked_move
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


def value_words(value: object, limit: int = 40) -> str:
    """``repr(value)`` shown safely and cut to ``limit`` characters; a value whose
    ``__repr__`` raises (or an int too long to write) is named by its type.

    >>> value_words("A1"), value_words(10**5000)
    ("'A1'", 'an int that cannot be shown')
    """
    try:
        text = repr(value)
        if not isinstance(text, str):
            raise TypeError("__repr__ returned a non-string")
        return shown(text, limit)
    except Exception:
        return f"{_article(_type_name(value))} that cannot be shown"


def error_words(error: BaseException, limit: int = 120) -> str:
    """``TypeName: message`` of any exception, shown safely; an exception whose
    ``__str__`` raises keeps its type name only.

    >>> class Sulky(Exception):
    ...     def __str__(self) -> str:
    ...         raise RuntimeError
    >>> error_words(ValueError("bad")), error_words(Sulky())
    ('ValueError: bad', 'Sulky (its message cannot be shown)')
    """
    name = _type_name(error)
    try:
        text = str(error)
        if not isinstance(text, str):
            raise TypeError("__str__ returned a non-string")
    except Exception:
        return f"{name} (its message cannot be shown)"
    return f"{name}: {shown(text, limit)}" if text else name


def _type_name(value: object) -> str:
    try:
        name = type(value).__name__
        return shown(name, 40) if isinstance(name, str) else "object"
    except Exception:
        return "object"


def _article(noun: str) -> str:
    return f"an {noun}" if noun[:1].lower() in "aeiou" else f"a {noun}"


def passes_through(error: BaseException) -> bool:
    """Whether an exception from a plugin is not the plugin's fault to report:
    Ctrl-C (KeyboardInterrupt and its subclasses) and a bad bot option."""
    return isinstance(error, KeyboardInterrupt | BotOptionError)


class _Watch:
    """The words naming the guarded plugin callable running now (innermost), told
    to ``note`` as each call starts and ends; ``note`` is None when nobody watches."""

    note: Callable[[str], None] | None = None
    now = ""


def watch_calls(note: Callable[[str], None] | None) -> None:
    """From now on, tell ``note`` the words naming the plugin callable that runs
    (``plugin NAME (DIST VERSION): scoring formula 'x'``), or ``""`` when none
    does, each time that changes; None stops watching. For a child process that
    plays one bounded game (``samegame.execution.bounded``)."""
    _Watch.note = note
    _Watch.now = ""


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
    "impossible": lambda v: None if v is None else _callable(v),
    "render": _callable,
    "legend": lambda v: (
        None if isinstance(v, bool) or callable(v) else "must be true, false or a function"
    ),
    "create": _callable,
    "run": _callable,
    "version": lambda v: (
        None if _int_in(v, 0, 2**31 - 1) else "must be a whole number from 0 to 2,147,483,647"
    ),
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
        return f"{value_words(record, 80)} is not a {record_type.__name__} record"
    name = getattr(record, "name", None)
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
        shown_name = shown(name) if isinstance(name, str) else value_words(name)
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


MAX_REASON = 400
"""The longest reason a board generator may give for a size it cannot make."""


class _Guard:
    """Calls into one record of one plugin, turning failures into PluginError."""

    def __init__(self, plugin: str, what: str) -> None:
        self.plugin = plugin
        self.what = what

    @property
    def label(self) -> str:
        """``plugin NAME (DIST VERSION): KIND 'NAME'``: who is to blame."""
        return f"plugin {self.plugin}: {self.what}"

    def error(self, message: str) -> PluginError:
        return PluginError(f"{self.label} {message}")

    def call(self, function: Callable[..., _R], *args: Any, during: str) -> _R:
        note = _Watch.note
        outer = _Watch.now
        if note is not None:
            _Watch.now = self.label
            note(self.label)
        try:
            return function(*args)
        except BaseException as error:
            if passes_through(error):
                raise
            failure = self.error(f"failed {during} ({error_words(error)})")
        finally:
            if note is not None:
                _Watch.now = outer
                note(outer)
        # Raised here, outside the handler, so that the plugin's exception is not
        # kept as its context: nothing later reads a context that cannot be shown.
        raise failure

    def checked(self, check: Callable[[], _R], during: str) -> _R:
        """``check()`` of a plugin's result; a result that raises while it is
        looked at (a property, an ``__eq__``) is the plugin's fault too."""
        try:
            return check()
        except PluginError:
            raise
        except BaseException as error:
            if isinstance(error, KeyboardInterrupt):
                raise
            failure = self.error(
                f"returned something that fails when looked at {during} ({error_words(error)})"
            )
        raise failure  # outside the handler: no context (see ``call``)

    def points(self, value: object, during: str) -> int:
        if type(value) is int and 0 <= value <= MAX_POINTS:
            return value
        given = value_words(value)
        if isinstance(value, int) and type(value) is not int:  # a bool, a subclass
            given += f" (a {_type_name(value)}, not an int)"
        raise self.error(
            f"gave {given} {during}; points must be a whole number from 0 to {MAX_POINTS}"
        )


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
        return guard.checked(lambda: _made(made, spec, during, guard), during)

    answer = record.impossible
    if answer is None:
        return replace(record, generate=generate)

    def impossible(spec: BoardSpec) -> str | None:
        during = f"asked whether a {spec.width}x{spec.height} board of {spec.colours} colours can be made"
        why = guard.call(answer, spec, during=during)
        if why is None or (type(why) is str and 0 < len(why) <= MAX_REASON):
            return why
        raise guard.error(
            f"gave {value_words(why)} when {during}; the answer must be None or a reason "
            f"of 1 to {MAX_REASON} characters"
        )

    return replace(record, generate=generate, impossible=impossible)


def _made(made: object, spec: BoardSpec, during: str, guard: _Guard) -> GeneratedBoard:
    """A generator's result checked: a GeneratedBoard of the spec."""
    if type(made) is not GeneratedBoard or type(made.board) is not Board:
        raise guard.error(f"returned {value_words(made)} {during}, not a GeneratedBoard")
    board = made.board
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
        type(certificate) is tuple and all(_plain_cell(c) is not None for c in certificate)
    ):
        raise guard.error(f"gave a certificate {during} that is not a tuple of cells")
    return made


def _plain_cell(value: object) -> Cell | None:
    """A Cell of two plain ints (not bools, not numpy's integers), as a plain Cell;
    None for anything else."""
    if not isinstance(value, Cell):
        return None
    col, row = tuple.__getitem__(value, 0), tuple.__getitem__(value, 1)
    return Cell(col, row) if type(col) is int and type(row) is int else None


def _renderer(record: Renderer, guard: _Guard) -> Renderer:
    inner = record.render

    def render(board: Board, options: dict[str, Any]) -> str:
        text = guard.call(inner, board, options, during="drawing a board")
        if type(text) is not str:
            raise guard.error(f"returned {_type_name(text)} instead of text")
        return text

    own = record.legend
    if isinstance(own, bool):
        return replace(record, render=render)

    def legend(board: Board, options: dict[str, Any]) -> str:
        text = guard.call(own, board, options, during="giving a legend")
        if type(text) is not str:
            raise guard.error(f"gave a legend of {_type_name(text)} instead of text")
        return text

    return replace(record, render=render, legend=legend)


class _ContainedBot:
    """A plugin bot whose ``choose`` is checked."""

    def __init__(self, bot: Any, guard: _Guard) -> None:
        self._bot = bot
        self._guard = guard

    def choose(self, view: GameView, rng: StableRandom) -> Cell:
        during = f"choosing move {view.move_number}"
        choice = self._guard.call(self._bot.choose, view, rng, during=during)
        cell = self._guard.checked(lambda: _plain_cell(choice), during)
        if cell is None:
            raise self._guard.error(
                f"returned {value_words(choice)} {during}; a bot returns a Cell of two "
                "whole numbers"
            )
        try:
            checked_move(Game(view.board, view.rules), cell, f"at move {view.move_number}")
        except IllegalMove as error:
            refusal = str(error)
        else:
            return cell
        raise self._guard.error(refusal)  # outside the handler: no context


def _bot(record: BotFactory, guard: _Guard) -> BotFactory:
    inner = record.create

    def create(options: Mapping[str, str]) -> _ContainedBot:
        bot = guard.call(inner, options, during="making the bot")
        if not guard.checked(lambda: callable(getattr(bot, "choose", None)), "making the bot"):
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
    guard.call(lambda: function(**kwargs), during=f"on {type(event).__name__}")


__all__ = [
    "NAME_PATTERN",
    "PluginError",
    "call_observer",
    "check_record",
    "contain",
    "error_words",
    "passes_through",
    "value_words",
    "watch_calls",
]
