"""docs/plugin-reference.md is held to the code: every hook spec, every name that
``samegame.plugin`` and ``samegame.testing`` export, and every public method and
property of the types a plugin is given, appear there with the signature
``inspect`` gives; and the page's examples run as a doctest with the suite."""

from __future__ import annotations

import inspect
import re
import tomllib
from collections.abc import Callable, Iterator
from functools import cached_property
from typing import Any, Protocol

import pluggy
import pytest

import samegame.plugin as plugin_face
import samegame.testing as testing_face
from locations import ROOT
from samegame.core.board import Board, Group
from samegame.core.coords import Cell
from samegame.core.rng import StableRandom
from samegame.plugin import hookspecs
from samegame.plugin.bot_api import GameView

REFERENCE = ROOT / "docs" / "plugin-reference.md"
TEXT = REFERENCE.read_text(encoding="utf-8")
SHOWN = {
    " ".join(span.split())
    for span in re.findall(r"`([^`]+)`", re.sub(r"```.*?```", "", TEXT, flags=re.S))
}
"""Every code span of the page outside its examples, its spaces normalised: where
a signature must appear, whole."""

RECEIVED = (Board, GameView, Group, Cell, StableRandom)
"""The types a plugin is given or builds, whose members are listed one by one."""


class _Plain(str):
    """An annotation written as in the source (without the quotes ``inspect``
    puts around a string annotation)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


def plain(signature: inspect.Signature, *, drop_first: bool = False) -> str:
    parameters = [
        item.replace(annotation=_Plain(item.annotation))
        if isinstance(item.annotation, str)
        else item
        for item in signature.parameters.values()
    ][1 if drop_first else 0 :]
    returned = signature.return_annotation
    if isinstance(returned, str):
        returned = _Plain(returned)
    return str(signature.replace(parameters=parameters, return_annotation=returned))


def expected_line(name: str, value: Any) -> str:
    """How the reference must show an exported name."""
    if isinstance(value, int):
        return f"{name} = {value!r}"
    if isinstance(value, pluggy.HookimplMarker):
        return f'{name} = pluggy.HookimplMarker("{value.project_name}")'
    if inspect.isclass(value) and issubclass(value, BaseException):
        return f"class {name}({value.__mro__[1].__name__})"
    if inspect.isclass(value) and Protocol in value.__mro__:
        return f"class {name}(Protocol)"
    if inspect.isclass(value):
        return name + plain(inspect.signature(value)).removesuffix(" -> None")
    return name + plain(inspect.signature(value))


def hook_lines() -> list[str]:
    return [
        name + plain(inspect.signature(function))
        for name, function in inspect.getmembers(hookspecs, inspect.isfunction)
        if hasattr(function, "samegame_spec")
    ]


def exported_lines() -> Iterator[tuple[str, str]]:
    for face in (plugin_face, testing_face):
        for name in face.__all__:
            yield name, expected_line(name, getattr(face, name))


def member_lines(owner: type) -> Iterator[str]:
    """``Class.method(args) -> result`` and ``Class.property -> type`` for every
    public member the class defines (Protocol methods included)."""
    for name, value in vars(owner).items():
        if name.startswith("_"):
            continue
        label = f"{owner.__name__}.{name}"
        if isinstance(value, property | cached_property):
            getter = value.fget if isinstance(value, property) else value.func
            yield f"{label} -> {inspect.signature(getter).return_annotation}"
        elif isinstance(value, staticmethod | classmethod):
            yield label + plain(inspect.signature(getattr(owner, name)))
        elif inspect.isfunction(value):
            yield label + plain(inspect.signature(value), drop_first=True)


def test_there_is_something_to_check() -> None:
    assert len(hook_lines()) == 9
    assert len(list(exported_lines())) >= 25
    assert len([line for owner in RECEIVED for line in member_lines(owner)]) >= 25


@pytest.mark.parametrize("line", hook_lines())
def test_every_hook_is_shown_with_its_signature(line: str) -> None:
    assert line in SHOWN, f"show `{line}` in docs/plugin-reference.md"
    name = line.split("(")[0]
    assert f"\n### {name}\n" in TEXT


@pytest.mark.parametrize(("name", "line"), list(exported_lines()))
def test_every_exported_name_is_shown_with_its_signature(name: str, line: str) -> None:
    assert line in SHOWN, f"show `{line}` in docs/plugin-reference.md"
    assert f"\n### {name}\n" in TEXT


@pytest.mark.parametrize("owner", [*RECEIVED, plugin_face.Bot], ids=lambda owner: owner.__name__)
def test_every_member_of_what_a_plugin_is_given_is_shown(owner: type) -> None:
    missing = [line for line in member_lines(owner) if line not in SHOWN]
    assert not missing, f"show these in docs/plugin-reference.md: {missing}"
    assert f"\n### {owner.__name__}\n" in TEXT


def sections() -> dict[str, str]:
    parts = re.split(r"^### (\S+)\n", TEXT, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


SHOWN_BY_A_NEIGHBOUR = {
    "Bot": "samegame_bots and play_game",
    "BotSpec": "parse_bot_spec",
    "check_options": "int_option",
    "BotOptionError": "int_option",
    "play_game": "PlayedGame",
    "check_plugin": "PluginCheck",
    "samegame_plugin_check": "a test file; test_testing_kit runs one with pytester",
}
"""Sections whose example is the next (or named) section's."""


def test_every_section_has_an_example() -> None:
    found = sections()
    assert set(SHOWN_BY_A_NEIGHBOUR) <= set(found)
    without = [
        name
        for name, body in found.items()
        if ">>> " not in body and name not in SHOWN_BY_A_NEIGHBOUR
    ]
    assert not without, f"give these sections a runnable example: {without}"


def test_the_examples_run_with_the_suite() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pytest_options = options["tool"]["pytest"]["ini_options"]
    assert "docs/plugin-reference.md" in pytest_options["testpaths"]
    assert "--doctest-glob=plugin-reference.md" in pytest_options["addopts"].split()


@pytest.mark.parametrize(
    ("value", "line"),
    [
        (Board.remove, "remove(group: Group) -> Board"),
        (print, "print(*args, sep=' ', end='\\n', file=None, flush=False)"),
    ],
)
def test_a_signature_is_written_as_in_the_source(value: Callable[..., Any], line: str) -> None:
    drop = value is Board.remove
    assert value.__name__ + plain(inspect.signature(value), drop_first=drop) == line
