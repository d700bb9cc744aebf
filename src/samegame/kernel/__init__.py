"""The fast kernel: array-based, numba-compiled SameGame groups, removal and playouts.

Importing this package imports numba (and compiles or loads the cached machine
code on first use), so nothing else in ``samegame`` imports it at import time; bots
import it when they are created. See ``docs/kernel.md``.

Modules, one job each: ``state`` (array layout, Board conversion), ``splitmix``
(SplitMix64 in numba), ``kernel_rules`` (rules as tables, the rules bundle,
settling), ``groups`` (the flood fill and the group scan), ``remove`` (removal),
``scratch`` (the scratch bundle), ``policy`` (candidate filters and draws, and
the policy bundle ``PolicyTables``), ``playout`` (the one playout, and batches of
uniform ones), ``facade`` (the typed Python functions re-exported here).
``search`` holds NMCS, NRPA and beam search.
``cache_guard`` clears numba's disk cache of the kernel when any kernel source
has changed, before anything is compiled or loaded (numba itself would keep a
function whose callees in another file changed).
"""

from __future__ import annotations

from pathlib import Path

from samegame.kernel.cache_guard import guard
from samegame.kernel.facade import (
    KernelGroup,
    KernelRules,
    Playouts,
    RecordedPlayout,
    State,
    best_playout,
    from_kernel,
    group_labels,
    legal_groups,
    play,
    random_playouts,
    recorded_playout,
    settle,
    tile_count,
    to_kernel,
)
from samegame.kernel.splitmix import seed_state
from samegame.kernel.state import cell_index, check_state, index_cell

# Before any compiled function is called (importing only decorates them).
guard(Path(__file__).parent)

__all__ = [
    "KernelGroup",
    "KernelRules",
    "Playouts",
    "RecordedPlayout",
    "State",
    "best_playout",
    "cell_index",
    "check_state",
    "from_kernel",
    "group_labels",
    "index_cell",
    "legal_groups",
    "play",
    "random_playouts",
    "recorded_playout",
    "seed_state",
    "settle",
    "tile_count",
    "to_kernel",
]
