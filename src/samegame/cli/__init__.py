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
    ends the process silently, with 130 (143); then the command line runs."""
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
    run_main()
