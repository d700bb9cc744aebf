"""StableRandom: SplitMix64 with unbiased bounded draws, seeded by SHA-256.

Board numbers depend on this stream forever, so the first values are pinned as
literals and also checked against a plain SplitMix64 (tests/strategies.py) written from the
published algorithm (Steele, Lea and Flood 2014; the reference C code by Vigna).
The seed-0 and seed-1234567 values are the widely published SplitMix64 test vectors.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samegame.core.rng import StableRandom, derive_seed
from strategies import ReferenceSplitMix64, reference_seed

M64 = 2**64

GOLDEN = {
    0: [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F],
    1234567: [6457827717110365317, 3203168211198807973, 9817491932198370423,
              4593380528125082431, 16408922859458223821],
    1: [10451216379200822465, 13757245211066428519, 17911839290282890590],
    42: [13679457532755275413, 2949826092126892291, 5139283748462763858],
}  # fmt: skip


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_first_words(seed: int) -> None:
    rng = StableRandom(seed)
    reference = ReferenceSplitMix64(seed)
    for expected in GOLDEN[seed]:
        assert reference.next() == expected
        assert rng.next64() == expected


@settings(max_examples=200)
@given(st.integers(0, M64 - 1))
def test_stream_matches_the_reference(seed: int) -> None:
    rng = StableRandom(seed)
    reference = ReferenceSplitMix64(seed)
    assert [rng.next64() for _ in range(8)] == [reference.next() for _ in range(8)]


def test_seed_is_taken_modulo_2_64() -> None:
    assert StableRandom(M64 + 5).next64() == StableRandom(5).next64()
    assert StableRandom(-1).next64() == ReferenceSplitMix64(M64 - 1).next()


def test_derive_seed_is_pinned() -> None:
    assert derive_seed("random", 1, 15, 15, 5, 42) == 4146828950801002524
    assert derive_seed("doctest", 1) == 5892525223566447258
    assert derive_seed() == 16406829232824261652  # sha256 of the empty text
    assert derive_seed("random", 1, 15, 15, 5, 42) == reference_seed("random", 1, 15, 15, 5, 42)


@given(st.lists(st.one_of(st.text("ab|é 1-\u00e9\u65e5", max_size=8), st.integers()), max_size=5))
def test_derive_seed_matches_the_documented_hash(parts: list[object]) -> None:
    seed = derive_seed(*parts)
    assert seed == reference_seed(*parts)
    assert 0 <= seed < M64
    assert derive_seed(*parts) == seed  # stable within a run too


def test_derive_seed_depends_on_every_part() -> None:
    base = derive_seed("random", 1, 15, 15, 5, 42)
    for parts in [
        ("random", 2, 15, 15, 5, 42),
        ("random", 1, 15, 15, 5, 43),
        ("random", 1, 14, 15, 5, 42),
        ("random", 1, 15, 15, 4, 42),
        ("random-with-move", 1, 15, 15, 5, 42),
    ]:
        assert derive_seed(*parts) != base


def test_golden_below_values() -> None:
    rng = StableRandom(derive_seed("doctest", 1))
    assert [rng.below(6) for _ in range(10)] == [1, 2, 4, 2, 2, 3, 5, 5, 5, 4]
    rng = StableRandom(42)
    assert [rng.below(10) for _ in range(10)] == [3, 1, 8, 4, 0, 2, 5, 8, 5, 4]


@settings(max_examples=200)
@given(st.integers(0, M64 - 1), st.one_of(st.integers(1, 50), st.integers(1, M64)))
def test_below_matches_the_reference_and_stays_in_bounds(seed: int, n: int) -> None:
    rng = StableRandom(seed)
    reference = ReferenceSplitMix64(seed)
    for _ in range(10):
        value = rng.below(n)
        assert 0 <= value < n
        assert value == reference.below(n)


def test_below_rejects_the_biased_tail() -> None:
    # n = 3 * 2**62: the largest multiple of n below 2**64 is n itself, so a quarter of
    # all words (those >= n) are drawn again; accepted words are returned unchanged
    n = 3 * 2**62
    rejected = 0
    for seed in range(200):
        reference = ReferenceSplitMix64(seed)
        words = [reference.next() for _ in range(20)]
        rejected += words[0] >= n
        assert StableRandom(seed).below(n) == next(w for w in words if w < n)
    assert 25 < rejected < 80  # about 50 of 200


def test_below_one_is_always_zero() -> None:
    rng = StableRandom(9)
    assert {rng.below(1) for _ in range(50)} == {0}


@pytest.mark.parametrize("n", [0, -1, -(2**70)])
def test_below_needs_a_positive_bound(n: int) -> None:
    with pytest.raises(ValueError, match="positive"):
        StableRandom(1).below(n)


@pytest.mark.parametrize("n", [2, 6, 7])
def test_below_is_roughly_uniform(n: int) -> None:
    rng = StableRandom(derive_seed("uniformity", n))
    draws = 6000 * n
    counts = Counter(rng.below(n) for _ in range(draws))
    assert set(counts) == set(range(n))
    expected = draws / n
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in range(n))
    # 99.99th percentile of chi-square with n-1 <= 6 degrees of freedom is below 28
    assert chi2 < 28


def test_random_floats() -> None:
    rng = StableRandom(42)
    reference = ReferenceSplitMix64(42)
    for _ in range(100):
        value = rng.random()
        assert 0.0 <= value < 1.0
        assert value == (reference.next() >> 11) * 2.0**-53
    assert StableRandom(42).random() == 0.7415648787718233


def test_choice_and_shuffle() -> None:
    items = list(range(10))
    rng = StableRandom(7)
    rng.shuffle(items)
    assert items == [8, 1, 5, 9, 0, 4, 3, 2, 6, 7]
    # Fisher-Yates from the end, written out
    reference = ReferenceSplitMix64(7)
    expected = list(range(10))
    for i in range(9, 0, -1):
        j = reference.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    rng = StableRandom(3)
    reference = ReferenceSplitMix64(3)
    letters = "abcdefg"
    for _ in range(20):
        assert rng.choice(letters) == letters[reference.below(len(letters))]
    with pytest.raises(ValueError, match="positive"):
        StableRandom(1).choice([])


def test_spawn_is_derived_from_the_next_word() -> None:
    parent = StableRandom(7)
    child = parent.spawn("a", 1)
    word = ReferenceSplitMix64(7).next()
    assert child.next64() == ReferenceSplitMix64(reference_seed(word, "a", 1)).next()
    assert StableRandom(7).spawn("a", 1).next64() == 11437383400797349112
    # the parent moved on by one word
    reference = ReferenceSplitMix64(7)
    reference.next()
    assert parent.next64() == reference.next()
