"""Command processes forked from a warm one: ``warm.run(args, ...)`` is
``subprocess.run([sys.executable, "-m", "samegame", *args], ...)`` without the
half second of imports that every new ``samegame`` process spends before its
first line of work (about nine tenths of a short command's CPU time).

One server process per test process and start-up environment (started on first
use) imports samegame's
command line and the libraries it loads, then, for each request, forks a child
that takes the request's environment, working folder, ``sys.path`` additions
(``PYTHONPATH``) and standard streams, and runs ``python -m samegame`` (or a
``-c`` program) from there. The child is a process of its own that ends as any
Python process ends (exit code, ``atexit``, threads joined, a traceback printed
for an escaping exception), so the tests still see what a user's process does;
what it skips is only the import of modules that a fresh process would import
the same way.

What a fork cannot change, the server is started with: what Python reads only at
start-up (``PYTHON*`` but ``PYTHONPATH``, ``LANG``, ``LC_*``) comes from the
environment the server was started with, so each such environment asked for has
a server of its own, started with it. A child that is to take signals as a
program started from a shell does (to its process group too) is started with
``session=True`` and ``shell_signals=True`` (``Started``). Tests of start-up
itself, of terminals, and of what a command imports keep starting real processes
and do not use this module.
"""

from __future__ import annotations

import atexit
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

PRELOADED = (
    "samegame.cli.app",
    "samegame.cli.options",
    "samegame.plugin.host",
    "samegame.presets",
    "samegame.store",
    "typer",
    "click",
    "pydantic",
    "yaml",
    "importlib.metadata",
)
"""Imported once by the server, with the module of every command
(``samegame.cli.app.COMMANDS``): what the commands import at their start."""

STARTUP_PREFIXES = ("PYTHON", "LC_")
STARTUP_NAMES = ("LANG", "LANGUAGE")
SPARED = ("PYTHONPATH",)

SERVER = r"""
import importlib, json, os, runpy, signal, sys, time
for name in json.loads(sys.argv[1]):
    importlib.import_module(name)
from samegame.cli.app import COMMANDS
for name, _ in COMMANDS.values():
    importlib.import_module(name)
requests = os.fdopen(int(sys.argv[2]), "r")
answers = os.fdopen(int(sys.argv[3]), "w")
base_path = list(sys.path)
# What the server imported is moved out of the collector's sight before any fork
# (as the gc module's documentation advises for a pre-forking server): a child's
# collections and its exit then leave those pages alone instead of copying them,
# half the CPU time of a short command (0.15 to 0.075 s here).
import gc
gc.freeze()
def wait(pid, timeout, kill):
    deadline = time.monotonic() + timeout
    while True:
        done, raw = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(raw)
        if time.monotonic() > deadline:
            if not kill:
                return "timeout"
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return "timeout"
        time.sleep(0.005)

while True:
    line = requests.readline()
    if not line:
        os._exit(0)
    request = json.loads(line)
    op = request.get("op", "run")
    if op == "wait":
        answer = {"code": wait(request["pid"], request["timeout"], kill=False)}
    elif op == "poll":
        done, raw = os.waitpid(request["pid"], os.WNOHANG)
        answer = {"code": os.waitstatus_to_exitcode(raw) if done else None}
    else:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            requests.close()
            answers.close()
            if request.get("session"):
                os.setsid()
            if request.get("shell_signals"):
                signal.signal(signal.SIGINT, signal.default_int_handler)
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                signal.signal(signal.SIGHUP, signal.SIG_DFL)
            if request.get("files"):
                import resource
                most = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
                files = request["files"] if most == resource.RLIM_INFINITY else min(request["files"], most)
                resource.setrlimit(resource.RLIMIT_NOFILE, (files, most))
            os.chdir(request["cwd"])
            os.environ.clear()
            os.environ.update(request["env"])
            extra = [p for p in request["env"].get("PYTHONPATH", "").split(os.pathsep) if p]
            sys.path[:] = [base_path[0], *extra, *base_path[1:]]
            importlib.invalidate_caches()
            for fd, path, mode in ((1, request["stdout"], os.O_WRONLY), (2, request["stderr"], os.O_WRONLY), (0, request["stdin"], os.O_RDONLY)):
                opened = os.open(path, mode)
                os.dup2(opened, fd)
                os.close(opened)
            if request.get("code") is not None:
                sys.argv = ["-c", *request["args"]]
                exec(compile(request["code"], "<string>", "exec"), {"__name__": "__main__"})
            else:
                sys.argv = ["samegame", *request["args"]]
                runpy.run_module("samegame", run_name="__main__", alter_sys=True)
            sys.exit(0)
        if op == "start":
            answer = {"pid": pid}
        else:
            answer = {"code": wait(pid, request["timeout"], kill=True)}
    answers.write(json.dumps(answer) + "\n")
    answers.flush()
"""


