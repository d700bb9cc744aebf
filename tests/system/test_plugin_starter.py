"""``samegame plugin new NAME`` makes a package that installs into a fresh virtual
environment, passes its own tests (which use the testing kit) and its CI script,
and works in samegame's commands; a broken contribution fails that CI script.

The fresh environment gets samegame built from this checkout (pip, no index) and
borrows the other packages it needs (samegame's dependencies, pytest, hatchling
for the builds) from the running environment through a ``.pth`` file, so nothing
is downloaded.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import sysconfig
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import Result, assert_one_line_error
from locations import ROOT

NAME = "demo-rules"
NO_INDEX = "--no-deps --no-build-isolation --no-index"
"""How pip installs here: nothing fetched, nothing resolved, the borrowed hatchling."""


def environment(home: Path) -> dict[str, str]:
    """This process's environment with a fresh SAMEGAME_HOME and without the switches
    that would hide installed plugins."""
    kept = {
        key: value
        for key, value in os.environ.items()
        if key not in ("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", "SAMEGAME_LOAD_PLUGINS", "PYTHONPATH")
    }
    return kept | {"SAMEGAME_HOME": str(home)}


def site_of(venv: Path) -> str:
    return subprocess.run(
        [
            str(venv / "bin" / "python"),
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['purelib'])",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def fresh_venv(venv: Path, *borrowed: str) -> Path:
    """A new virtual environment at ``venv`` that also sees the packages in the
    ``borrowed`` site folders (after its own)."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    (Path(site_of(venv)) / "borrowed.pth").write_text("".join(f + "\n" for f in borrowed))
    return venv


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment holding samegame built from this checkout."""
    venv = fresh_venv(tmp_path_factory.mktemp("fresh") / "venv", sysconfig.get_paths()["purelib"])
    python = venv / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", *NO_INDEX.split(), str(ROOT)],
        check=True,
        capture_output=True,
    )
    return venv


@pytest.fixture(scope="module")
def starter(venv: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The starter package, made by the installed samegame."""
    parent = tmp_path_factory.mktemp("work")
    made = subprocess.run(
        [str(venv / "bin" / "samegame"), "plugin", "new", NAME, "--directory", str(parent)],
        capture_output=True,
        text=True,
        env=environment(parent / "home"),
        check=False,
    )
    assert made.returncode == 0, made.stderr
    folder = parent / f"samegame-{NAME}"
    assert made.stdout.splitlines() == [
        f"Made {folder}: the scoring formula, penalty, board type, renderer, command and bot "
        f"{NAME}, the preset {NAME}, tests and ci.sh.",
        f"Next: cd {folder} && sh ci.sh",
    ]
    return folder


@pytest.fixture(scope="module")
def ci(starter: Path, venv: Path) -> subprocess.CompletedProcess[str]:
    """The starter's CI script, run once in the fresh environment (it installs the
    starter there)."""
    return run_ci(starter, venv)


def run_ci(folder: Path, venv: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["sh", "ci.sh"],
        cwd=folder,
        capture_output=True,
        text=True,
        env=environment(folder / "home") | {"VENV": str(venv), "PIP_ARGS": NO_INDEX},
        check=False,
    )


def test_the_starter_holds_a_package_tests_and_ci(starter: Path) -> None:
    files = sorted(str(path.relative_to(starter)) for path in starter.rglob("*") if path.is_file())
    assert files == [
        ".github/workflows/ci.yml",
        ".gitignore",
        "README.md",
        "ci.sh",
        "pyproject.toml",
        "samegame_demo_rules/__init__.py",
        f"samegame_demo_rules/presets/{NAME}.yaml",
        "tests/test_samegame_demo_rules.py",
    ]
    assert f'{NAME} = "samegame_demo_rules"' in (starter / "pyproject.toml").read_text()
    assert "samegame_plugin_check" in (starter / "tests/test_samegame_demo_rules.py").read_text()


@pytest.mark.parametrize("name", ["x", NAME, "a-" + "long-name" * 4 + "-9"])
def test_the_starter_code_is_lint_clean_and_formatted(
    cli: Callable[..., Result], tmp_path: Path, name: str
) -> None:
    """With the lint rules of samegame itself, which the starter's pyproject.toml
    sets for ruff (the longest name makes the longest lines)."""
    assert cli("plugin", "new", name).code == 0
    folder = tmp_path / f"samegame-{name}"
    for check in (["check"], ["format", "--check"]):
        # In the starter's folder samegame is a third-party package, as for its author.
        linted = subprocess.run(
            [sys.executable, "-m", "ruff", *check, "."],
            cwd=folder,
            capture_output=True,
            text=True,
            check=False,
        )
        assert linted.returncode == 0, linted.stdout + linted.stderr


