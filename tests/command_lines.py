"""A command line of every ``samegame`` command, and the files they read: for
the tests that run every command under one condition (a closed output, a stop
signal at start-up). ``make_inputs`` writes the files into a folder,
``copy_inputs`` copies them into a test's own.
"""

from __future__ import annotations

import os
from pathlib import Path

import warm

READ_MOVES = "A1\nB2\nhint\nhelp\nundo\nquit\n"
"""Standard input for the commands that read it (``play``, ``tutorial``)."""

COMMAND_LINES: dict[str, str] = {
    "play": "play --preset basic --fresh -y",
    "scores": "scores",
    "history": "history",
    "review": "review records.jsonl --worst 1 --iterations 1",
    "serve": "serve --help",
    "tutorial": "tutorial",
    "accessibility": "accessibility",
    "presets": "presets list",
    "presets show": "presets show basic",
    "presets schema": "presets schema",
    "board": "board show --board-number 1",
    "board groups": "board groups --board-number 1",
    "replay": "replay --board-number 1 --moves 'A1 A2'",
    "plugins": "plugins",
    "plugin": "plugin new piped",
    "simulate": "simulate --bot greedy --games 12",
    "simulate records": "simulate --bot greedy --games 12 --out -",
    "verify": "verify records.jsonl",
    "compare": "compare --bots greedy,random --games 3",
    "bench": "bench standard --bot greedy",
    "solve": "solve --board board.txt --bot greedy",
    "help": "--help",
    "version": "--version",
}
"""A command line of every command (its first word names the command), and of
some sub-commands and options; none of them fails when nothing goes wrong."""


INPUT_FILES = ("records.jsonl", "board.txt")
"""The files the table's command lines name."""


def make_inputs(folder: Path) -> Path:
    """Write ``INPUT_FILES`` into ``folder`` (one greedy game's record, board 1
    of the basic preset) and return it."""
    env = {**os.environ, "SAMEGAME_HOME": str(folder / "home")}
    made = warm.run(["simulate", "--bot", "greedy", "--games", "1", "--out", "records.jsonl"],
                    env=env, cwd=folder)  # fmt: skip
    assert made.returncode == 0, made.stderr
    board = warm.run(["board", "show", "--board-number", "1", "--format", "board"], env=env)
    (folder / "board.txt").write_text(board.stdout, encoding="utf-8")
    return folder


def copy_inputs(source: Path, folder: Path) -> None:
    """Copy ``INPUT_FILES`` from ``source`` into ``folder``."""
    for name in INPUT_FILES:
        (folder / name).write_bytes((source / name).read_bytes())