def _startup_view(env: Mapping[str, str]) -> dict[str, str]:
    return {
        key: value
        for key, value in env.items()
        if (key.startswith(STARTUP_PREFIXES) or key in STARTUP_NAMES) and key not in SPARED
    }


class _Server:
    """The warm process and its two pipes; one request at a time."""

    def __init__(self, env: Mapping[str, str]) -> None:
        # What each child takes for itself (``SPARED``) is this process's, not the
        # first request's: a server started with one request's PYTHONPATH would
        # keep it on the path of every child.
        self.env = {key: value for key, value in env.items() if key not in SPARED}
        self.env |= {key: os.environ[key] for key in SPARED if key in os.environ}
        requests_read, self._requests = os.pipe()
        self._answers, answers_write = os.pipe()
        self.process = subprocess.Popen(
            [sys.executable, "-c", SERVER, json.dumps(PRELOADED), str(requests_read),
             str(answers_write)],
            pass_fds=(requests_read, answers_write),
            env=self.env,
            stdin=subprocess.DEVNULL,
        )  # fmt: skip
        os.close(requests_read)
        os.close(answers_write)
        self.to_server = os.fdopen(self._requests, "w")
        self.from_server = os.fdopen(self._answers, "r")
        self.lock = threading.Lock()

    def ask(self, request: dict[str, Any]) -> Any:
        """Send one request; the answer's ``code`` (or ``pid`` for a start)."""
        with self.lock:
            self.to_server.write(json.dumps(request) + "\n")
            self.to_server.flush()
            line = self.from_server.readline()
        if not line:
            raise RuntimeError("the warm samegame server ended")
        answer = json.loads(line)
        return answer["pid"] if request.get("op") == "start" else answer["code"]

    def close(self) -> None:
        self.to_server.close()
        self.process.wait(timeout=10)
        self.from_server.close()


_servers: dict[tuple[tuple[str, str], ...], _Server] = {}
"""One warm server for each start-up environment asked for."""


def _server_for(env: Mapping[str, str]) -> _Server:
    key = tuple(sorted(_startup_view(env).items()))
    server = _servers.get(key)
    if server is None or server.process.poll() is not None:
        server = _servers[key] = _Server(env)
        atexit.register(server.close)
    return server


def run(
    args: Sequence[str],
    *,
    env: Mapping[str, str] | None = None,
    cwd: Path | str | None = None,
    input: str = "",
    timeout: float = 60,
    code: str | None = None,
) -> subprocess.CompletedProcess[str]:
    """``samegame ARGS`` (or ``python -c CODE ARGS``) as a child process, as
    ``subprocess.run(..., capture_output=True, text=True)`` gives it; a timeout
    raises ``subprocess.TimeoutExpired`` after the child is killed."""
    environment = dict(os.environ if env is None else env)
    folder = str(cwd if cwd is not None else os.getcwd())
    command = [sys.executable, *(("-c", code) if code is not None else ("-m", "samegame")), *args]
    server = _server_for(environment)
    with tempfile.TemporaryDirectory(prefix="warm-") as scratch:
        streams = Path(scratch)
        (streams / "in").write_text(input, encoding="utf-8")
        (streams / "out").touch()
        (streams / "err").touch()
        status = server.ask(
            {
                "args": list(args),
                "code": code,
                "env": environment,
                "cwd": folder,
                "stdin": str(streams / "in"),
                "stdout": str(streams / "out"),
                "stderr": str(streams / "err"),
                "timeout": timeout,
            }
        )
        out = (streams / "out").read_text(encoding="utf-8", errors="replace")
        err = (streams / "err").read_text(encoding="utf-8", errors="replace")
    if status == "timeout":
        raise subprocess.TimeoutExpired(command, timeout, out, err)
    assert isinstance(status, int)
    return subprocess.CompletedProcess(command, status, out, err)


