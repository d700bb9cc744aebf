"""The sessions shown in docs/accessibility.md run exactly as written: every
```text block that starts with ``$ samegame`` is run with the lines typed after
``> `` as standard input, in a fresh SAMEGAME_HOME, and must print the block."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from locations import ROOT
from playkit import clear_mode_variables, run_cli

DOCS = ROOT / "docs"
PAGES = ("accessibility.md",)


def sessions() -> list[tuple[str, list[str], str, str]]:
    """(page, args, typed lines, expected output) of every session block."""
    found = []
    for page in PAGES:
        text = (DOCS / page).read_text(encoding="utf-8")
        for block in text.split("```text\n")[1:]:
            body = block.split("```")[0]
            first, _, rest = body.partition("\n")
            if not first.startswith("$ samegame "):
                continue
            typed = "".join(line[2:] + "\n" for line in rest.splitlines() if line.startswith("> "))
            found.append((page, shlex.split(first)[2:], typed, rest))
    return found


def test_the_pages_show_sessions() -> None:
    shown = [args[0] for _, args, _, _ in sessions()]
    assert shown == ["tutorial", "play"]


@pytest.mark.parametrize(
    ("page", "args", "typed", "expected"), sessions(), ids=lambda v: str(v)[:40]
)
def test_a_documented_session_is_what_samegame_says(
    capsys, monkeypatch, tmp_path: Path, page: str, args: list[str], typed: str, expected: str
) -> None:
    clear_mode_variables(monkeypatch, tmp_path / "home")
    result = run_cli(capsys, monkeypatch, args, typed)
    assert result.code == 0, result.err
    assert result.out == expected, page
