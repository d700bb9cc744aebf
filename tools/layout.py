"""Measure the package layout: modules, packages, sizes, upward imports, duplicate names.

Run from the repository's root::

    python tools/layout.py            # the report
    python tools/layout.py --check    # exit 1 when a rule of docs/architecture.md is broken

Imports are read from the source with ``ast`` (nothing is imported). A package's
place comes from ``LAYERS`` below: every package has a layer of its own, and a
module may import from its own package and the packages listed before it, never
from a later one ("upward"), so any two packages are checked against each other.
Imports made only for type checking (under ``if TYPE_CHECKING:``) count too.
"""

from __future__ import annotations

import ast
import collections
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "src" / "samegame"

LAYERS: tuple[str, ...] = (
    "i18n",
    "core",
    "plugin",
    "kernel",
    "bots",
    "builtins",
    "execution",
    "store",
    "presets",
    "records",
    "rl",
    "play",
    "sim",
    "benchmark",
    "review",
    "repl",
    "web",
    "cli",
    "testing",
    "__main__",
)
"""From the bottom up, one package a layer: a package may import only the packages
before it. The package's ``__init__`` (the public face) may import anything below
the command line; it is not itself a layer."""


MAX_TOP_MODULES = 3
MAX_LINES = 500
CATALOGUE_PARTS = "i18n/"
"""Language catalogues (``i18n/en/``, ``i18n/ja/``) are split into the same areas in
every language by design, so their module names repeat across languages."""


@dataclass(frozen=True)
class Module:
    name: str
    path: Path

    @property
    def room(self) -> str:
        parts = self.name.split(".")
        return parts[1] if len(parts) > 1 else "__init__"


def modules(root: Path = ROOT) -> list[Module]:
    """Every module of the package at ``root``, by dotted name."""
    found = []
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found.append(Module(".".join(parts), path))
    return found


def imports_of(module: Module, root: Path = ROOT) -> set[str]:
    """The samegame modules that ``module`` imports (a name imported from the package
    itself counts when it is a module or a package)."""
    tree = ast.parse(module.path.read_text(encoding="utf-8"))
    package = module.name.split(".")
    if module.path.name != "__init__.py":
        package = package[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            if name == "samegame":
                found.update(
                    f"samegame.{alias.name}"
                    for alias in node.names
                    if (root / alias.name).is_dir() or (root / f"{alias.name}.py").is_file()
                )
            else:
                found.add(name)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("samegame.")}


def layer_of(room: str) -> int | None:
    """The place of a package in ``LAYERS`` (0 the bottom), or None when it has none."""
    return LAYERS.index(room) if room in LAYERS else None


def upward_imports(mods: list[Module], root: Path = ROOT) -> list[str]:
    """``importer -> imported`` for every import into a later package of
    ``LAYERS`` (or from or into a package that ``LAYERS`` does not name)."""
    found = []
    for module in mods:
        if module.room == "__init__":
            continue
        own = layer_of(module.room)
        for target in sorted(imports_of(module, root)):
            room = target.split(".")[1]
            theirs = layer_of(room)
            if own is None or theirs is None or theirs > own:
                found.append(f"{module.name} -> {target}")
    return found


def public_classes(module: Module) -> list[str]:
    """The public classes a module defines at its top level."""
    tree = ast.parse(module.path.read_text(encoding="utf-8"))
    return [
        node.name
        for node in tree.body
        if isinstance(node, ast.ClassDef) and not node.name.startswith("_")
    ]


@dataclass(frozen=True)
class Report:
    modules: int
    packages: int
    top: list[str]
    big: list[str]
    names_twice: list[str]
    classes_twice: list[str]
    upward: list[str]

    @property
    def broken(self) -> bool:
        return bool(
            len(self.top) > MAX_TOP_MODULES
            or self.big
            or self.names_twice
            or self.classes_twice
            or self.upward
        )


def _catalogue_area(relative: Path) -> bool:
    """Whether a module is one area of a language's catalogue (``i18n/ja/play.py``)."""
    return relative.as_posix().startswith(CATALOGUE_PARTS) and len(relative.parts) == 3


def report(root: Path = ROOT) -> Report:
    """Measure the package at ``root`` against the layout's rules."""
    mods = modules(root)
    top = [m for m in mods if m.name.count(".") == 1 and m.path.name != "__init__.py"]
    top = [m for m in top if m.path.name != "__main__.py"]
    packages = sorted({m.name for m in mods if m.path.name == "__init__.py"})
    big = []
    for m in mods:
        rel = m.path.relative_to(root).as_posix()
        lines = len(m.path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES:
            big.append(f"{rel} ({lines})")
    stems = collections.Counter(
        m.path.stem
        for m in mods
        if m.path.stem != "__init__" and not _catalogue_area(m.path.relative_to(root))
    )
    twice = sorted(stem for stem, n in stems.items() if n > 1)
    owners = collections.defaultdict(list)
    for m in mods:
        for cls in public_classes(m):
            owners[cls].append(m.name)
    classes_twice = sorted(f"{c} ({', '.join(o)})" for c, o in owners.items() if len(o) > 1)
    return Report(
        len(mods),
        len(packages),
        [m.path.name for m in top],
        big,
        twice,
        classes_twice,
        upward_imports(mods, root),
    )


def main(argv: list[str]) -> int:
    found = report()
    print(f"modules: {found.modules} in {found.packages} packages")
    print(f"top-level modules besides __init__ and __main__: {len(found.top)}", end="")
    print(f" ({', '.join(found.top)})" if found.top else "")
    print(f"modules over {MAX_LINES} lines: {len(found.big)}", *found.big, sep="\n  ")
    print(f"module names used twice: {len(found.names_twice)}", *found.names_twice, sep="\n  ")
    print(
        f"public class names used twice: {len(found.classes_twice)}",
        *found.classes_twice,
        sep="\n  ",
    )
    print(f"upward imports: {len(found.upward)}", *found.upward, sep="\n  ")
    return 1 if "--check" in argv and found.broken else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
