"""The session's one yes/no question waiting for its answer.

A command that would throw away moves asks first (``restart`` with moves, and a
fresh start on a board whose unfinished game has moves): it leaves here what a
yes does, and the next line the player types is the answer, not a command. Only a
yes (``answers.is_yes``) acts; any other answer keeps things as they are. At most
one question waits: asking another replaces it.

>>> from samegame.repl.reply import Reply
>>> question = PendingQuestion()
>>> question.action is None
True
>>> question.ask(lambda: Reply(["Restarted."]))
>>> question.take()().lines, question.action
(['Restarted.'], None)
"""

from __future__ import annotations

from collections.abc import Callable

from samegame.repl.reply import Reply

__all__ = ["PendingQuestion"]


class PendingQuestion:
    """A slot for the question asked and not yet answered (see the module)."""

    def __init__(self) -> None:
        self._action: Callable[[], Reply] | None = None

    @property
    def action(self) -> Callable[[], Reply] | None:
        """What a yes does; None when no question waits."""
        return self._action

    def ask(self, action: Callable[[], Reply]) -> None:
        """Wait for an answer; ``action`` is what a yes does."""
        self._action = action

    def take(self) -> Callable[[], Reply] | None:
        """The waiting question's action, once: the slot is empty afterwards (the
        line that answers it is never a command)."""
        action, self._action = self._action, None
        return action
