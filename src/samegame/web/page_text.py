"""What the page is told never names a place on the server's disk: every string
of every JSON answer passes through ``without_paths`` (``samegame.web.server``).

The command line names files in full (a damaged store, a preset that fails, the
command that starts samegame again); the page is the same sentences with each
absolute path cut to its last part (``samegame.sqlite3``, ``samegame``), so a
page, or anyone who can reach the server (``--host``), learns nothing of the
server's folders, its user's home or where Python is installed. The person who
runs the server reads the full paths where they always are (the terminal's
commands).

>>> scrub = without_paths(["/home/ann/.local/share/samegame"])
>>> scrub("/home/ann/.local/share/samegame/games.db is damaged; move it away")
'games.db is damaged; move it away'
>>> scrub("type /opt/venv/bin/samegame play --game 5 to come back")
'type samegame play --game 5 to come back'
>>> scrub("a score of 1/2, and/or http://127.0.0.1:80/ or \\x1b[2J")
'a score of 1/2, and/or http://127.0.0.1:80/ or \\x1b[2J'
>>> scrub("ゲーム1、/srv/presets/mine.yaml、5列4行")
'ゲーム1、mine.yaml、5列4行'
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

__all__ = ["scrubbed", "server_folders", "without_paths"]

_REST = r"(?:[/\\][^\s'\"`()\[\]{},;、。]*)*"
"""What may follow a folder in a path: more parts, up to a space, quote or bracket."""

_ANY_ABSOLUTE = re.compile(
    r"(?<![A-Za-z0-9/.:~_\\-])(?:~?/|[A-Za-z]:[/\\])[^\s'\"`()\[\]{},;、。]+"
)
"""A path: ``/``, ``~/`` or a drive (``C:\\``) after anything but a letter or digit
of a word in Latin letters or a part of a path or address (so ``and/or``, ``1/2``
and ``http://`` are none, and a path after Japanese punctuation or words is one);
an escaped character (``\\x1b``) is not one."""


def server_folders(extra: Iterable[str | Path] = ()) -> list[str]:
    """The folders whose paths are never shown, longest first: the user's home,
    the working folder, the temporary folder, Python's installation and
    ``extra`` (samegame's own folders), each also as its real path (links
    followed)."""
    named: list[str | Path] = [
        Path.home(),
        Path.cwd(),
        tempfile.gettempdir(),
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        Path(sys.executable).parent,
        *extra,
    ]
    folders: set[str] = set()
    for folder in named:
        text = os.path.normpath(str(folder))
        if len(text) > 1:
            folders |= {text, os.path.realpath(text)}
    return sorted(folders, key=len, reverse=True)


def _last_part(found: re.Match[str]) -> str:
    """A path's last part, with the punctuation that ended the sentence after it."""
    whole = found.group(0)
    text = whole.rstrip("/\\.:")
    tail = re.split(r"[/\\]", text)[-1]
    ending = whole[len(text) :].lstrip("/\\")
    return (tail or "…") + ending


def without_paths(folders: Iterable[str]) -> Callable[[str], str]:
    """A function that cuts every absolute path in a text to its last part: first
    the paths under ``folders`` (longest first, so a folder with a space in its
    name goes whole), then any other word that is an absolute path."""
    known = [re.escape(folder) for folder in folders if folder]
    under = re.compile("(?:" + "|".join(known) + ")" + _REST) if known else None

    def scrub(text: str) -> str:
        if under is not None:
            text = under.sub(_last_part, text)
        return _ANY_ABSOLUTE.sub(_last_part, text)

    return scrub


def scrubbed(value: Any, scrub: Callable[[str], str]) -> Any:
    """A JSON value with ``scrub`` applied to every string in it (keys too)."""
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, dict):
        return {scrub(str(key)): scrubbed(item, scrub) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [scrubbed(item, scrub) for item in value]
    return value