@pytest.mark.slow
def test_the_starter_installs_and_passes_its_tests_and_its_ci_script(
    ci: subprocess.CompletedProcess[str],
) -> None:
    assert ci.returncode == 0, ci.stdout + ci.stderr
    passed = re.search(r"(\d+) passed", ci.stdout)
    assert passed is not None, ci.stdout
    assert int(passed[1]) >= 10
    assert "failed" not in ci.stdout
    assert "Checked 7 plugins: no problems." in ci.stdout


@pytest.mark.slow
def test_the_installed_starter_works_in_samegame_s_commands(
    starter: Path, venv: Path, ci: subprocess.CompletedProcess[str]
) -> None:
    def samegame(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(venv / "bin" / "samegame"), *args],
            capture_output=True,
            text=True,
            env=environment(starter / "home"),
            check=False,
        )

    assert ci.returncode == 0
    listed = json.loads(samegame("plugins", "--format", "json").stdout)
    mine = next(plugin for plugin in listed["plugins"] if plugin["name"] == NAME)
    assert mine["distribution"] == f"samegame-{NAME}"
    assert set(mine["registers"]) == {
        "scoring formula",
        "penalty",
        "board generator",
        "renderer",
        "bot",
        "preset directory",
        "command",
    }
    table = samegame(NAME, "--largest", "3")
    assert (table.returncode, table.stdout) == (0, "2 tiles: 2 points\n3 tiles: 6 points\n")
    shown = samegame("board", "show", "--preset", NAME, "--board-number", "4", "--format", NAME)
    assert shown.returncode == 0, shown.stderr
    rows = [line.split()[-1] for line in shown.stdout.splitlines() if line.strip()]
    assert len([row for row in rows if re.fullmatch(r"[1-5]{10}", row)]) == 10, shown.stdout
    played = samegame("simulate", "--preset", NAME, "--bot", NAME, "--games", "2", "--seed", "1")
    assert played.returncode == 0, played.stderr


