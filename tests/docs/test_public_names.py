"""Every name the docs teach is public (issue 46, item 9): each import in a Python
example of docs/*.md (a ```python block, as code or as a doctest session) names
a module or a name that docs/api.md makes public: a face or entry point of its
introduction (a name in the module's ``__all__``, or any public name of a module
without one), or a name listed under "Other supported names". The old paths of
"Moved modules" are shown only to say they moved, so ``import`` of a moved path
or its new home is allowed there."""

from __future__ import annotations

import ast
import importlib
import re
import textwrap
from collections.abc import Iterator
from types import ModuleType

import pytest

from locations import ROOT
from samegame._moved import MOVED

DOCS = sorted((ROOT / "docs").glob("*.md"))
API = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
DOTTED = re.compile(r"`(samegame(?:\.[A-Za-z_][A-Za-z0-9_]*)*)")


def _section(text: str, title: str) -> str:
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : None if end < 0 else end]


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def entry_points() -> set[str]:
    """The modules docs/api.md's introduction makes public as a whole."""
    introduction = API[: API.index("\n## ")]
    return {name for name in DOTTED.findall(introduction) if _module(name) is not None}


def supported() -> tuple[set[str], set[str]]:
    """The modules and the ``module.name`` listed under "Other supported names"."""
    modules, names = set(), set()
    for dotted in DOTTED.findall(_section(API, "Other supported names")):
        if _module(dotted) is not None:
            modules.add(dotted)
            continue
        owner, _, name = dotted.rpartition(".")
        if _module(owner) is None:  # a method or attribute of a class: its class
            owner, _, name = owner.rpartition(".")
        names.add(f"{owner}.{name}")
    return modules, names


def python_examples(text: str) -> Iterator[str]:
    """The code of every ```python block: a doctest session's source lines, or the
    block as it is."""
    for block in re.findall(r"```python\n(.*?)```", text, flags=re.S):
        if ">>> " in block:
            lines = [
                line[4:]
                for line in block.splitlines()
                if line.startswith((">>> ", "... ")) or line in (">>>", "...")
            ]
            yield "\n".join(lines)
        else:
            yield textwrap.dedent(block)


def imports(code: str) -> Iterator[tuple[str, str | None]]:
    """``(module, name)`` for ``from module import name``; ``(module, None)`` for
    ``import module``. A block that is not a whole program (a fragment of a
    catalogue) is read statement by statement, each import alone."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        statements = re.findall(
            r"^[ \t]*(?:from[ \t]+\S+[ \t]+import[ \t]+(?:\([^)]*\)|.*)|import[ \t]+.*)$",
            code,
            flags=re.M,
        )
        tree = ast.parse("\n".join(line.strip() for line in statements))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                yield node.module, alias.name
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None


def taught() -> list[tuple[str, str, str | None]]:
    found = []
    for path in DOCS:
        for code in python_examples(path.read_text(encoding="utf-8")):
            for module, name in imports(code):
                if module == "samegame" or module.startswith("samegame."):
                    found.append((path.name, module, name))
    return found


def is_public(module: str, name: str | None) -> bool:
    faces = entry_points()
    modules, names = supported()
    if name is None:
        moved = set(MOVED) | set(MOVED.values())
        return module in faces or module in modules or module in moved
    if f"{module}.{name}" in names or module in modules:
        return True
    if module not in faces:
        return False
    loaded = importlib.import_module(module)
    exported = getattr(loaded, "__all__", None)
    if exported is not None:
        return name in exported
    return not name.startswith("_") and hasattr(loaded, name)


def test_the_public_list_is_read_from_docs_api() -> None:
    assert {"samegame", "samegame.plugin", "samegame.testing", "samegame.records"} <= (
        entry_points()
    )
    modules, names = supported()
    assert "samegame.plugin.host.PluginHost" in names
    assert "samegame.kernel" in modules
    assert len(taught()) >= 40


@pytest.mark.parametrize(("page", "module", "name"), taught())
def test_every_name_the_docs_import_is_public(page: str, module: str, name: str | None) -> None:
    what = module if name is None else f"{name} from {module}"
    assert is_public(module, name), (
        f"docs/{page} imports {what}, which docs/api.md does not make public: import it from "
        "a public face, or list it in docs/api.md"
    )
