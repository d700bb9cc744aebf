"""The page heard through a real screen reader: Orca, on an X server of its own,
reading Chromium through the accessibility bus (tests/orcakit.py), while a
game's first move is played by the keyboard.

What the live region says after a key is heard whole and in order, as one
utterance: the page puts a reply's lines in one text, because Orca 43 told of a
reply's paragraphs at once said them out of order and dropped some ("29 tiles
fell ..." before "Removed 9 red circles ...", the removal itself not at all, in
two runs of three). And the cell the focus is on is heard by its name, and the
row number Orca adds is the game's (A1 is in row 1): the grid holds the rows
bottom first, as the game numbers them, and the style draws them bottom up.

Needs Orca, Xvfb, speech-dispatcher and a D-Bus session besides the browser;
skipped where one is missing, failed under CI (tests/system_programs.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from orcakit import LAUNCHER, heard, orca_said
from system_programs import needs

pytestmark = [
    needs("chromium", "chromedriver", "orca", "Xvfb", "speech-dispatcher", "dbus-run-session"),
    pytest.mark.skipif(not LAUNCHER.exists(), reason=f"no {LAUNCHER} (Debian: at-spi2-core)"),
]


def test_orca_log_lines_are_read_whole() -> None:
    log = (
        "12:00:00.1 - SPEECH OUTPUT: 'Removed 9 red circles.\n"
        "                  29 tiles fell.'{'established': False}\n"
        "12:00:00.2 - SPEECH OUTPUT: 'A1, red circle, group of 9.'{'established': False}\n"
        "12:00:00.3 - SPEECH OUTPUT: 'Focus mode'\n"
        "                  GENERATION TIME: 0.0001  ---->  hasPopup=[]\n"
    )
    assert orca_said(log) == [
        "Removed 9 red circles.\n29 tiles fell.",
        "A1, red circle, group of 9.",
        "Focus mode",
    ]


def test_orca_says_every_reply_whole_and_in_order(tmp_path: Path) -> None:
    said = heard(tmp_path / "orca")
    assert "Screen reader on." in said.spoken, "Orca did not start"
    selected, removed = said.replies
    assert selected[0].startswith("Selected ")
    assert removed[0].startswith("Removed ")
    for reply in (selected, removed):
        assert "\n".join(reply) in said.spoken, f"{reply} not heard whole in:\n" + "\n---\n".join(
            said.spoken
        )
    # The result first, then what fell, then the groups left (A5), in one utterance.
    at = said.spoken.index("\n".join(removed))
    assert said.spoken.index("\n".join(selected)) < at
    # A row number Orca says is the game's: A1 is in row 1, not the grid's last row.
    first_cell = next(i for i, line in enumerate(said.spoken) if line.startswith("A1, "))
    rows = [line for line in said.spoken[first_cell + 1 :] if re.fullmatch(r"row \d+\.", line)]
    assert rows[:1] == ["row 1."], said.spoken
