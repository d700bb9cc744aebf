"""Waiting for a typed line so that a request to stop is never lost.

Python runs a signal's handler between two steps of Python code. A signal that
lands after the prompt is written but before the read of standard input has
begun (or one the system gives to another thread) finds no Python step to run
on: the read blocks, and Ctrl-C seems to do nothing until the next Enter. A
heavily loaded machine makes that window wide enough to hit (issue 42's CI run
at the last stop: the farewell never came).

``wait_for_line`` closes the window: it waits for the terminal's line and for a
wake-up written by the signal's low-level handler (``signal.set_wakeup_fd``), so
a signal that came at any instant after the prompt ends the wait, and its
handler then runs (raising KeyboardInterrupt, or ``Terminated``).

Only a terminal in canonical mode is waited for so: there a read returns at most
one line, so nothing typed can sit in Python's buffer while the terminal has
nothing more to give. Elsewhere (a pipe, a file, a raw terminal, a thread other
than the main one) it returns at once and the read goes on as before.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import termios
import threading
from typing import TextIO

__all__ = ["wait_for_line"]


def _waits_on(stream: TextIO) -> int | None:
    """The descriptor of ``stream`` when it is a canonical-mode terminal read in the
    main thread, else None."""
    if threading.current_thread() is not threading.main_thread():
        return None
    try:
        descriptor = stream.fileno()
        local_modes = termios.tcgetattr(descriptor)[3]
    except (AttributeError, OSError, ValueError, termios.error):
        return None
    return descriptor if local_modes & termios.ICANON else None


def wait_for_line(stream: TextIO) -> None:
    """Return once ``stream`` has a line (or the end of input) to read; a signal
    that arrives meanwhile has its handler run here, even one that came before
    this call, so Ctrl-C raises KeyboardInterrupt from this wait.

    Returns at once when ``stream`` is not a canonical-mode terminal or this is
    not the main thread (see the module's text)."""
    descriptor = _waits_on(stream)
    if descriptor is None:
        return
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_read, False)
    os.set_blocking(wake_write, False)
    try:
        previous = signal.set_wakeup_fd(wake_write, warn_on_full_buffer=False)
    except ValueError:  # not the main interpreter: signals are not ours to wait for
        os.close(wake_read)
        os.close(wake_write)
        return
    try:
        while True:
            ready, _, _ = select.select([descriptor, wake_read], [], [])
            # A signal's handler has run by now (select returns to Python code),
            # raising when it stops the command; one that did not stop it (a copy
            # of a request already taken) leaves a wake-up to clear.
            if descriptor in ready:
                return
            with contextlib.suppress(BlockingIOError):
                os.read(wake_read, 512)
    finally:
        signal.set_wakeup_fd(previous)
        os.close(wake_write)
        os.close(wake_read)
