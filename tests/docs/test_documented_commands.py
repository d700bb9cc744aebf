"""Every ``samegame`` command line in README.md, docs/ and the plugins' READMEs
names commands and options that exist, with values the options take.

Each line is parsed by the real command line (Click's parser, without running the
command); lines with placeholders (``[--seed S]``, ``FILE``) are synopses, not
commands, and are skipped. ``test_documented_commands_run`` runs every other line
as written; this test is the net that catches a renamed option or a misspelt
command in any document.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from typing import Any

import pytest
import typer

from locations import ROOT
from samegame.cli.app import build_app

DOCUMENTS = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
    *sorted((ROOT / "plugins").glob("*/README.md")),
]
SYNOPSIS = re.compile(r"\[|\b[A-Z]{1,}\b(?![=:])|\.\.\.|<")


def documented_commands() -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for document in DOCUMENTS:
        text = document.read_text(encoding="utf-8")
        for block in re.findall(r"```[a-z]*\n(.*?)```", text, re.S):
            joined = block.replace("\\\n", " ")
            for line in joined.splitlines():
                line = line.strip().removeprefix("$ ")
                if not line.startswith("samegame ") or SYNOPSIS.search(line.split("#")[0]):
                    continue
                command = re.split(r"\s(?:>|\||2>|#)\s?", line)[0].strip()
                found.append((f"{document.relative_to(ROOT)}: {command}", command))
    return found


COMMANDS = documented_commands()


def test_the_documents_hold_commands() -> None:
    assert len(COMMANDS) >= 30


def _remaining(context: Any) -> list[str]:
    """The words a command's parser left: a group's sub-command and its words."""
    return [*getattr(context, "_protected_args", []), *context.args]


@pytest.fixture(scope="module")
def root() -> Iterator[Any]:
    """The whole command line, with the example plugins' commands (their READMEs
    are among the documents)."""
    import samegame_cornerbot
    import samegame_cubes

    from samegame.plugin import host as plugins

    examples = [("cubes", samegame_cubes), ("cornerbot", samegame_cornerbot)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(plugins, "_HOST", plugins.PluginHost(autoload=False, extra=examples))
        yield typer.main.get_command(build_app())


def _is_group(command: Any) -> bool:
    return hasattr(command, "resolve_command")


@pytest.mark.parametrize("command", [c for _, c in COMMANDS], ids=[i for i, _ in COMMANDS])
def test_documented_command_parses(root: Any, command: str) -> None:
    words = shlex.split(command)[1:]
    command_object = root
    context = command_object.make_context("samegame", list(words))
    rest = _remaining(context)
    while _is_group(command_object):
        assert rest, f"{command!r} names a group, not a command"
        name, found, rest = command_object.resolve_command(context, rest)
        assert found is not None, f"no command {name!r} in {command!r}"
        command_object = found
        if _is_group(found):
            context = found.make_context(name or "", rest, parent=context)
            rest = _remaining(context)
    refused: typer.TyperException | None = None
    try:
        command_object.make_context(command_object.name or "", rest, parent=context)
    except typer.TyperException as error:
        refused = error
    if refused is not None:
        # Files an example names (board.txt) need not exist here; nothing else is
        # forgiven: an unknown command or option, a value of the wrong type.
        message = refused.format_message()
        assert type(refused).__name__ == "BadParameter", f"{command!r}: {message}"
        assert "does not exist" in message, f"{command!r}: {message}"
