"""One search on the compiled loops of ``samegame.kernel.search``.

``run_one`` runs one NMCS, NRPA or beam search of a worker's job
(``samegame.bots.search.job``) from its position and returns its best game;
NRPA's searches can stop (a slice's end) and go on later exactly where they
stopped. The kernels (and numpy) are imported when a search runs, so importing
this module loads neither numba nor numpy.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING, Any

from samegame.bots.search.race import SOFT_KIND
from samegame.bots.search.spec import Evaluation, NmcsSpec, NrpaSpec
from samegame.core.rng import StableRandom, derive_seed

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from samegame.bots.search.job import Job

TABLE_BITS = 17
"""NRPA's policy table has ``2**TABLE_BITS`` weights per level."""

ALPHA = 1.0
"""NRPA's learning rate (Rosin 2011). Against it, 2.0 made 3,813 against 3,878
on 16 fresh boards at 60 CPU seconds (-1.7%); 0.5 was no better."""

SOFT_BIAS = 8.0
"""A soft playout draws a group of the tabu colour that is not the whole colour
with its weight times ``exp(-SOFT_BIAS)``, about 1/3000: rarely enough that the
colour still comes off as one group, often enough that NRPA learns the breaks
that pay. A bias of 5 made 16,735 against 17,589 on standard positions 1-5 at
60 CPU seconds; with 30 (10^-13) soft playouts are selective ones."""

_EVALUATION_KIND = {Evaluation.COLOURS: 0, Evaluation.GROUPS: 1, Evaluation.MIXED: 2}


@functools.cache
def cell_keys(size: int) -> npt.NDArray[np.uint64]:
    """Random 64-bit keys, one per state index, for move codes and position hashes
    (fixed: the same for every search on boards of this state size)."""
    import numpy as np

    rng = StableRandom(derive_seed("search-keys", size))
    return np.array([rng.next64() for _ in range(size)], dtype=np.uint64)


def run_one(
    job: Job,
    rngs: list[npt.NDArray[np.uint64]],
    controls: list[npt.NDArray[np.int64]],
    width: int,
    tabu: int,
    kind: int,
    warm: npt.NDArray[np.int32] | None = None,
    tree: Any = None,
) -> tuple[int, npt.NDArray[np.int32], Any]:
    """One search of the job's spec from its position, its playouts filtered by
    ``kind`` (``race.entry_kind``) around the ``tabu`` colour (beam search: one
    pass of ``width``); returns its best score and moves, and for an NRPA search
    that a stop ended early what it needs to go on (its tree, see ``nrpa_run``,
    or its ``SharedSearch``), which resumes the search when passed back as
    ``tree`` (``warm``, a game to begin from, is then ignored)."""
    import numpy as np

    out = np.empty(job.state.shape[0], dtype=np.int32)
    spec = job.spec
    if isinstance(spec, NrpaSpec):
        return _nrpa(job, spec, rngs, controls, tabu, kind, warm, tree, out)
    result: Any
    if isinstance(spec, NmcsSpec):
        from samegame.kernel.search.nmcs import nmcs

        state = job.state
        result = nmcs(state, job.rules, job.base, rngs[0], kind, tabu, spec.level, controls[0], out)
    else:
        from samegame.kernel.search.beam import beam

        evaluation = _EVALUATION_KIND[spec.evaluation]
        keys = cell_keys(job.state.shape[0])
        result = beam(job.state, job.rules, job.base, keys, width, evaluation, controls[0], out)
    score, made = int(result[0]), int(result[1])
    return score, out[:made].copy(), None


def _nrpa(
    job: Job,
    spec: NrpaSpec,
    rngs: list[npt.NDArray[np.uint64]],
    controls: list[npt.NDArray[np.int64]],
    tabu: int,
    kind: int,
    warm: npt.NDArray[np.int32] | None,
    tree: Any,
    out: npt.NDArray[np.int32],
) -> tuple[int, npt.NDArray[np.int32], Any]:
    """``run_one`` for NRPA, on one lane or on ``spec.lanes`` threads sharing one
    policy. Move codes name a group's tiles wherever they have fallen to."""
    import numpy as np

    from samegame.kernel.groups import count_tiles
    from samegame.kernel.search.nrpa import new_tree, nrpa_run
    from samegame.kernel.search.shared_nrpa import SharedSearch

    state, rules = job.state, job.rules
    keys = cell_keys(state.shape[0])
    soft = math.exp(-SOFT_BIAS)
    mask = np.uint64((1 << TABLE_BITS) - 1)
    games = np.empty(0, dtype=np.int32) if warm is None else warm
    result: Any
    if spec.lanes > 1:
        if tree is None:
            tree = SharedSearch(
                state,
                rules,
                job.base,
                rngs,
                keys,
                mask,
                kind,
                tabu,
                spec.level,
                spec.iterations,
                ALPHA,
                controls,
                games,
                soft,
            )
        tree.run()
        result = tree.best_game(out)
        stopped = tree if tree.paused() else None
    else:
        if tree is None:
            tiles = count_tiles(state, rules.height)
            soft_kind = kind == SOFT_KIND
            tree = new_tree(state.shape[0], tiles, rules.min_group, spec.level, mask, soft_kind)
        ids = np.empty(state.shape[0], dtype=np.uint16)
        result = nrpa_run(
            tree,
            state,
            rules,
            job.base,
            rngs[0],
            keys,
            mask,
            kind,
            tabu,
            spec.level,
            spec.iterations,
            ALPHA,
            controls[0],
            out,
            games,
            ids,
            soft,
        )
        stopped = tree if result[2] else None
    score, made = int(result[0]), int(result[1])
    return score, out[:made].copy(), stopped
