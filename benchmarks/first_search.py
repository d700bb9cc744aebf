"""The first search after installing: how long before the first line, and before the hint.

The search's compiled code is built by numba on first use and cached on disk; this
measures what a player meets before that cache exists. Each run points
``NUMBA_CACHE_DIR`` at a new empty folder (numba then caches there and nowhere
else) and a throw-away ``SAMEGAME_HOME``, then times, from the start of the
process:

- ``solve``: ``samegame solve --board B --bot nrpa --time 2`` on the board of
  ``samegame board show --preset benchmark --board-number 5``: the first line on
  stdout or stderr, and the end;
- ``hint``, on an empty cache again: ``samegame play --preset basic --accessible
  --hint-bot nrpa:time=2`` reading ``hint`` then ``quit``: from the typed ``hint``
  (echoed as ``> hint``), the first line after it (what the player hears at once)
  and the ``Hint:`` line itself.

Each figure is the median of ``--runs`` runs (3 by default); each run pays the
whole compile twice, so a run takes a minute or more. With ``--warm`` one cache
is kept for every run, which measures a later start instead (after the first
run's compile).

    python benchmarks/first_search.py --runs 3

Timings depend on the machine's load: on a shared machine they are rough.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

SAMEGAME = [sys.executable, "-m", "samegame"]
PROMISED = 2.0


@dataclass(frozen=True)
class Timed:
    """A run's lines, each with the seconds since the process started."""

    lines: list[tuple[float, str, str]]  # (seconds, stream, text)
    ended: float

    def first(self, test: Callable[[str], bool] = lambda line: True) -> float | None:
        return next((t for t, _, text in self.lines if test(text)), None)


def timed_run(argv: list[str], env: dict[str, str], stdin: str) -> Timed:
    """Run ``argv``, stamping every line of stdout and stderr as it arrives."""
    started = time.monotonic()
    child = subprocess.Popen(
        argv,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: list[tuple[float, str, str]] = []
    lock = threading.Lock()

    def pump(stream: object, name: str) -> None:
        for text in stream:  # type: ignore[attr-defined]
            with lock:
                lines.append((time.monotonic() - started, name, text.rstrip("\n")))

    pumps = [
        threading.Thread(target=pump, args=(child.stdout, "out")),
        threading.Thread(target=pump, args=(child.stderr, "err")),
    ]
    for thread in pumps:
        thread.start()
    assert child.stdin is not None
    child.stdin.write(stdin)
    child.stdin.close()
    child.wait(timeout=600)
    for thread in pumps:
        thread.join()
    lines.sort()
    return Timed(lines, time.monotonic() - started)


def environment(home: Path, cache: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        SAMEGAME_HOME=str(home),
        NUMBA_CACHE_DIR=str(cache),
        SAMEGAME_DISABLE_PLUGIN_AUTOLOAD="1",
        NO_COLOR="1",
    )
    for name in ("SAMEGAME_ACCESSIBLE", "ACCESSIBLE"):
        env.pop(name, None)
    return env


def empty(folder: Path) -> None:
    """Delete everything in ``folder`` (a numba cache), keeping the folder."""
    for entry in folder.iterdir():
        if entry.is_dir():
            shutil.rmtree(entry)
        else:
            entry.unlink()


def one_run(folder: Path, cache: Path, warm: bool) -> tuple[dict[str, float], dict[str, str]]:
    """One solve, then one hint, each on an empty numba cache unless ``warm``: the
    figures, and the first line each said."""
    figures: dict[str, float] = {}
    board = folder / "board.txt"
    env = environment(folder / "home", cache)
    with board.open("w") as written:
        subprocess.run(
            [*SAMEGAME, "board", "show", "--preset", "benchmark", "-n", "5", "--format", "board"],
            env=env,
            check=True,
            stdout=written,
        )
    solve = timed_run(
        [*SAMEGAME, "solve", "--board", str(board), "--bot", "nrpa", "--time", str(PROMISED)],
        env,
        "",
    )
    figures["solve: first line"] = solve.first() or solve.ended
    figures["solve: end"] = solve.ended
    if not warm:
        empty(cache)
    play = timed_run(
        [
            *SAMEGAME,
            "play",
            "--preset",
            "basic",
            "--accessible",
            "--hint-bot",
            f"nrpa:time={PROMISED:g}",
        ],
        env,
        "hint\nquit\n",
    )
    asked = play.first(lambda text: text == "> hint")
    assert asked is not None, play.lines
    after = [(t, text) for t, _, text in play.lines if t >= asked and text != "> hint"]
    figures["hint: first line after asking"] = after[0][0] - asked
    hinted = play.first(lambda text: text.startswith("Hint:"))
    figures["hint: the hint"] = (hinted if hinted is not None else play.ended) - asked
    said = {"solve": solve.lines[0][2] if solve.lines else "", "hint": after[0][1]}
    return figures, said


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--warm", action="store_true", help="keep the first run's cache")
    args = parser.parse_args()
    results: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as shared_cache:
        for run in range(args.runs):
            with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryDirectory() as cold:
                cache = Path(shared_cache if args.warm else cold)
                figures, said = one_run(Path(folder), cache, args.warm)
                print(f"run {run + 1}: " + ", ".join(f"{k} {v:.1f} s" for k, v in figures.items()))
                for command, line in said.items():
                    print(f"  {command} said first: {line}")
                results.append(figures)
    print(f"Median of {args.runs} runs ({'warm' if args.warm else 'empty'} numba cache):")
    for key in results[0]:
        print(f"- {key}: {statistics.median(r[key] for r in results):.1f} seconds")


if __name__ == "__main__":
    main()
