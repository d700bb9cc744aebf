"""Preset files under attack, one generator per class of attack:

- cost: files up to the 1 MB cap in every shape that could make reading cost
  more than the file's size (many sizes, long strings, deep nesting, aliases that
  expand, many stages); each is read in a child process with a timeout and a
  memory bound, and is either a preset or one ``PresetError``;
- keys: every kind of key that is not a name (empty, numbers, true or false,
  dates, lists and mappings as complex keys), at every level of the file: one
  line at the key, and in the user's folder ``presets list`` lists the others;
- files that are not regular files (a named pipe, a directory, a socket, a
  device): refused before they are opened, in one line, at once;
- numbers: a whole number is accepted exactly when it is written as ASCII digits
  ``[0-9]+`` (YAML 1.1 also reads ``+5``, ``1_000``, ``0x1F``, ``010`` and ``1:30``
  as numbers, some of them as other numbers than they look).
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import Result
from samegame.core.limits import MAX_FILE_BYTES, MAX_POINTS
from samegame.plugin.host import PluginHost
from samegame.presets import PresetError, list_presets, load_preset_file
from samegame.presets.safe_yaml import MAX_EXPANDED_CHARACTERS, MAX_VALUES

HEAD = """\
name: {name}
title: Attack
description: A preset under attack.
formula: basic
board_type: random
"""
SIZES = "sizes:\n  small: {width: 5, height: 4, colours: 3}\n"
TIMEOUT = 60
"""Seconds one generated file may take to be read (it takes a few at most)."""
MOST_MEMORY_KB = 400_000
"""The most memory (peak resident size) reading one file may take."""


@pytest.fixture
def host() -> PluginHost:
    return PluginHost(autoload=False)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SAMEGAME_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", "1")
    return tmp_path / "home"


# -- cost: every shape of a large file -------------------------------------------------


def many_sizes(name: str, count: int) -> str:
    lines = "".join(f"  s{i}: {{width: 5, height: 4, colours: 3}}\n" for i in range(count))
    return HEAD.format(name=name) + "sizes:\n" + lines


def long_strings(name: str, length: int) -> str:
    return HEAD.format(name=name).replace("Attack", "A" * length) + SIZES


def deep_nesting(name: str, depth: int) -> str:
    return HEAD.format(name=name) + SIZES + "stages: " + "[" * depth + "]" * depth + "\n"


def alias_bomb(name: str, fan_out: int, levels: int) -> str:
    """Each level a list of ``fan_out`` aliases of the level below: fan_out**levels
    values from a few hundred bytes."""
    lines = [HEAD.format(name=name), SIZES, f"l0: &l0 [{', '.join(['x'] * fan_out)}]\n"]
    for level in range(1, levels + 1):
        lines.append(f"l{level}: &l{level} [{', '.join([f'*l{level - 1}'] * fan_out)}]\n")
    return "".join(lines)


def long_string_aliases(name: str, length: int, copies: int) -> str:
    """One long string named by an anchor, then used again and again."""
    text = "x" * length
    uses = "".join(f"  - {{name: s{i}, width: 5, height: 4, colours: 3}}\n" for i in range(copies))
    return (
        HEAD.format(name=name).replace("title: Attack", f"title: &t {text}")
        + SIZES
        + "notes: ["
        + ", ".join(["*t"] * copies)
        + "]\n"
        + "stages:\n"
        + uses
    )


def many_stages(name: str, count: int) -> str:
    stages = "".join(
        f"  - {{name: Stage {i}, width: 5, height: 4, colours: 3}}\n" for i in range(count)
    )
    return HEAD.format(name=name) + SIZES + "stages:\n" + stages


def fill(make: Callable[[int], str]) -> str:
    """The largest text ``make`` gives within the file cap (doubling, then halving)."""
    size = 1
    while len(make(size * 2).encode()) <= MAX_FILE_BYTES:
        size *= 2
    step = size // 2
    while step:
        if len(make(size + step).encode()) <= MAX_FILE_BYTES:
            size += step
        step //= 2
    return make(size)


def cost_cases() -> Iterator[tuple[str, str]]:
    """(shape, text) of files at the cap, or of a few hundred bytes that expand."""
    yield "many sizes", fill(lambda n: many_sizes("attack", n))
    yield "long strings", fill(lambda n: long_strings("attack", n))
    yield "deep nesting", fill(lambda n: deep_nesting("attack", n))
    yield "many stages", fill(lambda n: many_stages("attack", n))
    yield "alias bomb 10x9", alias_bomb("attack", 10, 9)
    yield "alias bomb 2x60", alias_bomb("attack", 2, 60)
    yield "alias bomb 1000x3", alias_bomb("attack", 1000, 3)
    yield "one long string aliased", long_string_aliases("attack", 500_000, 50)
    yield "many aliases", fill(lambda n: alias_bomb("attack", n, 1))


READER = """
import json, resource, sys, time
def peak_kb():
    # This process's own peak (VmHWM); ru_maxrss can carry the parent's from fork.
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
from pathlib import Path
from samegame.plugin.host import PluginHost
from samegame.presets import PresetError, load_preset_file
started = time.perf_counter()
try:
    load_preset_file(Path(sys.argv[1]), PluginHost(autoload=False))
    message = None
