"""A come-back message is a command that works as typed (A38).

A fresh virtual environment is made in a temporary folder, its ``samegame``
console script written as pip writes it (this environment's own script with the
new interpreter), and the PATH is cleared of every folder holding a ``samegame``:
so ``samegame`` alone would not run. A game left there must name the script's
path, relative to the folder it was started in when it lies below it, and that
command, typed into a shell as it is, must resume the very game.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from playkit import child_env

COME_BACK = re.compile(r"Game saved\. Type (.+) to come back to it\.")


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new environment whose ``bin/samegame`` runs this checkout's samegame."""
    root = tmp_path_factory.mktemp("fresh") / "env"
    venv.EnvBuilder(with_pip=False, symlinks=os.name != "nt").create(root)
    bin_dir = root / ("Scripts" if os.name == "nt" else "bin")
    python = next(path for path in (bin_dir / "python3", bin_dir / "python") if path.exists())
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    # This environment's packages (samegame's editable install among them).
    ours = sysconfig.get_paths()["purelib"]
    (site / "samegame_test_parent.pth").write_text(
        f"import site; site.addsitedir({ours!r})\n", encoding="utf-8"
    )
    installed = Path(sys.executable).parent / "samegame"
    body = installed.read_text(encoding="utf-8").split("\n", 1)[1]
    script = bin_dir / "samegame"
    script.write_text(f"#!{python}\n{body}", encoding="utf-8")
    script.chmod(0o755)
    return root


def _path_without_samegame() -> str:
    folders = os.environ.get("PATH", "").split(os.pathsep)
    return os.pathsep.join(
        folder for folder in folders if folder and not (Path(folder) / "samegame").exists()
    )


def _shell(command: str, cwd: Path, home: Path, typed: str) -> subprocess.CompletedProcess[str]:
    env = child_env(home)
    env["PATH"] = _path_without_samegame()
    return subprocess.run(
        ["/bin/sh", "-c", command],
        input=typed,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
    )


def _come_back(output: str) -> str:
    found = COME_BACK.search(output)
    assert found is not None, output
    return found[1]


@pytest.mark.skipif(os.name == "nt", reason="the test types the command into /bin/sh")
@pytest.mark.parametrize("where", ["below", "elsewhere"])
def test_the_come_back_command_runs_as_typed(fresh_venv: Path, tmp_path: Path, where: str) -> None:
    home = tmp_path / "home"
    cwd = fresh_venv.parent if where == "below" else tmp_path
    started = "env/bin/samegame" if where == "below" else str(fresh_venv / "bin" / "samegame")
    assert _shell("command -v samegame", cwd, home, "").returncode != 0
    first = _shell(
        f"{started} play --preset lesson --board-number 10 --accessible",
        cwd,
        home,
        "D1\nD1\nquit\n",
    )
    assert first.returncode == 0, first.stderr
    assert "score 64" in first.stdout
    command = _come_back(first.stdout)
    # The mode given by option is carried too (A39).
    assert command == f"{started} play --preset lesson --accessible"

    again = _shell(command, cwd, home, "score\nquit\n")
    assert again.returncode == 0, again.stderr
    assert "Score 64" in again.stdout or "score 64" in again.stdout, again.stdout
    assert _come_back(again.stdout) == command


@pytest.mark.skipif(os.name == "nt", reason="the test types the command into /bin/sh")
def test_samegame_on_the_path_is_named_samegame(fresh_venv: Path, tmp_path: Path) -> None:
    env = child_env(tmp_path / "home")
    env["PATH"] = os.pathsep.join([str(fresh_venv / "bin"), _path_without_samegame()])
    said = subprocess.run(
        ["samegame", "play", "--preset", "lesson", "--accessible"],
        input="D1\nD1\nquit\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
    )
    assert said.returncode == 0, said.stderr
    assert _come_back(said.stdout) == "samegame play --preset lesson --accessible"


@pytest.mark.skipif(os.name == "nt", reason="the test types the command into /bin/sh")
def test_the_tutorial_names_the_command_that_started_it(fresh_venv: Path, tmp_path: Path) -> None:
    """The tutorial's goodbye names the script's path too, and typed as it is that
    command starts the tutorial again."""
    home, cwd = tmp_path / "home", fresh_venv.parent
    left = _shell("env/bin/samegame tutorial --accessible", cwd, home, "quit\n")
    assert left.returncode == 0, left.stderr
    found = re.search(r"Tutorial left\. Run (.+) to start again\.", left.stdout)
    assert found is not None, left.stdout
    assert found[1] == "env/bin/samegame tutorial --accessible"
    again = _shell(found[1], cwd, home, "quit\n")
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith("Welcome to the samegame tutorial")
    assert again.stdout.rstrip().endswith(f"Run {found[1]} to start again.")
