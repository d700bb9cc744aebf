"""``samegame.web.serving.Answers``: a stop ends the requests that would not end by
themselves, each as answered (no CancelledError reaches uvicorn, which would log
it with a traceback), and a request cancelled for any other reason stays
cancelled. The whole server's stop is tested in tests/system/test_serve_stops.py."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from samegame.web.serving import Answers


async def _nothing_received() -> dict[str, Any]:
    return {"type": "http.disconnect"}


async def _sent(message: Any) -> None:
    return None


def _request(answers: Answers) -> asyncio.Task[None]:
    return asyncio.ensure_future(answers({"type": "http"}, _nothing_received, _sent))


async def _held_up(scope: Any, receive: Any, send: Any) -> None:
    await asyncio.sleep(60)


async def _quick(scope: Any, receive: Any, send: Any) -> None:
    await asyncio.sleep(0.01)


def test_a_stop_ends_a_request_held_up_as_answered() -> None:
    async def scene() -> None:
        answers = Answers(_held_up)
        request = _request(answers)
        await asyncio.sleep(0)
        await answers.finished(0.05)
        assert not request.done(), "finished waits, and does not end a request"
        await answers.stop(1.0)
        assert request.done()
        assert not request.cancelled()
        assert request.exception() is None

    asyncio.run(scene())


def test_finished_returns_once_the_requests_are_answered() -> None:
    async def scene() -> float:
        answers = Answers(_quick)
        request = _request(answers)
        await asyncio.sleep(0)
        began = asyncio.get_running_loop().time()
        await answers.finished(10.0)
        assert request.done()
        return asyncio.get_running_loop().time() - began

    assert asyncio.run(scene()) < 1.0


def test_a_request_cancelled_outside_a_stop_stays_cancelled() -> None:
    async def scene() -> None:
        answers = Answers(_held_up)
        request = _request(answers)
        await asyncio.sleep(0)
        request.cancel()
        with pytest.raises(asyncio.CancelledError):
            await request

    asyncio.run(scene())
