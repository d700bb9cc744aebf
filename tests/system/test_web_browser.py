"""The page of ``samegame serve`` in a real browser (headless Chromium through
chromedriver), on a real ``samegame serve`` process with its own SAMEGAME_HOME:

- whole games by the keyboard alone, in English and in Japanese, whose live
  region says, command for command, what ``samegame play --accessible`` says for
  the same lines, and whose result ``samegame scores`` lists;
- a whole game by mouse clicks, finished in ``samegame history`` with the score
  the page shows;
- the yes/no question as a native dialog: Escape answers No, Yes restarts, and
  the focus goes back to the board;
- a finished game reviewed from its ending by the keyboard (A45): the command's
  summary and key moments, the key moments a listbox of one tab stop, a key
  moment's position opened with the move played named, and a better move judged
  in the live region in the words of ``samegame review --practice``;
- axe-core finds no WCAG 2.0/2.1 A or AA violation on the start view, a selected
  group, the open dialog, a finished game and a review's key moment;
- screenshots of a board, normal and in forced colours, with every tile drawn;
  one is docs/images/web-board.png (rewritten with ``UPDATE_GOLDEN=1``).

One browser serves the whole module. Without Chromium or chromedriver the tests
are skipped, and fail under CI (tests/system_programs.py).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from locations import ROOT
from playkit import blocks
from samegame.core.coords import Cell, format_cell, parse_cell
from samegame.core.game import Game
from samegame.i18n import translator
from samegame.repl.announcer import Announcer
from samegame.repl.board_descriptions import largest_first
from samegame.store import DB_NAME
from samegame.web.page_state import KEY_WORDS, key_lines
from system_programs import needs
from webkit import (
    Served,
    answered,
    axe_run,
    by_id,
    cell,
    command,
    first_groups,
    focused,
    go_to,
    open_start_view,
    png_size,
    preset_game,
    press,
    press_with_shift,
    quit_chromium,
    reply,
    run_samegame,
    script,
    sent_count,
    serve,
    start_by_keyboard,
    start_chromium,
    text_of,
    tiles_drawn,
    wait,
)

pytestmark = needs("chromium", "chromedriver")

DOC_IMAGE = ROOT / "docs" / "images" / "web-board.png"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


@pytest.fixture(scope="module")
def driver() -> Iterator[WebDriver]:
    started = start_chromium()
    try:
        yield started
    finally:
        quit_chromium(started)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    with serve(tmp_path / "served") as running:
        yield running


@pytest.fixture(autouse=True)
def _plain_media(driver: WebDriver) -> None:
    """Every test starts without emulated media (no forced colours)."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def cell_on_grid(name: str, height: int) -> tuple[int, int]:
    """The grid's (row from the top, column) of a cell name such as C5."""
    return height - int(name[1:]), ord(name[0]) - ord("A")


# -- whole games by the keyboard ---------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_whole_game_by_keyboard_says_what_the_terminal_says(
    driver: WebDriver, served: Served, tmp_path: Path, language: str
) -> None:
    game = preset_game("lesson", 1)
    height = game.board.height
    open_start_view(driver, served.url)
    start_by_keyboard(driver, "lesson", 1, language)
    replies = [reply(driver)]
    lines: list[str] = []
    for anchor, _ in first_groups(game):
        go_to(driver, *cell_on_grid(anchor, height))
        assert focused(driver)["name"] == anchor
        for _ in ("select", "remove"):
            replies.append(command(driver, Keys.ENTER))
            now = focused(driver)
            assert now["role"] == "gridcell", f"after {anchor}, the focus is on {now}"
        lines += [anchor, "remove"]
    assert by_id(driver, "ending").is_displayed()
    assert int(text_of(driver, "score")) == game.score
    assert int(text_of(driver, "tiles")) == game.board.tile_count()
    in_japanese = any(not line.isascii() for answer in replies for line in answer)
    assert in_japanese == (language == "ja")

    terminal = run_samegame(
        tmp_path / "terminal",
        *("play", "--preset", "lesson", "--board-number", "1", "--accessible"),
        *("--lang", language),
        stdin="\n".join(lines) + "\nquit\n",
    ).stdout
    said = [line.removeprefix("> ") for line in terminal.splitlines()]
    at = 0
    for line in [line for answer in replies for line in answer]:
        assert line in said[at:], f"the page said {line!r}, the terminal did not (in order)"
        at = said.index(line, at) + 1
    # Command for command: the live region holds what the terminal said for the line.
    told = [lines_said for _, lines_said in blocks(terminal)]
    assert replies == told[: len(replies)]

    scores = served.samegame("scores", "--lang", "en").stdout
    assert f"Rank 1: {game.score} points" in scores, scores
    assert "board 1, Lesson" in scores, scores


