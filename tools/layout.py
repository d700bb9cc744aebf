"""Measure the package layout: modules, packages, sizes, upward imports, duplicate names.

Run from the repository's root::

    python tools/layout.py            # the report
    python tools/layout.py --check    # exit 1 when a rule of docs/architecture.md is broken

Imports are read from the source with ``ast`` (nothing is imported). A package's
layer comes from ``LAYERS`` below: a module may import from its own layer and the
layers listed before it, never from a later one ("upward"). Imports made only for
type checking (under ``if TYPE_CHECKING:``) count too.
"""

from __future__ import annotations

import ast
import collections
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "src" / "samegame"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("i18n", "core"),
    ("plugin",),
    ("kernel",),
    ("bots", "builtins"),
    ("presets", "records", "store", "rl"),
    ("sim", "play", "benchmark"),
    ("repl",),
    ("cli",),
    ("__main__",),
)
"""From the bottom up. The package's ``__init__`` (the public face) may import
anything below the command line; it is not itself a layer."""

MAX_TOP_MODULES = 3
MAX_LINES = 500
EXEMPT_FROM_SIZE = ("i18n/en.py", "i18n/ja.py")


@dataclass(frozen=True)
class Module:
    name: str
    path: Path

    @property
    def room(self) -> str:
        parts = self.name.split(".")
        return parts[1] if len(parts) > 1 else "__init__"


def modules() -> list[Module]:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found.append(Module(".".join(parts), path))
    return found


def imports_of(module: Module) -> set[str]:
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
                    if (ROOT / alias.name).is_dir() or (ROOT / f"{alias.name}.py").is_file()
                )
            else:
                found.add(name)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("samegame.")}


def layer_of(room: str) -> int | None:
    for index, rooms in enumerate(LAYERS):
        if room in rooms:
            return index
    return None


def upward_imports(mods: list[Module]) -> list[str]:
    found = []
    for module in mods:
        if module.room == "__init__":
            continue
        own = layer_of(module.room)
        for target in sorted(imports_of(module)):
            room = target.split(".")[1]
            theirs = layer_of(room)
            if own is None or theirs is None or theirs > own:
                found.append(f"{module.name} -> {target}")
    return found


def public_classes(module: Module) -> list[str]:
    tree = ast.parse(module.path.read_text(encoding="utf-8"))
    return [
        node.name
        for node in tree.body
        if isinstance(node, ast.ClassDef) and not node.name.startswith("_")
    ]


def main(argv: list[str]) -> int:
    mods = modules()
    top = [m for m in mods if m.name.count(".") == 1 and m.path.name != "__init__.py"]
    top = [m for m in top if m.path.name != "__main__.py"]
    packages = sorted({m.name for m in mods if m.path.name == "__init__.py"})
    big = []
    for m in mods:
        rel = m.path.relative_to(ROOT).as_posix()
        lines = len(m.path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES and rel not in EXEMPT_FROM_SIZE:
            big.append(f"{rel} ({lines})")
    stems = collections.Counter(m.path.stem for m in mods if m.path.stem != "__init__")
    twice = sorted(stem for stem, n in stems.items() if n > 1)
    owners = collections.defaultdict(list)
    for m in mods:
        for cls in public_classes(m):
            owners[cls].append(m.name)
    classes_twice = sorted(f"{c} ({', '.join(o)})" for c, o in owners.items() if len(o) > 1)
    upward = upward_imports(mods)
    print(f"modules: {len(mods)} in {len(packages)} packages")
    print(f"top-level modules besides __init__ and __main__: {len(top)}", end="")
    print(f" ({', '.join(m.path.name for m in top)})" if top else "")
    print(f"modules over {MAX_LINES} lines: {len(big)}", *big, sep="\n  ")
    print(f"module names used twice: {len(twice)}", *twice, sep="\n  ")
    print(f"public class names used twice: {len(classes_twice)}", *classes_twice, sep="\n  ")
    print(f"upward imports: {len(upward)}", *upward, sep="\n  ")
    broken = len(top) > MAX_TOP_MODULES or big or twice or classes_twice or upward
    return 1 if "--check" in argv and broken else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
