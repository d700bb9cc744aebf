"""English messages. Plain words and ASCII punctuation only (read aloud well)."""

from __future__ import annotations

from collections.abc import Mapping

from samegame.i18n.merge import merged

from . import (
    commands,
    errors,
    help,
    play,
    queries,
    research,
    review,
    serve,
    session,
    tutorial,
    web,
    words,
)

MESSAGES: Mapping[str, str | Mapping[str, str]] = merged(
    words.MESSAGES,
    play.MESSAGES,
    queries.MESSAGES,
    session.MESSAGES,
    commands.MESSAGES,
    tutorial.MESSAGES,
    errors.MESSAGES,
    review.MESSAGES,
    serve.MESSAGES,
    web.MESSAGES,
    research.MESSAGES,
    help.MESSAGES,
)
