"""The ``samegame`` command line: thin Typer commands over library calls."""

from __future__ import annotations

from samegame.cli.app import app, main

__all__ = ["app", "main"]
