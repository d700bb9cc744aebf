"""The sighted board on a real pseudo-terminal (A3, A21, A36): the terminal's 16
colours only, in every byte of a whole session with Ctrl-C at the end (prompt_toolkit
echoes ``^C`` in a style of its own); no colour code at all with ``NO_COLOR`` or
``--color never``; and the selected group marked on the board by brackets, which
need no colour.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pexpect
import pytest

from playkit import child_env

TIMEOUT = 20
LESSON1 = ["-m", "samegame", "play", "--preset", "lesson", "--board-number", "1"]

# Any SGR sequence; and those of the 256-colour and truecolour palettes, foreground
# or background, wherever they stand in the sequence.
SGR = re.compile(rb"\x1b\[([0-9;:]*)m")
WIDE_COLOUR = re.compile(rb"\x1b\[[0-9;:]*(?<![0-9])[34]8[;:][25][;:]")


pytestmark = pytest.mark.usefixtures("isolated_home")


def colour_codes(data: bytes) -> list[bytes]:
    """Every SGR sequence that sets a colour (any parameter other than a reset or
    the attributes bold, dim, italic, underline, blink, reverse and their ends)."""
    plain = {b"", b"0", b"1", b"2", b"3", b"4", b"5", b"7", b"22", b"23", b"24", b"25", b"27"}
    return [
        match.group(0)
        for match in SGR.finditer(data)
        if set(re.split(rb"[;:]", match.group(1))) - plain
    ]


def session_with_ctrl_c(home: Path, *args: str, **env: str) -> tuple[bytes, int]:
    """Select the group at A1, remove it, select B2, then Ctrl-C at the prompt: the
    bytes the terminal received, and the exit status."""
    child = pexpect.spawn(
        sys.executable,
        [*LESSON1, *args],
        env=child_env(home, TERM="xterm-256color", COLORTERM="truecolor", **env),
        encoding=None,
        timeout=TIMEOUT,
        dimensions=(40, 80),
        cwd=str(home.parent),
    )
    log = io.BytesIO()
    child.logfile_read = log
    try:
        for typed in (b"A1\r", b"A1\r", b"B2\r", b"\x03"):
            # prompt_toolkit asks where the cursor is before each prompt.
            child.expect_exact(b"\x1b[6n")
            child.send(b"\x1b[40;1R")
            child.expect_exact(b">")  # the prompt is drawn: keys now go to it
            child.send(typed)
        child.expect(pexpect.EOF)
        child.close()
    finally:
        child.terminate(force=True)
    return log.getvalue(), child.exitstatus


def test_a_whole_session_with_ctrl_c_uses_only_the_16_colours(tmp_path: Path) -> None:
    data, status = session_with_ctrl_c(tmp_path / "home")
    assert status == 130
    assert b"\x1b[31mR\x1b[0m" in data  # the board is in colour
    assert WIDE_COLOUR.findall(data) == []
    # The selected group: between brackets, its tiles also in reverse video.
    assert b"[" + b" ".join([b"\x1b[7;31mR\x1b[0m"] * 4) + b"]" in data  # row 3


@pytest.mark.parametrize(
    ("args", "env"),
    [((), {"NO_COLOR": "1"}), (("--color", "never"), {})],
    ids=["NO_COLOR", "never"],
)
def test_without_colour_no_colour_code_anywhere(
    tmp_path: Path, args: tuple[str, ...], env: dict[str, str]
) -> None:
    data, status = session_with_ctrl_c(tmp_path / "home", *args, **env)
    assert status == 130
    assert colour_codes(data) == []
    text = data.decode("utf-8", "replace")
    # The selection is still seen: brackets round the group's tiles, and said so.
    assert " 3 B[R R R R]B R" in text
    assert " 1[R]Y B B Y R R" in text
    assert "The selected group is drawn between brackets." in text


def test_the_detectors_see_what_they_look_for() -> None:
    assert WIDE_COLOUR.findall(b"\x1b[0;38;5;102m^C") != []
    assert WIDE_COLOUR.findall(b"\x1b[48;2;1;2;3m") != []
    assert WIDE_COLOUR.findall(b"\x1b[31m\x1b[1;38m") == []
    assert colour_codes(b"\x1b[0m\x1b[7m\x1b[31mR\x1b[0;90m") == [b"\x1b[31m", b"\x1b[0;90m"]
