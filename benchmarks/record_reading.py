"""How long reading a record line takes at the size cap: hostile 1 MiB lines and a
1 MB file of genuine records.

For each hostile line (deep nesting, runs of escaped quotes, a long string, many
keys, huge numbers, bad UTF-8) this times what ``samegame verify`` does with it
before any replay: ``parse_line`` (length, UTF-8, the depth check, the JSON
parser) and the shape check, best of three. Then it writes about 1 MB of
genuine records (greedy on the Basic preset) and times reading and checking the
shape of every line of the file (``read_records``), and the whole ``verify``
without the bot replay (``Verifier.check`` with ``replay_bots=False``). Reading
is linear in the line's length, so a line costs at most the figure printed for
the cap; docs/records.md states the bound.

    python benchmarks/record_reading.py
"""

from __future__ import annotations

import contextlib
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from samegame.plugin.host import get_host
from samegame.records.shape import MAX_LINE_BYTES, LineError, check_shape, parse_line
from samegame.records.verification import Verifier, read_records

SIZE = MAX_LINE_BYTES - 64


def fill(head: str, unit: str, tail: str = "") -> bytes:
    count = (SIZE - len(head) - len(tail)) // len(unit.encode("utf-8"))
    return (head + unit * count + tail).encode("utf-8")


LINES: dict[str, Callable[[], bytes]] = {
    "deep arrays, unclosed": lambda: fill("", "["),
    "deep arrays, closed": lambda: ("[" * (SIZE // 2) + "]" * (SIZE // 2)).encode(),
    "deep objects": lambda: fill("", '{"a":'),
    "escaped quotes, unterminated (was quadratic)": lambda: fill('{"format":"', '\\"'),
    "backslash-quote pairs": lambda: fill("", '"\\'),
    "a long string": lambda: fill('{"bot":"', "x", '"}'),
    "many keys": lambda: ("{" + ",".join(f'"k{n}":{n}' for n in range(70_000)) + "}").encode(),
    "a huge integer": lambda: fill('{"seed":', "9", "}"),
    "a huge float": lambda: fill('{"seconds":0.', "1", "}"),
    "many numbers": lambda: fill('{"moves":[', "1,", "1]}"),
    "bad UTF-8 at the end": lambda: fill('{"bot":"', "x", '"}')[:-4] + b'\xff\xfe"}',
}


def read_once(raw: bytes) -> None:
    with contextlib.suppress(LineError):
        check_shape(parse_line(raw))


def best_of_three(work: Callable[[], object]) -> float:
    times = []
    for _ in range(3):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    print(f"Hostile lines of {SIZE:,} bytes: parse and shape check, best of 3")
    worst = 0.0
    for name, make in LINES.items():
        raw = make()
        seconds = best_of_three(lambda raw=raw: read_once(raw))
        worst = max(worst, seconds)
        print(f"  {name}: {seconds * 1000:.0f} ms")
    print(f"  worst: {worst * 1000:.0f} ms")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "records.jsonl"
        from samegame.cli.app import run

        made = run(
            ["simulate", "--bot", "greedy", "--games", "800", "--seed", "2", "-o", str(path)]
        )
        if made != 0:
            sys.exit("simulate failed")
        size = path.stat().st_size
        lines = len(path.read_bytes().splitlines())
        reading = best_of_three(lambda: [check_shape(value) for _, value in read_records(path)])
        verifier = Verifier(get_host(), replay_bots=False)
        checking = best_of_three(lambda: [verifier.check(value) for _, value in read_records(path)])
        print(f"A file of {lines} genuine records ({size:,} bytes):")
        print(f"  read and shape-checked: {reading * 1000:.0f} ms")
        print(f"  verified without replaying the bots: {checking * 1000:.0f} ms")
        print(
            json.dumps(
                {"worst_line_ms": round(worst * 1000), "file_read_ms": round(reading * 1000)}
            )
        )


if __name__ == "__main__":
    main()
