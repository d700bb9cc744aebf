"""The session's ``hint``: the built-in look-ahead, or the hint bot (a fresh bot
for each game, the same suggestion again for the same position); a searching bot
says first what it does and for how long, reports how far it is now and then, and
Ctrl-C stops it with the best move found so far (A27)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING

from samegame.bots import Bot, GameView
from samegame.core.board import Board
from samegame.core.coords import Cell
from samegame.core.game import Game
from samegame.core.rng import StableRandom, derive_seed
from samegame.i18n import Translator
from samegame.play import Match
from samegame.play.hint_bot import HintBot, HintWork, preparing_line
from samegame.repl.announcer import Announcer
from samegame.repl.reply import Reply

if TYPE_CHECKING:
    from samegame.bots.search.bot import Preparing

__all__ = ["HintAsking"]


class HintAsking:
    """The part of a :class:`samegame.repl.session.Session` that answers ``hint``.

    ``bot`` names a bot and makes it (one per game) for ``hint`` to ask; None: the
    built-in look-ahead. ``work`` makes the bot's search long work: the hint first
    says (through ``say_now``) that the bot is thinking and for how long, and
    Ctrl-C stops it with the best move so far (``interrupted`` is then set, and
    the reply says so)."""

    def __init__(
        self,
        match: Match,
        announcer: Announcer,
        *,
        bot: HintBot | None = None,
        work: HintWork | None = None,
    ) -> None:
        self.match = match
        self.announcer = announcer
        self.bot_spec = bot
        self.work = work
        self.say_now: Callable[[Sequence[str]], None] = lambda lines: None
        """Says lines at once, before long work starts (the loop sets it)."""
        self.interrupted = False
        self._bot: tuple[int, Bot, StableRandom] | None = None
        self._last_hint: tuple[Board, Cell] | None = None

    @property
    def tr(self) -> Translator:
        """The translator of the language the announcer speaks now."""
        return self.announcer.tr

    def answer(self) -> Reply:
        """A suggested group, selected, with one sentence of reason; the hint bot's
        name when it chose."""
        match = self.match
        board = match.game.board
        rules = match.game.rules
        say = self.announcer
        group, events, by_bot = match.hint(self._bot_suggestion())
        bot_name = self.bot_spec[0] if self.bot_spec and by_bot else None
        return Reply(
            say.hint(board, group, rules, bot_name)
            + [line for e in events for line in say.event_lines(e)],
            interrupted=self.interrupted,
        )

    def _bot_suggestion(self) -> Callable[[Game], Cell] | None:
        """The hint bot's choice for the game in play (a fresh bot for each game); the
        same position gets the same suggestion again."""
        if self.bot_spec is None:
            return None
        if self._bot is None or self._bot[0] != self.match.game_id:
            rng = StableRandom(derive_seed("hint", self.match.game_id))
            self._bot = (self.match.game_id, self.bot_spec[1](), rng)
        _, bot, rng = self._bot

        def suggest(game: Game) -> Cell:
            if self._last_hint is not None and self._last_hint[0] == game.board:
                return self._last_hint[1]
            cell = self._think(lambda: bot.choose(GameView(game), rng))
            self._last_hint = (game.board, cell)
            return cell

        return suggest

    def _think(self, choose: Callable[[], Cell]) -> Cell:
        """The bot's choice; for a searching bot said first, and stopped by Ctrl-C
        with the best move found so far (``interrupted`` is set)."""
        work = self.work
        if work is None:
            return choose()
        if work.seconds is None:
            line = self.tr("hint.thinking.work", bot=work.label)
        else:
            line = self.tr(
                "hint.thinking",
                bot=work.label,
                seconds=self.tr("seconds", count=work.seconds, number=f"{work.seconds:g}"),
            )
        with work.interruptible() as interruption:
            # A first compile is said at once; the thinking time
            # is promised only when it can be kept (A37).
            work.prepare(self._say_preparing)
            self.say_now([line])
            with self._hint_progress(work):
                cell = choose()
        if interruption:
            self.interrupted = True
        return cell

    def _say_preparing(self, preparing: Preparing) -> None:
        self.say_now([preparing_line(preparing, self.tr)])

    def _hint_progress(self, work: HintWork) -> AbstractContextManager[object]:
        """A line now and then while a long hint search runs (A27): said as the
        hint is, and only while nobody types (the player waits for the hint)."""
        if work.progress is None or work.seconds is None:
            return nullcontext()
        total = work.seconds

        def spoken(seconds: float) -> str:
            return self.tr("seconds", count=seconds, number=f"{seconds:g}")

        def report(done: float) -> None:
            self.say_now([self.tr("hint.progress", done=spoken(done), total=spoken(total))])

        return work.progress(report)
