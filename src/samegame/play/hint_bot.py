"""The bot that gives the hints (``samegame play --hint-bot``), checked at the start,
and a searching one run as long work (A27): it says what it does and for how long,
and Ctrl-C stops it at once with the best move found so far."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from samegame.bots import Bot, BotOptionError, parse_bot_spec
from samegame.play.choices import ChoiceError, Fault
from samegame.plugin.host import PluginHost, UnknownNameError

if TYPE_CHECKING:
    from samegame.bots.search.bot import Preparing
    from samegame.i18n import Translator

__all__ = [
    "HINT_PROGRESS_FROM",
    "HintBot",
    "HintWork",
    "LongWork",
    "hint_bot",
    "hint_work",
    "preparing_line",
]

HINT_PROGRESS_FROM = 5.0
"""A hint search of this many seconds or more says how far it is, every quarter."""

HintBot = tuple[str, Callable[[], Bot]]
"""A hint bot's name and a maker of the bot (one per game)."""


@dataclass(frozen=True)
class HintWork:
    """A hint bot that searches, as long work (A27): its name as typed
    (``nrpa:time=2``), its time budget per search (None: a fixed amount of work),
    ``prepare`` (compiling or loading, done before the search so the budget is the
    search's; it calls its argument with what it does when that is a first compile,
    at once, or takes more than a second, A37 and A41: ``preparing_line`` says it) and ``interruptible``, a context in which Ctrl-C stops the search at once and
    whose value is true afterwards when Ctrl-C was pressed."""

    label: str
    seconds: float | None
    prepare: Callable[[Callable[[Preparing], None]], None]
    interruptible: Callable[[], AbstractContextManager[object]]
    # Calls its argument with the seconds searched so far, a few times while a
    # long search runs (``samegame.cli.longwork.ticks``); None: no progress lines.
    progress: Callable[[Callable[[float], None]], AbstractContextManager[object]] | None = None


@dataclass(frozen=True)
class LongWork:
    """How the command line runs long work (``samegame.cli.longwork``):
    ``interruptible()`` is the context in which Ctrl-C stops a search at once, and
    ``ticks(seconds, report)`` calls ``report`` with the seconds done every quarter
    of a timed search."""

    interruptible: Callable[[], AbstractContextManager[object]]
    ticks: Callable[[float | None, Callable[[float], None]], AbstractContextManager[object]]


def hint_bot(host: PluginHost, text: str) -> HintBot:
    """A maker of the ``--hint-bot`` bot, its name and options checked now: a
    USAGE fault for a bad option, a CONFIG fault for a bot no plugin offers."""
    try:
        spec = parse_bot_spec(text)
        factory = host.bot(spec.name)
        factory.create(spec.options)
    except BotOptionError as error:
        raise ChoiceError(str(error), Fault.USAGE) from None
    except UnknownNameError as error:
        raise ChoiceError(str(error), Fault.CONFIG) from None
    return spec.name, lambda: factory.create(spec.options)


def hint_work(host: PluginHost, text: str, long_work: Callable[[], LongWork]) -> HintWork | None:
    """A searching hint bot as long work: it says what it does and for how long,
    and Ctrl-C stops it at once (A27); None for a bot that answers at once. The
    spec was checked by ``hint_bot``; ``long_work`` is called only for a bot that
    searches."""
    # The search loads only for a hint bot: a play without one never needs it.
    from samegame.bots.search.bot import SearchBot, prepare_search

    spec = parse_bot_spec(text)
    bot = host.bot(spec.name).create(spec.options)
    if not isinstance(bot, SearchBot):
        return None
    search = bot.spec
    seconds = search.seconds
    work = long_work()
    # A few lines while it thinks, for a search long enough to wonder about.
    ticking = seconds is not None and seconds >= HINT_PROGRESS_FROM
    return HintWork(
        str(spec),
        seconds,
        lambda announce: prepare_search(search, announce),
        work.interruptible,
        (lambda report: work.ticks(seconds, report)) if ticking else None,
    )


def preparing_line(preparing: Preparing, tr: Translator) -> str:
    """What is said of preparing the search (A37, A41), in ``tr``'s language: a
    first use, with the length measured when it was last compiled here (or none);
    a load from the cache that takes more than a second; or a wait that may be
    either."""
    if not preparing.first_use:
        return tr("search.loading" if preparing.loading else "search.preparing.either")
    if preparing.seconds is None:
        return tr("search.preparing")
    whole = max(1, round(preparing.seconds))
    took = tr("seconds", count=whole, number=str(whole))
    return tr("search.preparing.measured", seconds=took)
