"""Test configuration: hypothesis runs without deadlines (timings vary on CI)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings

from samegame.cli.app import run

settings.register_profile("samegame", deadline=None)
settings.load_profile(os.environ.get("SAMEGAME_HYPOTHESIS_PROFILE", "samegame"))


@dataclass(frozen=True)
class Result:
    """What one in-process run of the command line gave."""

    code: int
    out: str
    err: str


@pytest.fixture
def cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Callable[..., Result]:
    """Run ``samegame ARGS`` in this process, isolated: its own SAMEGAME_HOME, no
    installed plugins, and the temporary folder as the working directory."""
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", "1")
    monkeypatch.chdir(tmp_path)

    def invoke(*args: str) -> Result:
        code = run(list(args))
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return invoke


def assert_one_line_error(
    result: Result, code: int, *fragments: str, progress: bool = False
) -> None:
    """The run failed with ``code`` and exactly one ``Error:`` line holding every
    fragment. With ``progress``, long work's own lines (its start line and
    progress, A27) may come before it on stderr; nothing else may."""
    assert result.code == code, (result.out, result.err)
    lines = result.err.splitlines()
    if progress:
        before, lines = lines[:-1], lines[-1:]
        assert all(line.startswith(PROGRESS_WORDS) for line in before), result.err
    assert len(lines) == 1, result.err
    assert lines[0].startswith("Error: ")
    for fragment in fragments:
        assert fragment in lines[0]


PROGRESS_WORDS = ("Playing ", "Played ", "Comparing ", "Position ", "Searching ", "Searched ")
"""How the lines of long work start (samegame.cli.longwork)."""
