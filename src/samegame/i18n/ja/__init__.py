"""Japanese messages (日本語). Same keys and placeholders as ``en``, and the
translations of the commands' and options' help (``cli.*``), whose English is the
code's own.

Japanese has no grammatical plural, so every message is a plain string; where the
English has plural forms, the Japanese string uses every placeholder of both forms.
Words the player types (commands, setting names and values) stay in ASCII, as do
digits and cells such as A1, because the parser only takes those. Punctuation is
「、」「。」 and 「」 around quoted input; no symbols that a screen reader spells out.
"""

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

MESSAGES: Mapping[str, str] = merged(
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
