"""Hostile values echoed back: every option and argument of every command that takes
a value gets escape sequences (a window-title OSC included), C1 controls, a
bidirectional override, NUL, a zero-width character, a line break and a
100,000-character value. Whatever the command says, on stdout or stderr, has no
raw control or format character but the line end, no line longer than the cap of
a printed line (``samegame.core.quoting.MAX_LINE`` and the words naming the
length), a documented exit code and no traceback (``run`` re-raises what it does
not know). Piped play input is attacked the same way.

``ECHOES`` counts every input tried; the figure is printed at the end of the module
(``pytest -s tests/unit/cli/test_echo_attacks.py``).
"""

from __future__ import annotations

import io
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer

from samegame.cli.app import build_app, run
from samegame.core.quoting import MAX_LINE

DOCUMENTED = {0, 1, 2, 3, 4, 5, 130}
LONGEST_LINE = MAX_LINE + len("... (100,000 characters)")
ECHOES = {"inputs": 0}

HOSTILE = [
    "\x1b]0;owned\x07",  # sets the window title
    "\x1b[2J\x1b[31mred",
    "a\x85b",  # NEL, a C1 line break
    "\x9b31m",  # CSI as one C1 character
    "\udc85",  # a byte that is not UTF-8, as Python hands it over from argv
    "abc\u202edef",  # right-to-left override
    "x\x00y",
    "zero\u200bwidth",
    "two\nlines",
    "q" * 100_000,
]

BOARD = "RRBGY\nRBBGY\nGGBYY\nRGBRR\n"

# What each command needs to run at all, kept small so a value that is accepted
# makes a short run; an attacked option replaces its entry here.
NEEDED: dict[str, list[str]] = {
    "replay": ["--moves", "A1", "--board-number", "1"],
    "simulate": ["--bot", "greedy", "--games", "1"],
    "compare": ["--bots", "greedy,random", "--games", "1"],
    "solve": ["--board", "board.txt", "--bot", "greedy"],
    "presets show": ["basic"],
    "plugin new": ["my-rules"],
    "bench standard": ["--bot", "greedy", "--positions", "1", "--time-per-position", "0.01"],
}


def _leaves(command: typer.core.TyperGroup, path: list[str]) -> Iterator[tuple[str, object]]:
    subs = getattr(command, "commands", None)
    if subs:
        for name, sub in subs.items():
            yield from _leaves(sub, [*path, name])
    else:
        yield " ".join(path), command


def _commands() -> dict[str, object]:
    return dict(_leaves(typer.main.get_command(build_app(None)), []))


COMMANDS = _commands()


def _valued(command: object) -> list[object]:
    """The options and arguments of a command that take a value."""
    return [
        param
        for param in getattr(command, "params", [])
        if not getattr(param, "is_flag", False) and param.name != "help"
    ]


def _without(args: list[str], option: str) -> list[str]:
    """``args`` without ``option`` and its value."""
    if option not in args:
        return args
    at = args.index(option)
    return args[:at] + args[at + 2 :]


def _line_for(command: str, param: object, value: str) -> list[str]:
    needed = NEEDED.get(command, [])
    words = command.split()
    if getattr(param, "param_type_name", "") == "argument":
        positional = [word for word in needed if not word.startswith("-")]
        options = [word for word in needed if word not in positional]
        return [*words, *options, value]
    option = param.opts[0]  # type: ignore[attr-defined]
    return [*words, *_without(needed, option), option, value]


def raw_characters(text: str) -> list[str]:
    """The control and format characters of ``text`` other than the line end."""
    return sorted(
        {
            ch
            for ch in text
            if ch != "\n" and unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
        }
    )


def check_output(out: str, err: str, code: int, what: str) -> list[str]:
    """The rules broken by one run's output, as words (none when it is right)."""
    problems = []
    if code not in DOCUMENTED:
        problems.append(f"{what}: exit {code}")
    for stream, text in (("stdout", out), ("stderr", err)):
        raw = raw_characters(text)
        if raw:
            problems.append(f"{what}: raw {raw!a} on {stream}: {text[:300]!a}")
        longest = max((len(line) for line in text.split("\n")), default=0)
        if longest > LONGEST_LINE:
            problems.append(f"{what}: a line of {longest:,} characters on {stream}")
    return problems


@pytest.fixture(scope="module", autouse=True)
def report_count() -> Iterator[None]:
    yield
    print(f"\necho attacks: {ECHOES['inputs']} inputs tried")


@pytest.fixture
def isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", "1")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "board.txt").write_text(BOARD)
    return tmp_path


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.slow
def test_every_value_is_echoed_escaped_and_capped(
    command: str,
    isolated: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    problems: list[str] = []
    params = _valued(COMMANDS[command])
    for param in params:
        for value in HOSTILE:
            args = _line_for(command, param, value)
            monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
            what = ascii(" ".join(args)[:120])
            ECHOES["inputs"] += 1
            try:
                code = run(args)
            except Exception as error:  # a crash: said in ASCII, the report stays readable
                capsys.readouterr()
                problems.append(f"{what}: {ascii(error)[:300]}")
                continue
            captured = capsys.readouterr()
            problems += check_output(captured.out, captured.err, code, what)
    if params:
        assert ECHOES["inputs"] > 0
    assert not problems, "\n".join(problems[:10])


@pytest.mark.parametrize("value", HOSTILE)
def test_piped_play_lines_are_echoed_escaped_and_capped(
    value: str,
    isolated: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for line in (value, f"select {value}", f"set language {value}", f"row {value}"):
        monkeypatch.setattr(sys, "stdin", io.StringIO(f"{line}\nquit\n"))
        ECHOES["inputs"] += 1
        try:
            code = run(["play", "--accessible"])
        except Exception as error:
            capsys.readouterr()
            pytest.fail(f"{line[:60]!a}: {ascii(error)[:300]}")
        captured = capsys.readouterr()
        assert not check_output(captured.out, captured.err, code, ascii(line[:60]))


def test_the_checks_see_a_raw_title_sequence_and_a_long_line() -> None:
    """The checks themselves can fail: raw output and an over-long line are seen."""
    assert check_output("\x1b]0;owned\x07\n", "", 0, "raw")
    assert check_output("", "a\x85b\n", 0, "nel")
    assert check_output("q" * 100_000, "", 0, "long")
    assert check_output("", "Error: \\x1b]0;owned\\x07\n", 9, "exit code")
    assert not check_output("fine\n", "Error: \\x1b]0;owned\\x07\n", 2, "escaped")
