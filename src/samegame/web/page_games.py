"""The page's games: each is a line-interface ``Session`` opened as ``samegame
play`` opens one (``samegame.repl.session_opening.open_session``: the same
settings in force, command interpreter, announcer, match rules and saving), so
what the page says after a command is what the terminal says after the same line,
and a finished game's ending is the lines the session said when it ended.

Every Session and the one ``Store`` they share live on one thread of their own
(SQLite connections and sessions are for one thread), so requests are taken one
at a time, in order; the server's event loop only waits for them. A game is
named to the page by an opaque random id; at most ``MAX_GAMES`` are open at once
(the oldest untouched one is closed first: it is saved after every move, and
resuming it again costs nothing). Two pages on one saved game are two sessions,
as two terminals are: the store's revisions keep both, and the second is told
(``game.forked``).
"""

from __future__ import annotations

import asyncio
import queue
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future
from contextlib import nullcontext
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from samegame.core.rules import SelectionMode
from samegame.execution.bounded import DEFAULT_SECONDS
from samegame.i18n import translator
from samegame.i18n.said import said_of
from samegame.play.choices import ChoiceError
from samegame.play.hint_bot import LongWork
from samegame.play.startup import PlayOptions, prepare_play
from samegame.play.table import PlayError
from samegame.plugin.containment import PluginError, error_words
from samegame.plugin.host import PluginHost, UnknownNameError
from samegame.presets import Preset, PresetError
from samegame.repl.commands import Kind, UnknownCommandError, parse_command
from samegame.repl.session import Session
from samegame.repl.session_opening import open_session
from samegame.store import NotFoundError, SavedGame, Store, StoreError
from samegame.web.page_plugins import bounded_host
from samegame.web.page_state import game_state, key_lines

__all__ = [
    "MAX_GAMES",
    "MAX_LINE",
    "GameRequest",
    "PageError",
    "PageGames",
    "Worker",
    "page_presets",
]

MAX_GAMES = 64
"""The most games open at once."""

MAX_LINE = 200
"""The most characters of one command line."""

CLOSE_SECONDS = 0.5
"""The longest a stop waits for the games' threads to close their stores."""

_T = TypeVar("_T")


class PageError(Exception):
    """A request the page cannot have: a message in the player's language and the
    HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400, *, fault: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.fault = fault
        """The game it happened in is closed: a plugin's fault, or a store that
        could not save (``samegame play`` ends there too)."""


@dataclass(frozen=True)
class GameRequest:
    """What the page asks to play: a preset (and a board number), or a saved game
    by id; ``fresh`` starts a numbered board afresh; ``language`` for this page."""

    preset: str = "basic"
    board_number: int | None = None
    game: int | None = None
    fresh: bool = False
    language: str = "en"


def page_presets(host: PluginHost) -> list[Preset]:
    """The presets the page offers, and the only ones it may play: those
    ``list_presets`` lists, by a name that is not also a path (``looks_like_path``),
    sorted by name. Nothing else the page sends is ever read as a file."""
    from samegame.presets import list_presets
    from samegame.presets.finder import looks_like_path

    presets, _problems = list_presets(host)
    return [preset for preset in presets if not looks_like_path(preset.name)]


def _no_long_work() -> LongWork:
    """A searching hint bot on the page runs as it is: no Ctrl-C to take."""
    return LongWork(lambda: nullcontext(), lambda seconds, report: nullcontext())


class Worker:
    """One daemon thread that does work in order, with a ``Store`` of its own
    (SQLite connections are for one thread). A daemon, so that a stop never waits
    for work that plugin code holds up (its child process dies with this one)."""

    def __init__(self, name: str, store_path: Path | None) -> None:
        self._store_path = store_path
        self._store: Store | None = None
        self._queue: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]] | None] = (
            queue.SimpleQueue()
        )
        self._thread = threading.Thread(target=self._loop, name=name, daemon=True)
        self._thread.start()

    def store(self) -> Store:
        """This thread's store, opened on first use (on this thread only)."""
        if self._store is None:
            self._store = Store(self._store_path)
        return self._store

    async def run(self, work: Callable[..., _T], *args: Any) -> _T:
        """``work(*args)`` on this thread, after the work already asked; what plugin
        code raises comes as a PageError (``_contained``)."""
        return await asyncio.wrap_future(self.submit(work, *args))

    def submit(self, work: Callable[..., _T], *args: Any) -> Future[_T]:
        """``work(*args)`` on this thread, after the work already asked, without
        waiting for it: its future (what plugin code raises as in ``run``)."""
        future: Future[_T] = Future()
        self._queue.put((future, partial(_contained, partial(work, *args))))
        return future

    def stop(self) -> None:
        """End the thread after the work already asked; its store is closed there."""
        self._queue.put(None)

    def join(self, deadline: float) -> None:
        """Wait for the thread to end, until ``deadline`` (``time.monotonic``)."""
        self._thread.join(max(0.0, deadline - time.monotonic()))

    def _loop(self) -> None:
        while (item := self._queue.get()) is not None:
            future, work = item
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(work())
                except BaseException as error:  # _contained lets only samegame's bugs by
                    future.set_exception(error)
        if self._store is not None:
            self._store.close()


