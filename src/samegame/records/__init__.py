"""Game records (``samegame-record/3``, one JSON object a line; ``/1`` and ``/2``
are still read): written by the simulator and ``bench``, verified by ``samegame verify``
with nothing but the record.

- ``shape``: the record's JSON shape, checked before anything is believed, and
  bounded line reading;
- ``meaning``: what a record claims (rules, board, bot) and whether this install
  can check it;
- ``verdict``: what verifying a record found (mismatches, claims left unchecked,
  notes);
- ``replay_limit``: the cap on the time one bot replay may take;
- ``verification``: making a record from a played game, reading a file of them,
  and replaying one to verify every claim.
- ``writing``: a record as its line, and the record file a run writes (replaced
  only when the run is over).

docs/records.md gives the format.
"""

from samegame.records.verdict import Verdict
from samegame.records.verification import (
    KNOWN_FORMATS,
    Verifier,
    make_record,
    read_records,
    record_rules,
    verify_record,
)

__all__ = [
    "KNOWN_FORMATS",
    "Verdict",
    "Verifier",
    "make_record",
    "read_records",
    "record_rules",
    "verify_record",
]
