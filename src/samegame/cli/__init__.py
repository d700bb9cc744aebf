"""The ``samegame`` command line: thin Typer commands over library calls.

Importing this package loads nothing but itself: ``main`` loads the command line
when it runs, and the command line loads only the command that runs.
"""

from __future__ import annotations

__all__ = ["main"]


def main() -> None:
    """Console-script entry point."""
    from samegame.cli.app import main as run_main

    run_main()
