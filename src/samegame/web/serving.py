"""How the page's server holds its connections and how it stops (docs/web.md,
"Connections and stopping"): uvicorn, with limits it does not set by itself and
a stop that no client can hold up.

Each connection (``PageProtocol``, uvicorn's h11 protocol with two deadlines):

- one that sends nothing for ``IDLE_SECONDS``, before its first request or
  between two, is closed (uvicorn's keep-alive timeout, which uvicorn starts only
  after a first answer, started when the connection opens too);
- a request must arrive whole, head and body, within ``REQUEST_SECONDS`` of its
  first byte (h11 has no deadline of its own: a client sending a byte a second
  would hold a connection for ever), and a client must take an answer within
  ``REQUEST_SECONDS`` of its buffers being full; else the connection is closed;
- with ``MAX_CONNECTIONS`` connections open, a further one is closed as soon as
  it opens, and connections are taken at most ``MAX_CONNECTIONS`` at a time
  (uvicorn's ``limit_concurrency`` keeps each one open to answer 503, and its
  backlog takes 2,048 at a time: a flood of connections then uses up the usual
  1,024 files, and asyncio logs a traceback at every connection it cannot take).

A stop signal (``STOP_SIGNALS``: Ctrl-C, SIGTERM, SIGHUP) is given to the
``requested`` rule ``serve`` is given (the command line's: a copy of the last
request is none, a second request ends the process at once). A request to stop
(``PageServer.shutdown``):

1. stops listening, closes every idle connection and cuts off every request still
   arriving (nothing of it was acted on);
2. lets the requests being answered finish for ``GRACE_SECONDS``;
3. cuts every connection still open (a client not reading its answer, a request
   waiting for a game that plugin code holds up) and ends the requests still
   running (``Answers``): a game's thread goes on to the end of the move it is
   making, and a move is saved whole or not at all (one SQLite transaction);
4. closes the games (``PageGames.close``: their threads are waited for at most
   ``page_games.CLOSE_SECONDS``).

So whatever the clients do, the games are closed at most about 1.2 seconds after
the signal (a tick of uvicorn's loop, the grace, uvicorn's own pause of a tick,
the games' close), and the process ends a few tenths of a second later.
"""

from __future__ import annotations

import asyncio
import signal
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from samegame.core.stops import STOP_SIGNALS
from samegame.web.security import ASGIApp, Receive, Scope, Send

__all__ = [
    "GRACE_SECONDS",
    "IDLE_SECONDS",
    "MAX_CONNECTIONS",
    "REQUEST_SECONDS",
    "Answers",
    "PageProtocol",
    "PageServer",
    "serve",
]

IDLE_SECONDS = 5
"""A connection that sends nothing this long is closed."""

REQUEST_SECONDS = 5
"""A request must arrive whole this soon after its first byte; an answer must be
taken this soon after the client's buffers are full."""

MAX_CONNECTIONS = 100
"""The most connections open at once: one more is closed as soon as it opens."""

GRACE_SECONDS = 0.5
"""How long a stop lets the requests being answered finish."""

TICK_SECONDS = 0.1
"""How often uvicorn looks whether to stop, and how long it waits after telling
the connections to close."""