# -- a whole game by the mouse -------------------------------------------------------------


def test_a_whole_game_by_clicks_is_kept_with_its_score(driver: WebDriver, served: Served) -> None:
    game = preset_game("basic", 2)
    open_start_view(driver, served.url)
    driver.find_element(By.CSS_SELECTOR, '#presets input[value="basic"]').click()
    by_id(driver, "board-number").send_keys("2")
    driver.find_element(By.CSS_SELECTOR, '#start-form button[type="submit"]').click()
    wait(driver, lambda d: by_id(d, "board").is_displayed(), "the board is shown")
    played = first_groups(game)
    for anchor, score in played:
        for _ in ("select", "remove"):
            before = sent_count(driver)
            cell(driver, anchor).click()
            answered(driver, before)
        assert int(text_of(driver, "score")) == score
    assert by_id(driver, "ending").is_displayed()
    shown = int(text_of(driver, "score"))

    history = json.loads(served.samegame("history", "--format", "json").stdout)
    [kept] = history
    assert kept["status"] == "finished"
    assert kept["result"]["score"] == shown == game.score
    assert kept["moves"] == [anchor for anchor, _ in played]
    assert kept["setup"]["preset"] == "basic"
    assert kept["setup"]["board_number"] == 2
    assert "Basic" in served.samegame("scores").stdout


def test_a_game_whose_save_fails_is_closed_and_the_start_view_comes_back(
    driver: WebDriver, served: Served
) -> None:
    """As ``samegame play`` ends when it cannot save: the page says the store's one
    line, goes back to the start view, and the game resumes from its last saved move."""
    game = preset_game("basic", 2)
    open_start_view(driver, served.url)
    driver.find_element(By.CSS_SELECTOR, '#presets input[value="basic"]').click()
    by_id(driver, "board-number").send_keys("2")
    driver.find_element(By.CSS_SELECTOR, '#start-form button[type="submit"]').click()
    wait(driver, lambda d: by_id(d, "board").is_displayed(), "the board is shown")
    (first, _), (second, _) = first_groups(game)[:2]
    for anchor in (first, first, second):  # the first removed and saved, the second selected
        before = sent_count(driver)
        cell(driver, anchor).click()
        answered(driver, before)
    database = served.home / "data" / DB_NAME  # SAMEGAME_HOME's data folder
    with closing(sqlite3.connect(database)) as db, db:
        db.execute(
            "CREATE TRIGGER refuse BEFORE UPDATE ON games BEGIN SELECT RAISE(ABORT, 'disk full'); END"
        )
    cell(driver, second).click()
    wait(driver, lambda d: not by_id(d, "board").is_displayed(), "the game is closed")
    wait(driver, lambda d: by_id(d, "start-heading").is_displayed(), "the start view is back")
    said = " ".join(reply(driver))
    assert "could not save to samegame.sqlite3: disk full" in said
    with closing(sqlite3.connect(database)) as db, db:
        db.execute("DROP TRIGGER refuse")
    unfinished = served.samegame("history", "--unfinished", "--format", "json").stdout
    [kept] = json.loads(unfinished)
    assert kept["moves"] == [first]


# -- the question dialog -------------------------------------------------------------------


def dialog_open(driver: WebDriver) -> bool:
    return bool(script(driver, "return document.getElementById('question').open;"))


