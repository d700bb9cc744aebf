"""System programs that some tests need: a test marked ``@needs("espeak-ng")``
runs where the program is on the PATH; elsewhere it is skipped, and the run ends
with one line naming the Debian packages to install. Under CI (``CI`` set to
``true``, ``1`` or ``yes``, as ``.ci/run`` sets it) a missing program fails the
test instead, so CI never skips one silently.

>>> reason = skip_reason(["chromedriver", "espeak-ng"])
>>> reason
'needs a system program that is not installed: chromedriver (Debian: chromium-driver), espeak-ng (Debian: espeak-ng)'
>>> summary([reason, "Skipped: " + reason, "something else"])
'2 tests skipped for want of system programs; to run them: apt-get install chromium-driver espeak-ng (Debian and Ubuntu). Under CI they fail instead.'
>>> summary(["something else"]) is None
True
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterable, Sequence

import pytest

PACKAGES = {
    "chromium": "chromium",
    "chromedriver": "chromium-driver",
    "espeak-ng": "espeak-ng",
    "orca": "orca",
    "Xvfb": "xvfb",
    "speech-dispatcher": "speech-dispatcher",
    "dbus-run-session": "dbus-daemon",
}
"""Each program a test may need -> the Debian package that installs it."""

OTHER_NAMES = {"chromium": ("chromium-browser",)}
"""Other names a program goes by on some systems."""

MARKER = "needs_programs"
SKIP_START = "needs a system program that is not installed: "


def needs(*programs: str) -> pytest.MarkDecorator:
    """Mark a test (or a module, as ``pytestmark``) as needing ``programs``."""
    unknown = [name for name in programs if name not in PACKAGES]
    if unknown:
        raise ValueError(f"no Debian package is known for {unknown}: add it to PACKAGES")
    return getattr(pytest.mark, MARKER)(*programs)


def path_of(program: str) -> str | None:
    """Where ``program`` (or one of its other names) is on the PATH, or None."""
    for name in (program, *OTHER_NAMES.get(program, ())):
        found = shutil.which(name)
        if found:
            return found
    return None


def missing(programs: Iterable[str]) -> list[str]:
    return sorted(name for name in set(programs) if path_of(name) is None)


def under_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}


def skip_reason(absent: Sequence[str]) -> str:
    named = ", ".join(f"{name} (Debian: {PACKAGES[name]})" for name in absent)
    return SKIP_START + named


def failure(absent: Sequence[str]) -> str:
    packages = " ".join(sorted({PACKAGES[name] for name in absent}))
    return (
        f"{', '.join(absent)} not found on the PATH, and CI must run this test: "
        f"install them (apt-get install {packages}; .ci/run does)"
    )


def summary(reasons: Iterable[str]) -> str | None:
    """The one line that ends a run in which tests were skipped for want of
    programs (``reasons`` are the skip reasons of the run), or None."""
    count, packages = 0, set()
    for reason in reasons:
        if SKIP_START not in reason:
            continue
        count += 1
        packages.update(re.findall(r"\(Debian: ([^)]+)\)", reason))
    if not count:
        return None
    tests = "test" if count == 1 else "tests"
    return (
        f"{count} {tests} skipped for want of system programs; to run them: "
        f"apt-get install {' '.join(sorted(packages))} (Debian and Ubuntu). "
        "Under CI they fail instead."
    )
