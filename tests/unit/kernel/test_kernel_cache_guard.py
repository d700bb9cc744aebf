"""The kernel's cache guard: numba's disk cache never runs code older than the sources.

numba keys a cached function by its own file only, so a function that calls
into a changed file would keep its old machine code (``cache_guard``'s
docstring). The first test shows that on two tiny modules with numba itself,
and that the guard prevents it; the others pin what the guard deletes, keeps
and stamps.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from samegame.kernel.cache_guard import STAMP, guard, sources_digest

CALLEE = """
from numba import njit

@njit(cache=True)
def value():
    return {value}
"""

CALLER = """
from numba import njit

from pkg.callee import value

@njit(cache=True)
def total():
    return value() + 100
"""

RUN = """
import sys
from pathlib import Path
if sys.argv[1] == "guard":
    from samegame.kernel.cache_guard import guard
    guard(Path("pkg"))
from pkg.caller import total
print(total())
"""


def _package(root: Path, value: int) -> None:
    package = root / "pkg"
    package.mkdir(exist_ok=True)
    (package / "__init__.py").write_text("")
    (package / "callee.py").write_text(textwrap.dedent(CALLEE.format(value=value)))
    (package / "caller.py").write_text(textwrap.dedent(CALLER))


def _total(root: Path, mode: str) -> str:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), *sys.path])}
    env.pop("NUMBA_CACHE_DIR", None)
    # Python's own bytecode cache knows a source by its mtime in whole seconds and
    # its size: callee.py rewritten with another digit within the same second would
    # be run from its old bytecode, whatever numba's cache holds.
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", RUN, mode],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.strip()


@pytest.mark.slow
def test_a_changed_callee_is_run_with_the_guard(tmp_path: Path) -> None:
    _package(tmp_path, 1)
    assert _total(tmp_path, "guard") == "101"
    _package(tmp_path, 2)
    assert _total(tmp_path, "guard") == "102"


@pytest.mark.slow
def test_without_the_guard_numba_runs_the_old_callee(tmp_path: Path) -> None:
    """The control: the failure the guard prevents, and what the test above
    would see if the guard did nothing."""
    _package(tmp_path, 1)
    assert _total(tmp_path, "plain") == "101"
    _package(tmp_path, 2)  # caller.py is unchanged, so numba keeps its cached code
    if (total := _total(tmp_path, "plain")) == "102":
        pytest.skip("this numba recompiles a caller whose callee changed in another file")
    assert total == "101"


def _fake_caches(directory: Path, names: list[str]) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for name in names:
        (directory / name).write_bytes(b"machine code")


def test_the_guard_deletes_only_the_packages_cached_functions_and_stamps(tmp_path: Path) -> None:
    package = tmp_path / "kernel"
    (package / "search").mkdir(parents=True)
    (package / "policy.py").write_text("A = 1\n")
    (package / "search" / "nrpa.py").write_text("B = 2\n")
    top, below = package / "__pycache__", package / "search" / "__pycache__"
    ours = ["policy.draw-12.py311.nbi", "policy.draw-12.py311.1.nbc"]
    kept = ["policy.cpython-311.pyc", "other.f-3.py311.nbi"]
    _fake_caches(top, ours + kept)
    _fake_caches(below, ["nrpa.nrpa_level-7.py311.nbi"])

    assert guard(package) == [top, below]
    assert sorted(p.name for p in top.iterdir()) == sorted([*kept, STAMP, f"{STAMP}.lock"])
    assert not list(below.glob("*.nbi"))
    assert (top / STAMP).read_text() == sources_digest(package)

    # Sources unchanged: caches compiled since are kept.
    _fake_caches(top, ours)
    _fake_caches(below, ["nrpa.nrpa_level-7.py311.nbi"])
    assert guard(package) == []
    assert (top / ours[0]).exists()

    # One file changes: every directory's caches go, the unchanged file's too.
    (package / "search" / "nrpa.py").write_text("B = 3\n")
    assert guard(package) == [top, below]
    assert not (top / ours[0]).exists()
    assert not (below / "nrpa.nrpa_level-7.py311.nbi").exists()


def test_a_missing_pycache_is_made_and_stamped_so_first_caches_stay(tmp_path: Path) -> None:
    package = tmp_path / "kernel"
    package.mkdir()
    (package / "rng.py").write_text("C = 1\n")
    assert guard(package) == []
    assert (package / "__pycache__" / STAMP).read_text() == sources_digest(package)


def test_the_digest_sees_content_names_and_new_files(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1\n")
    first = sources_digest(tmp_path)
    (tmp_path / "a.py").write_text("x = 2\n")
    second = sources_digest(tmp_path)
    (tmp_path / "a.py").rename(tmp_path / "b.py")
    third = sources_digest(tmp_path)
    (tmp_path / "c.py").write_text("")
    assert len({first, second, third, sources_digest(tmp_path)}) == 4


def test_the_real_kernel_is_stamped_after_import() -> None:
    import samegame.kernel

    package = Path(samegame.kernel.__file__).parent
    stamp = package / "__pycache__" / STAMP
    assert stamp.read_text() == sources_digest(package)
