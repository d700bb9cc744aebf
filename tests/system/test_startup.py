"""Start-up: a command loads only its own module, and the lazy table of commands is
the whole command line (help lists every command, each name runs its command)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import typer

from samegame.cli.app import COMMANDS, _wanted, build_app


def loaded_after(args: list[str]) -> set[str]:
    """The samegame modules loaded by running ``samegame ARGS`` in a fresh process."""
    code = textwrap.dedent(
        f"""
        import sys
        from samegame.cli.app import run
        run({args!r})
        print(" ".join(sorted(m for m in sys.modules if m.startswith("samegame"))))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    return set(result.stdout.split()[-1000:])


def test_a_command_loads_only_its_own_module(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path))
    loaded = loaded_after(["scores"])
    assert "samegame.cli.scores_cmd" in loaded
    others = {module for module, _ in COMMANDS.values()} - {"samegame.cli.scores_cmd"}
    assert not loaded & others, sorted(loaded & others)
    assert not {m for m in loaded if m.startswith(("samegame.sim", "samegame.kernel"))}


def test_the_version_loads_no_command(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path))
    loaded = loaded_after(["--version"])
    commands = {module for module, _ in COMMANDS.values()}
    assert "samegame.cli.app" in loaded
    assert not loaded & commands, sorted(loaded & commands)


def test_help_lists_every_command_of_the_table() -> None:
    group = typer.main.get_command(build_app())
    assert isinstance(group, typer.core.TyperGroup)
    assert sorted(group.list_commands(typer.Context(group))) == sorted(COMMANDS)


def test_which_command_an_argument_list_runs() -> None:
    assert _wanted(["play", "--preset", "lesson"]) == ["play"]
    assert _wanted(["--version"]) == []  # it answers before any command is looked at
    assert _wanted(["-p", "mine", "--version"]) is None  # a word: maybe a plugin's command
    assert _wanted(["--help", "play"]) is None  # the root's help lists every command
    assert _wanted(["plya"]) is None  # a typo loads every command: help can list them
    assert _wanted(["presets", "show", "basic"]) == ["presets"]
    assert _wanted([]) is None
