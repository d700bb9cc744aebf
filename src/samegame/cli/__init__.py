"""The ``samegame`` command line: thin Typer commands over library calls.

Importing this package loads nothing but itself: ``main`` loads the command line
when it runs, and the command line loads only the command that runs.
"""

from __future__ import annotations

import sys

__all__ = ["main"]


def main() -> None:
    """Console-script entry point. Ctrl-C, SIGTERM and SIGHUP are taken first
    (``samegame.cli.interrupts.arm``), so that a request to stop while the
    command line loads (held to the end of the loading: ``core.stops.held``)
    ends the process silently, with 130 (143); then the command line runs. A
    request that lands between two guards (as ``run_main`` or
    ``interrupts.end_process`` is entered, where Python runs a pending handler
    before their first line) ends the process the same way, never with a
    traceback."""
    try:
        from samegame.cli import interrupts
        from samegame.core.stops import held

        interrupts.arm()
        with held():
            from samegame.cli.app import main as run_main
            from samegame.cli.cleanup_faults import report_cleanup_faults

            report_cleanup_faults()
    except KeyboardInterrupt as stop:
        from samegame.cli.interrupts import stop_code

        sys.exit(stop_code(stop))
    try:
        run_main()
    except KeyboardInterrupt as stop:
        # A request that Python hands over as a function is entered, before its
        # own guard: ``run_main``'s first step, or ``end_process``'s. The handler
        # raises for the first request only (later ones end the process at once),
        # so this end cannot be cut in turn.
        interrupts.end_process(interrupts.stop_code(stop))
