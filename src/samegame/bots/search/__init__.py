"""Search bots: NMCS, NRPA and beam search.

Modules, one job each: ``spec`` (one spec per algorithm and the budget they
share), ``race`` (the tabu colours and NRPA's colour race), ``stop_timer`` (the
budget's stop timer and its slices), ``stop_flags`` (the running searches' stop
flags and ``interrupt``), ``one_search`` (one search on the compiled loops of
``samegame.kernel.search``), ``job`` (one worker's searches, and compiling the
kernels), ``worker_pool`` (the worker processes of root-parallel searches),
``engine`` (``search``: a spec's best game, over all its workers) and ``bot``
(the bots and their options). Importing this package never loads numba or
numpy: the kernels are imported when a search runs. See docs/search.md.
"""
