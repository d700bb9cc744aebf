"""Old import paths of modules that moved into packages, kept for one release.

``import samegame.contributions`` (and every other path in ``MOVED``) still works
and gives the module at its new home, with a ``DeprecationWarning`` that names the
new path. The finder is installed by ``samegame/__init__``; it answers only for the
names in ``MOVED``, so nothing else is affected. These paths go in 0.3.0.

>>> import sys, warnings
>>> _ = sys.modules.pop("samegame.hookspecs", None)  # as in a fresh process
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     import samegame.hookspecs as old
>>> from samegame.plugin import hookspecs
>>> old is hookspecs, str(caught[0].message)
(True, 'samegame.hookspecs moved to samegame.plugin.hookspecs; import it from there (the old path goes in 0.3.0)')
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from importlib.abc import Loader

MOVED = {
    "samegame.board": "samegame.core.board",
    "samegame.coords": "samegame.core.coords",
    "samegame.palette": "samegame.core.palette",
    "samegame.textboard": "samegame.core.textboard",
    "samegame.rules": "samegame.core.rules",
    "samegame.game": "samegame.core.game",
    "samegame.events": "samegame.core.events",
    "samegame.rng": "samegame.core.rng",
    "samegame.numbering": "samegame.core.numbering",
    "samegame.limits": "samegame.core.limits",
    "samegame.quoting": "samegame.core.quoting",
    "samegame.replay": "samegame.core.replay",
    "samegame.contributions": "samegame.plugin.contributions",
    "samegame.hookspecs": "samegame.plugin.hookspecs",
    "samegame.plugins": "samegame.plugin.host",
    "samegame.containment": "samegame.plugin.containment",
    "samegame.bots.api": "samegame.plugin.bot_api",
    "samegame.record_schema": "samegame.records.shape",
    "samegame.record_meaning": "samegame.records.meaning",
    "samegame.env": "samegame.rl.environment",
    "samegame.gymnasium_env": "samegame.rl.gymnasium_env",
    "samegame.bots.benchmark": "samegame.benchmark.positions",
    "samegame.bots.bench_tasks": "samegame.benchmark.runs",
    "samegame.paths": "samegame.store.paths",
    # The tutorial's modules became the subpackage samegame.repl.tutorial (the
    # interpreter composed, not assembled); its course is samegame.repl.tutorial
    # itself, so that path has no entry.
    "samegame.repl.lessons": "samegame.repl.tutorial.lessons",
    "samegame.repl.tutorial_position": "samegame.repl.tutorial.position",
    "samegame.repl.tutorial_practice": "samegame.repl.tutorial.practice",
    "samegame.repl.tutorial_voice": "samegame.repl.tutorial.voice",
    # Library work out of cli/, and the executors in a package of their own
    # (the thin cli/ and honest layers).
    "samegame.sim.executors": "samegame.execution.executors",
    "samegame.sim.lifetime": "samegame.execution.lifetime",
    "samegame.sim.outfile": "samegame.execution.outfile",
    "samegame.sim.bounded": "samegame.execution.bounded",
    "samegame.cli.record_output": "samegame.records.writing",
    "samegame.cli.bot_games": "samegame.benchmark.bot_games",
    "samegame.cli.review_sources": "samegame.review.sources",
    "samegame.cli.review_practice_run": "samegame.repl.review_practice_run",
    "samegame.cli.common": "samegame.cli.options",  # its readers of files are cli.inputs
}
"""Old module path -> new module path."""

REMOVED_IN = "0.3.0"


class _Alias:
    """The loader of an old path: the module is the new one. (Not derived from
    ``importlib.abc``, whose import costs 13 ms of every start-up.)"""

    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warnings.warn(
            f"{spec.name} moved to {self.new}; import it from there "
            f"(the old path goes in {REMOVED_IN})",
            DeprecationWarning,
            stacklevel=2,
        )
        return importlib.import_module(self.new)

    def exec_module(self, module: ModuleType) -> None:
        """The module is the new one, already executed."""


class _MovedFinder:
    """Finds the old paths of ``MOVED``, and nothing else."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        new = MOVED.get(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, cast("Loader", _Alias(new)))


class _PublicFace(ModuleType):
    """The ``samegame`` package's module type: importing an old path such as
    ``samegame.replay`` must not set the package's attribute of that name, as the
    import system would, when it is a public name (``samegame.replay``, the
    function, listed in ``__all__``). The old path is still in ``sys.modules``, so
    ``from samegame.replay import replay`` works."""

    def __setattr__(self, name: str, value: object) -> None:
        public = name in self.__dict__.get("__all__", ())
        if f"{self.__name__}.{name}" in MOVED and isinstance(value, ModuleType) and public:
            return
        super().__setattr__(name, value)


def install() -> None:
    """Put the finder on ``sys.meta_path`` once, and guard the package's public names."""
    if not any(isinstance(finder, _MovedFinder) for finder in sys.meta_path):
        sys.meta_path.append(_MovedFinder())
    sys.modules["samegame"].__class__ = _PublicFace