def test_the_question_is_a_dialog_answered_no_by_escape_and_yes_restarts(
    driver: WebDriver, served: Served
) -> None:
    game = preset_game("lesson", 1)
    full = game.board.tile_count()
    open_start_view(driver, served.url)
    start_by_keyboard(driver, "lesson", 1)
    anchor = format_cell(game.legal_groups()[0].anchor)
    go_to(driver, *cell_on_grid(anchor, game.board.height))
    command(driver, Keys.ENTER)
    command(driver, Keys.ENTER)
    after_move = int(text_of(driver, "tiles"))
    assert after_move < full

    # Typed: the question opens as a modal dialog with the focus in it.
    by_id(driver, "command").send_keys("restart")
    asked = command(driver, Keys.ENTER)
    assert dialog_open(driver)
    question = text_of(driver, "question-text")
    assert question == asked[-1]
    assert focused(driver)["inDialog"], focused(driver)
    assert script(driver, "return document.getElementById('question').matches(':modal');")

    # Escape answers No: the game goes on as it was, and the focus goes back to
    # the command box, where the question was asked (A42).
    before = sent_count(driver)
    press(driver, Keys.ESCAPE)
    answered(driver, before)
    assert not dialog_open(driver)
    assert int(text_of(driver, "tiles")) == after_move
    wait(driver, lambda d: focused(d)["id"] == "command", "the focus goes back to the box")

    # The Restart button asks again; Yes (Shift+Tab from No, then Enter) restarts.
    restart = driver.find_element(By.CSS_SELECTOR, 'button[data-command="restart"]')
    restart.click()
    wait(driver, dialog_open, "the Restart button asks its question")
    assert text_of(driver, "question-text") == question
    assert focused(driver)["id"] == "no"
    press_with_shift(driver, Keys.TAB)
    assert focused(driver)["id"] == "yes"
    before = sent_count(driver)
    press(driver, Keys.ENTER)
    answered(driver, before)
    assert not dialog_open(driver)
    assert int(text_of(driver, "tiles")) == full
    wait(
        driver,
        lambda d: focused(d)["tag"] == "BUTTON" and not focused(d)["inDialog"],
        "the focus goes back to the Restart button",
    )
    assert script(driver, "return document.activeElement === arguments[0];", restart)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_question_takes_y_and_n_keeps_tab_inside_and_gives_focus_back(
    driver: WebDriver, served: Served, language: str
) -> None:
    """A42: the dialog says "Type y or n", so y and n answer it; the answer's
    reply is spoken in the live region; Tab and Shift+Tab go round its buttons and
    never leave it; Escape cancels; the focus goes back to where it was."""
    tr = translator(language)
    game = preset_game("lesson", 1)
    full = game.board.tile_count()
    open_start_view(driver, served.url)
    start_by_keyboard(driver, "lesson", 1, language)
    assert script(driver, "return document.getElementById('reply').getAttribute('aria-live');")
    anchor = format_cell(game.legal_groups()[0].anchor)
    go_to(driver, *cell_on_grid(anchor, game.board.height))
    command(driver, Keys.ENTER)
    command(driver, Keys.ENTER)
    after_move = int(text_of(driver, "tiles"))
    question = tr("confirm.restart", count=1)
    assert "y" in question
    assert "n" in question

    by_id(driver, "command").send_keys("restart")
    assert command(driver, Keys.ENTER)[-1] == question
    assert dialog_open(driver)
    assert focused(driver)["id"] == "no"
    for key, shift, expected in [
        (Keys.TAB, False, "yes"),  # No is the last stop: Tab goes round to Yes
        (Keys.TAB, False, "no"),
        (Keys.TAB, True, "yes"),
        (Keys.TAB, True, "no"),  # Yes is the first: Shift+Tab goes round to No
    ]:
        if shift:
            press_with_shift(driver, key)
        else:
            press(driver, key)
        now = focused(driver)
        assert now["inDialog"], (key, shift, now)
        assert now["id"] == expected, (key, shift, now)
    assert dialog_open(driver)

    # n answers no: the reply is spoken, the game is as it was, the focus is back.
    assert command(driver, "n") == [tr("confirm.kept")]
    assert not dialog_open(driver)
    assert int(text_of(driver, "tiles")) == after_move
    assert focused(driver)["id"] == "command"

    # y answers yes: the board is whole again.
    by_id(driver, "command").send_keys("restart")
    assert command(driver, Keys.ENTER)[-1] == question
    said = command(driver, "y")
    assert said
    assert said[-1] != question
    assert not dialog_open(driver)
    assert int(text_of(driver, "tiles")) == full
    assert focused(driver)["id"] == "command"
    assert log_lines(driver, "sent")[-2:] == ["restart", "y"]


