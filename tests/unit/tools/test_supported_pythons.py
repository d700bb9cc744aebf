"""Every Python the project says it supports is the same list everywhere: the
package's classifiers, its ``requires-python`` floor, and the versions tox runs
the suite on."""

from __future__ import annotations

import configparser
import re
import tomllib

from locations import ROOT


def classifier_versions() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    prefix = "Programming Language :: Python :: "
    return [
        c.removeprefix(prefix) for c in project["classifiers"] if re.match(prefix + r"3\.\d+$", c)
    ]


def test_tox_runs_every_declared_python_and_skips_missing_ones() -> None:
    tox = configparser.ConfigParser()
    tox.read(ROOT / "tox.ini", encoding="utf-8")
    envs = [env.strip() for env in tox["tox"]["envlist"].split(",")]
    pythons = [f"3.{env[3:]}" for env in envs if re.fullmatch(r"py3\d+", env)]
    assert pythons == classifier_versions()
    assert tox["tox"]["skip_missing_interpreters"] == "true"


def test_the_floor_is_the_oldest_declared_python() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["requires-python"] == f">={classifier_versions()[0]}"
    assert "3.13" in classifier_versions()
