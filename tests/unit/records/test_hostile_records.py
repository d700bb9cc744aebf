"""Hostile record lines are refused in time linear in their length: deep nesting,
long strings, runs of escaped quotes, many keys, huge numbers, bad UTF-8, a
byte-order mark. Each line is checked under an alarm, and the whole path of
``samegame verify`` (read, parse, shape, claims) is timed; keys a hostile record
adds are echoed escaped and cut short."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from locations import TESTS
from samegame.plugin.host import PluginHost
from samegame.records.shape import MAX_LINE_BYTES, LineError, parse_line
from samegame.records.verification import Verifier, read_records

GOLDEN = TESTS / "golden" / "records" / "v2.jsonl"
SECONDS = 5.0  # per line of up to 1 MiB; linear reading takes a small fraction of it
SIZE = MAX_LINE_BYTES - 64


def _fill(head: str, unit: str, tail: str = "") -> str:
    """``head`` then ``unit`` repeated to about ``SIZE`` bytes, then ``tail``."""
    count = (SIZE - len(head) - len(tail)) // len(unit.encode("utf-8"))
    return head + unit * count + tail


def _golden() -> str:
    return GOLDEN.read_text(encoding="utf-8").splitlines()[0]


def _keys(count: int) -> str:
    record = json.loads(_golden())
    extra = ",".join(f'"k\\u0000{n}":{n}' for n in range(count))
    return json.dumps(record)[:-1] + "," + extra + "}"


HOSTILE: dict[str, Callable[[], bytes]] = {
    "deep arrays": lambda: (_fill("", "[")).encode(),
    "deep arrays closed": lambda: ("[" * (SIZE // 2) + "]" * (SIZE // 2)).encode(),
    "deep objects": lambda: _fill("", '{"a":').encode(),
    "deep inside a record": lambda: _fill('{"format":"samegame-record/2","moves":', "[").encode(),
    "escaped quotes, unterminated": lambda: _fill('{"format":"', '\\"').encode(),
    "backslash quote pairs": lambda: _fill("", '"\\').encode(),
    "quotes": lambda: _fill("", '"').encode(),
    "brackets in a long string": lambda: _fill('{"format":"', "[{", '"}').encode(),
    "long string": lambda: _fill('{"format":"samegame-record/2","bot":"', "x", '"}').encode(),
    "long unicode string": lambda: _fill('{"bot":"', "\u00e9\u2603", '"}').encode(),
    "many keys": lambda: _keys(40_000).encode(),
    "huge integer": lambda: _fill('{"seed":', "9", "}").encode(),
    "huge float": lambda: _fill('{"seconds":0.', "1", "}").encode(),
    "huge exponent": lambda: _fill('{"seconds":1e', "9", "}").encode(),
    "many numbers": lambda: _fill('{"moves":[', "1,", "1]}").encode(),
    "bad UTF-8": lambda: _fill('{"bot":"', "x", '"}').encode()[:-20] + b"\xff\xfe" * 5 + b'"}',
    "lone surrogate escapes": lambda: _fill('{"bot":"', "\\ud800", '"}').encode(),
    "control characters": lambda: _fill('{"bot":"', "\\u001b[31m", '"}').encode(),
}


@contextmanager
def alarm(seconds: float) -> Iterator[None]:
    """TimeoutError when the block runs longer than ``seconds`` (where the platform
    has SIGALRM; the elapsed time is asserted as well)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise TimeoutError(f"over {seconds} seconds")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


VERIFIER = Verifier(PluginHost(autoload=False))


def checked(raw: bytes) -> list[str]:
    try:
        return VERIFIER.verify(parse_line(raw))
    except LineError as error:
        return [str(error)]


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_line_is_refused_in_linear_time(name: str) -> None:
    raw = HOSTILE[name]()
    assert len(raw) <= MAX_LINE_BYTES
    started = time.perf_counter()
    with alarm(SECONDS):
        problems = checked(raw)
    assert time.perf_counter() - started < SECONDS
    assert problems, name
    assert all(len(problem) < 400 and "\x00" not in problem for problem in problems)
    assert all("\x1b" not in problem for problem in problems)


def test_unknown_keys_are_escaped_and_cut_short() -> None:
    (problem,) = checked(_keys(40_000).encode())
    assert problem.startswith("the record has unknown keys 'k\\x000', 'k\\x001'")
    assert "and 39,995 more; known: format, preset" in problem


def test_the_depth_check_is_linear() -> None:
    """Doubling a hostile line at most about doubles the time to refuse it."""
    unit = '{"format":"' + '\\"' * (SIZE // 8)

    def cost(text: str) -> float:
        started = time.perf_counter()
        for _ in range(3):
            checked(text.encode())
        return time.perf_counter() - started

    small, large = cost(unit), cost(unit + '\\"' * (SIZE // 8))
    assert large < 6 * small + 0.05


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.sampled_from(["[", "]", "{", "}", '"', "\\", '\\"', ",", ":", "1", "a", "\u00e9"]),
        max_size=400,
    ),
    st.integers(1, 2000),
)
def test_any_mix_of_json_punctuation_is_one_problem_or_a_value(
    pieces: list[str], repeat: int
) -> None:
    raw = ("".join(pieces) * repeat)[:SIZE].encode()
    with alarm(SECONDS):
        try:
            parse_line(raw)
        except LineError as error:
            problem = str(error)
        else:
            problem = "a value"
    assert problem


def test_a_byte_order_mark_at_the_start_of_a_file_is_ignored(cli, tmp_path: Path) -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    (tmp_path / "bom.jsonl").write_bytes(b"\xef\xbb\xbf" + text.encode())
    result = cli("verify", "bom.jsonl")
    assert result.code == 0, result.out
    assert result.out == f"Verified {len(text.splitlines())} records in 1 file: all correct.\n"
    second = text.splitlines()
    (tmp_path / "late.jsonl").write_bytes(
        (second[0] + "\n").encode() + b"\xef\xbb\xbf" + second[1].encode() + b"\n"
    )
    late = cli("verify", "late.jsonl")
    assert late.code == 1  # only the file's start may carry one
    assert late.out.splitlines()[0].startswith("late.jsonl:2: ")


@pytest.mark.slow
def test_a_file_of_hostile_lines_verifies_line_by_line(cli, tmp_path: Path) -> None:
    names = sorted(HOSTILE)
    good = _golden()
    with (tmp_path / "hostile.jsonl").open("wb") as out:
        for name in names:
            out.write(HOSTILE[name]() + b"\n" + good.encode() + b"\n")
    started = time.perf_counter()
    result = cli("verify", "hostile.jsonl")
    assert time.perf_counter() - started < SECONDS * len(names)
    assert result.code == 1
    lines = result.out.splitlines()
    assert [line.split(":")[1] for line in lines[:-1]] == [
        str(1 + 2 * n) for n in range(len(names))
    ]
    assert lines[-1] == (
        f"Verified {2 * len(names)} records in 1 file: {len(names)} records have mismatches."
    )


def test_read_records_is_lazy_about_an_over_long_line(tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    path.write_bytes(b"[" * (3 * MAX_LINE_BYTES) + b"\n" + _golden().encode() + b"\n")
    found = list(read_records(path))
    assert [number for number, _ in found] == [1, 2]
    assert isinstance(found[0][1], LineError)
    assert isinstance(found[1][1], dict)
