"""Replaying record files: every mismatch as ``FILE:LINE: problem``.

Every non-blank line is one record (``samegame.records.read_records``); a line that
is not complete JSON, or whose replay disagrees with what it says
(``samegame.records.verify_record``), is a record with mismatches. Files are read
one line at a time, so any number of records verifies in constant memory.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from samegame.plugins import PluginHost
from samegame.records import read_records, verify_record
from samegame.sim.stats import plural


@dataclass
class VerifyTally:
    """Files and records checked so far, and how many records had mismatches."""

    files: int = 0
    records: int = 0
    bad: int = 0

    def describe(self) -> str:
        """The one-line summary."""
        checked = (
            f"Verified {self.records} {plural(self.records, 'record')} in "
            f"{self.files} {plural(self.files, 'file')}"
        )
        if not self.bad:
            return f"{checked}: all correct."
        have = "record has" if self.bad == 1 else "records have"
        return f"{checked}: {self.bad} {have} mismatches."


def check_file(path: Path, name: str, host: PluginHost, tally: VerifyTally) -> Iterator[str]:
    """Each problem of the records in ``path`` as ``name:LINE: problem``, counting
    records in ``tally``. OSError or UnicodeDecodeError if the file cannot be read."""
    tally.files += 1
    for line, parsed in read_records(path):
        tally.records += 1
        if isinstance(parsed, ValueError):
            problems = [f"the line is not a complete JSON record ({parsed})"]
        else:
            problems = verify_record(parsed, host)
        if problems:
            tally.bad += 1
        for problem in problems:
            yield f"{name}:{line}: {problem}"
