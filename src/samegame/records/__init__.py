"""Game records (``samegame-record/1``, one JSON object a line): written by the
simulator and ``bench``, verified by ``samegame verify`` with nothing but the record.

- ``shape``: the record's JSON shape, checked before anything is believed, and
  bounded line reading;
- ``meaning``: what a record claims (rules, board, bot) and whether this install
  can check it;
- ``verification``: making a record from a played game, reading a file of them,
  and replaying one to verify every claim.

docs/records.md gives the format.
"""

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
    "Verifier",
    "make_record",
    "read_records",
    "record_rules",
    "verify_record",
]
