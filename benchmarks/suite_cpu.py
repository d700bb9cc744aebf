"""Where the test suite's CPU time goes: the CPU seconds of each test (its worker's
and the child processes the worker waited for during it), summed by file and by
test function, the largest first, and the whole run's CPU beside them (so what
no test accounts for, such as collection and the numba warm-up, shows as the
difference).

CPU seconds, unlike wall seconds, hardly change with what else the machine runs,
so this can be run beside other work. A child process is counted in the test
during which it was waited for: a process a test leaves to be reaped later is
counted in a later test, so single tests can be off, while the files' sums hold.

The commands that tests/warm.py forks from its warm servers are not the workers'
children, so each Python process of the run logs its CPU at its exit (its own and
its waited children's) with the test it ran for (``PYTEST_CURRENT_TEST``, through
a ``sitecustomize`` module on ``PYTHONPATH``, in place of any other). Those whose
parent is neither a worker nor another logged process but Python (a warm server,
never logged, since it ends with ``os._exit``) are added to that test; the others
are in their worker's waited CPU already. A process killed by a signal, or
started with its own ``PYTHONPATH`` or environment, is not seen that way.

    python benchmarks/suite_cpu.py                  # the whole suite, -n auto
    python benchmarks/suite_cpu.py --top 20 -- tests/system
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PLUGIN = """
import os, resource, pytest
OUT = os.environ["SUITE_CPU_OUT"]
def _now():
    own = resource.getrusage(resource.RUSAGE_SELF)
    waited = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + waited.ru_utime + waited.ru_stime
@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    began = _now()
    yield
    with open(f"{OUT}/{os.getpid()}.tsv", "a", encoding="utf-8") as out:
        out.write(f"{_now() - began:.3f}\\t{item.nodeid}\\n")
"""

SITECUSTOMIZE = """
import atexit, os, resource, sys
def _python_parent():
    try:
        parent = os.path.realpath(f"/proc/{os.getppid()}/exe")
    except OSError:
        return False
    return parent == os.path.realpath(sys.executable)
def _log_cpu():
    test = os.environ.get("PYTEST_CURRENT_TEST")
    out = os.environ.get("SUITE_CPU_OUT")
    if not test or not out:
        return
    own = resource.getrusage(resource.RUSAGE_SELF)
    waited = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = own.ru_utime + own.ru_stime + waited.ru_utime + waited.ru_stime
    try:
        with open(f"{out}/process-{os.getpid()}.log", "a", encoding="utf-8") as log:
            log.write(f"{used:.3f}\\t{os.getpid()}\\t{os.getppid()}\\t"
                      f"{_python_parent()}\\t{test.rsplit(' (', 1)[0]}\\n")
    except OSError:
        pass
atexit.register(_log_cpu)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=30, help="how many files and tests to list")
    parser.add_argument("pytest_args", nargs="*", help="after --: pytest's arguments")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="suite-cpu-") as folder:
        Path(folder, "suite_cpu_plugin.py").write_text(PLUGIN, encoding="utf-8")
        Path(folder, "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
        environment = {
            **os.environ,
            "SUITE_CPU_OUT": folder,
            "PYTHONPATH": os.pathsep.join(filter(None, [folder, os.environ.get("PYTHONPATH")])),
        }
        command = [sys.executable, "-m", "pytest", "-q", "-rfE", "-p", "suite_cpu_plugin"]
        command += args.pytest_args or ["-n", "auto"]
        began_wall = time.monotonic()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        ran = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall = time.monotonic() - began_wall
        whole = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        by_file: dict[str, float] = defaultdict(float)
        by_test: dict[str, float] = defaultdict(float)
        tests = 0
        workers = set()
        for path in Path(folder).glob("*.tsv"):
            workers.add(path.stem)
            for line in path.read_text(encoding="utf-8").splitlines():
                seconds, nodeid = line.split("\t", 1)
                by_file[nodeid.split("::")[0]] += float(seconds)
                by_test[nodeid.split("[")[0]] += float(seconds)
                tests += 1
        logged = [
            line.split("\t", 4)
            for path in Path(folder).glob("process-*.log")
            for line in path.read_text(encoding="utf-8").splitlines()
        ]
        seen = {pid for _, pid, _, _, _ in logged}
        forked = 0.0
        for seconds, _, parent, python_parent, nodeid in logged:
            # A worker's child was counted as waited for; a logged process's child
            # is in its parent's waited CPU, and so is the child of a program the
            # worker waited for (timeout, sh). The rest were forked by a warm
            # server, a Python process that ends without its exit steps.
            if parent in workers or parent in seen or python_parent != "True":
                continue
            by_file[nodeid.split("::")[0]] += float(seconds)
            by_test[nodeid.split("[")[0]] += float(seconds)
            forked += float(seconds)
    said = ran.stdout.strip().splitlines()
    for line in said:
        if line.startswith(("FAILED ", "ERROR ")):
            print(line)
    print(said[-1] if said else "(no output)")
    counted = sum(by_file.values())
    print(
        f"{tests} tests, {wall:.0f} s wall, {whole:.0f} CPU s in all, {counted:.0f} in tests "
        f"(of which {forked:.0f} in processes their worker did not start: warm forks)"
    )
    for title, table in (("files", by_file), ("tests (parametrized ones summed)", by_test)):
        print(f"\nThe {args.top} largest {title}, CPU s:")
        for name, seconds in sorted(table.items(), key=lambda item: -item[1])[: args.top]:
            print(f"{seconds:8.1f}  {name}")
    sys.exit(ran.returncode)


if __name__ == "__main__":
    main()