class _Tail:
    """A child's output file read as a pipe would be: ``readline`` waits for a
    whole line, or for the child's end (then the rest, or ``""``)."""

    def __init__(self, path: Path, ended: Any) -> None:
        self._file = open(path, encoding="utf-8", errors="replace")  # noqa: SIM115
        self._ended = ended
        self._held = ""

    def readline(self) -> str:
        while True:
            self._held += self._file.read()
            at = self._held.find("\n")
            if at >= 0:
                line, self._held = self._held[: at + 1], self._held[at + 1 :]
                return line
            if self._ended():
                self._held += self._file.read()
                if "\n" in self._held:
                    continue
                line, self._held = self._held, ""
                return line
            time.sleep(0.005)

    def rest(self) -> str:
        """What no ``readline`` has taken (read once the child has ended)."""
        rest, self._held = self._held + self._file.read(), ""
        return rest

    def close(self) -> None:
        self._file.close()


class Started:
    """A ``samegame`` command started from the warm server, with the part of
    ``subprocess.Popen``'s face the tests use: ``pid``, ``stdin`` (a pipe, open
    until ``communicate``), ``stdout`` and ``stderr`` (read line by line as pipes
    are; ``communicate`` gives what was not read), ``poll``, ``send_signal``,
    ``kill``, ``communicate`` and ``returncode``.

    ``session``: the child leads a session and process group of its own, as
    ``start_new_session=True`` gives (a signal to its group reaches it and its
    children only); ``shell_signals``: Ctrl-C, SIGTERM and SIGHUP at their defaults,
    as a shell on a terminal starts a program (whatever the test run ignores);
    ``files``: its limit of open files."""

    def __init__(
        self,
        args: Sequence[str],
        env: Mapping[str, str],
        cwd: Path | str,
        *,
        session: bool = False,
        shell_signals: bool = False,
        files: int | None = None,
    ) -> None:
        self.args = [sys.executable, "-m", "samegame", *args]
        self._scratch = tempfile.TemporaryDirectory(prefix="warm-")
        streams = Path(self._scratch.name)
        self._out, self._err, fifo = streams / "out", streams / "err", streams / "in"
        self._out.touch()
        self._err.touch()
        os.mkfifo(fifo)
        self._server = _server_for(env)
        request = {
            "op": "start", "args": list(args), "env": dict(env), "cwd": str(cwd),
            "stdin": str(fifo), "stdout": str(self._out), "stderr": str(self._err),
            "session": session, "shell_signals": shell_signals, "files": files,
        }  # fmt: skip
        self.pid: int = self._server.ask(request)
        # Write-only: this waits until the child has opened its end, so that closing
        # ours (at ``communicate``) is always the end of its input.
        self.stdin: Any = open(fifo, "w", encoding="utf-8")  # noqa: SIM115
        self.returncode: int | None = None
        self._communicated = False
        self.stdout = _Tail(self._out, self._ended)
        self.stderr = _Tail(self._err, self._ended)

    def _ended(self) -> bool:
        """Whether the child has ended, without reaping it (as reading a pipe to its
        end does not): its ``/proc`` entry stays for a test to read."""
        if self.returncode is not None:
            return True
        try:
            stat = Path(f"/proc/{self.pid}/stat").read_text(encoding="ascii")
        except FileNotFoundError:
            return self.poll() is not None
        return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")

    def poll(self) -> int | None:
        if self.returncode is None:
            self.returncode = self._server.ask({"op": "poll", "pid": self.pid})
        return self.returncode

    def send_signal(self, number: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, number)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def communicate(self, timeout: float | None = None) -> tuple[str, str]:
        if not self.stdin.closed:
            self.stdin.close()
        if self.returncode is None:
            code = self._server.ask(
                {"op": "wait", "pid": self.pid, "timeout": 3600 if timeout is None else timeout}
            )
            if code == "timeout":
                raise subprocess.TimeoutExpired(self.args, timeout or 0)
            self.returncode = code
        if self._communicated:  # as a pipe read to its end: nothing more
            return "", ""
        self._communicated = True
        out, err = self.stdout.rest(), self.stderr.rest()
        self.stdout.close()
        self.stderr.close()
        self._scratch.cleanup()
        return out, err


start = Started
"""``samegame ARGS`` started (as ``subprocess.Popen`` with pipes would), forked from
the warm server of its start-up environment."""
