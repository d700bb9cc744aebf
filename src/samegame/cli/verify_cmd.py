"""``samegame verify``: every game record of some files replayed by the rules core,
a thin command over samegame.sim.verify and samegame.records.

Exit codes (see samegame.cli.exit_codes): 1 a record does not verify, a line cannot
be read or a file has no records; 2 no file given; 4 an unreadable file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from samegame.cli.common import TextOrJson, host, print_json
from samegame.cli.exit_codes import ExitCode, fail
from samegame.records.shape import json_schema
from samegame.records.verification import Verifier
from samegame.sim.verify import VerifyTally, check_file

FormatOption = Annotated[TextOrJson, typer.Option("--format", "-f", help="text or json.")]


def verify_command(
    files: Annotated[
        list[str] | None, typer.Argument(help="Record files (JSON lines) to replay.")
    ] = None,
    output: FormatOption = TextOrJson.text,
    schema: Annotated[
        bool, typer.Option("--schema", help="Print the record format's JSON Schema and stop.")
    ] = False,
    replay_bots: Annotated[
        bool,
        typer.Option(
            "--replay-bots/--no-replay-bots",
            help="Replay each bot with its seed (off for bots with a time budget).",
        ),
    ] = True,
) -> None:
    """Replay every game record and report each mismatch as FILE:LINE: problem.

    Exit 1 if any record does not verify, a line cannot be read or a file has no
    records; 4 if a file cannot be read."""
    if schema:
        print_json(json_schema())
        return
    if not files:
        raise fail("give one or more record files, or --schema", ExitCode.USAGE)
    for name in files:
        _readable(name)
    tally = VerifyTally()
    verifier = Verifier(host(), replay_bots=replay_bots)
    as_json = output is TextOrJson.json
    for name in files:
        try:
            for problem in check_file(Path(name), name, verifier, tally, keep=as_json):
                if not as_json:
                    typer.echo(problem)
        except OSError as error:
            raise fail(
                f"cannot read {name}: {error.strerror or error}; check the file", ExitCode.INPUT
            ) from None
    if as_json:
        print_json(tally.to_dict())
    else:
        typer.echo(tally.describe())
    if not tally.ok:
        raise typer.Exit(ExitCode.REJECTED)


def _readable(name: str) -> None:
    try:
        with Path(name).open("rb"):
            pass
    except OSError as error:
        raise fail(
            f"cannot read {name}: {error.strerror or error}; check the path", ExitCode.INPUT
        ) from None
