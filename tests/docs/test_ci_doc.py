"""The CI job of docs/simulator.md runs, command for command, as written."""

from __future__ import annotations

import re
import shlex

import yaml

from locations import ROOT

DOC = ROOT / "docs" / "simulator.md"


def ci_commands() -> list[str]:
    """The ``run:`` steps of the YAML block after ``<!-- ci-job -->``."""
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"<!-- ci-job -->\n```yaml\n(.*?)```", text, re.DOTALL)
    assert block is not None, "docs/simulator.md has its CI job block"
    job = yaml.safe_load(block.group(1))
    (steps,) = [body["steps"] for body in job["jobs"].values()]
    return [step["run"] for step in steps if "run" in step]


def test_the_job_has_simulate_verify_and_a_gated_compare() -> None:
    commands = [c for c in ci_commands() if c.startswith("samegame ")]
    assert [shlex.split(c)[1] for c in commands] == ["simulate", "verify", "compare"]
    assert "--require-better" in commands[2]


def test_the_documented_ci_job_passes(cli) -> None:
    for command in ci_commands():
        if not command.startswith("samegame "):
            assert command == "pip install ."  # done: the suite runs installed
            continue
        result = cli(*shlex.split(command)[1:])
        assert result.code == 0, (command, result.out, result.err)


def test_the_documented_gate_can_fail(cli) -> None:
    compare = next(c for c in ci_commands() if c.startswith("samegame compare"))
    swapped = compare.replace("--require-better tabu,random", "--require-better random,tabu")
    assert swapped != compare
    result = cli(*shlex.split(swapped)[1:])
    assert result.code == 1
    assert result.err.splitlines()[-1].startswith("Error: 1 of 2 gates not met: random scored ")
