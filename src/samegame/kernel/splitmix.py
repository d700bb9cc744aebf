# mypy: allow-untyped-defs
"""SplitMix64 inside numba: the same stream as ``samegame.core.rng.StableRandom``.

The generator state is an explicit ``uint64`` array of one element, owned by the
caller, so a playout is reproducible from its seed alone and never touches numpy's
global generator. ``next64`` and ``below`` give exactly the words and bounded draws
of ``StableRandom.next64`` and ``StableRandom.below`` for the same seed (the
differential tests check this), so a kernel playout and a Python playout that make
the same choices from the same seed are the same game.

Seeds come from outside (``samegame.core.rng.derive_seed``); ``seed_state`` packs one.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_ZERO = np.uint64(0)


def seed_state(seed: int) -> npt.NDArray[np.uint64]:
    """A generator state (one ``uint64``) for a seed, taken modulo 2**64."""
    return np.array([seed & 0xFFFFFFFFFFFFFFFF], dtype=np.uint64)


@njit(cache=True, nogil=True)
def next64(rng):
    """The next 64-bit word; advances ``rng[0]``."""
    z = rng[0] + _GOLDEN
    rng[0] = z
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@njit(cache=True, nogil=True)
def below(rng, n):
    """A uniform int in ``[0, n)`` for ``n >= 1``, by rejection as StableRandom does:
    words at or above the largest multiple of ``n`` below 2**64 are drawn again."""
    un = np.uint64(n)
    rest = (_ZERO - un) % un  # 2**64 mod n
    while True:
        word = next64(rng)
        if rest == _ZERO or word < _ZERO - rest:
            return np.int64(word % un)
