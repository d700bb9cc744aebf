"""Keep numba's disk cache of the kernel in step with the kernel's sources.

numba keys each cached function by the content of its own source file only.
The machine code of a compiled function includes the functions it calls from
other files (the playout inlined into NRPA, NRPA into the shared-policy
driver), so after a change to ``policy.py`` alone the cached NRPA would go on
running the old policy: after ``git pull`` in a checkout, and after an upgrade
that leaves the old ``__pycache__`` files behind. numba documents this
("cache invalidation fails to recognize changes in functions defined in a
different file").

``guard`` closes the gap for the whole kernel at once: it hashes every source
file of the kernel package, and in each cache directory numba may use for them
(``__pycache__`` beside the sources, ``NUMBA_CACHE_DIR``, numba's user-wide
cache) it keeps the hash in a stamp file. Where the stamp is missing or
different, it deletes the kernel's cached functions there before anything is
compiled or loaded, and writes the new stamp. Cost: hashing some twenty small
files when the kernel is imported (about a millisecond); after a change, one
compile. Processes that start together share a lock file while they check.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from samegame.core.source_digest import sources_digest

__all__ = ["STAMP", "cache_dirs", "clear_stale", "guard", "sources_digest"]

STAMP = "samegame-kernel.sources"
"""The stamp file's name in a cache directory: the hash of the kernel's sources
whose compiled functions that directory holds."""

_CACHED = (".nbi", ".nbc")


def cache_dirs(source_dir: Path) -> list[Path]:
    """The directories where numba may cache the functions of the modules in
    ``source_dir``, in numba's order of preference: ``__pycache__`` beside
    them, ``NUMBA_CACHE_DIR`` when set, numba's user-wide cache."""
    dirs = [source_dir / "__pycache__"]
    try:
        from numba.core import caching, config
        from numba.misc import appdirs
    except ImportError:  # another numba layout: the in-tree cache only
        return dirs
    # numba's own rule for a source directory's place in a cache directory.
    subpath_of: Any = caching.UserWideCacheLocator.get_suitable_cache_subpath
    subpath = str(subpath_of(str(source_dir / "x.py")))
    chosen = getattr(config, "CACHE_DIR", "")
    if chosen:
        dirs.append(Path(chosen) / subpath)
    app_dirs: Any = appdirs.AppDirs
    dirs.append(Path(app_dirs(appname="numba", appauthor=False).user_cache_dir) / subpath)
    return dirs


def clear_stale(cache_dir: Path, modules: set[str], digest: str, create: bool = False) -> bool:
    """In ``cache_dir``, unless its stamp says ``digest``: delete the cached
    functions of ``modules`` (file names ``module.function-line.*.nbi`` and
    ``.nbc``) and write the stamp. Returns whether it deleted anything. A
    missing directory holds nothing stale: with ``create`` it is made and
    stamped (numba's first choice, so that its first caches are not cleared
    once more by the next process), otherwise left missing. A directory that
    cannot be read or written is left alone (numba then caches elsewhere or
    compiles in memory)."""
    stamp = cache_dir / STAMP
    with contextlib.suppress(OSError):
        if stamp.read_text() == digest:
            return False
    if not cache_dir.is_dir() and not create:
        return False
    cleared = False
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        with _locked(cache_dir):
            with contextlib.suppress(OSError):
                if stamp.read_text() == digest:
                    return False
            for entry in cache_dir.iterdir():
                if entry.suffix in _CACHED and entry.name.split(".", 1)[0] in modules:
                    entry.unlink(missing_ok=True)
                    cleared = True
            partial = cache_dir / f"{STAMP}.{os.getpid()}"
            partial.write_text(digest)
            os.replace(partial, stamp)
    except OSError:
        return cleared
    return cleared


def guard(package: Path) -> list[Path]:
    """Clear every stale cache of the kernel package at ``package`` (see the
    module docstring); returns the directories cleared."""
    digest = sources_digest(package)
    cleared = []
    for source_dir in sorted({path.parent for path in package.rglob("*.py")}):
        modules = {path.stem for path in source_dir.glob("*.py")}
        for rank, cache_dir in enumerate(cache_dirs(source_dir)):
            if clear_stale(cache_dir, modules, digest, create=rank == 0):
                cleared.append(cache_dir)
    return cleared


@contextlib.contextmanager
def _locked(cache_dir: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``cache_dir``'s guard lock file (where the
    platform has ``fcntl``)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on Linux or macOS
        yield
        return
    with open(cache_dir / f"{STAMP}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
