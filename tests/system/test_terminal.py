"""The line interface on a real pseudo-terminal (pexpect) and the choice of input path
(A1, A2, A3, A9, A16, A17, A24).

Accessible mode must be append-only: the bytes a screen reader receives hold no
cursor movement, erase, alternate screen, mouse tracking, hidden cursor, cursor
position request, bracketed paste switch or bare carriage return; the prompt is
exactly "> "; every announcement is complete before the next prompt and nothing is
printed while the player types. Outside accessible mode prompt_toolkit is used, but
only on a real terminal, never full screen and without mouse capture.
"""

from __future__ import annotations

import io
import re
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.shortcuts import CompleteStyle

from playkit import COLOUR_SGR, FORBIDDEN_IN_ACCESSIBLE, child_env
from samegame.repl.commands import ALL_WORDS, ESCAPE, Kind, parse_command
from samegame.repl.terminal import PROMPT, PlainIO, PromptToolkitIO, make_io

TIMEOUT = 10
LESSON1 = ["-m", "samegame", "play", "--preset", "lesson", "--board-number", "1"]
PROMPT_BYTES = b"\r\n> "


pytestmark = pytest.mark.usefixtures("isolated_home")


class Stream(io.StringIO):
    """A text stream that says whether it is a terminal."""

    def __init__(self, text: str = "", *, tty: bool) -> None:
        super().__init__(text)
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


# -- the session factory (A1, A24) --------------------------------------------------------


@pytest.fixture
def quiet_prompt_toolkit() -> Iterator[object]:
    """prompt_toolkit reading from a pipe and writing nowhere."""
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        yield pipe


def test_prompt_toolkit_only_on_a_terminal_outside_accessible_mode(quiet_prompt_toolkit) -> None:
    chosen = make_io(
        accessible=False,
        stdin=Stream(tty=True),
        stdout=Stream(tty=True),
        words=ALL_WORDS,
    )
    assert isinstance(chosen, PromptToolkitIO)


@pytest.mark.parametrize(
    ("accessible", "stdin_tty", "stdout_tty", "interactive"),
    [
        (True, True, True, True),
        (True, False, False, False),
        (False, False, True, False),
        (False, True, False, True),
        (False, False, False, False),
    ],
)
def test_plain_path_otherwise(
    quiet_prompt_toolkit, accessible, stdin_tty, stdout_tty, interactive
) -> None:
    chosen = make_io(
        accessible=accessible,
        stdin=Stream(tty=stdin_tty),
        stdout=Stream(tty=stdout_tty),
        words=ALL_WORDS,
    )
    assert isinstance(chosen, PlainIO)
    assert chosen.interactive is interactive


def test_prompt_toolkit_is_configured_to_stay_out_of_the_way(quiet_prompt_toolkit) -> None:
    session = PromptToolkitIO(ALL_WORDS).session
    assert session.complete_style == CompleteStyle.READLINE_LIKE  # completions as a line
    assert session.complete_while_typing is False
    assert session.auto_suggest is None  # no ghost text
    assert session.mouse_support is False
    assert session.bottom_toolbar is None
    assert session.rprompt is None
    assert session.refresh_interval == 0
    assert session.app.full_screen is False


def test_prompt_toolkit_reads_lines_completes_words_and_ends(quiet_prompt_toolkit) -> None:
    pipe = quiet_prompt_toolkit
    reader = PromptToolkitIO(ALL_WORDS)
    pipe.send_text("C5\r")  # type: ignore[attr-defined]
    assert reader.read() == "C5"
    pipe.send_text("hel\t\r")  # type: ignore[attr-defined]
    assert reader.read() == "help"
    pipe.send_text("\x04")  # type: ignore[attr-defined]  # Ctrl-D: end of input
    assert reader.read() is None


def test_plain_io_prompts_on_a_terminal_and_echoes_off_one() -> None:
    out = Stream(tty=True)
    terminal = PlainIO(Stream("A1\nq\n", tty=True), out, interactive=True)
    assert terminal.read() == "A1"
    assert out.getvalue() == "> "
    terminal.write(["one", "two"])
    assert out.getvalue() == "> one\ntwo\n"
    assert PROMPT == "> "

    piped_out = Stream(tty=False)
    piped = PlainIO(Stream("A1\r\n", tty=False), piped_out, interactive=False)
    assert piped.read() == "A1"
    assert piped.read() is None
    assert piped_out.getvalue() == "> A1\n"


