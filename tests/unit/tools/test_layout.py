"""tools/layout.py: the measure of the package layout that CI holds the code to
(docs/architecture.md): layers imported only downward, no module name or public
class name used twice, few top-level modules, no module over 500 lines."""

from __future__ import annotations

import functools
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from locations import ROOT


def load_layout() -> ModuleType:
    spec = importlib.util.spec_from_file_location("layout", ROOT / "tools" / "layout.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["layout"] = module
    spec.loader.exec_module(module)
    return module


layout = load_layout()


def make_tree(root: Path, files: dict[str, str]) -> Path:
    package = root / "samegame"
    for name, text in {"__init__.py": "", **files}.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.parent != package and not (path.parent / "__init__.py").exists():
            (path.parent / "__init__.py").write_text("")
        path.write_text(text)
    return package


def test_an_import_into_a_later_layer_is_upward(tmp_path: Path) -> None:
    package = make_tree(
        tmp_path,
        {
            "core/board.py": "from samegame.cli.app import run\n",
            "cli/app.py": "from samegame.core.board import Board\n",
        },
    )
    found = layout.report(package)
    assert found.upward == ["samegame.core.board -> samegame.cli.app"]
    assert found.broken


ONCE_ONE_LAYER = [
    ("i18n", "core"),
    ("bots", "builtins"),
    ("store", "presets"),
    ("presets", "records"),
    ("records", "rl"),
    ("store", "rl"),
    ("play", "sim"),
    ("sim", "benchmark"),
    ("benchmark", "review"),
    ("play", "review"),
]
"""Pairs of packages that once shared a layer (``("presets", "records", "store",
"rl")`` and the others), lower first: they imported each other unchecked."""


@pytest.mark.parametrize(
    ("lower", "higher"), ONCE_ONE_LAYER, ids=[f"{low}-{high}" for low, high in ONCE_ONE_LAYER]
)
def test_packages_that_shared_a_layer_are_checked_against_each_other(
    tmp_path: Path, lower: str, higher: str
) -> None:
    package = make_tree(
        tmp_path,
        {
            f"{lower}/low.py": f"from samegame.{higher}.high import thing\n",
            f"{higher}/high.py": f"from samegame.{lower}.low import other\n",
        },
    )
    found = layout.report(package)
    assert found.upward == [f"samegame.{lower}.low -> samegame.{higher}.high"]
    assert found.broken


def test_every_package_has_a_layer_of_its_own() -> None:
    assert len(set(layout.LAYERS)) == len(layout.LAYERS)
    packages = {path.parent.name for path in layout.ROOT.glob("*/__init__.py")}
    assert packages <= set(layout.LAYERS)


def test_an_import_under_type_checking_counts_and_relative_imports_resolve(
    tmp_path: Path,
) -> None:
    package = make_tree(
        tmp_path,
        {
            "plugin/host.py": "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from samegame.store import games\n",
            "store/games.py": "from ..plugin import host\n",
        },
    )
    assert layout.report(package).upward == ["samegame.plugin.host -> samegame.store"]


def test_a_room_that_no_layer_names_is_reported(tmp_path: Path) -> None:
    package = make_tree(tmp_path, {"misc/thing.py": "from samegame.core import board\n"})
    assert layout.report(package).upward == ["samegame.misc.thing -> samegame.core"]


def test_doubled_module_and_class_names_are_found(tmp_path: Path) -> None:
    package = make_tree(
        tmp_path,
        {
            "store/errors.py": "class Problem:\n    pass\n",
            "cli/errors.py": "class Problem:\n    pass\nclass _Private:\n    pass\n",
        },
    )
    found = layout.report(package)
    assert found.names_twice == ["errors"]
    assert found.classes_twice == ["Problem (samegame.cli.errors, samegame.store.errors)"]


def test_size_and_top_level_modules_are_counted(tmp_path: Path) -> None:
    files = {f"loose{i}.py": "" for i in range(layout.MAX_TOP_MODULES + 1)}
    files["core/long.py"] = "x = 1\n" * (layout.MAX_LINES + 1)
    found = layout.report(make_tree(tmp_path, files))
    assert len(found.top) == layout.MAX_TOP_MODULES + 1
    assert found.big == [f"core/long.py ({layout.MAX_LINES + 1})"]
    assert found.broken


@functools.cache
def package_report() -> Any:
    """The report on the package as it is, made once a process (it parses every
    module)."""
    return layout.report()


@pytest.mark.parametrize("rule", ["upward", "names_twice", "classes_twice"], ids=lambda rule: rule)
@pytest.mark.slow
def test_the_package_keeps_the_layout_rules(rule: str) -> None:
    assert getattr(package_report(), rule) == []


def test_the_package_has_few_top_level_modules() -> None:
    assert len(package_report().top) <= layout.MAX_TOP_MODULES
