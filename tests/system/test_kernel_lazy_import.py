"""Nothing in samegame imports the numba kernel at import time.

Each check runs in a fresh interpreter, because this test session may have
imported the kernel already.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_import_samegame_does_not_import_numba() -> None:
    result = _run(
        """
        import sys
        import samegame
        heavy = sorted(m for m in sys.modules if m == "numba" or m.startswith(("numba.", "samegame.kernel")))
        print(heavy)
        assert not heavy, heavy
        """
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_samegame_module_imports_the_kernel() -> None:
    """Import every module of the package (the CLI, bots, simulator, ...) but the
    kernel; numba must still be absent. A module that fails to import fails the
    test too: it would hide what it imports."""
    result = _run(
        """
        import importlib, pkgutil, sys
        import samegame

        # Walk by hand: pkgutil.walk_packages imports every package it descends
        # into, the kernel too.
        todo = [("samegame", samegame.__path__)]
        while todo:
            package, path = todo.pop()
            for info in pkgutil.iter_modules(path, package + "."):
                name = info.name
                if name.startswith("samegame.kernel") or name.endswith("__main__"):
                    continue
                module = importlib.import_module(name)
                if info.ispkg:
                    todo.append((name, module.__path__))
                heavy = [m for m in sys.modules if m == "numba" or m.startswith("samegame.kernel")]
                assert not heavy, f"importing {name} imported {heavy}"
        """
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_check_can_fail() -> None:
    """Importing the kernel itself does bring numba in (the checks above can fail)."""
    result = _run(
        """
        import sys
        import samegame.kernel
        assert "numba" in sys.modules
        """
    )
    assert result.returncode == 0, result.stdout + result.stderr
