"""A file of game records written: each record one line of JSON
(``record_line``, the inverse of ``verification.parsed``), to nowhere or to a file
that is replaced only when the run is over (``samegame.execution.outfile``), with
every write error one line (``RecordFileError``; the command line's exit 4).

Used by every command that takes ``--out`` for records, so that an interrupted or
failed run never leaves the previous file damaged or empty.

>>> record_line({"score": 12, "bot": "貪欲"})
'{"score":12,"bot":"貪欲"}'
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from samegame.core.quoting import shown
from samegame.execution.outfile import LineFile, replaced_on_success

if TYPE_CHECKING:
    from samegame.i18n import Translator

__all__ = ["RecordFileError", "RecordOutput", "record_line", "record_output"]

PATH_SHOWN = 400
"""The most characters of the file's name that a message echoes."""


def record_line(record: Mapping[str, Any]) -> str:
    """A record as its one line of a record file: compact JSON, UTF-8 as it is."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


class RecordFileError(Exception):
    """A record file (``--out``) that cannot be opened or written: one line that
    names it, says the system's reason and what to do."""


def unwritable(out: str, error: OSError) -> RecordFileError:
    """The one-line error of an ``--out`` that cannot be written."""
    return RecordFileError(
        f"cannot write {shown(out, PATH_SHOWN)}: {error.strerror or error}; check the path"
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
        """Write one record as its line (``RecordFileError`` if that fails)."""
        if self._output is None or self.out is None:
            return
        try:
            self._output.write_line(record_line(record))
        except OSError as error:
            raise unwritable(self.out, error) from None
        self.written += 1

    def commit(self) -> None:
        """Make the records written the file's content (``RecordFileError`` if that
        fails)."""
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
        if tr is None:
            from samegame.i18n import translator

            tr = translator("en")
        where = shown(self.out, PATH_SHOWN)
        if not self.committed:
            return tr("research.records.none", path=where)
        return tr("research.records.written", count=self.written, path=where)


@contextmanager
def record_output(out: str | None) -> Iterator[RecordOutput]:
    """The records' destination; ``RecordFileError`` if the file cannot be opened.
    An existing file is replaced only by ``commit``; leaving without it keeps the old
    file and leaves no temporary file behind."""
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
