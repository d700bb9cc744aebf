"""Shared helpers of the real-browser tests of ``samegame serve``
(tests/system/test_web_browser.py): a served page, a headless Chromium, and the
page's own ways of being used (the keyboard, the live region, the log).

The tests that use a browser are marked ``needs("chromium", "chromedriver")``:
skipped where either is missing, failed under CI (tests/system_programs.py).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import struct
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from playkit import child_env
from samegame.core.coords import format_cell
from samegame.core.game import Game
from samegame.core.numbering import make_board
from samegame.plugin.host import get_host
from samegame.presets import find_preset
from system_programs import path_of

ADDRESS = re.compile(r"http://127\.0\.0\.1:\d+/")
WAIT = 15.0
"""Seconds to wait for the page to answer before a test fails."""

_T = TypeVar("_T")

# -- the server and the browser -------------------------------------------------------


@dataclass(frozen=True)
class Served:
    """A running ``samegame serve``: its address and its SAMEGAME_HOME."""

    url: str
    home: Path

    def samegame(self, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        """``samegame ARGS`` as a process on this server's SAMEGAME_HOME."""
        return run_samegame(self.home, *args, stdin=stdin)


def run_samegame(home: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``samegame ARGS`` as a user runs it, with ``home`` as SAMEGAME_HOME; it must
    exit 0."""
    done = subprocess.run(
        ["samegame", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=child_env(home),
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done


@contextmanager
def serve(home: Path) -> Iterator[Served]:
    """``samegame serve`` as a process on ``home`` until the block ends, then
    Ctrl-C (SIGINT): it must stop with 130 and no traceback."""
    child = subprocess.Popen(
        ["samegame", "serve"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=child_env(home),
        start_new_session=True,
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    found = ADDRESS.search(line)
    if found is None:
        child.kill()
        _, err = child.communicate(timeout=30)
        pytest.fail(f"samegame serve said no address: {line!r}\n{err}")
    try:
        yield Served(found.group(0), home)
    finally:
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=30)
    assert child.returncode == 130, err
    assert "Traceback" not in err, err


def chromium() -> tuple[str, str]:
    """The paths of Chromium and chromedriver; the test fails when either is
    missing (a test that calls this is marked ``needs``, so that does not happen)."""
    browser = path_of("chromium")
    driver = path_of("chromedriver")
    missing = [name for name, path in (("chromium", browser), ("chromedriver", driver)) if not path]
    if browser is None or driver is None:
        pytest.fail(
            f"{' and '.join(missing)} not found on the PATH: the browser tests need both "
            "(Debian and Ubuntu: apt-get install chromium chromium-driver).",
            pytrace=False,
        )
    return browser, driver


def chromium_service(driver: str) -> Service:
    """chromedriver at ``driver``, its Chromium's temporary files in a folder of
    their own, removed by ``quit_chromium``: Chromium leaves its process-singleton
    folder in the temporary folder when chromedriver ends it, one more in /tmp for
    every run of the suite."""
    folder = tempfile.mkdtemp(prefix="samegame-chromium-")
    service = Service(driver, env={**os.environ, "TMPDIR": folder})
    service.samegame_temporary = folder  # type: ignore[attr-defined]
    return service


def quit_chromium(started: WebDriver) -> None:
    """End the browser and remove its temporary files."""
    try:
        started.quit()
    finally:
        folder = getattr(started.service, "samegame_temporary", None)
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)


def start_chromium(width: int = 1000, height: int = 1400) -> WebDriver:
    """A headless Chromium driven by chromedriver, in English, ``width`` by
    ``height`` CSS pixels; end it with ``quit_chromium``."""
    browser, driver = chromium()
    options = Options()
    options.binary_location = browser
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--lang=en-US",
        f"--window-size={width},{height}",
        "--force-device-scale-factor=1",
    ):
        options.add_argument(argument)
    started = webdriver.Chrome(service=chromium_service(driver), options=options)
    started.set_script_timeout(30)
    return started


# -- the games the tests play ---------------------------------------------------------


def preset_game(preset: str, number: int) -> Game:
    """A Game on board ``number`` of ``preset`` at its default size, with its rules:
    the board ``samegame play --preset PRESET --board-number NUMBER`` plays."""
    host = get_host()
    chosen = find_preset(preset, host)
    setup = chosen.board_setup()
    board = make_board(host.generator(setup.board_type), setup.spec, number).board
    return Game(board, chosen.rules)


def first_groups(game: Game) -> list[tuple[str, int]]:
    """Plays ``game`` to its end, each time its first legal group (as
    tests/unit/web/test_server.py does); returns the cells played, each with the
    score after it."""
    played: list[tuple[str, int]] = []
    while not game.finished:
        anchor = game.legal_groups()[0].anchor
        game.play(anchor)
        played.append((format_cell(anchor), game.score))
    return played


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG image (its IHDR chunk); AssertionError if ``data``
    is not one."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert data[12:16] == b"IHDR", "a PNG starts with its IHDR chunk"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


# -- the page ---------------------------------------------------------------------------


def wait(driver: WebDriver, what: Callable[[WebDriver], _T], message: str) -> _T:
    """What ``what`` returns once it is true, within WAIT seconds."""
    return WebDriverWait(driver, WAIT, poll_frequency=0.02).until(what, message)


def script(driver: WebDriver, code: str, *args: Any) -> Any:
    return driver.execute_script(code, *args)


def press(driver: WebDriver, *keys: str) -> None:
    """Presses ``keys`` in turn on whatever has the focus, as a keyboard does."""
    ActionChains(driver).send_keys(*keys).perform()


def press_with_shift(driver: WebDriver, key: str) -> None:
    """Presses ``key`` with Shift held down (Shift+Tab)."""
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(key).key_up(Keys.SHIFT).perform()


def focused(driver: WebDriver) -> dict[str, Any]:
    """What has the focus: its tag, id, role, value and (for a cell) its name."""
    found: dict[str, Any] = script(
        driver,
        "const e = document.activeElement;"
        "return {tag: e.tagName, id: e.id, role: e.getAttribute('role'),"
        " value: e.value === undefined ? null : e.value,"
        " name: e.dataset ? e.dataset.name || null : null,"
        " row: e.dataset && e.dataset.row ? Number(e.dataset.row) : null,"
        " col: e.dataset && e.dataset.col ? Number(e.dataset.col) : null,"
        " inDialog: !!e.closest('dialog')};",
    )
    return found


def reply(driver: WebDriver) -> list[str]:
    """The lines of the live region (the latest reply)."""
    lines: list[str] = script(
        driver,
        "return [...document.querySelectorAll('#reply p')]"
        ".flatMap((p) => p.textContent.split('\\n'));",
    )
    return lines


def sent_count(driver: WebDriver) -> int:
    count: int = script(driver, "return document.querySelectorAll('#log li.sent').length;")
    return count


def answered(driver: WebDriver, before: int) -> None:
    """Waits until the page has sent one more command than ``before`` and shown its
    answer (the log ends with what was said)."""

    def done(_: WebDriver) -> bool:
        return bool(
            script(
                driver,
                "const log = document.getElementById('log');"
                "return log.querySelectorAll('li.sent').length === arguments[0]"
                " && log.lastElementChild.classList.contains('said');",
                before + 1,
            )
        )

    wait(driver, done, f"the page shows the answer to command {before + 1}")


def by_id(driver: WebDriver, name: str) -> Any:
    return driver.find_element(By.ID, name)


def text_of(driver: WebDriver, name: str) -> str:
    text: str = by_id(driver, name).text
    return text


def cell(driver: WebDriver, name: str) -> Any:
    return driver.find_element(By.CSS_SELECTOR, f'#board [role="gridcell"][data-name="{name}"]')


def tiles_drawn(driver: WebDriver) -> int:
    """Grid cells with a tile drawn in them."""
    count: int = script(
        driver, "return document.querySelectorAll('#board [role=\"gridcell\"] svg.tile').length;"
    )
    return count


def open_start_view(driver: WebDriver, url: str) -> None:
    """Loads the page and waits for its start view's presets."""
    driver.get(url)
    wait(
        driver,
        lambda d: script(d, "return document.querySelectorAll('#presets input').length > 0;"),
        "the start view lists the presets",
    )


def start_by_keyboard(driver: WebDriver, preset: str, number: int, language: str = "en") -> None:
    """From a fresh start view, with the keyboard alone: Tab to the presets, the
    arrow keys to ``preset``, Tab and type the board number, Tab to the language
    (the arrow keys to ``language``), Tab to Start and Enter; then waits for the
    board with the focus on it."""
    press(driver, Keys.TAB)
    assert focused(driver)["id"].startswith("preset-"), focused(driver)
    for _ in range(30):
        if focused(driver)["value"] == preset:
            break
        press(driver, Keys.ARROW_DOWN)
    assert focused(driver)["value"] == preset, f"no preset {preset} among the radio buttons"
    press(driver, Keys.TAB, str(number), Keys.TAB)
    assert focused(driver)["id"] == "language"
    for _ in range(5):
        if focused(driver)["value"] == language:
            break
        press(driver, Keys.ARROW_DOWN)
    wait(
        driver,
        lambda d: script(d, "return document.documentElement.lang;") == language,
        f"the page changes its language to {language}",
    )
    press(driver, Keys.TAB)
    assert focused(driver)["tag"] == "BUTTON"
    press(driver, Keys.ENTER)
    wait(driver, lambda d: focused(d)["role"] == "gridcell", "the board has the focus")


def go_to(driver: WebDriver, row: int, col: int) -> None:
    """Moves the grid's focus to (row from the top, column) with the arrow keys."""
    here = focused(driver)
    assert here["role"] == "gridcell", here
    vertical = Keys.ARROW_DOWN if row > here["row"] else Keys.ARROW_UP
    horizontal = Keys.ARROW_RIGHT if col > here["col"] else Keys.ARROW_LEFT
    keys = [vertical] * abs(row - here["row"]) + [horizontal] * abs(col - here["col"])
    if keys:
        press(driver, *keys)
    there = focused(driver)
    assert (there["row"], there["col"]) == (row, col), there


def command(driver: WebDriver, *keys: str) -> list[str]:
    """Presses ``keys`` (ending with the one that sends a command), waits for the
    answer and returns the live region's lines."""
    before = sent_count(driver)
    press(driver, *keys)
    answered(driver, before)
    return reply(driver)


WCAG_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
"""The axe-core tags of the WCAG 2.0 and 2.1 A and AA rules."""


@dataclass(frozen=True)
class AxeResults:
    """What axe-core found: its version, the tags it ran, and its rule results."""

    version: str
    tags: list[str]
    passes: list[dict[str, Any]]
    violations: list[dict[str, Any]]
    incomplete: list[dict[str, Any]]


def axe_run(driver: WebDriver) -> AxeResults:
    """axe-core's results on the page as it is, for the rules of WCAG_TAGS (WCAG
    2.0 and 2.1, A and AA). The axe-core is the one the package axe-core-python
    ships (4.4), injected from the installed file: no network."""
    from importlib import resources

    engine = resources.files("axe_core_python").joinpath("axe.min.js").read_text(encoding="utf-8")
    driver.execute_script(engine)
    version = str(script(driver, "return axe.version;"))
    known = [
        tag
        for tag in WCAG_TAGS
        if script(driver, "return axe.getRules([arguments[0]]).length > 0;", tag)
    ]
    assert known == list(WCAG_TAGS), f"axe-core {version} knows only {known}"
    found = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}})"
        ".then(results => done(results));",
        known,
    )
    return AxeResults(version, known, found["passes"], found["violations"], found["incomplete"])