def log_lines(driver: WebDriver, kind: str) -> list[str]:
    """The page's log entries of one kind: ``sent`` (command lines) or ``said``."""
    lines: list[str] = script(
        driver,
        "return [...document.querySelectorAll('#log li.' + arguments[0])]"
        ".map((li) => li.textContent);",
        kind,
    )
    return lines


# -- axe-core ----------------------------------------------------------------------------------


def no_violations(driver: WebDriver, view: str) -> None:
    results = axe_run(driver)
    violations = results.violations
    print(
        f"axe-core {results.version} ({', '.join(results.tags)}) on {view}: "
        f"{len(results.passes)} rules passed, {len(violations)} violations, "
        f"{len(results.incomplete)} to check by hand"
    )
    described = [
        f"{v['id']} ({v['impact']}): {v['help']}; "
        + ", ".join(str(node["target"]) for node in v["nodes"][:5])
        for v in violations
    ]
    assert violations == [], f"{view}: " + "; ".join(described)


def test_axe_finds_no_wcag_violations(driver: WebDriver, served: Served) -> None:
    game = preset_game("lesson", 1)
    open_start_view(driver, served.url)
    no_violations(driver, "the start view")

    start_by_keyboard(driver, "lesson", 1)
    (first, _), *rest = first_groups(game)
    go_to(driver, *cell_on_grid(first, game.board.height))
    command(driver, Keys.ENTER)
    assert script(driver, "return document.querySelectorAll('[aria-selected=\"true\"]').length;")
    no_violations(driver, "a selected group")
    command(driver, Keys.ENTER)

    by_id(driver, "command").send_keys("restart")
    command(driver, Keys.ENTER)
    assert dialog_open(driver)
    no_violations(driver, "the question dialog")
    command(driver, Keys.ESCAPE)

    box = by_id(driver, "command")
    for anchor, _ in rest:
        for line in (anchor, "remove"):
            box.send_keys(line)
            command(driver, Keys.ENTER)
    assert by_id(driver, "ending").is_displayed()
    no_violations(driver, "a finished game")


# -- a game's review -----------------------------------------------------------------------------


def said_changes(driver: WebDriver, before: list[str]) -> list[str]:
    """Waits until the live region says something other than ``before``; its lines."""
    wait(driver, lambda d: reply(d) not in ([], before), "the live region says something new")
    return reply(driver)


