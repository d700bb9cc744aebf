"""Compile (or load from numba's disk cache) the search kernels the suite uses, so
that no test's time pays for the compilation: each algorithm named on the command
line (``NRPA``, ``NMCS``, ``BEAM``; all three when none is named), NRPA on two
threads too, and with ``BEAM`` the kernel's typed face (``samegame.kernel.facade``:
playouts, the scan, a removal), which many tests call.

The suite runs it before its workers start (``tests/conftest.py``, one process a
group, side by side: numba writes its cache files atomically); run by hand, it
leaves the suite only the cached code to load.

    python tests/warm_kernels.py            # every kernel
    python tests/warm_kernels.py NRPA       # NRPA's alone
"""

from __future__ import annotations

import sys

ALGORITHMS = ("NRPA", "NMCS", "BEAM")


def warm(names: list[str]) -> None:
    """Prepare each named algorithm's searches (NRPA's threads too)."""
    from samegame.bots.search import engine

    for name in names:
        engine.prepare(engine.Algorithm[name], 2)
    if "BEAM" in names:
        from samegame.core.board import Board
        from samegame.core.coords import Cell
        from samegame.core.formulas import BASIC
        from samegame.core.rules import Rules
        from samegame.kernel import facade
        from samegame.kernel.kernel_rules import KernelRules
        from samegame.kernel.state import to_kernel

        board = Board.from_columns([[0, 0, 1], [1, 1, 0]], 3, 3)
        rules = KernelRules.from_rules(Rules(BASIC), 3, 3)
        state = to_kernel(board)
        facade.random_playouts(board, rules, 1, 0)
        facade.recorded_playout(board, rules, 0)
        facade.legal_groups(state, rules)
        facade.group_labels(state, rules)
        facade.play(state, rules, Cell(0, 0))


if __name__ == "__main__":
    wanted = sys.argv[1:] or list(ALGORITHMS)
    unknown = sorted(set(wanted) - set(ALGORITHMS))
    if unknown:
        sys.exit(f"Error: unknown kernel group {', '.join(unknown)}; use {', '.join(ALGORITHMS)}")
    warm(wanted)
