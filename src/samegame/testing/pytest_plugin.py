"""The pytest plugin of samegame's testing kit, registered through the ``pytest11``
entry point: the fixture ``samegame_plugin_check``.

It imports nothing of the kit until a test asks for the fixture, so a test run
that does not use it pays only for this module.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from samegame.testing.kit import PluginCheck


@pytest.fixture
def samegame_plugin_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Callable[..., PluginCheck]:
    """A function ``check(plugin, **options) -> PluginCheck`` that checks one plugin
    with ``samegame.testing.check_plugin`` (the same arguments) and fails the test
    with every problem, one a line. The plugin is loaded alone with the built-ins,
    with a fresh ``SAMEGAME_HOME`` (no user presets)."""
    from samegame.testing.kit import check_plugin

    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "samegame-home"))

    def check(plugin: Any, **options: Any) -> PluginCheck:
        result = check_plugin(plugin, **options)
        if not result.ok:
            pytest.fail(result.report(), pytrace=False)
        return result

    return check
