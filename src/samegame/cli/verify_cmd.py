"""``samegame verify``: every game record of some files replayed by the rules core,
a thin command over samegame.sim.verify and samegame.records.

Exit codes (see samegame.cli.exit_codes): 1 a record does not verify (a mismatch,
or a claim that cannot be checked here: a generator, bot or rules plugin missing,
another generator version, a bot replay over --max-replay-seconds), a line cannot
be read, a file has no records, or a worker process failed; 2 no file given, a bad
option; 3 an executor that cannot start; 4 an unreadable file; 130 Ctrl-C (after
the summary of the records verified so far).
"""

from pathlib import Path
from typing import Annotated

import typer

from samegame.cli.executor_options import (
    ExecutorOption,
    SchedulerOption,
    running_executor,
    where_to_play,
    workers_option,
)
from samegame.cli.exit_codes import ExitCode, fail
from samegame.cli.inputs import unreadable_file
from samegame.cli.longwork import interruptible
from samegame.cli.options import LangOption, TextOrJson, chosen_translator, host, print_json
from samegame.core.regular_files import NotRegularFileError, open_regular_file
from samegame.execution.bounded import MAX_SECONDS
from samegame.execution.executors import failure_words, is_executor_failure
from samegame.i18n.said import Said
from samegame.records.replay_limit import DEFAULT_REPLAY_SECONDS
from samegame.records.shape import json_schema
from samegame.sim.verify import UnreadableFile, VerifyOptions, VerifyTally, check_files

FormatOption = Annotated[TextOrJson, typer.Option("--format", "-f", help="text or json.")]
WorkersOption = Annotated[
    int | None,
    workers_option("Records replayed at once, in worker processes (the report is the same)."),
]


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
    max_replay_seconds: Annotated[
        float,
        typer.Option(
            "--max-replay-seconds",
            help="Most seconds one record's bot replay may take; a record over it is not checked.",
        ),
    ] = DEFAULT_REPLAY_SECONDS,
    workers: WorkersOption = None,
    executor_kind: ExecutorOption = None,
    scheduler: SchedulerOption = None,
    lang: LangOption = None,
) -> None:
    """Replay every game record and report each mismatch as FILE:LINE: problem.

    Exit 1 if any record does not verify or cannot be checked here, a line cannot
    be read or a file has no records; 4 if a file cannot be read; 130 on Ctrl-C."""
    tr = chosen_translator(lang, None, read_only=True)
    if schema:
        print_json(json_schema())
        return
    if not files:
        raise fail("give one or more record files, or --schema", ExitCode.USAGE)
    if not 0 < max_replay_seconds <= MAX_SECONDS:
        raise fail(
            f"--max-replay-seconds must be above 0 and at most {MAX_SECONDS:g}, "
            f"not {max_replay_seconds:g}",
            ExitCode.USAGE,
        )
    where = where_to_play(workers, executor_kind, scheduler)
    for name in files:
        _readable(name)
    host()  # plugin load problems are warned about once, before any output
    options = VerifyOptions(replay_bots=replay_bots, max_replay_seconds=max_replay_seconds)
    tally = VerifyTally(bots_replayed=replay_bots)
    as_json = output is TextOrJson.json
    stopped: str | None = None
    paths = [(Path(name), name) for name in files]
    with running_executor(where) as executor:
        try:
            with interruptible(raises=True):
                for line in check_files(paths, executor, options, tally, keep=as_json):
                    if not as_json:
                        typer.echo(line)
        except UnreadableFile as error:
            raise fail(f"{error}; check the file", ExitCode.INPUT) from None
        except KeyboardInterrupt:
            tally.interrupted = True
            if not as_json and tally.files and not tally.files[-1].empty:
                for line in tally.files[-1].closing_lines():
                    typer.echo(line)
        except Exception as error:
            if not is_executor_failure(error):
                raise
            stopped = failure_words(error)
    if as_json:
        print_json(tally.to_dict())
    else:
        typer.echo(tally.describe(tr))
    done = Said.of("research.count.records", count=tally.records)
    if tally.interrupted:
        raise fail(Said.of("research.interrupted.after", done=done), ExitCode.INTERRUPTED)
    if stopped is not None:
        raise fail(Said.of("research.failed.after", problem=stopped, done=done), ExitCode.REJECTED)
    if not tally.ok:
        raise typer.Exit(ExitCode.REJECTED)


def _readable(name: str) -> None:
    """An exit-4 error for a record file that cannot be opened, or is not a
    regular file (a named pipe is refused without waiting for a writer)."""
    try:
        with open_regular_file(name, "a record file"):
            pass
    except NotRegularFileError as error:
        raise fail(str(error), ExitCode.INPUT) from None
    except OSError as error:
        raise unreadable_file(name, error) from None
