"""The README's promise for tests that need a system program: on a machine
without it they are skipped, and the run says in one line which Debian packages
run them; under CI (``CI=true``, as .ci/run sets it) they fail instead."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from locations import ROOT

BROWSER_TESTS = "tests/system/test_web_browser.py"


def run_without_programs(ci: str | None) -> subprocess.CompletedProcess[str]:
    """The browser tests, with a PATH that holds only this Python's folder."""
    env = {key: value for key, value in os.environ.items() if key != "CI"}
    env["PATH"] = str(Path(sys.executable).parent)
    env["SAMEGAME_TESTS_NO_WARM_UP"] = "1"  # the browser tests search nothing
    if ci is not None:
        env["CI"] = ci
    return subprocess.run(
        [sys.executable, "-m", "pytest", BROWSER_TESTS, "-p", "no:xdist", "-q"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_without_a_browser_the_browser_tests_skip_and_say_what_to_install() -> None:
    ran = run_without_programs(None)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    lines = ran.stdout.splitlines()
    said = [line for line in lines if "for want of system programs" in line]
    assert len(said) == 1, ran.stdout
    assert "apt-get install chromium chromium-driver" in said[0]
    assert " skipped" in lines[-1], lines[-1]
    assert "passed" not in lines[-1], lines[-1]


def test_under_ci_a_missing_browser_fails_the_run() -> None:
    ran = run_without_programs("true")
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert "CI must run this test" in ran.stdout
    assert "skipped" not in ran.stdout.splitlines()[-1]
