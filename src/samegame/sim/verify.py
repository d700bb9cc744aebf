"""Replaying record files: every mismatch as ``FILE:LINE: problem``, and each
reason records were not checked (a plugin missing here, a replay over its cap, an
unfinished game) once per file, with a count.

Every non-blank line is one record (``samegame.records.verification.read_lines``);
a line that is not JSON we accept (``samegame.records.shape.parse_line``), or
whose record does not verify (``samegame.records.verification.Verifier``), is a
failure of that line only: the next line is checked as if nothing happened.

Lines go out in batches (``verify_batch``, a picklable call) through an executor
(``samegame.execution.executors.ordered_calls``): in this process, or on several worker
processes at once (``verify --workers N``). Batches come back in file order and
each record's verdict depends on the record alone, so the report is the same
with any number of workers. Files are read one line at a time and at most a
window of batches is in flight, so any number of records verifies in bounded
memory (a file's report keeps its failures and at most ``MAX_LINES_KEPT`` line
numbers per reason a record was not checked). A file with no record at all
fails: there is nothing it proves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from samegame.bots import BotOptionError, parse_bot_spec
from samegame.execution import bounded
from samegame.execution.executors import Executor, ordered_calls
from samegame.i18n.plain_english import english, plural
from samegame.plugin.host import get_host
from samegame.records.meaning import Isolate
from samegame.records.replay_limit import DEFAULT_REPLAY_SECONDS, ReplayOverrun, run_within
from samegame.records.shape import MAX_LINE_BYTES, LineError
from samegame.records.verdict import Verdict
from samegame.records.verification import Verifier, parsed, read_lines

if TYPE_CHECKING:
    from samegame.i18n import Translator

MAX_LINES_KEPT = 20
"""Line numbers kept per reason a file's records were not checked."""

BATCH_LINES = 32
"""Most lines in one batch sent to a worker process (also at most ``MAX_LINE_BYTES``
bytes, beyond its first line)."""


@dataclass(frozen=True)
class VerifyOptions:
    """How records are checked: whether bots are replayed, and the cap on each
    bot replay in seconds (None: no cap)."""

    replay_bots: bool = True
    max_replay_seconds: float | None = DEFAULT_REPLAY_SECONDS


@dataclass(frozen=True)
class Batch:
    """Some lines of one file: each line's number and bytes (or the LineError of a
    line too long to read)."""

    options: VerifyOptions
    lines: tuple[tuple[int, bytes | LineError], ...]


_verifiers: dict[VerifyOptions, Verifier] = {}


def _isolated(work: Callable[[], tuple[str, ...]], seconds: float | None) -> tuple[str, ...]:
    """A plugin bot's replay in a child process killed at the cap
    (``samegame.execution.bounded``), so that no plugin code can outlast it."""
    if not bounded.AVAILABLE:
        return run_within(work, seconds)
    limit = bounded.MAX_SECONDS if seconds is None else seconds
    try:
        return bounded.run_bounded(work, limit)
    except bounded.Overrun:
        raise ReplayOverrun(limit) from None
    except bounded.BoundedError as error:
        raise RuntimeError(str(error)) from None


ISOLATE: Isolate = _isolated


def verifier_for(options: VerifyOptions) -> Verifier:
    """This process's verifier for ``options`` and its plugin host, kept between
    batches so that its caches of presets, boards and bot games serve every batch."""
    host = get_host()
    if options not in _verifiers or _verifiers[options].host is not host:
        _verifiers[options] = Verifier(
            host,
            replay_bots=options.replay_bots,
            max_replay_seconds=options.max_replay_seconds,
            isolate=ISOLATE,
        )
    return _verifiers[options]


PLUGIN_MARGIN_SECONDS = 5.0
"""How much longer than the replay cap a record that calls plugin code may take in
all (its bot's replay has the cap itself and reports an overrun in that time)."""


def _plugin_parts(verifier: Verifier, record: object) -> tuple[str, ...]:
    """The plugin contributions checking ``record`` calls: its formula, penalty,
    generator and bot when a plugin registered them (names of any other type are
    left to the shape check, which refuses them)."""
    if not isinstance(record, dict):
        return ()
    rules = record.get("rules")
    rules = rules if isinstance(rules, dict) else {}

    def name(value: object) -> str | None:
        return value if isinstance(value, str) else None

    bot = name(record.get("bot"))
    try:
        bot_name = None if bot is None else parse_bot_spec(bot).name
    except BotOptionError:
        bot_name = None
    try:
        return bounded.plugin_parts(
            verifier.host,
            formula=name(rules.get("formula")),
            penalty=name(rules.get("penalty")),
            generator=name(record.get("generator")),
            bot=bot_name,
        )
    except (TypeError, ValueError):
        return ()


