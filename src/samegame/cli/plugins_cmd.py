"""``samegame plugins``: every loaded plugin, its version and what it registers."""

from __future__ import annotations

from typing import Annotated

import typer

from samegame.cli.common import TextOrJson, host, print_json


def plugins_command(
    output: Annotated[
        TextOrJson, typer.Option("--format", "-f", help="text or json.")
    ] = TextOrJson.text,
) -> None:
    """List plugins (built-in and installed) with versions and what each registers."""
    loaded = host()
    if output is TextOrJson.json:
        print_json(
            {
                "plugins": [
                    {
                        "name": info.name,
                        "distribution": info.distribution,
                        "version": info.version,
                        "builtin": info.builtin,
                        "registers": info.contributes,
                    }
                    for info in loaded.plugins.values()
                ],
                "problems": loaded.problems,
            }
        )
        return
    for info in loaded.plugins.values():
        what = "; ".join(f"{kind}: {', '.join(names)}" for kind, names in info.contributes.items())
        origin = "built in" if info.builtin else f"from {info.distribution} {info.version}"
        typer.echo(f"{info.name} ({origin}) registers {what or 'nothing'}.")
