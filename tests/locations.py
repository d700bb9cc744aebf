"""Where the tests find the repository's files, wherever the test module sits."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent
"""The tests folder: ``data/`` and ``golden/`` are here."""

ROOT = TESTS.parent
"""The repository's root: README.md, docs/, plugins/, benchmarks/."""
