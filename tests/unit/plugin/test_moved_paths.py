"""Modules that moved into packages keep their old import paths for one release:
the old path gives the module at its new home, with a DeprecationWarning naming
the new path. The docs and the example plugins use only the new paths."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import samegame
from locations import ROOT
from samegame._moved import MOVED, REMOVED_IN


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_path_gives_the_new_module_with_a_warning(old: str) -> None:
    new = importlib.import_module(MOVED[old])
    saved = sys.modules.pop(old, None)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            module = importlib.import_module(old)
        assert module is new
        messages = [str(w.message) for w in caught if w.category is DeprecationWarning]
        assert messages == [
            f"{old} moved to {MOVED[old]}; import it from there (the old path goes in {REMOVED_IN})"
        ]
    finally:
        sys.modules.pop(old, None)
        if saved is not None:
            sys.modules[old] = saved


def test_a_name_from_an_old_path_is_the_same_object() -> None:
    from samegame.plugin.hookspecs import hookimpl

    sys.modules.pop("samegame.hookspecs", None)
    with pytest.warns(DeprecationWarning, match="samegame.plugin.hookspecs"):
        from samegame.hookspecs import hookimpl as old_hookimpl  # type: ignore[import-not-found]
    assert old_hookimpl is hookimpl


MOVED_NAMES = [
    ("samegame.sim.stats", "english", "samegame.i18n.plain_english"),
    ("samegame.sim.stats", "plural", "samegame.i18n.plain_english"),
    *(
        ("samegame.repl.settings_command", name, "samegame.play.player_settings")
        for name in ("Settings", "SettingError", "InForce", "in_force", "saved_with")
    ),
]


@pytest.mark.parametrize(("old", "name", "new"), MOVED_NAMES)
def test_a_name_that_moved_still_imports_from_its_old_module_with_a_warning(
    old: str, name: str, new: str
) -> None:
    module = importlib.import_module(old)
    with pytest.warns(DeprecationWarning, match=f"{old}.{name} moved to {new}"):
        value = getattr(module, name)
    assert value is getattr(importlib.import_module(new), name)
    with pytest.raises(AttributeError):
        _ = module.no_such_name


def test_a_path_that_never_existed_is_still_an_import_error() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("samegame.no_such_module")


def test_every_new_path_exists() -> None:
    for new in MOVED.values():
        assert importlib.import_module(new).__name__ == new


IMPORT = re.compile(r"^\s*(?:>>> )?from (samegame[\w.]*) import", re.M)
USER_FACING = [
    ROOT / "README.md",
    ROOT / "docs" / "plugins.md",
    *sorted((ROOT / "plugins").glob("*/README.md")),
    *sorted((ROOT / "plugins").glob("*/*/__init__.py")),
]


@pytest.mark.parametrize("document", USER_FACING, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_docs_and_example_plugins_use_no_old_path(document: Path) -> None:
    text = document.read_text(encoding="utf-8")
    assert not [m for m in IMPORT.findall(text) if m in MOVED]


def test_the_public_faces_hold_what_a_plugin_author_and_the_readme_use() -> None:
    import samegame.plugin

    for name in ("Game", "Rules", "read_board", "parse_cell", "BASIC", "PAIRS", "SUM"):
        assert name in samegame.__all__
        assert hasattr(samegame, name)
    for name in ("hookimpl", "ScoringFormula", "BotFactory", "GameView", "StableRandom"):
        assert name in samegame.plugin.__all__
        assert hasattr(samegame.plugin, name)


def test_the_api_page_lists_exactly_the_moved_paths() -> None:
    page = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    section = page[page.index("## Moved modules") :]
    rows = re.findall(r"^\| `(samegame[\w.]*)` \| `(samegame[\w.]*)` \|$", section, re.M)
    assert dict(rows) == MOVED
    assert len(rows) == len(MOVED)


def test_an_old_module_path_does_not_hide_a_public_name_of_the_same_name() -> None:
    from samegame import replay as public_replay

    sys.modules.pop("samegame.replay", None)
    with pytest.warns(DeprecationWarning, match="samegame.core.replay"):
        from samegame.replay import replay as old_replay  # type: ignore[import-not-found]
    assert samegame.replay is public_replay
    assert old_replay is public_replay
    assert callable(samegame.replay)


def test_an_old_module_path_imported_first_does_not_hide_the_public_name() -> None:
    code = (
        "import warnings; warnings.simplefilter('ignore')\n"
        "import samegame.replay\n"
        "from samegame import replay\n"
        "from samegame.core.replay import replay as new\n"
        "assert replay is new and samegame.replay is new, samegame.replay\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_every_name_samegame_lists_is_found_where_it_is_listed() -> None:
    """``samegame`` loads its names when first used (``_HOMES``): each name of its
    ``__all__`` must have a home, or ``from samegame import *`` fails."""
    import samegame

    for name in samegame.__all__:
        assert getattr(samegame, name) is not None, name
