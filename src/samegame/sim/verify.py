"""Replaying record files: every mismatch as ``FILE:LINE: problem``.

Every non-blank line is one record (``samegame.records.verification.read_records``); a line that
is not JSON we accept (``samegame.records.shape.parse_line``), or whose record does
not verify (``samegame.records.verification.Verifier``), is a failure of that line only: the
next line is checked as if nothing happened. Files are read one line at a time, so
any number of records verifies in constant memory (the JSON report keeps the
failures). A file with no record at all fails: there is nothing it proves.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from samegame.records.shape import LineError
from samegame.records.verification import Verifier, read_records
from samegame.sim.stats import plural


@dataclass
class FileTally:
    """One file's records, how many verified, and its failures (line, problems)."""

    name: str
    records: int = 0
    verified: int = 0
    failures: list[tuple[int, list[str]]] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return self.records == 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.name,
            "records": self.records,
            "verified": self.verified,
            "failures": [{"line": line, "problems": problems} for line, problems in self.failures],
        }


@dataclass
class VerifyTally:
    """Files and records checked so far, how many records had mismatches, and the
    files with no record."""

    files: list[FileTally] = field(default_factory=list)

    @property
    def records(self) -> int:
        return sum(f.records for f in self.files)

    @property
    def bad(self) -> int:
        return sum(f.records - f.verified for f in self.files)

    @property
    def empty(self) -> list[str]:
        return [f.name for f in self.files if f.empty]

    @property
    def ok(self) -> bool:
        return not self.bad and not self.empty

    def describe(self) -> str:
        """The one-line summary."""
        records, files = self.records, len(self.files)
        checked = (
            f"Verified {records} {plural(records, 'record')} in {files} {plural(files, 'file')}"
        )
        faults = []
        if self.bad:
            have = "record has" if self.bad == 1 else "records have"
            faults.append(f"{self.bad} {have} mismatches")
        if self.empty:
            faults.append(f"no records in {', '.join(self.empty)}")
        return f"{checked}: {'; '.join(faults) if faults else 'all correct'}."

    def to_dict(self) -> dict[str, Any]:
        return {
            "records": self.records,
            "verified": self.records - self.bad,
            "failed": self.bad,
            "ok": self.ok,
            "files": [f.to_dict() for f in self.files],
        }


def check_file(
    path: Path, name: str, verifier: Verifier, tally: VerifyTally, *, keep: bool = False
) -> Iterator[str]:
    """Each problem of the records in ``path`` as ``name:LINE: problem``, counting
    records in ``tally`` (and keeping each failure there when ``keep``). OSError if
    the file cannot be opened or read; a bad line is only a problem of that line."""
    counts = FileTally(name)
    tally.files.append(counts)
    for line, parsed in read_records(path):
        counts.records += 1
        problems = [str(parsed)] if isinstance(parsed, LineError) else verifier.verify(parsed)
        if not problems:
            counts.verified += 1
            continue
        if keep:
            counts.failures.append((line, problems))
        for problem in problems:
            yield f"{name}:{line}: {problem}"
    if counts.empty:
        yield f"{name}: the file has no records; a record file holds one JSON record per line"
