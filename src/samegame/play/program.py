"""The words that start this samegame again, for a "come back" message that works
as typed (A38): ``samegame`` when that is the command the shell finds on the
PATH, else the path that started this process, relative to the current folder
when it lies below it (``.venv/bin/samegame``), and ``python -m samegame`` for a
process started that way with no console script at hand.

>>> program_command("/srv/app/.venv/bin/samegame", which=lambda name: None, cwd="/srv/app")
'.venv/bin/samegame'
>>> program_command("/usr/bin/samegame", which=lambda name: "/usr/bin/samegame", cwd="/tmp")
'samegame'
>>> program_command("/srv/venv/bin/pytest", which=lambda name: None, cwd="/srv")
'samegame'

Every come-back command (the farewell of ``play``, of the tutorial and of review
practice, the page's quit, and the commands a game names on the way) is built by
``come_back_command``: the program, the command's words, then the mode and
language this run was given by option (``Carried``), so that typed as printed it
resumes as it was left (A39). A mode or language in force from the environment
(``SAMEGAME_ACCESSIBLE``) or the saved settings is not carried: the same
environment and settings give it again.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

__all__ = ["COMMAND", "Carried", "come_back_command", "program_command"]

COMMAND = "samegame"
"""The console script's name."""

_SCRIPT_NAMES = frozenset({COMMAND, f"{COMMAND}.exe", f"{COMMAND}-script.py"})

Which = Callable[[str], str | None]


def program_command(
    argv0: str | None = None,
    *,
    which: Which = shutil.which,
    cwd: str | None = None,
    executable: str | None = None,
) -> str:
    """The command, shell-quoted, that starts this samegame again from ``cwd``.

    ``argv0`` is how the process was started (``sys.argv[0]``), ``executable``
    the Python interpreter (``sys.executable``) and ``which`` finds a command on
    the PATH. A process that is not the console script or ``python -m samegame``
    (a test runner, a program using the library) gets plain ``samegame``.
    """
    started = Path(sys.argv[0] if argv0 is None else argv0)
    folder = os.getcwd() if cwd is None else cwd
    on_path = which(COMMAND)
    if started.name.lower() in _SCRIPT_NAMES:
        script = _absolute(started, folder)
        if on_path is not None and _same_file(on_path, script):
            return COMMAND
        return _typed(script, folder)
    if started.name == "__main__.py" and started.parent.name == COMMAND:
        python = _absolute(Path(sys.executable if executable is None else executable), folder)
        beside = python.parent / COMMAND
        if on_path is not None and (not beside.exists() or _same_file(on_path, beside)):
            return COMMAND
        if beside.exists():
            return _typed(beside, folder)
        return f"{_typed(python, folder)} -m {COMMAND}"
    return COMMAND


def _absolute(path: Path, folder: str) -> Path:
    """``path`` made absolute against ``folder``; symbolic links are kept (a
    virtual environment's ``python`` is one, and must stay that path)."""
    return Path(os.path.normpath(Path(folder, path)))


def _same_file(one: str | Path, other: str | Path) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:  # one of them is not there: the same only if named alike
        return os.path.normpath(one) == os.path.normpath(other)


def _typed(path: Path, folder: str) -> str:
    """``path`` as typed in ``folder``: relative when below it (``./samegame``
    for a file in the folder itself, which the shell would otherwise look up on
    the PATH), absolute otherwise; quoted for the shell."""
    if path.is_relative_to(folder):
        relative = path.relative_to(folder)
        text = str(relative) if len(relative.parts) > 1 else f".{os.sep}{relative}"
    else:
        text = str(path)
    return shlex.quote(text)


@dataclass(frozen=True)
class Carried:
    """What a come-back command carries besides its words (A39): the accessible
    mode and the language this run was given by option, None when not given.

    >>> Carried(accessible=True, language="ja").flags()
    ('--accessible', '--lang', 'ja')
    >>> Carried(accessible=False).flags()
    ('--no-accessible',)
    >>> Carried().flags()
    ()
    """

    accessible: bool | None = None
    language: str | None = None

    @classmethod
    def in_force(
        cls, accessible: bool | None, language: str, sources: Mapping[str, str]
    ) -> Carried:
        """The settings in force now that came from this run's options (their
        source is ``flag``); one from the environment or the saved settings (or
        changed and saved by the ``settings`` command) is left out, as the next
        run finds it there again.

        >>> Carried.in_force(True, "ja", {"accessible": "environment", "language": "flag"})
        Carried(accessible=None, language='ja')
        """
        return cls(
            accessible if sources.get("accessible") == "flag" else None,
            language if sources.get("language") == "flag" else None,
        )

    def flags(self) -> tuple[str, ...]:
        """The options that give this mode and language again."""
        flags: tuple[str, ...] = ()
        if self.accessible is not None:
            flags += ("--accessible" if self.accessible else "--no-accessible",)
        if self.language is not None:
            flags += ("--lang", self.language)
        return flags


def come_back_command(*words: str, carried: Carried | None = None) -> str:
    """The one builder of a come-back command: this samegame's command as typed
    here (``program_command``), ``words`` (``tutorial``, ``play --preset lesson``
    as separate words) and the ``carried`` mode and language, shell-quoted.

    >>> come_back_command("tutorial", carried=Carried(True, "ja")).split()[1:]
    ['tutorial', '--accessible', '--lang', 'ja']
    """
    flags = () if carried is None else carried.flags()
    return f"{program_command()} {shlex.join((*words, *flags))}"
