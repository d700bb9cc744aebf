"""A generator's boards asked again in a fresh Python process with another
``PYTHONHASHSEED``: a board number must give the same board in every process,
and a generator that seeds itself from ``hash(...)`` of a string (or iterates a
set of strings) gives other boards once the hash seed changes, which two calls in
one process never show.

``boards_elsewhere(load, asked, seconds)`` starts ``python -m
samegame.testing.fresh_boards`` with the plugin to load (an installed plugin's
name, or an importable module's name), the boards to make, and a hash seed that
differs from this process's; the child loads the plugin through the real host,
makes each board with ``make_board`` and writes them back as JSON. A plugin given
as an object that is not a module cannot be loaded again elsewhere (``Elsewhere``
is then None, and the check says so).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass

from samegame.core.coords import format_cell
from samegame.core.numbering import make_board
from samegame.core.textboard import write_board
from samegame.plugin.contributions import BoardSpec, GeneratedBoard


@dataclass(frozen=True)
class Elsewhere:
    """How a fresh process loads the plugin: ``installed`` (an entry-point or
    distribution name) or ``module`` (an importable module, registered under
    ``label``)."""

    installed: str | None = None
    module: str | None = None
    label: str = ""


Asked = tuple[str, int, int, int, int]
"""A board asked for: the generator's name, width, height, colours, number."""


def drawn(made: GeneratedBoard) -> list[object]:
    """A board and its certificate as the child writes them back."""
    certificate = None if made.certificate is None else [format_cell(c) for c in made.certificate]
    return [write_board(made.board), certificate]


def other_hash_seed(environ: dict[str, str] | os._Environ[str] = os.environ) -> str:
    """A ``PYTHONHASHSEED`` that differs from this process's: 1, or 2 when this one's
    is 1 (a random seed of this process is 1 once in 4 billion)."""
    return "2" if environ.get("PYTHONHASHSEED", "").strip() == "1" else "1"


def boards_elsewhere(load: Elsewhere, asked: list[Asked], seconds: float) -> list[list[object]]:
    """The boards ``asked`` for, made in a fresh process with another hash seed, as
    ``drawn`` writes them. RuntimeError, one line, when the process fails."""
    environ = dict(os.environ)
    environ["PYTHONHASHSEED"] = other_hash_seed()
    environ["PYTHONPATH"] = os.pathsep.join(path for path in sys.path if path)
    request = {
        "installed": load.installed,
        "module": load.module,
        "label": load.label,
        "asked": asked,
    }
    try:
        done = subprocess.run(
            [sys.executable, "-m", "samegame.testing.fresh_boards"],
            input=json.dumps(request),
            capture_output=True,
            text=True,
            env=environ,
            timeout=seconds,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"the fresh process did not finish within {seconds:g} seconds") from None
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        raise RuntimeError(f"the fresh process failed ({lines[-1]})")
    answer: list[list[object]] = json.loads(done.stdout)
    return answer


def main() -> None:
    """The child: read the request on stdin, write the boards on stdout."""
    import importlib

    from samegame.plugin.host import PluginHost

    request = json.loads(sys.stdin.read())
    if request["module"] is not None:
        module = importlib.import_module(request["module"])
        host = PluginHost(autoload=False, only=[], extra=[(request["label"], module)], local=False)
    else:
        host = PluginHost(autoload=False, only=[request["installed"]], local=False)
    answer = []
    for name, width, height, colours, number in request["asked"]:
        made = make_board(host.generator(name), BoardSpec(width, height, colours), number)
        answer.append(drawn(made))
    sys.stdout.write(json.dumps(answer))


if __name__ == "__main__":
    main()
