"""A standard output (or error) whose reader has gone is not a failure.

``samegame presets list | head -1``: ``head`` reads one line and exits, and the
next write of samegame meets a pipe with no reader (``EPIPE``; Python ignores
SIGPIPE, so the write raises ``BrokenPipeError``). The reader wanted no more, so
the command stops there and exits 0, saying nothing (there is no one to say it
to), as ``samegame.cli.app.run`` intends. Click turns such an error into
``SystemExit(1)`` raised from it, so the error is looked for along the chain of
errors it was raised from.

An ``EPIPE`` from anything else (no standard stream has lost its reader) is not
taken for a closed output: it stays the failure it is.

At the end of the process (``settle``), output still buffered for a closed
stream would fail once more when Python flushes it at exit ("Exception ignored
... BrokenPipeError" and exit 120), so the closed descriptor is pointed at
``os.devnull`` first, as the Python documentation advises (the ``signal``
module's note on SIGPIPE).
"""

from __future__ import annotations

import errno
import os
import sys
from typing import TextIO

__all__ = ["closed_by_reader", "settle"]


def closed_by_reader(error: BaseException | None) -> bool:
    """Whether ``error`` is (or was raised from) a write to a pipe without a
    reader, and stdout or stderr is such a pipe now."""
    return _broken_pipe_in(error) and bool(_closed_streams())


def settle() -> None:
    """At the end of the process: flush stdout and stderr, and point every one
    whose reader has gone at ``os.devnull``, so that nothing fails at exit."""
    gone = [stream for stream in (sys.stdout, sys.stderr) if not _flushed(stream)]
    gone += _closed_streams(unknown=False)
    standard = {_fd(sys.__stdout__), _fd(sys.__stderr__)}
    closed = sorted(fd for fd in {_fd(stream) for stream in gone} & standard if fd is not None)
    if not closed:
        return
    quiet = os.open(os.devnull, os.O_WRONLY)
    for fd in closed:
        os.dup2(quiet, fd)
    os.close(quiet)


def _flushed(stream: TextIO) -> bool:
    """Flush ``stream``: False when its reader has gone (``EPIPE``), else True
    (a stream already closed has nothing to flush)."""
    try:
        stream.flush()
    except OSError as error:
        if error.errno == errno.EPIPE:
            return False
    except ValueError:
        pass
    return True


def _broken_pipe_in(error: BaseException | None) -> bool:
    """Whether an ``EPIPE`` error is ``error`` or in the chain it was raised from."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, OSError) and error.errno == errno.EPIPE:
            return True
        error = error.__cause__ or error.__context__
    return False


def _closed_streams(unknown: bool = True) -> list[TextIO]:
    """The standard streams (as the process has them now, and as it started)
    that are pipes whose reader has gone; where that cannot be told (no poll),
    every stream with a descriptor when ``unknown`` is True, else none."""
    streams = (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__)
    return [
        stream for stream in streams if stream is not None and _reader_gone(_fd(stream), unknown)
    ]


def _fd(stream: TextIO | None) -> int | None:
    """The descriptor under ``stream``, or None (a stream in memory, a closed one)."""
    if stream is None:
        return None
    try:
        return stream.fileno()
    except (OSError, ValueError, AttributeError):
        return None


def _reader_gone(fd: int | None, unknown: bool) -> bool:
    """Whether ``fd`` is the writing end of a pipe (or socket) nobody reads: poll
    says so with POLLERR or POLLHUP. Where poll is missing, ``unknown``."""
    if fd is None:
        return False
    import select

    if not hasattr(select, "poll"):
        return unknown
    watch = select.poll()
    watch.register(fd, select.POLLOUT)
    try:
        ready = watch.poll(0)
    except OSError:
        return False
    return any(events & (select.POLLERR | select.POLLHUP) for _, events in ready)