def _checked(verifier: Verifier, record: object, options: VerifyOptions) -> Verdict:
    """``verifier.check(record)``; under one time bound when it calls plugin code
    (``samegame.execution.bounded.run_game``: a formula, penalty or generator that never
    returns is stopped and named, a PluginError, exit 3)."""
    parts = _plugin_parts(verifier, record)
    if not parts:
        return verifier.check(record)
    cap = options.max_replay_seconds
    limit = bounded.MAX_SECONDS if cap is None else cap + PLUGIN_MARGIN_SECONDS
    return bounded.run_game(
        lambda: verifier.check(record), parts, limit, advice="allow more with --max-replay-seconds"
    )


def verify_batch(batch: Batch) -> list[tuple[int, Verdict]]:
    """Each line's number and verdict, in order (runs in a worker process, or here)."""
    verifier = verifier_for(batch.options)
    found = []
    for number, raw in batch.lines:
        value = parsed(raw)
        if isinstance(value, LineError):
            found.append((number, Verdict(problems=(str(value),))))
        else:
            found.append((number, _checked(verifier, value, batch.options)))
    return found


def batches(path: Path, options: VerifyOptions, size: int) -> Iterator[Batch]:
    """The lines of ``path`` in batches of at most ``size`` lines (and about
    ``MAX_LINE_BYTES`` bytes). OSError as ``read_lines``."""
    lines: list[tuple[int, bytes | LineError]] = []
    held = 0
    for number, raw in read_lines(path):
        lines.append((number, raw))
        held += len(raw) if isinstance(raw, bytes) else 0
        if len(lines) >= size or held >= MAX_LINE_BYTES:
            yield Batch(options, tuple(lines))
            lines, held = [], 0
    if lines:
        yield Batch(options, tuple(lines))


@dataclass
class Unchecked:
    """Records of one file not checked for one reason: how many, and the first
    ``MAX_LINES_KEPT`` of their line numbers."""

    records: int = 0
    lines: list[int] = field(default_factory=list)

    def add(self, line: int) -> None:
        self.records += 1
        if len(self.lines) < MAX_LINES_KEPT:
            self.lines.append(line)

    def lines_words(self) -> str:
        """``line 4``, ``lines 4, 9 and 12``, ``lines 4, 9, 12 and 297 more``."""
        shown = [str(line) for line in self.lines[:3]]
        rest = self.records - len(shown)
        if rest > 0:
            return f"lines {', '.join(shown)} and {rest:,} more"
        if len(shown) == 1:
            return f"line {shown[0]}"
        return f"lines {', '.join(shown[:-1])} and {shown[-1]}"


@dataclass
class FileTally:
    """One file's records: how many, how many verified, its failures (line,
    problems) when kept, the records not checked by reason, and the notes with the
    number of records each concerns."""

    name: str
    records: int = 0
    verified: int = 0
    failed: int = 0
    failures: list[tuple[int, list[str]]] = field(default_factory=list)
    unchecked: dict[str, Unchecked] = field(default_factory=dict)
    notes: dict[str, int] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return self.records == 0

    @property
    def not_checked(self) -> int:
        return self.records - self.verified - self.failed

    def add(self, line: int, verdict: Verdict, *, keep: bool) -> None:
        self.records += 1
        for note in dict.fromkeys(verdict.notes):
            self.notes[note] = self.notes.get(note, 0) + 1
        if verdict.problems:
            self.failed += 1
            if keep:
                self.failures.append((line, list(verdict.problems)))
        elif verdict.unchecked:
            for reason in dict.fromkeys(verdict.unchecked):
                self.unchecked.setdefault(reason, Unchecked()).add(line)
        else:
            self.verified += 1

    def closing_lines(self) -> list[str]:
        """What is said once for the whole file: the records not checked, by reason;
        the notes; that the file has no records."""
        said = [
            f"{self.name}: {group.records} {plural(group.records, 'record')} not checked "
            f"({group.lines_words()}): {reason}"
            for reason, group in self.unchecked.items()
        ]
        said += [
            f"{self.name}: {note} ({count} {plural(count, 'record')})"
            for note, count in self.notes.items()
        ]
        if self.empty:
            said.append(
                f"{self.name}: the file has no records; a record file holds one JSON record "
                "per line"
            )
        return said

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.name,
            "records": self.records,
            "verified": self.verified,
            "failures": [{"line": line, "problems": problems} for line, problems in self.failures],
            "unchecked": [
                {"reason": reason, "records": group.records, "lines": group.lines}
                for reason, group in self.unchecked.items()
            ],
            "notes": [{"note": note, "records": count} for note, count in self.notes.items()],
        }


