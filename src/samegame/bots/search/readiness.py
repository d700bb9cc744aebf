"""Whether the search's compiled code is in numba's cache, known before numba is
imported (A37, A41).

The first search after installing (or after the kernel's sources changed) waits
while numba compiles the kernels, for some 15 to 25 seconds on an idle machine;
later ones load them from numba's disk cache in about a second. A player must hear
about a long wait at once (A37), and only a true one (A41): "first use" only when
numba will compile, and a length only as measured on this machine.

So ``samegame.bots.search.job.prepare`` notes, for each kind of search it
prepared, numba's index files of the functions it compiled or loaded (a mark), and
``readiness`` reads numba's cache against it (``samegame.bots.search.bot.
prepare_search`` says the line):

- ``Readiness.CACHED``: a mark of the kernel, Python and numba of now whose every
  index file is still there, written by this numba for the kernel's source of now
  (numba's own test: its version at the top, the SHA-256 of the source inside). The
  load says nothing unless it takes more than a second.
- ``Readiness.COMPILES``: numba's cache holds no machine code of the kernel at
  all (an empty or deleted cache, a new install): numba compiles, and that is said
  at once.
- ``Readiness.UNKNOWN``: neither (code of the kernel is cached, but no mark says
  it is this kind's, such as after a search of another kind, or with marks lost).
  Nothing is claimed: the wait is said after a second, as what it is.

Marks and measured compile times live where numba's cache of the kernel lives: in
``NUMBA_CACHE_DIR`` when that is set, otherwise in the kernel's ``__pycache__``
(or, where that cannot be written, numba's user-wide cache folder).
"""

from __future__ import annotations

import contextlib
import enum
import hashlib
import os
import pickle
import sys
from collections.abc import Callable, Mapping, Sequence
from importlib import metadata
from pathlib import Path

from samegame.bots.search.spec import Algorithm
from samegame.core.source_digest import sources_digest

__all__ = [
    "MARK",
    "SECONDS",
    "Readiness",
    "compile_seconds",
    "mark_dirs",
    "mark_ready",
    "note_compile_seconds",
    "readiness",
    "variant",
]

MARK = "samegame-search.ready"
"""The marks' file name: a line per kind, its index files after it."""

SECONDS = "samegame-search.seconds"
"""The file of measured compile times: a line per kind, ``kind seconds``."""

KERNEL = Path(__file__).resolve().parents[2] / "kernel"

_SOURCE_DIRS = {"kernel", "search"}
"""The kernel's source folders, by name (numba's folders in a shared cache start so)."""


class Readiness(enum.Enum):
    """What preparing a kind of search will do, as far as numba's cache tells."""

    CACHED = "cached"
    COMPILES = "compiles"
    UNKNOWN = "unknown"


def variant(algorithm: Algorithm, lanes: int = 1) -> str:
    """The kind of search, as compiled: the algorithm, and for NRPA whether its
    lanes are threads sharing a policy (more code to compile)."""
    if algorithm is Algorithm.NRPA and lanes > 1:
        return "nrpa-threads"
    return algorithm.value