def test_plain_io_bell_is_one_byte() -> None:
    out = Stream(tty=True)
    PlainIO(Stream(tty=True), out, interactive=True).bell()
    assert out.getvalue() == "\a"


# -- a real terminal: accessible mode (A2, A9, A16, A17) -------------------------------------


def spawn(home: Path, *args: str, **env: str) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable,
        [*LESSON1, *args],
        env=child_env(home, TERM=env.pop("TERM", "xterm-256color"), **env),
        encoding=None,
        timeout=TIMEOUT,
        dimensions=(24, 80),
        cwd=str(home.parent),
    )


def finish(child: pexpect.spawn) -> None:
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_accessible_terminal_output_is_append_only(tmp_path: Path) -> None:
    child = spawn(tmp_path / "home", "--accessible")
    log = io.BytesIO()
    child.logfile_read = log
    said: dict[str, bytes] = {}
    commands = ["help", "board", "B9", "A1", "A1", "summary", "settings", "foo", "q"]
    try:
        child.expect_exact(PROMPT_BYTES)
        opening = child.before
        # A16: nothing is printed while the player has not answered the prompt.
        child.expect(pexpect.TIMEOUT, timeout=0.3)
        assert child.before == b""
        for index, command in enumerate(commands):
            child.sendline(command.encode())
            if command == "q":
                finish(child)
                said[command] = child.before
                break
            child.expect_exact(PROMPT_BYTES)
            said[f"{index}:{command}"] = child.before
            if command == "A1" and index == 4:
                child.expect(pexpect.TIMEOUT, timeout=0.3)
                assert child.before == b""
    finally:
        child.terminate(force=True)
    data = log.getvalue()

    # A2: no control sequence at all, and by name the ones that would repaint.
    for name, pattern in FORBIDDEN_IN_ACCESSIBLE.items():
        assert not pattern.search(data), name
    assert b"\x1b" not in data
    assert b"\a" not in data  # A17: no bell unless asked for
    # A9: the prompt is exactly "> " at the start of a line, once per command read.
    assert data.count(PROMPT_BYTES) == len(commands)
    assert re.findall(rb"(?<=\n)>[^ ]", data) == []
    assert data.endswith(
        b"Game saved. Type samegame play --preset lesson --accessible to come back to it.\r\n"
    )
    # A16: every announcement is complete before the next prompt.
    assert opening.endswith(b"Type a cell such as A1 to select a group, or help for all commands.")
    assert said["0:help"].endswith(
        b"verbosity (v) terse, normal or verbose: how much is said after a move."
    )
    assert said["1:board"].endswith(b"Legend: R red circle, Y yellow diamond, B blue triangle.")
    assert said["2:B9"] == b"B9\r\nB9 is a single tile; nothing removed."
    assert said["3:A1"].endswith(
        b"Type the same cell again or remove to remove it, cancel to keep it."
    )
    move = said["4:A1"].split(b"\r\n")
    assert move == [
        b"A1",
        b"Removed 9 red circles on A1, columns A, B to E, rows 1 to 4, 49 points, score 49.",
        b"29 tiles fell in columns A, B to E.",
        b"12 groups left, largest 8 blue triangles on B2, columns B to D, rows 1 to 4.",
    ]
    assert said["6:settings"].endswith(b"bell: off, the default")
    assert said["7:foo"] == b"foo\r\n'foo' is not a command or a cell; type help for the list."


def test_accessible_terminal_rings_the_bell_only_when_asked(tmp_path: Path) -> None:
    child = spawn(tmp_path / "home", "--accessible", "--bell", SAMEGAME_ACCESSIBLE="0")
    try:
        child.expect_exact(PROMPT_BYTES)
        child.sendline(b"B9")
        child.expect_exact(b"\a> ")
        refused = child.before + child.after
        child.sendline(b"q")
        finish(child)
    finally:
        child.terminate(force=True)
    # The bell after the sentence; the text is the same as without it.
    assert refused == b"B9\r\nB9 is a single tile; nothing removed.\r\n\a> "


