"""Typer reads the signature of every command it builds, and evaluates each
annotation written as a string (``from __future__ import annotations``) anew each
time: compiled, then ``typer.Option(...)`` called again. The command modules keep
their annotations evaluated once, at import, so building the command line costs
none of that (for the suite's in-process runs, about a fifth of each ``run``)."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import typer

from samegame.cli.app import COMMANDS, _root


def _callbacks(found: Any) -> Iterator[Callable[..., Any]]:
    """Every function Typer reads for a command or a group, its subcommands too."""
    if isinstance(found, typer.Typer):
        if found.registered_callback is not None and found.registered_callback.callback:
            yield found.registered_callback.callback
        for command in found.registered_commands:
            assert command.callback is not None
            yield command.callback
        for group in found.registered_groups:
            yield from _callbacks(group.typer_instance)
    else:
        yield found


def _commands() -> Iterator[Any]:
    yield pytest.param(_root, id="samegame")
    for name, (module, attribute) in COMMANDS.items():
        found = getattr(importlib.import_module(module), attribute)
        for callback in _callbacks(found):
            yield pytest.param(callback, id=f"{name}:{callback.__name__}")


@pytest.mark.parametrize("callback", list(_commands()))
def test_no_command_annotation_is_evaluated_at_each_build(callback: Callable[..., Any]) -> None:
    strings = {
        name: annotation
        for name, annotation in inspect.get_annotations(callback).items()
        if isinstance(annotation, str)
    }
    assert not strings, f"{callback.__module__}.{callback.__qualname__}: {strings}"
