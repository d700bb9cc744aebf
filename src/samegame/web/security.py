"""What every request to the page's server is checked for, before any route sees
it (docs/web.md, "Safety"):

- its ``Host`` header names this server (``127.0.0.1:PORT``, ``localhost:PORT``,
  or the address it was told to serve on), so a page of another site that makes
  its own name resolve to 127.0.0.1 (DNS rebinding) is refused;
- a request that changes anything (``POST``) carries the server's token in
  ``X-Samegame-Token`` (the token is in the page this server gave) and, when the
  browser says where it came from (``Origin``), comes from this server's own
  origin; its body is at most ``MAX_BODY`` bytes;
- every answer forbids scripts, styles and frames from elsewhere (a content
  security policy) and says not to guess content types or send referrers.

``Guard`` is plain ASGI middleware, so a refused request reaches no route.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

from samegame.i18n import translator

__all__ = ["MAX_BODY", "SECURITY_HEADERS", "Guard", "allowed_hosts", "read_body"]

MAX_BODY = 16_384
"""The most bytes of a request body."""

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),
)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The ``Host`` values this server answers: the address it serves on, and for
    a loopback address both of its usual names."""
    names = {host}
    if host in ("127.0.0.1", "localhost", "::1"):
        names |= {"127.0.0.1", "localhost"}
    shown = {f"[{name}]" if ":" in name else name for name in names}
    return frozenset(f"{name}:{port}" for name in shown)


class BodyTooLarge(Exception):
    """A body over ``MAX_BODY`` bytes."""


async def read_body(receive: Receive, limit: int = MAX_BODY) -> bytes:
    """The request body, read until its end or until it passes ``limit`` bytes
    (BodyTooLarge, without reading the rest)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


class Guard:
    """The checks of the module around an ASGI app. ``language`` says the
    refusals' words; ``token`` is the server's."""

    def __init__(
        self, app: ASGIApp, *, hosts: Iterable[str], token: str, language: str = "en"
    ) -> None:
        self.app = app
        self.hosts = frozenset(host.lower() for host in hosts)
        self.origins = frozenset(f"http://{host}" for host in self.hosts)
        self.token = token
        self.tr = translator(language)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {key.lower(): value for key, value in scope.get("headers", ())}
        host = headers.get(b"host", b"").decode("latin-1").lower()
        if host not in self.hosts:
            first = sorted(self.hosts)[0] if self.hosts else ""
            await _refuse(send, 400, self.tr("serve.error.wrong_host", host=first))
            return
        if scope["method"] not in ("GET", "HEAD"):
            given = headers.get(b"x-samegame-token", b"").decode("latin-1")
            if not hmac.compare_digest(given.encode(), self.token.encode()):
                await _refuse(send, 403, self.tr("serve.error.token"))
                return
            origin = headers.get(b"origin")
            if origin is not None and origin.decode("latin-1").lower() not in self.origins:
                await _refuse(send, 403, self.tr("serve.error.origin"))
                return
            length = headers.get(b"content-length")
            if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
                await _refuse(send, 413, self.tr("serve.error.too_large", limit=MAX_BODY))
                return
            try:
                body = await read_body(receive)
            except BodyTooLarge:
                await _refuse(send, 413, self.tr("serve.error.too_large", limit=MAX_BODY))
                return
            receive = _replay(body)

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, secured)


def _replay(body: bytes) -> Receive:
    """A ``receive`` that gives the body already read, then a disconnect."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return {"type": "http.disconnect"}

    return receive


async def _refuse(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}, ensure_ascii=False).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                *SECURITY_HEADERS,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
