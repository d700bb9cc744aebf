"""Writing a record file without ever damaging the one already there.

``replaced_on_success(path)`` writes whole lines to a temporary file beside the
target (``.NAME.XXXX.part`` in the same folder, so the final rename cannot cross
file systems), flushed after each line; ``commit()`` syncs it and renames it into
place in one step. Leaving without ``commit()`` (the run never started, an error,
or a kill) removes the temporary file where it can and leaves an existing file as
it was; after SIGKILL the ``.part`` file stays behind, the target untouched. A
target that exists and is not a regular file (``/dev/stdout``, a pipe,
``/dev/full``) is written directly, one whole line at a time, and never replaced;
a FIFO that no program reads is refused at once rather than waited on.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> (folder / "r.jsonl").write_text("old\\n")
4
>>> with replaced_on_success(folder / "r.jsonl") as out:
...     out.write_line("new")
...     (folder / "r.jsonl").read_text()
'old\\n'
>>> with replaced_on_success(folder / "r.jsonl") as out:
...     out.write_line("newer")
...     out.commit()
>>> (folder / "r.jsonl").read_text(), sorted(p.name for p in folder.iterdir())
('newer\\n', ['r.jsonl'])
>>> import shutil
>>> shutil.rmtree(folder)
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO


class LineFile:
    """An open output: whole lines in, ``commit`` to make them the target's."""

    def __init__(self, stream: BinaryIO, target: Path, temporary: Path | None) -> None:
        self._stream = stream
        self._target = target
        self._temporary = temporary
        self.committed = False

    def write_line(self, text: str) -> None:
        """Write one line and flush it; OSError (the stream is then closed, so that
        closing it again raises nothing)."""
        try:
            self._stream.write(text.encode("utf-8") + b"\n")
            self._stream.flush()
        except OSError:
            self._close_quietly()
            raise

    def commit(self) -> None:
        """Make the lines written the target's content (OSError if that fails)."""
        if self._temporary is None:
            self._stream.flush()
            self.committed = True
            return
        try:
            self._stream.flush()
            os.fsync(self._stream.fileno())
            self._stream.close()
            os.replace(self._temporary, self._target)
        except OSError:
            self._close_quietly()
            raise
        self.committed = True

    def _close_quietly(self) -> None:
        with contextlib.suppress(OSError):
            self._stream.close()

    def discard(self) -> None:
        """Close, and remove the temporary file unless committed."""
        self._close_quietly()
        if self._temporary is not None and not self.committed:
            with contextlib.suppress(OSError):
                self._temporary.unlink()


def _mode_for(target: Path) -> int:
    """The permissions the file gets: the existing file's, or the default ones."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _open_special(target: Path) -> BinaryIO:
    """A target that is not a regular file, opened to append: a pipe or FIFO that no
    process reads is refused at once (ENXIO) instead of waiting for a reader."""
    try:
        handle = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK)
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise OSError(errno.ENXIO, "a pipe that no program reads", str(target)) from None
        raise
    try:
        os.set_blocking(handle, True)
        return os.fdopen(handle, "ab")
    except OSError:
        os.close(handle)
        raise


@contextmanager
def replaced_on_success(path: Path) -> Iterator[LineFile]:
    """An output for ``path`` (see the module's description); OSError if it cannot
    be opened."""
    if path.exists() and not path.is_file():  # through links: /dev/fd/63 is a pipe
        stream: BinaryIO = _open_special(path)
        output = LineFile(stream, path, None)
    else:
        try:
            target = path.resolve() if path.is_symlink() else path
        except RuntimeError:  # a symlink loop, before Python 3.13 (which raises OSError)
            raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path)) from None
        handle, name = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".part", dir=target.parent or "."
        )
        temporary = Path(name)
        try:
            os.chmod(handle, _mode_for(target))
            stream = os.fdopen(handle, "wb")
        except OSError:
            os.close(handle)
            temporary.unlink()
            raise
        output = LineFile(stream, target, temporary)
    try:
        yield output
    finally:
        output.discard()