def test_a_game_is_reviewed_its_key_moments_gone_through_by_keyboard_and_practised(
    driver: WebDriver, served: Served
) -> None:
    """A45 in the page: the review after a game, by the keyboard alone, says the
    command's summary and key moments; a better move on a key moment's position is
    judged in the command's practice words, in the live region."""
    game = preset_game("tatham", 1)
    height = game.board.height
    open_start_view(driver, served.url)
    start_by_keyboard(driver, "tatham", 1)
    for anchor, _ in first_groups(game):
        go_to(driver, *cell_on_grid(anchor, height))
        command(driver, Keys.ENTER)
        command(driver, Keys.ENTER)
    assert by_id(driver, "ending").is_displayed()
    for _ in range(20):  # Tab from the board to "Review this game"
        if focused(driver)["id"] == "review-game":
            break
        press(driver, Keys.TAB)
    assert focused(driver)["id"] == "review-game"
    before = reply(driver)
    press(driver, Keys.ENTER)
    wait(driver, lambda d: by_id(d, "moments-section").is_displayed(), "the key moments are shown")
    spoken = said_changes(driver, before)

    # What the command says of the same game: the review the page kept, found again.
    [finished] = json.loads(served.samegame("history", "--format", "json").stdout)
    told = served.samegame("review", "--game", str(finished["game_id"]))
    assert told.stderr == "", "the command searched nothing: the page kept the review"
    blocks = [block.split("\n") for block in told.stdout.strip().split("\n\n")]
    summary = blocks[0]
    assert spoken[: len(summary)] == summary, "the summary is said first (A45)"
    options = driver.find_elements(By.CSS_SELECTOR, '#moments [role="option"]')
    assert [option.text for option in options] == [
        block[0] for block in blocks[1 : 1 + len(options)]
    ]
    assert len(options) >= 2

    # One tab stop: Tab from the heading reaches the first key moment; arrows move.
    assert focused(driver)["id"] == "review-heading"
    press(driver, Keys.TAB)
    assert focused(driver)["role"] == "option"
    assert script(driver, "return document.activeElement.textContent;") == options[0].text
    press(driver, Keys.ARROW_DOWN)
    assert script(driver, "return document.activeElement.textContent;") == options[1].text
    assert (
        script(driver, "return document.querySelectorAll('#moments [tabindex=\"0\"]').length;") == 1
    )
    assert options[1].get_attribute("aria-selected") == "true"
    press(driver, Keys.ARROW_UP)
    assert script(driver, "return document.activeElement.textContent;") == options[0].text

    # Enter opens the position before the move: its sentences said, the focus on the
    # move played, read-only grid with the game's cell names.
    before = reply(driver)
    press(driver, Keys.ENTER)
    assert said_changes(driver, before) == blocks[1]
    here = focused(driver)
    assert here["role"] == "gridcell"
    label = script(driver, "return document.activeElement.getAttribute('aria-label');")
    assert label.startswith(f"{here['name']}, ")
    assert label.endswith(", the move played")
    no_violations(driver, "a key moment of a review")

    # A better move, chosen on the grid by the keyboard, judged as the command's
    # practice judges it.
    preferred = script(
        driver, "return document.querySelector('#position .preferred').dataset.name;"
    )
    go_to(driver, *cell_on_grid(preferred, height))
    before = reply(driver)
    press(driver, Keys.ENTER)
    judged = said_changes(driver, before)
    assert judged[0].startswith("Your move: ")
    assert judged[1].startswith("Better: ")
    practice = served.samegame(
        "review", "--game", str(finished["game_id"]), "--practice", "--accessible",
        stdin=f"{preferred}\nquit\n",
    ).stdout  # fmt: skip
    said = [line.removeprefix("> ") for line in practice.splitlines()]
    assert judged == said[said.index(judged[0]) :][: len(judged)]

    # "Try another, or type skip": skip in the box opens the next key moment.
    press(driver, Keys.TAB)
    assert focused(driver)["id"] == "practice"
    before = reply(driver)
    press(driver, "skip", Keys.ENTER)
    assert said_changes(driver, before) == blocks[2]


# -- screenshots ---------------------------------------------------------------------------------


def board_picture(driver: WebDriver, path: Path, tiles: int) -> bytes:
    """A screenshot of the game's section written to ``path``, checked: a PNG over
    300 pixels each way, with ``tiles`` tiles drawn on the grid."""
    data: bytes = driver.find_element(
        By.CSS_SELECTOR, 'section[aria-labelledby="game-heading"]'
    ).screenshot_as_png
    path.write_bytes(data)
    width, height = png_size(data)
    assert min(width, height) > 300, (width, height)
    assert tiles_drawn(driver) == tiles
    return data


def shape_fills(driver: WebDriver) -> set[str]:
    """The computed fill of the tiles' shapes, one per colour drawn."""
    fills: list[str] = script(
        driver,
        "return [...document.querySelectorAll('#board .tile .shape')]"
        ".filter((s) => !s.closest('.selected')).map((s) => getComputedStyle(s).fill);",
    )
    return set(fills)


