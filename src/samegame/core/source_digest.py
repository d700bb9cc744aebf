"""A fingerprint of a package's Python sources, read without importing it.

The kernel's cache guard (``samegame.kernel.cache_guard``) clears numba's disk
cache when this changes; the search's readiness mark
(``samegame.bots.search.readiness``) compares it before numba is even imported.

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "a.py").write_text("x = 1\\n")
>>> before = sources_digest(folder)
>>> _ = (folder / "a.py").write_text("x = 2\\n")
>>> sources_digest(folder) != before
True
>>> import shutil
>>> shutil.rmtree(folder)
"""

from __future__ import annotations

import hashlib
from pathlib import Path

__all__ = ["sources_digest"]


def sources_digest(package: Path) -> str:
    """The SHA-256 of every ``.py`` file under ``package``: relative paths and
    contents, in path order, so a change to any file, a new file or a renamed
    one changes it."""
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()
