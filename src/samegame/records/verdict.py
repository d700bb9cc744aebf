"""What verifying one record found: mismatches, claims left unchecked, and notes.

- ``problems``: the record is wrong (a mismatch, a line that is not a record);
  each sentence is about this record and is reported on its line;
- ``unchecked``: a claim this installation cannot check (a generator, bot or
  rules plugin missing, another generator version, a bot replay over its cap);
  the record is not verified, but nothing says it is wrong. Each sentence is the
  same for every record it concerns, so a file reports it once with a count;
- ``notes``: said once per file with a count and never a failure: the record
  names a preset this installation does not know, and was checked by the rules
  it carries.

>>> mismatch = Verdict(problems=("score is 3 by the rules, the record says 4",))
>>> (Verdict() + mismatch).sentences(), Verdict(notes=("a note",)).verified
(['score is 3 by the rules, the record says 4'], True)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Verdict:
    """One record's findings (see the module's description)."""

    problems: tuple[str, ...] = ()
    unchecked: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def verified(self) -> bool:
        """Every claim was checked and holds (notes do not count against it)."""
        return not self.problems and not self.unchecked

    def __add__(self, other: Verdict) -> Verdict:
        return Verdict(
            self.problems + other.problems,
            self.unchecked + other.unchecked,
            self.notes + other.notes,
        )

    def sentences(self) -> list[str]:
        """The problems, then the claims left unchecked (``not checked: ...``):
        every reason the record is not verified, one sentence each (empty when it
        is)."""
        return [*self.problems, *(f"not checked: {reason}" for reason in self.unchecked)]


def wrong(*problems: str) -> Verdict:
    """A verdict of mismatches."""
    return Verdict(problems=problems)


def unchecked(*reasons: str) -> Verdict:
    """A verdict of claims left unchecked."""
    return Verdict(unchecked=reasons)
