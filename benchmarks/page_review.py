"""A game's review in the page of ``samegame serve`` against ``samegame review``,
and what the page does meanwhile.

Each run starts a real ``samegame serve`` (its own SAMEGAME_HOME), plays lesson
board ``--board`` to its end through the page (each first group), copies the
store, and reviews the game in the page (``POST /api/reviews``, then its status
until it ends) while asking for the start view (``GET /api/start``) every 50 ms:
the review's wall seconds in the page and the start view's answer times (median
and the slowest, against its median with no review, asked 20 times before) show
whether the server's event loop waits for the search. The
same game is then reviewed by ``samegame review --game ID`` on the copy (wall
seconds; its summary must be the page's). Last, a second review is started in the
page and, once its search has run ``--search-seconds``, the server is sent SIGINT:
the seconds from the signal to the end of the process (docs/web.md promises 2).
The medians of ``--runs`` runs are printed.

    nice -n 10 python benchmarks/page_review.py --board 1 --runs 3
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ADDRESS = re.compile(r"http://127\.0\.0\.1:(\d+)/")
TOKEN = re.compile(r'name="samegame-token" content="([^"]+)"')


class Page:
    """Requests to a served page, as its script sends them."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.token = ""
        found = TOKEN.search(self.request("GET", "/")[1])
        assert found is not None
        self.token = found.group(1)

    def request(self, method: str, path: str, body: object = None) -> tuple[int, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"X-Samegame-Token": self.token}
        sent = None
        if body is not None:
            sent = json.dumps(body)
            headers["Content-Type"] = "application/json"
        connection.request(method, path, body=sent, headers=headers)
        answer = connection.getresponse()
        text = answer.read().decode()
        connection.close()
        return answer.status, text

    def json(self, method: str, path: str, body: object = None) -> Any:
        status, text = self.request(method, path, body)
        assert status == 200, text
        return json.loads(text)


def serve(home: Path) -> tuple[subprocess.Popen[str], Page]:
    process = subprocess.Popen(
        [sys.executable, "-m", "samegame", "serve"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "SAMEGAME_HOME": str(home)},
    )
    assert process.stdout is not None
    found = ADDRESS.search(process.stdout.readline())
    assert found is not None
    return process, Page(int(found.group(1)))


def play(page: Page, board: int) -> int:
    """Lesson board ``board`` played to its end, each first group: the game's id."""
    opened = page.json("POST", "/api/games", {"preset": "lesson", "board_number": board})
    session, state = opened["session"], opened["state"]
    while not state["finished"]:
        anchor = state["groups"][0]["anchor"]
        for line in (anchor, "remove"):
            state = page.json("POST", f"/api/games/{session}/command", {"line": line})["state"]
    return int(state["game"])


def one_run(board: int, search_seconds: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        home, copy = Path(folder) / "page", Path(folder) / "command"
        process, page = serve(home)
        try:
            game = play(page, board)
            shutil.copytree(home, copy)
            idle = []
            for _ in range(20):
                asked = time.monotonic()
                page.json("GET", "/api/start")
                idle.append(time.monotonic() - asked)
                time.sleep(0.05)
            started = time.monotonic()
            status = page.json("POST", "/api/reviews", {"game": game})
            answers = []
            while status["state"] == "running":
                asked = time.monotonic()
                page.json("GET", "/api/start")
                answers.append(time.monotonic() - asked)
                time.sleep(0.05)
                status = page.json("GET", f"/api/reviews/{status['review']}")
            in_page = time.monotonic() - started
            summary = status["result"]["summary"]
            # A second game, reviewed until the signal.
            second = play(page, board + 1)
            status = page.json("POST", "/api/reviews", {"game": second})
            time.sleep(search_seconds)
            assert page.json("GET", f"/api/reviews/{status['review']}")["state"] == "running"
            signalled = time.monotonic()
            process.send_signal(signal.SIGINT)
            process.wait(30)
            stop = time.monotonic() - signalled
        finally:
            if process.poll() is None:
                process.kill()
            process.communicate()
        started = time.monotonic()
        told = subprocess.run(
            [sys.executable, "-m", "samegame", "review", "--game", str(game)],
            capture_output=True,
            text=True,
            env={**os.environ, "SAMEGAME_HOME": str(copy)},
            check=True,
        )
        by_command = time.monotonic() - started
        if told.stdout.split("\n\n")[0].splitlines() != summary:
            raise SystemExit("the page's summary is not the command's")
    return {
        "page": in_page,
        "command": by_command,
        "idle": statistics.median(idle),
        "answers": len(answers),
        "median": statistics.median(answers),
        "slowest": max(answers),
        "stop": stop,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", type=int, default=1, help="the lesson board played")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--search-seconds", type=float, default=1.5, help="how long the second review runs"
    )
    args = parser.parse_args()
    runs = []
    for number in range(1, args.runs + 1):
        run = one_run(args.board, args.search_seconds)
        runs.append(run)
        print(
            f"run {number}: review {run['page']:.2f} s in the page, {run['command']:.2f} s "
            f"by the command; the start view answered {run['answers']} times meanwhile, "
            f"median {run['median'] * 1000:.0f} ms, slowest {run['slowest'] * 1000:.0f} ms "
            f"(with no review: median {run['idle'] * 1000:.0f} ms); "
            f"SIGINT mid-review stopped the server in {run['stop']:.2f} s",
            flush=True,
        )

    def median(key: str) -> float:
        return statistics.median(run[key] for run in runs)

    print(
        f"median of {args.runs}: review {median('page'):.2f} s in the page, "
        f"{median('command'):.2f} s by the command; start view median "
        f"{median('median') * 1000:.0f} ms, slowest {median('slowest') * 1000:.0f} ms "
        f"(with no review {median('idle') * 1000:.0f} ms); "
        f"stop {median('stop'):.2f} s"
    )


if __name__ == "__main__":
    main()
