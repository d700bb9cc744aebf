"""The command a come-back message names (A38), for every way samegame starts:
the console script on the PATH or off it, below the current folder or elsewhere,
``python -m samegame`` with or without a console script beside the interpreter.
The system test ``tests/system/test_come_back_command.py`` types the result into
a shell."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from samegame.play.program import program_command


def script(folder: Path, name: str = "samegame") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n", encoding="utf-8")
    return path


def nowhere(name: str) -> None:
    return None


def test_the_script_found_on_the_path_is_samegame(tmp_path: Path) -> None:
    installed = script(tmp_path / "bin")
    said = program_command(str(installed), which=lambda name: str(installed), cwd="/")
    assert said == "samegame"


def test_another_samegame_on_the_path_names_this_one(tmp_path: Path) -> None:
    ours, other = script(tmp_path / "venv" / "bin"), script(tmp_path / "other")
    said = program_command(str(ours), which=lambda name: str(other), cwd=str(tmp_path))
    assert said == "venv/bin/samegame"


@pytest.mark.parametrize(
    ("started", "cwd", "expected"),
    [
        (".venv/bin/samegame", "project", ".venv/bin/samegame"),
        ("bin/samegame", "project", "bin/samegame"),
        ("./samegame", "project/bin", "./samegame"),
        ("samegame", "project/bin", "./samegame"),
        ("../project/.venv/bin/samegame", "elsewhere", "{root}/project/.venv/bin/samegame"),
    ],
)
def test_off_the_path_the_script_is_named_as_typed_here(
    tmp_path: Path, started: str, cwd: str, expected: str
) -> None:
    script(tmp_path / "project" / ".venv" / "bin")
    script(tmp_path / "project" / "bin")
    (tmp_path / "elsewhere").mkdir()
    said = program_command(started, which=nowhere, cwd=str(tmp_path / cwd))
    assert said == expected.format(root=tmp_path)


def test_a_path_with_a_space_is_quoted(tmp_path: Path) -> None:
    installed = script(tmp_path / "my games" / "bin")
    said = program_command(str(installed), which=nowhere, cwd=str(tmp_path))
    assert said == "'my games/bin/samegame'"
    (tmp_path / "elsewhere").mkdir()
    said = program_command(str(installed), which=nowhere, cwd=str(tmp_path / "elsewhere"))
    assert said == f"'{installed}'"


def test_python_m_names_the_script_beside_the_interpreter(tmp_path: Path) -> None:
    bin_dir = tmp_path / "venv" / "bin"
    python = script(bin_dir, "python")
    script(bin_dir)
    main = str(tmp_path / "src" / "samegame" / "__main__.py")
    said = program_command(main, which=nowhere, cwd=str(tmp_path), executable=str(python))
    assert said == "venv/bin/samegame"
    on_path = program_command(
        main, which=lambda name: str(bin_dir / "samegame"), cwd="/", executable=str(python)
    )
    assert on_path == "samegame"


def test_python_m_without_a_script_names_the_interpreter(tmp_path: Path) -> None:
    python = script(tmp_path / "venv" / "bin", "python")
    main = str(tmp_path / "src" / "samegame" / "__main__.py")
    said = program_command(main, which=nowhere, cwd=str(tmp_path), executable=str(python))
    assert said == f"venv{os.sep}bin{os.sep}python -m samegame"


def test_another_program_using_the_library_says_samegame(tmp_path: Path) -> None:
    assert program_command("/usr/bin/pytest", which=nowhere, cwd=str(tmp_path)) == "samegame"
