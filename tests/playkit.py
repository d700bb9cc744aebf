"""Shared helpers of the line-interface tests (test_play_transcripts, test_accessibility,
test_terminal, test_session, test_resume_kill, test_challenge, test_tutorial).

Every test runs isolated: SAMEGAME_HOME in a temporary folder, plugin autoloading
off, and none of SAMEGAME_ACCESSIBLE, ACCESSIBLE or NO_COLOR unless a test sets it.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from samegame.cli.app import run
from samegame.core.coords import format_cell
from samegame.core.game import Game
from samegame.core.numbering import make_board
from samegame.plugin.host import get_host
from samegame.presets import find_preset

# Variables that switch modes: cleared unless a test sets them.
MODE_VARIABLES = ("SAMEGAME_ACCESSIBLE", "ACCESSIBLE", "NO_COLOR", "SAMEGAME_LOAD_PLUGINS")

BOX_DRAWING = re.compile("[\u2500-\u257f\u2580-\u259f]")
# Any SGR sequence that sets a colour: 16-colour, 256-colour or truecolour.
COLOUR_SGR = re.compile(r"\x1b\[[0-9;]*m")

# Terminal control sequences that rewrite what was already shown, by name.
FORBIDDEN_IN_ACCESSIBLE = {
    "cursor movement or erase (CSI A/B/C/D/H/J/K/f/G/d/s/u)": re.compile(
        rb"\x1b\[[0-9;?]*[ABCDHJKfGdsu]"
    ),
    "bare carriage return": re.compile(rb"\r(?!\n)"),
    "alternate screen": re.compile(rb"\x1b\[\?(1049|1047|47)[hl]"),
    "mouse tracking": re.compile(rb"\x1b\[\?100[0-6][hl]"),
    "hidden cursor": re.compile(rb"\x1b\[\?25l"),
    "cursor position request": re.compile(rb"\x1b\[6n"),
    "bracketed paste switch": re.compile(rb"\x1b\[\?2004[hl]"),
}


ESPEAK = shutil.which("espeak-ng")
"""espeak-ng, when installed: the tests that listen to it are skipped otherwise."""


def espeak_words(text: str) -> list[str]:
    """The words espeak-ng says for ``text`` at its default punctuation level, as
    phonemes without stress, pause or linking marks (``'A@r-`` and ``A@`` are
    both the letter R)."""
    said = subprocess.run(
        [ESPEAK or "espeak-ng", "-q", "-x", "-v", "en", text],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    ).stdout
    return [re.sub(r"[',;:_-]", "", word) for word in said.split()]


def clear_mode_variables(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """The isolation every test uses (call it from an autouse fixture)."""
    monkeypatch.setenv("SAMEGAME_HOME", str(home))
    monkeypatch.setenv("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", "1")
    for name in MODE_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def child_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment of a child process: isolated as above, with this
    interpreter's folder (where the ``samegame`` console script is installed) first
    on the PATH, as for a user who installed samegame, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if k not in MODE_VARIABLES}
    scripts = os.path.dirname(sys.executable)
    env["PATH"] = os.pathsep.join(filter(None, [scripts, env.get("PATH")]))
    env.update(
        SAMEGAME_HOME=str(home),
        SAMEGAME_DISABLE_PLUGIN_AUTOLOAD="1",
        PYTHONIOENCODING="utf-8",
        PYTHONUTF8="1",
    )
    env.update(extra)
    return env


@dataclass
class Outcome:
    code: int
    out: str
    err: str

    @property
    def lines(self) -> list[str]:
        return self.out.splitlines()


def run_cli(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: Sequence[str],
    stdin: str = "",
    *,
    tty_out: bool = False,
) -> Outcome:
    """``samegame ARGS`` in this process with ``stdin`` as standard input (not a
    terminal); ``tty_out`` makes standard output claim to be a terminal."""
    with monkeypatch.context() as patch:
        patch.setattr(sys, "stdin", io.StringIO(stdin))
        if tty_out:
            patch.setattr(sys.stdout, "isatty", lambda: True)
        code = run(list(args))
    captured = capsys.readouterr()
    return Outcome(code, captured.out, captured.err)


def lesson_game(number: int) -> Game:
    """A Game on lesson board ``number`` with the lesson rules."""
    host = get_host()
    preset = find_preset("lesson", host)
    setup = preset.board_setup()
    board = make_board(host.generator(setup.board_type), setup.spec, number).board
    return Game(board, preset.rules)


def greedy_moves(game: Game, limit: int | None = None) -> list[str]:
    """Play the largest group (leftmost, lowest on ties) until the end or ``limit``
    moves; return the cells played. The game is changed."""
    cells = []
    while not game.finished and (limit is None or len(cells) < limit):
        group = max(game.legal_groups(), key=lambda g: (g.size, -g.anchor.col, -g.anchor.row))
        cells.append(format_cell(group.anchor))
        game.play(group.anchor)
    return cells


def blocks(transcript: str) -> list[tuple[str, list[str]]]:
    """A piped transcript split at the echoed commands: (command, lines said)."""
    result: list[tuple[str, list[str]]] = [("", [])]
    for line in transcript.splitlines():
        if line.startswith("> ") or line == ">":
            result.append((line[2:], []))
        else:
            result[-1][1].append(line)
    return result
