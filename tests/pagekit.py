"""Shared helpers of the in-process tests of the page's server (tests/unit/web/):
an application on a fixed address with a known token, and a POST as the page
sends it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from starlette.testclient import TestClient

from samegame.web.security import allowed_hosts
from samegame.web.server import create_app

TOKEN = "secret-token"
BASE = "http://127.0.0.1:8765"
LESSON = {"preset": "lesson", "board_number": 1}


@contextmanager
def page_client(**options: Any) -> Iterator[TestClient]:
    """A test client of a fresh application (``create_app`` with ``options``)."""
    app = create_app(token=TOKEN, hosts=allowed_hosts("127.0.0.1", 8765), **options)
    with TestClient(app, base_url=BASE) as opened:
        yield opened


def post(client: TestClient, path: str, body: object, **headers: str) -> Any:
    """``body`` as JSON to ``path``, with the token."""
    sent = {"X-Samegame-Token": TOKEN, "Content-Type": "application/json", **headers}
    return client.post(path, content=json.dumps(body), headers=sent)
