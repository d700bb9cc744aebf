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
import secrets
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from samegame.core.rules import SelectionMode
from samegame.i18n import translator
from samegame.i18n.said import said_of
from samegame.play.choices import ChoiceError
from samegame.play.hint_bot import LongWork
from samegame.play.startup import PlayOptions, prepare_play
from samegame.play.table import PlayError
from samegame.plugin.host import PluginHost
from samegame.presets import Preset, PresetError
from samegame.repl.session import Session
from samegame.repl.session_opening import open_session
from samegame.store import NotFoundError, SavedGame, Store, StoreError
from samegame.web.page_state import game_state

__all__ = ["MAX_GAMES", "MAX_LINE", "GameRequest", "PageError", "PageGames", "page_presets"]

MAX_GAMES = 64
"""The most games open at once."""

MAX_LINE = 200
"""The most characters of one command line."""

_T = TypeVar("_T")


class PageError(Exception):
    """A request the page cannot have: a message in the player's language and the
    HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


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


class PageGames:
    """The open games of one server (see the module)."""

    def __init__(self, host: Callable[[], PluginHost], store_path: Path | None = None) -> None:
        self._host = host
        self._store_path = store_path
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="samegame-games")
        self._store: Store | None = None
        self._games: OrderedDict[str, Session] = OrderedDict()

    async def run(self, work: Callable[..., _T], *args: Any) -> _T:
        """``work(*args)`` on the games' thread."""
        return await asyncio.get_running_loop().run_in_executor(self._thread, partial(work, *args))

    def close(self) -> None:
        """Close the store (on the games' thread) and stop the thread."""

        def closing() -> None:
            if self._store is not None:
                self._store.close()
                self._store = None

        self._thread.submit(closing).result()
        self._thread.shutdown(wait=True)

    # -- on the games' thread -----------------------------------------------------------

    def store(self) -> Store:
        if self._store is None:
            self._store = Store(self._store_path)
        return self._store

    def unfinished(self, language: str = "en") -> list[SavedGame]:
        """Every unfinished game, most recently saved first; a store that cannot be
        read (damaged, newer, a damaged game) is a PageError with its one line,
        as opening a game says it."""
        try:
            return self.store().unfinished_games()
        except StoreError as error:
            raise PageError(_words(error, language)) from None

    def start(self, request: GameRequest) -> dict[str, Any]:
        """Open a game: ``{"session", "lines", "state", "question"}``. Its preset
        (or the saved game's) must be one of ``page_presets``: any other value is
        refused with one answer, whatever it names, and no file is read for it."""
        try:
            named = request.preset if request.game is None else self._saved_preset(request.game)
            options = PlayOptions(
                # None: no such saved game, which opening it says as ``play --game`` does.
                preset="basic" if named is None else self._listed(named, request.language),
                board_number=request.board_number,
                game_id=request.game,
                fresh=request.fresh,
                language=request.language,
            )
            start = prepare_play(options, host=self._host, long_work=_no_long_work)
            session = open_session(start, self.store())
            lines = session.start()
        except (ChoiceError, PlayError, PresetError, StoreError) as error:
            raise PageError(_words(error, request.language)) from None
        while len(self._games) >= MAX_GAMES:
            self._games.popitem(last=False)
        name = secrets.token_urlsafe(16)
        self._games[name] = session
        return {"session": name, **self._answer(session, lines)}

    def _saved_preset(self, game_id: int) -> str | None:
        """The preset of a saved game; None when there is no such game (opening it
        then says so, as ``play --game`` does)."""
        try:
            return self.store().load_game(game_id).setup.preset
        except NotFoundError:
            return None

    def _listed(self, named: str, language: str) -> str:
        """The listed preset's name that ``named`` is (ignoring case), else the
        page's one refusal (PageError), the same whatever ``named`` is."""
        listed = {preset.name.lower(): preset.name for preset in page_presets(self._host())}
        found = listed.get(named.lower())
        if found is None:
            known = ", ".join(sorted(listed.values(), key=str.lower))
            raise PageError(translator(language)("serve.error.unknown_preset", known=known or "-"))
        return found

    def command(self, name: str, line: str, language: str = "en") -> dict[str, Any]:
        """One command line in a game: ``{"lines", "state", "question", "quit"}``."""
        session = self._session(name, language)
        if len(line) > MAX_LINE:
            raise PageError(translator(language)("serve.error.line_too_long", limit=MAX_LINE))
        try:
            reply = session.handle(line)
        except StoreError as error:
            raise PageError(_words(error, language), 500) from None
        answer = self._answer(session, reply.lines)
        answer["quit"] = reply.quit
        return answer

    def state(self, name: str, language: str = "en") -> dict[str, Any]:
        """A game's state (a page reloaded): ``{"state", "question"}``."""
        session = self._session(name, language)
        return {"state": self._state(session), "question": self._question(session, [])}

    def _session(self, name: str, language: str) -> Session:
        session = self._games.get(name)
        if session is None:
            raise PageError(translator(language)("serve.error.no_game"), 404)
        self._games.move_to_end(name)
        return session

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
            session.tr,
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