def test_environment_variable_alone_gives_the_plain_path(tmp_path: Path) -> None:
    child = spawn(tmp_path / "home", SAMEGAME_ACCESSIBLE="1")
    log = io.BytesIO()
    child.logfile_read = log
    try:
        child.expect_exact(PROMPT_BYTES)
        child.sendline(b"A1")
        child.expect_exact(PROMPT_BYTES)
        child.sendline(b"q")
        finish(child)
    finally:
        child.terminate(force=True)
    assert b"\x1b" not in log.getvalue()
    assert b"   A B C D E F G" not in log.getvalue()


# -- a real terminal: the sighted path (A3, A24) ---------------------------------------------


def answer_position_request(child: pexpect.spawn) -> None:
    """prompt_toolkit asks where the cursor is before each prompt: say the last row."""
    child.expect_exact(b"\x1b[6n")
    child.send(b"\x1b[24;1R")


def sighted_session(home: Path, **env: str) -> bytes:
    child = spawn(home, **env)
    log = io.BytesIO()
    child.logfile_read = log
    try:
        answer_position_request(child)
        child.send(b"A1\r")
        answer_position_request(child)
        child.send(b"re\t\t")  # readline-style completion: the choices on a line
        child.expect_exact(b"remove  redo    restart repeat")
        child.send(b"\x15")  # Ctrl-U: clear the line
        child.send(b"A1\r")
        answer_position_request(child)
        child.send(b"q\r")
        finish(child)
    finally:
        child.terminate(force=True)
    return log.getvalue()


def test_sighted_terminal_uses_prompt_toolkit_never_full_screen(tmp_path: Path) -> None:
    data = sighted_session(tmp_path / "home")
    assert b"\x1b[?2004h" in data  # prompt_toolkit's bracketed paste: it is in use
    # The detectors of the accessible test do see prompt_toolkit's repainting.
    for name in ("cursor movement or erase (CSI A/B/C/D/H/J/K/f/G/d/s/u)", "hidden cursor"):
        assert FORBIDDEN_IN_ACCESSIBLE[name].search(data), name
    assert FORBIDDEN_IN_ACCESSIBLE["cursor position request"].search(data)
    assert not re.search(rb"\x1b\[\?(1049|1047|47)h", data)  # no alternate screen
    assert not re.search(rb"\x1b\[\?100[0-6]h", data)  # no mouse capture
    assert b"Removed 9 red circles on A1, columns A, B to E, rows 1 to 4, 49 points" in data
    assert b"\x1b[31mR\x1b[0m" in data  # the board in colour
    codes = set(COLOUR_SGR.findall(data.decode("utf-8", "replace")))
    assert not any("38;5" in code or "38;2" in code for code in codes)


def test_sighted_terminal_with_no_color_has_no_colour_codes(tmp_path: Path) -> None:
    data = sighted_session(tmp_path / "home", NO_COLOR="1")
    assert b"Removed 9 red circles on A1, columns A, B to E, rows 1 to 4, 49 points" in data
    assert b" 9 R Y R R R Y B" in data  # the board, in plain letters
    colours = [
        code
        for code in COLOUR_SGR.findall(data.decode("utf-8", "replace"))
        if set(code[2:-1].split(";")) - {"", "0"}
    ]
    assert colours == []


def test_escape_at_the_prompt_is_cancel(quiet_prompt_toolkit) -> None:
    """The Escape key alone ends the line as the cancel command; an Alt key (Escape
    followed at once by a key) still edits the line."""
    pipe = quiet_prompt_toolkit
    reader = PromptToolkitIO(ALL_WORDS)
    pipe.send_text("C5\x1b")  # type: ignore[attr-defined]
    said: list[str | None] = []
    reading = threading.Thread(target=lambda: said.append(reader.read()), daemon=True)
    reading.start()
    reading.join(10)
    if reading.is_alive():  # Escape did nothing: end the line to fail, not hang
        pipe.send_text("\r")  # type: ignore[attr-defined]
        reading.join(10)
    assert said == [ESCAPE]
    line = said[0]
    assert line is not None
    command = parse_command(line)
    assert command is not None
    assert command.kind is Kind.CANCEL
    pipe.send_text("one two\x1bbX\r")  # type: ignore[attr-defined]  # Alt-b: a word back
    assert reader.read() == "one Xtwo"
