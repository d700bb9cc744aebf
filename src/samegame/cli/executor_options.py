"""Where the games of a command run: the ``--executor``, ``--workers`` and
``--scheduler`` options that ``simulate``, ``compare``, ``bench standard`` and
``solve`` share, checked (exit 2), in words, and the executor they name opened
(exit 3 when it cannot start)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

import typer

from samegame.cli.exit_codes import ExitCode, fail
from samegame.cli.options import whole_number_option
from samegame.execution.executors import Executor, ExecutorError, ExecutorKind, open_executor
from samegame.i18n.plain_english import english

if TYPE_CHECKING:
    from samegame.i18n import Translator

MAX_WORKERS = 1024


def workers_option(help_text: str) -> Any:
    """The ``--workers`` option (1 to ``MAX_WORKERS``), with what it runs at once
    in words: ``Annotated[int | None, workers_option("...")]``."""
    return whole_number_option("--workers", "-w", help=help_text, low=1, high=MAX_WORKERS)


WorkersOption = Annotated[
    int | None, workers_option("Games at once (process pool or local Dask cluster).")
]
ExecutorOption = Annotated[
    ExecutorKind | None,
    typer.Option("--executor", help="local, process or dask (default: local for one worker)."),
]
SchedulerOption = Annotated[
    str | None,
    typer.Option("--scheduler", help="Dask scheduler address (with --executor dask)."),
]


@dataclass(frozen=True)
class Where:
    """Which executor, how many workers, and those in words."""

    kind: ExecutorKind
    workers: int
    scheduler: str | None

    def describe(self, tr: Translator | None = None) -> str:
        """Where the games run, in the language of ``tr`` (English when none is
        given): ``in this process``, ``in 4 worker processes``."""
        tr = english(tr)
        if self.kind is ExecutorKind.local:
            return tr("research.where.local")
        if self.kind is ExecutorKind.process:
            return tr("research.where.process", count=self.workers)
        if self.scheduler is not None:
            return tr("research.where.scheduler", address=self.scheduler)
        return tr("research.where.cluster", count=self.workers)


def where_to_play(workers: int | None, kind: ExecutorKind | None, scheduler: str | None) -> Where:
    """The checked ``--workers``/``--executor``/``--scheduler`` (exit 2 otherwise)."""
    if workers is not None and workers < 1:
        raise fail(f"--workers must be 1 or more, not {workers}", ExitCode.USAGE)
    if kind is None:
        kind = ExecutorKind.process if workers is not None and workers > 1 else ExecutorKind.local
    if scheduler is not None and kind is not ExecutorKind.dask:
        raise fail("--scheduler needs --executor dask", ExitCode.USAGE)
    if scheduler is not None and workers is not None:
        raise fail(
            "--workers sizes a local Dask cluster; with --scheduler the cluster's own "
            "workers play, so drop --workers",
            ExitCode.USAGE,
        )
    if kind is ExecutorKind.local and workers is not None and workers > 1:
        raise fail(
            "the local executor plays one game at a time; use --executor process or dask",
            ExitCode.USAGE,
        )
    return Where(kind, workers or 1, scheduler)


@contextmanager
def running_executor(where: Where) -> Iterator[Executor]:
    """The executor ``where`` names, shut down on leaving; exit 3 if it cannot start."""
    try:
        with open_executor(where.kind, where.workers, where.scheduler) as executor:
            yield executor
    except ExecutorError as error:
        raise fail(str(error), ExitCode.CONFIG) from None