@dataclass
class VerifyTally:
    """Files and records checked so far: how many records had mismatches, how many
    were not checked, and the files with no record."""

    files: list[FileTally] = field(default_factory=list)
    interrupted: bool = False
    bots_replayed: bool = True
    """False under ``--no-replay-bots``: the summary then says what was not checked."""

    @property
    def records(self) -> int:
        return sum(f.records for f in self.files)

    @property
    def bad(self) -> int:
        return sum(f.failed for f in self.files)

    @property
    def not_checked(self) -> int:
        return sum(f.not_checked for f in self.files)

    @property
    def empty(self) -> list[str]:
        return [f.name for f in self.files if f.empty]

    @property
    def ok(self) -> bool:
        return not self.bad and not self.not_checked and not self.empty and not self.interrupted

    def describe(self, tr: Translator | None = None) -> str:
        """The one-line summary, in the language of ``tr`` (English when none is
        given)."""
        tr = english(tr)
        faults = []
        if self.bad:
            faults.append(tr("research.verify.mismatches", count=self.bad))
        if self.not_checked:
            faults.append(tr("research.verify.unchecked", count=self.not_checked))
        if self.empty and not self.interrupted:
            names = tr("list.separator").join(self.empty)
            faults.append(tr("research.verify.empty", names=names))
        if faults:
            result = tr("research.verify.separator").join(faults)
        else:
            key = (
                "research.verify.correct_so_far" if self.interrupted else "research.verify.correct"
            )
            result = tr(key)
            if not self.bots_replayed and self.records:
                # Step 4 of docs/records.md was skipped: a legal game with the totals
                # it claims is not proven to be the game its bot played.
                result = tr("research.verify.bots_not_replayed", result=result)
        key = "research.verify.stopped" if self.interrupted else "research.verify.done"
        records = tr("research.count.records", count=self.records)
        files = tr("research.count.files", count=len(self.files))
        return tr(key, records=records, files=files, result=result)

    def to_dict(self) -> dict[str, Any]:
        return {
            "records": self.records,
            "verified": self.records - self.bad - self.not_checked,
            "failed": self.bad,
            "unchecked": self.not_checked,
            "ok": self.ok,
            "interrupted": self.interrupted,
            "bots_replayed": self.bots_replayed,
            "files": [f.to_dict() for f in self.files],
        }


class UnreadableFile(Exception):
    """A record file that cannot be opened or read: its name and the OSError."""

    def __init__(self, name: str, error: OSError) -> None:
        super().__init__(f"cannot read {name}: {error.strerror or error}")
        self.name = name
        self.error = error


def check_files(
    files: list[tuple[Path, str]],
    executor: Executor,
    options: VerifyOptions,
    tally: VerifyTally,
    *,
    keep: bool = False,
) -> Iterator[str]:
    """Each problem of the records in ``files`` (path, name shown) as ``name:LINE:
    problem``, then each file's closing lines, counting in ``tally`` (and keeping
    each failure there when ``keep``). UnreadableFile if a file cannot be read; a
    bad line is only a problem of that line. A KeyboardInterrupt marks the tally
    interrupted and propagates, every record reported before it counted (the last
    file's closing lines are then the caller's to say)."""
    size = 1 if executor.slots == 1 else BATCH_LINES
    _verifiers.clear()  # a new run: nothing cached by an earlier one here is kept
    for path, name in files:
        counts = FileTally(name)
        tally.files.append(counts)
        try:
            results = ordered_calls(executor, verify_batch, batches(path, options, size))
            for found in results:
                for line, verdict in found:
                    counts.add(line, verdict, keep=keep)
                    for problem in verdict.problems:
                        yield f"{name}:{line}: {problem}"
        except OSError as error:
            raise UnreadableFile(name, error) from None
        except KeyboardInterrupt:
            tally.interrupted = True
            raise
        yield from counts.closing_lines()
