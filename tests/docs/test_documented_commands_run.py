"""Every ``samegame`` command line in README.md, docs/ and the plugins' READMEs runs
as written and succeeds.

Each document's commands run in the order the document gives them, in one working
folder of its own (so ``--out tabu.jsonl`` is there for the ``verify tabu.jsonl``
that follows), with a fresh ``SAMEGAME_HOME``, both example plugins installed for
real, and the output redirection the line shows (``> board.txt``) carried out.
``play`` and ``tutorial`` read the lines a session block types after ``> ``, or
``quit``. Nothing is laid in the folder first: a file a line reads must have been
made by an earlier line of the same document, and a redirection into a folder
that does not exist fails, as it would for a new user.

A command whose budget is minutes (``--time 30``, 20 positions at 60 seconds), that
plays hundreds of games (or games that a review then reads through), or that names
a cluster runs with its numbers scaled down
(``LONG``); the scaled line may differ from the written one in digits and dots
only, which the test checks, so every option and word is still run as written.
``test_documented_commands`` is the net for lines with placeholders; this test is
the proof that the others work.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from test_documented_commands import DOCUMENTS, ROOT, SYNOPSIS

from plugin_install import install_plugin, run_samegame

SCHEDULER = "tcp://10.0.0.5:8786"  # the address docs/simulator.md shows

# Written line -> the line run instead: the same words, smaller numbers.
LONG = {
    # review reviews every game of the file to find the worst: 1 game, not 20 (each
    # 15x15 game costs even the quick review about 4 CPU seconds)
    "samegame simulate --preset benchmark --bot tabu --games 20 --seed 7 --out tabu.jsonl": (
        "samegame simulate --preset benchmark --bot tabu --games 1 --seed 7 --out tabu.jsonl"
    ),
    "samegame simulate --preset basic --bot tabu --games 1000 --seed 7 --out results.jsonl": (
        "samegame simulate --preset basic --bot tabu --games 20 --seed 7 --out results.jsonl"
    ),
    "samegame compare --bots random,greedy,tabu --preset benchmark --games 200 --workers 2": (
        "samegame compare --bots random,greedy,tabu --preset benchmark --games 20 --workers 2"
    ),
    "samegame solve --board board.txt --bot nrpa --time 30": (
        "samegame solve --board board.txt --bot nrpa --time 0.5"
    ),
    "samegame bench standard --bot nrpa --time-per-position 60": (
        "samegame bench standard --bot nrpa --time-per-position 0.01"
    ),
    "samegame bench standard --bot nrpa --time-per-position 60 --out records.jsonl": (
        "samegame bench standard --bot nrpa --time-per-position 0.01 --out records.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2 --time-per-position 60": (
        "samegame bench standard --bot nrpa:workers=2 --time-per-position 0.01"
    ),
    "samegame bench standard --bot nmcs:level=2 --time-per-position 10 --positions 1-3": (
        "samegame bench standard --bot nmcs:level=2 --time-per-position 0.05 --positions 1-3"
    ),
    "samegame bench standard --bot nrpa:clock=cpu --time-per-position 5 --positions "
    "1-2 --out b.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu --time-per-position 0.1 --positions "
        "1-2 --out b.jsonl"
    ),
    "samegame simulate --preset benchmark --bot nrpa:time=5,workers=2 --games 10": (
        "samegame simulate --preset benchmark --bot nrpa:time=0.2,workers=2 --games 2"
    ),
    "samegame simulate --preset benchmark --bot lookahead:depth=2 --games 50 --workers 2": (
        "samegame simulate --preset benchmark --bot lookahead:depth=2 --games 2 --workers 2"
    ),
    "samegame bench standard --bot nrpa:clock=cpu --time-per-position 60 --executor "
    "dask --workers 2": (
        "samegame bench standard --bot nrpa:clock=cpu --time-per-position 0.01 --executor "
        "dask --workers 2"
    ),
    "samegame simulate --preset basic --bot tabu --games 100000 --executor dask "
    f"--scheduler {SCHEDULER} --out results.jsonl": (
        "samegame simulate --preset basic --bot tabu --games 20 --executor dask "
        "--scheduler {scheduler} --out results.jsonl"
    ),
}


@dataclass(frozen=True)
class Line:
    """One documented command: its words, where its output goes, what it types."""

    written: str
    redirect: str | None
    typed: str


def document_lines(document: Path) -> list[Line]:
    """The runnable ``samegame`` lines of one document, in order."""
    found: list[Line] = []
    text = document.read_text(encoding="utf-8")
    for block in re.findall(r"```[a-z]*\n(.*?)```", text, re.S):
        joined = block.replace("\\\n", " ")
        rows = joined.splitlines()
        typed = "".join(row[2:] + "\n" for row in rows if row.startswith("> ")) or "quit\n"
        for row in rows:
            row = row.strip().removeprefix("$ ")
            code = row.split(" #")[0].strip()
            if not code.startswith("samegame ") or SYNOPSIS.search(code):
                continue
            command, _, redirect = code.partition(" > ")
            found.append(Line(" ".join(command.split()), redirect.strip() or None, typed))
    return found


def scaled(written: str, scheduler: str) -> str:
    """The line to run: ``LONG``'s smaller numbers, or the line itself."""
    run = LONG.get(written, written)
    assert re.sub(r"[\d.]+", "#", run.replace("{scheduler}", SCHEDULER)) == re.sub(
        r"[\d.]+", "#", written
    ), f"{run!r} must differ from {written!r} in numbers only"
    return run.replace("{scheduler}", scheduler)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Both example plugins, pip-installed into one private folder."""
    target = tmp_path_factory.mktemp("site")
    install_plugin("samegame-cubes", target)
    install_plugin("samegame-cornerbot", target)
    return target


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A one-worker LocalCluster (Dask imported here, not at every collection)."""
    import distributed

    with distributed.LocalCluster(
        n_workers=1, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


def test_the_long_table_names_only_documented_lines() -> None:
    written = {line.written for document in DOCUMENTS for line in document_lines(document)}
    assert set(LONG) <= written, sorted(set(LONG) - written)


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_documented_command_runs_as_written(
    document: Path, site: Path, scheduler: str, tmp_path: Path
) -> None:
    lines = document_lines(document)
    folder = tmp_path / "work"
    folder.mkdir()
    user = tmp_path / "user"  # HOME, for a redirection to ~/...
    for line in lines:
        words = shlex.split(scaled(line.written, scheduler))[1:]
        if words[0] == "serve":
            serve_as_written(site, tmp_path / "home", words, folder)
            continue
        result = run_samegame(
            site, tmp_path / "home", *words, stdin=line.typed, cwd=folder, HOME=str(user)
        )
        assert result.returncode == 0, f"{line.written}\n{result.stderr[-2000:]}"
        assert "Traceback" not in result.stderr, line.written
        if line.redirect:
            target = folder / line.redirect
            if line.redirect.startswith("~/"):
                target = user / line.redirect.removeprefix("~/")
            assert target.parent.is_dir(), f"{line.written}: no folder for {line.redirect}"
            target.write_text(result.stdout, encoding="utf-8")


def serve_as_written(site: Path, home: Path, words: list[str], folder: Path) -> None:
    """A ``samegame serve`` line: it serves the page at the address it says, until
    Ctrl-C ends it (exit 130). ``--open`` asks a browser command that does
    nothing (``BROWSER=true``): no window is opened on the test's machine."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("SAMEGAME_DISABLE_PLUGIN_AUTOLOAD", "SAMEGAME_LOAD_PLUGINS")
    }
    environment |= {"PYTHONPATH": str(site), "SAMEGAME_HOME": str(home), "BROWSER": "true"}
    child = subprocess.Popen(
        [sys.executable, "-m", "samegame", *words],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
        cwd=folder,
    )
    try:
        assert child.stdout is not None
        said = re.search(r"http://[^ ]+/", child.stdout.readline())
        assert said is not None, " ".join(words)
        with urllib.request.urlopen(said.group(0), timeout=10) as page:
            assert page.status == 200
    finally:
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=30)
    assert child.returncode == 130, err
    assert "Traceback" not in err


def test_a_line_scaled_in_more_than_numbers_is_refused() -> None:
    written = "samegame solve --board board.txt --bot nrpa --time 30"
    assert scaled(written, "") == "samegame solve --board board.txt --bot nrpa --time 0.5"
    LONG["samegame plugins"] = "samegame plugins --format json"
    try:
        with pytest.raises(AssertionError, match="numbers only"):
            scaled("samegame plugins", "")
    finally:
        del LONG["samegame plugins"]
