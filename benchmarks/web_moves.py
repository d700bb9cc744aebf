"""Server time per move of ``samegame serve`` on 18 by 18 boards, and the page's weight.

Starts ``samegame serve`` as a process (the installed command, a throw-away
``SAMEGAME_HOME``), reads the token from its page, and plays ``--moves`` moves
through ``POST /api/games/ID/command`` on one kept-alive HTTP connection, as the
page does: the Challenge preset (two 18 by 18 stages, one click a move), each
move the first group of the board as the page shows it (bottom row first, left
to right). A finished stage goes on with ``next``; after a challenge's last
stage, where ``next`` has no stage left (``new`` would start another challenge in
the same session), the benchmark opens a new game with ``POST /api/games``. The
time of a move is the wall time of its request, from sending to the whole answer
read; only moves are counted, not ``next`` or opening a game.

It also weighs the page: the bytes of ``/``, ``/static/game.js`` and
``/static/game.css`` as served, each alone and gzip-compressed (the server does
not compress; the gzip figure is what a compressing proxy would send).

    python benchmarks/web_moves.py --moves 1000
    python benchmarks/web_moves.py --moves 1000 --fresh-connections
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

PAGE_FILES = ("/", "/static/game.js", "/static/game.css")


class Page:
    """One kept-alive connection to the server, speaking as the page does; with
    ``fresh``, a new connection for every request instead."""

    def __init__(self, port: int, fresh: bool = False) -> None:
        self.port = port
        self.fresh = fresh
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.token = ""

    def get(self, path: str) -> bytes:
        self.connection.request("GET", path)
        answer = self.connection.getresponse()
        body = answer.read()
        if answer.status != 200:
            raise SystemExit(f"GET {path}: {answer.status} {body[:200]!r}")
        return body

    def post(self, path: str, body: dict[str, Any]) -> tuple[dict[str, Any], int]:
        """The JSON answer and its size in bytes."""
        headers = {"X-Samegame-Token": self.token, "Content-Type": "application/json"}
        if self.fresh:
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        self.connection.request("POST", path, json.dumps(body), headers)
        answer = self.connection.getresponse()
        raw = answer.read()
        if answer.status != 200:
            raise SystemExit(f"POST {path}: {answer.status} {raw[:200]!r}")
        data: dict[str, Any] = json.loads(raw)
        return data, len(raw)


def first_group(state: dict[str, Any]) -> str | None:
    """The first cell of a group of two or more, bottom row first, left to right."""
    for row in reversed(state["rows"]):
        for cell in row:
            if cell is not None and cell["group"] >= 2:
                name: str = cell["cell"]
                return name
    return None


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def play(page: Page, moves: int, preset: str) -> tuple[list[float], list[int], int, int]:
    """Times of ``moves`` moves, the sizes of their answers, the games opened and
    the boards played."""
    times: list[float] = []
    sizes: list[int] = []
    games = boards = 0
    session = ""
    state: dict[str, Any] = {"finished": True, "rows": []}
    stage_over = False
    while len(times) < moves:
        cell = None if state["finished"] else first_group(state)
        if cell is None:
            if stage_over:  # a stage is over: the next one, else a new game
                data, _ = page.post(f"/api/games/{session}/command", {"line": "next"})
                stage_over = False
                if not data["state"]["finished"]:
                    state = data["state"]
                    boards += 1
                    continue
            data, _ = page.post("/api/games", {"preset": preset})
            session, state = data["session"], data["state"]
            games += 1
            boards += 1
            if (state["width"], state["height"]) != (18, 18):
                raise SystemExit(f"{preset} plays {state['width']}x{state['height']}, not 18x18")
            if not state["one_click"]:
                raise SystemExit(f"{preset} is not one click a move")
            continue
        path = f"/api/games/{session}/command"
        started = time.perf_counter()
        data, size = page.post(path, {"line": cell})
        times.append(time.perf_counter() - started)
        sizes.append(size)
        state = data["state"]
        if data["question"]:
            raise SystemExit(f"a move asked {data['question']!r}")
        stage_over = state["finished"]
    return times, sizes, games, boards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--preset", default="challenge", help="a preset of 18x18 boards")
    parser.add_argument(
        "--fresh-connections",
        action="store_true",
        help="a new connection for every request (the page keeps one alive)",
    )
    args = parser.parse_args()
    scripts = os.path.dirname(sys.executable)
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "SAMEGAME_HOME": home, "SAMEGAME_DISABLE_PLUGIN_AUTOLOAD": "1"}
        env["PATH"] = os.pathsep.join([scripts, env.get("PATH", "")])
        server = subprocess.Popen(["samegame", "serve"], stdout=subprocess.PIPE, text=True, env=env)
        try:
            assert server.stdout is not None
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", server.stdout.readline())
            if found is None:
                raise SystemExit("samegame serve said no address")
            page = Page(int(found.group(1)), fresh=args.fresh_connections)
            served = {path: page.get(path) for path in PAGE_FILES}
            token = re.search(rb'name="samegame-token" content="([^"]+)"', served["/"])
            assert token is not None, "the page carries its token"
            page.token = token.group(1).decode()
            began = time.perf_counter()
            times, sizes, games, boards = play(page, args.moves, args.preset)
            total = time.perf_counter() - began
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=30)
    milliseconds = [t * 1000 for t in times]
    how = "a new connection each" if args.fresh_connections else "one kept-alive connection"
    print(
        f"{len(times)} moves on 18x18 boards ({args.preset}, {how}): {boards} boards, {games} games"
    )
    print(
        f"server time per move: median {statistics.median(milliseconds):.1f} ms, "
        f"95th percentile {percentile(milliseconds, 0.95):.1f} ms, "
        f"max {max(milliseconds):.1f} ms; {total:.1f} s in all"
    )
    print(f"answer to a move: median {statistics.median(sizes):,.0f} bytes of JSON")
    print("page weight:")
    raw_total = packed_total = 0
    for path, body in served.items():
        packed = len(gzip.compress(body))
        raw_total += len(body)
        packed_total += packed
        name = Path(path).name or "index.html"
        print(f"  {name:<10} {len(body):>7,} bytes, gzip {packed:>6,}")
    print(f"  {'total':<10} {raw_total:>7,} bytes, gzip {packed_total:>6,}")


if __name__ == "__main__":
    main()
