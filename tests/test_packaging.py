"""What a user installs: the wheel carries the presets, the benchmark data, the
py.typed marker and the console script; and the code stays lint- and type-clean
(the same checks as ``tox -e lint`` and ``tox -e type``)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PRESETS = sorted(path.name for path in (ROOT / "src" / "samegame" / "presets").glob("*.yaml"))


@pytest.fixture(scope="module")
def wheel_names(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    [wheel] = out.glob("samegame-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def test_wheel_ships_every_preset(wheel_names: set[str]) -> None:
    assert len(PRESETS) >= 14
    for name in PRESETS:
        assert f"samegame/presets/{name}" in wheel_names


def test_wheel_ships_data_and_marker(wheel_names: set[str]) -> None:
    for name in (
        "samegame/py.typed",
        "samegame/data/standard-20.txt",
        "samegame/data/published-scores.json",
    ):
        assert name in wheel_names


def test_wheel_declares_the_console_script(wheel_names: set[str]) -> None:
    entry_points = next(name for name in wheel_names if name.endswith("entry_points.txt"))
    assert entry_points.startswith("samegame-")


def test_wheel_holds_no_tests_or_caches(wheel_names: set[str]) -> None:
    assert not [name for name in wheel_names if "__pycache__" in name or name.startswith("tests/")]


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_lint_and_format_are_clean() -> None:
    paths = ("src", "tests", "benchmarks", "plugins")
    lint = run_tool("ruff", "check", *paths)
    assert lint.returncode == 0, lint.stdout + lint.stderr
    formatted = run_tool("ruff", "format", "--check", *paths)
    assert formatted.returncode == 0, formatted.stdout + formatted.stderr


def test_mypy_strict_is_clean_on_src() -> None:
    result = run_tool("mypy")
    assert result.returncode == 0, result.stdout + result.stderr
