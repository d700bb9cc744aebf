"""The plugin author's testing kit.

``check_plugin(plugin, ...)`` holds one plugin (installed, or a module not
installed yet) to samegame's contract, calling every contribution through the
plugin host's containment as the toolkit does, and returns a ``PluginCheck``
with every problem on one line. With samegame installed, pytest has the fixture
``samegame_plugin_check`` (``samegame.testing.pytest_plugin``, registered through
the ``pytest11`` entry point), which fails the test with those lines.
docs/plugins.md ("Testing a plugin") shows both.

Nothing is loaded until a name is used, so the pytest plugin costs a test run
that does not use it nothing but this module.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from samegame.testing.kit import PluginCheck, check_plugin

_NAMES = {"PluginCheck": "samegame.testing.kit", "check_plugin": "samegame.testing.kit"}


def __getattr__(name: str) -> object:
    if name not in _NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_NAMES[name]), name)
    globals()[name] = value
    return value


__all__ = ["PluginCheck", "check_plugin"]
