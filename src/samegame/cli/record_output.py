"""Where a command's game records go: nowhere, or a file that is replaced only when
the run is over (``samegame.execution.outfile``), with every write error one line and
exit 4.

Used by every command that takes ``--out`` for records, so that an interrupted or
failed run never leaves the previous file damaged or empty.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from samegame.cli.exit_codes import CommandError, ExitCode, fail
from samegame.core.quoting import shown
from samegame.execution.outfile import LineFile, replaced_on_success
from samegame.sim.stats import english

if TYPE_CHECKING:
    from samegame.i18n import Translator


def unwritable(out: str, error: OSError) -> CommandError:
    """The one-line error of an ``--out`` that cannot be written (exit 4)."""
    return fail(
        f"cannot write {shown(out, 400)}: {error.strerror or error}; check the path",
        ExitCode.INPUT,
    )


class RecordOutput:
    """Records out: nowhere (``out`` None), or whole lines to a file that becomes the
    target only by ``commit``."""

    def __init__(self, out: str | None, output: LineFile | None) -> None:
        self.out = out
        self._output = output
        self.written = 0
        self.committed = False

    def write(self, record: Mapping[str, Any]) -> None:
        """Write one record as one line of JSON (exit 4 if that fails)."""
        if self._output is None or self.out is None:
            return
        try:
            self._output.write_line(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
        except OSError as error:
            raise unwritable(self.out, error) from None
        self.written += 1

    def commit(self) -> None:
        """Make the records written the file's content (exit 4 if that fails)."""
        if self._output is None or self.out is None:
            return
        try:
            self._output.commit()
        except OSError as error:
            raise unwritable(self.out, error) from None
        self.committed = True

    def said(self, tr: Translator | None = None) -> str | None:
        """The closing line on the records: how many were written where, or that the
        file was left as it was (no run, or a run stopped before any game); None
        without ``--out``. In the language of ``tr`` (English when none is given)."""
        if self.out is None:
            return None
        tr = english(tr)
        where = shown(self.out, 400)
        if not self.committed:
            return tr("research.records.none", path=where)
        return tr("research.records.written", count=self.written, path=where)


@contextmanager
def record_output(out: str | None) -> Iterator[RecordOutput]:
    """The records' destination; exit 4 if the file cannot be opened. An existing
    file is replaced only by ``commit``; leaving without it keeps the old file and
    leaves no temporary file behind."""
    if out is None:
        yield RecordOutput(None, None)
        return
    with ExitStack() as stack:
        try:
            output = stack.enter_context(replaced_on_success(Path(out)))
        except OSError as error:
            raise unwritable(out, error) from None
        except ValueError:  # a NUL in the name
            raise unwritable(out, OSError("a file name cannot hold a NUL character")) from None
        yield RecordOutput(out, output)
