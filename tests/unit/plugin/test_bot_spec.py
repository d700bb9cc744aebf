"""``parse_bot_spec``: a round trip for every spec it accepts, and a short one-line
error for every text it refuses, however long or strange the text."""

from __future__ import annotations

import string

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from samegame.plugin.bot_api import (
    MAX_SPEC_LENGTH,
    BotOptionError,
    BotSpec,
    check_options,
    parse_bot_spec,
)

WORD = st.text(string.ascii_lowercase + string.digits + "._-", min_size=1, max_size=12)

LONGEST_ERROR = 300
"""Characters an error about a bot spec may have: long text is shortened in it."""


@given(WORD, st.dictionaries(WORD, WORD, max_size=6))
def test_a_written_spec_reads_back_as_itself(name: str, options: dict[str, str]) -> None:
    spec = BotSpec(name, options)
    assert parse_bot_spec(str(spec)) == spec


SPEC_LIKE = st.builds(
    lambda name, parts: name + ":" + ",".join(parts),
    st.text(max_size=600),
    st.lists(st.text(alphabet=st.sampled_from("kx=9,: \u00e9"), max_size=900), max_size=3),
)


@given(st.one_of(st.text(max_size=3 * MAX_SPEC_LENGTH), SPEC_LIKE))
@example("greedy:" + "x" * 900)
@example("greedy:" + "k" * 900 + "=1")
@example("x" * 900 + ":a")
def test_any_text_is_a_spec_or_a_short_one_line_error(text: str) -> None:
    try:
        spec = parse_bot_spec(text)
    except BotOptionError as error:
        message = str(error)
    else:
        assert len(str(spec)) <= MAX_SPEC_LENGTH
        try:
            check_options(spec.options, ("time",), "nrpa")  # a name found among the bots
            return
        except BotOptionError as error:
            message = str(error)
    assert len(message) <= LONGEST_ERROR, message
    assert "\n" not in message


@pytest.mark.parametrize("length", [MAX_SPEC_LENGTH + 1, 100_000])
def test_a_spec_longer_than_the_bound_is_refused_before_it_is_read(length: int) -> None:
    with pytest.raises(BotOptionError, match=f"at most 1,000 characters, not {length:,}"):
        parse_bot_spec(("nrpa:" + "time=1," * length)[:length])
