"""tests/warm.py: a child forked from a warm server has the path its own request
asks for, whatever the request that started the server asked for."""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path

import warm

PATH_OF_A_CHILD = "import json, sys; print(json.dumps(sys.path))"


def _path(tmp_path: Path, environment: dict[str, str]) -> list[str]:
    ran = warm.run([], env=environment, cwd=tmp_path, code=PATH_OF_A_CHILD)
    assert ran.returncode == 0, ran.stderr
    path = json.loads(ran.stdout)
    assert isinstance(path, list)
    return path


def test_a_child_has_its_own_pythonpath_and_no_other(tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    # A start-up variable of its own: a server of its own, started by the first request.
    base = {**os.environ, "LC_WARM_TEST": uuid.uuid4().hex}
    base.pop("PYTHONPATH", None)
    assert str(first) in _path(tmp_path, {**base, "PYTHONPATH": str(first)})
    after = _path(tmp_path, {**base, "PYTHONPATH": str(second)})
    assert str(second) in after
    assert str(first) not in after
    assert str(first) not in _path(tmp_path, base)
