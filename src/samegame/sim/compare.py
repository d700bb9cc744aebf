"""Several bots on the same boards: means with 95 percent intervals and paired
differences against the first bot.

Game ``i`` of every bot uses the same board (the board number derived from the root
seed and ``i``, or the same given board) and the same bot seed, so the difference
between two bots on one board is a paired observation. For each bot the report
gives the mean final score with its 95 percent confidence interval (normal
approximation, mean +- 1.96 sd / sqrt(n)), the clear rate, and for every bot after
the first the mean of the per-board differences (this bot minus the first) with its
interval. Tasks go out board by board (all bots' games of board 0, then board 1 ...),
so a board's records arrive together and memory stays constant.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from samegame.core.stops import held
from samegame.execution.executors import Executor
from samegame.i18n.plain_english import english
from samegame.sim.runner import Stop, play_games
from samegame.sim.stats import Moments, percent
from samegame.sim.tasks import Record, RunSetup, game_tasks

if TYPE_CHECKING:
    from samegame.i18n import Translator


def split_bots(text: str) -> list[str]:
    """Bot specs from a comma-separated list. A bot's options are also separated by
    commas, so an item with ``=`` but no ``:`` continues the bot before it.

    >>> split_bots("random, lookahead:depth=2,width=3,greedy")
    ['random', 'lookahead:depth=2,width=3', 'greedy']
    """
    bots: list[str] = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        if "=" in item and ":" not in item and bots:
            bots[-1] += "," + item
        else:
            bots.append(item)
    return bots


@dataclass
class BotTally:
    """One bot's scores, clears and paired differences against the first bot."""

    bot: str
    scores: Moments = field(default_factory=Moments)
    cleared: int = 0
    difference: Moments = field(default_factory=Moments)


class Comparison:
    """Per-bot statistics, fed one board (one record per bot, in bot order) at a time."""

    def __init__(self, bots: Sequence[str]) -> None:
        self.tallies = [BotTally(bot) for bot in bots]
        self._pairs = {
            (a, b): Moments() for a in range(len(bots)) for b in range(len(bots)) if a != b
        }

    def paired(self, better: str, other: str) -> Moments:
        """The per-board differences ``better`` minus ``other`` (KeyError for a bot
        not compared)."""
        names = [tally.bot for tally in self.tallies]
        return self._pairs[names.index(better), names.index(other)]

    @property
    def boards(self) -> int:
        return self.tallies[0].scores.count

    def add_board(self, records: Sequence[Record]) -> None:
        first = int(records[0]["score"])
        for number, (tally, record) in enumerate(zip(self.tallies, records, strict=True)):
            score = int(record["score"])
            tally.scores.add(score)
            tally.cleared += bool(record["cleared"])
            if number:
                tally.difference.add(score - first)
        for (a, b), moments in self._pairs.items():
            moments.add(int(records[a]["score"]) - int(records[b]["score"]))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``boards`` and per bot ``mean``, ``interval`` ([low, high] or
        None), ``cleared``, ``clear_rate`` and ``difference`` (None for the first bot,
        else ``against``, ``mean``, ``interval``)."""
        first = self.tallies[0].bot
        bots = []
        for number, tally in enumerate(self.tallies):
            difference = None
            if number:
                difference = {
                    "against": first,
                    "mean": tally.difference.mean(),
                    "interval": _pair(tally.difference.interval95()),
                }
            n = tally.scores.count
            bots.append(
                {
                    "bot": tally.bot,
                    "mean": tally.scores.mean(),
                    "interval": _pair(tally.scores.interval95()),
                    "cleared": tally.cleared,
                    "clear_rate": tally.cleared / n if n else None,
                    "difference": difference,
                }
            )
        return {"boards": self.boards, "bots": bots}

    def describe(self, tr: Translator | None = None) -> list[str]:
        """One sentence per bot, in the language of ``tr`` (English when none is
        given)."""
        tr = english(tr)
        n = self.boards
        if n == 0:
            return [tr("research.compare.none")]
        first = self.tallies[0].bot
        lines = []
        for number, tally in enumerate(self.tallies):
            line = tr(
                "research.compare.bot",
                bot=tally.bot,
                mean=f"{tally.scores.mean():.1f}",
                interval=interval_words(tr, tally.scores.interval95()),
                cleared=tally.cleared,
                count=n,
                percent=percent(tally.cleared, n),
            )
            if number:
                line += tr(
                    "research.compare.paired",
                    first=first,
                    difference=f"{tally.difference.mean():+.1f}",
                    interval=interval_words(tr, tally.difference.interval95()),
                )
            lines.append(line)
        return lines


def _pair(interval: tuple[float, float] | None) -> list[float] | None:
    return list(interval) if interval is not None else None


def interval_words(tr: Translator, interval: tuple[float, float] | None) -> str:
    """`` (95 percent interval 1.0 to 2.0)``, or that one board gives none."""
    if interval is None:
        return tr("research.interval.none")
    return tr("research.interval", low=f"{interval[0]:.1f}", high=f"{interval[1]:.1f}")


def compare(
    setups: Sequence[RunSetup],
    games: int,
    executor: Executor,
    *,
    boards: tuple[tuple[str, ...], ...] = (),
    progress: Callable[[int], None] = lambda boards: None,
    window: int | None = None,
    write: Callable[[Record], None] = lambda record: None,
) -> tuple[Comparison, Stop | None]:
    """Play ``games`` boards with every setup (they differ only in the bot); the
    comparison of the boards every bot finished, and why it stopped early (or None).
    ``progress`` is called with the number of boards done; ``write`` with every
    game's record, in game order (board by board, the bots in the order given),
    a board's records together once every bot has finished it: a run stopped
    early has written whole boards only, the boards its comparison counts."""
    comparison = Comparison([setup.bot for setup in setups])
    board_records: list[Record] = []

    def consume(record: Record) -> None:
        board_records.append(record)
        if len(board_records) < len(setups):
            return
        with held():  # a stop waits until the board is both written and counted
            for finished in board_records:
                write(finished)
            comparison.add_board(board_records)
            board_records.clear()
        progress(comparison.boards)

    stop = play_games(game_tasks(setups, games, boards), executor, consume, window)
    return comparison, stop
