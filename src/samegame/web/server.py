"""The page's server: a Starlette application of a few routes (docs/web.md), all
behind ``security.Guard``.

``GET /`` gives the page (``static/index.html`` with the token, the language and
the title filled in, HTML-escaped); ``GET /static/NAME`` one of its fixed files;
``GET /api/start`` the words and presets of the start view; ``POST /api/games``
opens a game, ``POST /api/games/ID/command`` performs a line in it and ``GET
/api/games/ID`` gives its state (``samegame.web.page_games``); ``POST
/api/reviews`` reviews a saved game, ``GET /api/reviews/ID`` says where the review
stands and, once it ended, its words, ``POST /api/reviews/ID/cancel`` stops it
and ``POST /api/reviews/ID/practice`` judges an answer on a key moment
(``samegame.web.page_reviews``).
"""

from __future__ import annotations

import html
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from samegame.core.limits import SQLITE_MAX_INTEGER
from samegame.i18n import LANGUAGES, translator
from samegame.plugin.host import get_host
from samegame.store import paths
from samegame.web.page_games import GameRequest, PageError, PageGames, page_presets
from samegame.web.page_reviews import PageReviews
from samegame.web.page_text import scrubbed, server_folders, without_paths
from samegame.web.security import Guard

__all__ = ["SHARED_WORDS", "STATIC_FILES", "create_app", "page_words"]

STATIC_FILES = {
    "game.js": "text/javascript; charset=utf-8",
    "review.js": "text/javascript; charset=utf-8",
    "game.css": "text/css; charset=utf-8",
}
"""The page's files by name, with their content types: nothing else is served."""

LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}


def _static(name: str) -> bytes:
    return resources.files("samegame.web").joinpath("static", name).read_bytes()


def _language(value: object, default: str) -> str:
    return value if isinstance(value, str) and value in LANGUAGES else default


def _preset_value(value: object) -> str:
    """The preset the page named: ``basic`` when none; a value that is not text is
    a name no preset has."""
    if value is None or value == "":
        return "basic"
    return value if isinstance(value, str) else "\x00"


def _int_or_none(value: object, language: str) -> int | None:
    """A board number or game id as the page sent it: None, or a whole number from
    0 to ``SQLITE_MAX_INTEGER`` (the store's largest, as ``play --game`` allows);
    else PageError saying so (400)."""
    if value is None:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not 0 <= value <= SQLITE_MAX_INTEGER
    ):
        words = translator(language)("serve.error.not_whole_number", most=SQLITE_MAX_INTEGER)
        raise PageError(words)
    return value


def create_app(
    *,
    token: str,
    hosts: frozenset[str],
    language: str = "en",
    games: PageGames | None = None,
    reviews: PageReviews | None = None,
) -> Guard:
    """The application for one server: its token, the ``Host`` values it answers
    (``security.allowed_hosts``), its default language (the saved one), its
    games (by default on the process's plugin host, each plugin call stopped
    after ``bounded.DEFAULT_SECONDS``) and its reviews (by default on the
    process's plugin host, as ``samegame review`` makes a game's rules)."""
    opened = games if games is not None else PageGames(get_host)
    reviewed = reviews if reviews is not None else PageReviews(get_host)
    scrub = without_paths(server_folders([paths.config_dir(), paths.data_dir()]))

    def answer(data: dict[str, Any], status: int = 200) -> Response:
        """Every JSON answer: no absolute path in any of its strings (``page_text``)."""
        return JSONResponse(scrubbed(data, scrub), status_code=status)

    async def page(request: Request) -> Response:
        lang = _language(request.query_params.get("lang"), language)
        text = _static("index.html").decode("utf-8")
        for name, value in (
            ("token", token),
            ("lang", lang),
            ("title", translator(lang)("serve.title")),
        ):
            text = text.replace("{{" + name + "}}", html.escape(value, quote=True))
        return HTMLResponse(text)

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC_FILES:
            return JSONResponse({"error": "not found"}, status_code=404)
        return Response(_static(name), media_type=STATIC_FILES[name])

    async def start(request: Request) -> Response:
        lang = _language(request.query_params.get("lang"), language)
        try:
            data = await opened.lobby(_start_view, opened, lang)
        except PageError as error:
            return answer({"error": str(error)}, error.status)
        return answer(data)

    async def open_game(request: Request) -> Response:
        body = await _json_object(request, language)
        if isinstance(body, Response):
            return body
        lang = _language(body.get("lang"), language)
        try:
            asked = GameRequest(
                preset=_preset_value(body.get("preset")),
                board_number=_int_or_none(body.get("board_number"), lang),
                game=_int_or_none(body.get("game"), lang),
                fresh=body.get("fresh") is True,
                language=lang,
            )
            return answer(await opened.start(asked))
        except PageError as error:
            return answer({"error": str(error)}, error.status)

    async def command(request: Request) -> Response:
        body = await _json_object(request, language)
        if isinstance(body, Response):
            return body
        lang = _language(body.get("lang"), language)
        line = body.get("line")
        if not isinstance(line, str):
            return answer({"error": translator(lang)("serve.error.not_json")}, 400)
        try:
            said = await opened.command(request.path_params["game"], line, lang)
        except PageError as error:
            refused: dict[str, Any] = {"error": str(error)}
            if error.fault:
                refused["closed"] = True
            return answer(refused, error.status)
        return answer(said)

    async def state(request: Request) -> Response:
        lang = _language(request.query_params.get("lang"), language)
        try:
            said = await opened.state(request.path_params["game"], lang)
        except PageError as error:
            return answer({"error": str(error)}, error.status)
        return answer(said)

    async def review(request: Request) -> Response:
        body = await _json_object(request, language)
        if isinstance(body, Response):
            return body
        lang = _language(body.get("lang"), language)
        try:
            game = _int_or_none(body.get("game"), lang)
            if game is None:
                raise PageError(
                    translator(lang)("serve.error.not_whole_number", most=SQLITE_MAX_INTEGER)
                )
            return answer(await reviewed.start(game, lang))
        except PageError as error:
            return answer({"error": str(error)}, error.status)

    async def review_state(request: Request) -> Response:
        lang = _language(request.query_params.get("lang"), language)
        try:
            return answer(await reviewed.status(request.path_params["review"], lang))
        except PageError as error:
            return answer({"error": str(error)}, error.status)

    async def review_cancel(request: Request) -> Response:
        body = await _json_object(request, language)
        if isinstance(body, Response):
            return body
        lang = _language(body.get("lang"), language)
        try:
            return answer(await reviewed.cancel(request.path_params["review"], lang))
        except PageError as error:
            return answer({"error": str(error)}, error.status)

    async def review_practice(request: Request) -> Response:
        body = await _json_object(request, language)
        if isinstance(body, Response):
            return body
        lang = _language(body.get("lang"), language)
        tr = translator(lang)
        line, move = body.get("line"), body.get("move")
        if not isinstance(line, str):
            return answer({"error": tr("serve.error.not_json")}, 400)
        if (
            isinstance(move, bool)
            or not isinstance(move, int)
            or not 1 <= move <= SQLITE_MAX_INTEGER
        ):
            return answer({"error": tr("serve.error.not_a_move")}, 400)
        try:
            lines = await reviewed.practice(request.path_params["review"], move, line, lang)
        except PageError as error:
            return answer({"error": str(error)}, error.status)
        return answer({"lines": lines})

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            reviewed.close()
            opened.close()

    app = Starlette(
        routes=[
            Route("/", page, methods=["GET"]),
            Route("/static/{name}", static, methods=["GET"]),
            Route("/api/start", start, methods=["GET"]),
            Route("/api/games", open_game, methods=["POST"]),
            Route("/api/games/{game}/command", command, methods=["POST"]),
            Route("/api/games/{game}", state, methods=["GET"]),
            Route("/api/reviews", review, methods=["POST"]),
            Route("/api/reviews/{review}", review_state, methods=["GET"]),
            Route("/api/reviews/{review}/cancel", review_cancel, methods=["POST"]),
            Route("/api/reviews/{review}/practice", review_practice, methods=["POST"]),
        ],
        lifespan=lifespan,
    )
    # A path the page never asks for is not found, with or without a final slash
    # (Starlette would answer 307 to the path without it).
    app.router.redirect_slashes = False
    return Guard(app, hosts=hosts, token=token, language=language)


