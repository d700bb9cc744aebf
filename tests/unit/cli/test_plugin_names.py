"""``samegame plugin new NAME`` refuses at once every name its package could not
be built under (issue 43, item 11: ``end-`` made a package hatchling refused).

The oracle is the build's own rule: hatchling reads the project name
``samegame-NAME`` (PEP 508), and the name must be in its normal form (PEP 503),
else the package is another project than the one asked for; the module
``samegame_NAME`` must be an identifier. A name passes ``plugin new``'s check
exactly when all of that holds and the contribution rule (``NAME_PATTERN``)
does too; a name that passes gives a pyproject.toml that hatchling reads whole.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from conftest import Result, assert_one_line_error
from samegame.cli.exit_codes import CommandError
from samegame.cli.plugin_new_cmd import check_name, starter_files
from samegame.plugin.containment import NAME_PATTERN

hatchling_core = pytest.importorskip("hatchling.metadata.core")

NAMES = st.one_of(
    st.text(alphabet="ab09-", min_size=1, max_size=8),
    st.text(alphabet="abz019-_.A !é", min_size=0, max_size=12),
    st.from_regex(r"[a-z0-9][a-z0-9-]{0,41}", fullmatch=True),
)


def _built_as_is(name: str) -> bool:
    """Whether hatchling takes ``samegame-NAME`` as a project name, in its normal
    form, with ``samegame_NAME`` an identifier."""
    project = f"samegame-{name}"
    metadata = hatchling_core.ProjectMetadata(
        "/nowhere", None, {"project": {"name": project, "version": "0.1.0"}}
    )
    try:
        read = metadata.core.name
    except ValueError:
        return False
    normal = re.sub(r"[-_.]+", "-", project).lower()
    return read == project == normal and f"samegame_{name.replace('-', '_')}".isidentifier()


def _refused(name: str) -> str | None:
    try:
        check_name(name)
    except CommandError as error:
        return str(error)
    return None


@pytest.mark.slow
@settings(max_examples=150)
@given(name=NAMES)
@example("end-")
@example("a--b")
@example("-end")
@example("9")
def test_a_name_passes_exactly_when_its_package_builds_as_it_is(name: str) -> None:
    refusal = _refused(name)
    if refusal is not None and "is taken by" in refusal:
        return  # a built-in's name: refused for another reason
    fits = bool(NAME_PATTERN.fullmatch(name)) and _built_as_is(name)
    assert (refusal is None) == fits, (name, refusal)
    if refusal is not None:
        assert "cannot name a plugin" in refusal
        assert "single hyphens" in refusal
        return
    pyproject = tomllib.loads(starter_files(name)["pyproject.toml"])
    core = hatchling_core.ProjectMetadata("/nowhere", None, pyproject).core
    assert core.name == f"samegame-{name}"
    assert core.entry_points == {"samegame": {name: f"samegame_{name.replace('-', '_')}"}}


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.from_regex(r"[a-z0-9]{1,6}(-|--)([a-z0-9]{1,6}(-|--)){0,3}", fullmatch=True))
def test_a_name_a_build_refuses_is_one_line_and_writes_nothing(
    cli: Callable[..., Result], tmp_path: Path, name: str
) -> None:
    """Names ending in a hyphen, or with two together: exit 2, one line, no folder."""
    result = cli("plugin", "new", name)
    assert_one_line_error(result, 2, f"'{name}' cannot name a plugin", "single hyphens")
    assert not [path for path in tmp_path.iterdir() if path.name.startswith("samegame-")]
