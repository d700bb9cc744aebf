"""Whole-number options read ASCII digits 0-9 only: a value is accepted exactly
when it matches ``[0-9]+`` (and lies in the option's range); ``1_000``, ``+5``,
`` 5``, ``0x1F``, ``-0`` and Unicode digits are refused with exit 2."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic_core import PydanticCustomError

from conftest import Result
from samegame.cli.whole_numbers import whole_number
from samegame.core.numbering import MAX_BOARD_NUMBER

WRITTEN = st.one_of(
    st.text(alphabet="0123456789", min_size=1, max_size=25),
    st.text(alphabet="0123456789+-_ .xoe\u00b2\u0663\uff15", min_size=0, max_size=10),
    st.sampled_from(["1_000", "+5", " 5", "5 ", "0x1F", "-0", "-5", "007", "\u0663", "1e3"]),
    st.text(max_size=8),
)


def digits(text: str) -> bool:
    return re.fullmatch(r"[0-9]+", text) is not None


@settings(max_examples=300)
@given(text=WRITTEN)
def test_the_parser_accepts_exactly_ascii_digits_in_range(text: str) -> None:
    read = whole_number(0, 10**6)
    try:
        value: int | None = read(text)
    except PydanticCustomError:
        value = None
    if digits(text) and int(text) <= 10**6:
        assert value == int(text, 10)
    else:
        assert value is None


@pytest.mark.parametrize("text", ["-1", "-5", "-123"])
def test_a_negative_number_is_left_to_the_commands_own_range_check(text: str) -> None:
    assert whole_number(None)(text) == int(text)
    with pytest.raises(PydanticCustomError):
        whole_number(0)(text)


@settings(
    max_examples=40,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(text=WRITTEN)
def test_board_number_accepts_exactly_ascii_digits(cli: Callable[..., Result], text: str) -> None:
    result = cli("board", "show", "--preset", "basic", "--size", "6x5", f"--board-number={text}")
    if digits(text) and int(text) <= MAX_BOARD_NUMBER:
        assert result.code == 0, result.err
    else:
        assert result.code == 2, (text, result.err)
        assert result.err.count("\n") == 1, (text, result.err)
        assert result.err.startswith("Error: ")


def test_the_whole_number_option_is_written_once() -> None:
    """Every whole-number option with a range is ``options.whole_number_option``:
    its range shown and checked, and read by ``whole_number`` alike."""
    from locations import ROOT
    from samegame.cli.options import whole_number_option
    from samegame.core.limits import SQLITE_MAX_INTEGER

    option = whole_number_option("--limit", help="How many.")
    assert (option.min, option.max, option.help) == (1, SQLITE_MAX_INTEGER, "How many.")
    assert option.parser is not None
    assert option.parser("12") == 12
    with pytest.raises(PydanticCustomError):
        option.parser("0")
    written = re.compile(r"\bmin=[^,]+,\s*max=[^,]+,\s*parser=whole_number\(")
    commands = (ROOT / "src" / "samegame" / "cli").glob("*.py")
    assert [path.name for path in commands if written.search(path.read_text())] == ["options.py"]