def _contained(work: Callable[[], _T]) -> _T:
    """``work()``; a plugin's fault (``PluginError``, a name no plugin gives, or
    anything but an ``Exception`` raised on this thread, where no signal is ever
    delivered: plugin code's ``KeyboardInterrupt`` or ``SystemExit``) as a
    PageError with its one line, marked ``fault``."""
    try:
        return work()
    except (PluginError, UnknownNameError) as error:
        raise PageError(str(error), fault=True) from None
    except Exception:
        raise
    except BaseException as error:
        raise PageError(
            f"plugin code raised {error_words(error)}; nothing was lost", fault=True
        ) from None


@dataclass
class _Game:
    """An open game: its session, on its own worker."""

    worker: Worker
    session: Session


class PageGames:
    """The open games of one server (see the module)."""

    def __init__(
        self,
        host: Callable[[], PluginHost],
        store_path: Path | None = None,
        plugin_seconds: float = DEFAULT_SECONDS,
    ) -> None:
        """``host`` gives the plugin host (loaded on first use, on a worker);
        plugin code a game calls is stopped after ``plugin_seconds``."""
        self._host = host
        self._store_path = store_path
        self._seconds = plugin_seconds
        self._bounded: tuple[PluginHost, PluginHost] | None = None
        self._lobby = Worker("samegame-start", store_path)
        self._games: OrderedDict[str, _Game] = OrderedDict()

    def host(self) -> PluginHost:
        """The plugin host with every plugin callable bounded (``page_plugins``)."""
        loaded = self._host()
        if self._bounded is None or self._bounded[0] is not loaded:
            self._bounded = (loaded, bounded_host(loaded, self._seconds))
        return self._bounded[1]

    async def lobby(self, work: Callable[..., _T], *args: Any) -> _T:
        """``work(*args)`` on the start view's worker (never held up by a game)."""
        return await self._lobby.run(work, *args)

    def close(self, wait: float = CLOSE_SECONDS) -> None:
        """Stop every worker and wait at most ``wait`` seconds in all for them to
        close their stores; a game that plugin code holds up is not waited for
        (its thread is a daemon, and its child process dies with this one)."""
        workers = [game.worker for game in self._games.values()] + [self._lobby]
        self._games.clear()
        for worker in workers:
            worker.stop()
        deadline = time.monotonic() + wait
        for worker in workers:
            worker.join(deadline)

    def unfinished(self, language: str = "en") -> list[SavedGame]:
        """Every unfinished game, most recently saved first (on the start view's
        worker); a store that cannot be read (damaged, newer, a damaged game) is a
        PageError with its one line, as opening a game says it."""
        try:
            return self._lobby.store().unfinished_games()
        except StoreError as error:
            raise PageError(_words(error, language)) from None

    def finished(self, language: str = "en", limit: int = 20) -> list[SavedGame]:
        """The last ``limit`` finished games, most recently finished first (on the
        start view's worker); a store that cannot be read as ``unfinished``."""
        try:
            return self._lobby.store().history(limit)
        except StoreError as error:
            raise PageError(_words(error, language)) from None

    async def start(self, request: GameRequest) -> dict[str, Any]:
        """Open a game on a worker of its own: ``{"session", "lines", "state",
        "question"}``. Its preset (or the saved game's) must be one of
        ``page_presets``: any other value is refused with one answer, whatever it
        names, and no file is read for it."""
        worker = Worker("samegame-game", self._store_path)
        try:
            session, lines = await worker.run(self._open, worker, request)
        except BaseException:
            worker.stop()
            raise
        while len(self._games) >= MAX_GAMES:
            _, oldest = self._games.popitem(last=False)
            oldest.worker.stop()
        name = secrets.token_urlsafe(16)
        self._games[name] = _Game(worker, session)
        return {"session": name, **await worker.run(self._answer, session, lines)}

    async def command(self, name: str, line: str, language: str = "en") -> dict[str, Any]:
        """One command line in a game: ``{"lines", "state", "question", "quit"}``.
        After a plugin's fault, or a store that could not save, the game is closed
        (every move before it was saved)."""
        game = self._game(name, language)
        if len(line) > MAX_LINE:
            raise PageError(translator(language)("serve.error.line_too_long", limit=MAX_LINE))
        try:
            return await game.worker.run(self._command, game.session, line, language)
        except PageError as error:
            if error.fault:
                self._games.pop(name, None)
                game.worker.stop()
            raise

    async def state(self, name: str, language: str = "en") -> dict[str, Any]:
        """A game's state (a page reloaded): ``{"state", "question"}``."""
        game = self._game(name, language)
        return await game.worker.run(self._state_answer, game.session)

    def _game(self, name: str, language: str) -> _Game:
        game = self._games.get(name)
        if game is None:
            raise PageError(translator(language)("serve.error.no_game"), 404)
        self._games.move_to_end(name)
        return game

    # -- on a game's worker ---------------------------------------------------------------

    def _open(self, worker: Worker, request: GameRequest) -> tuple[Session, list[str]]:
        """The session of a request and the lines its start says."""
        try:
            named = (
                request.preset if request.game is None else self._saved_preset(worker, request.game)
            )
            options = PlayOptions(
                # None: no such saved game, which opening it says as ``play --game`` does.
                preset="basic" if named is None else self._listed(named, request.language),
                board_number=request.board_number,
                game_id=request.game,
                fresh=request.fresh,
                language=request.language,
            )
            start = prepare_play(options, host=self.host, long_work=_no_long_work)
            session = open_session(start, worker.store())
            return session, session.start()
        except (ChoiceError, PlayError, PresetError, StoreError) as error:
            raise PageError(_words(error, request.language)) from None

    @staticmethod
    def _saved_preset(worker: Worker, game_id: int) -> str | None:
        """The preset of a saved game; None when there is no such game (opening it
        then says so, as ``play --game`` does)."""
        try:
            return worker.store().load_game(game_id).setup.preset
        except NotFoundError:
            return None

    def _listed(self, named: str, language: str) -> str:
        """The listed preset's name that ``named`` is (ignoring case), else the
        page's one refusal (PageError), the same whatever ``named`` is."""
        listed = {preset.name.lower(): preset.name for preset in page_presets(self.host())}
        found = listed.get(named.lower())
        if found is None:
            known = ", ".join(sorted(listed.values(), key=str.lower))
            raise PageError(translator(language)("serve.error.unknown_preset", known=known or "-"))
        return found

    def _command(self, session: Session, line: str, language: str) -> dict[str, Any]:
        asks_help = session.pending is None and _is_help(line)
        try:
            reply = session.handle(line)
        except StoreError as error:
            # As ``samegame play`` ends (exit 5): the move that could not be saved is
            # not kept; every move before it was saved, and the game reopens from there.
            raise PageError(_words(error, language), 503, fault=True) from None
        if asks_help:  # the page's own keys follow the commands (A43)
            one_click = session.rules().selection is SelectionMode.ONE_CLICK
            reply.lines.extend([session.tr("web.keys.help"), *key_lines(session.tr, one_click)])
        answer = self._answer(session, reply.lines)
        answer["quit"] = reply.quit
        return answer

    def _state_answer(self, session: Session) -> dict[str, Any]:
        return {"state": self._state(session), "question": self._question(session, [])}

    def _answer(self, session: Session, lines: list[str]) -> dict[str, Any]:
        return {
            "lines": lines,
            "state": self._state(session),
            "question": self._question(session, lines),
        }

    @staticmethod
    def _question(session: Session, lines: list[str]) -> str | None:
        """The yes/no question now pending: the last line said asks it."""
        if session.pending is None:
            return None
        return lines[-1] if lines else session.last[-1] if session.last else ""

    @staticmethod
    def _state(session: Session) -> dict[str, Any]:
        game = session.game
        assert game is not None, "a started session has a game"
        # Said when the game ended; not while a question waits for its answer.
        ending = session.ending if session.pending is None else None
        preset = session.table.preset
        return game_state(
            game,
            session.announcer,
            game_id=session.game_id,
            title=session.announcer.preset_name(preset.name),
            board_number=session.board_number,
            one_click=session.rules().selection is SelectionMode.ONE_CLICK,
            ending=ending,
        )


def _words(error: Exception, language: str) -> str:
    """An error's message in the page's language when it carries a catalogue one."""
    said = said_of(error)
    return said.in_language(language) if said is not None else str(error)


def _is_help(line: str) -> bool:
    """Whether a line typed in the page is the ``help`` command."""
    try:
        command = parse_command(line)
    except UnknownCommandError:
        return False
    return command is not None and command.kind is Kind.HELP