def test_screenshots_of_a_board_normal_and_in_forced_colours(
    driver: WebDriver, served: Served, tmp_path: Path
) -> None:
    game = preset_game("basic", 3)
    tiles = game.board.tile_count()
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]},
    )
    open_start_view(driver, served.url)
    start_by_keyboard(driver, "basic", 3)
    assert text_of(driver, "board-value") == "3"
    assert int(text_of(driver, "tiles")) == tiles
    group = max(game.legal_groups(), key=lambda g: g.size)
    go_to(driver, *cell_on_grid(format_cell(group.anchor), game.board.height))
    command(driver, Keys.ENTER)  # selected: outlined and striped in the picture
    selected = script(driver, "return document.querySelectorAll('#board .selected').length;")
    assert selected == group.size

    # The grid holds row 1 first (what a screen reader numbers); the eye sees it at
    # the bottom, every row above the one numbered below it, letters left to right.
    height, width = game.board.height, game.board.width
    tops = [cell(driver, f"A{row}").location["y"] for row in range(1, height + 1)]
    assert tops == sorted(tops, reverse=True), "row 1 drawn at the bottom"
    lefts = [cell(driver, f"{chr(65 + col)}1").location["x"] for col in range(width)]
    assert lefts == sorted(lefts), "column A drawn at the left"
    normal = board_picture(driver, tmp_path / "normal.png", tiles)
    assert len(shape_fills(driver)) == len(game.board.colour_counts()), "a fill for each colour"
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {
            "features": [
                {"name": "forced-colors", "value": "active"},
                {"name": "prefers-reduced-motion", "value": "reduce"},
            ]
        },
    )
    assert script(driver, "return matchMedia('(forced-colors: active)').matches;")
    forced = board_picture(driver, tmp_path / "forced.png", tiles)
    assert forced != normal
    assert len(shape_fills(driver)) == 1, "in forced colours the shapes tell the tiles apart"

    if UPDATE:
        DOC_IMAGE.parent.mkdir(parents=True, exist_ok=True)
        DOC_IMAGE.write_bytes(normal)
    width, height = png_size(DOC_IMAGE.read_bytes())
    assert min(width, height) > 300, (width, height)
    page = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    assert "](images/web-board.png)" in page
    assert "![](images/web-board.png)" not in page, "the picture has its alt text"


# -- the board's keys (A43) --------------------------------------------------------------


def focused_name(driver: WebDriver) -> str:
    now = focused(driver)
    assert now["role"] == "gridcell", now
    name: str = now["name"]
    return name


def key_reply(driver: WebDriver, key: str, *, shift: bool = False) -> list[str]:
    """Presses ``key`` (with Shift) on the board, a key the page answers itself,
    sending nothing, and returns the live region's lines once they changed."""
    script(driver, "document.getElementById('reply').replaceChildren();")
    if shift:
        press_with_shift(driver, key)
    else:
        press(driver, key)
    return wait(driver, lambda d: reply(d) or None, f"the page says something after {key}")


