"""Whether the search's compiled code is ready, known before numba is imported.

The first search after installing (or after the kernel's sources changed) waits
while numba compiles the kernels, some 15 to 25 seconds on an idle machine; later
ones load them from numba's disk cache in about a second. A player must hear about
the long wait at once, with its length (A37), so this is known without importing
numba (which alone takes a second): ``samegame.bots.search.job.prepare`` marks
each kind of search it compiled in a small file, and ``is_ready`` reads it
(``samegame.bots.search.bot.prepare_search`` says the line).

The mark names the kernel's sources (their digest), Python's version and numba's,
so a changed kernel, another Python or another numba is not ready. It lives where
numba's cache of the kernel lives: in ``NUMBA_CACHE_DIR`` when that is set,
otherwise in the kernel's ``__pycache__`` (or, where that cannot be written,
numba's user-wide cache folder). A cache deleted behind its back leaves a mark
that is wrong; the caller then still says so after a second
(``prepare_search``).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Mapping
from importlib import metadata
from pathlib import Path

from samegame.bots.search.spec import Algorithm
from samegame.core.source_digest import sources_digest

__all__ = ["MARK", "expected_seconds", "is_ready", "mark_dirs", "mark_ready", "variant"]

MARK = "samegame-search.ready"
"""The mark's file name."""

KERNEL = Path(__file__).resolve().parents[2] / "kernel"

EXPECTED_SECONDS: dict[str, float] = {
    "nmcs": 10.0,
    "nrpa": 15.0,
    "nrpa-threads": 25.0,
    "beam": 10.0,
}
"""About how long compiling each kind of search takes on an idle 2-core machine,
rounded up (benchmarks/first_search.py measures it;
benchmarks/results/first-search.md)."""


def variant(algorithm: Algorithm, lanes: int = 1) -> str:
    """The kind of search, as compiled: the algorithm, and for NRPA whether its
    lanes are threads sharing a policy (more code to compile)."""
    if algorithm is Algorithm.NRPA and lanes > 1:
        return "nrpa-threads"
    return algorithm.value


def expected_seconds(kind: str, busy: float | None = None) -> float:
    """About how long preparing ``kind`` takes from nothing, in whole 5 seconds:
    ``EXPECTED_SECONDS`` on an idle machine, longer on a busy one. ``busy`` is the
    one-minute load average per core (read from the system when None, where it
    can be). Compiling runs on one core; on the 2-core development machine it took
    about 3 times as long at a load of 6 per core and 1.2 to 1.5 times at 2.7
    (benchmarks/results/first-search.md), so the time grows with the load's
    power 0.6, at most 6 times: a rough guess, as the load is.

    >>> expected_seconds("nrpa", busy=0.5), expected_seconds("nrpa", busy=6.0)
    (15.0, 45.0)
    """
    if busy is None:
        try:
            busy = os.getloadavg()[0] / (os.cpu_count() or 1)
        except (AttributeError, OSError):  # no load average on this system
            busy = 0.0
    slower = min(float(max(1.0, busy) ** 0.6), 6.0)
    return max(5.0, 5.0 * round(EXPECTED_SECONDS[kind] * slower / 5.0))


def mark_dirs(environ: Mapping[str, str] | None = None) -> list[Path]:
    """Where the mark may be, in numba's order: ``NUMBA_CACHE_DIR`` alone when
    set; otherwise the kernel's ``__pycache__``, then the user-wide cache."""
    env = os.environ if environ is None else environ
    chosen = env.get("NUMBA_CACHE_DIR", "")
    if chosen:
        return [Path(chosen)]
    user = Path(env.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "numba"
    return [KERNEL / "__pycache__", user]


def fingerprint() -> str:
    """What a mark is valid for: the kernel's sources, Python's and numba's versions."""
    try:
        numba = metadata.version("numba")
    except metadata.PackageNotFoundError:
        numba = "none"
    python = ".".join(str(part) for part in sys.version_info[:2])
    return f"{sources_digest(KERNEL)} python-{python} numba-{numba}"


def is_ready(kind: str, environ: Mapping[str, str] | None = None) -> bool:
    """Whether ``kind`` was prepared with the kernel, Python and numba of now."""
    line = f"{fingerprint()} {kind}"
    for folder in mark_dirs(environ):
        with contextlib.suppress(OSError, UnicodeDecodeError):
            if line in (folder / MARK).read_text().splitlines():
                return True
    return False


def mark_ready(kind: str, environ: Mapping[str, str] | None = None) -> None:
    """Note that ``kind`` is prepared, in the first folder that can be written
    (nothing when none can: the next run says it prepares, and is quick)."""
    line = f"{fingerprint()} {kind}"
    for folder in mark_dirs(environ):
        mark = folder / MARK
        try:
            folder.mkdir(parents=True, exist_ok=True)
            kept = mark.read_text().splitlines() if mark.exists() else []
            # Marks of another kernel, Python or numba are dropped.
            kept = [old for old in kept if old.rsplit(" ", 1)[0] == line.rsplit(" ", 1)[0]]
            if line not in kept:
                partial = folder / f"{MARK}.{os.getpid()}"
                partial.write_text("".join(f"{entry}\n" for entry in [*kept, line]))
                os.replace(partial, mark)
            return
        except (OSError, UnicodeDecodeError):
            continue
