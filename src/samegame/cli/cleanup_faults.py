"""Faults Python can only report: an exception raised where nothing can catch it
(an object's ``__del__``, a weak reference's callback, a generator closed by the
garbage collector), most often in plugin code.

Python prints such a fault as "Exception ignored in: ..." with a whole traceback.
``report_cleanup_faults`` makes each one a single ``Warning:`` line on standard
error naming the code and the exception (the same fault again is not said
again), and the program goes on as Python would. The command line installs it
when it starts (this module imports nothing until a fault happens), so it holds
in every child process forked from it too.

>>> cleanup_words(RuntimeError("boom"), None)
'Warning: code raised RuntimeError: boom while Python cleaned up an object; ignored'
"""

from __future__ import annotations

import sys
from typing import Any


def _where(obj: object) -> str | None:
    """``module.qualified.name`` of a function or method, else None; never raises."""
    try:
        module = getattr(obj, "__module__", None)
        name = getattr(obj, "__qualname__", None)
        if isinstance(module, str) and isinstance(name, str):
            return f"{module}.{name}"
    except Exception:
        pass
    return None


def cleanup_words(error: BaseException | None, obj: object) -> str:
    """The one line said for ``error`` raised while Python cleaned up ``obj``."""
    # Loaded only when a fault happens: installing the hook costs a command nothing.
    from samegame.core.quoting import printable_line
    from samegame.plugin.containment import error_words

    where = _where(obj)
    what = "an exception" if error is None else error_words(error)
    code = "code" if where is None else where
    return printable_line(
        f"Warning: {code} raised {what} while Python cleaned up an object; ignored"
    )


_said: set[str] = set()
"""The lines said already: a fault repeated on every move is said once."""


def _report(unraisable: Any) -> None:
    try:
        line = cleanup_words(unraisable.exc_value, unraisable.object)
        if line in _said:
            return
        _said.add(line)
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except Exception:
        pass  # nowhere left to say it (standard error closed): nothing to add


def report_cleanup_faults() -> None:
    """Say every fault Python can only report in one line (``sys.unraisablehook``)."""
    sys.unraisablehook = _report
