"""A rule override the preset does not allow is a usage error (exit 2, one line),
whatever the number: negative, past any limit, or one the preset does not offer
(the attack run on issue 43: ``--clear-bonus -1`` and ``9223372036854775807``
exited 3, the code of a preset that cannot be found or read)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import assert_one_line_error

OFFERED = {0, 1000}
"""The clear bonuses the custom preset offers (presets/custom.yaml)."""


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    bonus=st.one_of(
        st.sampled_from(sorted(OFFERED)),
        st.integers(-(2**70), 2**70),
        st.sampled_from([-1, 5, 10**15, 10**15 + 1, 2**63 - 1, 2**63, 2**64]),
    )
)
def test_a_clear_bonus_is_played_when_offered_and_a_usage_error_otherwise(
    cli: Any, monkeypatch: pytest.MonkeyPatch, bonus: int
) -> None:
    with monkeypatch.context() as patched:
        patched.setattr("sys.stdin", io.StringIO("quit\n"))
        result = cli("play", "-p", "custom", "--clear-bonus", str(bonus), "--fresh", "--accessible")
    if bonus in OFFERED:
        assert result.code == 0, result
    else:
        assert_one_line_error(result, 2, "clear")
