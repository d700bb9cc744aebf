"""Loading plugins that are not installed, the plugin API's version, and tracing.

- ``SAMEGAME_PLUGIN_MODULES=mod_a,mod_b`` loads importable modules as plugins
  (as pytest's ``-p module``), and ``SAMEGAME_PLUGINS_DIR=DIR`` loads every
  ``*.py`` file of a folder as one (as datasette's ``--plugins-dir``): a plugin
  tried before it is packaged. ``samegame -p MODULE`` and ``samegame
  --plugins-dir DIR`` set them for one run (``samegame.cli.app``). Each is
  registered under its module's name (a file's stem), from the distribution
  ``local``; one that fails to import is a problem of the host, as an installed
  plugin's is.
- ``API_VERSION`` is the plugin API's version. A plugin that needs a later one
  says so with a module attribute ``SAMEGAME_API_VERSION = N``; a plugin whose N
  is above ``API_VERSION`` (or not a whole number) is not registered, and the
  host says why in one line.
- ``SAMEGAME_TRACE_PLUGINS=1`` writes a line to stderr for every hook call into a
  plugin: the hook, the plugin and the time it took (as datasette's
  ``DATASETTE_TRACE_PLUGINS``).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import TypeVar

from samegame.core.quoting import shown

API_VERSION = 2
"""The plugin API's version: 1 was samegame 0.1.0's hooks and records; 2 (samegame
0.2.0) adds ``samegame_commands``, ``samegame_messages``, ``Renderer.legend``,
``BoardGenerator.impossible``, ``drawing_options`` and ``BoardSpecError`` in
``samegame.plugin``. It grows by one whenever a plugin can rely on something new."""

API_ATTRIBUTE = "SAMEGAME_API_VERSION"
"""The module attribute in which a plugin names the API version it needs at least."""

MODULES_VAR = "SAMEGAME_PLUGIN_MODULES"
DIRECTORY_VAR = "SAMEGAME_PLUGINS_DIR"
TRACE_VAR = "SAMEGAME_TRACE_PLUGINS"

_R = TypeVar("_R")


def api_problem(plugin: object, source: str) -> str | None:
    """Why a plugin cannot be registered by the API version it needs, or None."""
    try:
        needed = getattr(plugin, API_ATTRIBUTE, None)
    except Exception:  # a plugin object whose attributes raise: none asked for
        return None
    if needed is None:
        return None
    if type(needed) is not int or needed < 1:
        return (
            f"plugin {source}: {API_ATTRIBUTE} must be a whole number from 1 (the plugin "
            f"API version it needs), not {shown(repr(needed), 40)}; skipped"
        )
    if needed > API_VERSION:
        return (
            f"plugin {source} needs samegame's plugin API version {needed}, and this "
            f"samegame has version {API_VERSION}; upgrade samegame (pip install -U samegame) "
            "or use an older release of the plugin; skipped"
        )
    return None


def _listed(value: str) -> list[str]:
    return [name.strip() for name in value.split(",") if name.strip()]


def local_plugins() -> Iterator[tuple[str, Callable[[], ModuleType]]]:
    """The plugins not installed that the environment names: for each, its name and
    a function that imports it (raising what the import raised)."""
    for name in _listed(os.environ.get(MODULES_VAR, "")):
        yield name, lambda name=name: importlib.import_module(name)  # type: ignore[misc]
    folder = os.environ.get(DIRECTORY_VAR, "").strip()
    if folder:
        path = Path(folder)
        files = sorted(path.glob("*.py")) if path.is_dir() else []
        for file in files:
            yield file.stem, lambda file=file: _from_file(file)  # type: ignore[misc]


def _from_file(file: Path) -> ModuleType:
    """A module made from one file of the plugins folder."""
    name = f"samegame_local_plugin_{file.stem}"
    spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None:
        raise ImportError(f"{file} cannot be imported")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    return module


def tracing() -> bool:
    """Whether hook calls are traced (``SAMEGAME_TRACE_PLUGINS``, any value but
    empty, ``0``, ``false`` or ``no``)."""
    return os.environ.get(TRACE_VAR, "").strip().lower() not in ("", "0", "false", "no")


def traced(call: Callable[[], _R], hook: str, source: str) -> _R:
    """``call()``, with a line on stderr saying the hook, the plugin and how long it
    took, whatever it gave or raised."""
    started = time.perf_counter()
    outcome = "returned"
    try:
        return call()
    except BaseException:
        outcome = "raised"
        raise
    finally:
        took = (time.perf_counter() - started) * 1000
        try:
            sys.stderr.write(f"trace: {hook} of plugin {source} {outcome} in {took:.3f} ms\n")
            sys.stderr.flush()
        except (OSError, ValueError, AttributeError):
            pass


__all__ = [
    "API_ATTRIBUTE",
    "API_VERSION",
    "DIRECTORY_VAR",
    "MODULES_VAR",
    "TRACE_VAR",
    "api_problem",
    "local_plugins",
    "traced",
    "tracing",
]
