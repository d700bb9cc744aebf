# mypy: allow-untyped-defs
"""The scratch bundle: the arrays of the state's length that scans, policies and
playouts work in, passed to compiled code as one argument.

A named tuple is a numba value (no allocation, no indirection: a field reads as
fast as a separate argument) and, unlike a jitclass, lets every function that
takes it be cached on disk.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit


class Scratch(NamedTuple):
    """``stack`` (uint32) for flood fills; ``anchors``, ``sizes`` (int32) and
    ``codes`` (int64) for a position's groups; ``cand`` (int32, indices into those)
    and ``probs`` (float64) for a policy's candidates and their cumulative weights."""

    stack: npt.NDArray[np.uint32]
    anchors: npt.NDArray[np.int32]
    sizes: npt.NDArray[np.int32]
    codes: npt.NDArray[np.int64]
    cand: npt.NDArray[np.int32]
    probs: npt.NDArray[np.float64]


@njit(cache=True, nogil=True)
def new_scratch(n):
    """Scratch for states of length ``n``."""
    return Scratch(
        np.empty(n, dtype=np.uint32),
        np.empty(n, dtype=np.int32),
        np.empty(n, dtype=np.int32),
        np.empty(n, dtype=np.int64),
        np.empty(n, dtype=np.int32),
        np.empty(n, dtype=np.float64),
    )
