"""Search bots: NMCS, NRPA and beam search.

``engine`` runs a search (its spec, budgets, restarts, the stop timer,
root-parallel workers and their process pool) on the compiled loops of
``samegame.kernel.search``; ``bot`` turns searches into bots with options.
Importing this package never loads numba or numpy: the kernels are imported when
a search runs. See docs/search.md.
"""