class Answers:
    """ASGI middleware that knows the requests being answered, so that a stop can
    end those that would not end by themselves (``stop``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._running: set[asyncio.Task[object]] = set()
        self._stopping = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        task = asyncio.current_task()
        if scope["type"] != "http" or task is None:
            await self.app(scope, receive, send)
            return
        self._running.add(task)
        try:
            await self.app(scope, receive, send)
        except asyncio.CancelledError:
            if not self._stopping:
                raise
            # Ended by the stop: its connection is cut, nothing is left to answer.
        finally:
            self._running.discard(task)

    async def finished(self, seconds: float) -> None:
        """Wait until every request being answered is finished, at most ``seconds``."""
        if self._running:
            await asyncio.wait(set(self._running), timeout=seconds)

    async def stop(self, seconds: float) -> None:
        """End every request still running (each ends as answered, without a
        traceback), and wait at most ``seconds`` for them to end."""
        self._stopping = True
        running = set(self._running)
        for task in running:
            task.cancel()
        if running:
            await asyncio.wait(running, timeout=seconds)


class PageProtocol(H11Protocol):
    """uvicorn's h11 protocol with the deadlines of the module: ``arrival`` while
    a request arrives, ``stalled`` while the client takes no more of an answer;
    each cuts the connection after ``REQUEST_SECONDS``."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadlines: dict[str, asyncio.TimerHandle] = {}
        if len(self.connections) > MAX_CONNECTIONS:
            self.cut()
            return
        # uvicorn's keep-alive deadline, from the start: data received cancels it.
        self.timeout_keep_alive_task = self.loop.call_later(
            self.timeout_keep_alive, self.timeout_keep_alive_handler
        )

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch_arrival()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch_arrival()

    def pause_writing(self) -> None:
        super().pause_writing()
        self._start("stalled")

    def resume_writing(self) -> None:
        super().resume_writing()
        self._end("stalled")

    def connection_lost(self, exc: Exception | None) -> None:
        for name in list(self._deadlines):
            self._end(name)
        super().connection_lost(exc)

    def arriving(self) -> bool:
        """Whether a request has begun to arrive and is not all in (its head, or
        its body, half sent)."""
        state = self.conn.their_state
        return state is h11.SEND_BODY or (state is h11.IDLE and bool(self.conn.trailing_data[0]))

    def shutdown(self) -> None:
        """The stop's first step: a request still arriving is cut off; otherwise
        as uvicorn does (an idle connection is closed, one being answered is
        closed after its answer)."""
        if self.transport.is_closing():
            return
        if self.arriving():
            self.cut()
        else:
            super().shutdown()

    def cut(self) -> None:
        """Close the connection now, dropping whatever it had still to send."""
        self.transport.abort()

    def _watch_arrival(self) -> None:
        """The arrival deadline from a request's first byte until it is all in."""
        if self.arriving():
            self._start("arrival")
        else:
            self._end("arrival")

    def _start(self, name: str) -> None:
        """Cut the connection ``REQUEST_SECONDS`` from now unless ``_end(name)``
        comes first; nothing when that deadline runs already."""
        if name not in self._deadlines:
            self._deadlines[name] = self.loop.call_later(REQUEST_SECONDS, self.cut)

    def _end(self, name: str) -> None:
        timer = self._deadlines.pop(name, None)
        if timer is not None:
            timer.cancel()


class PageServer(uvicorn.Server):
    """uvicorn's server with the stop of the module: the stop signals are told to
    ``requested`` (True: a request to stop; False: nothing to do)."""

    def __init__(
        self, config: uvicorn.Config, answers: Answers, requested: Callable[[int], bool]
    ) -> None:
        super().__init__(config)
        self._answers = answers
        self._requested = requested

    @contextmanager
    def capture_signals(self) -> Iterator[None]:
        """Take the stop signals while serving (main thread only; a signal that is
        ignored stays ignored), and give the old handlers back after. Unlike
        uvicorn, raise nothing after: the caller says how the stop ended."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        taken = [
            number for number in STOP_SIGNALS if signal.getsignal(number) is not signal.SIG_IGN
        ]
        previous = {number: signal.signal(number, self._signalled) for number in taken}
        try:
            yield
        finally:
            for number, handler in previous.items():
                signal.signal(number, handler)

    def _signalled(self, number: int, frame: FrameType | None) -> None:
        if not self._requested(number):
            return
        if self.should_exit:  # a second request that did not end the process itself
            self.force_exit = True
        self.should_exit = True

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        """The stop of the module, then uvicorn's (which finds nothing left to wait
        for) and the application's (the games closed)."""
        for server in self.servers:
            server.close()
        for connection in self._connections():
            connection.shutdown()
        await self._answers.finished(GRACE_SECONDS)
        for connection in self._connections():
            connection.cut()
        await self._answers.stop(TICK_SECONDS)
        await super().shutdown(sockets)

    def _connections(self) -> list[PageProtocol]:
        return [c for c in self.server_state.connections if isinstance(c, PageProtocol)]


def serve(app: ASGIApp, listener: socket.socket, requested: Callable[[int], bool]) -> None:
    """Serve ``app`` on ``listener`` (bound and listening) until a request to stop
    (``requested``, see the module); return once the server has stopped."""
    answers = Answers(app)
    config = uvicorn.Config(
        answers,
        log_level="warning",
        access_log=False,
        lifespan="on",
        http=PageProtocol,
        ws="none",
        timeout_keep_alive=IDLE_SECONDS,
        backlog=MAX_CONNECTIONS,
        # A last resort: the stop leaves uvicorn nothing to wait for.
        timeout_graceful_shutdown=1,
    )
    PageServer(config, answers, requested).run(sockets=[listener])
