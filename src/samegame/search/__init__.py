"""Search bots (NMCS, NRPA, beam search) and the standard benchmark.

``engine`` runs a search (budgets, restarts, the stop timer, root-parallel
workers) on the compiled loops of ``samegame.kernel.search``; ``bots`` turns
searches into bots with options; ``benchmark`` plays the 20 standard positions and
compares with the published scores. Importing this package never loads numba:
the kernels are imported when a search runs. See docs/search.md.
"""