BREAKAGES = {
    # A formula that crashes, one that never returns, and a bot that got weaker:
    # the CI job must fail with 3, 3 and 1.
    "crash": (
        "lambda n: n * (n - 1), ",
        "lambda n: n * (n - 1) if n < 4 else 1 // 0, ",
        3,
        r"scoring formula 'broken' failed for a group of \d+ tiles \(ZeroDivisionError",
    ),
    "hang": (
        "lambda n: n * (n - 1), ",
        # Asleep rather than spinning: the bound kills the call's process whatever
        # it does, and ten seconds of a busy loop cost the suite ten of CPU.
        "lambda n: n * (n - 1) if n < 4 else __import__('time').sleep(3600), ",
        3,
        "scoring formula 'broken' did not return within 10 seconds",
    ),
    "weaker": (
        "return rng.choice(tied).anchor",
        "return rng.choice(view.groups).anchor",
        1,
        "1 of 1 gate not met: broken scored",
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("breakage", sorted(BREAKAGES))
def test_the_ci_script_fails_with_the_exit_code_of_what_broke(
    venv: Path, tmp_path: Path, breakage: str
) -> None:
    """In an environment of its own (samegame borrowed from the fresh one), so the
    broken plugin is installed nowhere else."""
    own = fresh_venv(tmp_path / "venv", site_of(venv), sysconfig.get_paths()["purelib"])
    subprocess.run(
        [str(venv / "bin" / "samegame"), "plugin", "new", "broken", "-d", str(tmp_path)],
        capture_output=True,
        text=True,
        env=environment(tmp_path / "home"),
        check=True,
    )
    module = tmp_path / "samegame-broken" / "samegame_broken" / "__init__.py"
    old, new, code, said = BREAKAGES[breakage]
    text = module.read_text()
    assert old in text
    module.write_text(text.replace(old, new))
    ci = run_ci(tmp_path / "samegame-broken", own)
    assert ci.returncode == code, ci.stdout + ci.stderr
    assert re.search(said, ci.stderr), ci.stderr
    assert "Traceback" not in ci.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    ("samegame", "pip_args", "said"),
    [
        (
            "/no/such/samegame-9.0-py3-none-any.whl",
            NO_INDEX,
            "Error: could not install samegame from the wheel "
            "/no/such/samegame-9.0-py3-none-any.whl; set SAMEGAME to a requirement, a "
            'samegame folder or a wheel, or PIP_ARGS="--index-url URL" for another index',
        ),
        (
            "./no-such-checkout",
            NO_INDEX,
            "Error: could not install samegame from the folder ./no-such-checkout; set",
        ),
        (
            "samegame>=99",
            "--no-index",
            "Error: could not install samegame from the package index (samegame>=99, pip "
            "arguments --no-index); set SAMEGAME",
        ),
    ],
)
def test_the_ci_script_tells_samegame_not_installed_apart(
    starter: Path, venv: Path, samegame: str, pip_args: str, said: str
) -> None:
    """Issue 46, item 5: samegame that cannot be installed is exit 4 and one line
    saying where it was to come from and how to choose, not 1 (a failed test or a
    weaker bot) or 3 (a plugin problem)."""
    ci = subprocess.run(
        ["sh", "ci.sh"],
        cwd=starter,
        capture_output=True,
        text=True,
        env=environment(starter / "home")
        | {"VENV": str(venv), "PIP_ARGS": pip_args, "SAMEGAME": samegame},
        check=False,
    )
    assert ci.returncode == 4, ci.stdout + ci.stderr
    assert ci.stderr.splitlines()[-1].startswith(said), ci.stderr
    assert "Checked" not in ci.stdout


def test_the_starter_pins_samegame_below_the_release_that_removes_old_paths(
    starter_text: dict[str, str],
) -> None:
    """Issue 46, item 5: docs/api.md says the moved paths go in 0.3.0, so a starter
    requires samegame from this version up to, not including, 0.3."""
    from samegame import __version__
    from samegame._moved import MOVED
    from samegame.cli.plugin_new_cmd import SAMEGAME_BELOW

    api = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    assert f"They go in {SAMEGAME_BELOW}.0." in api
    assert MOVED
    requirement = f"samegame>={__version__},<{SAMEGAME_BELOW}"
    assert f'dependencies = ["{requirement}"]' in starter_text["pyproject.toml"]
    assert f'SAMEGAME="${{SAMEGAME:-{requirement}}}"' in starter_text["ci.sh"]


def test_the_starter_has_a_ci_workflow_that_runs_ci_sh(starter_text: dict[str, str]) -> None:
    """Issue 46, item 5: next to ci.sh, a GitHub Actions workflow that runs it."""
    import yaml

    workflow = yaml.safe_load(starter_text[".github/workflows/ci.yml"])
    steps = workflow["jobs"]["ci"]["steps"]
    assert [step["run"] for step in steps if "run" in step] == ["sh ci.sh"]
    assert set(workflow[True]) == {"push", "pull_request"}  # YAML 1.1 reads "on" as True


@pytest.fixture
def starter_text() -> dict[str, str]:
    from samegame.cli.plugin_new_cmd import starter_files

    return starter_files(NAME)


@pytest.mark.parametrize(
    ("name", "fragment"),
    [
        ("My_Rules", "'My_Rules' cannot name a plugin; use lower-case letters"),
        ("rules!", "'rules!' cannot name a plugin"),
        ("x" * 41, "cannot name a plugin"),
        ("greedy", "'greedy' is taken by the built-in bot greedy"),
        ("svg", "'svg' is taken by the built-in renderer svg"),
        ("solvable", "'solvable' is taken by the built-in board generator solvable"),
        ("relaxed", "'relaxed' is taken by the built-in preset relaxed"),
        ("replay", "'replay' is taken by the command samegame replay"),
    ],
)
def test_a_bad_name_is_refused_with_one_line(
    cli: Callable[..., Result], tmp_path: Path, name: str, fragment: str
) -> None:
    result = cli("plugin", "new", name)
    assert_one_line_error(result, 2, fragment)
    assert not [path for path in tmp_path.iterdir() if path.name.startswith("samegame-")]


def test_an_existing_folder_is_refused_and_left_alone(
    cli: Callable[..., Result], tmp_path: Path
) -> None:
    (tmp_path / "samegame-mine").mkdir()
    (tmp_path / "samegame-mine" / "keep.txt").write_text("mine")
    result = cli("plugin", "new", "mine")
    assert_one_line_error(result, 2, "samegame-mine exists already; choose another name")
    assert [path.name for path in (tmp_path / "samegame-mine").iterdir()] == ["keep.txt"]
    made = cli("plugin", "new", "mine", "--directory", "elsewhere")
    assert made.code == 0, made.err
    assert (tmp_path / "elsewhere" / "samegame-mine" / "ci.sh").is_file()


def test_a_folder_that_cannot_be_written_is_exit_4(
    cli: Callable[..., Result], tmp_path: Path
) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    result = cli("plugin", "new", "mine", "--directory", "a-file")
    assert_one_line_error(result, 4, "cannot write a-file/samegame-mine", "--directory")
