"""CPU seconds of one command forked from the test suite's warm server
(tests/warm.py), the median of ``--runs`` rounds of ``--each`` commands: an empty
program (what a fork and an exit cost), ``--version``, ``presets list`` and a
two-game ``simulate``. The CPU is the warm server's waited-for children's, read from
``/proc`` (Linux), so it is the forked commands' own, whatever else runs.

    python benchmarks/warm_fork_cost.py --runs 5

The suite forks thousands of commands (the containment matrix, the damaged
store, the documented commands): what one costs is what the suite pays for each.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import warm  # noqa: E402  (the tests' module, found through the path above)

COMMANDS: dict[str, dict[str, object]] = {
    "empty program": {"code": "pass", "args": []},
    "--version": {"args": ["--version"]},
    "presets list": {"args": ["presets", "list"]},
    "simulate, 2 games": {"args": ["simulate", "--bot", "greedy", "-s", "small", "-g", "2"]},
}


def children_cpu(pid: int) -> float:
    """The CPU seconds of ``pid``'s children it has waited for (cutime + cstime)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--each", type=int, default=10)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="warm-fork-") as home:
        env = {**os.environ, "SAMEGAME_HOME": home, "SAMEGAME_DISABLE_PLUGIN_AUTOLOAD": "1"}
        warm.run(["--version"], env=env, cwd=home)  # starts the server
        server = next(iter(warm._servers.values())).process.pid
        for name, request in COMMANDS.items():
            rounds = []
            for _ in range(options.runs):
                before = children_cpu(server)
                for _ in range(options.each):
                    warm.run(env=env, cwd=home, **request)  # type: ignore[arg-type]
                rounds.append((children_cpu(server) - before) / options.each)
            print(f"{name}: {statistics.median(rounds):.3f} CPU s a command")


if __name__ == "__main__":
    main()
