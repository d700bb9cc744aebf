"""What a user installs: the wheel carries the presets, the benchmark data, the
py.typed marker and the console script; and the code stays lint- and type-clean
(the same checks as ``tox -e lint`` and ``tox -e type``)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from locations import ROOT

PRESETS = sorted(path.name for path in (ROOT / "presets").glob("*.yaml"))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    [built] = out.glob("samegame-*.whl")
    return built


@pytest.fixture(scope="module")
def wheel_names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def test_wheel_ships_every_preset_of_the_top_level_folder(wheel: Path) -> None:
    assert len(PRESETS) >= 14
    with zipfile.ZipFile(wheel) as archive:
        for name in PRESETS:
            shipped = archive.read(f"samegame/preset_files/{name}")
            assert shipped == (ROOT / "presets" / name).read_bytes()


def test_an_installed_wheel_reads_its_own_preset_files(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)
    script = (
        "from samegame.builtins.presets import PRESETS_PATH; "
        "from samegame.plugin.host import PluginHost; from samegame.presets import list_presets; "
        "presets, problems = list_presets(PluginHost(autoload=False)); "
        "print(PRESETS_PATH); print(len(presets), problems)"
    )
    shown = subprocess.run(
        [sys.executable, "-c", script],
        env={"PYTHONPATH": str(target), "SAMEGAME_HOME": str(tmp_path / "home")},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert shown == [str(target / "samegame" / "preset_files"), f"{len(PRESETS)} []"]


def test_wheel_ships_data_and_marker(wheel_names: set[str]) -> None:
    for name in (
        "samegame/py.typed",
        "samegame/benchmark/data/standard-20.txt",
        "samegame/benchmark/data/published-scores.json",
    ):
        assert name in wheel_names


def test_wheel_declares_the_console_script(wheel_names: set[str]) -> None:
    entry_points = next(name for name in wheel_names if name.endswith("entry_points.txt"))
    assert entry_points.startswith("samegame-")


def test_wheel_holds_no_tests_or_caches(wheel_names: set[str]) -> None:
    assert not [name for name in wheel_names if "__pycache__" in name or name.startswith("tests/")]
