"""``samegame tutorial``, in the line interface: seven lessons on one position, two
closing questions, then a practice of three moves on another.

- ``course``: the tutorial as it runs (``run_tutorial``, ``Tutorial``) and what it
  says between the steps;
- ``lessons``: the steps, each a sentence, a question or a move, and the rules
  they are played by;
- ``position``: the two positions (parts of seeded Lesson boards) and the facts
  the sentences are filled with;
- ``practice``: the practice of the player's own moves;
- ``voice``: what the lessons and a practice share (the review's practice too):
  reading a line, saying sentences, drawing or reading a board.

The course's names are this package's too (``from samegame.repl.tutorial import
run_tutorial``); they load with their module when first used, so that the review's
practice, which needs only ``voice``, does not load the lessons.
"""

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from samegame.repl.tutorial.course import (
        LESSON_RULES,
        Tutorial,
        goodbye,
        lesson_facts,
        run_tutorial,
        spoken_fact,
        well_done,
    )

_COURSE = "samegame.repl.tutorial.course"
__all__ = [
    "LESSON_RULES",
    "Tutorial",
    "goodbye",
    "lesson_facts",
    "run_tutorial",
    "spoken_fact",
    "well_done",
]
_NAMES = frozenset(__all__)


def __getattr__(name: str) -> object:
    """The course's names, loaded with it when first used (see the module)."""
    if name not in _NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_COURSE), name)
    globals()[name] = value
    return value