async def _json_object(request: Request, language: str) -> dict[str, Any] | Response:
    """The request's JSON object, or the 400 answer saying it is not one."""
    try:
        body = json.loads(await request.body())
    except (ValueError, RecursionError):
        body = None
    if not isinstance(body, dict):
        return JSONResponse({"error": translator(language)("serve.error.not_json")}, 400)
    return body


SHARED_WORDS = frozenset({"query.bad_row", "query.bad_column", "cell.empty", "groups.none"})
"""The line interface's messages the page says itself, in the same words: a row
or column its keys cannot jump to, an empty cell where a tile is needed, and no
group to jump to."""


def page_words(language: str) -> dict[str, str]:
    """Every ``web.*`` message of a language, and those of ``SHARED_WORDS``, as
    its template, placeholders left for the page to fill; a message with plural
    forms as its ``other`` form under its key and its ``one`` form under
    ``KEY#one``."""
    words: dict[str, str] = {}
    for key, template in sorted(LANGUAGES[language].items()):
        if not key.startswith("web.") and key not in SHARED_WORDS:
            continue
        if isinstance(template, str):
            words[key] = template
        else:
            words[key] = template["other"]
            if "one" in template:
                words[f"{key}#one"] = template["one"]
    return words


def _start_view(games: PageGames, language: str) -> dict[str, Any]:
    """The start view's words, presets and unfinished games (on the start view's
    worker)."""
    from samegame.repl.announcer import Announcer
    from samegame.repl.game_lines import game_line

    tr = translator(language)
    say = Announcer(tr)
    presets = page_presets(games.host())
    words = page_words(language)
    unfinished = games.unfinished(language)[:20]
    finished = games.finished(language, 20)
    return {
        "language": language,
        "languages": [{"code": code, "name": LANGUAGE_NAMES.get(code, code)} for code in LANGUAGES],
        "words": words,
        "presets": [
            {
                "name": preset.name,
                "title": say.preset_text("title", preset.name, preset.title),
                "description": say.preset_text("description", preset.name, preset.description),
            }
            for preset in presets
        ],
        "unfinished": [
            {
                "game": game.game_id,
                "preset": game.setup.preset,
                "title": say.preset_name(game.setup.preset),
                "moves": len(game.moves),
                "text": game_line(say, game),
            }
            for game in unfinished
            if game.setup.challenge_id is None
        ],
        "finished": [
            {
                "game": game.game_id,
                "preset": game.setup.preset,
                "title": say.preset_name(game.setup.preset),
                "text": game_line(say, game),
            }
            for game in finished
        ],
    }
