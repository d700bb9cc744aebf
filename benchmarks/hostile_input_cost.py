"""What hostile input costs: preset files at the 1 MB cap in every shape that could
make reading them cost more than their size, and saved games whose rows hold far
more than a game writes.

Each case runs in a fresh process, which reports its wall time and its peak
resident memory (``ru_maxrss``); the table says what reading gave (a preset, or
the first words of its one-line error). Nothing is asserted: the tests bound
each case with a timeout (tests/unit/presets/test_preset_attacks.py,
tests/unit/store/test_damaged_store.py); this prints the figures that
docs/presets.md and docs/store.md state as the bound.

    python benchmarks/hostile_input_cost.py            # every case
    python benchmarks/hostile_input_cost.py --only store

Preset shapes (each file as large as the cap allows, or a few hundred bytes that
expand): many sizes, long strings, deep nesting, many stages, alias bombs (wide,
deep, a long string aliased), many aliases. Store cases: a game whose moves row
holds 5 million cells (35 MB) opened by ``load_game`` and listed by ``history``;
a setting nested 100,000 deep read by ``get_setting``.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path

from samegame.core.limits import MAX_FILE_BYTES

HEAD = (
    "name: attack\ntitle: Attack\ndescription: A preset under attack.\n"
    "formula: basic\nboard_type: random\n"
)
SIZES = "sizes:\n  small: {width: 5, height: 4, colours: 3}\n"

PRESET_CHILD = """
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
host = PluginHost(autoload=False)
host.generator("random")  # plugins loaded before the clock starts
started = time.perf_counter()
try:
    preset = load_preset_file(Path(sys.argv[1]), host)
    outcome = f"a preset of {len(preset.sizes)} sizes, {len(preset.stages)} stages"
except PresetError as error:
    outcome = "error: " + str(error).partition(": ")[2][:70]
print(json.dumps({"seconds": time.perf_counter() - started, "outcome": outcome,
    "memory_kb": peak_kb()}))
"""

STORE_CHILD = """
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
from samegame.store import Store, StoreError
started = time.perf_counter()
try:
    with Store(Path(sys.argv[1])) as store:
        if sys.argv[2] == "load_game":
            store.load_game(1)
        elif sys.argv[2] == "history":
            store.history()
        else:
            store.get_setting("settings")
    outcome = "read"
except StoreError as error:
    outcome = "error: " + str(error).partition("(")[2][:60]
print(json.dumps({"seconds": time.perf_counter() - started, "outcome": outcome,
    "memory_kb": peak_kb()}))
"""


def fill(make: Callable[[int], str]) -> str:
    """The largest text ``make`` gives within the file cap."""
    size = 1
    while len(make(size * 2).encode()) <= MAX_FILE_BYTES:
        size *= 2
    step = size // 2
    while step:
        if len(make(size + step).encode()) <= MAX_FILE_BYTES:
            size += step
        step //= 2
    return make(size)


def alias_bomb(fan_out: int, levels: int) -> str:
    lines = [HEAD, SIZES, f"l0: &l0 [{', '.join(['x'] * fan_out)}]\n"]
    for level in range(1, levels + 1):
        lines.append(f"l{level}: &l{level} [{', '.join([f'*l{level - 1}'] * fan_out)}]\n")
    return "".join(lines)


def preset_cases() -> Iterator[tuple[str, str]]:
    def sizes(n: int) -> str:
        return (
            HEAD
            + "sizes:\n"
            + "".join(f"  s{i}: {{width: 5, height: 4, colours: 3}}\n" for i in range(n))
        )

    def stages(n: int) -> str:
        return (
            HEAD
            + SIZES
            + "stages:\n"
            + "".join(
                f"  - {{name: Stage {i}, width: 5, height: 4, colours: 3}}\n" for i in range(n)
            )
        )

    yield "many sizes", fill(sizes)
    yield "most sizes a preset may have", sizes(12_000)
    yield "long strings", fill(lambda n: HEAD.replace("Attack", "A" * n) + SIZES)
    yield "deep nesting", fill(lambda n: HEAD + SIZES + "stages: " + "[" * n + "]" * n + "\n")
    yield "many stages", fill(stages)
    yield "many aliases", fill(lambda n: alias_bomb(n, 1))
    yield "alias bomb 10 x 9 levels", alias_bomb(10, 9)
    yield "alias bomb 2 x 60 levels", alias_bomb(2, 60)
    long_text = "x" * 500_000
    yield (
        "long string aliased 50 times",
        HEAD.replace("title: Attack", f"title: &t {long_text}")
        + SIZES
        + "notes: ["
        + ", ".join(["*t"] * 50)
        + "]\n",
    )


def run(child: str, *args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", child, *args], capture_output=True, text=True, check=True
    )
    return dict(json.loads(done.stdout))


def report(name: str, size: int, result: dict[str, object]) -> None:
    seconds = float(str(result["seconds"]))
    memory = int(str(result["memory_kb"])) // 1024
    print(f"{name:32} {size / 1e6:7.2f} MB {seconds:7.2f} s {memory:6} MB  {result['outcome']}")


def preset_figures(folder: Path) -> None:
    print("Preset files (load_preset_file):")
    for name, text in preset_cases():
        path = folder / "attack.yaml"
        path.write_text(text, encoding="utf-8")
        report(name, len(text.encode()), run(PRESET_CHILD, str(path)))


def damaged_database(folder: Path, column: str, value: str) -> Path:
    """A database with one game and one setting, one value then replaced by SQL."""
    from samegame.core.variant import RuleVariant
    from samegame.store import SavedSetup, Store

    path = folder / f"{column}.sqlite3"
    setup = SavedSetup(
        "basic", RuleVariant("basic", 0, "none", 2), 2, 2, 2, "random", 1, ["RB", "RB"]
    )
    with Store(path) as store:
        store.start_game(setup)
        store.set_setting("settings", {"language": "en"})
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        table = "settings" if column == "value" else "games"
        db.execute(f"UPDATE {table} SET {column} = {value}")
    return path


def store_figures(folder: Path) -> None:
    print("Saved data (Store):")
    cells = "'[' || (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000000) SELECT group_concat('\"A1\"', ',') FROM n) || ']'"
    moves = damaged_database(folder, "moves", cells)
    size = moves.stat().st_size
    report("moves of 5,000,000 cells: load", size, run(STORE_CHILD, str(moves), "load_game"))
    report("moves of 5,000,000 cells: history", size, run(STORE_CHILD, str(moves), "history"))
    deep = "'" + "[" * 100_000 + "]" * 100_000 + "'"
    setting = damaged_database(folder, "value", deep)
    report(
        "setting nested 100,000 deep",
        setting.stat().st_size,
        run(STORE_CHILD, str(setting), "setting"),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["presets", "store"], help="one group of cases")
    options = parser.parse_args()
    print(f"{'case':32} {'size':>10} {'time':>9} {'memory':>9}  outcome")
    with tempfile.TemporaryDirectory() as folder:
        if options.only in (None, "presets"):
            preset_figures(Path(folder))
        if options.only in (None, "store"):
            store_figures(Path(folder))


if __name__ == "__main__":
    main()