except PresetError as error:
    message = str(error)
print(json.dumps({
    "message": message,
    "seconds": time.perf_counter() - started,
    "memory_kb": peak_kb(),
}))
"""


@pytest.mark.slow
@pytest.mark.parametrize(("shape", "text"), list(cost_cases()), ids=lambda v: str(v)[:30])
def test_a_large_or_expanding_file_costs_what_its_size_allows(
    tmp_path: Path, shape: str, text: str
) -> None:
    path = tmp_path / "attack.yaml"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", READER, str(path)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=True,
    )
    outcome = json.loads(done.stdout)
    assert outcome["memory_kb"] < MOST_MEMORY_KB, (shape, outcome)
    message = outcome["message"]
    if message is not None:
        assert "\n" not in message
        assert message.startswith(f"{path}:")
        assert len(message) < 400
    if shape.startswith("alias bomb"):
        assert message is not None
        assert f"more than {MAX_VALUES:,} values" in message
    if shape == "one long string aliased":
        assert message is not None
        assert f"more than {MAX_EXPANDED_CHARACTERS:,} characters" in message


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fan_out=st.integers(2, 40), levels=st.integers(1, 12))
def test_aliases_are_counted_before_anything_is_built(
    host: PluginHost, tmp_path: Path, fan_out: int, levels: int
) -> None:
    """Refused exactly when the values once expanded pass the cap, whatever the
    shape: the count is exact (every scalar, list, mapping and key)."""
    path = tmp_path / "attack.yaml"
    path.write_text(alias_bomb("attack", fan_out, levels), encoding="utf-8")
    level = 1 + fan_out  # l0: a list of fan_out scalars
    expanded = 1 + 10 + 10 + 1 + level  # the root, HEAD, SIZES, the key l0 and l0
    for _ in range(levels):
        level = 1 + fan_out * level
        expanded += 1 + level
    try:
        load_preset_file(path, host)
    except PresetError as error:
        message = str(error)
    else:
        message = ""
    if expanded > MAX_VALUES:
        assert f"more than {MAX_VALUES:,} values" in message
    else:
        assert "values once its aliases" not in message


# -- keys that are not names --------------------------------------------------------------

NOT_NAMES = [
    "~",
    "null",
    "Null",
    "",
    "5",
    "-3",
    "0x1F",
    "1_000",
    "1.5",
    ".inf",
    "yes",
    "no",
    "on",
    "true",
    "False",
    "2001-12-14",
    "? [a]",
    "? {a: 1}",
    "? [a, [b]]",
]
PLACES = ["top", "sizes", "size", "stage"]


def with_key(key: str, place: str) -> str:
    """A valid preset with ``key`` (holding 3) added at ``place``."""
    complex_key = key.startswith("? ")
    entry = f"{key}\n: 3" if complex_key else f"{key}: 3"
    if place == "top":
        return HEAD.format(name="attack") + SIZES + entry + "\n"
    if place == "sizes":
        indent = "  " + entry.replace("\n", "\n  ")
        return HEAD.format(name="attack") + SIZES + indent + "\n"
    if place == "size":
        block = "sizes:\n  small:\n    width: 5\n    height: 4\n    colours: 3\n"
        return HEAD.format(name="attack") + block + "    " + entry.replace("\n", "\n    ") + "\n"
    stage = "stages:\n  - name: One\n    width: 5\n    height: 4\n    colours: 3\n"
    return (
        HEAD.format(name="attack") + SIZES + stage + "    " + entry.replace("\n", "\n    ") + "\n"
    )


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("key", NOT_NAMES)
def test_a_key_that_is_not_a_name_is_one_line_at_the_key(
    host: PluginHost, tmp_path: Path, key: str, place: str
) -> None:
    path = tmp_path / "attack.yaml"
    path.write_text(with_key(key, place), encoding="utf-8")
    with pytest.raises(PresetError) as raised:
        load_preset_file(path, host)
    message = str(raised.value)
    assert "\n" not in message
    assert re.match(rf"{re.escape(str(path))}:\d+:\d+: ", message), message
    assert "key" in message or "size name" in message, message


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(NOT_NAMES), place=st.sampled_from(PLACES))
def test_a_broken_user_preset_never_hides_the_others(
    host: PluginHost, home: Path, key: str, place: str
) -> None:
    folder = home / "config" / "presets"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "attack.yaml").write_text(with_key(key, place), encoding="utf-8")
    (folder / "fine.yaml").write_text(HEAD.format(name="fine") + SIZES, encoding="utf-8")
    presets, problems = list_presets(host)
    names = {preset.name for preset in presets}
    assert {"basic", "fine"} <= names
    assert "attack" not in names
    assert len(problems) == 1
    assert str(folder / "attack.yaml") in problems[0]
    assert "\n" not in problems[0]


def test_presets_list_names_the_broken_file_and_lists_the_rest(
    cli: Callable[..., Result], tmp_path: Path
) -> None:
    folder = tmp_path / "home" / "config" / "presets"
    folder.mkdir(parents=True)
    (folder / "attack.yaml").write_text(with_key("~", "top"), encoding="utf-8")
    result = cli("presets", "list")
    assert result.code == 0, result.err
    assert "basic: Basic" in result.out
    warnings = result.err.splitlines()
    assert len(warnings) == 1
    assert warnings[0].startswith(f"Warning: {folder / 'attack.yaml'}:")


# -- files that are not regular files ------------------------------------------------------


def special_files(folder: Path) -> Iterator[tuple[str, Path]]:
    """(kind, path) of every kind of file that is not a regular file."""
    fifo = folder / "pipe.yaml"
    os.mkfifo(fifo)
    yield "named pipe", fifo
    directory = folder / "folder.yaml"
    directory.mkdir()
    yield "directory", directory
    sock = folder / "s.yaml"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(sock))
        yield "socket", sock
    except OSError:  # a path too long for a socket here: the others still run
        pass
    finally:
        server.close()
    if Path("/dev/null").exists():
        yield "character device", Path("/dev/null")


@pytest.mark.slow
def test_special_files_are_refused_as_presets_before_they_are_opened(tmp_path: Path) -> None:
    folder = tmp_path / "files"
    folder.mkdir()
    for kind, path in special_files(folder):
        done = subprocess.run(
            [sys.executable, "-m", "samegame", "presets", "show", str(path)],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
            env={**os.environ, "SAMEGAME_HOME": str(tmp_path / "home")},
        )
        assert done.returncode == 3, (kind, done.stderr)
        lines = done.stderr.splitlines()
        assert len(lines) == 1, (kind, done.stderr)
        assert "not a regular file" in lines[0], (kind, lines)


def test_a_named_pipe_in_the_user_folder_is_reported_not_waited_on(
    host: PluginHost, home: Path
) -> None:
    folder = home / "config" / "presets"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "pipe.yaml")
    presets, problems = list_presets(host)
    assert "basic" in {preset.name for preset in presets}
    assert len(problems) == 1
    assert "named pipe (FIFO), not a regular file" in problems[0]


# -- numbers: ASCII digits only ---------------------------------------------------------------

NUMBER_TEXT = st.one_of(
    st.text(alphabet="0123456789", min_size=1, max_size=20),
    st.text(alphabet="0123456789+-_.:xobeEabcdef", min_size=1, max_size=12),
    st.sampled_from(
        ["+5", "1_000", "0x1F", "0o17", "0b101", "010", "09", "1:30", "-0", "5.0", "1e3", "0"]
    ),
)


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=NUMBER_TEXT)
def test_a_number_is_accepted_exactly_when_it_is_ascii_digits(
    host: PluginHost, tmp_path: Path, text: str
) -> None:
    path = tmp_path / "attack.yaml"
    path.write_text(HEAD.format(name="attack") + SIZES + f"clear_bonus: {text}\n", "utf-8")
    try:
        preset = load_preset_file(path, host)
    except PresetError:
        accepted = None
    else:
        accepted = preset.rules.clear_bonus
    digits = re.fullmatch(r"[0-9]+", text) is not None
    if digits and int(text) <= MAX_POINTS:
        assert accepted == int(text, 10), text  # base 10: 010 is ten, not eight
    else:
        assert accepted is None, text
