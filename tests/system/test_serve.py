"""``samegame serve`` as a user runs it: the installed command starts, says its
address (127.0.0.1 and a free port), answers the page there and refuses another
Host, warns when told to serve on an address other machines reach, and stops at
Ctrl-C or SIGTERM with the documented exit code and a word that nothing was lost.
"""

from __future__ import annotations

import re
import signal
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from playkit import child_env
from plugin_install import make_distribution

ADDRESS = re.compile(r"http://127\.0\.0\.1:(\d+)/")


def start(home: Path, *args: str) -> tuple[subprocess.Popen[str], str]:
    child = subprocess.Popen(
        ["samegame", "serve", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=child_env(home),
        start_new_session=True,
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    found = ADDRESS.search(line)
    assert found is not None, line + (child.stderr.read() if child.stderr else "")
    return child, found.group(0)


def get(url: str, host: str | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.mark.parametrize(("number", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_serve_answers_the_page_and_stops_with_its_code(
    tmp_path: Path, number: signal.Signals, code: int
) -> None:
    child, url = start(tmp_path / "home")
    try:
        status, page = get(url)
        assert status == 200
        assert 'name="samegame-token"' in page
        status, _ = get(url, host="evil.example")
        assert status == 400
        port = url.rsplit(":", 1)[1].rstrip("/")
        status, _ = get(url, host=f"localhost:{port}")
        assert status == 200
    finally:
        child.send_signal(number)
        _, err = child.communicate(timeout=30)
    assert child.returncode == code, err
    assert "The server stopped. Every game was saved after each move." in err
    assert "Traceback" not in err


def test_another_address_is_served_with_a_warning(tmp_path: Path) -> None:
    child = subprocess.Popen(
        ["samegame", "serve", "--host", "0.0.0.0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=child_env(tmp_path / "home"),
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=30)
    assert "http://0.0.0.0:" in line
    assert "Warning: the page is served on 0.0.0.0, so other machines" in err


def test_a_port_in_use_is_one_line_and_exit_3(tmp_path: Path) -> None:
    child, url = start(tmp_path / "home")
    try:
        port = url.rsplit(":", 1)[1].rstrip("/")
        taken = subprocess.run(
            ["samegame", "serve", "--port", port],
            capture_output=True,
            text=True,
            env=child_env(tmp_path / "home"),
            timeout=60,
            check=False,
        )
    finally:
        child.send_signal(signal.SIGINT)
        child.communicate(timeout=30)
    assert taken.returncode == 3, taken.stderr
    assert taken.stderr.startswith(f"Error: Port {port} cannot be used")
    assert len(taken.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("raised", ["RuntimeError('boom')", "SystemExit(2)", "NameError('x')"])
def test_a_plugin_that_fails_to_load_is_a_warning_and_the_page_is_served(
    tmp_path: Path, raised: str
) -> None:
    """As for every command: the server says it on its terminal and serves on."""
    site = tmp_path / "site"
    make_distribution(site, "samegame-broken", {"broken": "sg_broken"},
                      {"sg_broken": f"raise {raised}\n"})  # fmt: skip
    child = subprocess.Popen(
        ["samegame", "serve"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=child_env(tmp_path / "home", PYTHONPATH=str(site), SAMEGAME_LOAD_PLUGINS="broken"),
        start_new_session=True,
    )
    try:
        assert child.stdout is not None
        found = ADDRESS.search(child.stdout.readline())
        assert found is not None
        status, _ = get(found.group(0))
        assert status == 200
    finally:
        child.send_signal(signal.SIGTERM)
        _, err = child.communicate(timeout=30)
    assert child.returncode == 143, err
    warnings = [line for line in err.splitlines() if line.startswith("Warning: ")]
    assert len(warnings) == 1, err
    assert "plugin 'broken' from samegame-broken failed to load" in warnings[0], err
    assert "Traceback" not in err
