"""The page of ``samegame serve`` heard through Orca (tests/system/test_web_orca.py).

``heard(folder)`` runs, in ``folder``: an X server (Xvfb), a D-Bus session with
the accessibility bus (``at-spi-bus-launcher``), Orca writing its debug log, a
speech-dispatcher that speaks nothing (``sd_generic`` running ``true``: there is
no sound card to wait for, and a speech-dispatcher blocked on one holds Orca up),
and, in that session, this file as a program: a ``samegame serve`` and a
Chromium with a window, driven by the keyboard through chromedriver. It returns
what the page said (its live region, line by line) and what Orca said (each
``SPEECH OUTPUT`` of its log). Every process it starts is ended by its id.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

LAUNCHER = Path("/usr/libexec/at-spi-bus-launcher")
SILENT_SPEECH = """\
AddModule "silent" "sd_generic" "silent.conf"
DefaultModule silent
LanguageDefaultModule "en" "silent"
"""
SILENT_MODULE = """\
GenericExecuteSynth "true"
AddVoice "en" "MALE1" "en"
DefaultVoice "en"
"""
SPEECH = re.compile(r"SPEECH OUTPUT: '(.*?)'(?:\{'established': (?:True|False)\})?$", re.S | re.M)
"""An utterance of Orca's debug log: its text, between quotes, up to the end of a
line (its continuation lines are indented), and what Orca adds after it."""
QUIET = 0.8
"""Seconds without a new utterance after which Orca is taken to have said all
that a key made the page say."""
SETTLE = 15.0
"""The most seconds waited for that (a loaded machine slows Orca down: fixed pauses
of 3 seconds once let the next key cut a reply off before Orca said it)."""
REPLY_SETTLE = 60.0
"""The most seconds waited for a reply the page gave to be said: once, with the
whole suite running on a fresh clone, Orca had not said a removal 15 seconds after
the key. Waiting longer costs nothing when the reply comes; when it never does,
the test fails as before, later."""


@dataclass(frozen=True)
class Heard:
    """What the page said for each key (its live region's lines) and what Orca said."""

    replies: list[list[str]]
    labels: list[str]
    spoken: list[str]


def orca_said(log: str) -> list[str]:
    """Each ``SPEECH OUTPUT`` of an Orca debug log, its continuation lines joined
    back with line ends (Orca indents them)."""
    return [re.sub(r"\n +", "\n", found) for found in SPEECH.findall(log)]


def heard(folder: Path, timeout: float = 240.0) -> Heard:
    """Play the first move of Lesson board 1 in the page with Orca running (see the
    module)."""
    folder.mkdir(parents=True, exist_ok=True)
    home, runtime = folder / "home", folder / "run"
    config = home / ".config"
    (config / "speech-dispatcher" / "modules").mkdir(parents=True, exist_ok=True)
    (config / "speech-dispatcher" / "speechd.conf").write_text(SILENT_SPEECH)
    (config / "speech-dispatcher" / "modules" / "silent.conf").write_text(SILENT_MODULE)
    runtime.mkdir(mode=0o700, exist_ok=True)
    log, out, orca_pid = folder / "orca.log", folder / "said.json", folder / "orca.pid"
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert xvfb.stdout is not None
        display = xvfb.stdout.readline().strip()
        env = {
            **os.environ,
            "DISPLAY": f":{display}",
            "HOME": str(home),
            "XDG_CONFIG_HOME": str(config),
            "XDG_RUNTIME_DIR": str(runtime),
            "ACCESSIBILITY_ENABLED": "1",
            "GTK_MODULES": "gail:atk-bridge",
        }
        # Orca ends itself (SIGKILL) when its start takes over 10 seconds, and at
        # times hangs in it, on a busy machine: it is started again (the last one
        # ended by its id), up to 3 times, until it says "Screen reader on.".
        session = f"""
            "{LAUNCHER}" --launch-immediately &
            for try in 1 2 3; do
                orca --debug-file="{log}" & echo $! > "{orca_pid}"
                for wait in $(seq 60); do
                    grep -q "SPEECH OUTPUT: 'Screen reader on." "{log}" 2>/dev/null && break 2
                    kill -0 $(cat "{orca_pid}") 2>/dev/null || break
                    sleep 0.5
                done
                kill -9 $(cat "{orca_pid}") 2>/dev/null
            done
            sleep 1
            exec "{sys.executable}" "{__file__}" "{out}" "{folder / "games"}" "{log}"
        """
        # A group of its own, ended whole at the end: a session cut off by the
        # timeout leaves no driver, browser or bus behind.
        run = subprocess.Popen(
            ["dbus-run-session", "--", "sh", "-c", session],
            env=env,
            cwd=folder,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            status = run.wait(timeout)
        finally:
            with suppress(OSError):
                os.killpg(run.pid, signal.SIGKILL)
            run.wait()
        assert status == 0, f"the Orca session ended with {status}"
    finally:
        _end(orca_pid)
        _end(runtime / "speech-dispatcher" / "pid" / "speech-dispatcher.pid")
        xvfb.terminate()
        xvfb.wait(10)
    said = json.loads(out.read_text(encoding="utf-8"))
    return Heard(said["replies"], said["labels"], orca_said(log.read_text(encoding="utf-8")))


def _end(pid_file: Path) -> None:
    """End the process whose id ``pid_file`` holds, if it is still there."""
    with suppress(OSError, ValueError):
        os.kill(int(pid_file.read_text().strip()), signal.SIGKILL)


def _utterances(log: Path) -> list[str]:
    try:
        return orca_said(log.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return []


def _settle(log: Path, before: int, reply: list[str] | None = None) -> int:
    """Wait until Orca has said something new since its ``before``-th utterance
    (the whole ``reply``, when given) and then nothing more for ``QUIET``
    seconds, or ``SETTLE`` seconds at most (``REPLY_SETTLE`` for a ``reply``); the
    number of utterances then."""
    deadline = time.monotonic() + (SETTLE if reply is None else REPLY_SETTLE)
    count, changed = len(_utterances(log)), time.monotonic()
    while time.monotonic() < deadline:
        said = _utterances(log)
        if len(said) != count:
            count, changed = len(said), time.monotonic()
        heard_it = count > before and (reply is None or "\n".join(reply) in said[before:])
        if heard_it and time.monotonic() - changed >= QUIET:
            break
        time.sleep(0.1)
    return count


def _drive(out: Path, games: Path, log: Path) -> None:
    """In the D-Bus session: serve, open Chromium with a window, start Lesson board
    1 by the keyboard, select and remove its first group by Enter, and write what
    the page said to ``out``."""
    sys.path.insert(0, str(Path(__file__).parent))
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.common.keys import Keys

    from samegame.core.coords import format_cell
    from system_programs import path_of
    from webkit import (
        chromium_service,
        command,
        focused,
        go_to,
        open_start_view,
        preset_game,
        quit_chromium,
        serve,
        start_by_keyboard,
    )

    options = Options()
    options.binary_location = str(path_of("chromium"))
    for argument in (
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--force-renderer-accessibility",
        "--lang=en-US",
        "--window-size=1000,1000",
        "--no-first-run",
    ):
        options.add_argument(argument)
    replies: list[list[str]] = []
    labels: list[str] = []
    with serve(games) as served:
        driver = webdriver.Chrome(
            service=chromium_service(str(path_of("chromedriver"))), options=options
        )
        try:
            said = _utterances(log)
            open_start_view(driver, served.url)
            said_count = _settle(log, len(said))
            start_by_keyboard(driver, "lesson", 1, "en")
            said_count = _settle(log, said_count)
            game = preset_game("lesson", 1)
            anchor = format_cell(game.legal_groups()[0].anchor)
            go_to(driver, game.board.height - int(anchor[1:]), ord(anchor[0]) - ord("A"))
            said_count = _settle(log, said_count)
            for _ in ("select", "remove"):
                replies.append(command(driver, Keys.ENTER))
                said_count = _settle(log, said_count, replies[-1])
            labels.append(
                str(
                    driver.execute_script(
                        "return document.activeElement.getAttribute('aria-label');"
                    )
                )
            )
            assert focused(driver)["role"] == "gridcell"
        finally:
            quit_chromium(driver)
    out.write_text(json.dumps({"replies": replies, "labels": labels}), encoding="utf-8")


if __name__ == "__main__":
    _drive(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))
