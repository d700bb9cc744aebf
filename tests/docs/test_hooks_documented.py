"""Every hook spec is documented for plugin authors in docs/plugins.md, and every
documented hook exists."""

from __future__ import annotations

import inspect
import re

from locations import ROOT
from samegame.plugin import hookspecs

DOC = ROOT / "docs" / "plugins.md"


def hook_names() -> set[str]:
    return {
        name
        for name, value in inspect.getmembers(hookspecs, inspect.isfunction)
        if name.startswith("samegame_") and hasattr(value, "samegame_spec")
    }


def documented_names() -> set[str]:
    return set(
        re.findall(r"^### (samegame_\w+)\s*$", DOC.read_text(encoding="utf-8"), re.MULTILINE)
    )


def test_there_are_hooks() -> None:
    assert len(hook_names()) >= 7


def test_every_hook_is_documented() -> None:
    missing = hook_names() - documented_names()
    assert not missing, f"document these hooks in docs/plugins.md: {sorted(missing)}"


def test_every_documented_hook_exists() -> None:
    extra = documented_names() - hook_names()
    assert not extra, f"docs/plugins.md describes hooks that do not exist: {sorted(extra)}"


def test_every_hook_has_a_docstring() -> None:
    for name in hook_names():
        assert inspect.getdoc(getattr(hookspecs, name)), name