def mark_dirs(environ: Mapping[str, str] | None = None) -> list[Path]:
    """Where the mark may be, in numba's order: ``NUMBA_CACHE_DIR`` alone when
    set; otherwise the kernel's ``__pycache__``, then the user-wide cache."""
    env = os.environ if environ is None else environ
    chosen = env.get("NUMBA_CACHE_DIR", "")
    if chosen:
        return [Path(chosen)]
    user = Path(env.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "numba"
    return [KERNEL / "__pycache__", user]


def _numba_version() -> str:
    try:
        return metadata.version("numba")
    except metadata.PackageNotFoundError:
        return "none"


def fingerprint() -> str:
    """What a mark is valid for: the kernel's sources, Python's and numba's versions."""
    python = ".".join(str(part) for part in sys.version_info[:2])
    return f"{sources_digest(KERNEL)} python-{python} numba-{_numba_version()}"


class _TextOnly(pickle.Unpickler):
    """Reads the version string at the top of numba's index file, and nothing that
    would import a class."""

    def find_class(self, module: str, name: str) -> object:
        raise pickle.UnpicklingError(f"{module}.{name} is not read here")


def holds(index: Path, source: Path) -> bool:
    """Whether numba's index file ``index`` is one this numba loads for ``source`` as
    it is now: numba's version first, then the SHA-256 of the source's bytes
    (numba 0.57 and later stamp a source so)."""
    try:
        with index.open("rb") as stream:
            version = _TextOnly(stream).load()
            rest = stream.read()
        digest = hashlib.sha256(source.read_bytes()).digest()
    except (OSError, pickle.UnpicklingError, EOFError, ValueError, IndexError, TypeError):
        return False
    return version == _numba_version() and digest in rest


def _kernel_cached(environ: Mapping[str, str] | None) -> bool:
    """Whether any index file of the kernel's functions is in numba's cache folders
    (numba names a source folder's place in a shared cache after the folder's name)."""
    folders = [folder / "__pycache__" for folder in (KERNEL, *KERNEL.iterdir()) if folder.is_dir()]
    env = os.environ if environ is None else environ
    if env.get("NUMBA_CACHE_DIR", ""):
        folders = []
    for shared in mark_dirs(environ):
        with contextlib.suppress(OSError):
            folders += [sub for sub in shared.iterdir() if sub.name.split("_")[0] in _SOURCE_DIRS]
    return any(any(folder.glob("*.nbi")) for folder in folders if folder.is_dir())


def _marked(kind: str, environ: Mapping[str, str] | None) -> list[list[str]]:
    """The index files of each valid mark of ``kind``, as (index, source) paths."""
    head = f"{fingerprint()} {kind}"
    found = []
    for folder in mark_dirs(environ):
        with contextlib.suppress(OSError, UnicodeDecodeError):
            for line in (folder / MARK).read_text().splitlines():
                fields = line.split("\t")
                if fields[0] == head and len(fields) > 1:
                    found.append(fields[1:])
    return found


def readiness(kind: str, environ: Mapping[str, str] | None = None) -> Readiness:
    """What preparing ``kind`` will do: load, compile, or either (``Readiness``)."""
    for files in _marked(kind, environ):
        pairs = zip(files[::2], files[1::2], strict=False)
        if len(files) % 2 == 0 and all(holds(Path(i), Path(s)) for i, s in pairs):
            return Readiness.CACHED
    return Readiness.UNKNOWN if _kernel_cached(environ) else Readiness.COMPILES


def _rewrite(
    name: str, line: str, stays: Callable[[str], bool], environ: Mapping[str, str] | None
) -> None:
    """Add ``line`` to the file ``name`` in the first folder that can be written,
    keeping the lines for which ``stays`` holds (nothing when no folder can be
    written: the next run cannot tell, and says so only if it waits)."""
    for folder in mark_dirs(environ):
        path = folder / name
        try:
            folder.mkdir(parents=True, exist_ok=True)
            kept = path.read_text().splitlines() if path.exists() else []
            partial = folder / f"{name}.{os.getpid()}"
            partial.write_text("".join(f"{entry}\n" for entry in [*filter(stays, kept), line]))
            os.replace(partial, path)
            return
        except (OSError, UnicodeDecodeError):
            continue


def mark_ready(
    kind: str, files: Sequence[tuple[str, str]], environ: Mapping[str, str] | None = None
) -> None:
    """Note that ``kind`` is prepared, with numba's index files of what it compiled
    or loaded and their sources, in place of its mark before; marks of another
    kernel, Python or numba go."""
    head = f"{fingerprint()} {kind}"
    line = "\t".join([head, *(path for pair in files for path in pair)])

    def stays(old: str) -> bool:
        other = old.split("\t")[0]
        return other != head and other.rsplit(" ", 1)[0] == head.rsplit(" ", 1)[0]

    _rewrite(MARK, line, stays, environ)


def note_compile_seconds(
    kind: str, seconds: float, environ: Mapping[str, str] | None = None
) -> None:
    """Keep how long compiling ``kind`` took on this machine, for the next time."""
    _rewrite(SECONDS, f"{kind} {seconds:.1f}", lambda old: old.split(" ")[0] != kind, environ)


def compile_seconds(kind: str, environ: Mapping[str, str] | None = None) -> float | None:
    """How long compiling ``kind`` took here the last time it was measured, or
    None when it never was (in these cache folders)."""
    for folder in mark_dirs(environ):
        with contextlib.suppress(OSError, UnicodeDecodeError, ValueError):
            for line in (folder / SECONDS).read_text().splitlines():
                name, _, seconds = line.partition(" ")
                if name == kind:
                    return float(seconds)
    return None
