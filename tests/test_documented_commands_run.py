"""Every ``samegame`` command line in README.md, docs/ and the plugins' READMEs runs
as written and succeeds.

Each document's commands run in the order the document gives them, in one working
folder of its own (so ``--out tabu.jsonl`` is there for the ``verify tabu.jsonl``
that follows), with a fresh ``SAMEGAME_HOME``, both example plugins installed for
real, and the output redirection the line shows (``> board.txt``) carried out.
``play`` and ``tutorial`` read the lines a session block types after ``> ``, or
``quit``. A file a document uses without making it (``board.txt`` in
docs/search.md) is laid in the folder first (``GIVEN``).

A command whose budget is minutes (``--time 30``, 20 positions at 60 seconds) or
that names a cluster runs with its numbers scaled down (``LONG``); the scaled line
may differ from the written one in digits and dots only, which the test checks, so
every option and word is still run as written. ``test_documented_commands`` is the
net for lines with placeholders; this test is the proof that the others work.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import distributed
import pytest

from plugin_install import install_plugin, run_samegame
from test_documented_commands import DOCUMENTS, ROOT, SYNOPSIS

STANDARD = ROOT / "tests" / "data" / "standard-20.txt"
SCHEDULER = "tcp://10.0.0.5:8786"  # the address docs/simulator.md shows

# Written line -> the line run instead: the same words, smaller numbers.
LONG = {
    "samegame solve --board board.txt --bot nrpa --time 30": (
        "samegame solve --board board.txt --bot nrpa --time 0.5"
    ),
    "samegame bench standard --bot nrpa --time-per-position 60": (
        "samegame bench standard --bot nrpa --time-per-position 0.05"
    ),
    "samegame bench standard --bot nrpa --time-per-position 60 --out records.jsonl": (
        "samegame bench standard --bot nrpa --time-per-position 0.05 --out records.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu --time-per-position 60 --out records.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu --time-per-position 0.05 --out records.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2 --time-per-position 60": (
        "samegame bench standard --bot nrpa:workers=2 --time-per-position 0.05"
    ),
    "samegame bench standard --bot nrpa:workers=2,parallel=root --time-per-position 60 --positions 7": (
        "samegame bench standard --bot nrpa:workers=2,parallel=root --time-per-position 0.5 --positions 7"
    ),
    "samegame bench standard --bot nrpa:workers=2,clock=cpu --time-per-position 60 --out r.jsonl": (
        "samegame bench standard --bot nrpa:workers=2,clock=cpu --time-per-position 0.05 --out r.jsonl"
    ),
    "samegame simulate --preset benchmark --bot nrpa:clock=cpu,time=60 --games 16 --workers 2 "
    "--out fresh.jsonl": (
        "samegame simulate --preset benchmark --bot nrpa:clock=cpu,time=0.05 --games 2 --workers 2 "
        "--out fresh.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2,clock=cpu --time-per-position 300 --out r300.jsonl": (
        "samegame bench standard --bot nrpa:workers=2,clock=cpu --time-per-position 0.05 --out r300.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2,level=3,clock=cpu --time-per-position 300 "
    "--positions 1-3 --out l3r.jsonl": (
        "samegame bench standard --bot nrpa:workers=2,level=3,clock=cpu --time-per-position 0.05 "
        "--positions 1-3 --out l3r.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu --time-per-position 60 --out a60.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu --time-per-position 0.05 --out a60.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu,level=3,iterations=50,colours=5 "
    "--time-per-position 60 --out b60.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu,level=3,iterations=50,colours=5 "
        "--time-per-position 0.05 --out b60.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu,level=3,iterations=50,colours=5,restart=best "
    "--time-per-position 60 --out c50.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu,level=3,iterations=50,colours=5,restart=best "
        "--time-per-position 0.05 --out c50.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu,level=3,iterations=30,colours=5,restart=best "
    "--time-per-position 60 --out c30.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu,level=3,iterations=30,colours=5,restart=best "
        "--time-per-position 0.05 --out c30.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2,level=3,colours=5,restart=best,clock=cpu "
    "--time-per-position 300 --positions 1-3,7,11,13 --out t300.jsonl": (
        "samegame bench standard --bot nrpa:workers=2,level=3,colours=5,restart=best,clock=cpu "
        "--time-per-position 0.05 --positions 1-3,7,11,13 --out t300.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu,colours=5,margin=3,restart=best "
    "--time-per-position 60 --out d3.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu,colours=5,margin=3,restart=best "
        "--time-per-position 0.05 --out d3.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu,colours=5,margin=0,restart=best "
    "--time-per-position 60 --positions 11-15 --out d0.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu,colours=5,margin=0,restart=best "
        "--time-per-position 0.05 --positions 11-15 --out d0.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2,level=3,colours=5,restart=best,clock=cpu "
    "--time-per-position 300 --positions 4-6,8-10,12,14-20 --out t300b.jsonl": (
        "samegame bench standard --bot nrpa:workers=2,level=3,colours=5,restart=best,clock=cpu "
        "--time-per-position 0.05 --positions 4-6,8-10,12,14-20 --out t300b.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu,restart=resume,race=equal,starts=1 "
    "--time-per-position 60 --positions 1,3,4,7,8,10-15 --out resume.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu,restart=resume,race=equal,starts=1 "
        "--time-per-position 0.05 --positions 1,3,4,7,8,10-15 --out resume.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu,restart=resume,race=halving,starts=1 "
    "--time-per-position 60 --positions 1,3,4,7,8,10-15 --out halving.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu,restart=resume,race=halving,starts=1 "
        "--time-per-position 0.05 --positions 1,3,4,7,8,10-15 --out halving.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu,colours=5,margin=3,restart=resume,race=halving,starts=1 "
    "--time-per-position 60 --out h20.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu,colours=5,margin=3,restart=resume,"
        "race=halving,starts=1 --time-per-position 0.05 --out h20.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu,starts=2 --time-per-position 60 "
    "--positions 2,5,6,9,16-20 --out s2.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu,starts=2 --time-per-position 0.05 "
        "--positions 2,5,6,9,16-20 --out s2.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu,starts=2 --time-per-position 60 "
    "--positions 1,3,4,7,8,10-15 --out s2r.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu,starts=2 --time-per-position 0.05 "
        "--positions 1,3,4,7,8,10-15 --out s2r.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu --time-per-position 60 "
    "--positions 2,5,6,9,16-20 --out t1a.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu --time-per-position 0.05 "
        "--positions 2,5,6,9,16-20 --out t1a.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu --time-per-position 60 "
    "--positions 1,3,4,7,8,10-15 --out t1b.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu --time-per-position 0.05 "
        "--positions 1,3,4,7,8,10-15 --out t1b.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu --time-per-position 60 "
    "--positions 1-10 --out t3a.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu --time-per-position 0.05 "
        "--positions 1-10 --out t3a.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu --time-per-position 60 "
    "--positions 11-20 --out t3b.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu --time-per-position 0.05 "
        "--positions 11-20 --out t3b.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu --time-per-position 60 --out t2.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu --time-per-position 0.05 --out t2.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu --time-per-position 60 --positions 1 "
    "--seed 11 --out p11.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu --time-per-position 0.05 --positions 1 "
        "--seed 11 --out p11.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu,starts=4 --time-per-position 60 "
    "--positions 2,5,6,9,16-20 --out s4.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu,starts=4 --time-per-position 0.05 "
        "--positions 2,5,6,9,16-20 --out s4.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2,clock=cpu,colours=5,margin=3,restart=resume,"
    "race=halving,starts=1 --time-per-position 300 --positions 7,10-15,1,3,4,8 --out x300.jsonl": (
        "samegame bench standard --bot nrpa:workers=2,clock=cpu,colours=5,margin=3,restart=resume,"
        "race=halving,starts=1 --time-per-position 0.05 --positions 7,10-15,1,3,4,8 --out x300.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu --time-per-position 60 --positions 9,2 "
    "--seed 1 --out seed1.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu --time-per-position 0.05 --positions 9,2 "
        "--seed 1 --out seed1.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2,clock=cpu,starts=4 --time-per-position 300 "
    "--positions 2,5,6,9,16-20 --out s4x300.jsonl": (
        "samegame bench standard --bot nrpa:workers=2,clock=cpu,starts=4 --time-per-position 0.05 "
        "--positions 2,5,6,9,16-20 --out s4x300.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu,policy=soft --time-per-position 60 "
    "--out softF.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu,policy=soft --time-per-position 0.05 "
        "--out softF.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu,policy=mixed --time-per-position 60 "
    "--out mixedF.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu,policy=mixed --time-per-position 0.05 "
        "--out mixedF.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu,policy=mixed --time-per-position 60 "
    "--out mixed60.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu,policy=mixed --time-per-position 0.05 "
        "--out mixed60.jsonl"
    ),
    "samegame bench standard --bot nrpa:clock=cpu,policy=selective --time-per-position 60 "
    "--out default60.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu,policy=selective --time-per-position 0.05 "
        "--out default60.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2,clock=cpu,policy=mixed "
    "--time-per-position 300 --out mixed300.jsonl": (
        "samegame bench standard --bot nrpa:workers=2,clock=cpu,policy=mixed "
        "--time-per-position 0.05 --out mixed300.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2,clock=cpu,policy=mixed,iterations=150 "
    "--time-per-position 300 --positions 6,10,12,16,19,20 --out i150m300.jsonl": (
        "samegame bench standard --bot nrpa:workers=2,clock=cpu,policy=mixed,iterations=150 "
        "--time-per-position 0.05 --positions 6,10,12,16,19,20 --out i150m300.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2,clock=cpu,policy=mixed "
    "--time-per-position 300 --positions 2,5,6,8,9,16-20 --out fastsoft.jsonl": (
        "samegame bench standard --bot nrpa:workers=2,clock=cpu,policy=mixed "
        "--time-per-position 0.05 --positions 2,5,6,8,9,16-20 --out fastsoft.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2,clock=cpu,policy=mixed "
    "--time-per-position 300 --positions 1,3,4,7,10-15 --out fastsoft2.jsonl": (
        "samegame bench standard --bot nrpa:workers=2,clock=cpu,policy=mixed "
        "--time-per-position 0.05 --positions 1,3,4,7,10-15 --out fastsoft2.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2,clock=cpu,policy=mixed,margin=5 "
    "--time-per-position 300 --positions 3,10 --out m5.jsonl": (
        "samegame bench standard --bot nrpa:workers=2,clock=cpu,policy=mixed,margin=5 "
        "--time-per-position 0.05 --positions 3,10 --out m5.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2,clock=wall,policy=mixed "
    "--time-per-position 300 --seed 1 --out wall1.jsonl": (
        "samegame bench standard --bot nrpa:workers=2,clock=wall,policy=mixed "
        "--time-per-position 0.05 --seed 1 --out wall1.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2,parallel=root,clock=cpu,policy=mixed "
    "--time-per-position 300 --positions 1-10 --out root300.jsonl": (
        "samegame bench standard --bot nrpa:workers=2,parallel=root,clock=cpu,policy=mixed "
        "--time-per-position 0.05 --positions 1-10 --out root300.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2,parallel=root,clock=cpu,policy=mixed "
    "--time-per-position 300 --positions 11-20 --out root300b.jsonl": (
        "samegame bench standard --bot nrpa:workers=2,parallel=root,clock=cpu,policy=mixed "
        "--time-per-position 0.05 --positions 11-20 --out root300b.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2,clock=cpu,policy=mixed,starts=4 "
    "--time-per-position 300 --positions 1,3,10-13 --out s4close.jsonl": (
        "samegame bench standard --bot nrpa:workers=2,clock=cpu,policy=mixed,starts=4 "
        "--time-per-position 0.05 --positions 1,3,10-13 --out s4close.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2,clock=wall,policy=mixed,starts=4 "
    "--time-per-position 300 --out w4.jsonl": (
        "samegame bench standard --bot nrpa:workers=2,clock=wall,policy=mixed,starts=4 "
        "--time-per-position 0.05 --out w4.jsonl"
    ),
    "samegame bench standard --bot nrpa:workers=2,clock=wall,policy=mixed,starts=4 "
    "--time-per-position 300 --seed 1 --out w4s1.jsonl": (
        "samegame bench standard --bot nrpa:workers=2,clock=wall,policy=mixed,starts=4 "
        "--time-per-position 0.05 --seed 1 --out w4s1.jsonl"
    ),
    "samegame bench standard --bot nmcs:level=2 --time-per-position 10 --positions 1-3": (
        "samegame bench standard --bot nmcs:level=2 --time-per-position 0.2 --positions 1-3"
    ),
    "samegame bench standard --bot nrpa:clock=cpu --time-per-position 5 --positions 1-2 --out b.jsonl": (
        "samegame bench standard --bot nrpa:clock=cpu --time-per-position 0.5 --positions 1-2 --out b.jsonl"
    ),
    "samegame simulate --preset benchmark --bot nrpa:time=5,workers=2 --games 10": (
        "samegame simulate --preset benchmark --bot nrpa:time=0.2,workers=2 --games 2"
    ),
    "samegame simulate --preset benchmark --bot lookahead:depth=2 --games 50 --workers 2": (
        "samegame simulate --preset benchmark --bot lookahead:depth=2 --games 2 --workers 2"
    ),
    "samegame simulate --preset basic --bot tabu --games 100000 --executor dask "
    f"--scheduler {SCHEDULER} --out results.jsonl": (
        "samegame simulate --preset basic --bot tabu --games 20 --executor dask "
        "--scheduler {scheduler} --out results.jsonl"
    ),
}

# Files a document reads without making them: name -> how the test makes it.
GIVEN = {
    "board.txt": lambda folder: (folder / "board.txt").write_text(
        "\n".join(STANDARD.read_text(encoding="utf-8").splitlines()[:15]) + "\n", encoding="utf-8"
    ),
    "positions.txt": lambda folder: (folder / "positions.txt").write_text(
        STANDARD.read_text(encoding="utf-8"), encoding="utf-8"
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
    for name, make in GIVEN.items():
        if any(name in line.written for line in lines) and not any(
            line.redirect == name for line in lines
        ):
            make(folder)
    for line in lines:
        words = shlex.split(scaled(line.written, scheduler))[1:]
        result = run_samegame(
            site, tmp_path / "home", *words, stdin=line.typed, cwd=folder, HOME=str(user)
        )
        assert result.returncode == 0, f"{line.written}\n{result.stderr[-2000:]}"
        assert "Traceback" not in result.stderr, line.written
        if line.redirect:
            target = folder / line.redirect
            if line.redirect.startswith("~/"):
                target = user / line.redirect.removeprefix("~/")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(result.stdout, encoding="utf-8")


def test_a_line_scaled_in_more_than_numbers_is_refused() -> None:
    written = "samegame solve --board board.txt --bot nrpa --time 30"
    assert scaled(written, "") == "samegame solve --board board.txt --bot nrpa --time 0.5"
    LONG["samegame plugins"] = "samegame plugins --format json"
    try:
        with pytest.raises(AssertionError, match="numbers only"):
            scaled("samegame plugins", "")
    finally:
        del LONG["samegame plugins"]
