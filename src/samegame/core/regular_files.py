"""Refusing what is not a regular file where a file is meant.

Opening a named pipe (FIFO) for reading waits until something writes to it, a
character device such as ``/dev/zero`` never ends, a directory or a socket cannot
be read as text: as a preset, a board, a record file or the database each would
hang the command or fail in a way that says nothing useful. Every place that
takes a path of a file to read or keep data in checks it here first:

- ``regular_file_or_error(path, purpose)``: a path that exists and is not a
  regular file is refused (``NotRegularFileError``, one line naming the path, what
  it is and what it is for); a missing path passes (the caller reports it, or
  creates the file). It only asks the file system (``os.stat``), never opens.
- ``open_regular_file(path, purpose)``: the file opened for reading. It is opened
  without waiting (``O_NONBLOCK``), then its kind is checked on the open
  descriptor, so a path swapped for a pipe between a check and the open is
  refused too.
- ``read_regular_file(path, purpose, cap)``: the bytes of a regular file, at most
  ``cap``, opened as ``open_regular_file`` does.

>>> import tempfile
>>> regular_file_or_error(tempfile.gettempdir(), "a preset")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
samegame.core.regular_files.NotRegularFileError: ... is a directory, not a regular file; a preset must be a regular file
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

from samegame.core.limits import MAX_FILE_BYTES, read_capped
from samegame.core.quoting import shown
from samegame.i18n.said import Said

__all__ = [
    "PATH_SHOWN",
    "NotRegularFileError",
    "kind_of_file",
    "open_regular_file",
    "read_regular_file",
    "regular_file_or_error",
    "unreadable",
]

PATH_SHOWN = 400
"""The most characters of a path a message echoes."""


def unreadable(path: str, error: OSError) -> Said:
    """What is said of a file that cannot be read: that it is missing, or the
    system's reason (the command line's exit 4).

    >>> str(unreadable("x.txt", FileNotFoundError(2, "No such file or directory")))
    'cannot read x.txt: No such file or directory; check the path'
    """
    if isinstance(error, FileNotFoundError):
        return Said.of("error.file.missing", path=shown(path, PATH_SHOWN))
    problem = error.strerror or str(error)
    return Said.of("error.file.unreadable", path=shown(path, PATH_SHOWN), problem=problem)


class NotRegularFileError(ValueError):
    """A path that names a named pipe, a device, a directory or a socket where a
    regular file is meant. The message is one line and says what to give."""


_KINDS = (
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISSOCK, "a socket"),
)


def kind_of_file(mode: int) -> str | None:
    """What a file of this ``st_mode`` is, in words, or None for a regular file.

    >>> kind_of_file(stat.S_IFIFO | 0o644), kind_of_file(stat.S_IFREG | 0o644)
    ('a named pipe (FIFO)', None)
    """
    if stat.S_ISREG(mode):
        return None
    for test, words in _KINDS:
        if test(mode):
            return words
    return "not a regular file"


def _refusal(path: Path | str, kind: str, purpose: str) -> NotRegularFileError:
    return NotRegularFileError(
        f"{shown(str(path))} is {kind}, not a regular file; {purpose} must be a regular file"
    )


def regular_file_or_error(path: Path | str, purpose: str) -> None:
    """Refuse ``path`` when it exists and is not a regular file (symbolic links are
    followed); ``purpose`` names what it is for, such as ``"a preset"`` or ``"the
    database"``. A path that does not exist, or cannot be looked at, passes: the
    caller's own open reports it. Never opens the file, so it never waits."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):  # missing, no permission, a NUL in the name
        return
    kind = kind_of_file(mode)
    if kind is not None:
        raise _refusal(path, kind, purpose)


def open_regular_file(path: Path | str, purpose: str) -> BinaryIO:
    """``path`` opened for reading in binary, when it is a regular file:
    ``NotRegularFileError`` otherwise, ``OSError`` when it cannot be opened. The
    open never waits, even for a named pipe with no writer; the kind is checked on
    the open descriptor, so a path swapped for a pipe after the check is refused
    too. The caller closes the stream (``with open_regular_file(...) as stream``)."""
    regular_file_or_error(path, purpose)
    nonblocking = getattr(os, "O_NONBLOCK", 0)
    try:
        descriptor = os.open(path, os.O_RDONLY | nonblocking)
    except ValueError:  # a NUL in the name: no file has one
        raise OSError(errno.EINVAL, "a file name cannot hold a NUL character") from None
    try:
        kind = kind_of_file(os.fstat(descriptor).st_mode)
        if kind is not None:
            raise _refusal(path, kind, purpose)
        if nonblocking:
            os.set_blocking(descriptor, True)
    except BaseException:
        os.close(descriptor)
        raise
    return os.fdopen(descriptor, "rb")


def read_regular_file(path: Path | str, purpose: str, cap: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file, at most ``cap`` (``InputTooLargeError`` for a
    longer one, after reading ``cap + 1`` bytes). ``NotRegularFileError`` when the
    path is not a regular file; ``OSError`` when it cannot be opened or read. The
    open never waits, even for a named pipe with no writer."""
    with open_regular_file(path, purpose) as stream:
        return read_capped(stream, str(path), cap)