def next_of_same_colour(game: Game, name: str) -> str:
    """The next tile of the colour on ``name`` in the grid's reading order (top row
    first, left to right), round to the start."""
    board = game.board
    order = [
        Cell(col, row) for row in range(board.height - 1, -1, -1) for col in range(board.width)
    ]
    start = order.index(parse_cell(name))
    colour = board.cell(order[start])
    for step in range(1, len(order)):
        other = order[(start + step) % len(order)]
        if board.cell(other) == colour:
            return format_cell(other)
    return name


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_board_key_works_by_keyboard_alone_in_the_line_interface_words(
    driver: WebDriver, served: Served, language: str
) -> None:
    """A43: every key of the board, pressed on the board, does what the page's help
    says, and says it in the words of the line interface's announcer; the help
    section and ``help`` typed in the command box list every key."""
    tr = translator(language)
    say = Announcer(tr)
    game = preset_game("basic", 3)  # 8 columns by 10 rows: row 10 takes two digits
    board, rules = game.board, game.rules
    assert (board.width, board.height) == (8, 10)
    open_start_view(driver, served.url)
    start_by_keyboard(driver, "basic", 3, language)
    keys = key_lines(tr, one_click=False)
    assert len(keys) == len(KEY_WORDS)
    shown = script(
        driver, "return [...document.querySelectorAll('#keys li')].map((li) => li.textContent);"
    )
    assert shown == keys
    assert text_of(driver, "keys-select") == tr("web.keys.select")

    # PageUp and PageDown: 5 rows, and no further than the first or last row.
    assert focused_name(driver) == "A10"
    for key, expected in [
        (Keys.PAGE_DOWN, "A5"),
        (Keys.PAGE_DOWN, "A1"),
        (Keys.PAGE_DOWN, "A1"),
        (Keys.PAGE_UP, "A6"),
        (Keys.PAGE_UP, "A10"),
        (Keys.PAGE_UP, "A10"),
    ]:
        press(driver, key)
        assert focused_name(driver) == expected, key

    # A digit jumps to its row, 1 then 0 to row 10; Shift with a letter to a column.
    press(driver, "3")
    assert focused_name(driver) == "A3"
    time.sleep(1.1)
    press(driver, "1", "0")
    assert focused_name(driver) == "A10"
    press_with_shift(driver, "e")
    assert focused_name(driver) == "E10"
    assert key_reply(driver, "z", shift=True) == [tr("query.bad_column", last="H")]
    assert focused_name(driver) == "E10"
    time.sleep(1.1)
    press(driver, "4")
    assert focused_name(driver) == "E4"

    # C says the cell, in the words of the cell query.
    assert command(driver, "c") == say.cell(board, parse_cell("E4"), rules)

    # N and P: the groups, largest first, each said as the page's list says it.
    groups = largest_first(board, rules)
    said = [
        tr("serve.group", number=n, count=len(groups), group=say.placed(board, g))
        for n, g in enumerate(groups, 1)
    ]
    for key in ["n", "n", "p", "p", "p"]:
        here = focused_name(driver)
        inside = next(
            (i for i, g in enumerate(groups) if parse_cell(here) in board.cells(g.mask)), None
        )
        step = 1 if key == "n" else -1
        if inside is None:
            index = 0 if step == 1 else len(groups) - 1
        else:
            index = (inside + step) % len(groups)
        assert key_reply(driver, key) == [said[index]]
        assert focused_name(driver) == format_cell(groups[index].anchor)
    largest = groups[0]
    go_to(driver, *cell_on_grid(format_cell(largest.anchor), board.height))

    # T: the next tile of the same colour.
    here = focused_name(driver)
    press(driver, "t")
    assert focused_name(driver) == next_of_same_colour(game, here)

    # Remove the largest group by Enter; L says that move again, S the score and tiles.
    press(driver, "p")
    assert focused_name(driver) == format_cell(groups[-1].anchor)
    press(driver, "n")
    assert focused_name(driver) == format_cell(largest.anchor)
    command(driver, Keys.ENTER)
    removed = command(driver, Keys.ENTER)
    game.play(largest.anchor)
    assert command(driver, "l") == removed
    summary = say.summary(game.board, rules, game.score, len(game.moves), game.practice)
    assert command(driver, "s") == summary

    # R says the last announcement again, sending nothing.
    before = sent_count(driver)
    assert key_reply(driver, "r") == summary
    assert sent_count(driver) == before

    # Z, H and Escape send undo, hint and cancel.
    for key, line in [("z", "undo"), ("h", "hint"), (Keys.ESCAPE, "cancel")]:
        command(driver, key)
        assert log_lines(driver, "sent")[-1] == line

    # Slash goes to the command box; help there lists every key; Escape comes back.
    where = focused_name(driver)
    press(driver, "/")
    assert focused(driver)["id"] == "command"
    helped = command(driver, "help", Keys.ENTER)
    assert helped[-len(keys) - 1 :] == [tr("web.keys.help"), *keys]
    press(driver, Keys.ESCAPE)
    assert focused_name(driver) == where
