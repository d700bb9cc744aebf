"""tests/warm.py: a child forked from a warm server has the path its own request
asks for, whatever the request that started the server asked for; it can lead a
session of its own with the signals a shell gives, and be read as a pipe is."""

from __future__ import annotations

import json
import os
import signal
import uuid
from pathlib import Path

import pytest

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


def _ignores_sighup(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    ignored = next(line for line in status.splitlines() if line.startswith("SigIgn:"))
    return bool(int(ignored.split()[1], 16) >> (signal.SIGHUP - 1) & 1)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
def test_a_child_can_lead_its_own_group_with_the_shells_signals(tmp_path: Path) -> None:
    """A server started while SIGHUP is ignored (a run under nohup) passes that on;
    ``shell_signals`` gives the child the defaults a shell gives, and ``session``
    its own session and process group. Output is read line by line, as from a
    pipe, and ``communicate`` gives the rest."""
    base = {**os.environ, "LC_WARM_TEST": uuid.uuid4().hex}
    args = ["play", "--preset", "basic", "--accessible"]
    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:  # the first request starts the server
        plain = warm.start(args, env={**base, "SAMEGAME_HOME": str(tmp_path / "a")}, cwd=tmp_path)
    finally:
        signal.signal(signal.SIGHUP, previous)
    shell = warm.start(
        args,
        env={**base, "SAMEGAME_HOME": str(tmp_path / "b")},
        cwd=tmp_path,
        session=True,
        shell_signals=True,
    )
    try:
        assert _ignores_sighup(plain.pid)
        assert not _ignores_sighup(shell.pid)
        assert os.getsid(shell.pid) == os.getpgid(shell.pid) == shell.pid
        assert os.getpgid(plain.pid) != plain.pid
        first = shell.stdout.readline()
        assert first.endswith("\n")
        assert first.strip()
    finally:
        for child in (plain, shell):
            child.stdin.write("quit\n")
            child.stdin.flush()
    plain.communicate(timeout=60)
    assert plain.returncode == 0
    out, err = shell.communicate(timeout=60)
    assert shell.returncode == 0, err
    assert not out.startswith(first)
